//! `graphql_query`: one operation an agent writes, run as a request to
//! `/graphql` would run (the same document limits, complexity and depth,
//! the caller's identity and read-only rule), its result shaped and fitted
//! by the rules every tool's reply follows.

use std::collections::HashSet;

use async_graphql::parser::types::ExecutableDocument;
use async_graphql::{Request, Variables};
use serde_json::{Map, Value};

use crate::App;
use crate::mcp::document::{DocumentError, MUTATION_REFUSED, ToolDocument};
use crate::mcp::error::{ToolError, ToolResult, from_graphql};
use crate::mcp::guard::{self, Budget, Fit, Fitting};
use crate::mcp::names::Names;
use crate::mcp::reply::{self, Form, Shaped, Style};
use crate::mcp::types::Types;
use crate::store::Viewer;

/// A call's arguments, read.
struct Call {
    query: String,
    variables: Map<String, Value>,
    cap: usize,
}

fn read(arguments: Option<Map<String, Value>>, cap: usize) -> ToolResult<Call> {
    let mut arguments = arguments.unwrap_or_default();
    let query = match arguments.remove("query") {
        Some(Value::String(query)) if !query.trim().is_empty() => query,
        Some(_) => {
            return Err(ToolError::invalid("`query` is not a GraphQL document", "pass the operation as a string"));
        }
        None => return Err(ToolError::invalid("`query` is missing", "pass one GraphQL operation")),
    };
    let variables = match arguments.remove("variables") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(variables)) => variables,
        Some(_) => return Err(ToolError::invalid("`variables` is not an object", "pass {\"name\": value}")),
    };
    let cap = match arguments.remove("max_chars") {
        None => cap,
        Some(value) => match value.as_i64() {
            Some(n) if n >= crate::mcp::plan::MIN_MAX_CHARS => usize::try_from(n).unwrap_or(cap).min(cap),
            _ => {
                let hint = format!("use {} or more", crate::mcp::plan::MIN_MAX_CHARS);
                return Err(ToolError::invalid(format!("`max_chars` is {}", crate::text::echo(&value)), hint));
            }
        },
    };
    if let Some(unknown) = arguments.keys().next() {
        let message = format!("unknown argument `{}`", crate::text::echo(unknown));
        return Err(ToolError::invalid(message, "the arguments are query, variables and max_chars"));
    }
    Ok(Call { query, variables, cap })
}

/// The document limits of `/graphql`, measured before the document is
/// walked for its reply plan (a fragment spread twice per level must be
/// refused before anything expands it).
fn admit(app: &App, call: &Call) -> ToolResult<ExecutableDocument> {
    use crate::graphql::limits::{check_document, check_text, check_variables};
    let refused = |err: crate::graphql::limits::DocumentError| {
        if let Some(limit) = err.limit() {
            crate::metrics::metrics().limit_refused(limit);
        }
        ToolError::invalid(err.to_string(), err.hint())
    };
    let limits = &app.settings.limits;
    check_text(&call.query, limits).map_err(refused)?;
    let variables = Variables::from_json(Value::Object(call.variables.clone()));
    check_variables(&variables).map_err(refused)?;
    let parsed = ToolDocument::parse_ad_hoc(&call.query).map_err(|err| not_a_query(&err))?;
    check_document(&parsed, limits, app.graphql.introspection_sizes()).map_err(refused)?;
    Ok(parsed)
}

/// A document that does not read, in the words a writer of it needs.
fn not_a_query(err: &DocumentError) -> ToolError {
    if err.message == MUTATION_REFUSED {
        let hint = "use the write tools (create_task, update_task, add_comment...); the operator allows mutations \
                    here with --graphql-tool-mutations";
        return ToolError::new(crate::error_code::ErrorCode::Forbidden, MUTATION_REFUSED, hint);
    }
    let message = format!("line {}, column {}: {}", err.line, err.column, err.message);
    ToolError::invalid(message, "check the names with graphql_schema (a type, or Type.field)")
}

/// Runs the call; the reply's text, the cap it must fit and whether the
/// guard cut it.
pub async fn run(
    app: &App,
    viewer: &Viewer,
    types: &Types,
    arguments: Option<Map<String, Value>>,
    cap: usize,
    mutations: bool,
) -> (ToolResult<String>, usize, bool) {
    let call = match read(arguments, cap) {
        Ok(call) => call,
        Err(err) => return (Err(err), cap, false),
    };
    let parsed = match admit(app, &call) {
        Ok(parsed) => parsed,
        Err(err) => return (Err(err), call.cap, false),
    };
    let document = match ToolDocument::ad_hoc("graphql_query", &call.query, parsed, types, mutations) {
        Ok(document) => document,
        Err(err) => return (Err(not_a_query(&err)), call.cap, false),
    };
    let mut fitting = Fitting::default();
    let limit = app.settings.limits.request_timeout();
    let read = tokio::time::timeout(limit, answer(app, viewer, &document, &call, &mut fitting)).await;
    let outcome = read.unwrap_or_else(|_| {
        crate::metrics::metrics().limit_refused(crate::metrics::Limit::RequestTimeout);
        let (message, code, hint) = crate::error_code::time_limit("the call", limit.as_secs(), true);
        Err(ToolError::new(code, message, hint))
    });
    (outcome, call.cap, fitting.cut())
}

async fn answer(
    app: &App,
    viewer: &Viewer,
    document: &ToolDocument,
    call: &Call,
    fitting: &mut Fitting,
) -> ToolResult<String> {
    let mut request =
        Request::new(call.query.clone()).variables(Variables::from_json(Value::Object(call.variables.clone())));
    if !document.operation.is_empty() {
        request = request.operation_name(document.operation.clone());
    }
    // Parsed once: the gateway measures and runs the same document.
    request.set_parsed_query(document.parsed.as_ref().clone());
    let response = app.graphql.execute(crate::graphql::with_viewer(request, &app.store, viewer.clone())).await;
    if let Some(error) = response.errors.first() {
        return Err(match error.locations.first().filter(|_| error.path.is_empty()) {
            Some(at) => {
                let message = format!("line {}, column {}: {}", at.line, at.column, error.message);
                ToolError::invalid(message, "check the names with graphql_schema (a type, or Type.field)")
            }
            None => from_graphql(error, &Names::default()),
        });
    }
    let style = Style::default();
    let (mut items, next, total) = match reply::shape(document, &response.data, &style)? {
        Shaped::Record { record, .. } => {
            let (text, cut) = super::fit::fit_record(record, call.cap)?;
            if cut {
                fitting.cut_list();
            }
            return Ok(text);
        }
        Shaped::List { items, next, total } => (items, next, total),
        Shaped::Written { .. } => {
            let message = "the reply's items came written, so their strings cannot be cut";
            return Err(ToolError::new(crate::error_code::ErrorCode::Internal, message, "report this"));
        }
    };
    items.iter_mut().for_each(|item| super::fit::cut_long_strings(&mut item.value, call.cap / 4));
    // One list: cut on an item boundary with the cursor to resume from.
    // Nothing is read again: the agent's windows are the agent's to size.
    let budget = Budget { cap: call.cap, resizable: HashSet::new() };
    match guard::fit(Shaped::List { items, next, total }, &budget, Form::Object, fitting)? {
        Fit::Reply(text) => Ok(text),
        Fit::Again { .. } => Err(ToolError::new(
            crate::error_code::ErrorCode::ReplyTooLarge,
            format!("the reply is over the {}-character cap", call.cap),
            "select fewer fields or smaller pages (`first`), or windows of text (`maxChars`)",
        )),
    }
}
