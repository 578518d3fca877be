//! The guard's fitting of a record (a task, a page, a project): when
//! what is beside its longest text window would leave that window less
//! than half the cap, its longest list is cut from its tail; a window whose
//! `maxChars` is a variable the call sends is read again, narrower (so the
//! schema says what the partial read means); any other window is cut in
//! place.

use serde_json::{Map, Value};

use super::{Budget, Fit, MARK_ROOM, encode, narrow_text};
use crate::error_code::ErrorCode;
use crate::mcp::error::{ToolError, ToolResult};
use crate::mcp::reply::Window;
use crate::text::utf16_len;

/// What fitting a record did so far, kept across its reads.
#[derive(Default)]
pub struct Fitting {
    /// Lists cut from their tail: key and items kept.
    cuts: Vec<(String, usize)>,
    reads: usize,
    /// A text cut in place, or the reply's list cut.
    narrowed: bool,
}

impl Fitting {
    /// Whether anything was cut for the reply to fit.
    pub fn cut(&self) -> bool {
        !self.cuts.is_empty() || self.reads > 0 || self.narrowed
    }

    pub(crate) fn cut_list(&mut self) {
        self.narrowed = true;
    }
}

/// How many times a record is read again before it is too large: once is
/// enough but where escapes move the size.
const MAX_READS: usize = 2;
/// Room left for the marks a narrowed window gains.
const SLACK: usize = MARK_ROOM;

/// Fits a record in its cap, by the first step that applies, until it fits:
/// when what is beside its longest window would leave that window less
/// than half the cap, the record's longest list is cut from its tail; a
/// window sized by a variable the call sends is read again, narrower; any
/// other window is cut in place.
pub fn fit_record(
    mut record: Map<String, Value>,
    windows: &[Window],
    budget: &Budget,
    fitting: &mut Fitting,
) -> ToolResult<Fit> {
    let cap = budget.cap;
    for (key, kept) in &fitting.cuts {
        cut_list(&mut record, key, *kept);
    }
    loop {
        // Serializing a map cannot fail.
        let text = serde_json::to_string(&record).unwrap_or_default();
        let size = utf16_len(&text);
        if size <= cap {
            return Ok(Fit::Reply(text));
        }
        let too_large = || {
            ToolError::new(
                ErrorCode::ReplyTooLarge,
                format!("the reply is {size} characters, over the {cap}-character cap"),
                "ask for less, or a larger `max_chars`",
            )
        };
        // A record without a window has no text to narrow; one whose window
        // is empty (a section not found, a cursor at the end) still has its
        // lists to cut.
        if windows.is_empty() {
            return Err(too_large());
        }
        let longest = windows
            .iter()
            .filter_map(|w| Some((w, record.get(&w.key)?.as_str()?.to_owned())))
            .max_by_key(|(_, text)| utf16_len(text));
        let text_size = longest.as_ref().map_or(0, |(_, text)| encoded_len(text));
        let rest = size - text_size;
        let floor = text_size.min(cap / 2);
        if rest + floor + SLACK > cap {
            if let Some(cut) = cut_longest_list(&mut record, rest + floor + SLACK - cap) {
                fitting.cuts.push(cut);
                continue;
            }
        }
        let Some((window, text)) = longest else { return Err(too_large()) };
        let room = cap.saturating_sub(rest).saturating_sub(SLACK);
        if let Some(variable) = window.max_chars_from.as_ref().filter(|v| budget.resizable.contains(*v)) {
            // The schema reads the narrower window, so what it says about
            // the read (where the next starts, whether it is whole) holds.
            let kept = crate::text::fit_json(&text, room).filter(|k| !k.is_empty());
            return match kept {
                Some(kept) if fitting.reads < MAX_READS => {
                    fitting.reads += 1;
                    Ok(Fit::Again { variable: variable.clone(), chars: utf16_len(kept) })
                }
                _ => Err(too_large()),
            };
        }
        fitting.narrowed = true;
        return narrow_in_place(record, window, cap).map(Fit::Reply).ok_or_else(too_large);
    }
}

