//! Django-style double-submit CSRF: the `csrftoken` cookie must be echoed in `X-CSRFToken`.

use actix_web::cookie::{time::Duration, Cookie, SameSite};
use actix_web::HttpRequest;

use crate::auth::tokens::random_token;
use crate::error::ApiError;

pub const COOKIE: &str = "csrftoken";
pub const HEADER: &str = "X-CSRFToken";

pub fn check(req: &HttpRequest) -> Result<(), ApiError> {
    let cookie = req
        .cookie(COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|v| !v.is_empty())
        .ok_or(ApiError::Csrf("CSRF cookie not set."))?;
    let header = req
        .headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty())
        .ok_or(ApiError::Csrf("CSRF token missing."))?;
    if constant_time_eq(cookie.as_bytes(), header.as_bytes()) {
        Ok(())
    } else {
        Err(ApiError::Csrf("CSRF token incorrect."))
    }
}

pub fn new_cookie() -> Cookie<'static> {
    Cookie::build(COOKIE, random_token(32))
        .path("/")
        .same_site(SameSite::Lax)
        .max_age(Duration::days(365))
        .finish()
}

pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn double_submit() {
        let missing = TestRequest::default().to_http_request();
        assert!(matches!(
            check(&missing),
            Err(ApiError::Csrf("CSRF cookie not set."))
        ));
        let no_header = TestRequest::default()
            .cookie(Cookie::new(COOKIE, "abc"))
            .to_http_request();
        assert!(matches!(
            check(&no_header),
            Err(ApiError::Csrf("CSRF token missing."))
        ));
        let wrong = TestRequest::default()
            .cookie(Cookie::new(COOKIE, "abc"))
            .insert_header((HEADER, "abd"))
            .to_http_request();
        assert!(matches!(
            check(&wrong),
            Err(ApiError::Csrf("CSRF token incorrect."))
        ));
        let good = TestRequest::default()
            .cookie(Cookie::new(COOKIE, "abc"))
            .insert_header((HEADER, "abc"))
            .to_http_request();
        assert!(check(&good).is_ok());
        assert_eq!(new_cookie().value().len(), 32);
    }
}
