//! Uploads: the v2 upload groups (`upload-groups`, then a multipart POST per file to the
//! group's `uploadUrl`), the v1 `uploads/` routes (list, detail, create, delete, actions),
//! the file streamed to disk as it arrives (never whole in memory), quota checked before any
//! byte is stored, and the import (tags → artist, album, track) with its
//! `import.status_updated` live events.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::Duration;

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;
use tokio::sync::Semaphore;

use crate::auth::Auth;
use crate::error::{ApiError, FieldErrors};
use crate::media::tags::{self, Tags, EXTENSIONS};
use crate::routes::catalogue::{like, ordering, paginate};
use crate::routes::common::tracks_by_id;
use crate::routes::{res, Body, QueryParams};
use crate::state::{AppState, Audience};
use crate::store::catalogue::{self as cat, Filter};
use crate::store::content::{self as store, UploadRow, IMPORT_STATUSES};
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        res("/upload-groups")
            .route(web::get().to(list_groups))
            .route(web::post().to(create_group)),
    )
    .service(res("/upload-groups/{guid}/uploads").route(web::post().to(group_upload)))
    .service(res("/upload-groups/{guid}").route(web::get().to(get_group)))
    .service(
        res("/uploads")
            .route(web::get().to(list))
            .route(web::post().to(create_v1)),
    )
    .service(res("/uploads/action").route(web::post().to(action)))
    .service(res("/uploads/{uuid}/audio-file-metadata").route(web::get().to(file_metadata)))
    .service(
        res("/uploads/{uuid}")
            .route(web::get().to(get))
            .route(web::patch().to(patch))
            .route(web::delete().to(delete)),
    );
}

/// Imports run one at a time, like a single import worker.
static IMPORTS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(1));

/// Room left for the multipart framing and text parts when judging a declared length.
const FRAMING_ALLOWANCE: i64 = 64 * 1024;
/// A text part larger than this is refused.
const TEXT_PART_LIMIT: usize = 64 * 1024;
/// An early refusal still reads (and discards) this much of the body so that the client
/// receives the answer instead of a reset connection.
const DRAIN_LIMIT: usize = 16 * 1024 * 1024;

// ---- Serialisation ----

fn parse_object(raw: Option<&str>) -> Value {
    raw.and_then(|r| serde_json::from_str::<Value>(r).ok())
        .filter(Value::is_object)
        .unwrap_or_else(|| json!({}))
}

/// `UploadForOwner`, plus `guid` (the v2 name of `uuid`).
pub fn upload_values(
    state: &AppState,
    conn: &rusqlite::Connection,
    rows: &[UploadRow],
) -> Result<Vec<Value>, ApiError> {
    let ids: Vec<i64> = rows.iter().filter_map(|u| u.track_id).collect();
    let tracks = tracks_by_id(state, conn, &ids)?;
    Ok(rows
        .iter()
        .map(|u| {
            json!({
                "uuid": u.uuid,
                "guid": u.uuid,
                "filename": u.filename,
                "creation_date": u.creation_date,
                "mimetype": u.mimetype,
                "track": u.track_id.and_then(|id| tracks.get(&id).cloned()),
                "library": u.library_uuid,
                "channel": u.channel_uuid,
                "duration": u.duration,
                "bitrate": u.bitrate,
                "size": u.size,
                "import_date": u.import_date,
                "import_status": u.import_status,
                "import_details": parse_object(u.import_details.as_deref()),
                "import_metadata": parse_object(u.import_metadata.as_deref()),
                "import_reference": u.import_reference,
                "metadata": {},
                "source": u.source,
            })
        })
        .collect())
}

fn one_value(
    state: &AppState,
    conn: &rusqlite::Connection,
    row: &UploadRow,
) -> Result<Value, ApiError> {
    upload_values(state, conn, std::slice::from_ref(row))?
        .pop()
        .ok_or(ApiError::NotFound)
}

// ---- Upload groups ----

fn group_value(state: &AppState, g: &store::GroupRow) -> Value {
    json!({
        "guid": g.guid,
        "name": g.name,
        "createdAt": g.creation_date,
        "uploadUrl": format!("{}/api/v2/upload-groups/{}/uploads", state.base_url(), g.guid),
    })
}

#[tracing::instrument(skip_all)]
async fn create_group(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let user = auth.user.id;
    let now = now_iso();
    let name = body
        .text("name")
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| now.clone());
    if name.chars().count() > 255 {
        return Err(ApiError::field(
            "name",
            "Ensure this field has no more than 255 characters.",
        ));
    }
    let group = state
        .db
        .run(move |conn| {
            let guid = uuid::Uuid::new_v4().to_string();
            store::create_group(conn, &guid, &name, user, &now)?;
            store::group(conn, &guid)?.ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Created().json(group_value(&state, &group)))
}

