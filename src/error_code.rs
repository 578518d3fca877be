//! The one vocabulary of error codes, a leaf every layer imports. The
//! store's errors carry a code; GraphQL renders it as `extensions.code`
//! (`BAD_USER_INPUT`) and keeps it, typed, on the error it answers with;
//! an MCP error body renders it as `error.code` (`invalid_argument`).

/// What kind of failure an error is, whatever surface reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// The request or an argument is wrong, or over a limit: the message
    /// says what to change.
    BadUserInput,
    /// Not there, or not visible to the caller (the two are never told apart).
    NotFound,
    /// Visible, but not the caller's to change.
    Forbidden,
    Unauthenticated,
    /// The write met a newer state (a revision, a taken name).
    Conflict,
    /// Apollo's automatic persisted queries: the hash is unknown, send the text.
    PersistedQueryNotFound,
    /// A tool's reply does not fit the caller's cap even at its smallest.
    ReplyTooLarge,
    /// The database cannot serve the request right now (out of reach,
    /// restarting, too slow, its disk full): the same request may succeed
    /// later. The message names the cause.
    Unavailable,
    /// The server's fault; the detail is logged, never answered.
    Internal,
}

/// What an internal error tells its client.
pub const INTERNAL_HINT: &str = "the server logged the details; try again later";

/// What a request stopped at its time limit is told: the database's trouble
/// when it no longer answers, else the request's size. (message, code, hint)
pub fn time_limit(what: &str, seconds: u64, database_answers: bool) -> (String, ErrorCode, &'static str) {
    if database_answers {
        (
            format!("{what} did not finish within {seconds} s and was stopped"),
            ErrorCode::BadUserInput,
            "narrow the filter, ask for smaller pages, or select fewer fields",
        )
    } else {
        (
            format!("{what} did not finish within {seconds} s: the database is not answering"),
            ErrorCode::Unavailable,
            "try again in a few seconds; a write may have been applied before its answer was lost: read before sending it again",
        )
    }
}

/// What to check when something is not found (it may exist out of sight).
pub const NOT_FOUND_HINT: &str = "check the name; only what this token may see can be found";

impl ErrorCode {
    /// The code as GraphQL's `extensions.code` spells it.
    pub const fn graphql(self) -> &'static str {
        match self {
            Self::BadUserInput => "BAD_USER_INPUT",
            Self::NotFound => "NOT_FOUND",
            Self::Forbidden => "FORBIDDEN",
            Self::Unauthenticated => "UNAUTHENTICATED",
            Self::Conflict => "CONFLICT",
            Self::PersistedQueryNotFound => "PERSISTED_QUERY_NOT_FOUND",
            Self::ReplyTooLarge => "REPLY_TOO_LARGE",
            Self::Unavailable => "UNAVAILABLE",
            Self::Internal => "INTERNAL",
        }
    }

    /// The code as an MCP tool's error body spells it.
    pub const fn tool(self) -> &'static str {
        match self {
            Self::BadUserInput | Self::PersistedQueryNotFound => "invalid_argument",
            Self::NotFound => "not_found",
            Self::Forbidden => "forbidden",
            Self::Unauthenticated => "unauthenticated",
            Self::Conflict => "conflict",
            Self::ReplyTooLarge => "reply_too_large",
            Self::Unavailable => "unavailable",
            Self::Internal => "internal",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    #[test]
    fn each_code_has_its_own_spelling_on_each_surface() {
        let codes = [
            ErrorCode::BadUserInput,
            ErrorCode::NotFound,
            ErrorCode::Forbidden,
            ErrorCode::Unauthenticated,
            ErrorCode::Conflict,
            ErrorCode::PersistedQueryNotFound,
            ErrorCode::ReplyTooLarge,
            ErrorCode::Unavailable,
            ErrorCode::Internal,
        ];
        let graphql: std::collections::HashSet<&str> = codes.iter().map(|c| c.graphql()).collect();
        assert_eq!(graphql.len(), codes.len());
        assert_eq!(ErrorCode::BadUserInput.graphql(), "BAD_USER_INPUT");
        assert_eq!(ErrorCode::BadUserInput.tool(), "invalid_argument");
        assert_eq!(ErrorCode::ReplyTooLarge.tool(), "reply_too_large");
    }
}
