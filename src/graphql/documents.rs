//! Parsed documents remembered by their text. Front ends and agents send
//! the same few documents again and again, and parsing one was 8% of the
//! gateway's CPU on a page of tasks (perf, under load). A text is remembered only after
//! its document parsed and passed the document limits, so a remembered
//! text skips both. The cache holds at most `MAX_TEXT_BYTES` of text,
//! dropping the least recently used first, so no stream of distinct
//! documents makes it grow. A parsed field takes a few hundred bytes
//! however short its text, so the budget is set for the worst case (a
//! text of one-letter fields) to stay within a few MiB.

use std::sync::{Arc, Mutex};

use async_graphql::parser::types::ExecutableDocument;
use lru::LruCache;

/// All the text remembered at once.
const MAX_TEXT_BYTES: usize = 64 * 1024;
/// A longer text is parsed each time: it is rare, and would crowd out the rest.
const MAX_DOCUMENT_BYTES: usize = 8 * 1024;

#[derive(Default)]
pub struct DocumentCache {
    entries: Mutex<Entries>,
}

struct Entries {
    lru: LruCache<String, Arc<ExecutableDocument>>,
    bytes: usize,
}

impl Default for Entries {
    fn default() -> Self {
        Self { lru: LruCache::unbounded(), bytes: 0 }
    }
}

impl DocumentCache {
    /// The document `text` parsed to, when it was remembered.
    pub fn get(&self, text: &str) -> Option<Arc<ExecutableDocument>> {
        if text.len() > MAX_DOCUMENT_BYTES {
            return None;
        }
        self.entries.lock().ok()?.lru.get(text).cloned()
    }

    /// Remembers what `text` parsed to (a document that passed the limits).
    pub fn remember(&self, text: &str, document: &ExecutableDocument) {
        if text.len() > MAX_DOCUMENT_BYTES {
            return;
        }
        let document = Arc::new(document.clone());
        let Ok(mut entries) = self.entries.lock() else { return };
        // Two requests of one new text both parse it; the second replaces
        // the first's document.
        if entries.lru.put(text.to_owned(), document).is_none() {
            entries.bytes += text.len();
        }
        while entries.bytes > MAX_TEXT_BYTES {
            let Some((evicted, _)) = entries.lru.pop_lru() else { break };
            entries.bytes -= evicted.len();
        }
    }

    #[cfg(test)]
    fn text_bytes(&self) -> (usize, usize) {
        let entries = self.entries.lock().expect("not poisoned");
        (entries.lru.len(), entries.bytes)
    }
}

#[cfg(test)]
mod tests {
    use async_graphql::parser::parse_query;

    use super::*;

    fn document(fields: usize) -> (String, ExecutableDocument) {
        let text = format!("{{ {} }}", vec!["__typename"; fields].join(" "));
        let document = parse_query(&text).expect("parses");
        (text, document)
    }

    #[test]
    fn a_remembered_text_gives_its_document_back() {
        let cache = DocumentCache::default();
        let (text, parsed) = document(3);
        assert!(cache.get(&text).is_none());
        cache.remember(&text, &parsed);
        let found = cache.get(&text).expect("remembered");
        assert_eq!(format!("{:?}", found.operations), format!("{:?}", parsed.operations));
        assert!(cache.get("{ __typename }").is_none(), "another text is another document");
    }

    #[test]
    fn the_text_held_stays_within_its_budget_and_long_texts_are_not_held() {
        let cache = DocumentCache::default();
        let (long, parsed) = document(MAX_DOCUMENT_BYTES / 10);
        assert!(long.len() > MAX_DOCUMENT_BYTES);
        cache.remember(&long, &parsed);
        assert_eq!(cache.text_bytes(), (0, 0));

        let texts: Vec<String> = (0..2_000).map(|n| format!("{{ __typename }} # {n:0>300}")).collect();
        let parsed = parse_query(&texts[0]).expect("parses");
        for text in &texts {
            cache.remember(text, &parsed);
        }
        let (held, bytes) = cache.text_bytes();
        assert!(bytes <= MAX_TEXT_BYTES && bytes > MAX_TEXT_BYTES - texts[0].len(), "{bytes}");
        assert_eq!(held * texts[0].len(), bytes);
        // The least recently used went first.
        assert!(cache.get(&texts[0]).is_none());
        assert!(cache.get(&texts[1_999]).is_some());
    }
}