fn owned_group(
    conn: &rusqlite::Connection,
    guid: &str,
    user: i64,
) -> Result<store::GroupRow, ApiError> {
    let group = store::group(conn, guid)?.ok_or(ApiError::NotFound)?;
    if group.owner_id != user {
        return Err(ApiError::NotFound);
    }
    Ok(group)
}

#[tracing::instrument(skip_all)]
async fn get_group(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let guid = path.into_inner();
    let user = auth.user.id;
    let group = state
        .db
        .run(move |conn| owned_group(conn, &guid, user))
        .await?;
    Ok(HttpResponse::Ok().json(group_value(&state, &group)))
}

#[tracing::instrument(skip_all)]
async fn list_groups(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count: i64 = conn.query_row(
            "SELECT count(*) FROM upload_groups WHERE owner_id = ?1",
            [user],
            |r| r.get(0),
        )?;
        let page = page.check(count)?;
        let mut stmt = conn.prepare(&format!(
            "SELECT guid FROM upload_groups WHERE owner_id = ?1 ORDER BY id DESC LIMIT {} OFFSET {}",
            page.limit(),
            page.offset()
        ))?;
        let guids = stmt
            .query_map([user], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        let mut results = Vec::new();
        for guid in guids {
            if let Some(g) = store::group(conn, &guid)? {
                results.push(group_value(&state2, &g));
            }
        }
        Ok((count, results))
    })
    .await
}

// ---- Receiving a multipart upload ----

/// A file part written to a temporary file; removed on drop unless kept.
struct Received {
    path: PathBuf,
    filename: String,
    extension: String,
    size: i64,
    checksum: String,
    keep: bool,
}

