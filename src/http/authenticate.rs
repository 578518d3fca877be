//! Who a request is: the bearer token resolved before any body is read (a
//! `tl_` token through the store, an OAuth access token through the
//! resource server and then the store), the throttle on failed attempts,
//! the 401 with its `WWW-Authenticate` challenge (RFC 9728's
//! `resource_metadata` when OAuth is on), and the 403 `insufficient_scope`
//! of a write by an access token without the write scope (MCP tool calls
//! and GraphQL mutations), so the client can ask for that scope.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use axum::body::{Body, to_bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use super::graphql_http::{self, MediaType};
use crate::App;
use crate::auth;
use crate::graphql::error::{self, ErrorCode};
use crate::mcp::ServedTools;
use crate::oauth::{ResourceServer, TokenError};
use crate::store::identity::OAuthIdentity;
use crate::store::{AuthError, Viewer};

pub(super) fn unauthorized(app: &App, err: &AuthError, media: MediaType) -> Response {
    if let AuthError::Store(e) = err {
        // The token could not be read: the database's trouble, not the client's.
        let error = error::store_request_error(e);
        if error::code_of(&error) == Some(ErrorCode::Unavailable) {
            return graphql_http::unavailable_response(media, vec![error]);
        }
        return graphql_http::errors_response(StatusCode::INTERNAL_SERVER_ERROR, media, vec![error]);
    }
    let (message, hint) = match err {
        AuthError::Missing => (
            "a bearer token is required".to_owned(),
            "send `Authorization: Bearer tl_...`; `tasklens token create` makes one",
        ),
        AuthError::Invalid => {
            ("unknown or revoked token".to_owned(), "check the token, or create a new one with `tasklens token create`")
        }
        AuthError::Rejected(why) => (why.clone(), "get a new access token from the authorization server"),
        AuthError::InsufficientScope(scope) => {
            (format!("the access token lacks the scope {scope}"), "ask the authorization server for the scope")
        }
        AuthError::Unavailable(why) => (why.clone(), "try again in a moment"),
        // Answered above.
        AuthError::Store(_) => ("internal error".to_owned(), error::INTERNAL_HINT),
    };
    if let AuthError::Unavailable(_) = err {
        return graphql_http::unavailable_response(
            media,
            vec![error::request_error(&message, ErrorCode::Unavailable, Some(hint))],
        );
    }
    let (status, code) = match err {
        AuthError::InsufficientScope(_) => (StatusCode::FORBIDDEN, ErrorCode::Forbidden),
        _ => (StatusCode::UNAUTHORIZED, ErrorCode::Unauthenticated),
    };
    let errors = vec![error::request_error(&message, code, Some(hint))];
    let mut response = graphql_http::errors_response(status, media, errors);
    let challenge = match (&app.oauth, err) {
        (Some(oauth), AuthError::InsufficientScope(scope)) => oauth.scope_challenge(scope),
        (Some(oauth), AuthError::Rejected(why)) => oauth.challenge(Some(why)),
        (Some(oauth), AuthError::Invalid) => oauth.challenge(Some("unknown or revoked token")),
        (Some(oauth), _) => oauth.challenge(None),
        (None, _) => "Bearer".to_owned(),
    };
    if let Ok(value) = HeaderValue::from_str(&challenge) {
        response.headers_mut().insert(header::WWW_AUTHENTICATE, value);
    }
    response
}

pub(super) async fn viewer_of(app: &App, headers: &HeaderMap) -> Result<Viewer, AuthError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(auth::bearer)
        .ok_or(AuthError::Missing)?;
    authenticate(app, token).await
}

/// The viewer of a bearer token of either kind.
pub(super) async fn authenticate(app: &App, token: &str) -> Result<Viewer, AuthError> {
    match &app.oauth {
        Some(oauth) if ResourceServer::looks_like_jwt(token) => oauth_viewer(app, oauth, token).await,
        _ => app.store.viewer_of_token(token).await,
    }
}

