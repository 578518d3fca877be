//! Tools that are GraphQL documents: an operator's `--tools DIR`
//! (`TASKLENS_TOOLS`), each `.graphql` file one tool, checked against the
//! schema when the server starts (an invalid file stops the start with its
//! path, line and the GraphQL error) and read again on SIGHUP (an invalid
//! set is refused and the previous one kept). Each call runs its document
//! with the caller's identity and shapes the result by the reply rules.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use async_graphql::parser::types::{
    DocumentOperations, ExecutableDocument, OperationDefinition, Selection, SelectionSet,
};
use async_graphql::{Request, Variables};
use rmcp::model::{JsonObject, MetaObject, Tool, ToolAnnotations};
use serde_json::{Map, Value};

use crate::App;
use crate::store::Viewer;

use super::arguments::Arguments;
use super::document::{DocumentError, Shared, ToolDocument, snake_case};
use super::error::{ToolError, ToolResult};
use super::reply::{self, Fitting, Options, Shaped};
use super::types::Types;
use crate::error_code::ErrorCode;

/// The largest reply a client should expect, in the client's own key.
pub const MAX_RESULT_SIZE_META: &str = "anthropic/maxResultSizeChars";

/// One document tool, ready to list and to call.
pub struct DocumentTool {
    pub tool: Tool,
    document: ToolDocument,
    arguments: Arguments,
    types: Arc<Types>,
}

/// The built-in tools that are documents (`src/mcp/tools/`).
const BUILT_IN: &[(&str, &str)] = &[
    ("list_projects.graphql", include_str!("tools/list_projects.graphql")),
    ("get_project.graphql", include_str!("tools/get_project.graphql")),
    ("list_tasks.graphql", include_str!("tools/list_tasks.graphql")),
    ("list_my_tasks.graphql", include_str!("tools/list_my_tasks.graphql")),
    ("search_tasks.graphql", include_str!("tools/search_tasks.graphql")),
    ("get_task.graphql", include_str!("tools/get_task.graphql")),
    ("create_task.graphql", include_str!("tools/create_task.graphql")),
    ("update_task.graphql", include_str!("tools/update_task.graphql")),
    ("register_agent.graphql", include_str!("tools/register_agent.graphql")),
    ("heartbeat_agent.graphql", include_str!("tools/heartbeat_agent.graphql")),
    ("end_agent.graphql", include_str!("tools/end_agent.graphql")),
    ("list_task_changes.graphql", include_str!("tools/list_task_changes.graphql")),
    ("list_activity.graphql", include_str!("tools/list_activity.graphql")),
    ("add_comment.graphql", include_str!("tools/add_comment.graphql")),
    ("wiki_tree.graphql", include_str!("tools/wiki_tree.graphql")),
    ("search_wiki.graphql", include_str!("tools/search_wiki.graphql")),
    ("list_wiki_changes.graphql", include_str!("tools/list_wiki_changes.graphql")),
    ("list_comments.graphql", include_str!("tools/list_comments.graphql")),
    ("get_wiki_page.graphql", include_str!("tools/get_wiki_page.graphql")),
    ("put_wiki_page.graphql", include_str!("tools/put_wiki_page.graphql")),
    ("patch_wiki_page.graphql", include_str!("tools/patch_wiki_page.graphql")),
];

/// Fragments any tool document may spread (`...TaskFields`).
const SHARED_FRAGMENTS: Shared =
    Shared { name: "src/mcp/tools/fragments.graphql", text: include_str!("tools/fragments.graphql") };

