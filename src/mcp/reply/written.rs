//! A list item of the object form written straight to JSON text, by the same
//! conventions `Shaper` applies when it builds values, for the plain items a
//! list call answers with: shaping `list_tasks`'s items as `serde_json` values
//! took 5.5% of the call's gateway CPU, and shaping with them written here 3.2%
//! (perf, DWARF call graphs), and the reply is no longer serialized from values
//! a second time. Only what a page written in one pass holds is written here:
//! keys in the document's order, scalars, enums, instants, lists, objects of
//! these. A text window, a connection inside an item, a key out of order or not
//! in the plan, or two fields under one reply key make `item` answer None, and
//! the caller shapes that item as values; the values' path stays the
//! definition, and a property test holds the two to the same text over items of
//! every shape written here.

use std::collections::HashSet;

use async_graphql::Value as ConstValue;

use super::Object;
use crate::mcp::document::{ObjectKind, ObjectPlan, Shape};

/// Writes the items of one page.
pub(super) struct Writer<'a> {
    verbose: bool,
    asked: &'a HashSet<String>,
    out: Vec<u8>,
    /// The last item's length: the next one is sized alike.
    room: usize,
}

impl<'a> Writer<'a> {
    pub fn new(verbose: bool, asked: &'a HashSet<String>) -> Self {
        Self { verbose, asked, out: Vec::new(), room: 256 }
    }

    /// `data` as the text of the object `Shaper` would make of it, or None
    /// where it holds more than plain fields.
    pub fn item(&mut self, data: &Object, plan: &ObjectPlan) -> Option<String> {
        self.out = Vec::with_capacity(self.room);
        self.object(data, plan)?;
        let out = std::mem::take(&mut self.out);
        self.room = out.len() + 32;
        // Every byte written is UTF-8: keys and values come from `str`s.
        String::from_utf8(out).ok()
    }

    fn object(&mut self, data: &Object, plan: &ObjectPlan) -> Option<()> {
        if !plan.distinct_outputs {
            return None;
        }
        self.out.push(b'{');
        let (mut next, mut first) = (0, true);
        for (key, value) in data {
            let (at, shape, output) = plan.field_from(next, key)?;
            if matches!(shape, Shape::Object(inner) if inner.kind == ObjectKind::Window) {
                return None;
            }
            let mark = self.out.len();
            if !first {
                self.out.push(b',');
            }
            self.out.extend_from_slice(output.json_key.as_bytes());
            let start = self.out.len();
            self.value(value, shape)?;
            let written = &self.out[start..];
            // A flag the call asked for is an answer, even when false.
            let asked = !output.conditions.is_empty() && output.conditions.iter().all(|c| self.asked.contains(c));
            if self.verbose || !is_empty(written) || (asked && written == b"false") {
                first = false;
            } else {
                self.out.truncate(mark);
            }
            next = at + 1;
        }
        self.out.push(b'}');
        Some(())
    }

    fn value(&mut self, value: &ConstValue, shape: &Shape) -> Option<()> {
        match (value, shape) {
            (ConstValue::List(items), _) => {
                self.out.push(b'[');
                for (at, item) in items.iter().enumerate() {
                    if at > 0 {
                        self.out.push(b',');
                    }
                    self.value(item, shape)?;
                }
                self.out.push(b']');
            }
            (ConstValue::Enum(name), Shape::Enum) => self.enum_value(name),
            (ConstValue::String(name), Shape::Enum) => self.enum_value(name),
            (ConstValue::String(text), Shape::Instant) => match crate::text::instant_to_second(text) {
                Some(instant) => self.json(&instant),
                None => self.json(text),
            },
            // A connection inside an item with its edges: the values' path
            // writes it.
            (ConstValue::Object(object), Shape::Object(plan))
                if plan.kind == ObjectKind::Connection && object.contains_key("edges") =>
            {
                return None;
            }
            (ConstValue::Object(object), Shape::Object(plan)) => {
                // An object of one field is that field's value.
                if let Some((key, only)) = object.iter().next().filter(|_| object.len() == 1) {
                    match plan.shape_of(key) {
                        Some(Shape::Object(inner)) if inner.kind == ObjectKind::Window => return None,
                        Some(shape) => return self.value(only, shape),
                        None => self.json(only),
                    }
                } else {
                    self.object(object, plan)?;
                }
            }
            _ => self.json(value),
        }
        Some(())
    }

    /// An enum's value in lowercase; `NONE` is no value unless `verbose`.
    fn enum_value(&mut self, name: &str) {
        if name == "NONE" && !self.verbose {
            self.out.extend_from_slice(b"null");
        } else if name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            // A GraphQL name: nothing in it to escape.
            self.out.push(b'"');
            self.out.extend(name.bytes().map(|b| b.to_ascii_lowercase()));
            self.out.push(b'"');
        } else {
            self.json(&name.to_lowercase());
        }
    }

    /// `value` as JSON, as `super::json` converts it: a `ConstValue`'s own
    /// serialization agrees with that conversion as long as async-graphql's
    /// `raw_value` feature, which writes some objects raw, stays off.
    fn json<T: serde::Serialize + ?Sized>(&mut self, value: &T) {
        // Writing JSON into a `Vec` cannot fail.
        let _ = serde_json::to_writer(&mut self.out, value);
    }
}

/// Whether `text` is a value the conventions leave out: null, false, zero,
/// an empty string, list or object (as `super::is_empty` judges values).
fn is_empty(text: &[u8]) -> bool {
    match text.first() {
        Some(b'-' | b'0'..=b'9') => std::str::from_utf8(text).ok().and_then(|t| t.parse::<f64>().ok()) == Some(0.0),
        _ => matches!(text, b"null" | b"false" | b"\"\"" | b"[]" | b"{}"),
    }
}