async fn oauth_viewer(app: &App, oauth: &ResourceServer, token: &str) -> Result<Viewer, AuthError> {
    let grant = oauth.verify(token).await.map_err(|err| match err {
        TokenError::Keys(err) => {
            // The detail (the issuer's URLs, a network error) is the operator's.
            tracing::warn!(error = %err, "an access token could not be checked");
            AuthError::Unavailable("the authorization server's keys cannot be read right now".into())
        }
        err => AuthError::Rejected(err.to_string()),
    })?;
    if !grant.can_read {
        return Err(AuthError::InsufficientScope(oauth.read_scope().to_owned()));
    }
    let identity = OAuthIdentity {
        issuer: oauth.issuer(),
        subject: &grant.subject,
        username: &grant.username,
        display_name: grant.display_name.as_deref(),
        provision: app.settings.oauth.provision,
        can_write: grant.can_write,
        expires_at: grant.expires_at,
    };
    app.store.viewer_of_oauth(&identity).await
}

/// The client's address, when the server was started with connection info
/// (`main` does; a router served without it counts every client as one).
pub(super) fn client_ip(connect: Option<&ConnectInfo<SocketAddr>>) -> IpAddr {
    connect.map_or(IpAddr::from([0, 0, 0, 0]), |info| info.0.ip())
}

pub(super) fn too_many_attempts(wait: Duration, media: MediaType) -> Response {
    let seconds = wait.as_secs().max(1);
    let hint = format!("wait {seconds} s, then send a valid token");
    let errors = vec![error::request_error(
        "too many failed authentication attempts from this client",
        ErrorCode::Unauthenticated,
        Some(&hint),
    )];
    let mut response = graphql_http::errors_response(StatusCode::TOO_MANY_REQUESTS, media, errors);
    if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// Whether a failed authentication counts against the client: a wrong or
/// refused token does; the server's own trouble and a missing scope do not.
pub(super) fn counts_as_failure(err: &AuthError) -> bool {
    !matches!(err, AuthError::Store(_) | AuthError::Unavailable(_) | AuthError::InsufficientScope(_))
}

/// Resolves the bearer token before any request body is read; a client
/// that failed too often is refused before its token is looked at.
pub(super) async fn require_token(State(app): State<App>, mut request: Request, next: Next) -> Response {
    let client = client_ip(request.extensions().get::<ConnectInfo<SocketAddr>>());
    if let Err(wait) = app.auth_throttle.check(client) {
        return too_many_attempts(wait, MediaType::for_errors(request.headers()));
    }
    match viewer_of(&app, request.headers()).await {
        Ok(viewer) => {
            tracing::Span::current().record("user", crate::text::for_log(&viewer.username).as_str());
            request.extensions_mut().insert(viewer);
            next.run(request).await
        }
        Err(err) => {
            if counts_as_failure(&err) {
                app.auth_throttle.failed(client);
            }
            unauthorized(&app, &err, MediaType::for_errors(request.headers()))
        }
    }
}

/// The 403 of a write by an access token without the write scope.
pub(super) fn write_scope_missing(app: &App, media: MediaType) -> Response {
    let scope = app.oauth.as_ref().map_or("", |oauth| oauth.write_scope()).to_owned();
    unauthorized(app, &AuthError::InsufficientScope(scope), media)
}

/// On `/mcp`: a call of a tool that writes, by an access token without the
/// write scope, is answered 403 `insufficient_scope` before it runs (the
/// body is already read whole and bounded).
pub(super) async fn mcp_write_scope(
    State((app, tools)): State<(App, ServedTools)>,
    request: Request,
    next: Next,
) -> Response {
    if !request.extensions().get::<Viewer>().is_some_and(|viewer| viewer.lacks_write_scope) {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, usize::MAX).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let message: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    let called = (message.get("method").and_then(Value::as_str) == Some("tools/call"))
        .then(|| message.pointer("/params/name").and_then(Value::as_str))
        .flatten();
    if called.is_some_and(|name| tools.writes(name)) {
        return write_scope_missing(&app, MediaType::for_errors(&parts.headers));
    }
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}