/// The document tools being served: the built-in ones, and the operator's,
/// replaced whole on reload.
#[derive(Clone, Default)]
pub struct ToolSet {
    /// The schema's types, read once from its SDL.
    types: Option<Arc<Types>>,
    limits: ToolLimits,
    /// The built-in tools by the schema field they run (`putWikiPage` is
    /// `put_wiki_page`), for errors that name the field.
    operations: Arc<HashMap<String, String>>,
    built_in: Arc<Vec<Arc<DocumentTool>>>,
    /// The built-in ones this server's limits let run.
    served_built_in: Arc<RwLock<Arc<Vec<Arc<DocumentTool>>>>>,
    loaded: Arc<RwLock<Arc<Vec<Arc<DocumentTool>>>>>,
}

/// What every tool's schema says of this server: its reply cap and page.
#[derive(Clone, Copy, Default)]
struct ToolLimits {
    cap: u32,
    max_page: u64,
}

/// Why a tool directory cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read the tools directory {}: {error}", path.display())]
    Directory { path: PathBuf, error: std::io::Error },
    #[error("cannot read {}: {error}", path.display())]
    File { path: PathBuf, error: std::io::Error },
    #[error(transparent)]
    Document(#[from] DocumentError),
    #[error("{path}: the tool `{name}` is already a tool{}", if *.builtin { " of tasklens" } else { " of this directory" })]
    Taken { path: String, name: String, builtin: bool },
    #[error("the schema's SDL does not parse")]
    Schema,
    #[error("{}: the file resolves outside the tools directory; link or copy tools into it", path.display())]
    Outside { path: PathBuf },
    #[error("{}: the file is {size} bytes long; a tool document is at most {max} (--max-document-bytes)", path.display())]
    TooLarge { path: PathBuf, size: u64, max: usize },
    #[error("{}: {what} is {length} characters long; at most {max} are served", path.display())]
    TooLong { path: PathBuf, what: String, length: usize, max: usize },
    #[error("the tools would make tools/list {length} characters long; at most {max} are served")]
    ListTooLong { length: usize, max: usize },
}

/// The longest description of an operator's tool or of one of its
/// arguments: what every client sends its model with each tools/list.
const MAX_DESCRIPTION_CHARS: usize = 1_000;
/// The longest tools/list, built-in tools (about 12,000) included.
const MAX_TOOLS_LIST_CHARS: usize = 64_000;

impl ToolSet {
    /// The built-in document tools, read (not yet validated: see
    /// `load_configured`). A built-in document that does not read is a bug
    /// of this server: it is logged and left out, and the tests fail.
    pub fn built_in(gateway: &crate::graphql::Gateway, cap: u32, max_page: u64) -> Self {
        let limits = ToolLimits { cap, max_page };
        let Some(types) = Types::from_sdl(&gateway.sdl()).map(Arc::new) else {
            tracing::error!("the schema's SDL does not parse");
            return Self::default();
        };
        let tools = BUILT_IN
            .iter()
            .filter_map(|(name, text)| {
                DocumentTool::parse(&format!("src/mcp/tools/{name}"), text, &types, limits)
                    .inspect_err(|err| tracing::error!(error = %err, "built-in tool document left out"))
                    .ok()
                    .map(Arc::new)
            })
            .collect();
        let built_in: Arc<Vec<Arc<DocumentTool>>> = Arc::new(tools);
        let operations = built_in
            .iter()
            .flat_map(|tool| tool.document.root_fields.iter().map(move |field| (field, &tool.document.tool_name)))
            .filter(|(field, tool)| snake_case(field) == **tool && field != tool)
            .map(|(field, tool)| (field.clone(), tool.clone()))
            .collect();
        Self {
            types: Some(types),
            limits,
            operations: Arc::new(operations),
            served_built_in: Arc::new(RwLock::new(built_in.clone())),
            built_in,
            loaded: Default::default(),
        }
    }

    /// The built-in document tools of `app`'s schema and limits.
    pub fn new(app: &App) -> Self {
        Self::built_in(&app.graphql, app.settings.reply_cap, app.settings.limits.max_page)
    }

