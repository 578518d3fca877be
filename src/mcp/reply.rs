//! Stage three of a tool call: one rule set that turns any tool
//! document's result into a reply: snake_case keys; enums in lowercase;
//! instants to the second in UTC; an object of one field is that field's
//! value (`status { key }` is `"todo"`, `labels { name }` is `["bug"]`); a
//! text window is flattened into its parent (`description`,
//! `description_truncated`, `description_total_chars`, `description_next`);
//! null, false, zero, empty and `NONE` values are left out unless
//! `verbose`; a connection is `{items, next, total}`, or in the table form
//! `columns` once and then `rows`. Nothing here measures a size: fitting
//! the reply to its budget is the guard's.

use std::collections::HashSet;

use serde_json::{Map, Value};

use super::document::{ObjectKind, ObjectPlan, Shape, ToolDocument, snake_case};
use super::error::{ToolError, ToolResult};
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
pub struct Window {
    pub key: String,
    /// Where it starts, when selected.
    pub start: Option<u64>,
    /// The whole text's length, when selected.
    pub total: Option<Value>,
    pub max_chars_from: Option<String>,
    pub cursor_from: Option<String>,
}

/// One list item with the cursor that resumes right after it.
pub struct Item {
    pub cursor: String,
    pub value: Value,
}

/// How a list's items are written (`format`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Form {
    /// `items`: one object per item.
    #[default]
    Object,
    /// `columns` once, then `rows`: one array per item, null where an item
    /// has no value (the keys are not repeated per item).
    Table,
}

/// `{items, next, total}` (or the table form) of `items`.
pub fn list_value(items: &[Item], next: Option<&str>, total: i64, truncated: bool, form: Form) -> Value {
    let mut reply = Map::new();
    match form {
        Form::Object => {
            reply.insert("items".into(), Value::Array(items.iter().map(|i| i.value.clone()).collect()));
        }
        Form::Table => {
            let (columns, rows) = table(items);
            reply.insert("columns".into(), columns.into());
            reply.insert("rows".into(), rows.into());
        }
    }
    if let Some(next) = next {
        reply.insert("next".into(), next.into());
    }
    reply.insert("total".into(), total.into());
    if truncated {
        reply.insert("truncated".into(), true.into());
    }
    Value::Object(reply)
}

/// The columns of `items` (every key of any item, in the order first
/// seen) and one row per item.
fn table(items: &[Item]) -> (Vec<Value>, Vec<Value>) {
    let mut columns: Vec<&str> = Vec::new();
    for object in items.iter().filter_map(|i| i.value.as_object()) {
        for key in object.keys() {
            if !columns.contains(&key.as_str()) {
                columns.push(key);
            }
        }
    }
    let rows = items
        .iter()
        .map(|i| Value::Array(columns.iter().map(|c| i.value.get(*c).cloned().unwrap_or(Value::Null)).collect()))
        .collect();
    (columns.into_iter().map(Value::from).collect(), rows)
}

/// How one call wants its reply shaped.
pub struct Style {
    pub verbose: bool,
    /// `fields`: exactly these keys of each item (or of the record), in
    /// this order, null when empty.
    pub fields: Option<Vec<String>>,
    /// The `$withX` flags the call turned on: a flag selected under one is
    /// an answer to the call, written even when false.
    pub asked: HashSet<String>,
}

/// A result in the reply's shape, for the guard to fit.
pub enum Shaped {
    /// A list tool's connection: its items, where the next page starts and
    /// how many there are in all.
    List { items: Vec<Item>, next: Option<String>, total: i64 },
    /// Anything else: one record, with the text windows found at its top.
    Record { record: Map<String, Value>, windows: Vec<Window> },
}

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
                list_value(&items, next.as_deref(), total, false, Form::Object)
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

/// The result `data` of one call of `document`, shaped by `style`.
pub fn shape(document: &ToolDocument, data: &Value, style: &Style) -> ToolResult<Shaped> {
    let mut shaper =
        Shaper { verbose: style.verbose, fields: style.fields.as_deref(), asked: &style.asked, windows: Vec::new() };
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
        return Ok(Shaped::List { items, next, total });
    }
    // A single root field is the reply itself (a task, a project, a page).
    if data.len() == 1 && data.values().all(Value::is_null) {
        if let Some(text) = &document.none {
            let record = Map::from_iter([("nothing".to_owned(), Value::String(text.clone()))]);
            return Ok(Shaped::Record { record, windows: Vec::new() });
        }
        let key = data.keys().next().map(|k| snake_case(k)).unwrap_or_default();
        return Err(ToolError::new(ErrorCode::NotFound, format!("no {key} found"), "check the arguments that name it"));
    }
    let root = data.iter().next().and_then(|(key, value)| Some((value.as_object()?, document.plan.fields.get(key)?)));
    let record = match root {
        Some((object, Shape::Object(plan))) if data.len() == 1 => shaper.item(object, plan, true),
        _ => shaper.object(data, &document.plan, true),
    };
    Ok(Shaped::Record { record, windows: shaper.windows })
}
