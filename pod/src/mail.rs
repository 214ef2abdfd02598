//! Outgoing mail: written as `.eml` files under `DATA/outbox/` and logged (no SMTP).

use std::path::{Path, PathBuf};

use crate::auth::tokens::random_token;
use crate::error::ApiError;

pub fn send(outbox: &Path, to: &str, subject: &str, body: &str) -> Result<PathBuf, ApiError> {
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%.6fZ");
    let path = outbox.join(format!("{stamp}-{}.eml", random_token(6)));
    let message = format!(
        "To: {to}\r\nFrom: Shoal pod <noreply@shoal.invalid>\r\nSubject: {subject}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    );
    std::fs::create_dir_all(outbox).map_err(ApiError::internal)?;
    std::fs::write(&path, message).map_err(ApiError::internal)?;
    tracing::info!(to, subject, path = %path.display(), "mail written to outbox");
    Ok(path)
}
