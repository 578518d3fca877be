//! One rule set that turns any tool document's result into a reply:
//! snake_case keys; enums in lowercase; instants to the second in UTC; an
//! object of one field is that field's value (`status { key }` is
//! `"todo"`, `labels { name }` is `["bug"]`); a text window is flattened
//! into its parent (`description`, `description_truncated`,
//! `description_total_chars`, `description_next`); null, false, zero,
//! empty and `NONE` values are left out unless `verbose`; a connection is
//! `{items, next, total}`. Then the size guard: a list is cut on an item
//! boundary; a record's longest text window is narrowed (read again,
//! narrower, when its `maxChars` is a variable), and when what is beside
//! it leaves it less than half the cap, its longest list is cut first.

use std::collections::HashSet;

use serde_json::{Map, Value};

use crate::text::utf16_len;

use super::document::{ObjectKind, ObjectPlan, Shape, ToolDocument, snake_case};
use super::error::{ToolError, ToolResult};
use super::guard::{self, Form, Item};
use crate::error_code::ErrorCode;

/// A value the conventions leave out.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
    }
}

/// A text window seen while shaping a record: where it starts, so that a
/// narrowed window knows where the next one begins, and the variables its
/// size and start come from.
struct Window {
    key: String,
    /// Where it starts, when selected.
    start: Option<u64>,
    /// The whole text's length, when selected.
    total: Option<Value>,
    max_chars_from: Option<String>,
    cursor_from: Option<String>,
}

/// How one call wants its reply.
pub struct Options<'a> {
    pub verbose: bool,
    /// `fields`: exactly these keys of each item (or of the record), in
    /// this order, null when empty.
    pub fields: Option<&'a [String]>,
    pub form: Form,
    pub cap: usize,
    /// The `$withX` flags the call turned on: a flag selected under one is
    /// an answer to the call, written even when false.
    pub asked: &'a HashSet<String>,
    /// The variables a record over its cap may be read again with (the
    /// ones a read sends; a write never runs twice).
    pub resizable: &'a HashSet<String>,
}

/// A reply, or the window to read again narrower for the record to fit.
pub enum Shaped {
    Reply(String),
    /// Run the document again with the variable `variable` (a window's
    /// `maxChars`) at `chars`: the schema then says what a partial read
    /// means (a `.partial` revision, where the next window starts).
    Again {
        variable: String,
        chars: usize,
    },
}

/// What fitting a record did so far, kept across its reads.
#[derive(Default)]
pub struct Fitting {
    /// Lists cut from their tail: key and items kept.
    cuts: Vec<(String, usize)>,
    reads: usize,
}

/// How many times a record is read again before it is too large: once is
/// enough but where escapes move the size.
const MAX_READS: usize = 2;
/// Room left for the marks a narrowed window gains.
const SLACK: usize = guard::MARK_ROOM;

struct Shaper<'a> {
    verbose: bool,
    fields: Option<&'a [String]>,
    asked: &'a HashSet<String>,
    windows: Vec<Window>,
}

