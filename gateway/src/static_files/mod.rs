//! Serving the built front ends: `/apps/<name>/…` from `WEB/apps/<name>/`, the embed player
//! (`/embed`, `/embed/…`) from `WEB/embed/`, everything else from `WEB/host/`, with precompressed
//! variants, cache headers, and the SPA fallback to the host's (or the embed's) `index.html` for
//! client routes.

mod content_type;
mod negotiation;
mod request_path;

use std::{
    io,
    path::{Path, PathBuf},
};

use actix_files::NamedFile;
use actix_web::{
    http::{
        header::{self, ContentEncoding, HeaderValue},
        Method,
    },
    web, HttpRequest, HttpResponse,
};

pub use negotiation::AcceptEncoding;
pub use request_path::{looks_like_file, safe_segments};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const NO_CACHE: &str = "no-cache";

/// The web directory, as found at start-up (or not).
#[derive(Debug, Clone)]
pub struct StaticSite {
    web: Option<PathBuf>,
}

impl StaticSite {
    /// `web` must already be canonical, so that files can be checked to stay inside it.
    pub fn new(web: Option<PathBuf>) -> Self {
        Self { web }
    }

    pub fn web_dir(&self) -> Option<&Path> {
        self.web.as_deref()
    }
}

/// What a request maps to once its path is understood.
struct Plan {
    /// Folder the file must stay inside, and the file's path below it.
    base: PathBuf,
    rel: Vec<String>,
    /// Answer with the `index.html` of this folder when the file is missing.
    spa_fallback: Option<PathBuf>,
    service_worker: bool,
    /// A micro-frontend's file: another origin's host may load it (module scripts use CORS).
    shareable: bool,
}

/// A file ready to be sent.
struct Found {
    file: NamedFile,
    immutable: bool,
}

/// The default service: every GET/HEAD that no route, proxy or pod took.
pub async fn serve(req: HttpRequest, site: web::Data<StaticSite>) -> HttpResponse {
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, "GET, HEAD"))
            .content_type("text/plain; charset=utf-8")
            .body("Method not allowed.\n");
    }
    let Some(segments) = safe_segments(req.path()) else {
        return not_found();
    };
    let Some(web_dir) = site.web_dir() else {
        return if wants_spa(&segments) {
            front_end_missing()
        } else {
            not_found()
        };
    };
    let Some(plan) = plan(web_dir, segments) else {
        return not_found();
    };
    let accept = AcceptEncoding::from_headers(req.headers());

    let spa_fallback = plan.spa_fallback.is_some();
    let found = web::block(move || {
        let found = open(&plan.base, &plan.rel, &accept)?;
        match (found, &plan.spa_fallback) {
            (Some(found), _) => {
                Ok::<_, io::Error>(Some((found, plan.service_worker, plan.shareable)))
            }
            (None, Some(index_dir)) => Ok(
                open(index_dir, &["index.html".to_owned()], &accept)?.map(|f| (f, false, false))
            ),
            (None, None) => Ok(None),
        }
    })
    .await;

    match found {
        Ok(Ok(Some((found, service_worker, shareable)))) => {
            respond(&req, found, service_worker, shareable)
        }
        Ok(Ok(None)) if spa_fallback => front_end_missing(),
        Ok(Ok(None)) => not_found(),
        Ok(Err(err)) => {
            tracing::warn!(path = %req.path(), error = %err, "cannot read a static file");
            not_found()
        }
        Err(err) => {
            tracing::error!(error = %err, "static file task failed");
            HttpResponse::InternalServerError().finish()
        }
    }
}

/// A client route: not a reserved prefix, and not something that looks like a file.
fn wants_spa(segments: &[String]) -> bool {
    let reserved = segments.first().is_some_and(|first| {
        first == "apps" || request_path::NO_FALLBACK.contains(&first.as_str())
    });
    !reserved && !segments.last().is_some_and(|last| looks_like_file(last))
}

