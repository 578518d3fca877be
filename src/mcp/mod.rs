//! MCP tools for agents: one rmcp server on two transports (stdio, and
//! streamable HTTP at `/mcp`). A tool is a GraphQL document (`tools/*.graphql`
//! and an operator's `--tools DIR`, served by `served_tools`) whose arguments
//! are the operation's variables (`arguments`, named by `names`). A call is
//! a pipeline (`tool`): the arguments read into a plan (`plan`), the
//! operation run in-process with the caller's identity, the result shaped
//! by one rule set (`reply`), and fitted to its budget by the size guard
//! (`guard`). This layer reads and writes the model only through GraphQL
//! (`layer_rules` lists the little it takes from the store).

mod arguments;
mod coerce;
mod document;
mod error;
mod graphql_tools;
mod guard;
mod http_access;
mod jsonrpc;
mod names;
mod omit;
mod output_schema;
mod plan;
mod reply;
mod resources;
mod selection;
mod served_tools;
mod tool;
mod types;

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CompleteRequestParams, CompleteResult, ContentBlock,
    Implementation, InitializeRequestParams, InitializeResult, ListResourceTemplatesResult, ListResourcesResult,
    ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ServerCapabilities,
    ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use tracing::Instrument;

use crate::App;
use crate::store::Viewer;
use crate::text::utf16_len;

use crate::error_code::ErrorCode;
pub use document::DocumentError;
pub use error::ToolError;
use graphql_tools::GraphqlTool;
pub use selection::Selection;
pub use served_tools::{LoadError, ServedTools};

/// How long a client may keep `tools/list` (the 2026-07-28 cache hints).
const TOOLS_LIST_FRESH_MS: u64 = 60_000;

/// Where a call's identity comes from.
#[derive(Clone)]
enum Identity {
    /// stdio: the token given at start.
    Fixed(Viewer),
    /// HTTP: the bearer token of each request, resolved by the router.
    PerRequest,
}

/// The MCP server: the app its tools run on, the tools it serves, and
/// where each call's identity comes from.
#[derive(Clone)]
pub struct McpServer {
    app: App,
    tools: ServedTools,
    identity: Identity,
}

impl McpServer {
    fn new(app: App, tools: ServedTools, identity: Identity) -> Self {
        Self { app, tools, identity }
    }

    /// The caller of a request: the fixed viewer, or the one the HTTP
    /// middleware put in the request's extensions.
    fn viewer(&self, context: &RequestContext<RoleServer>) -> Option<Viewer> {
        match &self.identity {
            Identity::Fixed(viewer) => Some(viewer.clone()),
            Identity::PerRequest => request_parts(context).and_then(|parts| parts.extensions.get::<Viewer>()).cloned(),
        }
    }

    /// The caller of a request that is not a tool call (a resource, a
    /// completion): refused without one, or with a token revoked since.
    async fn caller(&self, context: &RequestContext<RoleServer>) -> Result<Viewer, ErrorData> {
        let viewer = self.viewer(context).ok_or_else(|| ErrorData::invalid_request("no caller identity", None))?;
        if matches!(self.identity, Identity::Fixed(_)) {
            let revalidated = self.app.store.revalidate(&viewer).await;
            revalidated.map_err(|err| ErrorData::invalid_request(err.to_string(), None))?;
        }
        Ok(viewer)
    }

    /// What this request is offered: the server's selection, narrowed by
    /// the request's headers and made read-only by a read-only token.
    fn selection(&self, context: &RequestContext<RoleServer>, viewer: Option<&Viewer>) -> Selection {
        let mut selection = self.tools.offered().clone();
        if let Some(asked) = request_parts(context).and_then(|parts| parts.extensions.get::<Selection>()) {
            selection = selection.and(asked);
        }
        if viewer.is_some_and(|viewer| viewer.read_only) {
            selection = selection.and(&Selection::read_only());
        }
        selection
    }

    /// The document tools `selection` offers.
    fn offered(&self, selection: &Selection) -> Vec<Arc<tool::DocumentTool>> {
        self.tools.get().into_iter().filter(|tool| selection.withholds(tool.as_ref()).is_none()).collect()
    }

    /// The graphql toolset's tools `selection` offers.
    fn offered_graphql(&self, selection: &Selection) -> Vec<Arc<GraphqlTool>> {
        let tools = self.tools.graphql(selection.is_read_only());
        tools.iter().filter(|tool| selection.withholds(tool.as_ref()).is_none()).cloned().collect()
    }

    /// Every tool `selection` offers, as listed: with its `outputSchema`
    /// when the selection asks for structured output.
    fn listed(&self, selection: &Selection) -> Vec<Tool> {
        self.listed_named(selection, None)
    }