/// Cuts `window`'s text in `record` until the record fits in `cap`. Only a
/// window read from a cursor, whose start is known, says where to read on.
fn narrow_in_place(record: Map<String, Value>, window: &Window, cap: usize) -> Option<String> {
    let key = &window.key;
    let resumable = window.cursor_from.as_ref().and(window.start);
    narrow_text(record, key, cap, |reply, kept| {
        reply.insert(format!("{key}_truncated"), true.into());
        if let Some(total) = &window.total {
            reply.insert(format!("{key}_total_chars"), total.clone());
        }
        match resumable {
            Some(start) => _ = reply.insert(format!("{key}_next"), (start + utf16_len(kept) as u64).into()),
            None => _ = reply.remove(&format!("{key}_next")),
        }
    })
}

/// The length of `text` written as a JSON string, without its quotes.
fn encoded_len(text: &str) -> usize {
    utf16_len(&encode(&Value::String(text.to_owned()))) - 2
}

/// Cuts the longest list of `record` by at least `excess` characters (its
/// `_truncated` mark counted), from its tail; the key and the items kept,
/// or None without a list to cut.
fn cut_longest_list(record: &mut Map<String, Value>, excess: usize) -> Option<(String, usize)> {
    let (key, items) = record
        .iter()
        .filter_map(|(key, value)| Some((key, value.as_array().filter(|a| !a.is_empty())?)))
        .max_by_key(|(_, items)| items.iter().map(|item| utf16_len(&encode(item)) + 1).sum::<usize>())?;
    let excess = excess + utf16_len(&format!(",\"{key}_truncated\":true"));
    let mut kept = items.len();
    let mut dropped = 0;
    while kept > 0 && dropped < excess {
        kept -= 1;
        dropped += utf16_len(&encode(&items[kept])) + 1;
    }
    let key = key.clone();
    cut_list(record, &key, kept);
    Some((key, kept))
}

