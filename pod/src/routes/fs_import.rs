//! Import from a server folder (`libraries/fs-import/`), as a Funkwhale 1.4 pod offers it to
//! users with the `library` permission: `GET ?path=` browses the music folder and tells the
//! pod's latest import, `POST {path, library, import_reference}` starts importing a folder into
//! one of the caller's libraries in the background, `DELETE` cancels it.
//!
//! Each audio file found is **copied** into the pod's media (as an upload's bytes are), then
//! imported through the same code path as an upload (tags, statuses, `import.status_updated`
//! events). A bad file errors alone; a cancellation stops between two files. Status and log
//! lines live in SQLite, so they survive a restart.

use std::collections::HashSet;
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

use actix_web::{web, HttpResponse};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::auth::{Auth, Permission};
use crate::error::{ApiError, FieldErrors};
use crate::media::tags::{self, EXTENSIONS};
use crate::routes::uploads::{import_in_turn, partial_dir};
use crate::routes::{res, Body, QueryParams};
use crate::state::AppState;
use crate::store::content as uploads_store;
use crate::store::fs_import::{self as store, FsImportRow};
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        res("/libraries/fs-import")
            .route(web::get().to(get))
            .route(web::post().to(create))
            .route(web::delete().to(cancel)),
    );
}

/// Why a path given by the client cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PathError {
    #[error("The path must be relative to the music folder.")]
    Absolute,
    #[error("The path leads outside the music folder.")]
    Outside,
    #[error("This folder does not exist in the music folder.")]
    Missing,
    #[error("This path is not a folder.")]
    NotAFolder,
    #[error("The music folder cannot be read.")]
    Root,
}

/// A folder inside the music folder: its real path and its path relative to the music folder
/// (`""` for the music folder itself, `/` between names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folder {
    pub real: PathBuf,
    pub relative: String,
}

fn relative_text(root: &Path, real: &Path) -> Option<String> {
    let rest = real.strip_prefix(root).ok()?;
    let parts: Option<Vec<&str>> = rest
        .components()
        .map(|c| match c {
            Component::Normal(name) => name.to_str(),
            _ => None,
        })
        .collect();
    parts.map(|p| p.join("/"))
}

/// Resolves `relative` inside `root`, symbolic links followed: anything that ends outside the
/// music folder (`..`, an absolute path, a link pointing out) is refused.
pub fn resolve(root: &Path, relative: &str) -> Result<Folder, PathError> {
    let root = root.canonicalize().map_err(|_| PathError::Root)?;
    let trimmed = relative.trim();
    if trimmed.starts_with('/') || trimmed.starts_with('\\') || Path::new(trimmed).is_absolute() {
        return Err(PathError::Absolute);
    }
    if trimmed.contains('\0') {
        return Err(PathError::Missing);
    }
    let joined = root.join(trimmed);
    let real = match joined.canonicalize() {
        Ok(real) => real,
        Err(_) => {
            // A `..` that climbs out is an escape even when its target does not exist.
            let climbs = Path::new(trimmed)
                .components()
                .any(|c| matches!(c, Component::ParentDir));
            return Err(if climbs {
                PathError::Outside
            } else {
                PathError::Missing
            });
        }
    };
    if !real.starts_with(&root) {
        return Err(PathError::Outside);
    }
    if !real.is_dir() {
        return Err(PathError::NotAFolder);
    }
    let relative = relative_text(&root, &real).ok_or(PathError::Outside)?;
    Ok(Folder { real, relative })
}

/// What a folder holds: sub-folders first, then files, each by name; entries leading outside
/// the music folder (links out, broken links) and names that are not UTF-8 are left out.
fn browse(root: &Path, folder: &Folder) -> Result<Vec<Value>, PathError> {
    let root = root.canonicalize().map_err(|_| PathError::Root)?;
    let entries = std::fs::read_dir(&folder.real).map_err(|_| PathError::Missing)?;
    let mut folders = Vec::new();
    let mut files = Vec::new();
    for entry in entries.flatten() {
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        let Ok(real) = entry.path().canonicalize() else {
            continue;
        };
        if !real.starts_with(&root) {
            continue;
        }
        if real.is_dir() {
            folders.push(name);
        } else {
            files.push(name);
        }
    }
    folders.sort();
    files.sort();
    Ok(folders
        .into_iter()
        .map(|name| json!({"name": name, "dir": true}))
        .chain(
            files
                .into_iter()
                .map(|name| json!({"name": name, "dir": false})),
        )
        .collect())
}