impl Drop for Received {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

struct Incoming {
    fields: Map<String, Value>,
    file: Option<Received>,
}

fn quota_error() -> ApiError {
    ApiError::non_field("upload_quota_reached")
}

fn extension_error(field: &str) -> ApiError {
    ApiError::field(
        field,
        format!(
            "Unsupported file type: supported extensions are {}.",
            EXTENSIONS.join(", ")
        ),
    )
}

fn multipart_error(err: impl std::fmt::Display) -> ApiError {
    ApiError::Parse(format!("Multipart form parse error - {err}"))
}

pub(crate) fn partial_dir(state: &AppState) -> PathBuf {
    state.media_dir.join("uploads").join("partial")
}

/// Reads the multipart body: text parts into `fields`, the `file_field` part streamed to a
/// temporary file under the media directory, hashed and counted as it arrives; more bytes
/// than `remaining` stops the transfer with the quota error and removes what was written.
async fn receive(
    state: &AppState,
    req: &HttpRequest,
    payload: web::Payload,
    file_field: &str,
    remaining: i64,
) -> Result<Incoming, ApiError> {
    let mut multipart = Multipart::new(req.headers(), payload);
    let mut fields = Map::new();
    let mut file: Option<Received> = None;
    while let Some(part) = multipart.next().await {
        let mut part = part.map_err(multipart_error)?;
        let disposition = part.content_disposition().cloned();
        let name = disposition
            .as_ref()
            .and_then(|d| d.get_name())
            .unwrap_or_default()
            .to_owned();
        let filename = disposition
            .as_ref()
            .and_then(|d| d.get_filename())
            .map(str::to_owned);
        if name == file_field {
            if file.is_some() {
                return Err(ApiError::field(file_field, "Only one file per upload."));
            }
            let filename = filename.unwrap_or_default();
            let extension = Path::new(&filename)
                .extension()
                .and_then(|e| e.to_str())
                .map(str::to_ascii_lowercase)
                .unwrap_or_default();
            if !EXTENSIONS.contains(&extension.as_str()) {
                return Err(extension_error(file_field));
            }
            let dir = partial_dir(state);
            tokio::fs::create_dir_all(&dir)
                .await
                .map_err(ApiError::internal)?;
            let mut received = Received {
                path: dir.join(format!("{}.part", uuid::Uuid::new_v4())),
                filename,
                extension,
                size: 0,
                checksum: String::new(),
                keep: false,
            };
            let mut out = tokio::fs::File::create(&received.path)
                .await
                .map_err(ApiError::internal)?;
            let mut hasher = Sha256::new();
            while let Some(chunk) = part.next().await {
                let chunk = chunk.map_err(multipart_error)?;
                received.size += i64::try_from(chunk.len()).unwrap_or(i64::MAX);
                if received.size > remaining {
                    return Err(quota_error());
                }
                hasher.update(&chunk);
                out.write_all(&chunk).await.map_err(ApiError::internal)?;
            }
            out.flush().await.map_err(ApiError::internal)?;
            out.sync_all().await.map_err(ApiError::internal)?;
            received.checksum = format!("sha256:{:x}", hasher.finalize());
            file = Some(received);
        } else {
            let mut text = Vec::new();
            while let Some(chunk) = part.next().await {
                let chunk = chunk.map_err(multipart_error)?;
                if text.len() + chunk.len() > TEXT_PART_LIMIT {
                    return Err(ApiError::field(&name, "This value is too long."));
                }
                text.extend_from_slice(&chunk);
            }
            let value = match filename {
                Some(f) => f,
                None => String::from_utf8(text)
                    .map_err(|_| multipart_error(format!("{name} is not valid UTF-8")))?,
            };
            fields.insert(name, Value::String(value));
        }
    }
    Ok(Incoming { fields, file })
}

/// Discards up to [`DRAIN_LIMIT`] bytes of an unread body (see there).
async fn drain(mut payload: web::Payload) {
    let mut read = 0;
    while let Some(Ok(chunk)) = payload.next().await {
        read += chunk.len();
        if read > DRAIN_LIMIT {
            break;
        }
    }
}

fn declared_length(req: &HttpRequest) -> Option<i64> {
    req.headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
}

fn is_multipart(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"))
}

/// What a new upload needs besides its bytes.
struct Target {
    library: store::LibraryRef,
    metadata: Map<String, Value>,
    import_reference: String,
    source: Option<String>,
    group_id: Option<i64>,
}

/// Streams the file, then stores it and its pending upload row, then queues the import.
async fn store_upload(
    state: &AppState,
    req: &HttpRequest,
    payload: web::Payload,
    user: i64,
    file_field: &'static str,
    resolve: impl FnOnce(&rusqlite::Connection, &Map<String, Value>) -> Result<Target, ApiError>
        + Send
        + 'static,
) -> Result<Value, ApiError> {
    if !is_multipart(req) {
        return Err(ApiError::UnsupportedMediaType(
            req.headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned(),
        ));
    }
    let remaining = state
        .db
        .run(move |conn| store::remaining_bytes(conn, user))
        .await?;
    if declared_length(req).is_some_and(|len| len - FRAMING_ALLOWANCE > remaining) {
        drain(payload).await;
        return Err(quota_error());
    }
    let incoming = receive(state, req, payload, file_field, remaining).await?;
    let Some(mut file) = incoming.file else {
        return Err(ApiError::field(file_field, "No file was submitted."));
    };
    let fields = incoming.fields;
    let uuid = uuid::Uuid::new_v4().to_string();
    let relative = format!("uploads/{}.{}", uuid, file.extension);
    let final_path = state.media_dir.join(&relative);
    let state2 = state.clone();
    let partial = file.path.clone();
    let (filename, size, checksum) = (file.filename.clone(), file.size, file.checksum.clone());
    let uuid2 = uuid.clone();
    let row = state
        .db
        .run(move |conn| {
            let target = resolve(conn, &fields)?;
            // Quota again, now that the size is known and under the write lock.
            let tx = conn.transaction()?;
            if size > store::remaining_bytes(&tx, user)? {
                return Err(quota_error());
            }
            let mimetype = tags::mimetype_for_extension(&extension_of(&relative))
                .unwrap_or("application/octet-stream");
            std::fs::rename(&partial, &final_path).map_err(ApiError::internal)?;
            let inserted = store::insert_pending(
                &tx,
                &store::NewUpload {
                    uuid: &uuid2,
                    library_id: target.library.id,
                    filename: &filename,
                    file: &relative,
                    mimetype,
                    size,
                    checksum: &checksum,
                    import_metadata: &Value::Object(target.metadata).to_string(),
                    import_reference: &target.import_reference,
                    source: target.source.as_deref(),
                    group_id: target.group_id,
                },
                &now_iso(),
            )
            .and_then(|()| tx.commit().map_err(ApiError::from));
            if let Err(err) = inserted {
                let _ = std::fs::remove_file(&final_path);
                return Err(err);
            }
            let row = store::upload(conn, &uuid2)?.ok_or(ApiError::NotFound)?;
            one_value(&state2, conn, &row)
        })
        .await;
    // Moved into place (or refused): the temporary file is no longer ours to remove on
    // success, and is removed on failure.
    if row.is_ok() {
        file.keep = true;
    }
    let row = row?;
    queue_import(state.clone(), uuid);
    Ok(row)
}

fn extension_of(relative: &str) -> String {
    Path::new(relative)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_owned()
}

/// A JSON object from a multipart text field (`metadata`, `target`, `import_metadata`).
fn json_field(fields: &Map<String, Value>, key: &str, errors: &mut FieldErrors) -> Option<Value> {
    let raw = fields.get(key)?.as_str()?.trim().to_owned();
    if raw.is_empty() {
        return None;
    }
    match serde_json::from_str::<Value>(&raw) {
        Ok(v @ Value::Object(_)) => Some(v),
        // A bare library uuid is accepted as a target too.
        Ok(Value::String(s)) => Some(Value::String(s)),
        _ if key == "target" => Some(Value::String(raw)),
        _ => {
            errors.add(key, "Value must be valid JSON.");
            None
        }
    }
}

/// The library an upload goes to: the caller's own (403 otherwise), or a channel's library.
fn target_library(
    conn: &rusqlite::Connection,
    user: i64,
    library: Option<&str>,
    channel: Option<&str>,
    field: &str,
) -> Result<store::LibraryRef, ApiError> {
    let wanted = library.or(channel).unwrap_or_default().to_owned();
    let library = match (library, channel) {
        (Some(uuid), _) => store::library(conn, uuid)?,
        (None, Some(channel)) => {
            let lib_uuid: Option<String> = rusqlite::OptionalExtension::optional(conn.query_row(
                "SELECT l.uuid FROM channels c JOIN libraries l ON l.id = c.library_id WHERE c.uuid = ?1",
                [channel],
                |r| r.get(0),
            ))?;
            match lib_uuid {
                Some(uuid) => store::library(conn, &uuid)?,
                None => None,
            }
        }
        (None, None) => {
            return Err(ApiError::field(field, "This field is required."));
        }
    };
    let library = library.ok_or_else(|| {
        ApiError::field(
            field,
            format!("Object with uuid={} does not exist.", wanted),
        )
    })?;
    if library.owner_id != user {
        return Err(ApiError::PermissionDenied);
    }
    Ok(library)
}

/// `POST /api/v2/upload-groups/{guid}/uploads`: `metadata` (JSON title, album, artist),
/// `target` (JSON `{"library": uuid}` or `{"channel": uuid}`) and `audioFile`.
#[tracing::instrument(skip_all)]
async fn group_upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let guid = path.into_inner();
    let user = auth.user.id;
    let group = state
        .db
        .run(move |conn| owned_group(conn, &guid, user))
        .await;
    let group = match group {
        Ok(group) => group,
        Err(err) => {
            drain(payload).await;
            return Err(err);
        }
    };
    let value = store_upload(
        &state,
        &req,
        payload,
        user,
        "audioFile",
        move |conn, fields| {
            let mut errors = FieldErrors::new();
            let metadata = json_field(fields, "metadata", &mut errors);
            let target = json_field(fields, "target", &mut errors);
            errors.into_result()?;
            let (library, channel) = match &target {
                Some(Value::String(s)) => (Some(s.clone()), None),
                Some(Value::Object(o)) => (
                    o.get("library").and_then(Value::as_str).map(str::to_owned),
                    o.get("channel")
                        .or_else(|| o.get("channels"))
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                ),
                _ => (None, None),
            };
            let library =
                target_library(conn, user, library.as_deref(), channel.as_deref(), "target")?;
            Ok(Target {
                library,
                metadata: metadata
                    .and_then(|m| m.as_object().cloned())
                    .unwrap_or_default(),
                import_reference: group.guid.clone(),
                source: None,
                group_id: Some(group.id),
            })
        },
    )
    .await?;
    Ok(HttpResponse::Created().json(value))
}

