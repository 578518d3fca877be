//! The reply conventions: snake_case keys, and no null, empty array, false
//! flag, zero count or internal id unless asked for (`verbose`, `fields`).

use serde_json::{Map, Value};

use super::fields::{DESCRIPTION, Field, Selection};

/// Values an omitted key stands for: null, empty, false, zero, and the
/// `none` priority.
pub fn is_empty(key: &str, value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty() || (key == "priority" && s == "none"),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
    }
}

/// Inserts `value` unless the conventions omit it.
pub fn put(out: &mut Map<String, Value>, key: &str, value: Value, keep_empty: bool) {
    if keep_empty || !is_empty(key, &value) {
        out.insert(key.to_owned(), value);
    }
}

/// A task or project as a reply object, in the selection's order.
pub fn record(
    node: &Value,
    catalogue: &[Field],
    verbose_fields: &[Field],
    selection: &Selection,
) -> Map<String, Value> {
    let keep_empty = selection.explicit || selection.verbose;
    let mut out = Map::new();
    for name in &selection.names {
        let Some(field) = catalogue.iter().find(|f| f.name == *name) else { continue };
        put(&mut out, name, (field.read)(node), keep_empty);
        if *name == DESCRIPTION {
            description_window(&mut out, &node["descriptionText"], selection.verbose);
        }
    }
    if selection.verbose {
        for field in verbose_fields {
            out.insert(field.name.to_owned(), (field.read)(node));
        }
    }
    out
}

/// `description_truncated`, `description_total_chars` and `description_next`
/// travel with a description that does not end in this reply.
fn description_window(out: &mut Map<String, Value>, window: &Value, verbose: bool) {
    let truncated = window["truncated"].as_bool().unwrap_or(false);
    if truncated || verbose {
        out.insert("description_truncated".into(), truncated.into());
        if !window["totalChars"].is_null() {
            out.insert("description_total_chars".into(), window["totalChars"].clone());
        }
        if !window["next"].is_null() || verbose {
            out.insert("description_next".into(), window["next"].clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    use crate::mcp::fields::{TASK_FIELDS, TASK_SUMMARY, TASK_VERBOSE};

    fn node() -> Value {
        json!({"ref": "WEB-1", "title": "T", "status": {"key": "todo"}, "priority": "NONE", "assignee": null, "dueDate": null,
               "labels": [], "updatedAt": "2026-11-29T10:00:00.123456+00:00", "done": false})
    }

    #[test]
    fn empty_values_are_omitted_by_default() {
        let selection = Selection { names: TASK_SUMMARY.to_vec(), explicit: false, verbose: false };
        let out = record(&node(), TASK_FIELDS, TASK_VERBOSE, &selection);
        assert_eq!(
            Value::Object(out),
            json!({"ref": "WEB-1", "title": "T", "status": "todo", "updated": "2026-11-29T10:00:00Z"})
        );
    }

    #[test]
    fn named_fields_are_all_present() {
        let selection = Selection { names: vec!["ref", "assignee", "labels", "done"], explicit: true, verbose: false };
        let out = record(&node(), TASK_FIELDS, TASK_VERBOSE, &selection);
        assert_eq!(Value::Object(out), json!({"ref": "WEB-1", "assignee": null, "labels": [], "done": false}));
    }
}
