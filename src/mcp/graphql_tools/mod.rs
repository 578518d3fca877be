//! The toolset `graphql`, offered only when a selection names it:
//! `graphql_query` runs one operation an agent writes (`query`), for the
//! questions no other tool answers in one call; `graphql_schema` answers
//! a slice of the schema (`schema`) to write it with. Neither is a tool
//! document: they are listed, selected and called beside them.

mod fit;
mod query;
mod schema;

use std::sync::Arc;

use rmcp::model::{JsonObject, MetaObject, Tool, ToolAnnotations};
use serde_json::{Map, Value, json};

use super::error::{ToolError, ToolResult};
use super::selection::Offered;
use super::tool::{Answer, MAX_RESULT_SIZE_META};
use super::types::Types;
use crate::App;
use crate::config::Toolset;
use crate::store::Viewer;
pub use schema::SchemaIndex;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Query,
    Schema,
}

/// One of the two tools, with what it runs on.
pub struct GraphqlTool {
    pub tool: Tool,
    /// Its reply's schema, declared when a client asks for structured output.
    pub output_schema: Arc<JsonObject>,
    kind: Kind,
    /// `graphql_query` may run mutations (`--graphql-tool-mutations`).
    mutations: bool,
    types: Arc<Types>,
    schema: Arc<SchemaIndex>,
}

impl Offered for GraphqlTool {
    fn name(&self) -> &str {
        &self.tool.name
    }

    fn toolset(&self) -> Toolset {
        Toolset::Graphql
    }

    fn writes(&self) -> bool {
        self.mutations && self.kind == Kind::Query
    }
}

fn object(properties: Value, required: &[&str]) -> Arc<JsonObject> {
    let mut schema = json!({"type": "object", "properties": properties, "additionalProperties": false});
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    Arc::new(schema.as_object().cloned().unwrap_or_default())
}

impl GraphqlTool {
    /// Both tools, on the schema's `types` and its `schema` read whole.
    pub fn both(types: &Arc<Types>, schema: &Arc<SchemaIndex>, cap: u32, mutations: bool) -> Vec<Arc<Self>> {
        let mut meta = JsonObject::new();
        meta.insert(MAX_RESULT_SIZE_META.into(), cap.into());
        let query_description = if mutations {
            "Run one GraphQL operation (query or mutation) when no other tool answers in one call."
        } else {
            "Run one GraphQL query when no other tool answers in one call."
        };
        let mut query = Tool::new(
            "graphql_query",
            query_description,
            object(
                json!({"query": {"type": "string"}, "variables": {"type": "object"}, "max_chars": {"type": "integer"}}),
                &["query"],
            ),
        )
        .with_title("GraphQL query");
        query.annotations = Some(ToolAnnotations::new().read_only(!mutations));
        query.meta = Some(MetaObject(meta.clone()));
        let mut slice = Tool::new(
            "graphql_schema",
            "Minified SDL: the query root, a `type`, a `field` (Query.tasks) or names matching `search`.",
            object(
                json!({"type": {"type": "string"}, "field": {"type": "string"}, "search": {"type": "string"},
                       "descriptions": {"type": "boolean"}}),
                &[],
            ),
        )
        .with_title("GraphQL schema");
        slice.annotations = Some(ToolAnnotations::new().read_only(true));
        slice.meta = Some(MetaObject(meta));
        // Any operation's answer is an object; a slice is SDL and what did not fit.
        let any = object(json!({}), &[]);
        let mut any = (*any).clone();
        any.remove("additionalProperties");
        let slice_schema = object(
            json!({"sdl": {"type": "string"}, "left_out": {"type": "array", "items": {"type": "string"}},
                   "hint": {"type": "string"}, "nothing": {"type": "string"}}),
            &[],
        );
        [(query, Kind::Query, Arc::new(any)), (slice, Kind::Schema, slice_schema)]
            .into_iter()
            .map(|(tool, kind, output_schema)| {
                let (types, schema) = (types.clone(), schema.clone());
                Arc::new(Self { tool, output_schema, kind, mutations, types, schema })
            })
            .collect()
    }

    /// Runs the tool for `viewer` within the server's `cap`.
    pub async fn call(&self, app: &App, viewer: &Viewer, arguments: Option<Map<String, Value>>, cap: usize) -> Answer {
        let (outcome, cap, cut) = match self.kind {
            Kind::Query => query::run(app, viewer, &self.types, arguments, cap, self.mutations).await,
            Kind::Schema => (self.slice(arguments), cap, false),
        };
        let (text, error) = match outcome {
            Ok(text) => (text, None),
            Err(err) => (err.body().to_string(), Some(err.code)),
        };
        let (text, is_error) = super::guard::final_check(text, error.is_some(), cap);
        let error = if is_error { error.or(Some(crate::error_code::ErrorCode::ReplyTooLarge)) } else { None };
        Answer { text, error, cut }
    }

    fn slice(&self, arguments: Option<Map<String, Value>>) -> ToolResult<String> {
        let arguments = arguments.unwrap_or_default();
        let text = |name: &str| -> ToolResult<Option<&str>> {
            match arguments.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) if s.len() <= 200 => Ok(Some(s.as_str())),
                Some(_) => Err(ToolError::invalid(format!("`{name}` is not a name"), "pass at most 200 characters")),
            }
        };
        if let Some(unknown) =
            arguments.keys().find(|k| !["type", "field", "search", "descriptions"].contains(&k.as_str()))
        {
            let message = format!("unknown argument `{}`", crate::text::echo(unknown));
            return Err(ToolError::invalid(message, "the arguments are type, field, search and descriptions"));
        }
        let ask = schema::Ask {
            type_name: text("type")?,
            field: text("field")?,
            search: text("search")?,
            descriptions: arguments.get("descriptions").and_then(Value::as_bool).unwrap_or(false),
        };
        Ok(Value::Object(self.schema.slice(&ask)?).to_string())
    }
}
