//! `listen/{uuid}/`: audio streaming with HTTP ranges, by bearer token, session cookie or the
//! per-user listen token (`?token=`).

use std::io::{Read, Seek, SeekFrom};

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::auth::identify;
use crate::domain::range::{self, RangeRequest};
use crate::error::ApiError;
use crate::routes::{res, QueryParams};
use crate::state::AppState;
use crate::store::{self, catalogue as cat};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        res("/listen/{uuid}")
            .route(web::get().to(listen))
            .route(web::head().to(listen)),
    )
    .service(
        res("/stream/{uuid}")
            .route(web::get().to(listen))
            .route(web::head().to(listen)),
    );
}

fn read_slice(path: &std::path::Path, start: u64, len: u64) -> std::io::Result<Vec<u8>> {
    let mut file = std::fs::File::open(path)?;
    file.seek(SeekFrom::Start(start))?;
    let mut buf = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(len).read_to_end(&mut buf)?;
    Ok(buf)
}

/// `?to=mp3` (with an optional `max_bitrate` in bits per second) serves an MP3 transcode;
/// other `to` values get the original, as on a pod that cannot transcode to them.
#[tracing::instrument(skip_all, fields(uuid = %path))]
async fn listen(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let auth = identify(&req, true).await?;
    let uuid = path.into_inner();
    let upload_param = params.get("upload").map(str::to_owned);
    let viewer_id = auth.as_ref().map(|a| a.user.id);
    let (upload, anonymous_ok, followed) = state
        .db
        .run(move |conn| {
            let upload = cat::upload_for_listen(conn, &uuid, upload_param.as_deref())?;
            let prefs = store::preferences::load(conn)?;
            // Approved followers of a private library may play its uploads.
            let followed = match (&upload, viewer_id) {
                (Some(upload), Some(viewer)) => conn
                    .query_row(
                        "SELECT 1 FROM uploads u JOIN library_follows f ON f.library_id = u.library_id
                         WHERE u.uuid = ?1 AND f.user_id = ?2 AND f.approved = 1",
                        rusqlite::params![upload.uuid, viewer],
                        |_| Ok(()),
                    )
                    .map(|()| true)
                    .or_else(|e| match e {
                        rusqlite::Error::QueryReturnedNoRows => Ok(false),
                        e => Err(e),
                    })?
                ,
                _ => false,
            };
            Ok((upload, !prefs.flag("common__api_authentication_required"), followed))
        })
        .await?;
    let user = match &auth {
        Some(auth) => Some(auth.user.id),
        None if anonymous_ok => None,
        None => return Err(ApiError::NotAuthenticated),
    };
    let upload = upload.ok_or(ApiError::NotFound)?;
    let visible = match upload.library_privacy.as_str() {
        "everyone" => true,
        "instance" => user.is_some(),
        _ => user == Some(upload.library_owner) || followed,
    };
    if !visible {
        return Err(ApiError::NotFound);
    }
    // An external channel's episode has no local file: its audio is at the feed's enclosure URL.
    if upload.file.is_empty() {
        let uuid = upload.uuid.clone();
        let source = state
            .db
            .run(move |conn| store::external_channels::remote_source(conn, &uuid))
            .await?
            .ok_or(ApiError::NotFound)?;
        return Ok(HttpResponse::Found()
            .insert_header((header::LOCATION, source))
            .finish());
    }
    let mut file = state.media_dir.join(&upload.file);
    let mut mimetype = upload.mimetype.clone();
    let wants_mp3 = matches!(params.get("to"), Some("mp3" | "audio/mpeg"));
    if wants_mp3 && mimetype != "audio/mpeg" {
        let kbps = crate::media::transcode::pick_kbps(
            params.get("max_bitrate").and_then(|b| b.parse().ok()),
        );
        let media_dir = state.media_dir.clone();
        let source = file.clone();
        let uuid = upload.uuid.clone();
        let transcoded =
            web::block(move || crate::media::transcode::mp3(&media_dir, &source, &uuid, kbps))
                .await
                .map_err(ApiError::internal)?;
        // A file the decoder cannot read is served as it is, like a pod without a transcoder.
        match transcoded {
            Ok(path) => {
                file = path;
                mimetype = "audio/mpeg".to_owned();
            }
            Err(err) => tracing::warn!(error = %err, "transcoding failed; serving the original"),
        }
    }
    let size = std::fs::metadata(&file)
        .map_err(|e| ApiError::internal(format!("{}: {e}", file.display())))?
        .len();
    let range_header = req
        .headers()
        .get(header::RANGE)
        .and_then(|v| v.to_str().ok());
    let (status, start, len) = match range::parse(range_header, size) {
        RangeRequest::Full => (actix_web::http::StatusCode::OK, 0, size),
        RangeRequest::Partial(r) => (
            actix_web::http::StatusCode::PARTIAL_CONTENT,
            r.start,
            r.len(),
        ),
        RangeRequest::Unsatisfiable => return Err(ApiError::RangeNotSatisfiable { size }),
    };
    let mut builder = HttpResponse::build(status);
    builder
        .insert_header((header::CONTENT_TYPE, mimetype.as_str()))
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        .insert_header((header::CACHE_CONTROL, "private, max-age=3600"));
    if status == actix_web::http::StatusCode::PARTIAL_CONTENT {
        builder.insert_header((
            header::CONTENT_RANGE,
            format!("bytes {}-{}/{size}", start, start + len - 1),
        ));
    }
    if req.method() == actix_web::http::Method::HEAD {
        builder.no_chunking(len);
        return Ok(builder.finish());
    }
    let bytes = web::block(move || read_slice(&file, start, len))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(builder.body(bytes))
}
