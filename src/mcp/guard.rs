//! Stage four of a tool call, the size guard: every reply fits its
//! budget, counted in UTF-16 code units, and only this stage measures.
//!
//! A list over the cap drops whole items from its tail and says
//! `truncated: true`, with `next` resuming right after the last item kept;
//! nothing is skipped and the JSON is always whole. A record is fitted by
//! `record`. Whatever a tool answers, result or error, passes
//! `final_check` last.

mod record;

use std::collections::HashSet;

use serde_json::{Map, Value};

use crate::text::utf16_len;

use super::error::{ToolError, ToolResult};
use super::reply::{Form, Item, Shaped, WrittenItem, list_text, written_text};
use crate::error_code::ErrorCode;
pub use record::Fitting;

/// What one call's reply must fit, every clamp applied.
pub struct Budget {
    /// The cap: the server's, or the call's `max_chars` when lower.
    pub cap: usize,
    /// The variables a record over its cap may be read again with (the
    /// ones a read sends; a write never runs twice).
    pub resizable: HashSet<String>,
}

/// A reply that fits, or the window to read again narrower for it to fit.
pub enum Fit {
    Reply(String),
    /// Run the document again with `variable` (a window's `maxChars`) at
    /// `chars`: the schema then says what a partial read means (a
    /// `.partial` revision, where the next window starts).
    Again {
        variable: String,
        chars: usize,
    },
}

/// Fits a shaped result in `budget`; `fitting` remembers what earlier
/// reads of the same record cut.
pub fn fit(shaped: Shaped, budget: &Budget, form: Form, fitting: &mut Fitting) -> ToolResult<Fit> {
    match shaped {
        Shaped::List { items, next, total } => {
            let (text, cut) = fit_list(items, next, total, budget.cap, form)?;
            if cut {
                fitting.cut_list();
            }
            Ok(Fit::Reply(text))
        }
        Shaped::Written { items, next, total } => {
            let (text, cut) = fit_written(&items, next.as_deref(), total, budget.cap)?;
            if cut {
                fitting.cut_list();
            }
            Ok(Fit::Reply(text))
        }
        Shaped::Record { record, windows } => record::fit_record(record, &windows, budget, fitting),
    }
}

/// Compact JSON of a reply.
pub fn encode(reply: &Value) -> String {
    // Serializing a `Value` cannot fail.
    serde_json::to_string(reply).unwrap_or_default()
}

/// `{items, next, total}` (or the table form) within `cap`, cut on an item
/// boundary if need be.
#[cfg(test)]
pub fn list_reply(items: Vec<Item>, next: Option<String>, total: i64, cap: usize, form: Form) -> ToolResult<String> {
    fit_list(items, next, total, cap, form).map(|(text, _)| text)
}

/// `list_reply`, and whether it cut the list.
fn fit_list(items: Vec<Item>, next: Option<String>, total: i64, cap: usize, form: Form) -> ToolResult<(String, bool)> {
    if form == Form::Object {
        let written: Vec<WrittenItem> = items.iter().map(Item::written).collect();
        return fit_written(&written, next.as_deref(), total, cap);
    }
    let whole = list_text(&items, next.as_deref(), total, false, form);
    if utf16_len(&whole) <= cap {
        return Ok((whole, false));
    }
    // The reply grows with every item kept: find the most that fit.
    let fits = |kept: usize| {
        let text = list_text(&items[..kept], Some(&items[kept - 1].cursor), total, true, form);
        (utf16_len(&text) <= cap).then_some(text)
    };
    let (mut low, mut high) = (0, items.len().saturating_sub(1));
    let mut best = None;
    while low < high {
        let mid = (low + high).div_ceil(2);
        match fits(mid) {
            Some(text) => {
                best = Some(text);
                low = mid;
            }
            None => high = mid - 1,
        }
    }
    best.map(|text| (text, true)).ok_or_else(|| one_item_too_large(cap))
}