    /// The listing, or only the tool `only` in it: rmcp looks a tool's
    /// schema up on every call from a client of the newest protocol.
    fn listed_named(&self, selection: &Selection, only: Option<&str>) -> Vec<Tool> {
        let structured = selection.structured_output();
        let named = |tool: &Tool| only.is_none_or(|name| tool.name == name);
        let with_schema = |tool: &Tool, schema: &Arc<rmcp::model::JsonObject>| {
            let mut tool = tool.clone();
            if structured {
                tool.output_schema = Some(schema.clone());
            }
            tool
        };
        let documents = self
            .offered(selection)
            .into_iter()
            .filter(|t| named(&t.tool))
            .map(|t| with_schema(&t.tool, &t.output_schema));
        let graphql = self
            .offered_graphql(selection)
            .into_iter()
            .filter(|t| named(&t.tool))
            .map(|t| with_schema(&t.tool, &t.output_schema));
        documents.chain(graphql).collect()
    }

    /// The tool named `name`, offered or not, in its read-only form for a
    /// read-only session.
    fn find(&self, name: &str, read_only: bool) -> Option<Found> {
        if let Some(tool) = self.tools.get().into_iter().find(|t| t.tool.name == name) {
            return Some(Found::Document(tool));
        }
        self.tools.graphql(read_only).iter().find(|t| t.tool.name == name).cloned().map(Found::Graphql)
    }

    /// What the server tells a client at `initialize`: the conventions, and
    /// a sentence for each toolset it is offered.
    fn instructions(&self, offered: &[Arc<tool::DocumentTool>], graphql: bool, read_only: bool) -> String {
        use crate::config::Toolset;
        let has = |set: Toolset| offered.iter().any(|tool| tool.toolset == set);
        let mut text = String::from("A project tracker.");
        if has(Toolset::Projects) {
            text.push_str(" Projects are named by key.");
        }
        if has(Toolset::Tasks) || has(Toolset::Comments) || has(Toolset::Agents) {
            text.push_str(
                " Tasks are named by ref (PROJ-42), people by username (`me` is you); task lists show the most \
                 recently active first.",
            );
        }
        if has(Toolset::Wiki) {
            text.push_str(" Wiki pages are named by path (guides/setup) and written at the revision last read.");
        }
        if has(Toolset::Agents) {
            text.push_str(
                " Call register_agent when you start work, claim_task (or claim_next_task) to hold a task, \
                 heartbeat_agent while it lasts, end_agent when you stop.",
            );
        }
        text.push_str(&format!(
            " Dates are ISO 8601 (2026-11-29, or 2026-11-29T10:00:00Z). Lists take `limit` (1-{}, default {}) and \
             return {{items, next, total}}: pass `next` back as `cursor`. Replies omit null, empty, false and zero \
             values (`verbose` keeps them); `view` is summary for lists and full for get_* by default; `fields` \
             names exactly the fields to return; `max_chars` ({} or more) lowers a reply's cap.",
            self.app.store.limits.max,
            self.app.store.limits.default,
            plan::MIN_MAX_CHARS,
        ));
        if graphql {
            text.push_str(
                " When no tool answers in one call, write one GraphQL query for graphql_query (graphql_schema shows \
                 the schema); its reply is shaped and capped like the others'.",
            );
        }
        if read_only {
            text.push_str(" This session is read-only: no tool that writes is offered.");
        }
        text
    }

    fn instructions_for(&self, selection: &Selection) -> String {
        let graphql = !self.offered_graphql(selection).is_empty();
        self.instructions(&self.offered(selection), graphql, selection.is_read_only())
    }
}

/// A tool found by name: a document, or one of the graphql toolset.
enum Found {
    Document(Arc<tool::DocumentTool>),
    Graphql(Arc<GraphqlTool>),
}

impl Found {
    fn offered(&self) -> &dyn selection::Offered {
        match self {
            Found::Document(tool) => tool.as_ref(),
            Found::Graphql(tool) => tool.as_ref(),
        }
    }

    async fn call(
        &self,
        app: &App,
        viewer: &Viewer,
        arguments: Option<rmcp::model::JsonObject>,
        cap: usize,
    ) -> tool::Answer {
        match self {
            Found::Document(tool) => tool.call(app, viewer, arguments, cap).await,
            Found::Graphql(tool) => tool.call(app, viewer, arguments, cap).await,
        }
    }
}

/// The HTTP request a call came in (none over stdio).
fn request_parts(context: &RequestContext<RoleServer>) -> Option<&axum::http::request::Parts> {
    context.extensions.get::<axum::http::request::Parts>()
}

fn text_result(text: String, is_error: bool) -> CallToolResponse {
    let content = vec![ContentBlock::text(text)];
    if is_error { CallToolResult::error(content) } else { CallToolResult::success(content) }.into()
}

