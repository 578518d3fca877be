//! GraphQL over HTTP, as the GraphQL Foundation's GraphQL-over-HTTP spec
//! says (and the `graphql-http` audit checks): `POST /graphql` with a JSON
//! body and `GET /graphql` with URL parameters; the response media type
//! follows `Accept`; status codes by media type; mutations never over GET.
//! Automatic persisted queries are resolved here, before the document is
//! parsed, so every request's text takes the same path through the schema.

use std::collections::HashSet;
use std::sync::Arc;

use async_graphql::parser::types::{DocumentOperations, ExecutableDocument, OperationType};
use async_graphql::{ServerError, Variables};
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::accept::{self, Preference};
use super::persisted_queries::{PersistedQueries, PersistedQueryError, Resolved};
use crate::App;
use crate::graphql::{self, error, error::ErrorCode};
use crate::store::Viewer;

/// The media types a GraphQL response is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaType {
    /// `application/graphql-response+json`: request errors are 4xx.
    GraphqlResponse,
    /// `application/json`: every GraphQL response is 200.
    Json,
}

impl MediaType {
    fn content_type(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            MediaType::GraphqlResponse => "application/graphql-response+json; charset=utf-8",
            MediaType::Json => "application/json; charset=utf-8",
        })
    }

    /// The one the client's `Accept` prefers; `application/json` when it
    /// sent none or accepts anything (`*/*` names both equally); `None`
    /// when it accepts neither.
    pub fn negotiate(headers: &HeaderMap) -> Option<Self> {
        let Some(accept) = accept::accept_header(headers) else { return Some(MediaType::Json) };
        let graphql = accept::preference(accept, "application/graphql-response+json").filter(|p| p.acceptable());
        let json = accept::preference(accept, "application/json").filter(|p| p.acceptable());
        match (graphql, json) {
            (Some(g), Some(j)) if g > j => Some(MediaType::GraphqlResponse),
            (Some(_), None) => Some(MediaType::GraphqlResponse),
            (_, Some(_)) => Some(MediaType::Json),
            (None, None) => None,
        }
    }

    /// The media type for an answer that must go out even when the client
    /// accepts neither (a 401 or a 406).
    pub fn for_errors(headers: &HeaderMap) -> Self {
        Self::negotiate(headers).unwrap_or(MediaType::Json)
    }
}

/// How much the client wants the GraphQL media types, at best.
pub fn graphql_preference(accept: &str) -> Option<Preference> {
    let graphql = accept::preference(accept, "application/graphql-response+json");
    let json = accept::preference(accept, "application/json");
    graphql.max(json)
}

/// A request's parameters, from the JSON body or the URL; unknown keys are
/// ignored, as the spec allows.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Params {
    query: Option<String>,
    operation_name: Option<String>,
    variables: Option<Map<String, Value>>,
    extensions: Option<Map<String, Value>>,
}

/// `POST /graphql`: a JSON body (`query`, `operationName`, `variables`,
/// `extensions`); any operation.
pub async fn post(
    State(app): State<App>,
    Extension(viewer): Extension<Viewer>,
    Extension(persisted): Extension<PersistedQueries>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(media) = MediaType::negotiate(&headers) else { return not_acceptable() };
    if !is_json_content(&headers) {
        return refused(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            media,
            "a GraphQL POST needs `Content-Type: application/json`",
            "send the request as a JSON object: {\"query\": \"...\", \"variables\": {...}}",
        );
    }
    let body: Value = match serde_json::from_slice(&body) {
        Ok(body) => body,
        Err(err) => {
            let message = format!("the body is not JSON: {err}");
            return refused(StatusCode::BAD_REQUEST, media, &message, BODY_HINT);
        }
    };
    let params: Params = match serde_json::from_value(body) {
        Ok(params) => params,
        Err(err) => {
            let message = format!("the body is not a GraphQL request: {err}");
            return refused(StatusCode::BAD_REQUEST, media, &message, BODY_HINT);
        }
    };
    run(&app, viewer, &persisted, media, params, Method::Post).await
}

