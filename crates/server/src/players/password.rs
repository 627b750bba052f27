//! Account passwords: argon2id (the `argon2` crate's defaults, RFC 9106's second recommended
//! setting), hashed and checked on a blocking thread since each takes tens of milliseconds.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use crate::error::ApiError;

/// Shortest password accepted.
pub const MIN_LENGTH: usize = 8;
/// Longest password accepted (bounds the hashing work a request can ask for).
pub const MAX_LENGTH: usize = 256;

/// Refuses a password too short or too long (422 `bad_password`).
pub fn check_length(password: &str) -> Result<(), ApiError> {
    let n = password.chars().count();
    if (MIN_LENGTH..=MAX_LENGTH).contains(&n) && password.len() <= 4 * MAX_LENGTH {
        Ok(())
    } else {
        Err(ApiError::unprocessable(
            "bad_password",
            format!("a password has {MIN_LENGTH} to {MAX_LENGTH} characters"),
        ))
    }
}

/// The PHC string of `password` with a fresh salt.
pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let mut bytes = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut bytes);
        let salt = SaltString::encode_b64(&bytes).map_err(ApiError::internal)?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(ApiError::internal)
    })
    .await
    .map_err(ApiError::internal)?
}

/// Whether `password` matches the stored PHC string.
pub async fn verify(password: String, stored: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&stored).map_err(ApiError::internal)?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .map_err(ApiError::internal)?
}