/// `POST /api/v1/uploads/`: multipart `audio_file`, `library` or `channel`, optional
/// `import_reference`, `import_metadata` (JSON), `source`.
#[tracing::instrument(skip_all)]
async fn create_v1(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let user = auth.user.id;
    let value = store_upload(
        &state,
        &req,
        payload,
        user,
        "audio_file",
        move |conn, fields| {
            let mut errors = FieldErrors::new();
            let metadata = json_field(fields, "import_metadata", &mut errors);
            errors.into_result()?;
            let text = |k: &str| {
                fields
                    .get(k)
                    .and_then(Value::as_str)
                    .map(|s| s.trim().to_owned())
                    .filter(|s| !s.is_empty())
            };
            let library = target_library(
                conn,
                user,
                text("library").as_deref(),
                text("channel").as_deref(),
                "library",
            )?;
            let given = text("import_reference");
            if given.as_ref().is_some_and(|r| r.chars().count() > 50) {
                return Err(ApiError::field(
                    "import_reference",
                    "Ensure this field has no more than 50 characters.",
                ));
            }
            Ok(Target {
                library,
                metadata: metadata
                    .and_then(|m| m.as_object().cloned())
                    .unwrap_or_default(),
                import_reference: given.unwrap_or_else(|| {
                    // "Import launched via API" and the date: at most 50 characters.
                    format!("Import launched via API ({})", now_iso())
                        .chars()
                        .take(50)
                        .collect()
                }),
                source: text("source"),
                group_id: None,
            })
        },
    )
    .await?;
    Ok(HttpResponse::Created().json(value))
}

