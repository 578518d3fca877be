//! Tool errors: a tool result with `isError: true` and the body
//! `{"error": {"code", "message", "hint"}}`, never a JSON-RPC error, its
//! code the one `ErrorCode` every layer carries; and the one mapping from
//! the GraphQL errors tool documents meet, in the tool's names.

use serde_json::{Value, json};

use crate::error_code::ErrorCode;
use crate::graphql::error::code_of;

use super::names::Names;

#[derive(Debug, Clone, thiserror::Error)]
#[error("{}: {message}", code.tool())]
pub struct ToolError {
    pub code: ErrorCode,
    pub message: String,
    pub hint: Option<String>,
    /// What a client acts on besides the words, in the tool's names: a
    /// stale revision's `current_revision` and `changed_since`.
    pub facts: Option<Box<serde_json::Map<String, Value>>>,
}

impl ToolError {
    pub fn new(code: ErrorCode, message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self { code, message: message.into(), hint: Some(hint.into()), facts: None }
    }

    pub fn invalid(message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self::new(ErrorCode::BadUserInput, message, hint)
    }

    pub fn body(&self) -> Value {
        let mut error = json!({"code": self.code.tool(), "message": self.message});
        if let Some(hint) = &self.hint {
            error["hint"] = hint.as_str().into();
        }
        for (key, value) in self.facts.iter().flat_map(|facts| facts.iter()) {
            error[key] = value.clone();
        }
        json!({ "error": error })
    }
}

pub type ToolResult<T> = Result<T, ToolError>;

/// A GraphQL error as a tool error, by the code the schema gave it and in
/// the tool's `names`; one without a code is a bug, logged and answered as
/// `internal`.
pub fn from_graphql(error: &async_graphql::ServerError, names: &Names) -> ToolError {
    let Some(code) = code_of(error) else {
        tracing::error!(error = %crate::text::for_log(&error.message), "tool operation failed");
        return ToolError::new(ErrorCode::Internal, "internal error", "the server logged the details");
    };
    let hint = match error.extensions.as_ref().and_then(|e| e.get("hint")) {
        Some(async_graphql::Value::String(s)) => Some(names.in_tool_terms(s)),
        _ => None,
    };
    let mut facts = serde_json::Map::new();
    for (graphql, tool) in FACTS {
        if let Some(value) = error.extensions.as_ref().and_then(|e| e.get(graphql)) {
            facts.insert((*tool).to_owned(), value.clone().into_json().unwrap_or_default());
        }
    }
    let facts = (!facts.is_empty()).then(|| Box::new(facts));
    ToolError { code, message: names.in_tool_terms(&error.message), hint, facts }
}

/// The extensions of a GraphQL error a tool error carries, by their names
/// in each.
const FACTS: &[(&str, &str)] = &[("currentRevision", "current_revision"), ("changedSince", "changed_since")];