/// The object form's reply within `cap`, cut on an item boundary if need
/// be, and whether it was cut.
fn fit_written(items: &[WrittenItem], next: Option<&str>, total: i64, cap: usize) -> ToolResult<(String, bool)> {
    let whole = written_text(items, next, total, false);
    if utf16_len(&whole) <= cap {
        return Ok((whole, false));
    }
    cut_objects(items, total, cap).map(|text| (text, true)).ok_or_else(|| one_item_too_large(cap))
}

fn one_item_too_large(cap: usize) -> ToolError {
    ToolError::new(
        ErrorCode::ReplyTooLarge,
        format!("one item alone is over the {cap}-character cap"),
        "ask for fewer fields (`fields`, or the summary `view`), shorter excerpts, or a larger `max_chars`",
    )
}

/// The object form cut at the most items that fit (never all of them),
/// each item written once: the reply of the first `k` is their text, a
/// comma between each two, and the envelope around them, whose `next` is
/// the last kept item's cursor. The same text `list_text` writes.
fn cut_objects(items: &[WrittenItem], total: i64, cap: usize) -> Option<String> {
    const HEAD: &str = "{\"items\":[";
    let tail = |cursor: &str| format!("],\"next\":{},\"total\":{total},\"truncated\":true}}", encode(&cursor.into()));
    let mut body = 0;
    let mut best = None;
    for (kept, item) in items.iter().enumerate().take(items.len().saturating_sub(1)) {
        body += utf16_len(&item.text) + usize::from(kept > 0);
        if utf16_len(HEAD) + body + utf16_len(&tail(&items[kept].cursor)) <= cap {
            best = Some(kept + 1);
        } else if utf16_len(HEAD) + body > cap {
            break;
        }
    }
    let kept = best?;
    Some(written_text(&items[..kept], Some(&items[kept - 1].cursor), total, true))
}

/// Room a narrowed text leaves for the marks it gains (`_truncated`,
/// `_total_chars`, `_next`, a `.partial` revision).
pub const MARK_ROOM: usize = 64;

/// Narrows the text under `key` of a single record, cutting its tail on a
/// character boundary, until the whole reply fits `cap`. `mark` records the
/// cut (truncated flags, the offset of the next window) each time. `None`
/// when even one character of the text does not fit.
pub fn narrow_text(
    mut reply: Map<String, Value>,
    key: &str,
    cap: usize,
    mut mark: impl FnMut(&mut Map<String, Value>, &str),
) -> Option<String> {
    let full = reply.get(key).and_then(Value::as_str)?.to_owned();
    let mut kept = full.as_str();
    // Escapes and the marks make the size move a little: a few rounds settle it.
    for _ in 0..6 {
        let text = encode(&Value::Object(reply.clone()));
        let size = utf16_len(&text);
        if size <= cap {
            return Some(text);
        }
        let escaped = utf16_len(&encode(&Value::String(kept.to_owned()))) - 2;
        let budget = escaped.saturating_sub(size - cap).saturating_sub(MARK_ROOM);
        kept = crate::text::fit_json(kept, budget).filter(|k| !k.is_empty())?;
        reply.insert(key.to_owned(), kept.into());
        mark(&mut reply, kept);
    }
    let text = encode(&Value::Object(reply));
    (utf16_len(&text) <= cap).then_some(text)
}

