//! Store errors as GraphQL errors: `extensions.code` and `extensions.hint`.
//! Internal errors are logged with their detail and answered without it.

use async_graphql::{Error, ErrorExtensions, ServerError};

use crate::store::StoreError;

pub const UNAUTHENTICATED: &str = "UNAUTHENTICATED";
pub const FORBIDDEN: &str = "FORBIDDEN";
pub const NOT_FOUND: &str = "NOT_FOUND";
pub const BAD_USER_INPUT: &str = "BAD_USER_INPUT";
pub const CONFLICT: &str = "CONFLICT";
pub const INTERNAL: &str = "INTERNAL";
/// Apollo's automatic persisted queries: the hash is unknown, send the text.
pub const PERSISTED_QUERY_NOT_FOUND: &str = "PERSISTED_QUERY_NOT_FOUND";

/// What an internal error tells its client.
pub const INTERNAL_HINT: &str = "the server logged the details; try again later";

/// What to check when something is not found (it may exist out of sight).
pub const NOT_FOUND_HINT: &str = "check the name; only what this token may see can be found";

pub fn coded(message: impl Into<String>, code: &'static str, hint: Option<&str>) -> Error {
    let message = message.into();
    Error::new(message).extend_with(|_, ext| {
        ext.set("code", code);
        if let Some(hint) = hint {
            ext.set("hint", hint);
        }
    })
}

/// An error raised before any resolver runs (by the HTTP transport), in the
/// shape the schema's own errors have.
pub fn request_error(message: impl Into<String>, code: &'static str, hint: Option<&str>) -> ServerError {
    let mut err = ServerError::new(message, None);
    let extensions = err.extensions.get_or_insert_with(Default::default);
    extensions.set("code", code);
    if let Some(hint) = hint {
        extensions.set("hint", hint);
    }
    err
}

pub fn unauthenticated() -> Error {
    coded("a bearer token is required", UNAUTHENTICATED, Some("send `Authorization: Bearer tl_...`"))
}

impl ErrorExtensions for StoreError {
    fn extend(&self) -> Error {
        match self {
            StoreError::NotFound { message } => coded(message.as_str(), NOT_FOUND, Some(NOT_FOUND_HINT)),
            StoreError::BadInput { message, hint } => coded(message.as_str(), BAD_USER_INPUT, hint.as_deref()),
            StoreError::Forbidden { message, hint } => coded(message.as_str(), FORBIDDEN, hint.as_deref()),
            StoreError::Conflict { message, hint } => coded(message.as_str(), CONFLICT, hint.as_deref()),
            StoreError::Db(err) => {
                tracing::error!(error = %crate::text::for_log(&err.to_string()), "database error");
                coded("internal error", INTERNAL, Some("the server logged the details; try again later"))
            }
        }
    }
}

/// `?` on a store result inside a resolver, keeping the error code.
pub trait GqlResult<T> {
    fn gql(self) -> async_graphql::Result<T>;
}

impl<T> GqlResult<T> for Result<T, StoreError> {
    fn gql(self) -> async_graphql::Result<T> {
        self.map_err(|err| err.extend())
    }
}
