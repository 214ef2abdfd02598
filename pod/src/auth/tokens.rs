//! Random secrets and the signed (HS256) OAuth access tokens.

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::distr::Alphanumeric;
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// A random alphanumeric string from the OS-seeded thread generator.
pub fn random_token(len: usize) -> String {
    rand::rng()
        .sample_iter(&Alphanumeric)
        .take(len)
        .map(char::from)
        .collect()
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccessClaims {
    /// The user id.
    pub sub: String,
    /// The token id, looked up in `oauth_tokens` so a token can be revoked.
    pub jti: String,
    pub exp: u64,
    pub iat: u64,
    pub scope: String,
}

impl AccessClaims {
    pub fn user_id(&self) -> Option<i64> {
        self.sub.parse().ok()
    }
}

pub fn sign_access(secret: &[u8], claims: &AccessClaims) -> Result<String, ApiError> {
    encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(secret),
    )
    .map_err(ApiError::internal)
}

/// Signature and expiry only; the caller still checks revocation in SQLite.
pub fn verify_access(secret: &[u8], token: &str) -> Option<AccessClaims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp", "sub"]);
    decode::<AccessClaims>(token, &DecodingKey::from_secret(secret), &validation)
        .ok()
        .map(|data| data.claims)
}

pub fn now_secs() -> u64 {
    jsonwebtoken::get_current_timestamp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_and_verifies() {
        let secret = b"0123456789abcdef0123456789abcdef";
        let claims = AccessClaims {
            sub: "7".into(),
            jti: random_token(20),
            exp: now_secs() + 60,
            iat: now_secs(),
            scope: "read write".into(),
        };
        let token = sign_access(secret, &claims).unwrap();
        let back = verify_access(secret, &token).unwrap();
        assert_eq!(back.user_id(), Some(7));
        assert_eq!(back.jti, claims.jti);
        assert!(verify_access(b"another secret another secret!!", &token).is_none());
        let expired = AccessClaims {
            exp: now_secs() - 5,
            ..claims
        };
        let token = sign_access(secret, &expired).unwrap();
        assert!(verify_access(secret, &token).is_none());
        assert!(verify_access(secret, "garbage").is_none());
    }
}