impl Shaper<'_> {
    /// A list item or the record: the named `fields`, or the conventions.
    fn item(&mut self, data: &Map<String, Value>, plan: &ObjectPlan, top: bool) -> Map<String, Value> {
        let Some(fields) = self.fields else { return self.object(data, plan, top) };
        let mut out = Map::new();
        for name in fields {
            let found = data.iter().find(|(key, _)| snake_case(key) == *name);
            match found.map(|(key, value)| (plan.fields.get(key), value)) {
                Some((Some(Shape::Object(inner)), value)) if inner.kind == ObjectKind::Window => {
                    self.window(&mut out, name, value, inner, top);
                    out.entry(name.clone()).or_insert(Value::Null);
                }
                Some((Some(shape), value)) => {
                    let value = self.value(value, shape);
                    out.insert(name.clone(), value);
                }
                Some((None, value)) => _ = out.insert(name.clone(), value.clone()),
                None => _ = out.insert(name.clone(), Value::Null),
            }
        }
        out
    }

    fn object(&mut self, data: &Map<String, Value>, plan: &ObjectPlan, top: bool) -> Map<String, Value> {
        let mut out = Map::new();
        // In the document's order (async-graphql does not always keep it).
        let ordered = plan.fields.keys().filter_map(|key| data.get_key_value(key));
        let rest = data.iter().filter(|(key, _)| !plan.fields.contains_key(*key));
        for (key, value) in ordered.chain(rest) {
            let name = snake_case(key);
            match plan.fields.get(key) {
                Some(Shape::Object(inner)) if inner.kind == ObjectKind::Window => {
                    self.window(&mut out, &name, value, inner, top);
                }
                Some(shape) => {
                    let value = self.value(value, shape);
                    let conditions = plan.conditions.get(key).map_or(&[][..], Vec::as_slice);
                    let asked = !conditions.is_empty() && conditions.iter().all(|c| self.asked.contains(c));
                    if asked && value == Value::Bool(false) {
                        out.insert(name, value);
                    } else {
                        self.put(&mut out, name, value);
                    }
                }
                None => self.put(&mut out, name, value.clone()),
            }
        }
        out
    }

    fn put(&self, out: &mut Map<String, Value>, key: String, value: Value) {
        if self.verbose || !is_empty(&value) {
            out.insert(key, value);
        }
    }

    fn value(&mut self, value: &Value, shape: &Shape) -> Value {
        match (value, shape) {
            (Value::Array(items), _) => Value::Array(items.iter().map(|item| self.value(item, shape)).collect()),
            (Value::String(s), Shape::Enum) if s == "NONE" && !self.verbose => Value::Null,
            (Value::String(s), Shape::Enum) => Value::String(s.to_lowercase()),
            (Value::String(s), Shape::Instant) => instant(s),
            // A connection inside a reply with its edges; one with just
            // `nodes` is an object of one field, a list.
            (Value::Object(object), Shape::Object(plan))
                if plan.kind == ObjectKind::Connection && object.contains_key("edges") =>
            {
                let (items, next, total) = self.connection(object, plan);
                guard::list_value(&items, next.as_deref(), total, false, Form::Object)
            }
            (Value::Object(object), Shape::Object(plan)) => {
                // An object of one field is named by it, even when empty
                // (its parent decides whether to write it).
                if let Some((key, only)) = object.iter().next().filter(|_| object.len() == 1) {
                    match plan.fields.get(key) {
                        Some(Shape::Object(inner)) if inner.kind == ObjectKind::Window => {}
                        Some(shape) => return self.value(only, shape),
                        None => return only.clone(),
                    }
                }
                let shaped = self.object(object, plan, false);
                if object.len() == 1 {
                    // An object of one field is named by it.
                    return shaped.into_iter().next().map_or(Value::Null, |(_, only)| only);
                }
                Value::Object(shaped)
            }
            _ => value.clone(),
        }
    }

    /// `key` is the text; its truncation, length, next offset and any other
    /// field selected beside it (`key_field`).
    fn window(&mut self, out: &mut Map<String, Value>, key: &str, value: &Value, plan: &ObjectPlan, top: bool) {
        let Value::Object(window) = value else {
            self.put(out, key.to_owned(), Value::Null);
            return;
        };
        self.put(out, key.to_owned(), window.get("text").cloned().unwrap_or(Value::Null));
        let truncated = window.get("truncated") == Some(&Value::Bool(true));
        self.put(out, format!("{key}_truncated"), truncated.into());
        // The whole length matters when there is more to read.
        if let Some(total) = window.get("totalChars").filter(|_| truncated || self.verbose) {
            self.put(out, format!("{key}_total_chars"), total.clone());
        }
        if let Some(next) = window.get("next") {
            self.put(out, format!("{key}_next"), next.clone());
        }
        for (field, value) in window {
            if !["text", "truncated", "totalChars", "next", "start"].contains(&field.as_str()) {
                let value = plan.fields.get(field).map_or_else(|| value.clone(), |shape| self.value(value, shape));
                self.put(out, format!("{key}_{}", snake_case(field)), value);
            }
        }
        if top {
            let start = window.get("start").and_then(Value::as_u64);
            self.windows.push(Window {
                key: key.to_owned(),
                start,
                total: window.get("totalChars").cloned(),
                max_chars_from: plan.max_chars_from.clone(),
                cursor_from: plan.cursor_from.clone(),
            });
        }
    }

    fn connection(&mut self, data: &Map<String, Value>, plan: &ObjectPlan) -> (Vec<Item>, Option<String>, i64) {
        let node_plan = match plan.fields.get("edges") {
            Some(Shape::Object(edges)) => match edges.fields.get("node") {
                Some(Shape::Object(node)) => Some(node.clone()),
                _ => None,
            },
            _ => None,
        };
        let node_plan = node_plan.unwrap_or_else(|| ObjectPlan::new(ObjectKind::Plain));
        let items = data
            .get("edges")
            .and_then(Value::as_array)
            .map(|edges| {
                edges
                    .iter()
                    .map(|edge| {
                        let value = match edge.get("node") {
                            Some(Value::Object(node)) => Value::Object(self.item(node, &node_plan, false)),
                            _ => Value::Null,
                        };
                        let cursor = edge.get("cursor").and_then(Value::as_str).unwrap_or_default().to_owned();
                        Item { cursor, value }
                    })
                    .collect()
            })
            .unwrap_or_default();
        let page = data.get("pageInfo");
        let next = (page.and_then(|p| p.get("hasNextPage")) == Some(&Value::Bool(true)))
            .then(|| page.and_then(|p| p.get("endCursor")).and_then(Value::as_str).map(str::to_owned))
            .flatten();
        let total = data.get("totalCount").and_then(Value::as_i64).unwrap_or(0);
        (items, next, total)
    }
}

