//! Standard Webhooks signatures: `v1,` and the base64 HMAC-SHA256 of
//! `id.timestamp.body` over the bytes sent, keyed by the secret's base64
//! part; during a rotation the old secret signs beside the new one.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The key a `whsec_...` secret stands for.
fn key(secret: &str) -> Vec<u8> {
    let encoded = secret.strip_prefix("whsec_").unwrap_or(secret);
    STANDARD.decode(encoded).unwrap_or_else(|_| encoded.as_bytes().to_vec())
}

/// One signature: `v1,` and the base64 MAC.
pub fn signature(secret: &str, message_id: &str, timestamp: i64, body: &[u8]) -> String {
    // HMAC takes a key of any length.
    let mut mac = Hmac::<Sha256>::new_from_slice(&key(secret)).expect("HMAC takes any key length");
    mac.update(format!("{message_id}.{timestamp}.").as_bytes());
    mac.update(body);
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

/// The `webhook-signature` header: one signature per secret, space-separated.
pub fn header(secrets: &[&str], message_id: &str, timestamp: i64, body: &[u8]) -> String {
    secrets.iter().map(|s| signature(s, message_id, timestamp, body)).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of the Standard Webhooks specification's test vectors.
    #[test]
    fn signs_as_the_specification_does() {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = br#"{"test": 2432232314}"#;
        assert_eq!(
            signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1_614_265_330, body),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }

    #[test]
    fn every_secret_signs_during_a_rotation() {
        let header = header(&["whsec_YWFh", "whsec_YmJi"], "msg_1", 1, b"{}");
        let parts: Vec<&str> = header.split(' ').collect();
        assert_eq!(parts.len(), 2);
        assert!(parts.iter().all(|p| p.starts_with("v1,")));
        assert_ne!(parts[0], parts[1]);
    }
}