    /// Every document tool: the built-in ones, then the operator's.
    pub fn get(&self) -> Vec<Arc<DocumentTool>> {
        let operator = self.loaded.read().map(|l| l.clone()).unwrap_or_default();
        let built_in = self.served_built_in.read().map(|l| l.clone()).unwrap_or_default();
        built_in.iter().chain(operator.iter()).cloned().collect()
    }

    /// The operator's tools alone.
    pub fn operator(&self) -> Arc<Vec<Arc<DocumentTool>>> {
        self.loaded.read().map(|l| l.clone()).unwrap_or_default()
    }

    /// Checks the built-in documents against the schema, then loads the
    /// directory the settings name, if any.
    pub async fn load_configured(&self, app: &App) -> Result<(), LoadError> {
        // The built-in documents are valid against the schema (a test holds
        // it): one refused here is over a limit this server was given, such
        // as a low `--max-complexity`. It is left out of tools/list, not
        // offered to fail on every call.
        let mut refused = HashSet::new();
        for tool in self.built_in.iter() {
            if let Err(err) = validate(app, &tool.document).await {
                tracing::warn!(error = %err, "built-in tool not served under this server's limits");
                refused.insert(tool.tool.name.to_string());
            }
        }
        if let Ok(mut served) = self.served_built_in.write() {
            *served =
                Arc::new(self.built_in.iter().filter(|t| !refused.contains(t.tool.name.as_ref())).cloned().collect());
        }
        let Some(dir) = app.settings.tools_dir.clone() else { return Ok(()) };
        self.load(app, &dir).await
    }

    /// Reads every `.graphql` file of `dir` and, when all of them are valid
    /// tools, serves them instead of the current ones.
    pub async fn load(&self, app: &App, dir: &Path) -> Result<(), LoadError> {
        let types = self.types.clone().ok_or(LoadError::Schema)?;
        let reserved: HashSet<String> = self.built_in.iter().map(|t| t.tool.name.to_string()).collect();
        let directory = |error| LoadError::Directory { path: dir.to_owned(), error };
        let root = std::fs::canonicalize(dir).map_err(directory)?;
        let entries = std::fs::read_dir(dir).map_err(directory)?;
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "graphql") && p.is_file())
            .collect();
        paths.sort();
        let mut tools: Vec<Arc<DocumentTool>> = Vec::new();
        for path in paths {
            let text = read_tool_file(&root, &path, app.settings.limits.max_document_bytes)?;
            let tool = self.read_operator_tool(app, &types, &path, &text).await?;
            let name = tool.tool.name.to_string();
            if reserved.contains(&name) || tools.iter().any(|t| t.tool.name == name) {
                let builtin = reserved.contains(&name);
                return Err(LoadError::Taken { path: path.display().to_string(), name, builtin });
            }
            tools.push(Arc::new(tool));
        }
        let served = self.served_built_in.read().map(|l| l.clone()).unwrap_or_default();
        let length: usize = served.iter().chain(tools.iter()).map(|t| t.listed_chars()).sum();
        if length > MAX_TOOLS_LIST_CHARS {
            return Err(LoadError::ListTooLong { length, max: MAX_TOOLS_LIST_CHARS });
        }
        let count = tools.len();
        if let Ok(mut loaded) = self.loaded.write() {
            *loaded = Arc::new(tools);
        }
        tracing::info!(dir = %dir.display(), tools = count, "tool documents loaded");
        Ok(())
    }

    /// Reads one operator document as a tool: within the limits a request
    /// obeys, its descriptions short enough, and valid against the schema.
    async fn read_operator_tool(
        &self,
        app: &App,
        types: &Arc<Types>,
        path: &Path,
        text: &str,
    ) -> Result<DocumentTool, LoadError> {
        let source = path.display().to_string();
        let tool = DocumentTool::parse(&source, text, types, self.limits)?;
        let limits = &app.settings.limits;
        crate::graphql::limits::check_document(&tool.document.parsed, limits, app.graphql.introspection_sizes())
            .map_err(|err| DocumentError { source_name: source, line: 1, column: 1, message: err.to_string() })?;
        tool.check_descriptions(path)?;
        validate(app, &tool.document).await?;
        Ok(tool)
    }

    /// Checks `text` as an operator's tool document, as a reload would,
    /// without serving it (for the fuzz target of tool files).
    pub async fn check_operator_document(&self, app: &App, text: &str) -> Result<(), LoadError> {
        let types = self.types.clone().ok_or(LoadError::Schema)?;
        let path = Path::new("document.graphql");
        let max = app.settings.limits.max_document_bytes;
        if text.len() > max {
            return Err(LoadError::TooLarge { path: path.to_owned(), size: text.len() as u64, max });
        }
        self.read_operator_tool(app, &types, path, text).await.map(drop)
    }

    /// Reads the directory again on each SIGHUP, keeping the tools served
    /// when the new set is invalid.
    pub fn reload_on_hangup(&self, app: App) {
        #[cfg(unix)]
        {
            let Some(dir) = app.settings.tools_dir.clone() else { return };
            let set = self.clone();
            tokio::spawn(async move {
                use tokio::signal::unix::{SignalKind, signal};
                let Ok(mut hangups) = signal(SignalKind::hangup()) else { return };
                while hangups.recv().await.is_some() {
                    if let Err(err) = set.load(&app, &dir).await {
                        tracing::error!(error = %err, "tool documents not reloaded; serving the previous set");
                    }
                }
            });
        }
    }
}

