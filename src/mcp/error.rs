//! Tool errors: a tool result with `isError: true` and the body
//! `{"error": {"code", "message", "hint"}}`, never a JSON-RPC error; and
//! the one mapping from the GraphQL errors tool documents meet.

use std::collections::HashMap;

use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    InvalidArgument,
    NotFound,
    Forbidden,
    Unauthenticated,
    Conflict,
    ReplyTooLarge,
    Internal,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidArgument => "invalid_argument",
            Self::NotFound => "not_found",
            Self::Forbidden => "forbidden",
            Self::Unauthenticated => "unauthenticated",
            Self::Conflict => "conflict",
            Self::ReplyTooLarge => "reply_too_large",
            Self::Internal => "internal",
        }
    }

    /// The tool code of a GraphQL `extensions.code`.
    pub fn from_graphql(code: &str) -> Self {
        match code {
            "BAD_USER_INPUT" => Self::InvalidArgument,
            "NOT_FOUND" => Self::NotFound,
            "FORBIDDEN" => Self::Forbidden,
            "UNAUTHENTICATED" => Self::Unauthenticated,
            "CONFLICT" => Self::Conflict,
            _ => Self::Internal,
        }
    }
}

#[derive(Debug, Clone, thiserror::Error)]
#[error("{}: {message}", code.as_str())]
pub struct ToolError {
    pub code: Code,
    pub message: String,
    pub hint: Option<String>,
}

impl ToolError {
    pub fn new(code: Code, message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self { code, message: message.into(), hint: Some(hint.into()) }
    }

    pub fn invalid(message: impl Into<String>, hint: impl Into<String>) -> Self {
        Self::new(Code::InvalidArgument, message, hint)
    }

    pub fn body(&self) -> Value {
        let mut error = json!({"code": self.code.as_str(), "message": self.message});
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

/// A GraphQL error as a tool error, by its `extensions.code`; one without
/// a code is a bug, logged and answered as `internal`.
pub fn from_graphql(error: &async_graphql::ServerError) -> ToolError {
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
            Code::Conflict,
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