fn is_audio(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .is_some_and(|e| EXTENSIONS.contains(&e.as_str()))
}

/// An audio file to import: its real path and its path relative to the music folder.
#[derive(Debug, Clone)]
struct Found {
    real: PathBuf,
    relative: String,
}

/// Every audio file under `folder`, recursively, in name order; links are followed only while
/// they stay inside the music folder, and each real folder is walked once.
fn walk(root: &Path, folder: &Folder) -> Result<Vec<Found>, PathError> {
    let root = root.canonicalize().map_err(|_| PathError::Root)?;
    let mut found = Vec::new();
    let mut seen_dirs = HashSet::new();
    let mut seen_files = HashSet::new();
    let mut stack = vec![folder.real.clone()];
    while let Some(dir) = stack.pop() {
        if !seen_dirs.insert(dir.clone()) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut names: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        names.sort();
        let mut subdirs = Vec::new();
        for path in names {
            let Ok(real) = path.canonicalize() else {
                continue;
            };
            if !real.starts_with(&root) {
                continue;
            }
            if real.is_dir() {
                subdirs.push(real);
            } else if is_audio(&real) && seen_files.insert(real.clone()) {
                let Some(relative) = relative_text(&root, &real) else {
                    continue;
                };
                found.push(Found { real, relative });
            }
        }
        // Depth first, in name order: push the last sub-folder first.
        stack.extend(subdirs.into_iter().rev());
    }
    Ok(found)
}

fn path_error(err: PathError) -> ApiError {
    ApiError::BadRequest(err.to_string())
}

fn import_value(conn: &rusqlite::Connection, row: &FsImportRow) -> Result<Value, ApiError> {
    Ok(json!({
        "status": row.status,
        "reference": row.reference,
        "logs": store::logs(conn, row.id)?,
    }))
}

/// `GET libraries/fs-import/?path=`: `{"root", "path", "content", "import"}`.
#[tracing::instrument(skip_all)]
async fn get(
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Library)?;
    let root = state.music_dir.clone();
    let wanted = params.get("path").unwrap_or_default().to_owned();
    let (folder, content) = web::block(move || {
        let folder = resolve(&root, &wanted)?;
        let content = browse(&root, &folder)?;
        Ok::<_, PathError>((folder, content))
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(path_error)?;
    let import = state
        .db
        .run(move |conn| match store::latest(conn)? {
            Some(row) => import_value(conn, &row),
            None => Ok(Value::Null),
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({
        "root": state.music_dir.to_string_lossy(),
        "path": folder.relative,
        "content": content,
        "import": import,
    })))
}

/// `POST libraries/fs-import/`: `{"path", "library", "import_reference"}`; 201 once the
/// import is queued.
#[tracing::instrument(skip_all)]
async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Library)?;
    body.only(&["path", "library", "import_reference"])?;
    let mut errors = FieldErrors::new();
    let path = match body.0.get("path") {
        None | Some(Value::Null) => {
            errors.add("path", "This field is required.");
            None
        }
        Some(_) => match body.text("path") {
            Some(p) => Some(p),
            None => {
                errors.add("path", "Not a valid string.");
                None
            }
        },
    };
    let library = body.required("library", &mut errors);
    let reference = body
        .text("import_reference")
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty());
    if reference.as_ref().is_some_and(|r| r.chars().count() > 50) {
        errors.add(
            "import_reference",
            "Ensure this field has no more than 50 characters.",
        );
    }
    let folder = match &path {
        Some(p) => {
            let root = state.music_dir.clone();
            let p = p.clone();
            match web::block(move || resolve(&root, &p))
                .await
                .map_err(ApiError::internal)?
            {
                Ok(folder) => Some(folder),
                Err(err) => {
                    errors.add("path", err.to_string());
                    None
                }
            }
        }
        None => None,
    };
    let user = auth.user.id;
    let library_uuid = library.clone().unwrap_or_default();
    let library_check = match library {
        Some(uuid) => {
            let found = state
                .db
                .run(move |conn| {
                    let lib = uploads_store::library(conn, &uuid)?;
                    Ok(lib.filter(|l| l.owner_id == user && l.channel_uuid.is_none()))
                })
                .await?;
            if found.is_none() {
                errors.add("library", "Choose one of your libraries.");
            }
            found
        }
        None => None,
    };
    errors.into_result()?;
    let (Some(folder), Some(library)) = (folder, library_check) else {
        return Err(ApiError::internal("validated fields missing"));
    };
    let now = now_iso();
    let reference = reference.unwrap_or_else(|| {
        format!("fs-import {}", now.get(..19).unwrap_or(&now))
            .chars()
            .take(50)
            .collect()
    });
    let relative = folder.relative.clone();
    let relative_answer = folder.relative.clone();
    let reference2 = reference.clone();
    let id = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            if let Some(running) = store::latest(&tx)? {
                if store::RUNNING.contains(&running.status.as_str()) {
                    return Err(ApiError::BadRequest(
                        "An import from the server folder is already running: cancel it or wait until it ends.".into(),
                    ));
                }
            }
            let id = store::create(&tx, user, library.id, &relative, &reference2, &now)?;
            tx.commit()?;
            Ok(id)
        })
        .await?;
    let worker_state = state.get_ref().clone();
    actix_web::rt::spawn(async move {
        if let Err(err) = run(&worker_state, id, folder).await {
            tracing::warn!(%err, "server folder import failed");
            let _ = worker_state
                .db
                .run(move |conn| {
                    if store::finish_running(conn, id, "errored", &now_iso())? {
                        store::log(conn, id, &format!("The import stopped: {err}."))?;
                    }
                    Ok(())
                })
                .await;
        }
    });
    Ok(HttpResponse::Created().json(json!({
        "path": relative_answer,
        "library": library_uuid,
        "import_reference": reference,
    })))
}

