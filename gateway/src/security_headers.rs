//! Security headers. Every response gets `nosniff` and a referrer policy; HTML documents also
//! get a Content-Security-Policy without inline script and are not frameable, except the
//! embed player (`/embed…`), which other sites are meant to frame.

use actix_web::{
    body::MessageBody,
    dev::{ServiceRequest, ServiceResponse},
    http::header::{self, HeaderName, HeaderValue},
    middleware::Next,
    web, Error,
};

/// The CSP header values, computed once at start-up.
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    page_csp: HeaderValue,
    embed_csp: HeaderValue,
}

impl SecurityHeaders {
    /// `remote_origins` are the origins of remotes moved off the gateway: their scripts, and
    /// the styles and fonts their builds import, must be allowed to load.
    pub fn new(remote_origins: &[String]) -> Self {
        Self {
            page_csp: csp(remote_origins, true),
            embed_csp: csp(remote_origins, false),
        }
    }

    pub fn page_csp(&self) -> &HeaderValue {
        &self.page_csp
    }
}

fn csp(remote_origins: &[String], deny_framing: bool) -> HeaderValue {
    let extra: String = remote_origins.iter().map(|o| format!(" {o}")).collect();
    let mut policy = format!(
        "default-src 'self'; script-src 'self'{extra}; style-src 'self' 'unsafe-inline'{extra}; \
         img-src 'self' data: blob: http: https:; media-src 'self' blob: http: https:; \
         connect-src 'self' http: https: ws: wss:; font-src 'self' data:{extra}; \
         worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'"
    );
    if deny_framing {
        policy.push_str("; frame-ancestors 'none'");
    }
    // Origins come from parsed URLs (ASCII serialisation), so the value is always valid.
    HeaderValue::from_str(&policy)
        .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"))
}

fn is_embed(path: &str) -> bool {
    path == "/embed" || path.starts_with("/embed/")
}

fn is_html(res: &ServiceResponse<impl MessageBody>) -> bool {
    res.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("text/html"))
}

/// Middleware adding the headers; a header the handler (or the pod) already set is kept.
pub async fn add_security_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let embed = is_embed(req.path());
    let policy = req.app_data::<web::Data<SecurityHeaders>>().cloned();
    let mut res = next.call(req).await?;
    let html = is_html(&res);
    let headers = res.headers_mut();
    let mut set = |name: HeaderName, value: HeaderValue| {
        if !headers.contains_key(&name) {
            headers.insert(name, value);
        }
    };
    set(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    set(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    if html {
        if let Some(policy) = policy {
            let csp = if embed {
                policy.embed_csp.clone()
            } else {
                policy.page_csp.clone()
            };
            set(header::CONTENT_SECURITY_POLICY, csp);
        }
        if !embed {
            set(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn csp_lists_remote_origins_and_no_inline_script() {
        let h = SecurityHeaders::new(&["https://cdn.example".to_owned()]);
        let page = h.page_csp.to_str().unwrap();
        assert!(page.contains("script-src 'self' https://cdn.example;"));
        assert!(page.ends_with("frame-ancestors 'none'"));
        let script = page.split(';').find(|d| d.contains("script-src")).unwrap();
        assert!(!script.contains("unsafe-inline"));
        assert!(!h.embed_csp.to_str().unwrap().contains("frame-ancestors"));
    }

    #[test]
    fn embed_paths() {
        assert!(is_embed("/embed"));
        assert!(is_embed("/embed/track/1"));
        assert!(!is_embed("/embedded"));
    }
}
