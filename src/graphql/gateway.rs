//! The one way into the schema for every transport (HTTP, graphql-ws, MCP):
//! the document limits before anything runs, the time limit around queries
//! and mutations, and a code on every error raised before a resolver ran.
//!
//! This lives outside the schema on purpose: async-graphql calls a schema
//! extension around every field of every reply, which cost a fifth of the
//! server's time on a page of tasks, while these checks are per request.

use std::sync::Arc;

use async_graphql::futures_util::stream::{self, BoxStream, StreamExt};
use async_graphql::parser::types::{DocumentOperations, ExecutableDocument, OperationType};
use async_graphql::{Data, Executor, Request, Response, ServerError};

use super::AppSchema;
use super::documents::DocumentCache;
use super::error::ErrorCode;
use super::introspection::IntrospectionSizes;
use super::limits::{DocumentError, check_document, check_text, check_variables, with_code};
use crate::config::Limits;
use crate::store::Viewer;

#[derive(Clone)]
pub struct Gateway {
    schema: AppSchema,
    /// The same schema with async-graphql's fast validation, for reads of
    /// tool documents checked in full when they were loaded.
    tools: AppSchema,
    /// Asked whether the database answers when a request runs out of time.
    store: crate::store::Store,
    limits: Limits,
    introspection: IntrospectionSizes,
    documents: Arc<DocumentCache>,
}

impl Gateway {
    pub fn new(schema: AppSchema, tools: AppSchema, store: crate::store::Store, limits: Limits) -> Self {
        let introspection = IntrospectionSizes::of_sdl(&schema.sdl());
        Self { schema, tools, store, limits, introspection, documents: Arc::default() }
    }

    /// The sizes of this schema's introspection lists, for documents
    /// measured before they reach the gateway.
    pub fn introspection_sizes(&self) -> &IntrospectionSizes {
        &self.introspection
    }

    /// The schema's SDL, as async-graphql prints it.
    pub fn sdl(&self) -> String {
        self.schema.sdl()
    }

    /// Parses the document once (the schema reuses the parse) and measures
    /// it before async-graphql's own checks, which expand fragments, see it;
    /// a text seen before is neither parsed nor measured again.
    fn admit(&self, request: &mut Request) -> Result<OperationType, ServerError> {
        check_text(&request.query, &self.limits).map_err(DocumentError::into_server_error)?;
        check_variables(&request.variables).map_err(DocumentError::into_server_error)?;
        let name = request.operation_name.clone();
        if let Some(document) = self.documents.get(&request.query) {
            let ty = operation_type(&document, name.as_deref());
            request.set_parsed_query(ExecutableDocument::clone(&document));
            return Ok(ty);
        }
        let text = request.query.clone();
        let document = request.parsed_query().map_err(with_code)?;
        check_document(document, &self.limits, &self.introspection).map_err(DocumentError::into_server_error)?;
        self.documents.remember(&text, document);
        Ok(operation_type(document, name.as_deref()))
    }

    async fn timed_out(&self) -> Response {
        crate::metrics::metrics().limit_refused(crate::metrics::Limit::RequestTimeout);
        let seconds = self.limits.request_timeout().as_secs();
        let answers = self.store.answers().await;
        tracing::warn!(seconds, database_answers = answers, "request stopped at the time limit");
        let (message, code, hint) = crate::error_code::time_limit("the request", seconds, answers);
        Response::from_errors(vec![super::error::request_error(message, code, Some(hint))])
    }

    /// Runs a query or mutation.
    pub async fn execute(&self, mut request: Request) -> Response {
        let response = match self.admit(&mut request) {
            Err(err) => Response::from_errors(vec![err]),
            Ok(ty) => {
                let response = self.run(&self.schema, request, Some(ty)).await;
                counted(Some(ty), &response);
                return response;
            }
        };
        counted(None, &response);
        response
    }

