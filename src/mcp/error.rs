//! Tool errors: a tool result with `isError: true` and the body
//! `{"error": {"code", "message", "hint"}}`, never a JSON-RPC error; and
//! the one mapping from the GraphQL errors tool documents meet.

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
