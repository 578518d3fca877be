//! One document tool and its call, a pipeline of four stages, each entered
//! once per read: the arguments are read into a plan (`plan`); the
//! operation runs with the caller's identity (here); the result is shaped
//! (`reply`); the guard fits it to the plan's budget (`guard`), and may
//! ask for the record to be read again with a narrower window. Whatever
//! the call answers passes the guard's final check.

use std::collections::HashMap;
use std::sync::Arc;

use async_graphql::parser::types::ExecutableDocument;
use async_graphql::{Request, Variables};
use rmcp::model::{JsonObject, MetaObject, Tool, ToolAnnotations};
use serde_json::{Map, Value};

use super::arguments::Arguments;
use super::document::{DocumentError, Shared, ToolDocument};
use super::error::{ToolError, ToolResult, from_graphql};
use super::guard::{self, Fit, Fitting};
use super::names::Names;
use super::omit::Omissions;
use super::plan::Plan;
use super::reply;
use super::types::Types;
use crate::App;
use crate::config::Toolset;
use crate::error_code::ErrorCode;
use crate::store::Viewer;

/// The largest reply a client should expect, in the client's own key.
pub const MAX_RESULT_SIZE_META: &str = "anthropic/maxResultSizeChars";

/// What every tool's schema says of this server: its reply cap and page.
#[derive(Clone, Copy, Default)]
pub struct ToolLimits {
    pub cap: u32,
    pub max_page: u64,
}

/// One document tool, ready to list and to call.
pub struct DocumentTool {
    pub tool: Tool,
    pub document: ToolDocument,
    /// Its group, for `--toolsets` and `X-MCP-Toolsets`.
    pub toolset: Toolset,
    /// Its reply's schema, declared when a client asks for structured output.
    pub output_schema: Arc<JsonObject>,
    arguments: Arguments,
    names: Names,
    types: Arc<Types>,
    omissions: Omissions,
}

/// What a call answers: a reply, or an error body, within its cap.
pub struct Answer {
    pub text: String,
    /// The error's code when the answer is one.
    pub error: Option<ErrorCode>,
    /// Whether the guard cut the reply to fit.
    pub cut: bool,
}

impl super::selection::Offered for DocumentTool {
    fn name(&self) -> &str {
        &self.tool.name
    }

    fn toolset(&self) -> Toolset {
        self.toolset
    }

    fn writes(&self) -> bool {
        self.document.write
    }
}

impl DocumentTool {
    /// Reads `text` as a tool; `operations` are the built-in tools by the
    /// schema field they run, for the names its errors use.
    pub fn parse(
        source: &str,
        text: &str,
        types: &Arc<Types>,
        shared: &Shared,
        limits: ToolLimits,
        operations: &Arc<HashMap<String, String>>,
    ) -> Result<Self, DocumentError> {
        let document = ToolDocument::parse(source, text, types, shared)?;
        Self::new(document, types, limits, operations)
    }

    pub fn new(
        document: ToolDocument,
        types: &Arc<Types>,
        limits: ToolLimits,
        operations: &Arc<HashMap<String, String>>,
    ) -> Result<Self, DocumentError> {
        let names = Names::of(&document, operations);
        let max_page = i64::try_from(limits.max_page).unwrap_or(i64::MAX);
        let arguments = Arguments::of(&document, &names, types, max_page).map_err(|message| DocumentError {
            source_name: document.origins.file().to_owned(),
            line: 1,
            column: 1,
            message,
        })?;
        let mut tool =
            Tool::new(document.tool_name.clone(), document.description.clone(), Arc::new(arguments.schema.clone()))
                .with_title(document.title.clone());
        let annotations = ToolAnnotations::new().read_only(!document.write);
        tool.annotations = Some(if document.write { annotations.destructive(!document.additive) } else { annotations });
        let mut meta = JsonObject::new();
        meta.insert(MAX_RESULT_SIZE_META.into(), limits.cap.into());
        tool.meta = Some(MetaObject(meta));
        let output_schema = Arc::new(super::output_schema::of(&document));
        Ok(Self {
            tool,
            output_schema,
            document,
            toolset: Toolset::Custom,
            arguments,
            names,
            types: types.clone(),
            omissions: Omissions::default(),
        })
    }

