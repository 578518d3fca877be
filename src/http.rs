//! The axum router: `POST /graphql`, GraphiQL at `GET /graphql`,
//! graphql-ws at `/graphql/ws`, MCP at `/mcp`, `GET /healthz`; bearer
//! authentication in front of everything but the GraphiQL page and the
//! health check (graphql-ws authenticates in `connection_init`).

use async_graphql::Data;
use async_graphql::http::GraphiQLSource;
use async_graphql_axum::{GraphQLProtocol, GraphQLRequest, GraphQLResponse, GraphQLWebSocket};
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, Query, Request, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Json, Router};
use serde::Deserialize;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::auth::{self, AuthError, Viewer};
use crate::graphql::{self, error};
use crate::{App, mcp};

/// Builds the whole service; `main` and the tests share it.
pub fn router(app: App) -> Router {
    let authenticated = Router::new()
        .route("/graphql", axum::routing::post(graphql_handler))
        .merge(
            Router::new()
                .nest_service("/mcp", mcp::http_service(app.clone()))
                .layer(middleware::from_fn(mcp::reject_malformed)),
        )
        .layer(middleware::from_fn_with_state(app.clone(), limit_body))
        .layer(middleware::from_fn_with_state(app.clone(), require_token));
    Router::new()
        .route("/graphql", get(graphiql))
        .route("/graphql/ws", get(graphql_ws))
        .route("/healthz", get(healthz))
        .merge(authenticated)
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    tracing::info_span!(
                        "request",
                        method = %request.method(),
                        path = request.uri().path(),
                        user = tracing::field::Empty,
                    )
                })
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .with_state(app)
}

fn unauthorized(err: &AuthError) -> Response {
    let (message, hint) = match err {
        AuthError::Missing => {
            ("a bearer token is required", "send `Authorization: Bearer tl_...`; `tasklens token create` makes one")
        }
        AuthError::Invalid => {
            ("unknown or revoked token", "check the token, or create a new one with `tasklens token create`")
        }
        AuthError::Store(_) => ("internal error", "the server logged the details; try again later"),
    };
    let (status, code) = match err {
        AuthError::Store(e) => {
            tracing::error!(error = %e, "authentication failed");
            (StatusCode::INTERNAL_SERVER_ERROR, error::INTERNAL)
        }
        _ => (StatusCode::UNAUTHORIZED, error::UNAUTHENTICATED),
    };
    let body = serde_json::json!({"errors": [{"message": message, "extensions": {"code": code, "hint": hint}}]});
    (status, [(header::WWW_AUTHENTICATE, "Bearer")], Json(body)).into_response()
}

async fn viewer_of(app: &App, headers: &HeaderMap) -> Result<Viewer, AuthError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(auth::bearer)
        .ok_or(AuthError::Missing)?;
    auth::authenticate(&app.store.db, token).await
}

/// The client's address, when the server was started with connection info
/// (`main` does; a router served without it counts every client as one).
fn client_ip(request: &Request) -> IpAddr {
    request.extensions().get::<ConnectInfo<SocketAddr>>().map_or(IpAddr::from([0, 0, 0, 0]), |info| info.0.ip())
}

fn too_many_attempts(wait: std::time::Duration) -> Response {
    let seconds = wait.as_secs().max(1);
    let body = serde_json::json!({"errors": [{
        "message": "too many failed authentication attempts from this client",
        "extensions": {"code": error::UNAUTHENTICATED, "hint": format!("wait {seconds} s, then send a valid token")},
    }]});
    (StatusCode::TOO_MANY_REQUESTS, [(header::RETRY_AFTER, seconds.to_string())], Json(body)).into_response()
}

/// Resolves the bearer token before any request body is read; a client
/// that failed too often is refused before its token is looked at.
async fn require_token(State(app): State<App>, mut request: Request, next: Next) -> Response {
    let client = client_ip(&request);
    if let Err(wait) = app.auth_throttle.check(client) {
        return too_many_attempts(wait);
    }
    match viewer_of(&app, request.headers()).await {
        Ok(viewer) => {
            tracing::Span::current().record("user", crate::text::for_log(&viewer.username).as_str());
            request.extensions_mut().insert(viewer);
            next.run(request).await
        }
        Err(err) => {
            if !matches!(err, AuthError::Store(_)) {
                app.auth_throttle.failed(client);
            }
            unauthorized(&err)
        }
    }
}