const BODY_HINT: &str = "send a JSON object with `query` (a string), and optionally `operationName` (a string), \
                         `variables` and `extensions` (objects)";

/// `GET /graphql?query=...&variables=...&operationName=...&extensions=...`:
/// queries only (`variables` and `extensions` are JSON text).
pub async fn get(
    State(app): State<App>,
    Extension(viewer): Extension<Viewer>,
    Extension(persisted): Extension<PersistedQueries>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> Response {
    let Some(media) = MediaType::negotiate(&headers) else { return not_acceptable() };
    let mut response = match url_params(raw.as_deref().unwrap_or_default()) {
        Ok(params) => run(&app, viewer, &persisted, media, params, Method::Get).await,
        Err(message) => refused(StatusCode::BAD_REQUEST, media, &message, URL_HINT),
    };
    // The same URL answers GraphiQL to a browser and JSON to a client.
    response.headers_mut().append(header::VARY, HeaderValue::from_static("accept"));
    response
}

const URL_HINT: &str = "pass `query`, and optionally `operationName`, `variables` and `extensions` (JSON objects), \
                        as URL parameters";

fn url_params(raw: &str) -> Result<Params, String> {
    let mut params = Params::default();
    let mut seen = HashSet::new();
    for (name, value) in url::form_urlencoded::parse(raw.as_bytes()) {
        let known = matches!(name.as_ref(), "query" | "operationName" | "variables" | "extensions");
        if known && !seen.insert(name.clone()) {
            return Err(format!("`{name}` is given more than once"));
        }
        match name.as_ref() {
            "query" => params.query = Some(value.into_owned()),
            "operationName" => params.operation_name = Some(value.into_owned()),
            "variables" => params.variables = json_object_param("variables", &value)?,
            "extensions" => params.extensions = json_object_param("extensions", &value)?,
            _ => {}
        }
    }
    Ok(params)
}

fn json_object_param(name: &str, value: &str) -> Result<Option<Map<String, Value>>, String> {
    match serde_json::from_str(value) {
        Ok(Value::Object(map)) => Ok(Some(map)),
        Ok(Value::Null) => Ok(None),
        Ok(_) => Err(format!("`{name}` must be a JSON object")),
        Err(err) => Err(format!("`{name}` is not JSON: {err}")),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    Get,
    Post,
}

async fn run(
    app: &App,
    viewer: Viewer,
    persisted: &PersistedQueries,
    media: MediaType,
    params: Params,
    method: Method,
) -> Response {
    let persisted_query = params.extensions.as_ref().and_then(|e| e.get("persistedQuery"));
    let Resolved { query, register } = match persisted.resolve(params.query, persisted_query) {
        Ok(resolved) => resolved,
        Err(PersistedQueryError::NotFound) => return persisted_query_not_found(media),
        Err(err) => return refused(StatusCode::BAD_REQUEST, media, &err.to_string(), err.hint()),
    };
    let Some(query) = query else {
        let hint = if method == Method::Get { URL_HINT } else { BODY_HINT };
        return refused(StatusCode::BAD_REQUEST, media, "the request has no `query`", hint);
    };
    // The document's size and nesting are checked again when the request
    // runs; here they keep the GET check from parsing a document that is
    // too long or nests too deep to parse safely.
    if method == Method::Get
        && graphql::limits::check_text(&query, &app.settings.limits).is_ok()
        && selects_mutation(&query, params.operation_name.as_deref())
    {
        let mut response = refused(
            StatusCode::METHOD_NOT_ALLOWED,
            media,
            "mutations are not run over GET",
            "send mutations with POST",
        );
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("POST"));
        return response;
    }
    if viewer.lacks_write_scope
        && graphql::limits::check_text(&query, &app.settings.limits).is_ok()
        && selects_mutation(&query, params.operation_name.as_deref())
    {
        return super::authenticate::write_scope_missing(app, media);
    }
    let mut request = async_graphql::Request::new(query.as_ref());
    if let Some(name) = params.operation_name {
        request = request.operation_name(name);
    }
    if let Some(variables) = params.variables {
        request = request.variables(Variables::from_json(Value::Object(variables)));
    }
    let request = graphql::with_viewer(request, &app.store, viewer);
    let response = app.graphql.execute(request).await;
    let outcome = Outcome::of(&response);
    // Only a document that parsed and validated is kept for its hash.
    if let (Some(hash), Outcome::Executed) = (register, outcome) {
        persisted.register(hash, Arc::clone(&query));
    }
    render(media, outcome, &response)
}

/// Whether the operation the request selects is a mutation. A document that
/// does not parse, or names no operation clearly, is left to the schema,
/// which answers with the right error.
fn selects_mutation(query: &str, operation_name: Option<&str>) -> bool {
    let Ok(document) = async_graphql::parser::parse_query(query) else { return false };
    selected_operation(&document, operation_name) == Some(OperationType::Mutation)
}

fn selected_operation(document: &ExecutableDocument, operation_name: Option<&str>) -> Option<OperationType> {
    match (&document.operations, operation_name) {
        (DocumentOperations::Single(operation), None) => Some(operation.node.ty),
        (DocumentOperations::Multiple(operations), Some(name)) => operations.get(name).map(|o| o.node.ty),
        (DocumentOperations::Multiple(operations), None) if operations.len() == 1 => {
            operations.values().next().map(|o| o.node.ty)
        }
        _ => None,
    }
}

/// Whether the schema ran the operation, or refused the request before it
/// began (parse and validation errors, limits): the GraphQL spec's request
/// errors, which carry no `data` and no `path`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Executed,
    RequestError,
}