    /// Runs a tool document: the server's own, or its operator's, so the
    /// document limits that bound what clients send do not apply (a lower
    /// `--max-depth` must not break a built-in tool); the time limit does.
    /// Every rule of the schema's validation runs, the call's values
    /// included: how a tool document is checked when it is loaded, and
    /// how a write runs.
    pub async fn execute_document(&self, request: Request) -> Response {
        self.run_document(&self.schema, request).await
    }

    /// `execute_document` for a read whose document passed every rule when
    /// it was loaded, its values coerced by the tool against its input
    /// schema: async-graphql's fast validation (fragment cycles, the
    /// complexity limit), without the rules that check the document again
    /// or the values in its arguments. A bad value then fails where its
    /// field reads it, not before the operation runs, so a write keeps
    /// every rule: none of its fields may write before a value is refused.
    pub async fn execute_read_document(&self, request: Request) -> Response {
        self.run_document(&self.tools, request).await
    }

    /// A tool document's request on `schema`, its variables bounded first.
    async fn run_document(&self, schema: &AppSchema, request: Request) -> Response {
        if let Err(err) = check_variables(&request.variables) {
            return Response::from_errors(vec![err.into_server_error()]);
        }
        self.run(schema, request, None).await
    }

    /// Runs `request` on `schema`, an operation of type `ty` when it is known.
    async fn run(&self, schema: &AppSchema, request: Request, ty: Option<OperationType>) -> Response {
        match tokio::time::timeout(self.limits.request_timeout(), schema.execute(request)).await {
            Ok(mut response) => {
                if ty == Some(OperationType::Query) {
                    null_data_when_a_root_field_failed(&mut response);
                }
                coded(response)
            }
            Err(_) => self.timed_out().await,
        }
    }
}

/// The most errors one response carries: a document of many mistakes
/// (thousands of unknown arguments) is answered with the first of them, not
/// with a reply a hundred times its size.
const MAX_ERRORS: usize = 20;

/// Errors raised before any resolver ran (parse, validation, complexity)
/// get `BAD_USER_INPUT` and a hint; resolver errors keep their codes. Past
/// `MAX_ERRORS`, one more error says how many were left out.
fn coded(mut response: Response) -> Response {
    let errors = std::mem::take(&mut response.errors);
    let total = errors.len();
    response.errors = errors.into_iter().take(MAX_ERRORS).map(with_code).collect();
    if total > MAX_ERRORS {
        response.errors.push(super::error::request_error(
            format!("{} more errors were left out", total - MAX_ERRORS),
            ErrorCode::BadUserInput,
            Some("fix the errors shown, then send the request again"),
        ));
    }
    response
}

/// The executor leaves a root field that failed out of `data`, answering
/// the rest. Every root field of `Query` is non-null, so the spec's error
/// propagation makes the whole `data` of a query null, as graphql-js
/// answers and as typed clients expect (a `data` without a field its type
/// says is always there is how a page reads `undefined` and breaks). A
/// mutation keeps its `data`: async-graphql runs its later fields after
/// one fails, and their results say which writes were made.
fn null_data_when_a_root_field_failed(response: &mut Response) {
    let async_graphql::Value::Object(data) = &response.data else { return };
    let failed_root = response.errors.iter().any(|error| match error.path.first() {
        Some(async_graphql::PathSegment::Field(key)) => !data.contains_key(key.as_str()),
        _ => false,
    });
    if failed_root {
        response.data = async_graphql::Value::Null;
    }
}

/// Counts an operation received from a client (`ty` None: refused before
/// it ran: it does not parse, or is over a limit) and its errors by code, and the limits async-graphql
/// checks itself (its messages are fixed).
fn counted(ty: Option<OperationType>, response: &Response) {
    let metrics = crate::metrics::metrics();
    for error in &response.errors {
        if error.message.starts_with("Query is too complex") {
            metrics.limit_refused(crate::metrics::Limit::Complexity);
        } else if error.message.starts_with("Query is nested too deep") {
            metrics.limit_refused(crate::metrics::Limit::Depth);
        }
    }
    let kind = match ty {
        Some(OperationType::Query) => "query",
        Some(OperationType::Mutation) => "mutation",
        Some(OperationType::Subscription) => "subscription",
        None => "refused",
    };
    let codes = response.errors.iter().map(|error| super::error::code_of(error).unwrap_or(ErrorCode::Internal));
    metrics.graphql_operation(kind, codes);
}