/// A tool file's text, if it lies inside the directory (a link may not
/// lead out of it) and is no longer than a request's document.
fn read_tool_file(root: &Path, path: &Path, max: usize) -> Result<String, LoadError> {
    use std::io::Read;
    let file_error = |error| LoadError::File { path: path.to_owned(), error };
    let resolved = std::fs::canonicalize(path).map_err(file_error)?;
    if !resolved.starts_with(root) {
        return Err(LoadError::Outside { path: path.to_owned() });
    }
    // Opening a FIFO or a device would wait on it.
    if !std::fs::metadata(&resolved).map_err(file_error)?.is_file() {
        return Err(LoadError::File { path: path.to_owned(), error: std::io::ErrorKind::InvalidInput.into() });
    }
    let file = std::fs::File::open(&resolved).map_err(file_error)?;
    let size = file.metadata().map_err(file_error)?.len();
    if size > max as u64 {
        return Err(LoadError::TooLarge { path: path.to_owned(), size, max });
    }
    // The file may grow between the check and the read: read no further.
    let mut text = String::new();
    file.take(max as u64 + 1).read_to_string(&mut text).map_err(file_error)?;
    if text.len() > max {
        return Err(LoadError::TooLarge { path: path.to_owned(), size: text.len() as u64, max });
    }
    Ok(text)
}

impl DocumentTool {
    /// Refuses an operator's tool whose descriptions would crowd the
    /// tools/list every client sends its model.
    fn check_descriptions(&self, path: &Path) -> Result<(), LoadError> {
        let too_long = |what: String, text: &str| {
            let length = crate::text::utf16_len(text);
            (length > MAX_DESCRIPTION_CHARS).then(|| LoadError::TooLong {
                path: path.to_owned(),
                what,
                length,
                max: MAX_DESCRIPTION_CHARS,
            })
        };
        if let Some(err) = too_long("the description".into(), &self.document.description) {
            return Err(err);
        }
        for variable in &self.document.variables {
            let description = variable.description.as_deref().unwrap_or_default();
            if let Some(err) = too_long(format!("the description of `${}`", variable.name), description) {
                return Err(err);
            }
        }
        Ok(())
    }

    /// The tool's length in tools/list, in UTF-16 units.
    fn listed_chars(&self) -> usize {
        serde_json::to_string(&self.tool).map_or(0, |json| crate::text::utf16_len(&json))
    }

