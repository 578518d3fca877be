//! Tool errors: a tool result with `isError: true` and the body
//! `{"error": {"code", "message", "hint"}}`, never a JSON-RPC error, its
//! code the one `ErrorCode` every layer carries; and the one mapping from
//! the GraphQL errors tool documents meet.

use std::collections::HashMap;

use serde_json::{Value, json};

use crate::error_code::ErrorCode;
use crate::graphql::error::code_of;

#[derive(Debug, Clone, thiserror::Error)]
#[error("{}: {message}", code.tool())]
pub struct ToolError {
    pub code: ErrorCode,
    pub message: String,
    pub hint: Option<String>,
}

impl ToolError {
    pub fn new(code: ErrorCode, message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self { code, message: message.into(), hint: Some(hint.into()) }
    }

    pub fn invalid(message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self::new(ErrorCode::BadUserInput, message, hint)
    }

    pub fn body(&self) -> Value {
        let mut error = json!({"code": self.code.tool(), "message": self.message});
        if let Some(hint) = &self.hint {
            error["hint"] = hint.as_str().into();
        }
        json!({ "error": error })
    }
}

pub type ToolResult<T> = Result<T, ToolError>;

impl ToolError {
    /// The error with the schema's names its message and hint use (`baseRevision`,
    /// `patchWikiPage`) given as the tools' (`base_revision`, `patch_wiki_page`).
    pub fn in_tool_terms(mut self, names: &HashMap<String, String>) -> Self {
        self.message = in_tool_terms(&self.message, names);
        self.hint = self.hint.map(|hint| in_tool_terms(&hint, names));
        self
    }
}

/// `text` with each name that `names` knows replaced inside `code` spans
/// only: the rest may echo what the caller sent (a path, a section), which
/// must come back as sent.
fn in_tool_terms(text: &str, names: &HashMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        // Odd parts are inside backticks.
        let known = if i % 2 == 1 { names.get(part) } else { None };
        out.push_str(known.map_or(part, String::as_str));
    }
    out
}

/// A GraphQL error as a tool error, by the code the schema gave it; one
/// without a code is a bug, logged and answered as `internal`.
pub fn from_graphql(error: &async_graphql::ServerError) -> ToolError {
    let Some(code) = code_of(error) else {
        tracing::error!(error = %crate::text::for_log(&error.message), "tool operation failed");
        return ToolError::new(ErrorCode::Internal, "internal error", "the server logged the details");
    };
    let hint = match error.extensions.as_ref().and_then(|e| e.get("hint")) {
        Some(async_graphql::Value::String(s)) => Some(s.clone()),
        _ => None,
    };
    // GraphQL names the page position `after`; tools call it `cursor`.
    let message = error.message.replace("`after`", "`cursor`");
    ToolError { code, message, hint }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_names_become_the_tools_names() {
        let names: HashMap<String, String> = [("baseRevision", "base_revision"), ("patchWikiPage", "patch_wiki_page")]
            .into_iter()
            .map(|(a, b)| (a.to_owned(), b.to_owned()))
            .collect();
        let error = ToolError::new(
            ErrorCode::Conflict,
            "wiki page api/patchWikiPage has changed",
            "pass `baseRevision` \"2\", or use `patchWikiPage`",
        )
        .in_tool_terms(&names);
        assert_eq!(error.message, "wiki page api/patchWikiPage has changed", "what the caller sent comes back as sent");
        assert_eq!(error.hint.as_deref(), Some("pass `base_revision` \"2\", or use `patch_wiki_page`"));
        assert_eq!(
            in_tool_terms("`baseRevisions` and `x baseRevision`", &names),
            "`baseRevisions` and `x baseRevision`"
        );
    }
}
