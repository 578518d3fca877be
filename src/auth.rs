//! Bearer tokens as text: their shape (`tl_` and 43 base64url characters
//! of randomness), how one is made, read from an `Authorization` header and
//! hashed. Only the SHA-256 is stored, so a leaked database leaks no usable
//! token. Who a token belongs to is the store's (`store::identity`); what a
//! viewer may see is `store::visibility`'s.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

pub const TOKEN_PREFIX: &str = "tl_";

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub fn generate_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    format!("{TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes))
}

/// Extracts the token of an `Authorization: Bearer ...` header value.
pub fn bearer(header: &str) -> Option<&str> {
    let (scheme, token) = header.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_accepts_any_case_scheme_and_rejects_empty() {
        assert_eq!(bearer("Bearer tl_abc"), Some("tl_abc"));
        assert_eq!(bearer("bearer  tl_abc "), Some("tl_abc"));
        assert_eq!(bearer("Basic xyz"), None);
        assert_eq!(bearer("Bearer "), None);
    }

    #[test]
    fn tokens_are_random_and_hashed() {
        let a = generate_token();
        assert!(a.starts_with(TOKEN_PREFIX) && a.len() == 46);
        assert_ne!(a, generate_token());
        assert_eq!(hash_token(&a).len(), 64);
        assert_ne!(hash_token(&a), a);
    }
}
