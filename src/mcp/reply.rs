//! One rule set that turns any tool document's result into a reply:
//! snake_case keys; enums in lowercase; instants to the second in UTC; an
//! object of one field is that field's value (`status { key }` is
//! `"todo"`, `labels { name }` is `["bug"]`); a text window is flattened
//! into its parent (`description`, `description_truncated`,
//! `description_total_chars`, `description_next`); null, false, zero,
//! empty and `NONE` values are left out unless `verbose`; a connection is
//! `{items, next, total}`. Then the size guard: a list is cut on an item
//! boundary, a record's longest text window is narrowed.

use serde_json::{Map, Value};

use crate::text::utf16_len;

use super::document::{ObjectKind, ObjectPlan, Shape, ToolDocument, snake_case};
use super::error::{Code, ToolError, ToolResult};
use super::guard::{self, Form, Item};

/// A value the conventions leave out.
pub(super) fn is_empty(value: &Value) -> bool {
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
/// narrowed window knows where the next one begins.
struct Window {
    key: String,
    start: u64,
}

struct Shaper<'a> {
    verbose: bool,
    /// `fields`: exactly these keys of each item (or of the record), in
    /// this order, null when empty.
    fields: Option<&'a [String]>,
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
                    self.window(&mut out, name, value, top);
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
                    self.window(&mut out, &name, value, top);
                }
                Some(shape) => {
                    let value = self.value(value, shape);
                    self.put(&mut out, name, value);
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

    /// `key` is the text; its truncation, length and next offset beside it.
    fn window(&mut self, out: &mut Map<String, Value>, key: &str, value: &Value, top: bool) {
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
        if top {
            let start = window.get("start").and_then(Value::as_u64).unwrap_or(0);
            self.windows.push(Window { key: key.to_owned(), start });
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
pub(super) fn instant(text: &str) -> Value {
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|t| Value::String(t.with_timezone(&chrono::Utc).format("%Y-%m-%dT%H:%M:%SZ").to_string()))
        .unwrap_or_else(|_| Value::String(text.to_owned()))
}

/// The reply to one call of `document`, within `cap`.
pub fn reply(
    document: &ToolDocument,
    data: &Value,
    verbose: bool,
    fields: Option<&[String]>,
    form: Form,
    cap: usize,
) -> ToolResult<String> {
    let mut shaper = Shaper { verbose, fields, windows: Vec::new() };
    let empty = Map::new();
    let data = data.as_object().unwrap_or(&empty);
    if let Some(path) = &document.list_path {
        let (mut at, mut plan) = (data, &document.plan);
        for key in path {
            let found = at.get(key).and_then(Value::as_object);
            let inner = match plan.fields.get(key) {
                Some(Shape::Object(inner)) => inner,
                _ => return Err(ToolError::new(Code::Internal, "the list is not in the reply", "report this")),
            };
            let Some(found) = found else {
                return Err(ToolError::new(
                    Code::NotFound,
                    format!("nothing at `{}`", snake_case(key)),
                    "check the arguments that name it",
                ));
            };
            (at, plan) = (found, inner);
        }
        let (items, next, total) = shaper.connection(at, plan);
        return guard::list_reply(items, next, total, cap, form);
    }
    // A single root field is the reply itself (a task, a project, a page).
    if data.len() == 1 && data.values().all(Value::is_null) {
        let key = data.keys().next().map(|k| snake_case(k)).unwrap_or_default();
        return Err(ToolError::new(Code::NotFound, format!("no {key} found"), "check the arguments that name it"));
    }
    let root = data.iter().next().and_then(|(key, value)| Some((value.as_object()?, document.plan.fields.get(key)?)));
    let mut record = match root {
        Some((object, Shape::Object(plan))) if data.len() == 1 => shaper.item(object, plan, true),
        _ => shaper.object(data, &document.plan, true),
    };
    let text = guard::encode(&Value::Object(record.clone()));
    if utf16_len(&text) <= cap {
        return Ok(text);
    }
    // Narrow the longest text window until the record fits.
    let longest = shaper
        .windows
        .iter()
        .max_by_key(|w| record.get(&w.key).and_then(Value::as_str).map_or(0, utf16_len))
        .map(|w| (w.key.clone(), w.start));
    if let Some((key, start)) = longest {
        let total = record.get(&format!("{key}_total_chars")).cloned();
        record.remove(&format!("{key}_next"));
        let fitted = guard::narrow_text(record, &key, cap, |reply, kept| {
            reply.insert(format!("{key}_truncated"), true.into());
            if let Some(total) = &total {
                reply.insert(format!("{key}_total_chars"), total.clone());
            }
            reply.insert(format!("{key}_next"), (start + utf16_len(kept) as u64).into());
        });
        if let Some(text) = fitted {
            return Ok(text);
        }
    }
    Err(ToolError::new(
        Code::ReplyTooLarge,
        format!("the reply is {} characters, over the {cap}-character cap", utf16_len(&text)),
        "ask for less, or a larger `max_chars`",
    ))
}