fn plan(web_dir: &Path, segments: Vec<String>) -> Option<Plan> {
    if segments.first().map(String::as_str) == Some("apps") {
        let mut rest = segments.into_iter().skip(1);
        let name = rest.next()?;
        let rel: Vec<String> = rest.collect();
        if rel.is_empty() {
            return None;
        }
        return Some(Plan {
            base: web_dir.join("apps").join(name),
            rel,
            spa_fallback: None,
            service_worker: false,
            shareable: true,
        });
    }
    if segments.first().map(String::as_str) == Some("embed") {
        // The embed player: its own small page (other sites frame it), with its hashed assets
        // under `/embed/assets/`; any other path below `/embed` is the page itself.
        let base = web_dir.join("embed");
        let rel: Vec<String> = segments.into_iter().skip(1).collect();
        let page = rel.first().map(String::as_str) != Some("assets")
            && !rel.last().is_some_and(|last| looks_like_file(last));
        return Some(Plan {
            rel: if rel.is_empty() {
                vec!["index.html".to_owned()]
            } else {
                rel
            },
            spa_fallback: page.then(|| base.clone()),
            base,
            service_worker: false,
            shareable: false,
        });
    }
    Some(Plan {
        base: web_dir.join("host"),
        service_worker: segments == ["serviceWorker.js"],
        spa_fallback: wants_spa(&segments).then(|| web_dir.join("host")),
        shareable: false,
        rel: segments,
    })
}

/// Finds `base/rel…` (or its best precompressed variant), refusing anything whose real path —
/// symlinks resolved — is not inside `base`.
fn open(base: &Path, rel: &[String], accept: &AcceptEncoding) -> io::Result<Option<Found>> {
    let Some(name) = rel.last() else {
        return Ok(None);
    };
    let Ok(base) = base.canonicalize() else {
        return Ok(None);
    };
    let path = rel.iter().fold(base.clone(), |p, s| p.join(s));
    // The original must exist: a lone `x.js.br` is not served as `x.js`.
    let Some(original) = inside(&base, &path) else {
        return Ok(None);
    };
    let content_type = content_type::for_file(name);
    let immutable = rel[..rel.len() - 1].iter().any(|dir| dir == "assets");

    let variant = accept
        .preferred()
        .into_iter()
        .find_map(|(suffix, encoding)| {
            let mut candidate = path.clone().into_os_string();
            candidate.push(".");
            candidate.push(suffix);
            inside(&base, Path::new(&candidate)).map(|real| (real, encoding))
        });
    let (real, encoding) = variant.unwrap_or((original, ContentEncoding::Identity));

    let mut file = NamedFile::open(real)?
        .set_content_type(content_type)
        .disable_content_disposition();
    if encoding != ContentEncoding::Identity {
        file = file.set_content_encoding(encoding);
    }
    Ok(Some(Found { file, immutable }))
}

/// The real path of `path` when it is a regular file inside `base`.
fn inside(base: &Path, path: &Path) -> Option<PathBuf> {
    let real = path.canonicalize().ok()?;
    (real.starts_with(base) && real.is_file()).then_some(real)
}

fn respond(req: &HttpRequest, found: Found, service_worker: bool, shareable: bool) -> HttpResponse {
    let mut res = found.file.into_response(req);
    let headers = res.headers_mut();
    if shareable {
        // A host on another origin loads remotes moved here with `--remote`; the files are public.
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        );
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if found.immutable { IMMUTABLE } else { NO_CACHE }),
    );
    // Set even on identity answers: a cache must not hand a br body to a client without br.
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if service_worker {
        headers.insert(
            header::HeaderName::from_static("service-worker-allowed"),
            HeaderValue::from_static("/"),
        );
    }
    res
}

fn not_found() -> HttpResponse {
    HttpResponse::NotFound()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, NO_CACHE))
        .body("Not found.\n")
}

fn front_end_missing() -> HttpResponse {
    HttpResponse::ServiceUnavailable()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, NO_CACHE))
        .body(
            "Shoal's front end is not built.\n\n\
             The gateway is running and the API answers, but no web folder with \
             host/index.html was found. Build the front ends (npm run build) or start \
             shoal with --web DIR.\n",
        )
}
