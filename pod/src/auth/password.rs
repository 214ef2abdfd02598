//! Argon2id password hashes in PHC string form (the parameters travel with each hash).

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, SaltString};
use argon2::{Algorithm, Argon2, Params, PasswordVerifier, Version};

use crate::error::PodError;

/// OWASP's minimum for Argon2id (19 MiB, 2 passes) unless `fast` (tests) asks for less.
fn hasher(fast: bool) -> Result<Argon2<'static>, PodError> {
    let params = if fast {
        Params::new(1024, 1, 1, None)
    } else {
        Params::new(19 * 1024, 2, 1, None)
    }
    .map_err(|e| PodError::Hash(e.to_string()))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

pub fn hash(password: &str, fast: bool) -> Result<String, PodError> {
    let salt = SaltString::generate(&mut OsRng);
    hasher(fast)?
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| PodError::Hash(e.to_string()))
}

pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let stored = hash("s3cret-pass", true).unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("s3cret-pass", &stored));
        assert!(!verify("wrong", &stored));
        assert!(!verify("s3cret-pass", "not a hash"));
    }
}
