//! The reply fields of tasks and projects: their names, the GraphQL
//! selection each needs, how each is read back, and the views.
//!
//! A call's `fields` (or its view) becomes the `TaskFields`/`ProjectFields`
//! fragment of the fixed operation, so the database reads only what the
//! reply shows. The views' own fragments live in `operations/`.

use serde_json::Value;

use super::error::{ToolError, ToolResult};

/// One reply field: its name, the selection it needs, how to read it.
pub struct Field {
    pub name: &'static str,
    pub selection: &'static str,
    pub read: fn(&Value) -> Value,
}

fn at<'a>(node: &'a Value, path: &[&str]) -> &'a Value {
    path.iter().fold(node, |v, key| &v[*key])
}

fn lower(v: &Value) -> Value {
    v.as_str().map(|s| Value::String(s.to_lowercase())).unwrap_or(Value::Null)
}

/// `2026-11-29T10:00:00Z`: whole seconds, UTC.
pub fn instant(v: &Value) -> Value {
    v.as_str()
        .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
        .map(|t| Value::String(t.with_timezone(&chrono::Utc).format("%Y-%m-%dT%H:%M:%SZ").to_string()))
        .unwrap_or(Value::Null)
}

fn names(v: &Value, key: &str) -> Value {
    match v.as_array() {
        Some(items) => Value::Array(items.iter().map(|i| i[key].clone()).collect()),
        None => Value::Null,
    }
}

/// The description travels as `description` plus its window fields, read
/// from the `descriptionText` selection made per call.
pub const DESCRIPTION: &str = "description";

pub const TASK_FIELDS: &[Field] = &[
    Field { name: "ref", selection: "ref", read: |n| n["ref"].clone() },
    Field { name: "title", selection: "title", read: |n| n["title"].clone() },
    Field { name: "status", selection: "status { key }", read: |n| at(n, &["status", "key"]).clone() },
    Field { name: "priority", selection: "priority", read: |n| lower(&n["priority"]) },
    Field { name: "assignee", selection: "assignee { username }", read: |n| at(n, &["assignee", "username"]).clone() },
    Field { name: "due", selection: "dueDate", read: |n| n["dueDate"].clone() },
    Field { name: "labels", selection: "labels { name }", read: |n| names(&n["labels"], "name") },
    Field { name: "updated", selection: "updatedAt", read: |n| instant(&n["updatedAt"]) },
    Field { name: "done", selection: "done", read: |n| n["done"].clone() },
    Field { name: "project", selection: "project { key }", read: |n| at(n, &["project", "key"]).clone() },
    Field { name: "kind", selection: "kind", read: |n| lower(&n["kind"]) },
    Field {
        name: "status_category",
        selection: "status { category }",
        read: |n| lower(at(n, &["status", "category"])),
    },
    Field { name: "coworkers", selection: "coworkers { username }", read: |n| names(&n["coworkers"], "username") },
    Field { name: "parent", selection: "parent { ref }", read: |n| at(n, &["parent", "ref"]).clone() },
    Field { name: "created", selection: "createdAt", read: |n| instant(&n["createdAt"]) },
    Field { name: "completed", selection: "completedAt", read: |n| instant(&n["completedAt"]) },
    Field { name: "comments", selection: "commentCount", read: |n| n["commentCount"].clone() },
    Field { name: DESCRIPTION, selection: "", read: |n| at(n, &["descriptionText", "text"]).clone() },
    Field { name: "url", selection: "url", read: |n| n["url"].clone() },
    Field { name: "deleted", selection: "deleted", read: |n| n["deleted"].clone() },
];

/// Shown with `verbose: true` only: internal ids and duplicated names.
pub const TASK_VERBOSE: &[Field] = &[
    Field { name: "id", selection: "id", read: |n| n["id"].clone() },
    Field { name: "status_name", selection: "status { name }", read: |n| at(n, &["status", "name"]).clone() },
    Field { name: "project_name", selection: "project { name }", read: |n| at(n, &["project", "name"]).clone() },
    Field {
        name: "assignee_name",
        selection: "assignee { displayName }",
        read: |n| at(n, &["assignee", "displayName"]).clone(),
    },
];

pub const TASK_SUMMARY: &[&str] =
    &["ref", "title", "status", "priority", "assignee", "due", "labels", "updated", "done"];
pub const TASK_FULL: &[&str] = &[
    "ref",
    "title",
    "status",
    "priority",
    "assignee",
    "due",
    "labels",
    "updated",
    "done",
    "project",
    "kind",
    "status_category",
    "coworkers",
    "parent",
    "created",
    "completed",
    "comments",
    "description",
    "url",
    "deleted",
];

