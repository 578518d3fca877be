//! The axum router: the web board at `/`, GraphQL over HTTP at `/graphql`
//! (GraphiQL for browsers), graphql-ws at `/graphql/ws`, MCP at `/mcp`,
//! `GET /healthz` (the process answers and reaches its database) and
//! `GET /readyz` (and its migrations are applied), `GET /metrics` (here or
//! on a listener of its own); a request id on every request and answer,
//! and its route, status and time counted;
//! bearer authentication in front of `/graphql` and `/mcp` (graphql-ws
//! authenticates in `connection_init`); CORS for `/graphql` when origins are
//! configured.

mod accept;
mod authenticate;
mod bundle;
pub mod db_gate;
mod github_hook;
mod graphiql;
mod graphql_http;
mod persisted_queries;
mod serve;
mod web;
mod ws;

pub use serve::serve;

use std::time::Duration;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::trace::TraceLayer;

use crate::graphql::error::{self, ErrorCode};
use crate::request_id::{self, RequestId};
use crate::{App, mcp};

use authenticate::{
    authenticate, client_ip, counts_as_failure, require_token, too_many_attempts, unauthorized, viewer_of,
};
use graphql_http::MediaType;
use persisted_queries::PersistedQueries;

/// Builds the whole service over `app`, serving `tools` at `/mcp`; `main`
/// and the tests share it.
pub fn router(app: App, tools: mcp::ServedTools) -> Router {
    let graphql = Router::new()
        .route("/graphql", get(graphql_http::get).post(graphql_http::post))
        .layer(Extension(PersistedQueries::new()))
        // `limit_body` bounds every body; the extractor's own 2 MiB cap would
        // otherwise override `--max-body-bytes`.
        .layer(axum::extract::DefaultBodyLimit::disable())
        .layer(middleware::from_fn_with_state(app.clone(), limit_body))
        .layer(middleware::from_fn_with_state(app.clone(), require_token))
        .layer(middleware::from_fn_with_state(app.clone(), db_gate::gate))
        .layer(middleware::from_fn(graphiql::page_for_browsers));
    // Outermost, so that a preflight is answered before authentication and
    // every answer (a 401 included) carries the CORS headers.
    let graphql = match cors(&app.settings.cors_origins) {
        Some(cors) => graphql.layer(cors),
        None => graphql,
    };
    let mcp = Router::new()
        .nest_service("/mcp", mcp::http_service(app.clone(), tools.clone()))
        .layer(middleware::from_fn_with_state((app.clone(), tools.clone()), authenticate::mcp_write_scope))
        .layer(middleware::from_fn(mcp::reject_malformed))
        .layer(middleware::from_fn_with_state(tools, mcp::selection_from_headers))
        .layer(middleware::from_fn_with_state(app.clone(), limit_body))
        .layer(middleware::from_fn_with_state(app.clone(), require_token))
        .layer(middleware::from_fn_with_state(app.clone(), db_gate::gate))
        // A page that may call /mcp gets its preflight answered before the
        // token is asked for; any other is refused first.
        .layer(mcp::cors(&app.settings.allowed_origins))
        .layer(middleware::from_fn_with_state(app.clone(), mcp::check_origin));
    // Signed by GitHub, not by a token; bounded as GitHub bounds payloads.
    let github = Router::new()
        .route("/hooks/github/{project}", axum::routing::post(github_hook::receive))
        .layer(middleware::from_fn_with_state(app.clone(), db_gate::gate));
    let routes = Router::new()
        .route("/graphql/ws", get(ws::graphql_ws))
        .route("/", get(web::page))
        .route("/web/{file}", get(web::asset))
        .route("/graphiql/{file}", get(graphiql::asset))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .merge(graphql)
        .merge(mcp)
        .merge(github);
    let routes = match &app.oauth {
        Some(oauth) => oauth.metadata_paths().into_iter().fold(routes, |routes, path| {
            let metadata = oauth.metadata();
            routes.route(&path, get(move || protected_resource(metadata.clone())))
        }),
        None => routes,
    };
    // On the main listener unless an address of its own was given.
    let routes = if app.settings.metrics_listen.is_none() { routes.merge(metrics_routes()) } else { routes };
    routes
        // Inside the routes, where the pattern matched is known.
        .layer(middleware::from_fn(record_http))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    let id = request.extensions().get::<RequestId>().map(RequestId::as_str).unwrap_or_default();
                    tracing::info_span!(
                        "request",
                        id,
                        method = %request.method(),
                        path = crate::text::for_log(request.uri().path()).as_str(),
                        user = tracing::field::Empty,
                    )
                })
                .on_response(log_response),
        )
        // Outside the trace layer, whose span carries the id.
        .layer(middleware::from_fn(with_request_id))
        .with_state(app)
}

/// A request slower than this is logged at WARN; others at DEBUG, so the
/// default level writes nothing per request (server errors are logged
/// where they happen).
const SLOW_REQUEST: Duration = Duration::from_secs(1);

