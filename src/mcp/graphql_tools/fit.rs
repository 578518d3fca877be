//! Fitting an agent's reply that is not one list: its longest strings cut
//! to a quarter of the cap (marked `<key>_truncated` and
//! `<key>_total_chars`), then its largest list, wherever it is, cut from
//! its tail on an item boundary (marked `<key>_truncated`) until the reply
//! fits, so that two lists side by side both keep their first items.

use serde_json::{Map, Value};

use crate::error_code::ErrorCode;
use crate::mcp::error::{ToolError, ToolResult};
use crate::mcp::guard::encode;
use crate::text::utf16_len;

/// Rounds of cutting before a reply is called too large: each round cuts
/// the largest list at least down to the next largest beside it, or by a
/// quarter of the excess, so that replies of a few lists side by side fit
/// in a few rounds; a reply of thousands of small lists is refused rather
/// than measured thousands of times.
const MAX_ROUNDS: usize = 64;
/// A list no larger than this is not cut: its mark would cost about as
/// much as it saves.
const SMALLEST_CUT: usize = 40;

/// The record as compact JSON within `cap`, and whether anything was cut.
pub fn fit_record(mut record: Map<String, Value>, cap: usize) -> ToolResult<(String, bool)> {
    cut_long_strings_in(&mut record, cap / 4);
    let mut cut = false;
    for _ in 0..=MAX_ROUNDS {
        if cut {
            // Measured with the reply's own mark in it.
            record.insert("truncated".into(), true.into());
        }
        let text = serde_json::to_string(&record).unwrap_or_default();
        let size = utf16_len(&text);
        if size <= cap {
            return Ok((text, cut));
        }
        // Room for the mark the cut adds.
        let excess = size - cap + 40;
        let mut lists = Vec::new();
        find_lists(&Value::Object(record.clone()), &mut Vec::new(), &mut lists);
        lists.retain(|(_, size)| *size > SMALLEST_CUT);
        let Some((path, size_of_largest)) = lists.iter().max_by_key(|(_, size)| *size).cloned() else { break };
        // Down to the next largest list beside it, so that lists side by
        // side are cut alike (a quarter of the excess at least, so that
        // lists of one size take a few rounds, not one per item); by the
        // whole excess when that is less.
        let beside = |other: &[Step]| !starts_with(other, &path) && !starts_with(&path, other);
        let next = lists.iter().filter(|(other, _)| beside(other)).map(|(_, size)| *size).max().unwrap_or(0);
        let shed = size_of_largest.saturating_sub(next).max(excess / 4).clamp(1, excess);
        cut_list_at(&mut record, &path, shed);
        cut = true;
    }
    let size = utf16_len(&serde_json::to_string(&record).unwrap_or_default());
    Err(ToolError::new(
        ErrorCode::ReplyTooLarge,
        format!("the reply is about {size} characters, over the {cap}-character cap"),
        "select fewer fields or items (`first`), or a larger `max_chars`",
    ))
}

/// One step down a JSON value.
#[derive(Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

fn starts_with(path: &[Step], prefix: &[Step]) -> bool {
    path.len() >= prefix.len() && path.iter().zip(prefix).all(|(a, b)| a == b)
}

/// Every non-empty list, by its path, with its characters.
fn find_lists(value: &Value, at: &mut Vec<Step>, lists: &mut Vec<(Vec<Step>, usize)>) {
    match value {
        Value::Array(items) if !items.is_empty() => {
            lists.push((at.clone(), utf16_len(&encode(value))));
            for (i, item) in items.iter().enumerate() {
                at.push(Step::Index(i));
                find_lists(item, at, lists);
                at.pop();
            }
        }
        Value::Object(object) => {
            for (key, inner) in object {
                at.push(Step::Key(key.clone()));
                find_lists(inner, at, lists);
                at.pop();
            }
        }
        _ => {}
    }
}

/// Drops items from the tail of the list at `path` until `excess`
/// characters are gone (or the list is empty), and marks its key.
fn cut_list_at(record: &mut Map<String, Value>, path: &[Step], excess: usize) {
    let Some((Step::Key(first), rest)) = path.split_first() else { return };
    let Some((last, between)) = rest.split_last() else {
        cut_tail(record, first, excess);
        return;
    };
    let mut at = match record.get_mut(first) {
        Some(value) => value,
        None => return,
    };
    for step in between {
        let next = match (step, at) {
            (Step::Key(key), Value::Object(object)) => object.get_mut(key),
            (Step::Index(i), Value::Array(items)) => items.get_mut(*i),
            _ => None,
        };
        match next {
            Some(value) => at = value,
            None => return,
        }
    }
    match (last, at) {
        (Step::Key(key), Value::Object(parent)) => cut_tail(parent, key, excess),
        (Step::Index(i), Value::Array(lists)) => {
            if let Some(Value::Array(items)) = lists.get_mut(*i) {
                drop_tail(items, excess);
            }
        }
        _ => {}
    }
}

