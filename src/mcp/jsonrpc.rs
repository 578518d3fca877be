//! JSON-RPC's own errors for MCP requests over HTTP the transport must not
//! see: a page of a foreign `Origin` is forbidden (403, as the MCP
//! transport spec asks), a body that is not JSON is a parse error (-32700),
//! a batch (a JSON array, which MCP no longer has) an invalid request
//! (-32600), and `tools/call` arguments that are not an object are invalid
//! params (-32602).

use axum::Json;
use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::{Selection, ToolSet};
use crate::App;

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const INVALID_PARAMS: i64 = -32602;
pub const METHOD_NOT_FOUND: i64 = -32601;
/// The server-defined code the MCP SDKs answer a refused Origin with.
const FORBIDDEN: i64 = -32000;

fn error(status: StatusCode, id: Value, code: i64, message: &str) -> Response {
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

/// Whether a page of `origin` may call `/mcp`: a loopback page, or one the
/// operator allowed. A request without `Origin` does not come from a page.
fn origin_allowed(origin: &HeaderValue, allowed: &[HeaderValue]) -> bool {
    let Some(origin) = origin.to_str().ok().and_then(|o| crate::config::parse_origin(o).ok()) else {
        return false;
    };
    let loopback = origin.to_str().ok().and_then(|o| url::Url::parse(o).ok()).is_some_and(|url| {
        matches!(url.scheme(), "http" | "https") && matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"))
    });
    loopback || allowed.contains(&origin)
}

/// CORS for the pages that may call `/mcp` (loopback pages and the allowed
/// origins): a browser's preflight is answered before the token is asked
/// for, and the answer lets it send the MCP headers.
pub fn cors(allowed: &[HeaderValue]) -> tower_http::cors::CorsLayer {
    use tower_http::cors::{AllowOrigin, CorsLayer};
    let allowed = allowed.to_vec();
    CorsLayer::new()
        .allow_origin(AllowOrigin::predicate(move |origin, _| origin_allowed(origin, &allowed)))
        .allow_methods([Method::GET, Method::POST, Method::DELETE])
        .allow_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            header::ACCEPT,
            header::HeaderName::from_static("mcp-protocol-version"),
            header::HeaderName::from_static("mcp-session-id"),
            header::HeaderName::from_static("last-event-id"),
            header::HeaderName::from_static(super::selection::TOOLSETS_HEADER),
            header::HeaderName::from_static(super::selection::TOOLS_HEADER),
            header::HeaderName::from_static(super::selection::READ_ONLY_HEADER),
        ])
        .expose_headers([header::HeaderName::from_static("mcp-session-id"), header::WWW_AUTHENTICATE])
        .max_age(std::time::Duration::from_secs(60 * 60))
}

/// Refuses a request from a page of a foreign origin before anything else
/// (a browser page must not drive an agent's tools with its user's token).
pub async fn check_origin(State(app): State<App>, request: Request, next: Next) -> Response {
    // Every `Origin` a request carries must pass, not only its first.
    let mut origins = request.headers().get_all(header::ORIGIN).iter();
    if origins.any(|origin| !origin_allowed(origin, &app.settings.allowed_origins)) {
        let message = "Forbidden: this Origin may not call /mcp; start the server with --allowed-origin to allow it";
        return error(StatusCode::FORBIDDEN, Value::Null, FORBIDDEN, message);
    }
    next.run(request).await
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

/// Reads the tool selection a request asks for (`X-MCP-Toolsets`,
/// `X-MCP-Tools`, `X-MCP-Readonly`) for the server's handlers; a header
/// it cannot read, or a tool no toolset of the server has, is a 400 that
/// names it, not a silent empty list.
pub async fn selection_from_headers(State(tools): State<ToolSet>, mut request: Request, next: Next) -> Response {
    let selection = Selection::of_headers(request.headers()).and_then(|selection| {
        let known = tools.get();
        let unknown = selection.listed_tools().find(|name| !known.iter().any(|tool| tool.tool.name == *name));
        match unknown.map(crate::text::echo) {
            Some(unknown) => Err(format!("X-MCP-Tools: no tool is named {unknown}")),
            None => Ok(selection),
        }
    });
    match selection {
        Ok(selection) => {
            request.extensions_mut().insert(selection);
            next.run(request).await
        }
        Err(why) => error(StatusCode::BAD_REQUEST, Value::Null, INVALID_REQUEST, &format!("Invalid Request: {why}")),
    }
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

    #[test]
    fn loopback_and_allowed_origins_only() {
        let allowed = [HeaderValue::from_static("https://app.example.com")];
        for origin in ["http://localhost:6274", "http://127.0.0.1", "https://[::1]:8443", "https://APP.example.com:443"]
        {
            assert!(origin_allowed(&HeaderValue::from_static(origin), &allowed), "{origin}");
        }
        for origin in ["https://evil.example", "null", "http://localhost.evil.example", "https://app.example.com:8443"]
        {
            assert!(!origin_allowed(&HeaderValue::from_static(origin), &allowed), "{origin}");
        }
    }
}