fn log_response(response: &Response, latency: Duration, _span: &tracing::Span) {
    let status = response.status().as_u16();
    let ms = latency.as_secs_f64() * 1000.0;
    if latency >= SLOW_REQUEST {
        tracing::warn!(status, latency_ms = ms, "slow request");
    } else {
        tracing::debug!(status, latency_ms = ms, "finished");
    }
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

/// Reads the body whole, up to the limit and within its deadline, so that
/// no handler ever holds a larger one or waits on a slow client: a declared
/// or actual length over it is answered 413, a body that does not arrive
/// in time 408.
async fn limit_body(State(app): State<App>, request: Request, next: Next) -> Response {
    let max = app.settings.limits.max_body_bytes;
    let media = MediaType::for_errors(request.headers());
    let declared =
        request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|length| length > max as u64) {
        return body_too_large(max, media);
    }
    let (parts, body) = request.into_parts();
    let deadline = app.settings.limits.body_read_timeout();
    let Ok(read) = tokio::time::timeout(deadline, axum::body::to_bytes(body, max)).await else {
        return body_too_slow(deadline, media);
    };
    match read {
        Ok(bytes) => next.run(Request::from_parts(parts, axum::body::Body::from(bytes))).await,
        Err(err) => {
            let too_large =
                std::error::Error::source(&err).is_some_and(|source| source.is::<http_body_util::LengthLimitError>());
            if too_large {
                body_too_large(max, media)
            } else {
                tracing::debug!(error = %err, "request body could not be read");
                StatusCode::BAD_REQUEST.into_response()
            }
        }
    }
}

fn body_too_slow(deadline: Duration, media: MediaType) -> Response {
    crate::metrics::metrics().limit_refused(crate::metrics::Limit::BodyReadTimeout);
    let message = format!("the request body did not arrive within {} s", deadline.as_secs());
    let errors = vec![error::request_error(&message, ErrorCode::BadUserInput, Some("send the whole body at once"))];
    let mut response = graphql_http::errors_response(StatusCode::REQUEST_TIMEOUT, media, errors);
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

fn body_too_large(max: usize, media: MediaType) -> Response {
    crate::metrics::metrics().limit_refused(crate::metrics::Limit::BodyBytes);
    let message = format!("the request body is larger than {max} bytes");
    let errors = vec![error::request_error(
        &message,
        ErrorCode::BadUserInput,
        Some("send a smaller request: shorter texts, or fewer items at once"),
    )];
    graphql_http::errors_response(StatusCode::PAYLOAD_TOO_LARGE, media, errors)
}

/// RFC 9728's protected resource metadata: public, and readable from any
/// page (browser-based MCP clients fetch it).
async fn protected_resource(metadata: serde_json::Value) -> Response {
    ([(header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"), (header::CACHE_CONTROL, "max-age=3600")], axum::Json(metadata))
        .into_response()
}

/// `GET /metrics` alone, for `--metrics-listen`.
pub fn metrics_router(app: App) -> Router {
    metrics_routes().with_state(app)
}

fn metrics_routes() -> Router<App> {
    Router::new().route("/metrics", get(metrics))
}

/// The metrics, in OpenMetrics text when the scraper's `Accept` names it
/// (Prometheus asks so), else in Prometheus's text format.
async fn metrics(State(app): State<App>, headers: HeaderMap) -> Response {
    use crate::metrics::{OPENMETRICS_TEXT, PROMETHEUS_TEXT, metrics};
    let (in_use, idle, max) = app.store.pool_state();
    metrics().pool(in_use, idle, max);
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let openmetrics = accept.contains("application/openmetrics-text");
    let media = if openmetrics { OPENMETRICS_TEXT } else { PROMETHEUS_TEXT };
    ([(header::CONTENT_TYPE, media)], metrics().encode(openmetrics)).into_response()
}

/// Counts each request by the route it matched and its status, and times it.
async fn record_http(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map(|path| path.as_str().to_owned());
    let started = std::time::Instant::now();
    let response = next.run(request).await;
    let route = route.as_deref().unwrap_or("unmatched");
    crate::metrics::metrics().http_request(route, response.status().as_u16(), started.elapsed());
    response
}

/// Keeps the client's `x-request-id` (or makes one) for the request's span
/// and handlers, and sends it back.
async fn with_request_id(mut request: Request, next: Next) -> Response {
    let id = RequestId::kept_or_made(request.headers().get(request_id::HEADER));
    request.extensions_mut().insert(id.clone());
    let mut response = next.run(request).await;
    response.headers_mut().insert(request_id::HEADER, id.header_value().clone());
    response
}

/// Ready to serve: not stopping, and the database answers and holds every
/// migration this build knows (a server started against a database another
/// build is migrating is alive but not ready).
async fn readyz(State(app): State<App>) -> Response {
    if app.is_stopping() {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping").into_response();
    }
    match app.store.pending_migrations().await {
        Ok(0) => match app.store.disk_writable().await {
            Ok(()) => (StatusCode::OK, "ready").into_response(),
            Err(why) => {
                tracing::warn!(reason = %why, "not ready: writes would fail");
                (StatusCode::SERVICE_UNAVAILABLE, why).into_response()
            }
        },
        Ok(pending) => {
            tracing::warn!(pending, "not ready: migrations pending");
            (StatusCode::SERVICE_UNAVAILABLE, format!("{pending} migrations pending: run `tasklens migrate`"))
                .into_response()
        }
        Err(err) => {
            tracing::error!(error = %err, "readiness check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unreachable").into_response()
        }
    }
}

async fn healthz(State(app): State<App>) -> Response {
    match app.store.ping().await {
        Ok(()) => (StatusCode::OK, "ok").into_response(),
        Err(err) => {
            tracing::error!(error = %err, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unreachable").into_response()
        }
    }
}
