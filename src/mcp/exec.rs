//! Runs a tool's GraphQL operation in-process with the caller's identity.
//! This is the MCP layer's only way to data.

use async_graphql::{Request, Variables};
use serde_json::Value;

use crate::App;
use crate::auth::Viewer;
use crate::graphql;

use super::error::{Code, ToolError, ToolResult};

/// Executes `document` and returns its `data`, or the first error as a tool error.
pub async fn run(app: &App, viewer: &Viewer, document: &str, variables: Value) -> ToolResult<Value> {
    run_request(app, viewer, Request::new(document), variables).await
}

/// Executes a prepared request (e.g. one operation of a document).
pub async fn run_request(app: &App, viewer: &Viewer, request: Request, variables: Value) -> ToolResult<Value> {
    let request = request.variables(Variables::from_json(variables));
    let response = app.graphql.execute(graphql::with_viewer(request, &app.store, viewer.clone())).await;
    if let Some(error) = response.errors.first() {
        return Err(tool_error(error));
    }
    response
        .data
        .into_json()
        .map_err(|err| ToolError::new(Code::Internal, format!("unreadable result: {err}"), "try again"))
}

/// A GraphQL error as a tool error, by its code.
pub fn tool_error(error: &async_graphql::ServerError) -> ToolError {
    let ext = error.extensions.as_ref();
    let field = |name: &str| match ext.and_then(|e| e.get(name)) {
        Some(async_graphql::Value::String(s)) => Some(s.clone()),
        _ => None,
    };
    let Some(code) = field("code") else {
        tracing::error!(error = %crate::text::for_log(&error.message), "tool operation failed");
        return ToolError::new(Code::Internal, "internal error", "the server logged the details");
    };
    // GraphQL names the page position `after`; tools call it `cursor`.
    let message = error.message.replace("`after`", "`cursor`");
    ToolError { code: Code::from_graphql(&code), message, hint: field("hint") }
}
