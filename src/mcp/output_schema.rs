//! A tool's `outputSchema`, derived from its document's reply plan by the
//! rules `reply` shapes with (snake_case keys, enums and instants as
//! strings, an object of one field as that field's value, a text window
//! flattened into its parent, a connection as `{items, next, total}`), for
//! clients that ask for structured output. Every key may be left out (an
//! empty value is) or null (`fields` names it), and the guard may add its
//! marks (`truncated`, `<key>_truncated`), so objects stay open.

use serde_json::{Map, Value, json};

use super::document::{ObjectKind, ObjectPlan, Shape, ToolDocument, snake_case};

/// The schema of a value of this shape, null allowed.
fn value(shape: &Shape) -> Value {
    match shape {
        Shape::Enum | Shape::Instant => json!({"type": ["string", "null"]}),
        Shape::Scalar => json!({}),
        Shape::Object(plan) => {
            let one = object_of(plan);
            if plan.list { json!({"type": ["array", "null"], "items": one}) } else { one }
        }
    }
}

/// One object of `plan` as the reply writes it.
fn object_of(plan: &ObjectPlan) -> Value {
    if plan.kind == ObjectKind::Connection && plan.fields.contains_key("edges") {
        return list(item_plan(plan).map_or_else(|| json!({}), object_schema));
    }
    if let Some((_, only)) = plan.fields.iter().next().filter(|_| plan.fields.len() == 1) {
        let window = matches!(only, Shape::Object(inner) if inner.kind == ObjectKind::Window);
        if !window {
            return value(only);
        }
    }
    object_schema(plan)
}

fn item_plan(connection: &ObjectPlan) -> Option<&ObjectPlan> {
    match connection.fields.get("edges") {
        Some(Shape::Object(edges)) => match edges.fields.get("node") {
            Some(Shape::Object(node)) => Some(node),
            _ => None,
        },
        _ => None,
    }
}

/// An object's keys: each field's, a window's flattened ones.
fn object_schema(plan: &ObjectPlan) -> Value {
    let mut properties = Map::new();
    for (key, shape) in &plan.fields {
        let name = snake_case(key);
        match shape {
            Shape::Object(inner) if inner.kind == ObjectKind::Window => {
                properties.insert(name.clone(), json!({"type": ["string", "null"]}));
                properties.insert(format!("{name}_truncated"), json!({"type": "boolean"}));
                properties.insert(format!("{name}_total_chars"), json!({"type": "integer"}));
                properties.insert(format!("{name}_next"), json!({"type": ["integer", "null"]}));
            }
            _ => _ = properties.insert(name, value(shape)),
        }
    }
    json!({"type": ["object", "null"], "properties": properties})
}

/// `{items, next, total}`, or the table form's `{columns, rows, next, total}`.
fn list(item: Value) -> Value {
    json!({
        "type": "object",
        "properties": {
            "items": {"type": "array", "items": item},
            "columns": {"type": "array", "items": {"type": "string"}},
            "rows": {"type": "array", "items": {"type": "array"}},
            "next": {"type": "string"},
            "total": {"type": "integer"},
            "truncated": {"type": "boolean"},
        },
        "required": ["total"],
    })
}

/// The schema of a tool's successful reply: always an object.
pub fn of(document: &ToolDocument) -> Map<String, Value> {
    let schema = if document.list_path.is_some() {
        list(document.item_plan().map_or_else(|| json!({}), object_schema))
    } else {
        let record = match document.plan.fields.values().next() {
            Some(Shape::Object(root)) if document.plan.fields.len() == 1 => object_schema(root),
            _ => object_schema(&document.plan),
        };
        let mut record = record.as_object().cloned().unwrap_or_default();
        // The reply itself is never null; `@none` answers `{nothing}`.
        record.insert("type".into(), "object".into());
        if let Some(Value::Object(properties)) = record.get_mut("properties") {
            properties.insert("nothing".into(), json!({"type": "string"}));
        }
        Value::Object(record)
    };
    schema.as_object().cloned().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcp::document::Shared;
    use crate::mcp::types::Types;

    const SDL: &str = "type Query { tasks(first: Int, after: String): TaskConnection! task(ref: String!): Task }
        type TaskConnection { edges: [TaskEdge!]! pageInfo: PageInfo! totalCount: Int! }
        type TaskEdge { cursor: String! node: Task! }
        type PageInfo { hasNextPage: Boolean! endCursor: String }
        enum Priority { LOW HIGH }
        type Task { ref: String! priority: Priority! labels: [Label!]! status: Status }
        type Label { name: String! }
        type Status { key: String! name: String! }";

    fn schema(text: &str) -> Value {
        let types = Types::from_sdl(SDL).expect("sdl");
        let document = ToolDocument::parse("t.graphql", text, &types, &Shared { name: "", text: "" }).expect("a tool");
        Value::Object(of(&document))
    }

    #[test]
    fn a_list_tool_is_items_next_and_total() {
        let list = schema(
            "# List.\nquery ListTasks($first: Int, $after: String) { tasks(first: $first, after: $after) { totalCount
               edges { cursor node { ref priority labels { name } status { key name } } } pageInfo { hasNextPage endCursor } } }",
        );
        assert_eq!(list["required"], json!(["total"]));
        let item = &list["properties"]["items"]["items"]["properties"];
        assert_eq!(item["priority"], json!({"type": ["string", "null"]}));
        // An object of one field is that field's value: labels are names.
        assert_eq!(item["labels"]["type"], json!(["array", "null"]));
        assert_eq!(item["labels"]["items"], json!({}));
        assert_eq!(item["status"]["properties"]["key"], json!({}));
    }

    #[test]
    fn a_record_tool_is_its_root_object() {
        let record = schema("# Get.\nquery GetTask($ref: String!) { task(ref: $ref) { ref priority } }");
        assert_eq!(record["type"], "object");
        assert!(record["properties"]["ref"].is_object() && record["properties"]["nothing"].is_object());
    }
}
