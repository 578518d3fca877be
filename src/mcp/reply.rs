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
use std::fmt::Write;

use async_graphql::indexmap::IndexMap;
use async_graphql::{Name, Value as ConstValue};
use serde_json::{Map, Value};

use super::document::{ObjectKind, ObjectPlan, Shape, ToolDocument, snake_case};
use super::error::{ToolError, ToolResult};
use crate::error_code::ErrorCode;

mod written;

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

/// One list item of the object form, written as compact JSON text.
pub struct WrittenItem {
    pub cursor: String,
    pub text: String,
}

impl Item {
    pub fn written(&self) -> WrittenItem {
        // Serializing a JSON value cannot fail.
        WrittenItem { cursor: self.cursor.clone(), text: serde_json::to_string(&self.value).unwrap_or_default() }
    }
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

/// A GraphQL result's object, as the executor returns it.
type Object = IndexMap<Name, ConstValue>;

/// A result's value as JSON, for what the conventions pass through:
/// converted where it is (`into_json` would take a copy, then go through
/// serde), as every list item's fields are.
fn json(value: &ConstValue) -> Value {
    match value {
        ConstValue::Null => Value::Null,
        ConstValue::Number(number) => Value::Number(number.clone()),
        ConstValue::String(text) => Value::String(text.clone()),
        ConstValue::Boolean(flag) => Value::Bool(*flag),
        ConstValue::Enum(name) => Value::String(name.to_string()),
        ConstValue::List(items) => Value::Array(items.iter().map(json).collect()),
        ConstValue::Object(object) => Value::Object(object.iter().map(|(k, v)| (k.to_string(), json(v))).collect()),
        ConstValue::Binary(_) => value.clone().into_json().unwrap_or(Value::Null),
    }
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

/// `list_value` written as compact JSON.
pub fn list_text(items: &[Item], next: Option<&str>, total: i64, truncated: bool, form: Form) -> String {
    match form {
        Form::Object => {
            let written: Vec<WrittenItem> = items.iter().map(Item::written).collect();
            written_text(&written, next, total, truncated)
        }
        // Serializing JSON values to a string cannot fail.
        Form::Table => serde_json::to_string(&list_value(items, next, total, truncated, form)).unwrap_or_default(),
    }
}

/// The object form's `{items, next, total}` of items already written: the
/// text `list_value` serializes to.
pub fn written_text(items: &[WrittenItem], next: Option<&str>, total: i64, truncated: bool) -> String {
    let room = items.iter().map(|item| item.text.len() + 1).sum::<usize>() + 64;
    let mut text = String::with_capacity(room);
    text.push_str("{\"items\":[");
    for (at, item) in items.iter().enumerate() {
        if at > 0 {
            text.push(',');
        }
        text.push_str(&item.text);
    }
    text.push(']');
    if let Some(next) = next {
        text.push_str(",\"next\":");
        // Serializing a string cannot fail.
        text.push_str(&serde_json::to_string(next).unwrap_or_default());
    }
    // Writing to a `String` cannot fail.
    let _ = write!(text, ",\"total\":{total}");
    if truncated {
        text.push_str(",\"truncated\":true");
    }
    text.push('}');
    text
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

/// How one call wants its reply shaped (by default: compact, every item
/// as values).
#[derive(Default)]
pub struct Style {
    pub verbose: bool,
    /// `fields`: exactly these keys of each item (or of the record), in
    /// this order, null when empty.
    pub fields: Option<Vec<String>>,
    /// The `$withX` flags the call turned on: a flag selected under one is
    /// an answer to the call, written even when false.
    pub asked: HashSet<String>,
    /// The table form: `TABLE_LEAVES_OUT` is left out unless `fields`
    /// names it.
    pub table: bool,
    /// A list's items in the object form, without `fields`, come written
    /// as text (`Shaped::Written`); the graphql tool, which cuts long
    /// strings in its items first, keeps them as values.
    pub write_items: bool,
}

/// What the table form leaves out unless `fields` names it. A row is read
/// in the list's order (most recently updated first by default), and a
/// 20-character instant is a sixth of a row: without it a task's row is
/// about 116 characters instead of 138.
pub const TABLE_LEAVES_OUT: &[&str] = &["updated"];

/// A result in the reply's shape, for the guard to fit.
pub enum Shaped {
    /// A list tool's connection: its items, where the next page starts and
    /// how many there are in all.
    List { items: Vec<Item>, next: Option<String>, total: i64 },
    /// A list tool's connection in the object form, each item written.
    Written { items: Vec<WrittenItem>, next: Option<String>, total: i64 },
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
    fn item(&mut self, data: &Object, plan: &ObjectPlan, top: bool) -> Map<String, Value> {
        let Some(fields) = self.fields else { return self.object(data, plan, top) };
        let mut out = Map::new();
        for name in fields {
            let found = data.iter().find(|(key, _)| snake_case(key) == *name);
            match found.map(|(key, value)| (plan.fields.get(&**key), value)) {
                Some((Some(Shape::Object(inner)), value)) if inner.kind == ObjectKind::Window => {
                    self.window(&mut out, name, value, inner, top);
                    out.entry(name.clone()).or_insert(Value::Null);
                }
                Some((Some(shape), value)) => {
                    let value = self.value(value, shape);
                    out.insert(name.clone(), value);
                }
                Some((None, value)) => _ = out.insert(name.clone(), json(value)),
                None => _ = out.insert(name.clone(), Value::Null),
            }
        }
        out
    }

    fn object(&mut self, data: &Object, plan: &ObjectPlan, top: bool) -> Map<String, Value> {
        if !top && let Some(out) = self.object_in_order(data, plan) {
            return out;
        }
        let mut out = Map::new();
        // In the document's order (async-graphql does not always keep it);
        // one lookup per field, as this runs for every field of every item.
        let mut planned = 0;
        for (key, shape, output) in plan.each_field() {
            if let Some(value) = data.get(key) {
                planned += 1;
                self.field(&mut out, output.name.clone(), &output.conditions, value, Some(shape), top);
            }
        }
        if planned < data.len() {
            for (key, value) in data.iter().filter(|&(key, _)| !plan.fields.contains_key(&**key)) {
                self.field(&mut out, snake_case(key), &[], value, None, top);
            }
        }
        out
    }

    /// `object` when `data`'s keys come in the document's order, as a page
    /// written in one pass gives them: each key is found by comparing it
    /// with the plan's next ones, and named as the plan has it, with no
    /// hashing. None when a key is out of order or not in the plan. Not for
    /// the record's top, whose windows are remembered.
    fn object_in_order(&mut self, data: &Object, plan: &ObjectPlan) -> Option<Map<String, Value>> {
        let mut out = Map::with_capacity(data.len());
        let mut next = 0;
        for (key, value) in data {
            let (at, shape, output) = plan.field_from(next, key)?;
            self.field(&mut out, output.name.clone(), &output.conditions, value, Some(shape), false);
            next = at + 1;
        }
        Some(out)
    }

    /// One field of an object, shaped by its plan (`None`: passed through)
    /// and written under `name`.
    fn field(
        &mut self,
        out: &mut Map<String, Value>,
        name: String,
        conditions: &[String],
        value: &ConstValue,
        shape: Option<&Shape>,
        top: bool,
    ) {
        match shape {
            Some(Shape::Object(inner)) if inner.kind == ObjectKind::Window => {
                self.window(out, &name, value, inner, top);
            }
            Some(shape) => {
                let value = self.value(value, shape);
                let asked = !conditions.is_empty() && conditions.iter().all(|c| self.asked.contains(c));
                if asked && value == Value::Bool(false) {
                    out.insert(name, value);
                } else {
                    self.put(out, name, value);
                }
            }
            None => self.put(out, name, json(value)),
        }
    }

    fn put(&self, out: &mut Map<String, Value>, key: String, value: Value) {
        if self.verbose || !is_empty(&value) {
            out.insert(key, value);
        }
    }

    fn value(&mut self, value: &ConstValue, shape: &Shape) -> Value {
        match (value, shape) {
            (ConstValue::List(items), _) => Value::Array(items.iter().map(|item| self.value(item, shape)).collect()),
            (ConstValue::Enum(name), Shape::Enum) => self.enum_value(name),
            (ConstValue::String(s), Shape::Enum) => self.enum_value(s),
            (ConstValue::String(s), Shape::Instant) => instant(s),
            // A connection inside a reply with its edges; one with just
            // `nodes` is an object of one field, a list.
            (ConstValue::Object(object), Shape::Object(plan))
                if plan.kind == ObjectKind::Connection && object.contains_key("edges") =>
            {
                let (items, next, total) = self.connection(object, plan);
                list_value(&items, next.as_deref(), total, false, Form::Object)
            }
            (ConstValue::Object(object), Shape::Object(plan)) => {
                // An object of one field is named by it, even when empty
                // (its parent decides whether to write it).
                if let Some((key, only)) = object.iter().next().filter(|_| object.len() == 1) {
                    match plan.shape_of(key) {
                        Some(Shape::Object(inner)) if inner.kind == ObjectKind::Window => {}
                        Some(shape) => return self.value(only, shape),
                        None => return json(only),
                    }
                }
                let shaped = self.object(object, plan, false);
                if object.len() == 1 {
                    // An object of one field is named by it.
                    return shaped.into_iter().next().map_or(Value::Null, |(_, only)| only);
                }
                Value::Object(shaped)
            }
            _ => json(value),
        }
    }

    /// An enum's value in lowercase; `NONE` is no value unless `verbose`.
    fn enum_value(&self, name: &str) -> Value {
        if name == "NONE" && !self.verbose { Value::Null } else { Value::String(name.to_lowercase()) }
    }

    /// `key` is the text; its truncation, length, next offset and any other
    /// field selected beside it (`key_field`).
    fn window(&mut self, out: &mut Map<String, Value>, key: &str, value: &ConstValue, plan: &ObjectPlan, top: bool) {
        let ConstValue::Object(window) = value else {
            self.put(out, key.to_owned(), Value::Null);
            return;
        };
        self.put(out, key.to_owned(), window.get("text").map_or(Value::Null, json));
        let truncated = window.get("truncated") == Some(&ConstValue::Boolean(true));
        self.put(out, format!("{key}_truncated"), truncated.into());
        // The whole length matters when there is more to read.
        if let Some(total) = window.get("totalChars").filter(|_| truncated || self.verbose) {
            self.put(out, format!("{key}_total_chars"), json(total));
        }
        if let Some(next) = window.get("next") {
            self.put(out, format!("{key}_next"), json(next));
        }
        for (field, value) in window {
            if !["text", "truncated", "totalChars", "next", "start"].contains(&&**field) {
                let value = plan.fields.get(&**field).map_or_else(|| json(value), |shape| self.value(value, shape));
                self.put(out, format!("{key}_{}", snake_case(field)), value);
            }
        }
        if top {
            let start = window.get("start").and_then(as_u64);
            self.windows.push(Window {
                key: key.to_owned(),
                start,
                total: window.get("totalChars").map(json),
                max_chars_from: plan.max_chars_from.clone(),
                cursor_from: plan.cursor_from.clone(),
            });
        }
    }

    fn connection(&mut self, data: &Object, plan: &ObjectPlan) -> (Vec<Item>, Option<String>, i64) {
        connection(data, plan, |node, node_plan, cursor| {
            let value = node.map_or(Value::Null, |node| Value::Object(self.item(node, node_plan, false)));
            Item { cursor, value }
        })
    }

    /// `connection`, each item written as text: directly where it holds
    /// plain fields, else shaped as values and serialized.
    fn written_connection(&mut self, data: &Object, plan: &ObjectPlan) -> (Vec<WrittenItem>, Option<String>, i64) {
        let mut writer = written::Writer::new(self.verbose, self.asked);
        // The items of a page share their fields: once one is not plain
        // (a text window asked for), the rest are not tried.
        let mut plain = true;
        connection(data, plan, |node, node_plan, cursor| {
            let Some(node) = node else { return WrittenItem { cursor, text: "null".to_owned() } };
            let text = plain.then(|| writer.item(node, node_plan)).flatten().unwrap_or_else(|| {
                plain = false;
                // Serializing a JSON value cannot fail.
                serde_json::to_string(&self.item(node, node_plan, false)).unwrap_or_default()
            });
            WrittenItem { cursor, text }
        })
    }
}

/// A connection's items, each made by `item` of its node (None when it is
/// not an object), its plan and its cursor; where the next page starts;
/// and how many there are in all.
fn connection<T>(
    data: &Object,
    plan: &ObjectPlan,
    mut item: impl FnMut(Option<&Object>, &ObjectPlan, String) -> T,
) -> (Vec<T>, Option<String>, i64) {
    let node = match plan.fields.get("edges") {
        Some(Shape::Object(edges)) => edges.fields.get("node"),
        _ => None,
    };
    // Empty maps: no allocation.
    let plain = ObjectPlan::new(ObjectKind::Plain);
    let node_plan = match node {
        Some(Shape::Object(node)) => node,
        _ => &plain,
    };
    let edges = match data.get("edges") {
        Some(ConstValue::List(edges)) => edges.as_slice(),
        _ => &[],
    };
    let items = edges
        .iter()
        .map(|edge| {
            let edge = as_object(edge);
            let node = edge.and_then(|e| e.get("node")).and_then(as_object);
            let cursor = edge.and_then(|e| e.get("cursor")).and_then(as_str).unwrap_or_default().to_owned();
            item(node, node_plan, cursor)
        })
        .collect();
    let page = data.get("pageInfo").and_then(as_object);
    let next = (page.and_then(|p| p.get("hasNextPage")) == Some(&ConstValue::Boolean(true)))
        .then(|| page.and_then(|p| p.get("endCursor")).and_then(as_str).map(str::to_owned))
        .flatten();
    let total = data.get("totalCount").and_then(as_i64).unwrap_or(0);
    (items, next, total)
}

fn as_object(value: &ConstValue) -> Option<&Object> {
    if let ConstValue::Object(object) = value { Some(object) } else { None }
}

fn as_str(value: &ConstValue) -> Option<&str> {
    if let ConstValue::String(text) = value { Some(text) } else { None }
}

fn as_i64(value: &ConstValue) -> Option<i64> {
    if let ConstValue::Number(number) = value { number.as_i64() } else { None }
}

fn as_u64(value: &ConstValue) -> Option<u64> {
    if let ConstValue::Number(number) = value { number.as_u64() } else { None }
}

/// `2026-11-29T10:00:00Z`: whole seconds, UTC.
fn instant(text: &str) -> Value {
    Value::String(crate::text::instant_to_second(text).unwrap_or_else(|| text.to_owned()))
}

/// The result `data` of one call of `document`, shaped by `style`.
pub fn shape(document: &ToolDocument, data: &ConstValue, style: &Style) -> ToolResult<Shaped> {
    let mut shaper =
        Shaper { verbose: style.verbose, fields: style.fields.as_deref(), asked: &style.asked, windows: Vec::new() };
    let empty = Object::new();
    let data = as_object(data).unwrap_or(&empty);
    if let Some(path) = &document.list_path {
        let (mut at, mut plan) = (data, &document.plan);
        for key in path {
            let found = at.get(&**key).and_then(as_object);
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
        if style.write_items && !style.table && style.fields.is_none() {
            let (items, next, total) = shaper.written_connection(at, plan);
            return Ok(Shaped::Written { items, next, total });
        }
        let (mut items, next, total) = shaper.connection(at, plan);
        if style.table && style.fields.is_none() {
            for item in &mut items {
                if let Value::Object(object) = &mut item.value {
                    TABLE_LEAVES_OUT.iter().for_each(|key| _ = object.remove(*key));
                }
            }
        }
        return Ok(Shaped::List { items, next, total });
    }
    // A single root field is the reply itself (a task, a project, a page).
    if data.len() == 1 && data.values().all(|value| *value == ConstValue::Null) {
        if let Some(text) = &document.none {
            let record = Map::from_iter([("nothing".to_owned(), Value::String(text.clone()))]);
            return Ok(Shaped::Record { record, windows: Vec::new() });
        }
        let key = data.keys().next().map(|k| snake_case(k)).unwrap_or_default();
        return Err(ToolError::new(ErrorCode::NotFound, format!("no {key} found"), "check the arguments that name it"));
    }
    let root = data.iter().next().and_then(|(key, value)| Some((as_object(value)?, document.plan.fields.get(&**key)?)));
    let record = match root {
        Some((object, Shape::Object(plan))) if data.len() == 1 => shaper.item(object, plan, true),
        _ => shaper.object(data, &document.plan, true),
    };
    Ok(Shaped::Record { record, windows: shaper.windows })
}

#[cfg(test)]
mod tests;