impl Outcome {
    fn of(response: &async_graphql::Response) -> Self {
        let refused = response.data == async_graphql::Value::Null
            && !response.errors.is_empty()
            && response.errors.iter().all(|e| e.path.is_empty());
        if refused { Outcome::RequestError } else { Outcome::Executed }
    }
}

/// A request error's body: no `data` entry at all.
#[derive(Serialize)]
struct ErrorsOnly<'a> {
    errors: &'a [ServerError],
}

fn render(media: MediaType, outcome: Outcome, response: &async_graphql::Response) -> Response {
    let (status, body) = match outcome {
        Outcome::Executed => (StatusCode::OK, serde_json::to_vec(response)),
        Outcome::RequestError => {
            let status = match media {
                MediaType::GraphqlResponse => StatusCode::BAD_REQUEST,
                MediaType::Json => StatusCode::OK,
            };
            (status, serde_json::to_vec(&ErrorsOnly { errors: &response.errors }))
        }
    };
    match body {
        Ok(body) => (status, [(header::CONTENT_TYPE, media.content_type())], body).into_response(),
        Err(err) => {
            tracing::error!(error = %err, "cannot serialize a GraphQL response");
            let internal = error::request_error("internal error", ErrorCode::Internal, Some(error::INTERNAL_HINT));
            errors_response(StatusCode::INTERNAL_SERVER_ERROR, media, vec![internal])
        }
    }
}

/// A response of GraphQL errors (no `data`) with the given status: the one
/// body every refusal of `/graphql` has, authentication's included.
pub fn errors_response(status: StatusCode, media: MediaType, errors: Vec<ServerError>) -> Response {
    let content_type = [(header::CONTENT_TYPE, media.content_type())];
    (status, content_type, Json(ErrorsOnly { errors: &errors })).into_response()
}

/// When a client refused because the database cannot serve it should try
/// again, in seconds.
const RETRY_AFTER_SECONDS: &str = "2";

/// A 503 with `Retry-After`: the database (or the queue in front of it)
/// cannot take the request now.
pub fn unavailable_response(media: MediaType, errors: Vec<ServerError>) -> Response {
    let mut response = errors_response(StatusCode::SERVICE_UNAVAILABLE, media, errors);
    response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from_static(RETRY_AFTER_SECONDS));
    response
}