pub const PROJECT_FIELDS: &[Field] = &[
    Field { name: "key", selection: "key", read: |n| n["key"].clone() },
    Field { name: "name", selection: "name", read: |n| n["name"].clone() },
    Field { name: "workspace", selection: "workspace { key }", read: |n| at(n, &["workspace", "key"]).clone() },
    Field { name: "url", selection: "url", read: |n| n["url"].clone() },
    Field {
        name: "description",
        selection: "descriptionText(maxChars: 2000, cut: WORD, format: MARKDOWN) { text truncated }",
        read: |n| at(n, &["descriptionText", "text"]).clone(),
    },
    Field {
        name: "statuses",
        selection: "statuses { key name category }",
        read: |n| match n["statuses"].as_array() {
            Some(list) => list
                .iter()
                .map(|s| serde_json::json!({"key": s["key"], "name": s["name"], "category": lower(&s["category"])}))
                .collect(),
            None => Value::Null,
        },
    },
    Field { name: "labels", selection: "labels { name }", read: |n| names(&n["labels"], "name") },
    Field {
        name: "members",
        selection: "members(first: 50) { nodes { user { username } role } }",
        read: |n| match at(n, &["members", "nodes"]).as_array() {
            Some(list) => list
                .iter()
                .map(|m| serde_json::json!({"username": m["user"]["username"], "role": lower(&m["role"])}))
                .collect(),
            None => Value::Null,
        },
    },
    Field { name: "open_tasks", selection: "openTaskCount", read: |n| n["openTaskCount"].clone() },
    Field { name: "created", selection: "createdAt", read: |n| instant(&n["createdAt"]) },
    Field { name: "updated", selection: "updatedAt", read: |n| instant(&n["updatedAt"]) },
];

pub const PROJECT_VERBOSE: &[Field] = &[
    Field { name: "id", selection: "id", read: |n| n["id"].clone() },
    Field { name: "workspace_name", selection: "workspace { name }", read: |n| at(n, &["workspace", "name"]).clone() },
];

pub const PROJECT_SUMMARY: &[&str] = &["key", "name", "workspace", "url"];
pub const PROJECT_FULL: &[&str] = &[
    "key",
    "name",
    "workspace",
    "url",
    "description",
    "statuses",
    "labels",
    "members",
    "open_tasks",
    "created",
    "updated",
];

/// Which fields a reply shows, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub names: Vec<&'static str>,
    /// Named with `fields`: every one present, null when empty.
    pub explicit: bool,
    pub verbose: bool,
}

/// Resolves `fields` (which wins) or the view into field names.
pub fn select(
    catalogue: &[Field],
    view_fields: &[&'static str],
    requested: Option<Vec<String>>,
    verbose: bool,
) -> ToolResult<Selection> {
    let Some(requested) = requested else {
        return Ok(Selection { names: view_fields.to_vec(), explicit: false, verbose });
    };
    let mut names = Vec::new();
    for name in requested.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        let field = catalogue.iter().find(|f| f.name == name).ok_or_else(|| {
            let valid: Vec<&str> = catalogue.iter().map(|f| f.name).collect();
            ToolError::invalid(
                format!("`fields`: unknown field `{name}`"),
                format!("valid fields: {}", valid.join(", ")),
            )
        })?;
        if !names.contains(&field.name) {
            names.push(field.name);
        }
    }
    if names.is_empty() {
        return Err(ToolError::invalid("`fields` is empty", "name at least one field, or leave `fields` out"));
    }
    Ok(Selection { names, explicit: true, verbose })
}

/// The body of a generated fragment for `selection`; `extra` holds per-call
/// selections (a description window).
pub fn fragment(
    name: &str,
    on: &str,
    catalogue: &[Field],
    verbose_fields: &[Field],
    selection: &Selection,
    extra: &str,
) -> String {
    let mut body: Vec<&str> = catalogue
        .iter()
        .filter(|f| selection.names.contains(&f.name) && !f.selection.is_empty())
        .map(|f| f.selection)
        .collect();
    if selection.verbose {
        body.extend(verbose_fields.iter().map(|f| f.selection));
    }
    format!("fragment {name} on {on} {{ {} {extra} }}", body.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn selections(names: &[&str]) -> Vec<&'static str> {
        TASK_FIELDS.iter().filter(|f| names.contains(&f.name) && !f.selection.is_empty()).map(|f| f.selection).collect()
    }

    /// The view fragments of `operations/` select what the views show.
    #[test]
    fn view_fragments_match_the_view_field_lists() {
        let summary = include_str!("operations/task_summary.graphql");
        for selection in selections(TASK_SUMMARY) {
            assert!(summary.contains(selection), "TaskSummary lacks {selection}");
        }
        let full = include_str!("operations/task_full.graphql");
        let extra: Vec<&str> = TASK_FULL.iter().copied().filter(|n| !TASK_SUMMARY.contains(n)).collect();
        for selection in selections(&extra) {
            assert!(full.contains(selection), "TaskFull lacks {selection}");
        }
        let project = include_str!("operations/project_full.graphql");
        for field in PROJECT_FIELDS.iter().filter(|f| PROJECT_FULL.contains(&f.name)) {
            let text = include_str!("operations/project_summary.graphql").to_owned() + project;
            assert!(text.contains(field.selection), "project fragments lack {}", field.selection);
        }
    }

    #[test]
    fn unknown_fields_are_named_with_the_valid_ones() {
        let err = select(TASK_FIELDS, TASK_SUMMARY, Some(vec!["ref".into(), "colour".into()]), false).unwrap_err();
        assert!(err.message.contains("colour"));
        assert!(err.hint.unwrap().contains("ref, title, status"));
    }
}
