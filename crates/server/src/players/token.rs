//! The secret in a player's cookie: 32 random bytes, sent as hex; only its SHA-256 is stored, so
//! a copy of the database signs nobody in.

use axum::http::{HeaderMap, HeaderValue, header};
use rand::RngCore;
use sha2::{Digest, Sha256};

/// The cookie's name.
pub const COOKIE: &str = "qipan_player";
/// How long a browser keeps the cookie: a year (renewed on every new session).
const MAX_AGE_SECONDS: u64 = 365 * 24 * 3600;

/// A fresh secret, as the cookie carries it.
pub fn generate() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the store keeps of a secret.
pub fn hash(secret: &str) -> Vec<u8> {
    Sha256::digest(secret.as_bytes()).to_vec()
}

/// The secret of the request's player cookie, if it carries a well-formed one.
pub fn from_headers(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_owned())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The `Set-Cookie` value that keeps `secret` in the browser: `HttpOnly` (no script reads it),
/// `SameSite=Lax` (other sites' forms do not send it), `Secure` when served over TLS.
pub fn set_cookie(secret: &str, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text = format!(
        "{COOKIE}={secret}; Path=/; Max-Age={MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax{secure}"
    );
    HeaderValue::from_str(&text).expect("a cookie of hex digits is a valid header")
}

/// The `Set-Cookie` value that makes the browser drop the cookie.
pub fn clear_cookie(secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text = format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}");
    HeaderValue::from_str(&text).expect("a static cookie is a valid header")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_secret_reads_back_from_a_cookie_header() {
        let secret = generate();
        let mut headers = HeaderMap::new();
        let cookie = format!("other=1; {COOKIE}={secret}; x=y");
        headers.insert(header::COOKIE, HeaderValue::from_str(&cookie).unwrap());
        assert_eq!(from_headers(&headers), Some(secret.clone()));
        assert_eq!(hash(&secret).len(), 32);
        assert_ne!(hash(&secret), hash(&generate()));
    }

    #[test]
    fn malformed_secrets_are_ignored() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_static("qipan_player=zz"));
        assert_eq!(from_headers(&headers), None);
    }
}