/// The last check every reply passes, whatever tool made it: a result over
/// the cap becomes `reply_too_large`, and an error body over it (one that
/// quotes a huge argument back) has its message cut, so no reply of any
/// tool ever exceeds its cap.
pub fn final_check(text: String, is_error: bool, cap: usize) -> (String, bool) {
    let size = utf16_len(&text);
    if size <= cap {
        return (text, is_error);
    }
    if is_error {
        let parsed: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let field = |name: &str| parsed.pointer(&format!("/error/{name}")).and_then(Value::as_str);
        // Measured as it will be written: escapes count.
        let cut = |text: &str| crate::text::fit_json(text, 300).unwrap_or_default().to_owned();
        let body = serde_json::json!({"error": {
            "code": field("code").unwrap_or("invalid_argument"),
            "message": cut(field("message").unwrap_or_default()),
            "hint": field("hint").map(cut),
        }});
        return (encode(&body), true);
    }
    let err = ToolError::new(
        ErrorCode::ReplyTooLarge,
        format!("the reply is {size} characters, over the {cap}-character cap"),
        "ask for fewer items or fields, or a larger `max_chars`",
    );
    (err.body().to_string(), true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn items(n: usize, size: usize) -> Vec<Item> {
        (0..n)
            .map(|i| Item {
                cursor: format!("c{i}"),
                value: json!({"ref": format!("T-{i}"), "title": "x".repeat(size)}),
            })
            .collect()
    }

    #[test]
    fn no_reply_passes_the_final_check_over_its_cap() {
        let (text, is_error) = final_check(encode(&json!({"status": "s".repeat(5_000)})), false, 1_000);
        assert!(is_error && utf16_len(&text) <= 1_000 && text.contains("reply_too_large"), "{text}");
        let long_error =
            ToolError::invalid(format!("no task {}", "\u{1}".repeat(5_000)), "check the ref").body().to_string();
        let (text, is_error) = final_check(long_error, true, 1_000);
        assert!(is_error && utf16_len(&text) <= 1_000 && text.contains("invalid_argument"), "{text}");
        let small = encode(&json!({"ok": true}));
        assert_eq!(final_check(small.clone(), false, 1_000), (small, false));
    }

    #[test]
    fn a_list_is_written_as_its_value_would_be() {
        use super::super::reply::list_value;
        for form in [Form::Object, Form::Table] {
            for (next, truncated) in [(None, false), (Some("c1"), false), (Some("c1"), true)] {
                let items = items(3, 5);
                let value = list_value(&items, next, 7, truncated, form);
                assert_eq!(list_text(&items, next, 7, truncated, form), encode(&value), "{form:?} {next:?}");
            }
        }
    }

    #[test]
    fn a_list_that_fits_is_whole() {
        let text = list_reply(items(3, 10), Some("end".into()), 9, 1_000, Form::Object).unwrap();
        let reply: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(reply["items"].as_array().unwrap().len(), 3);
        assert_eq!(reply["next"], "end");
        assert!(reply.get("truncated").is_none());
    }

    #[test]
    fn list_cut_at_cap_resumes_after_last_item() {
        let text = list_reply(items(50, 100), None, 50, 1_000, Form::Object).unwrap();
        assert!(utf16_len(&text) <= 1_000);
        let reply: Value = serde_json::from_str(&text).unwrap();
        let kept = reply["items"].as_array().unwrap().len();
        assert!(kept > 0 && kept < 50);
        assert_eq!(reply["truncated"], true);
        assert_eq!(reply["next"], format!("c{}", kept - 1));
        assert_eq!(reply["total"], 50);
        // One more item would not have fit.
        let more = list_text(&items(50, 100)[..kept + 1], Some("c"), 50, true, Form::Object);
        assert!(utf16_len(&more) > 1_000);
    }

    #[test]
    fn the_table_form_names_each_key_once_with_null_where_absent() {
        let two = vec![
            Item { cursor: "a".into(), value: json!({"ref": "T-1", "title": "x"}) },
            Item { cursor: "b".into(), value: json!({"ref": "T-2", "due": "2026-12-01"}) },
        ];
        let text = list_reply(two, None, 2, 1_000, Form::Table).unwrap();
        assert_eq!(
            text,
            r#"{"columns":["ref","title","due"],"rows":[["T-1","x",null],["T-2",null,"2026-12-01"]],"total":2}"#
        );
        let text = list_reply(items(50, 100), None, 50, 1_000, Form::Table).unwrap();
        let reply: Value = serde_json::from_str(&text).unwrap();
        assert!(utf16_len(&text) <= 1_000 && reply["truncated"] == true);
        let kept = reply["rows"].as_array().unwrap().len();
        assert_eq!(reply["next"], format!("c{}", kept - 1));
    }

    #[test]
    fn the_object_cut_is_the_text_list_text_writes_with_the_most_items_that_fit() {
        // Escapes, characters of two UTF-16 units, cursors of every length.
        let odd = (0..12)
            .map(|i| Item {
                cursor: format!("c{}", "é".repeat(12 - i)), value: json!({"title": "🚀\"".repeat(i + 1)})
            })
            .collect();
        let lists = [items(50, 100), items(7, 3), items(20, 40), odd];
        for list in lists {
            let written: Vec<WrittenItem> = list.iter().map(Item::written).collect();
            for cap in (60..3_000).step_by(37) {
                let Some(text) = cut_objects(&written, 99, cap) else {
                    // Not even one item fits with its envelope.
                    let one = list_text(&list[..1], Some(&list[0].cursor), 99, true, Form::Object);
                    assert!(utf16_len(&one) > cap, "{cap}");
                    continue;
                };
                let kept = serde_json::from_str::<Value>(&text).unwrap()["items"].as_array().unwrap().len();
                assert!(kept < list.len());
                assert_eq!(text, list_text(&list[..kept], Some(&list[kept - 1].cursor), 99, true, Form::Object));
                assert!(utf16_len(&text) <= cap, "{cap}");
                if kept + 1 < list.len() {
                    let more = list_text(&list[..=kept], Some(&list[kept].cursor), 99, true, Form::Object);
                    assert!(utf16_len(&more) > cap, "one more would not fit at {cap}");
                }
            }
        }
    }

    #[test]
    fn an_item_over_the_cap_is_reply_too_large() {
        let err = list_reply(items(2, 2_000), None, 2, 1_000, Form::Object).unwrap_err();
        assert_eq!(err.code, ErrorCode::ReplyTooLarge);
    }

    #[test]
    fn narrowed_text_fits_and_is_marked() {
        let mut reply = Map::new();
        reply.insert("title".into(), "x".into());
        reply.insert("body".into(), "🚀\"é ".repeat(500).into());
        let text = narrow_text(reply, "body", 1_000, |r, kept| {
            r.insert("next".into(), utf16_len(kept).into());
        })
        .unwrap();
        assert!(utf16_len(&text) <= 1_000);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["next"].as_u64().unwrap() as usize, utf16_len(value["body"].as_str().unwrap()));
        assert!(utf16_len(&text) > 900, "the window uses the room there is");
    }

    #[test]
    fn the_cap_counts_utf16_units_not_bytes() {
        // 200 emoji are 400 units and 800 bytes.
        let text = encode(&json!({"items": ["🚀".repeat(200)]}));
        assert!(!final_check(text.clone(), false, 420).1);
        assert!(final_check(text, false, 400).1);
    }

    #[test]
    fn a_long_next_cursor_never_lets_every_item_pass_as_a_cut() {
        // Short item cursors and a long `next`: the whole reply is over the
        // cap while every item with its own cursor as `next` would fit.
        let whole_next = "n".repeat(400);
        let text = list_reply(items(5, 10), Some(whole_next), 5, 400, Form::Object).expect("a cut");
        let reply: Value = serde_json::from_str(&text).expect("json");
        assert_eq!(reply["truncated"], true);
        assert!(reply["items"].as_array().expect("items").len() < 5, "{text}");
    }

    #[test]
    fn a_text_that_never_settles_is_refused() {
        let mut reply = Map::new();
        reply.insert("body".into(), "a".repeat(10_000).into());
        // Each cut adds more than the room it leaves: the rounds run out
        // with text still to cut.
        let grows = |reply: &mut Map<String, Value>, _: &str| {
            let pad = reply.get("_pad").and_then(Value::as_str).unwrap_or_default().len() + MARK_ROOM + 40;
            reply.insert("_pad".into(), "p".repeat(pad).into());
        };
        assert_eq!(narrow_text(reply.clone(), "body", 5_000, grows), None);
        // Marks that outgrow the text itself leave nothing to keep.
        let floods =
            |reply: &mut Map<String, Value>, _: &str| _ = reply.insert("_pad".into(), "p".repeat(9_000).into());
        assert_eq!(narrow_text(reply.clone(), "body", 5_000, floods), None);
        let mut cuts = 0;
        let text = narrow_text(reply, "body", 5_000, |_, _| cuts += 1).expect("fits");
        assert!(utf16_len(&text) <= 5_000 && cuts == 1, "{cuts} cuts");
    }
}