    fn parse(source: &str, text: &str, types: &Arc<Types>, limits: ToolLimits) -> Result<Self, LoadError> {
        let document = ToolDocument::parse(source, text, types, &SHARED_FRAGMENTS)?;
        let at_start = |message: String| DocumentError { source_name: source.to_owned(), line: 1, column: 1, message };
        let max_page = i64::try_from(limits.max_page).unwrap_or(i64::MAX);
        let arguments = Arguments::of(&document, types, max_page).map_err(at_start)?;
        let cap = limits.cap;
        let mut tool =
            Tool::new(document.tool_name.clone(), document.description.clone(), Arc::new(arguments.schema.clone()))
                .with_title(document.title.clone());
        let annotations = ToolAnnotations::new().read_only(!document.write);
        tool.annotations = Some(if document.write { annotations.destructive(!document.additive) } else { annotations });
        let mut meta = JsonObject::new();
        meta.insert(MAX_RESULT_SIZE_META.into(), cap.into());
        tool.meta = Some(MetaObject(meta));
        Ok(Self { tool, document, arguments, types: types.clone() })
    }

    /// Runs the tool for `viewer` within `cap`.
    pub async fn call(
        &self,
        app: &App,
        tools: &ToolSet,
        viewer: &Viewer,
        arguments: Option<Map<String, Value>>,
        cap: usize,
    ) -> ToolResult<String> {
        let mut call = self.arguments.read(arguments, &self.types)?;
        if let Some(names) = &call.fields {
            self.select_fields(names, &mut call.variables, &mut call.absent)?;
        }
        let cap = call.max_chars.map_or(cap, |m| m.min(cap));
        // A window sized by `max_chars` is never larger than the reply's cap.
        if let Some(variable) = self.arguments.max_chars_variable() {
            if let Some(Value::Number(n)) = call.variables.get(variable) {
                let sized = n.as_u64().map_or(cap, |n| usize::try_from(n).unwrap_or(usize::MAX).min(cap));
                call.variables.insert(variable.to_owned(), sized.into());
            }
        }
        let document = &self.document;
        let mut parsed = document.parsed.clone();
        let absent: HashSet<String> = document
            .variables
            .iter()
            .filter(|v| call.absent.contains(&v.name) && v.definition.default_value.is_none())
            .map(|v| v.name.clone())
            .collect();
        leave_out(&mut parsed, &absent);
        // async-graphql drops `@include(if: $v)` selections when `$v` is
        // left to its default: every default is sent as a value.
        let mut variables = call.variables;
        for variable in &document.variables {
            if let (Some(default), false) = (&variable.definition.default_value, variables.contains_key(&variable.name))
            {
                variables.insert(variable.name.clone(), default.node.clone().into_json().unwrap_or(Value::Null));
            }
        }
        // A write runs once; a read may run again with a narrower window.
        let resizable: HashSet<String> = if document.write {
            HashSet::new()
        } else {
            variables.iter().filter(|(_, v)| !v.is_null()).map(|(name, _)| name.clone()).collect()
        };
        let options = Options {
            verbose: call.verbose,
            fields: call.fields.as_deref(),
            form: call.format,
            cap,
            asked: &call.asked,
            resizable: &resizable,
        };
        let mut fitting = Fitting::default();
        let runs = async {
            loop {
                let data = self.execute(app, viewer, &parsed, &variables).await?;
                match reply::reply(document, &data, &options, &mut fitting)? {
                    Shaped::Reply(text) => return Ok(text),
                    // A record over its cap reads its window again, narrower.
                    Shaped::Again { variable, chars } => _ = variables.insert(variable, chars.into()),
                }
            }
        };
        // One time limit for the call, however many times it reads.
        let limit = app.settings.limits.request_timeout();
        let outcome = tokio::time::timeout(limit, runs).await.unwrap_or_else(|_| {
            Err(ToolError::invalid(
                format!("the call did not finish within {} s and was stopped", limit.as_secs()),
                "narrow the filter, ask for smaller pages, or select fewer fields",
            ))
        });
        outcome.map_err(|err| err.in_tool_terms(&self.names_in(tools)))
    }

