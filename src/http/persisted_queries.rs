//! Automatic persisted queries, as Apollo Client and urql speak them: a
//! request names its document by SHA-256 in
//! `extensions.persistedQuery {version: 1, sha256Hash}`; without the text, the
//! server answers `PersistedQueryNotFound` until the client has sent the
//! text once with its hash. Documents are kept in a bounded LRU cache, by
//! count and by bytes; the text is kept, not a parsed document, so a
//! persisted request is parsed and checked like any other.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, PoisonError};

use lru::LruCache;
use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Most documents kept.
const MAX_ENTRIES: NonZeroUsize = NonZeroUsize::new(2_048).expect("non-zero");
/// Most bytes of document text kept; the least recently used go first.
const MAX_BYTES: usize = 8 * 1024 * 1024;

/// The shared cache; cheap to clone.
#[derive(Clone)]
pub struct PersistedQueries {
    cache: Arc<Mutex<Cache>>,
}

struct Cache {
    documents: LruCache<String, Arc<str>>,
    bytes: usize,
}

/// What a request runs.
#[derive(Debug)]
pub struct Resolved {
    /// The document's text, if the request has one.
    pub query: Option<Arc<str>>,
    /// The hash to keep the text under once it has run.
    pub register: Option<String>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PersistedQueryError {
    /// The protocol's own message: clients look for it word for word.
    #[error("PersistedQueryNotFound")]
    NotFound,
    #[error("provided sha does not match query")]
    HashMismatch,
    #[error("persistedQuery must be {{\"version\": 1, \"sha256Hash\": \"<64 hex digits>\"}}")]
    Malformed,
    #[error("persistedQuery version {0} is not supported")]
    UnsupportedVersion(i64),
}

impl PersistedQueryError {
    pub fn hint(&self) -> &'static str {
        match self {
            PersistedQueryError::NotFound => "send the query again with its text and the same persistedQuery extension",
            PersistedQueryError::HashMismatch => "sha256Hash is the lower-case hex SHA-256 of the query text as sent",
            PersistedQueryError::Malformed | PersistedQueryError::UnsupportedVersion(_) => {
                "use version 1 with the SHA-256 of the query text in hex"
            }
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PersistedQueryExtension {
    version: i64,
    sha256_hash: String,
}

impl Default for PersistedQueries {
    fn default() -> Self {
        Self::new()
    }
}

impl PersistedQueries {
    pub fn new() -> Self {
        let cache = Cache { documents: LruCache::new(MAX_ENTRIES), bytes: 0 };
        Self { cache: Arc::new(Mutex::new(cache)) }
    }

    /// The text a request runs: its own (checked against the hash it names),
    /// or the one kept under that hash.
    pub fn resolve(&self, query: Option<String>, extension: Option<&Value>) -> Result<Resolved, PersistedQueryError> {
        let Some(extension) = extension.filter(|e| !e.is_null()) else {
            return Ok(Resolved { query: query.map(Arc::from), register: None });
        };
        let PersistedQueryExtension { version, sha256_hash } =
            PersistedQueryExtension::deserialize(extension).map_err(|_| PersistedQueryError::Malformed)?;
        if version != 1 {
            return Err(PersistedQueryError::UnsupportedVersion(version));
        }
        if sha256_hash.len() != 64 || !sha256_hash.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(PersistedQueryError::Malformed);
        }
        let hash = sha256_hash.to_ascii_lowercase();
        // urql sends an empty `query` beside the hash.
        match query.filter(|q| !q.is_empty()) {
            Some(query) => {
                if hex::encode(Sha256::digest(query.as_bytes())) != hash {
                    return Err(PersistedQueryError::HashMismatch);
                }
                Ok(Resolved { query: Some(Arc::from(query)), register: Some(hash) })
            }
            None => {
                let mut cache = self.lock();
                let query = cache.documents.get(&hash).cloned().ok_or(PersistedQueryError::NotFound)?;
                Ok(Resolved { query: Some(query), register: None })
            }
        }
    }

    /// Keeps a document under its hash, dropping the least recently used
    /// ones beyond the bounds; one larger than all the room is not kept.
    pub fn register(&self, hash: String, query: Arc<str>) {
        if query.len() > MAX_BYTES {
            return;
        }
        let mut cache = self.lock();
        cache.bytes += query.len();
        if let Some((_, replaced)) = cache.documents.push(hash, query) {
            cache.bytes -= replaced.len();
        }
        while cache.bytes > MAX_BYTES {
            match cache.documents.pop_lru() {
                Some((_, dropped)) => cache.bytes -= dropped.len(),
                None => break,
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Cache> {
        // The cache is consistent after every statement; a panic elsewhere
        // while holding the lock leaves nothing half-done.
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const QUERY: &str = "{ viewer { username } }";

    fn hash_of(query: &str) -> String {
        hex::encode(Sha256::digest(query.as_bytes()))
    }

    fn extension(hash: &str) -> Value {
        json!({"version": 1, "sha256Hash": hash})
    }

    #[test]
    fn a_hash_resolves_after_its_text_was_registered() {
        let cache = PersistedQueries::new();
        let ext = extension(&hash_of(QUERY));
        assert_eq!(cache.resolve(None, Some(&ext)).unwrap_err(), PersistedQueryError::NotFound);
        let resolved = cache.resolve(Some(QUERY.into()), Some(&ext)).expect("text with its hash");
        assert_eq!(resolved.register.as_deref(), Some(hash_of(QUERY).as_str()));
        cache.register(hash_of(QUERY), Arc::from(QUERY));
        let resolved = cache.resolve(Some(String::new()), Some(&ext)).expect("hash only");
        assert_eq!(resolved.query.as_deref(), Some(QUERY));
        assert_eq!(resolved.register, None);
    }

    #[test]
    fn a_wrong_or_malformed_hash_is_refused() {
        let cache = PersistedQueries::new();
        let wrong = extension(&hash_of("{ other }"));
        assert_eq!(cache.resolve(Some(QUERY.into()), Some(&wrong)).unwrap_err(), PersistedQueryError::HashMismatch);
        let short = extension("abc");
        assert_eq!(cache.resolve(None, Some(&short)).unwrap_err(), PersistedQueryError::Malformed);
        let v2 = json!({"version": 2, "sha256Hash": hash_of(QUERY)});
        assert_eq!(cache.resolve(None, Some(&v2)).unwrap_err(), PersistedQueryError::UnsupportedVersion(2));
        assert_eq!(cache.resolve(None, Some(&json!("x"))).unwrap_err(), PersistedQueryError::Malformed);
    }

    #[test]
    fn the_cache_stays_within_its_bytes() {
        let cache = PersistedQueries::new();
        let big: Arc<str> = Arc::from("x".repeat(MAX_BYTES / 3 + 1));
        for n in 0..4 {
            cache.register(format!("{n}"), Arc::clone(&big));
        }
        let kept = cache.lock();
        assert!(kept.bytes <= MAX_BYTES, "{}", kept.bytes);
        assert_eq!(kept.documents.len(), 2);
        assert!(kept.documents.contains(&"3".to_owned()));
    }
}