/// Reads the body whole, up to the limit, so that no handler ever holds a
/// larger one: a declared or actual length over it is answered 413.
async fn limit_body(State(app): State<App>, request: Request, next: Next) -> Response {
    let max = app.settings.limits.max_body_bytes;
    let declared =
        request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|length| length > max as u64) {
        return body_too_large(max);
    }
    let (parts, body) = request.into_parts();
    match axum::body::to_bytes(body, max).await {
        Ok(bytes) => next.run(Request::from_parts(parts, axum::body::Body::from(bytes))).await,
        Err(err) => {
            let too_large =
                std::error::Error::source(&err).is_some_and(|source| source.is::<http_body_util::LengthLimitError>());
            if too_large {
                body_too_large(max)
            } else {
                tracing::debug!(error = %err, "request body could not be read");
                StatusCode::BAD_REQUEST.into_response()
            }
        }
    }
}

fn body_too_large(max: usize) -> Response {
    let body = serde_json::json!({"errors": [{
        "message": format!("the request body is larger than {max} bytes"),
        "extensions": {"code": error::BAD_USER_INPUT, "hint": "send a smaller request: shorter texts, or fewer items at once"},
    }]});
    (StatusCode::PAYLOAD_TOO_LARGE, Json(body)).into_response()
}

async fn graphql_handler(
    State(app): State<App>,
    Extension(viewer): Extension<Viewer>,
    request: GraphQLRequest,
) -> GraphQLResponse {
    let request = graphql::with_viewer(request.into_inner(), &app.store, viewer);
    graphql::execute(&app.schema, request).await.into()
}

#[derive(Deserialize)]
struct GraphiqlParams {
    token: Option<String>,
}

/// GraphiQL; `?token=tl_...` prefills the token so the page works at once.
async fn graphiql(Query(params): Query<GraphiqlParams>) -> Html<String> {
    // Only a well-formed token is embedded in the page.
    let token = params.token.filter(|t| {
        t.starts_with(auth::TOKEN_PREFIX)
            && t.len() <= 100
            && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    });
    let bearer = token.as_ref().map(|t| format!("Bearer {t}"));
    let mut source =
        GraphiQLSource::build().endpoint("/graphql").subscription_endpoint("/graphql/ws").title("tasklens");
    if let Some(bearer) = &bearer {
        source = source.header("Authorization", bearer).ws_connection_param("Authorization", bearer);
    }
    Html(source.finish())
}

/// graphql-ws: the token comes in `connection_init` (`{"Authorization": "Bearer ..."}`)
/// or in the upgrade request's header.
async fn graphql_ws(
    State(app): State<App>,
    protocol: GraphQLProtocol,
    headers: HeaderMap,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let client = connect.map_or(IpAddr::from([0, 0, 0, 0]), |info| info.0.0.ip());
    if let Err(wait) = app.auth_throttle.check(client) {
        return too_many_attempts(wait);
    }
    let from_header = viewer_of(&app, &headers).await.ok();
    let max = app.settings.limits.max_body_bytes;
    upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .protocols(async_graphql::http::ALL_WEBSOCKET_PROTOCOLS)
        .on_upgrade(move |stream| {
            let schema = app.schema.clone();
            let init_app = app.clone();
            GraphQLWebSocket::new(stream, schema, protocol)
                .on_connection_init(move |payload| async move {
                    let viewer = match from_header {
                        Some(viewer) => viewer,
                        None => {
                            let token = payload
                                .get("Authorization")
                                .or_else(|| payload.get("authorization"))
                                .and_then(|v| v.as_str())
                                .and_then(auth::bearer)
                                .ok_or_else(error::unauthenticated)?;
                            auth::authenticate(&init_app.store.db, token).await.map_err(|_| {
                                init_app.auth_throttle.failed(client);
                                error::unauthenticated()
                            })?
                        }
                    };
                    let mut data = Data::default();
                    data.insert(graphql::Loaders::new(init_app.store.clone(), viewer.clone()));
                    data.insert(viewer);
                    Ok(data)
                })
                .serve()
        })
}

async fn healthz(State(app): State<App>) -> Response {
    match app.store.db.ping().await {
        Ok(()) => (StatusCode::OK, "ok").into_response(),
        Err(err) => {
            tracing::error!(error = %err, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unreachable").into_response()
        }
    }
}
