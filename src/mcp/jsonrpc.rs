//! JSON-RPC's own errors for MCP requests over HTTP the transport must not
//! see: a body that is not JSON is a parse error (-32700),
//! a batch (a JSON array, which MCP no longer has) an invalid request
//! (-32600), and `tools/call` arguments that are not an object are invalid
//! params (-32602).

use axum::Json;
use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const INVALID_PARAMS: i64 = -32602;
pub const METHOD_NOT_FOUND: i64 = -32601;
/// The server-defined code the MCP SDKs answer a refused Origin with.
pub(super) const FORBIDDEN: i64 = -32000;

pub(super) fn error(status: StatusCode, id: Value, code: i64, message: &str) -> Response {
    (status, Json(json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}))).into_response()
}

/// The malformed request's error, if it is one.
fn malformed(body: &[u8]) -> Option<Response> {
    let message = match serde_json::from_slice::<Value>(body) {
        Ok(message) => message,
        Err(err) => {
            let message = format!("Parse error: the body is not JSON ({err})");
            return Some(error(StatusCode::BAD_REQUEST, Value::Null, PARSE_ERROR, &message));
        }
    };
    if message.is_array() {
        let message = "Invalid Request: batches (JSON arrays) are not supported; send one message per request";
        return Some(error(StatusCode::BAD_REQUEST, Value::Null, INVALID_REQUEST, message));
    }
    if let Some(why) = not_a_message(&message) {
        let message = format!("Invalid Request: {why}");
        return Some(error(StatusCode::BAD_REQUEST, Value::Null, INVALID_REQUEST, &message));
    }
    if let Some(method) = message.get("method").and_then(Value::as_str).filter(|m| m.chars().count() > MAX_METHOD_CHARS)
    {
        let id = message.get("id").cloned().unwrap_or(Value::Null);
        let message = format!("Method not found: {}", crate::text::echo(method));
        return Some(error(StatusCode::OK, id, METHOD_NOT_FOUND, &message));
    }
    let arguments = message.pointer("/params/arguments");
    let bad_arguments = message.get("method").and_then(Value::as_str) == Some("tools/call")
        && arguments.is_some_and(|a| !a.is_object() && !a.is_null());
    bad_arguments.then(|| {
        let id = message.get("id").cloned().unwrap_or(Value::Null);
        error(StatusCode::OK, id, INVALID_PARAMS, "Invalid params: `arguments` must be an object")
    })
}

/// The longest method name and id taken: MCP's are a few words, and both
/// come back in the answer.
const MAX_METHOD_CHARS: usize = 64;
const MAX_ID_CHARS: usize = 128;

/// Why `message` is not a JSON-RPC 2.0 message this transport takes, if it
/// is not: an object with `"jsonrpc": "2.0"`, an id that is a short string
/// or a number when there is one, and a method that is a string or else a
/// result or an error.
fn not_a_message(message: &Value) -> Option<&'static str> {
    let Some(object) = message.as_object() else { return Some("a message is a JSON object") };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Some("`jsonrpc` must be \"2.0\"");
    }
    match object.get("id") {
        None | Some(Value::Number(_)) => {}
        Some(Value::String(id)) if id.chars().count() <= MAX_ID_CHARS => {}
        Some(Value::String(_)) => return Some("an `id` is at most 128 characters"),
        Some(_) => return Some("an `id` is a string or a number"),
    }
    match object.get("method") {
        Some(Value::String(_)) => None,
        Some(_) => Some("`method` must be a string"),
        None if object.contains_key("result") || object.contains_key("error") => None,
        None => Some("a message has a `method`, or is a response with a `result` or an `error`"),
    }
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
        assert!(malformed(br#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#).is_some());
        for bad in [
            r#"{"jsonrpc":"1.0","id":1,"method":"tools/list"}"#,
            r#"{"id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":null,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":true,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":[1],"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":1}"#,
            r#""tools/list""#,
        ] {
            assert!(malformed(bad.as_bytes()).is_some(), "{bad}");
        }
        let long_id = format!(r#"{{"jsonrpc":"2.0","id":"{}","method":"tools/list"}}"#, "i".repeat(129));
        assert!(malformed(long_id.as_bytes()).is_some());
        let long_method = format!(r#"{{"jsonrpc":"2.0","id":1,"method":"{}"}}"#, "m".repeat(100_000));
        let answer = malformed(long_method.as_bytes()).expect("refused");
        assert_eq!(answer.status(), StatusCode::OK);
        assert!(malformed(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#).is_none());
        assert!(malformed(br#"{"jsonrpc":"2.0","id":"a","result":{}}"#).is_none());
    }
}