    /// The schema's names an error may use, as this tool and the others
    /// call them: its variables as its arguments, fields as tools.
    fn names_in(&self, tools: &ToolSet) -> HashMap<String, String> {
        let mut names = tools.operations.as_ref().clone();
        // Only camelCase names: `first` or `after` are English words too.
        for variable in self.document.variables.iter().filter(|v| v.name.chars().any(|c| c.is_ascii_uppercase())) {
            names.insert(variable.name.clone(), super::arguments::argument_name(&variable.name));
        }
        names
    }

    /// Runs the document once and returns its data, or the first error as a
    /// tool error.
    async fn execute(
        &self,
        app: &App,
        viewer: &Viewer,
        parsed: &ExecutableDocument,
        variables: &Map<String, Value>,
    ) -> ToolResult<Value> {
        let document = &self.document;
        let mut request = Request::new(document.text.clone())
            .operation_name(document.operation.clone())
            .variables(Variables::from_json(Value::Object(variables.clone())));
        request.set_parsed_query(parsed.clone());
        let response =
            app.graphql.execute_document(crate::graphql::with_viewer(request, &app.store, viewer.clone())).await;
        if let Some(error) = response.errors.first() {
            let value_error = error.message.starts_with("Invalid value");
            if error.path.is_empty() && !error.locations.is_empty() && !value_error {
                // The document was valid at start: the server broke it.
                tracing::error!(tool = %document.tool_name, error = %crate::text::for_log(&error.message), "tool document refused");
                return Err(ToolError::new(ErrorCode::Internal, "internal error", "the server logged the details"));
            }
            if value_error {
                return Err(ToolError::invalid(error.message.clone(), "check the tool's input schema in tools/list"));
            }
            return Err(super::error::from_graphql(error));
        }
        response.data.into_json().map_err(|err| ToolError::new(ErrorCode::Internal, err.to_string(), "try again"))
    }
}

impl DocumentTool {
    /// `fields` wins over the view: each `@include` variable the reply's
    /// fields sit under is on exactly when a named field needs it, so only
    /// what is named is read. An unknown name is refused with the valid ones.
    fn select_fields(
        &self,
        names: &[String],
        variables: &mut Map<String, Value>,
        absent: &mut HashSet<String>,
    ) -> ToolResult<()> {
        let internal = || ToolError::new(ErrorCode::Internal, "the tool has no fields", "report this");
        let plan = self.document.item_plan().ok_or_else(internal)?;
        let keys: Vec<(String, Vec<String>)> = plan
            .fields
            .keys()
            .map(|key| (snake_case(key), plan.conditions.get(key).cloned().unwrap_or_default()))
            .collect();
        if let Some(unknown) = names.iter().find(|n| !keys.iter().any(|(k, _)| k == *n)) {
            let valid: Vec<&str> = keys.iter().map(|(k, _)| k.as_str()).collect();
            return Err(ToolError::invalid(
                format!("`fields`: unknown field `{}`", crate::text::echo(unknown)),
                format!("valid fields: {}", valid.join(", ")),
            ));
        }
        for condition in keys.iter().flat_map(|(_, c)| c) {
            variables.insert(condition.clone(), false.into());
            absent.remove(condition);
        }
        for (_, conditions) in keys.iter().filter(|(k, _)| names.contains(k)) {
            for condition in conditions {
                variables.insert(condition.clone(), true.into());
            }
        }
        Ok(())
    }
}

