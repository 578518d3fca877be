//! A request's id: the client's `x-request-id` when it is short and plain,
//! one made here otherwise. The HTTP layer puts it in the request's
//! extensions, its span (so in every log line of the request) and the
//! response; the MCP layer adds it to each tool call's span.

use axum::http::{HeaderName, HeaderValue};

pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// The longest id kept from a client; a longer one is replaced.
const MAX_CHARS: usize = 128;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestId(HeaderValue);

impl RequestId {
    /// The client's id if it is 1 to 128 characters of letters, digits and
    /// `-_.:/+=@` (what tracing systems send: UUIDs, hex, base64), else a new one.
    pub fn kept_or_made(sent: Option<&HeaderValue>) -> Self {
        match sent {
            Some(value) if plain(value.as_bytes()) => Self(value.clone()),
            _ => Self::made(),
        }
    }

    /// 128 random bits in hex.
    pub fn made() -> Self {
        let bytes: [u8; 16] = rand::random();
        let text = hex::encode(bytes);
        // Hex digits are always a valid header value.
        Self(HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static("0")))
    }

    pub fn header_value(&self) -> &HeaderValue {
        &self.0
    }

    pub fn as_str(&self) -> &str {
        // Only plain ASCII gets in.
        self.0.to_str().unwrap_or_default()
    }
}

fn plain(bytes: &[u8]) -> bool {
    (1..=MAX_CHARS).contains(&bytes.len()) && bytes.iter().all(|b| b.is_ascii_alphanumeric() || b"-_.:/+=@".contains(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_id_is_kept_and_anything_else_replaced() {
        let kept = RequestId::kept_or_made(Some(&HeaderValue::from_static("4bf92f35-77b3.x:1")));
        assert_eq!(kept.as_str(), "4bf92f35-77b3.x:1");
        for hostile in ["", "a b", "<script>", "\u{7f}"] {
            let sent = HeaderValue::from_bytes(hostile.as_bytes()).ok();
            let id = RequestId::kept_or_made(sent.as_ref());
            assert_eq!(id.as_str().len(), 32, "{hostile:?} -> {}", id.as_str());
        }
        let long = "a".repeat(129);
        assert_ne!(RequestId::kept_or_made(Some(&HeaderValue::from_str(&long).unwrap())).as_str(), long);
        let longest = "a".repeat(128);
        assert_eq!(RequestId::kept_or_made(Some(&HeaderValue::from_str(&longest).unwrap())).as_str(), longest);
        assert_ne!(RequestId::made(), RequestId::made());
    }
}