/// `2026-11-29T10:00:00Z`: whole seconds, UTC.
fn instant(text: &str) -> Value {
    Value::String(crate::text::instant_to_second(text).unwrap_or_else(|| text.to_owned()))
}

/// The reply to one call of `document`, within its cap.
pub fn reply(document: &ToolDocument, data: &Value, options: &Options, fitting: &mut Fitting) -> ToolResult<Shaped> {
    let mut shaper =
        Shaper { verbose: options.verbose, fields: options.fields, asked: options.asked, windows: Vec::new() };
    let empty = Map::new();
    let data = data.as_object().unwrap_or(&empty);
    if let Some(path) = &document.list_path {
        let (mut at, mut plan) = (data, &document.plan);
        for key in path {
            let found = at.get(key).and_then(Value::as_object);
            let inner = match plan.fields.get(key) {
                Some(Shape::Object(inner)) => inner,
                _ => return Err(ToolError::new(ErrorCode::Internal, "the list is not in the reply", "report this")),
            };
            let Some(found) = found else {
                return Err(ToolError::new(
                    ErrorCode::NotFound,
                    format!("nothing at `{}`", snake_case(key)),
                    "check the arguments that name it",
                ));
            };
            (at, plan) = (found, inner);
        }
        let (items, next, total) = shaper.connection(at, plan);
        return guard::list_reply(items, next, total, options.cap, options.form).map(Shaped::Reply);
    }
    // A single root field is the reply itself (a task, a project, a page).
    if data.len() == 1 && data.values().all(Value::is_null) {
        let key = data.keys().next().map(|k| snake_case(k)).unwrap_or_default();
        return Err(ToolError::new(ErrorCode::NotFound, format!("no {key} found"), "check the arguments that name it"));
    }
    let root = data.iter().next().and_then(|(key, value)| Some((value.as_object()?, document.plan.fields.get(key)?)));
    let record = match root {
        Some((object, Shape::Object(plan))) if data.len() == 1 => shaper.item(object, plan, true),
        _ => shaper.object(data, &document.plan, true),
    };
    fit_record(record, &shaper.windows, options, fitting)
}