// ---- Import ----

/// Starts the import of a stored upload in the background. It waits a moment first so that
/// the uploader's client holds the upload's guid before its status events arrive.
pub fn queue_import(state: AppState, uuid: String) {
    actix_web::rt::spawn(async move {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let Ok(_permit) = IMPORTS.acquire().await else {
            return;
        };
        if let Err(err) = import(&state, &uuid).await {
            tracing::warn!(%uuid, %err, "import failed");
        }
    });
}

/// Imports a stored upload now, in turn with the other imports (the server-folder import
/// waits for each file's import before taking the next).
pub async fn import_in_turn(state: &AppState, uuid: &str) -> Result<(), ApiError> {
    let _permit = IMPORTS.acquire().await.map_err(ApiError::internal)?;
    import(state, uuid).await
}

/// The fields an import takes from the request's metadata over the file's own tags.
fn apply_overrides(tags: &mut Tags, metadata: &Value) {
    let text = |k: &str| {
        metadata
            .get(k)
            .and_then(|v| match v {
                Value::String(s) => Some(s.trim().to_owned()),
                Value::Object(o) => o.get("name").and_then(Value::as_str).map(str::to_owned),
                _ => None,
            })
            .filter(|s| !s.is_empty())
    };
    let number = |k: &str| {
        metadata.get(k).and_then(|v| match v {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        })
    };
    if let Some(v) = text("title") {
        tags.title = Some(v);
    }
    if let Some(v) = text("artist") {
        tags.artist = Some(v);
    }
    if let Some(v) = text("album") {
        tags.album = Some(v);
    }
    if let Some(v) = number("position") {
        tags.position = Some(v);
    }
    if let Some(v) = number("disc_number") {
        tags.disc_number = Some(v);
    }
}

/// Reads the file's tags and creates or reuses the catalogue objects; answers the final
/// status and details.
fn run_import(
    conn: &mut rusqlite::Connection,
    media_dir: &Path,
    upload: &UploadRow,
) -> Result<(String, Value, Option<i64>, Tags), ApiError> {
    let path = media_dir.join(&upload.file);
    let mut tags = match tags::read(&path) {
        Ok(tags) => tags,
        Err(err) => {
            return Ok((
                "errored".into(),
                json!({"error_code": "invalid_metadata", "detail": {"audio_file": [err.to_string()]}}),
                None,
                Tags {
                    mimetype: "application/octet-stream",
                    ..Tags::default()
                },
            ))
        }
    };
    apply_overrides(&mut tags, &parse_object(upload.import_metadata.as_deref()));
    let library = store::library(conn, &upload.library_uuid)?.ok_or(ApiError::NotFound)?;
    let mut missing = Map::new();
    if tags.title.is_none() {
        missing.insert("title".into(), json!(["This field is required."]));
    }
    if tags.artist.is_none() && library.channel_artist.is_none() {
        missing.insert("artist".into(), json!(["This field is required."]));
    }
    if !missing.is_empty() {
        return Ok((
            "errored".into(),
            json!({"error_code": "invalid_metadata", "detail": missing, "file_metadata": tags.to_json()}),
            None,
            tags,
        ));
    }
    if let Some(checksum) = &upload.checksum {
        if let Some(dup) = store::duplicate_of(conn, upload.owner_id, checksum, upload.id)? {
            return Ok((
                "skipped".into(),
                json!({"code": "already_imported_in_owned_libraries", "duplicates": [dup]}),
                None,
                tags,
            ));
        }
    }
    let tx = conn.transaction()?;
    let now = now_iso();
    let owner = upload.owner_id;
    let title = tags.title.clone().unwrap_or_default();
    let artist = match library.channel_artist {
        Some(id) => id,
        None => store::find_or_create_artist(
            &tx,
            tags.artist.as_deref().unwrap_or_default(),
            owner,
            &now,
        )?,
    };
    let album = match &tags.album {
        Some(album_title) => {
            let album_artist = match (&tags.album_artist, library.channel_artist) {
                (_, Some(id)) => id,
                (Some(name), None) => store::find_or_create_artist(&tx, name, owner, &now)?,
                (None, None) => artist,
            };
            Some(store::find_or_create_album(
                &tx,
                album_title,
                album_artist,
                tags.date.as_deref(),
                owner,
                &now,
            )?)
        }
        None => None,
    };
    let track = store::find_or_create_track(
        &tx,
        &store::TrackKey {
            title: &title,
            artist,
            album,
            position: tags.position,
            disc_number: tags.disc_number,
        },
        owner,
        &now,
    )?;
    if let Some(genre) = &tags.genre {
        let name: String = genre
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            cat::tag(&tx, &name, "track", track, &now)?;
        }
    }
    tx.commit()?;
    Ok(("finished".into(), json!({}), Some(track), tags))
}