    /// The tool, grouped in `toolset`.
    pub fn in_toolset(self, toolset: Toolset) -> Self {
        Self { toolset, ..self }
    }

    /// Runs the tool for `viewer` within the server's `cap`.
    pub async fn call(&self, app: &App, viewer: &Viewer, arguments: Option<Map<String, Value>>, cap: usize) -> Answer {
        let mut fitting = Fitting::default();
        let (outcome, cap) = match self.arguments.plan(arguments, &self.document, &self.types, cap) {
            Ok(plan) => {
                let cap = plan.budget.cap;
                (self.run(app, viewer, plan, &mut fitting).await, cap)
            }
            Err(err) => (Err(err), cap),
        };
        let (text, error) = match outcome {
            Ok(text) => (text, None),
            Err(err) => {
                tracing::debug!(error = %crate::text::for_log(&err.to_string()), "tool error");
                (err.body().to_string(), Some(err.code))
            }
        };
        let (text, is_error) = guard::final_check(text, error.is_some(), cap);
        // A result over the cap at the last check became reply_too_large.
        let error = if is_error { error.or(Some(ErrorCode::ReplyTooLarge)) } else { None };
        Answer { text, error, cut: fitting.cut() }
    }

    /// Stages two to four, within one time limit however many times the
    /// record is read.
    async fn run(&self, app: &App, viewer: &Viewer, mut plan: Plan, fitting: &mut Fitting) -> ToolResult<String> {
        let document = self.omissions.document(&self.document.parsed, &plan.omitted);
        let reads = async {
            loop {
                let data = self.execute(app, viewer, &document, &plan.variables).await?;
                let shaped = reply::shape(&self.document, &data, &plan.style)?;
                match guard::fit(shaped, &plan.budget, plan.form, fitting)? {
                    Fit::Reply(text) => return Ok(text),
                    Fit::Again { variable, chars } => _ = plan.variables.insert(variable, chars.into()),
                }
            }
        };
        let limit = app.settings.limits.request_timeout();
        match tokio::time::timeout(limit, reads).await {
            Ok(read) => read,
            Err(_) => {
                crate::metrics::metrics().limit_refused(crate::metrics::Limit::RequestTimeout);
                let answers = app.store.answers().await;
                let (message, code, hint) = crate::error_code::time_limit("the call", limit.as_secs(), answers);
                Err(ToolError::new(code, message, hint))
            }
        }
    }

    /// Runs the document once and returns its data, or the first error as a
    /// tool error in the tool's names.
    async fn execute(
        &self,
        app: &App,
        viewer: &Viewer,
        parsed: &ExecutableDocument,
        variables: &Map<String, Value>,
    ) -> ToolResult<async_graphql::Value> {
        let document = &self.document;
        let mut request = Request::new(document.text.clone())
            .operation_name(document.operation.clone())
            .variables(Variables::from_json(Value::Object(variables.clone())));
        request.set_parsed_query(parsed.clone());
        let request = crate::graphql::with_viewer(request, &app.store, viewer.clone());
        let response = if document.write {
            app.graphql.execute_document(request).await
        } else {
            app.graphql.execute_read_document(request).await
        };
        let Some(error) = response.errors.first() else { return Ok(response.data) };
        // The document passed the schema's validation when it was loaded: a
        // write that fails it now (an error at a place in the document,
        // before any field ran) fails on the values the call sent. A read's
        // bad value fails where its field reads it.
        if error.path.is_empty() && !error.locations.is_empty() {
            let message = self.names.in_tool_terms(&error.message);
            return Err(ToolError::invalid(message, "check the tool's input schema in tools/list"));
        }
        Err(from_graphql(error, &self.names))
    }
}