fn cut_list(record: &mut Map<String, Value>, key: &str, kept: usize) {
    if let Some(Value::Array(items)) = record.get_mut(key) {
        if items.len() > kept {
            items.truncate(kept);
            record.insert(format!("{key}_truncated"), true.into());
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use serde_json::json;

    use super::*;
    use crate::mcp::document::{Shared, ToolDocument};
    use crate::mcp::reply::{Shaped, Style, shape};
    use crate::mcp::types::Types;

    const SDL: &str = "type Query { page: Page }
        type Page { title: String tags: [String!]! notes: [String!]! body(maxChars: Int, cursor: Int): TextWindow! }
        type TextWindow { text: String! totalChars: Int! start: Int! next: Int truncated: Boolean! }";

    /// A result as the executor returns it.
    fn graphql(data: &Value) -> async_graphql::Value {
        async_graphql::Value::from_json(data.clone()).expect("a GraphQL value")
    }

    fn document(text: &str) -> ToolDocument {
        let types = Types::from_sdl(SDL).expect("sdl");
        ToolDocument::parse("page.graphql", text, &types, &Shared { name: "", text: "" }).expect("a tool")
    }

    fn fit(document: &ToolDocument, data: Value, cap: usize, fitting: &mut Fitting) -> Value {
        let style = Style::default();
        let budget = Budget { cap, resizable: HashSet::from(["maxChars".to_owned()]) };
        let Shaped::Record { record, windows } = shape(document, &graphql(&data), &style).expect("a record") else {
            panic!("not a record")
        };
        match fit_record(record, &windows, &budget, fitting).expect("a reply") {
            Fit::Reply(text) => {
                assert!(utf16_len(&text) <= cap, "{text}");
                serde_json::from_str(&text).expect("json")
            }
            Fit::Again { variable, chars } => json!({"again": variable, "chars": chars}),
        }
    }

    fn page(body: &str, tags: usize) -> Value {
        let tags: Vec<String> = (0..tags).map(|i| format!("tag-{i:04}")).collect();
        json!({"page": {"title": "T", "tags": tags, "body": {
            "text": body, "totalChars": body.len(), "start": 0, "next": null, "truncated": false
        }}})
    }

    #[test]
    fn a_narrowed_window_says_where_to_read_on_only_when_it_has_a_cursor() {
        let fixed =
            document("# P.\nquery P { page { title body(maxChars: 5000) { text totalChars start next truncated } } }");
        let reply = fit(&fixed, page(&"word ".repeat(400), 0), 1000, &mut Fitting::default());
        assert_eq!((reply["body_truncated"].clone(), reply.get("body_next")), (json!(true), None), "{reply}");
        assert_eq!(reply["body_total_chars"], 2000);

        let paged = document(
            "# P.\nquery P($cursor: Int = 0) { page { title body(maxChars: 5000, cursor: $cursor) { text totalChars start next truncated } } }",
        );
        let reply = fit(&paged, page(&"word ".repeat(400), 0), 1000, &mut Fitting::default());
        let kept = reply["body"].as_str().expect("body");
        assert_eq!(reply["body_next"], utf16_len(kept));
    }

    #[test]
    fn a_window_sized_by_a_variable_is_read_again_narrower() {
        let sized = document(
            "# P.\nquery P($maxChars: Int = 8000) { page { title body(maxChars: $maxChars) { text truncated } } }",
        );
        let reply = fit(&sized, page(&"word ".repeat(400), 0), 1000, &mut Fitting::default());
        assert_eq!(reply["again"], "maxChars");
        let chars = reply["chars"].as_u64().expect("chars");
        assert!((800..1000).contains(&chars), "{reply}");
    }

    #[test]
    fn a_list_beside_the_text_gives_way_when_it_would_crowd_it_out() {
        let both = document(
            "# P.\nquery P($cursor: Int = 0) { page { title tags body(maxChars: 5000, cursor: $cursor) { text totalChars start next truncated } } }",
        );
        let mut fitting = Fitting::default();
        let reply = fit(&both, page(&"word ".repeat(400), 500), 2000, &mut fitting);
        assert_eq!(reply["tags_truncated"], true, "{reply}");
        let tags = reply["tags"].as_array().expect("tags");
        assert!(!tags.is_empty() && tags.len() < 500);
        assert_eq!(tags.last(), Some(&json!(format!("tag-{:04}", tags.len() - 1))), "cut from the tail");
        assert!(reply["body"].as_str().is_some_and(|b| utf16_len(b) >= 900), "the text keeps half the cap: {reply}");

        // A short list beside a long text stays whole.
        let reply = fit(&both, page(&"word ".repeat(400), 5), 1000, &mut Fitting::default());
        assert_eq!((reply["tags"].as_array().map(Vec::len), reply.get("tags_truncated")), (Some(5), None));

        // An empty window (nothing left to read) still lets the list give way.
        let reply = fit(&both, page("", 500), 1000, &mut Fitting::default());
        assert_eq!(reply["tags_truncated"], true, "{reply}");
    }

    #[test]
    fn a_record_is_read_again_at_most_twice() {
        let sized = document(
            "# P.\nquery P($maxChars: Int = 8000) { page { title body(maxChars: $maxChars) { text truncated } } }",
        );
        let style = Style::default();
        let budget = Budget { cap: 1000, resizable: HashSet::from(["maxChars".to_owned()]) };
        let mut fitting = Fitting::default();
        let mut outcomes = Vec::new();
        for _ in 0..3 {
            // Each read answers as large as the first: escapes kept it over.
            let Shaped::Record { record, windows } =
                shape(&sized, &graphql(&page(&"word ".repeat(400), 0)), &style).expect("a record")
            else {
                panic!("not a record")
            };
            outcomes.push(match fit_record(record, &windows, &budget, &mut fitting) {
                Ok(Fit::Again { .. }) => "again",
                Ok(Fit::Reply(_)) => "reply",
                Err(err) if err.code == ErrorCode::ReplyTooLarge => "too large",
                Err(_) => "other error",
            });
        }
        assert_eq!(outcomes, ["again", "again", "too large"]);
    }

    /// The size of `data`'s record beside its text (the guard's `rest`).
    fn beside_text(document: &ToolDocument, data: &Value) -> usize {
        let style = Style::default();
        let Shaped::Record { record, .. } = shape(document, &graphql(data), &style).expect("a record") else {
            panic!("not a record")
        };
        let text = serde_json::to_string(&record["body"]).expect("json");
        utf16_len(&serde_json::to_string(&record).expect("json")) - (utf16_len(&text) - 2)
    }

    #[test]
    fn a_list_gives_way_exactly_when_the_text_would_keep_less_than_half_the_cap() {
        let both = document(
            "# P.\nquery P { page { title tags body(maxChars: 5000) { text totalChars start next truncated } } }",
        );
        let data = page(&"word ".repeat(2000), 40);
        let rest = beside_text(&both, &data);
        // The text keeps half the cap when rest + cap / 2 + SLACK <= cap.
        let even = 2 * (rest + SLACK);
        let reply = fit(&both, data.clone(), even, &mut Fitting::default());
        assert_eq!(reply.get("tags_truncated"), None, "at the limit the list stays whole: {reply}");
        assert_eq!(reply["body_truncated"], true);
        let reply = fit(&both, data, even - 2, &mut Fitting::default());
        assert_eq!(reply["tags_truncated"], true, "just past it the list gives way: {reply}");
    }

    #[test]
    fn the_list_cut_is_the_one_that_takes_the_most_room() {
        let lists = document("# P.\nquery P { page { tags notes body(maxChars: 5000) { text truncated } } }");
        // One item of 100 characters written against eleven of 10 (each
        // with its comma): the eleven take more room.
        let data = json!({"page": {"tags": ["t".repeat(98)], "notes": vec!["n".repeat(7); 11], "body": {"text": "", "truncated": false}}});
        let style = Style::default();
        let Shaped::Record { record, .. } = shape(&lists, &graphql(&data), &style).expect("a record") else {
            panic!("not a record")
        };
        let size = utf16_len(&serde_json::to_string(&record).expect("json"));
        let reply = fit(&lists, data, size - 1, &mut Fitting::default());
        assert_eq!((reply.get("notes_truncated"), reply.get("tags_truncated")), (Some(&json!(true)), None), "{reply}");
    }

    fn items(count: usize) -> Value {
        // Each item is written in ten characters: `"item-000"`.
        Value::Array((0..count).map(|i| json!(format!("item-{i:03}"))).collect())
    }

    #[test]
    fn a_list_is_cut_from_its_tail_by_just_what_is_asked() {
        let mark = utf16_len(",\"a_truncated\":true");
        // Each item costs eleven characters with its comma: two of them
        // cover an excess of 22 with the mark.
        let mut record = Map::from_iter([("a".to_owned(), items(5)), ("b".to_owned(), items(2))]);
        assert_eq!(cut_longest_list(&mut record, 22 - mark), Some(("a".to_owned(), 3)));
        assert_eq!((record["a"].clone(), record["a_truncated"].clone()), (items(3), json!(true)));
        assert_eq!((record["b"].clone(), record.get("b_truncated")), (items(2), None), "the other list stays");

        let mut record = Map::from_iter([("a".to_owned(), items(5))]);
        assert_eq!(cut_longest_list(&mut record, 23 - mark), Some(("a".to_owned(), 2)), "one more past a boundary");

        // More than the whole list is asked: every item goes, and no more.
        let mut record = Map::from_iter([("a".to_owned(), items(2))]);
        assert_eq!(cut_longest_list(&mut record, 1000), Some(("a".to_owned(), 0)));
        assert_eq!(record["a"], json!([]));
        let mut record = Map::from_iter([("a".to_owned(), json!([])), ("t".to_owned(), json!("text"))]);
        assert_eq!(cut_longest_list(&mut record, 10), None, "no list with an item to cut");
    }

    #[test]
    fn a_cut_that_keeps_every_item_leaves_no_mark() {
        let mut record = Map::from_iter([("a".to_owned(), items(3))]);
        cut_list(&mut record, "a", 3);
        assert_eq!((record["a"].clone(), record.get("a_truncated")), (items(3), None));
        cut_list(&mut record, "a", 1);
        assert_eq!((record["a"].clone(), record["a_truncated"].clone()), (items(1), json!(true)));
    }
}