/// Imports one upload and tells the owner's live connection.
pub async fn import(state: &AppState, uuid: &str) -> Result<(), ApiError> {
    let uuid = uuid.to_owned();
    let state2 = state.clone();
    let event = state
        .db
        .run(move |conn| {
            let Some(upload) = store::upload(conn, &uuid)? else {
                return Ok(None);
            };
            if upload.import_status != "pending" {
                return Ok(None);
            }
            let (status, details, track, tags) = match run_import(conn, &state2.media_dir, &upload)
            {
                Ok(result) => result,
                Err(err) => (
                    "errored".into(),
                    json!({"error_code": "unknown_error", "detail": err.to_string()}),
                    None,
                    Tags {
                        mimetype: "application/octet-stream",
                        ..Tags::default()
                    },
                ),
            };
            let mimetype = if track.is_some() || tags.mimetype != "application/octet-stream" {
                tags.mimetype.to_owned()
            } else {
                upload.mimetype.clone()
            };
            store::finish(
                conn,
                upload.id,
                &store::Outcome {
                    status: &status,
                    details: &details.to_string(),
                    track_id: track,
                    duration: tags.duration,
                    bitrate: tags.bitrate,
                    mimetype: &mimetype,
                },
                &now_iso(),
            )?;
            let row = store::upload(conn, &uuid)?.ok_or(ApiError::NotFound)?;
            let value = one_value(&state2, conn, &row)?;
            Ok(Some((row.owner_id, status, value)))
        })
        .await?;
    if let Some((owner, status, upload)) = event {
        state.emit(
            Audience::User(owner),
            json!({
                "type": "import.status_updated",
                "old_status": "pending",
                "new_status": status,
                "upload": upload,
            }),
        );
    }
    Ok(())
}

// ---- Listing and management ----

fn owner_filter(user: i64) -> Filter {
    let mut filter = Filter::default();
    filter.add("l.owner_id = ?", vec![cat::int(user)]);
    filter
}

fn list_filter(params: &QueryParams, user: i64) -> Result<Filter, ApiError> {
    let mut filter = owner_filter(user);
    if let Some(library) = params.get("library") {
        filter.add("l.uuid = ?", vec![cat::text(library)]);
    }
    if let Some(channel) = params.get("channel") {
        filter.add("c.uuid = ?", vec![cat::text(channel)]);
    }
    if params.flag("include_channels") == Some(false) {
        filter.add("c.id IS NULL", vec![]);
    }
    let statuses: Vec<&str> = params
        .all("import_status")
        .into_iter()
        .flat_map(|s| s.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if let Some(bad) = statuses.iter().find(|s| !IMPORT_STATUSES.contains(s)) {
        return Err(ApiError::field(
            "import_status",
            format!("Select a valid choice. {bad} is not one of the available choices."),
        ));
    }
    if !statuses.is_empty() {
        filter.add(
            &format!("u.import_status IN ({})", cat::placeholders(statuses.len())),
            statuses.iter().map(|s| cat::text(s)).collect(),
        );
    }
    if let Some(reference) = params.get("import_reference") {
        filter.add("u.import_reference = ?", vec![cat::text(reference)]);
    }
    if let Some(mimetype) = params.get("mimetype") {
        filter.add("u.mimetype = ?", vec![cat::text(mimetype)]);
    }
    if let Some(track) = params.get("track") {
        filter.add("t.uuid = ?", vec![cat::text(track)]);
    }
    if let Some(artist) = params.get("track_artist") {
        filter.add("ar.uuid = ?", vec![cat::text(artist)]);
    }
    match params.flag("playable") {
        Some(true) => filter.add(
            "u.import_status = 'finished' AND u.track_id IS NOT NULL",
            vec![],
        ),
        Some(false) => filter.add(
            "NOT (u.import_status = 'finished' AND u.track_id IS NOT NULL)",
            vec![],
        ),
        None => {}
    }
    if let Some(q) = params.get("q") {
        for term in q.split_whitespace() {
            filter.add(
                "(u.filename LIKE ? ESCAPE '\\' OR t.title LIKE ? ESCAPE '\\'
                  OR ar.name LIKE ? ESCAPE '\\' OR al.title LIKE ? ESCAPE '\\')",
                vec![like(term), like(term), like(term), like(term)],
            );
        }
    }
    Ok(filter)
}

