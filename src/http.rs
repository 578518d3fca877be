//! The axum router: GraphQL over HTTP at `/graphql` (GraphiQL for
//! browsers), graphql-ws at `/graphql/ws`, MCP at `/mcp`, `GET /healthz`;
//! bearer authentication in front of `/graphql` and `/mcp` (graphql-ws
//! authenticates in `connection_init`); CORS for `/graphql` when origins are
//! configured.

mod accept;
mod graphiql;
mod graphql_http;
mod persisted_queries;

use std::time::Duration;

use async_graphql::Data;
use async_graphql_axum::{GraphQLProtocol, GraphQLWebSocket};
use axum::extract::{Request, State, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::auth::{self, AuthError, Viewer};
use crate::graphql::{self, error};
use crate::{App, mcp};

use graphql_http::MediaType;
use persisted_queries::PersistedQueries;

/// Builds the whole service; `main` and the tests share it.
pub fn router(app: App) -> Router {
    let graphql = Router::new()
        .route("/graphql", get(graphql_http::get).post(graphql_http::post))
        .layer(Extension(PersistedQueries::new()))
        .layer(middleware::from_fn_with_state(app.clone(), require_token))
        .layer(middleware::from_fn(graphiql::page_for_browsers));
    // Outermost, so that a preflight is answered before authentication and
    // every answer (a 401 included) carries the CORS headers.
    let graphql = match cors(&app.settings.cors_origins) {
        Some(cors) => graphql.layer(cors),
        None => graphql,
    };
    let mcp = Router::new()
        .nest_service("/mcp", mcp::http_service(app.clone()))
        .layer(middleware::from_fn_with_state(app.clone(), require_token));
    Router::new()
        .route("/graphql/ws", get(graphql_ws))
        .route("/graphiql/{file}", get(graphiql::asset))
        .route("/healthz", get(healthz))
        .merge(graphql)
        .merge(mcp)
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

/// CORS for front ends on the configured origins; none without origins
/// (then no CORS header is ever sent). Tokens travel in `Authorization`,
/// never in cookies, so credentials stay off.
fn cors(origins: &[HeaderValue]) -> Option<CorsLayer> {
    if origins.is_empty() {
        return None;
    }
    Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins.iter().cloned()))
            .allow_methods([Method::GET, Method::POST])
            .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::ACCEPT])
            .max_age(Duration::from_secs(60 * 60)),
    )
}

fn unauthorized(err: &AuthError, media: MediaType) -> Response {
    let (message, hint) = match err {
        AuthError::Missing => {
            ("a bearer token is required", "send `Authorization: Bearer tl_...`; `tasklens token create` makes one")
        }
        AuthError::Invalid => {
            ("unknown or revoked token", "check the token, or create a new one with `tasklens token create`")
        }
        AuthError::Store(_) => ("internal error", error::INTERNAL_HINT),
    };
    let (status, code) = match err {
        AuthError::Store(e) => {
            tracing::error!(error = %e, "authentication failed");
            (StatusCode::INTERNAL_SERVER_ERROR, error::INTERNAL)
        }
        _ => (StatusCode::UNAUTHORIZED, error::UNAUTHENTICATED),
    };
    let mut response =
        graphql_http::errors_response(status, media, vec![error::request_error(message, code, Some(hint))]);
    response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    response
}

async fn viewer_of(app: &App, headers: &HeaderMap) -> Result<Viewer, AuthError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(auth::bearer)
        .ok_or(AuthError::Missing)?;
    auth::authenticate(&app.store.db, token).await
}

/// Resolves the bearer token before any request body is read.
async fn require_token(State(app): State<App>, mut request: Request, next: Next) -> Response {
    match viewer_of(&app, request.headers()).await {
        Ok(viewer) => {
            tracing::Span::current().record("user", viewer.username.as_str());
            request.extensions_mut().insert(viewer);
            next.run(request).await
        }
        Err(err) => unauthorized(&err, MediaType::for_errors(request.headers())),
    }
}

/// graphql-ws: the token comes in `connection_init` (`{"Authorization": "Bearer ..."}`)
/// or in the upgrade request's header.
async fn graphql_ws(
    State(app): State<App>,
    protocol: GraphQLProtocol,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let from_header = viewer_of(&app, &headers).await.ok();
    upgrade.protocols(async_graphql::http::ALL_WEBSOCKET_PROTOCOLS).on_upgrade(move |stream| {
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
                        auth::authenticate(&init_app.store.db, token).await.map_err(|_| error::unauthenticated())?
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