/// Checks `document` against the schema by running it through the gateway
/// with every root field skipped: the schema's own validation, nothing
/// resolved, nothing written.
async fn validate(app: &App, document: &ToolDocument) -> Result<(), DocumentError> {
    let mut parsed = document.parsed.clone();
    for operation in operations(&mut parsed) {
        skip_all(&mut operation.selection_set.node);
    }
    let mut request = Request::new(document.text.clone()).operation_name(document.operation.clone());
    request.set_parsed_query(parsed);
    let response = app.graphql.execute_document(request).await;
    match response.errors.first() {
        None => Ok(()),
        Some(error) => {
            let position = error.locations.first();
            Err(document.origins.error(
                position.map_or(1, |p| p.line),
                position.map_or(1, |p| p.column),
                error.message.clone(),
            ))
        }
    }
}

fn operations(document: &mut ExecutableDocument) -> Vec<&mut OperationDefinition> {
    match &mut document.operations {
        DocumentOperations::Single(operation) => vec![&mut operation.node],
        DocumentOperations::Multiple(operations) => operations.values_mut().map(|o| &mut o.node).collect(),
    }
}

fn skip_all(set: &mut SelectionSet) {
    use async_graphql::Positioned;
    use async_graphql::parser::types::{Directive, InlineFragment};
    // One inline fragment around the whole selection: a root field may carry
    // its own `@skip` already, and a directive may not repeat.
    let skip = Positioned::new(
        Directive {
            name: Positioned::new(async_graphql::Name::new("skip"), Default::default()),
            arguments: vec![(
                Positioned::new(async_graphql::Name::new("if"), Default::default()),
                Positioned::new(async_graphql_value::Value::Boolean(true), Default::default()),
            )],
        },
        Default::default(),
    );
    let inner = SelectionSet { items: std::mem::take(&mut set.items) };
    let fragment = InlineFragment {
        type_condition: None,
        directives: vec![skip],
        selection_set: Positioned::new(inner, Default::default()),
    };
    set.items.push(Positioned::new(
        Selection::InlineFragment(Positioned::new(fragment, Default::default())),
        Default::default(),
    ));
}

/// A variable the call left out leaves out what it was passed to, as the
/// GraphQL spec says (async-graphql would pass null, which clears a field).
fn leave_out(document: &mut ExecutableDocument, absent: &HashSet<String>) {
    if absent.is_empty() {
        return;
    }
    fn value(v: &mut async_graphql_value::Value, absent: &HashSet<String>) {
        match v {
            async_graphql_value::Value::Object(fields) => {
                fields.retain(
                    |_, inner| !matches!(inner, async_graphql_value::Value::Variable(n) if absent.contains(n.as_str())),
                );
                fields.values_mut().for_each(|inner| value(inner, absent));
            }
            async_graphql_value::Value::List(items) => items.iter_mut().for_each(|inner| {
                if matches!(inner, async_graphql_value::Value::Variable(n) if absent.contains(n.as_str())) {
                    *inner = async_graphql_value::Value::Null;
                }
                value(inner, absent);
            }),
            _ => {}
        }
    }
    fn set(s: &mut SelectionSet, absent: &HashSet<String>) {
        for item in &mut s.items {
            if let Selection::Field(field) = &mut item.node {
                let field = &mut field.node;
                field.arguments.retain(
                    |(_, v)| !matches!(&v.node, async_graphql_value::Value::Variable(n) if absent.contains(n.as_str())),
                );
                field.arguments.iter_mut().for_each(|(_, v)| value(&mut v.node, absent));
                set(&mut field.selection_set.node, absent);
            } else if let Selection::InlineFragment(inline) = &mut item.node {
                set(&mut inline.node.selection_set.node, absent);
            }
        }
    }
    for operation in operations(document) {
        set(&mut operation.selection_set.node, absent);
        operation.variable_definitions.retain(|d| !absent.contains(d.node.name.node.as_str()));
    }
    for fragment in document.fragments.values_mut() {
        set(&mut fragment.node.selection_set.node, absent);
    }
}