/// `DELETE libraries/fs-import/`: cancels the running import (204 whether or not one runs).
#[tracing::instrument(skip_all)]
async fn cancel(state: web::Data<AppState>, auth: Auth) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Library)?;
    let username = auth.user.username.clone();
    state
        .db
        .run(move |conn| {
            if let Some(row) = store::latest(conn)? {
                if store::finish_running(conn, row.id, "canceled", &now_iso())? {
                    store::log(conn, row.id, &format!("Canceled by {username}."))?;
                }
            }
            Ok(())
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

// ---- The import itself ----

async fn log(state: &AppState, id: i64, line: String) -> Result<(), ApiError> {
    state.db.run(move |conn| store::log(conn, id, &line)).await
}

async fn still_running(state: &AppState, id: i64) -> Result<bool, ApiError> {
    state
        .db
        .run(move |conn| {
            Ok(store::get(conn, id)?.is_some_and(|r| store::RUNNING.contains(&r.status.as_str())))
        })
        .await
}

/// Tallies for the last log line.
#[derive(Debug, Default)]
struct Tally {
    imported: usize,
    skipped: usize,
    errored: usize,
}

async fn run(state: &AppState, id: i64, folder: Folder) -> Result<(), ApiError> {
    let started = state
        .db
        .run(move |conn| {
            let Some(row) = store::get(conn, id)? else {
                return Ok(None);
            };
            if row.status != "pending" {
                return Ok(None);
            }
            store::set_status(conn, id, "started", &now_iso())?;
            Ok(Some(row))
        })
        .await?;
    let Some(row) = started else {
        return Ok(());
    };
    let root = state.music_dir.clone();
    let found = web::block(move || walk(&root, &folder))
        .await
        .map_err(ApiError::internal)?
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let shown = if row.path.is_empty() {
        "the music folder".to_owned()
    } else {
        format!("“{}”", row.path)
    };
    log(
        state,
        id,
        format!(
            "Importing {shown}: {} audio file{} found.",
            found.len(),
            if found.len() == 1 { "" } else { "s" }
        ),
    )
    .await?;
    let Some(library_id) = row.library_id else {
        return Err(ApiError::internal("the library was deleted"));
    };
    let mut tally = Tally::default();
    for (index, file) in found.iter().enumerate() {
        if !still_running(state, id).await? {
            log(
                state,
                id,
                format!(
                    "Stopped after {index} of {} file{}.",
                    found.len(),
                    if found.len() == 1 { "" } else { "s" }
                ),
            )
            .await?;
            return Ok(());
        }
        let line = match import_file(state, &row, library_id, file).await {
            Ok(FileOutcome::Imported) => {
                tally.imported += 1;
                format!("{}: imported.", file.relative)
            }
            Ok(FileOutcome::Skipped) => {
                tally.skipped += 1;
                format!(
                    "{}: skipped, already in one of your libraries.",
                    file.relative
                )
            }
            Ok(FileOutcome::Errored(reason)) => {
                tally.errored += 1;
                format!("{}: not imported, {reason}.", file.relative)
            }
            Err(err) => {
                tally.errored += 1;
                format!("{}: not imported, {err}.", file.relative)
            }
        };
        log(state, id, line).await?;
    }
    let summary = format!(
        "Done: {} imported, {} skipped, {} not imported.",
        tally.imported, tally.skipped, tally.errored
    );
    state
        .db
        .run(move |conn| {
            if store::finish_running(conn, id, "finished", &now_iso())? {
                store::log(conn, id, &summary)?;
            }
            Ok(())
        })
        .await
}

enum FileOutcome {
    Imported,
    Skipped,
    Errored(String),
}

/// Why an upload's import errored, in words, from its `import_details`.
fn reason(details: &Value) -> String {
    let detail = &details["detail"];
    if detail.get("audio_file").is_some() {
        return "the file cannot be read as audio".into();
    }
    let missing: Vec<&str> = ["title", "artist"]
        .into_iter()
        .filter(|k| detail.get(*k).is_some())
        .collect();
    if !missing.is_empty() {
        return format!("its tags lack the {}", missing.join(" and "));
    }
    "the import failed".into()
}

#[derive(Debug, thiserror::Error)]
enum CopyError {
    #[error("the file cannot be read")]
    Read,
    #[error("the pod cannot store the file")]
    Write,
}

/// Copies `from` to `to`, hashing as it goes: `(size, "sha256:…")`.
fn copy_hashed(from: &Path, to: &Path) -> Result<(i64, String), CopyError> {
    let mut input = std::fs::File::open(from).map_err(|_| CopyError::Read)?;
    let mut output = std::fs::File::create(to).map_err(|_| CopyError::Write)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 256 * 1024];
    let mut size: i64 = 0;
    loop {
        let n = input.read(&mut buf).map_err(|_| CopyError::Read)?;
        if n == 0 {
            break;
        }
        let chunk = buf.get(..n).ok_or(CopyError::Read)?;
        hasher.update(chunk);
        output.write_all(chunk).map_err(|_| CopyError::Write)?;
        size += i64::try_from(n).unwrap_or(i64::MAX);
    }
    output.sync_all().map_err(|_| CopyError::Write)?;
    Ok((size, format!("sha256:{:x}", hasher.finalize())))
}

/// Copies one file into the media, records its pending upload (quota checked), imports it.
async fn import_file(
    state: &AppState,
    row: &FsImportRow,
    library_id: i64,
    file: &Found,
) -> Result<FileOutcome, ApiError> {
    let user = row.user_id;
    let remaining = state
        .db
        .run(move |conn| uploads_store::remaining_bytes(conn, user))
        .await?;
    let length = std::fs::metadata(&file.real)
        .map(|m| i64::try_from(m.len()).unwrap_or(i64::MAX))
        .map_err(|_| ApiError::BadRequest("the file cannot be read".into()))?;
    if length > remaining {
        return Ok(FileOutcome::Errored("the upload quota is reached".into()));
    }
    let extension = file
        .real
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let uuid = uuid::Uuid::new_v4().to_string();
    let partial = partial_dir(state);
    let partial_file = partial.join(format!("{uuid}.part"));
    let source = file.real.clone();
    let partial_file2 = partial_file.clone();
    let copied = web::block(move || {
        std::fs::create_dir_all(&partial).map_err(|_| CopyError::Write)?;
        copy_hashed(&source, &partial_file2)
    })
    .await
    .map_err(ApiError::internal)?;
    let (size, checksum) = match copied {
        Ok(result) => result,
        Err(err) => {
            let _ = std::fs::remove_file(&partial_file);
            return Ok(FileOutcome::Errored(err.to_string()));
        }
    };
    let relative_media = format!("uploads/{uuid}.{extension}");
    let final_path = state.media_dir.join(&relative_media);
    let filename = file
        .real
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let reference = row.reference.clone();
    let source_url = format!("file://{}", file.real.to_string_lossy());
    let uuid2 = uuid.clone();
    let partial_file2 = partial_file.clone();
    let stored = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            if size > uploads_store::remaining_bytes(&tx, user)? {
                return Ok(false);
            }
            let mimetype =
                tags::mimetype_for_extension(&extension).unwrap_or("application/octet-stream");
            std::fs::rename(&partial_file2, &final_path).map_err(ApiError::internal)?;
            let inserted = uploads_store::insert_pending(
                &tx,
                &uploads_store::NewUpload {
                    uuid: &uuid2,
                    library_id,
                    filename: &filename,
                    file: &relative_media,
                    mimetype,
                    size,
                    checksum: &checksum,
                    import_metadata: "{}",
                    import_reference: &reference,
                    source: Some(&source_url),
                    group_id: None,
                },
                &now_iso(),
            )
            .and_then(|()| tx.commit().map_err(ApiError::from));
            if let Err(err) = inserted {
                let _ = std::fs::remove_file(&final_path);
                return Err(err);
            }
            Ok(true)
        })
        .await;
    let _ = std::fs::remove_file(&partial_file);
    if !stored? {
        return Ok(FileOutcome::Errored("the upload quota is reached".into()));
    }
    import_in_turn(state, &uuid).await?;
    let uuid2 = uuid.clone();
    let upload = state
        .db
        .run(move |conn| uploads_store::upload(conn, &uuid2))
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(match upload.import_status.as_str() {
        "finished" => FileOutcome::Imported,
        "skipped" => FileOutcome::Skipped,
        _ => {
            let details = upload
                .import_details
                .as_deref()
                .and_then(|d| serde_json::from_str::<Value>(d).ok())
                .unwrap_or(Value::Null);
            FileOutcome::Errored(reason(&details))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_inside_and_refuses_escapes() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("music");
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        std::fs::create_dir_all(dir.path().join("secret")).unwrap();
        std::fs::write(root.join("a/song.mp3"), b"x").unwrap();
        assert_eq!(resolve(&root, "").unwrap().relative, "");
        assert_eq!(resolve(&root, "a/b").unwrap().relative, "a/b");
        assert_eq!(resolve(&root, "a/b/..").unwrap().relative, "a");
        assert_eq!(resolve(&root, ".."), Err(PathError::Outside));
        assert_eq!(resolve(&root, "../secret"), Err(PathError::Outside));
        assert_eq!(resolve(&root, "../nowhere"), Err(PathError::Outside));
        assert_eq!(resolve(&root, "/etc"), Err(PathError::Absolute));
        assert_eq!(resolve(&root, "nope"), Err(PathError::Missing));
        assert_eq!(resolve(&root, "a/song.mp3"), Err(PathError::NotAFolder));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret"), root.join("out")).unwrap();
            std::os::unix::fs::symlink(root.join("a"), root.join("inside")).unwrap();
            assert_eq!(resolve(&root, "out"), Err(PathError::Outside));
            assert_eq!(resolve(&root, "inside").unwrap().relative, "a");
            let listed = browse(&root, &resolve(&root, "").unwrap()).unwrap();
            assert_eq!(
                listed,
                vec![
                    json!({"name": "a", "dir": true}),
                    json!({"name": "inside", "dir": true})
                ]
            );
        }
    }

    #[test]
    fn walks_audio_files_once_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_owned();
        std::fs::create_dir_all(root.join("b")).unwrap();
        std::fs::create_dir_all(root.join("a")).unwrap();
        std::fs::write(root.join("b/2.FLAC"), b"x").unwrap();
        std::fs::write(root.join("a/1.ogg"), b"x").unwrap();
        std::fs::write(root.join("a/notes.txt"), b"x").unwrap();
        std::fs::write(root.join("0.mp3"), b"x").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("a"), root.join("b/loop")).unwrap();
        let found = walk(&root, &resolve(&root, "").unwrap()).unwrap();
        let names: Vec<&str> = found.iter().map(|f| f.relative.as_str()).collect();
        assert_eq!(names, vec!["0.mp3", "a/1.ogg", "b/2.FLAC"]);
    }

    #[test]
    fn reasons_in_words() {
        assert_eq!(
            reason(&json!({"detail": {"audio_file": ["bad"]}})),
            "the file cannot be read as audio"
        );
        assert_eq!(
            reason(&json!({"detail": {"title": ["x"], "artist": ["y"]}})),
            "its tags lack the title and artist"
        );
    }
}