/// The type of the operation a request runs; an operation the document
/// lacks is left to the schema to refuse.
fn operation_type(document: &ExecutableDocument, name: Option<&str>) -> OperationType {
    match (&document.operations, name) {
        (DocumentOperations::Single(operation), _) => operation.node.ty,
        (DocumentOperations::Multiple(operations), Some(name)) => {
            operations.get(name).map_or(OperationType::Query, |operation| operation.node.ty)
        }
        (DocumentOperations::Multiple(operations), None) => {
            operations.values().next().map_or(OperationType::Query, |operation| operation.node.ty)
        }
    }
}

impl Executor for Gateway {
    async fn execute(&self, request: Request) -> Response {
        Gateway::execute(self, request).await
    }

    /// graphql-ws runs every operation as a stream; a query or mutation
    /// there is one response under the same time limit as over HTTP.
    fn execute_stream(
        &self,
        mut request: Request,
        session_data: Option<std::sync::Arc<Data>>,
    ) -> BoxStream<'static, Response> {
        let ty = match self.admit(&mut request) {
            Ok(ty) => ty,
            Err(err) => {
                let refused = Response::from_errors(vec![err]);
                counted(None, &refused);
                return stream::once(async move { refused }).boxed();
            }
        };
        // Loaders of its own for each operation of a connection: cached
        // reads live as long as one operation, never from one to the next.
        let viewer = session_data
            .as_ref()
            .and_then(|data| data.get(&std::any::TypeId::of::<Viewer>()))
            .and_then(|viewer| viewer.downcast_ref::<Viewer>());
        if let Some(viewer) = viewer {
            request = request.data(super::Loaders::new(self.store.clone(), viewer.clone()));
        }
        let responses = Executor::execute_stream(&self.schema, request, session_data).map(coded);
        if ty == OperationType::Subscription {
            // Counted once, by its first answer: an event, or the error
            // that ends it before one.
            let mut first = true;
            return responses
                .inspect(move |response| {
                    if std::mem::take(&mut first) {
                        counted(Some(ty), response);
                    }
                })
                .boxed();
        }
        let gateway = self.clone();
        stream::once(async move {
            let first = tokio::time::timeout(gateway.limits.request_timeout(), responses.into_future()).await;
            let response = match first {
                Ok((Some(response), _)) => response,
                Ok((None, _)) => Response::default(),
                Err(_) => gateway.timed_out().await,
            };
            counted(Some(ty), &response);
            response
        })
        .boxed()
    }
}

#[cfg(test)]
mod time_limit_tests {
    use crate::config::Settings;
    use crate::store::{PageLimits, Store};

    async fn code_when_stopped(database_up: bool) -> (String, String) {
        let db = crate::db::connect("sqlite::memory:").await.expect("database");
        let store = Store::new(db.clone(), PageLimits::default());
        let gateway = super::super::build(store, &Settings::default());
        if !database_up {
            db.close().await.expect("close");
        }
        let response = serde_json::to_value(gateway.timed_out().await).expect("json");
        let error = &response["errors"][0];
        (
            error["extensions"]["code"].as_str().unwrap_or("").to_owned(),
            error["message"].as_str().unwrap_or("").to_owned(),
        )
    }

    #[tokio::test]
    async fn a_request_stopped_while_the_database_answers_is_told_to_narrow() {
        let (code, message) = code_when_stopped(true).await;
        assert_eq!(code, "BAD_USER_INPUT");
        assert!(message.contains("was stopped"), "{message}");
    }

    #[tokio::test]
    async fn a_request_stopped_while_the_database_does_not_answer_is_unavailable() {
        let (code, message) = code_when_stopped(false).await;
        assert_eq!(code, "UNAVAILABLE");
        assert!(message.contains("the database is not answering"), "{message}");
    }
}
