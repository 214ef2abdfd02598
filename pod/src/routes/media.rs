//! `/media/…`: stored attachments (covers). Public, like a real pod's media URLs.

use actix_web::http::header;
use actix_web::{web, HttpResponse};

use crate::error::ApiError;
use crate::state::AppState;
use crate::store::catalogue as cat;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/attachments/{file}").route(web::get().to(attachment)))
        .default_service(web::to(crate::routes::not_found));
}

async fn attachment(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let relative = format!("attachments/{}", path.into_inner());
    let lookup = relative.clone();
    // Only files the database knows are served, so no path from the URL reaches the disk.
    let attachment = state
        .db
        .run(move |conn| cat::attachment_by_file(conn, &lookup))
        .await?
        .ok_or(ApiError::NotFound)?;
    let file = state.media_dir.join(&attachment.file);
    let bytes = web::block(move || std::fs::read(file))
        .await
        .map_err(ApiError::internal)?
        .map_err(|_| ApiError::NotFound)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, attachment.mimetype))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(bytes))
}