fn cut_tail(parent: &mut Map<String, Value>, key: &str, excess: usize) {
    if let Some(Value::Array(items)) = parent.get_mut(key) {
        drop_tail(items, excess);
        parent.insert(format!("{key}_truncated"), true.into());
    }
}

fn drop_tail(items: &mut Vec<Value>, excess: usize) {
    let mut dropped = 0;
    while dropped < excess {
        match items.pop() {
            Some(item) => dropped += utf16_len(&encode(&item)) + 1,
            None => break,
        }
    }
}

/// Cuts every string longer than `longest` UTF-16 units there, beside
/// `<key>_truncated` and `<key>_total_chars`, so that one long text does
/// not crowd out the rest of a reply (a window field, such as
/// `descriptionText(cursor:)`, reads it whole).
pub fn cut_long_strings(value: &mut Value, longest: usize) {
    match value {
        Value::Object(object) => cut_long_strings_in(object, longest),
        Value::Array(items) => items.iter_mut().for_each(|item| cut_long_strings(item, longest)),
        _ => {}
    }
}

fn cut_long_strings_in(object: &mut Map<String, Value>, longest: usize) {
    let mut marks = Vec::new();
    for (key, value) in object.iter_mut() {
        if let Value::String(text) = value {
            let total = utf16_len(text);
            if let Some(start) = crate::text::window(text, 0, longest).filter(|w| w.next.is_some()) {
                *text = start.text.to_owned();
                marks.push((key.clone(), total));
            }
        } else {
            cut_long_strings(value, longest);
        }
    }
    for (key, total) in marks {
        object.insert(format!("{key}_truncated"), true.into());
        object.insert(format!("{key}_total_chars"), total.into());
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn record(value: Value) -> Map<String, Value> {
        value.as_object().cloned().expect("an object")
    }

    #[test]
    fn two_lists_side_by_side_are_cut_from_their_tails_until_the_reply_fits() {
        let item = |n: usize| json!({"ref": format!("A-{n}"), "title": "x".repeat(80)});
        let a: Vec<Value> = (0..60).map(item).collect();
        let b: Vec<Value> = (0..60).map(item).collect();
        let (text, cut) = fit_record(record(json!({"a": {"nodes": a}, "b": b})), 2_000).expect("fits");
        assert!(cut && utf16_len(&text) <= 2_000, "{text}");
        let reply: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(reply["truncated"], true);
        assert_eq!(reply["a"]["nodes_truncated"], true);
        assert_eq!(reply["b_truncated"], true);
        // Each keeps its first items, in order.
        assert_eq!(reply["a"]["nodes"][0]["ref"], "A-0");
        assert_eq!(reply["b"][0]["ref"], "A-0");
    }

    #[test]
    fn a_long_string_is_cut_to_a_quarter_of_the_cap_and_says_so() {
        let (text, _) = fit_record(record(json!({"task": {"description": "é".repeat(5_000)}})), 4_000).expect("fits");
        let reply: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(reply["task"]["description"].as_str().map(utf16_len), Some(1_000));
        assert_eq!(reply["task"]["description_total_chars"], 5_000);
        assert_eq!(reply["task"]["description_truncated"], true);
    }

    /// Whether `kept` is `whole` with lists cut from their tails, strings
    /// cut to their start and marks added: nothing reordered or invented.
    fn is_cut_of(kept: &Value, whole: &Value) -> bool {
        match (kept, whole) {
            (Value::Object(k), Value::Object(w)) => k.iter().all(|(key, value)| match w.get(key) {
                Some(original) => is_cut_of(value, original),
                None => key == "truncated" || key.ends_with("_truncated") || key.ends_with("_total_chars"),
            }),
            (Value::Array(k), Value::Array(w)) => k.len() <= w.len() && k.iter().zip(w).all(|(a, b)| is_cut_of(a, b)),
            (Value::String(k), Value::String(w)) => w.starts_with(k.as_str()),
            _ => kept == whole,
        }
    }

    fn json_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i32>().prop_map(Value::from),
            "\\PC{0,300}".prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 400, 12, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..12).prop_map(Value::Array),
                proptest::collection::btree_map("[a-z]{1,6}", inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn a_fitted_reply_is_within_the_cap_and_a_cut_of_the_whole(
            fields in proptest::collection::btree_map("[a-z]{1,6}", json_value(), 1..5),
            cap in 1_000usize..6_000,
        ) {
            let whole: Map<String, Value> = fields.into_iter().collect();
            if let Ok((text, cut)) = fit_record(whole.clone(), cap) {
                proptest::prop_assert!(utf16_len(&text) <= cap, "{} > {cap}", utf16_len(&text));
                let kept: Value = serde_json::from_str(&text).expect("JSON");
                proptest::prop_assert!(is_cut_of(&kept, &Value::Object(whole.clone())), "{text}");
                proptest::prop_assert_eq!(cut, kept.get("truncated").is_some());
            }
        }
    }

    #[test]
    fn what_fits_is_untouched() {
        let (text, cut) = fit_record(record(json!({"a": [1, 2, 3]})), 1_000).expect("fits");
        assert_eq!((text.as_str(), cut), ("{\"a\":[1,2,3]}", false));
    }
}