#[tracing::instrument(skip_all)]
async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let filter = list_filter(&params, auth.user.id)?;
    let order = ordering(
        &params,
        &[
            ("creation_date", "u.creation_date"),
            (
                "modification_date",
                "coalesce(u.import_date, u.creation_date)",
            ),
            ("import_date", "u.import_date"),
            ("size", "u.size"),
            ("duration", "u.duration"),
            ("bitrate", "u.bitrate"),
            ("mimetype", "u.mimetype"),
            ("import_status", "u.import_status"),
            ("filename", "u.filename"),
        ],
        "u.creation_date DESC",
        "u.id DESC",
    );
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = cat::count(conn, store::UPLOAD_FROM, &filter)?;
        let page = page.check(count)?;
        let rows = store::uploads(conn, &filter, &order, page.limit(), page.offset())?;
        Ok((count, upload_values(&state2, conn, &rows)?))
    })
    .await
}

/// The caller's upload: 404 when missing, 403 when someone else's.
fn owned_upload(conn: &rusqlite::Connection, uuid: &str, user: i64) -> Result<UploadRow, ApiError> {
    let upload = store::upload(conn, uuid)?.ok_or(ApiError::NotFound)?;
    if upload.owner_id != user {
        return Err(ApiError::PermissionDenied);
    }
    Ok(upload)
}