/// A successful reply with its text as `structuredContent` too (the text
/// stays, byte for byte: clients that show one or the other show the same).
fn structured_result(text: String) -> CallToolResponse {
    let structured = serde_json::from_str::<serde_json::Value>(&text).ok().filter(serde_json::Value::is_object);
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = structured;
    result.into()
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        let selection = self.tools.offered();
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_resources().enable_completions().build())
            .with_server_info(Implementation::new("tasklens", env!("CARGO_PKG_VERSION")))
            .with_instructions(self.instructions_for(selection))
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        context.peer.set_peer_info(request.clone());
        let mut result = self.negotiate_initialize(&request)?;
        let viewer = self.viewer(&context);
        let selection = self.selection(&context, viewer.as_ref());
        result.instructions = Some(self.instructions_for(&selection));
        Ok(result)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let viewer = self.viewer(&context);
        let selection = self.selection(&context, viewer.as_ref());
        // The list depends on the caller's token and headers; it changes
        // only when an operator's tools are read again (SIGHUP), so without
        // them a client may keep it a while.
        let listed =
            ListToolsResult::with_all_items(self.listed(&selection)).with_cache_scope(rmcp::model::CacheScope::Private);
        Ok(if self.app.settings.tools_dir.is_none() { listed.with_ttl_ms(TOOLS_LIST_FRESH_MS) } else { listed })
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        Ok(resources::templates())
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let viewer = self.caller(&context).await?;
        resources::list(&self.app, &viewer, request.and_then(|r| r.cursor)).await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let viewer = self.caller(&context).await?;
        let span = tracing::info_span!("resource", uri = %crate::text::for_log(&request.uri), user = %viewer.username);
        Ok(resources::read(&self.app, &viewer, &request.uri).instrument(span).await?.into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let viewer = self.caller(&context).await?;
        resources::complete(&self.app, &viewer, &request).await
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.listed_named(self.tools.offered(), Some(name)).pop()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.to_string();
        let caller = self.viewer(&context);
        // One selection for the call: the tool's form, whether it is
        // withheld, and whether the reply is structured.
        let selection = self.selection(&context, caller.as_ref());
        let Some(tool) = self.find(&name, selection.is_read_only()) else {
            return Err(ErrorData::invalid_params(format!("unknown tool {}", crate::text::echo(&name)), None));
        };
        let request_id = request_parts(&context)
            .and_then(|parts| parts.extensions.get::<crate::request_id::RequestId>())
            .map(|id| id.as_str().to_owned());
        let span = tracing::info_span!(
            "tool",
            tool = %name,
            request_id,
            user = tracing::field::Empty,
            reply_chars = tracing::field::Empty
        );
        let structured = selection.structured_output();
        let Some(viewer) = caller else {
            let err = ToolError::new(ErrorCode::Unauthenticated, "no caller identity", "send a bearer token");
            return Ok(text_result(err.body().to_string(), true));
        };
        span.record("user", viewer.username.as_str());
        if let Some(withheld) = selection.withholds(tool.offered()) {
            let (message, hint) = withheld.explain(&name);
            let body = ToolError::new(ErrorCode::Forbidden, message, hint).body().to_string();
            crate::metrics::metrics().tool_call(&name, utf16_len(&body), Some(ErrorCode::Forbidden), false);
            return Ok(text_result(body, true));
        }
        if matches!(self.identity, Identity::Fixed(_)) {
            // Over stdio the token was checked once, at start: check that it
            // was not revoked since.
            if let Err(err) = self.app.store.revalidate(&viewer).await {
                let err = ToolError::new(
                    ErrorCode::Unauthenticated,
                    err.to_string(),
                    "create a new token with `tasklens token create`",
                );
                return Ok(text_result(err.body().to_string(), true));
            }
        }
        let cap = self.app.settings.reply_cap as usize;
        let answer = tool.call(&self.app, &viewer, request.arguments, cap).instrument(span.clone()).await;
        let (text, is_error) = (answer.text, answer.error.is_some());
        let size = utf16_len(&text);
        crate::metrics::metrics().tool_call(&name, size, answer.error, answer.cut);
        span.record("reply_chars", size);
        // One line per call only when asked for (`RUST_LOG=tasklens=debug`):
        // at the default level a call costs no log write.
        tracing::debug!(parent: &span, "tool call");
        Ok(if structured && !is_error { structured_result(text) } else { text_result(text, is_error) })
    }
}

/// Serves MCP over stdio as `viewer` until the client closes the stream.
pub async fn serve_stdio(app: App, tools: ServedTools, viewer: Viewer) -> Result<(), Box<dyn std::error::Error>> {
    let server = McpServer::new(app, tools, Identity::Fixed(viewer));
    server.serve(rmcp::transport::stdio()).await?.waiting().await?;
    Ok(())
}

/// The `/mcp` service: stateless streamable HTTP with JSON replies. The
/// router authenticates each request before this service reads it.
pub use http_access::{check_origin, cors, selection_from_headers};
pub use jsonrpc::reject_malformed;

pub fn http_service(app: App, tools: ServedTools) -> StreamableHttpService<McpServer, LocalSessionManager> {
    let mut hosts: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "::1".into()];
    hosts.extend(app.settings.allowed_hosts.iter().cloned());
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_allowed_hosts(hosts);
    let server = McpServer::new(app, tools, Identity::PerRequest);
    StreamableHttpService::new(move || Ok(server.clone()), Arc::new(LocalSessionManager::default()), config)
}