/// Fits a record in its cap, by the first step that applies, until it fits:
/// when what is beside its longest window would leave that window less
/// than half the cap, the record's longest list is cut from its tail; a
/// window sized by a variable the call sends is read again, narrower; any
/// other window is cut in place.
fn fit_record(
    mut record: Map<String, Value>,
    windows: &[Window],
    options: &Options,
    fitting: &mut Fitting,
) -> ToolResult<Shaped> {
    let cap = options.cap;
    for (key, kept) in &fitting.cuts {
        cut_list(&mut record, key, *kept);
    }
    loop {
        // Serializing a map cannot fail.
        let text = serde_json::to_string(&record).unwrap_or_default();
        let size = utf16_len(&text);
        if size <= cap {
            return Ok(Shaped::Reply(text));
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
        let budget = cap.saturating_sub(rest).saturating_sub(SLACK);
        if let Some(variable) = window.max_chars_from.as_ref().filter(|v| options.resizable.contains(*v)) {
            // The schema reads the narrower window, so what it says about
            // the read (where the next starts, whether it is whole) holds.
            let kept = crate::text::fit_json(&text, budget).filter(|k| !k.is_empty());
            return match kept {
                Some(kept) if fitting.reads < MAX_READS => {
                    fitting.reads += 1;
                    Ok(Shaped::Again { variable: variable.clone(), chars: utf16_len(kept) })
                }
                _ => Err(too_large()),
            };
        }
        return narrow_in_place(record, window, cap).map(Shaped::Reply).ok_or_else(too_large);
    }
}

/// Cuts `window`'s text in `record` until the record fits in `cap`. Only a
/// window read from a cursor, whose start is known, says where to read on.
fn narrow_in_place(record: Map<String, Value>, window: &Window, cap: usize) -> Option<String> {
    let key = &window.key;
    let resumable = window.cursor_from.as_ref().and(window.start);
    guard::narrow_text(record, key, cap, |reply, kept| {
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
    utf16_len(&guard::encode(&Value::String(text.to_owned()))) - 2
}

/// Cuts the longest list of `record` by at least `excess` characters (its
/// `_truncated` mark counted), from its tail; the key and the items kept,
/// or None without a list to cut.
fn cut_longest_list(record: &mut Map<String, Value>, excess: usize) -> Option<(String, usize)> {
    let (key, items) = record
        .iter()
        .filter_map(|(key, value)| Some((key, value.as_array().filter(|a| !a.is_empty())?)))
        .max_by_key(|(_, items)| items.iter().map(|item| utf16_len(&guard::encode(item)) + 1).sum::<usize>())?;
    let excess = excess + utf16_len(&format!(",\"{key}_truncated\":true"));
    let mut kept = items.len();
    let mut dropped = 0;
    while kept > 0 && dropped < excess {
        kept -= 1;
        dropped += utf16_len(&guard::encode(&items[kept])) + 1;
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
    use serde_json::json;

    use super::*;
    use crate::mcp::document::Shared;
    use crate::mcp::types::Types;

    const SDL: &str = "type Query { page: Page }
        type Page { title: String tags: [String!]! body(maxChars: Int, cursor: Int): TextWindow! }
        type TextWindow { text: String! totalChars: Int! start: Int! next: Int truncated: Boolean! }";

    fn document(text: &str) -> ToolDocument {
        let types = Types::from_sdl(SDL).expect("sdl");
        ToolDocument::parse("page.graphql", text, &types, &Shared { name: "", text: "" }).expect("a tool")
    }

    fn shape(document: &ToolDocument, data: Value, cap: usize, fitting: &mut Fitting) -> Value {
        let (asked, resizable) = (HashSet::new(), HashSet::from(["maxChars".to_owned()]));
        let options =
            Options { verbose: false, fields: None, form: Form::Object, cap, asked: &asked, resizable: &resizable };
        match reply(document, &data, &options, fitting).expect("a reply") {
            Shaped::Reply(text) => {
                assert!(utf16_len(&text) <= cap, "{text}");
                serde_json::from_str(&text).expect("json")
            }
            Shaped::Again { variable, chars } => json!({"again": variable, "chars": chars}),
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
        let reply = shape(&fixed, page(&"word ".repeat(400), 0), 1000, &mut Fitting::default());
        assert_eq!((reply["body_truncated"].clone(), reply.get("body_next")), (json!(true), None), "{reply}");
        assert_eq!(reply["body_total_chars"], 2000);

        let paged = document(
            "# P.\nquery P($cursor: Int = 0) { page { title body(maxChars: 5000, cursor: $cursor) { text totalChars start next truncated } } }",
        );
        let reply = shape(&paged, page(&"word ".repeat(400), 0), 1000, &mut Fitting::default());
        let kept = reply["body"].as_str().expect("body");
        assert_eq!(reply["body_next"], utf16_len(kept));
    }

    #[test]
    fn a_window_sized_by_a_variable_is_read_again_narrower() {
        let sized = document(
            "# P.\nquery P($maxChars: Int = 8000) { page { title body(maxChars: $maxChars) { text truncated } } }",
        );
        let reply = shape(&sized, page(&"word ".repeat(400), 0), 1000, &mut Fitting::default());
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
        let reply = shape(&both, page(&"word ".repeat(400), 500), 2000, &mut fitting);
        assert_eq!(reply["tags_truncated"], true, "{reply}");
        let tags = reply["tags"].as_array().expect("tags");
        assert!(!tags.is_empty() && tags.len() < 500);
        assert_eq!(tags.last(), Some(&json!(format!("tag-{:04}", tags.len() - 1))), "cut from the tail");
        assert!(reply["body"].as_str().is_some_and(|b| utf16_len(b) >= 900), "the text keeps half the cap: {reply}");

        // A short list beside a long text stays whole.
        let reply = shape(&both, page(&"word ".repeat(400), 5), 1000, &mut Fitting::default());
        assert_eq!((reply["tags"].as_array().map(Vec::len), reply.get("tags_truncated")), (Some(5), None));

        // An empty window (nothing left to read) still lets the list give way.
        let reply = shape(&both, page("", 500), 1000, &mut Fitting::default());
        assert_eq!(reply["tags_truncated"], true, "{reply}");
    }
}