#[tracing::instrument(skip_all)]
async fn get(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let row = owned_upload(conn, &uuid, user)?;
            one_value(&state2, conn, &row)
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

/// `PATCH uploads/{uuid}/`: `import_status` from draft to pending (publishing a draft), or
/// `import_metadata` changes before a relaunch.
#[tracing::instrument(skip_all)]
async fn patch(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    body.only(&[
        "import_status",
        "import_metadata",
        "import_reference",
        "source",
    ])?;
    let uuid = path.into_inner();
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    let (value, relaunch) = state
        .db
        .run(move |conn| {
            let row = owned_upload(conn, &uuid, user)?;
            let mut relaunch = false;
            if let Some(status) = body.text("import_status") {
                if status == "pending" && row.import_status == "draft" {
                    conn.execute(
                        "UPDATE uploads SET import_status = 'pending' WHERE id = ?1",
                        [row.id],
                    )?;
                    relaunch = true;
                } else if status != row.import_status {
                    return Err(ApiError::field(
                        "import_status",
                        format!(
                            "Cannot change the status from {} to {status}.",
                            row.import_status
                        ),
                    ));
                }
            }
            if let Some(meta) = body.0.get("import_metadata") {
                let meta = match meta {
                    Value::Object(_) => meta.clone(),
                    Value::String(s) => serde_json::from_str::<Value>(s)
                        .ok()
                        .filter(Value::is_object)
                        .ok_or_else(|| {
                            ApiError::field("import_metadata", "Value must be valid JSON.")
                        })?,
                    _ => {
                        return Err(ApiError::field(
                            "import_metadata",
                            "Value must be valid JSON.",
                        ))
                    }
                };
                conn.execute(
                    "UPDATE uploads SET import_metadata = ?2 WHERE id = ?1",
                    rusqlite::params![row.id, meta.to_string()],
                )?;
            }
            if let Some(source) = body.text("source") {
                conn.execute(
                    "UPDATE uploads SET source = ?2 WHERE id = ?1",
                    rusqlite::params![row.id, source],
                )?;
            }
            let row = owned_upload(conn, &uuid, user)?;
            Ok((
                one_value(&state2, conn, &row)?,
                relaunch.then_some(row.uuid),
            ))
        })
        .await?;
    if let Some(uuid) = relaunch {
        queue_import(state.get_ref().clone(), uuid);
    }
    Ok(HttpResponse::Ok().json(value))
}

/// Removes upload files (best effort: a missing file is already gone).
pub async fn remove_files(state: &AppState, files: Vec<String>) {
    for file in files {
        if file.starts_with("uploads/") {
            let _ = tokio::fs::remove_file(state.media_dir.join(file)).await;
        }
    }
}

#[tracing::instrument(skip_all)]
async fn delete(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let user = auth.user.id;
    let files = state
        .db
        .run(move |conn| {
            let row = owned_upload(conn, &uuid, user)?;
            store::delete_uploads(conn, &[row.id])
        })
        .await?;
    remove_files(&state, files).await;
    Ok(HttpResponse::NoContent().finish())
}

#[tracing::instrument(skip_all)]
async fn file_metadata(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let user = auth.user.id;
    let row = state
        .db
        .run(move |conn| owned_upload(conn, &uuid, user))
        .await?;
    let file = state.media_dir.join(&row.file);
    let tags = web::block(move || tags::read(&file))
        .await
        .map_err(ApiError::internal)?
        .map_err(|e| ApiError::field("audio_file", e.to_string()))?;
    Ok(HttpResponse::Ok().json(json!({
        "title": tags.title,
        "position": tags.position,
        "disc_number": tags.disc_number,
        "copyright": Value::Null,
        "license": Value::Null,
        "mbid": Value::Null,
        "tags": tags.genre.map(|g| vec![g]).unwrap_or_default(),
        "album": tags.album.map(|title| json!({"title": title, "release_date": tags.date, "artist_credit": []})),
        "artist_credit": tags.artist.map(|name| vec![json!({"artist": {"name": name}, "credit": name, "joinphrase": ""})]).unwrap_or_default(),
        "cover_data": Value::Null,
    })))
}

/// `POST uploads/action/`: `{"action": "delete" | "relaunch_import" | "publish",
/// "objects": "all" | [uuid, …], "filters": {"import_status": …, "library": …, "q": …}}`.
#[tracing::instrument(skip_all)]
async fn action(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::new();
    let action = body.required("action", &mut errors);
    let objects = body.0.get("objects").cloned();
    if objects.is_none() {
        errors.add("objects", "This field is required.");
    }
    errors.into_result()?;
    let action = action.unwrap_or_default();
    if !["delete", "relaunch_import", "publish"].contains(&action.as_str()) {
        return Err(ApiError::field(
            "action",
            format!("\"{action}\" is not a valid choice."),
        ));
    }
    let mut params = Vec::new();
    if let Some(Value::Object(filters)) = body.0.get("filters") {
        for (k, v) in filters {
            match v {
                Value::Array(items) => {
                    for item in items {
                        if let Some(s) = item.as_str() {
                            params.push((k.clone(), s.to_owned()));
                        }
                    }
                }
                Value::String(s) => params.push((k.clone(), s.clone())),
                Value::Bool(b) => params.push((k.clone(), b.to_string())),
                _ => {}
            }
        }
    }
    let mut filter = list_filter(&QueryParams(params), auth.user.id)?;
    match objects {
        Some(Value::String(s)) if s == "all" => {}
        Some(Value::Array(items)) => {
            let uuids: Vec<String> = items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect();
            if uuids.is_empty() || uuids.len() != items.len() {
                return Err(ApiError::field("objects", "Select at least one object."));
            }
            filter.add(
                &format!("u.uuid IN ({})", cat::placeholders(uuids.len())),
                uuids.iter().map(|u| cat::text(u)).collect(),
            );
        }
        _ => {
            return Err(ApiError::field(
                "objects",
                "Provide a list of objects or \"all\".",
            ))
        }
    }
    let action2 = action.clone();
    let (updated, files, relaunch) = state
        .db
        .run(move |conn| {
            let rows = store::uploads(conn, &filter, "u.id", i64::MAX, 0)?;
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            let count = i64::try_from(ids.len()).unwrap_or(i64::MAX);
            match action2.as_str() {
                "delete" => Ok((count, store::delete_uploads(conn, &ids)?, Vec::new())),
                "relaunch_import" => {
                    let mut relaunch = Vec::new();
                    for row in rows.iter().filter(|r| {
                        matches!(r.import_status.as_str(), "errored" | "skipped" | "pending")
                    }) {
                        store::set_pending(conn, row.id)?;
                        store::prune_orphans(conn)?;
                        relaunch.push(row.uuid.clone());
                    }
                    Ok((
                        i64::try_from(relaunch.len()).unwrap_or(0),
                        Vec::new(),
                        relaunch,
                    ))
                }
                _ => {
                    let mut relaunch = Vec::new();
                    for row in rows.iter().filter(|r| r.import_status == "draft") {
                        store::set_pending(conn, row.id)?;
                        relaunch.push(row.uuid.clone());
                    }
                    Ok((
                        i64::try_from(relaunch.len()).unwrap_or(0),
                        Vec::new(),
                        relaunch,
                    ))
                }
            }
        })
        .await?;
    remove_files(&state, files).await;
    for uuid in relaunch {
        queue_import(state.get_ref().clone(), uuid);
    }
    Ok(HttpResponse::Ok()
        .json(json!({"action": action, "updated": updated, "result": Value::Null})))
}

/// `quota_status` of `users/me/`, in MB as a real pod gives it: `max`, `remaining`, `current`
/// and the usage per import status.
pub fn quota_status(conn: &rusqlite::Connection, user: i64) -> Result<Value, ApiError> {
    let usage = store::usage(conn, user)?;
    let max = store::quota_mb(conn, user)?;
    #[allow(clippy::cast_precision_loss)]
    let mb = |bytes: i64| bytes as f64 / store::MB as f64;
    #[allow(clippy::cast_precision_loss)]
    let remaining = (max as f64 - mb(usage.total())).max(0.0);
    Ok(json!({
        "max": max,
        "remaining": remaining,
        "current": mb(usage.total()),
        "draft": mb(usage.draft),
        "skipped": mb(usage.skipped),
        "pending": mb(usage.pending),
        "finished": mb(usage.finished),
        "errored": mb(usage.errored),
    }))
}
