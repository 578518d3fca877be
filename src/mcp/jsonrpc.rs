//! JSON-RPC's own errors for malformed MCP requests over HTTP, answered
//! before the transport sees them: a body that is not JSON is a parse
//! error (-32700), `tools/call` arguments that are not an object are
//! invalid params (-32602).

use axum::Json;
use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_PARAMS: i64 = -32602;

fn error(status: StatusCode, id: Value, code: i64, message: &str) -> Response {
    (status, Json(json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}))).into_response()
}

/// The malformed request's error, if it is one.
fn malformed(body: &[u8]) -> Option<Response> {
    let Ok(message) = serde_json::from_slice::<Value>(body) else {
        return Some(error(StatusCode::BAD_REQUEST, Value::Null, PARSE_ERROR, "Parse error: the body is not JSON"));
    };
    let arguments = message.pointer("/params/arguments");
    let bad_arguments = message.get("method").and_then(Value::as_str) == Some("tools/call")
        && arguments.is_some_and(|a| !a.is_object() && !a.is_null());
    bad_arguments.then(|| {
        let id = message.get("id").cloned().unwrap_or(Value::Null);
        error(StatusCode::OK, id, INVALID_PARAMS, "Invalid params: `arguments` must be an object")
    })
}

/// Middleware in front of the MCP transport (the body is already bounded
/// by the router's body limit).
pub async fn reject_malformed(request: Request, next: Next) -> Response {
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, usize::MAX).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    if let Some(response) = malformed(&bytes) {
        return response;
    }
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_malformed_messages_are_answered() {
        assert!(malformed(b"{not json").is_some());
        assert!(
            malformed(br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":[1]}}"#)
                .is_some()
        );
        assert!(
            malformed(br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}}}"#)
                .is_none()
        );
        assert!(malformed(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#).is_none());
    }
}
