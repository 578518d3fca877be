//! Errors as GraphQL answers them: `extensions.code` and `extensions.hint`,
//! with the typed code kept as the error's source so that an in-process
//! caller (the MCP tools) reads it without parsing. Internal errors are
//! logged with their detail and answered without it.

use std::sync::Arc;

use async_graphql::{Error, ErrorExtensions, ServerError};

pub use crate::error_code::{ErrorCode, INTERNAL_HINT, NOT_FOUND_HINT};
use crate::store::StoreError;

pub fn coded(message: impl Into<String>, code: ErrorCode, hint: Option<&str>) -> Error {
    let mut error = Error::new(message).extend_with(|_, ext| {
        ext.set("code", code.graphql());
        if let Some(hint) = hint {
            ext.set("hint", hint);
        }
    });
    error.source = Some(Arc::new(code));
    error
}

/// An error raised before any resolver runs (by the HTTP transport), in the
/// shape the schema's own errors have.
pub fn request_error(message: impl Into<String>, code: ErrorCode, hint: Option<&str>) -> ServerError {
    let mut err = ServerError::new(message, None);
    set_code(&mut err, code, hint);
    err
}

/// A store error raised before any resolver runs, mapped (and logged and
/// counted) as a resolver's would be.
pub fn store_request_error(err: &StoreError) -> ServerError {
    let mapped = err.extend();
    ServerError {
        message: mapped.message,
        source: mapped.source,
        locations: Vec::new(),
        path: Vec::new(),
        extensions: mapped.extensions,
    }
}

/// Gives `error` a code and hint (replacing any it had).
pub fn set_code(error: &mut ServerError, code: ErrorCode, hint: Option<&str>) {
    let extensions = error.extensions.get_or_insert_with(Default::default);
    extensions.set("code", code.graphql());
    if let Some(hint) = hint {
        extensions.set("hint", hint);
    }
    error.source = Some(Arc::new(code));
}

/// The code an error of this server carries.
pub fn code_of(error: &ServerError) -> Option<ErrorCode> {
    error.source::<ErrorCode>().copied()
}

/// The answer to a request the database cannot serve now: `UNAVAILABLE`,
/// the cause in words and as `extensions.cause`.
pub fn unavailable(outage: crate::store::db_error::Outage) -> Error {
    coded(outage.message(), ErrorCode::Unavailable, Some(outage.hint()))
        .extend_with(|_, ext| ext.set("cause", outage.kind()))
}

pub fn unauthenticated() -> Error {
    coded("a bearer token is required", ErrorCode::Unauthenticated, Some("send `Authorization: Bearer tl_...`"))
}

impl ErrorExtensions for StoreError {
    fn extend(&self) -> Error {
        match self {
            StoreError::Refused { code, message, hint, argument } => {
                let error = coded(message.as_str(), *code, hint.as_deref());
                match argument {
                    Some(argument) => error.extend_with(|_, ext| ext.set("argument", argument.as_str())),
                    None => error,
                }
            }
            StoreError::StaleRevision(stale) => {
                let since = serde_json::to_value(&stale.since).unwrap_or_default();
                coded(stale.message(), ErrorCode::Conflict, Some(&stale.hint())).extend_with(|_, ext| {
                    ext.set("currentRevision", stale.current);
                    ext.set("changedSince", async_graphql::Value::from_json(since).unwrap_or_default());
                })
            }
            StoreError::Db(err) => match crate::store::db_error::outage(err) {
                Some(outage) => {
                    crate::metrics::metrics().database_error(outage.kind());
                    tracing::warn!(error = %crate::text::for_log(&err.to_string()), cause = outage.kind(), "database unavailable");
                    unavailable(outage)
                }
                None => {
                    crate::metrics::metrics().database_error("other");
                    tracing::error!(error = %crate::text::for_log(&err.to_string()), "database error");
                    coded("internal error", ErrorCode::Internal, Some(INTERNAL_HINT))
                }
            },
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
