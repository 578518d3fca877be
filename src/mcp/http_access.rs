//! Who may reach `/mcp` and what a request selects, before the transport
//! reads it: a page of a foreign `Origin` is forbidden (403, as the MCP
//! transport spec asks), CORS lets the allowed pages send MCP's headers,
//! and the tool selection headers are read once for the handlers.

use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use serde_json::Value;

use super::jsonrpc::{FORBIDDEN, INVALID_REQUEST, error};
use super::{Selection, ServedTools};
use crate::App;

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
            header::HeaderName::from_static(super::selection::STRUCTURED_OUTPUT_HEADER),
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

/// Reads the tool selection a request asks for (`X-MCP-Toolsets`,
/// `X-MCP-Tools`, `X-MCP-Readonly`) for the server's handlers; a header
/// it cannot read, or a tool no toolset of the server has, is a 400 that
/// names it, not a silent empty list.
pub async fn selection_from_headers(State(tools): State<ServedTools>, mut request: Request, next: Next) -> Response {
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