/// A request refused before GraphQL saw it, with `BAD_USER_INPUT`.
fn refused(status: StatusCode, media: MediaType, message: &str, hint: &str) -> Response {
    errors_response(status, media, vec![error::request_error(message, ErrorCode::BadUserInput, Some(hint))])
}

fn not_acceptable() -> Response {
    refused(
        StatusCode::NOT_ACCEPTABLE,
        MediaType::Json,
        "the client accepts neither application/graphql-response+json nor application/json",
        "send `Accept: application/graphql-response+json, application/json`",
    )
}

/// Apollo's protocol: the client resends the query with its text. Always
/// 200 (as Apollo Server answers, so that no client takes it for a server
/// without persisted queries), and never cached: the text may arrive next.
fn persisted_query_not_found(media: MediaType) -> Response {
    let not_found = error::request_error(
        PersistedQueryError::NotFound.to_string(),
        ErrorCode::PersistedQueryNotFound,
        Some(PersistedQueryError::NotFound.hint()),
    );
    let mut response = errors_response(StatusCode::OK, media, vec![not_found]);
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache, must-revalidate"));
    response
}

/// `application/json`, with no charset or UTF-8.
fn is_json_content(headers: &HeaderMap) -> bool {
    let Some(content_type) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else { return false };
    let mut parts = content_type.split(';');
    let essence_is_json = parts.next().is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"));
    essence_is_json
        && parts.all(|param| match param.split_once('=') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("charset") => {
                let value = value.trim().trim_matches('"');
                value.eq_ignore_ascii_case("utf-8") || value.eq_ignore_ascii_case("utf8")
            }
            _ => true,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn negotiate(accept: Option<&str>) -> Option<MediaType> {
        let mut headers = HeaderMap::new();
        if let Some(accept) = accept {
            headers.insert(header::ACCEPT, HeaderValue::from_str(accept).expect("header"));
        }
        MediaType::negotiate(&headers)
    }

    #[test]
    fn accept_picks_the_media_type() {
        use MediaType::*;
        assert_eq!(negotiate(None), Some(Json));
        assert_eq!(negotiate(Some("*/*")), Some(Json));
        assert_eq!(negotiate(Some("application/*")), Some(Json));
        assert_eq!(negotiate(Some("application/json")), Some(Json));
        assert_eq!(negotiate(Some("application/graphql-response+json")), Some(GraphqlResponse));
        assert_eq!(negotiate(Some("application/graphql-response+json, application/json;q=0.9")), Some(GraphqlResponse));
        assert_eq!(negotiate(Some("application/json, application/graphql-response+json")), Some(Json));
        assert_eq!(negotiate(Some("*/*;q=0.5, application/graphql-response+json")), Some(GraphqlResponse));
        assert_eq!(negotiate(Some("*/*, application/json;q=0")), Some(GraphqlResponse));
        assert_eq!(negotiate(Some("text/html")), None);
        assert_eq!(negotiate(Some("application/json;q=0")), None);
    }

    #[test]
    fn json_content_type_allows_only_utf8() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(value).expect("header"));
            is_json_content(&headers)
        };
        assert!(with("application/json"));
        assert!(with("Application/JSON; charset=UTF-8"));
        assert!(!with("application/json; charset=latin1"));
        assert!(!with("text/plain;charset=UTF-8"));
        assert!(!with("application/jsonl"));
        assert!(!is_json_content(&HeaderMap::new()));
    }

    #[test]
    fn only_a_selected_mutation_counts_as_one() {
        assert!(selects_mutation("mutation { __typename }", None));
        assert!(selects_mutation("query A { a } mutation B { b }", Some("B")));
        assert!(selects_mutation("mutation B { b }", None));
        assert!(!selects_mutation("query A { a } mutation B { b }", Some("A")));
        assert!(!selects_mutation("query A { a } mutation B { b }", None));
        assert!(!selects_mutation("{ __typename }", None));
        assert!(!selects_mutation("mutation {", None));
    }
}
