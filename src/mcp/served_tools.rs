//! Tools that are GraphQL documents: an operator's `--tools DIR`
//! (`TASKLENS_TOOLS`), each `.graphql` file one tool, checked against the
//! schema when the server starts (an invalid file stops the start with its
//! path, line and the GraphQL error) and read again on SIGHUP (an invalid
//! set is refused and the previous one kept). The built-in tools are
//! served beside them; a call is `tool`'s.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use async_graphql::Request;
use async_graphql::parser::types::SelectionSet;

use crate::App;

use super::document::{DocumentError, Shared, ToolDocument, snake_case};
use super::graphql_tools::{GraphqlTool, SchemaIndex};
use super::omit::operations;
use super::selection::Selection;
use super::tool::{DocumentTool, ToolLimits};
use super::types::Types;
use crate::config::{ToolChoice, Toolset};

/// The built-in tools that are documents (`src/mcp/tools/`), each in its
/// toolset; an operator's tools are `custom`.
const BUILT_IN: &[(&str, Toolset, &str)] = &[
    ("list_projects.graphql", Toolset::Projects, include_str!("tools/list_projects.graphql")),
    ("get_project.graphql", Toolset::Projects, include_str!("tools/get_project.graphql")),
    ("list_tasks.graphql", Toolset::Tasks, include_str!("tools/list_tasks.graphql")),
    ("list_my_tasks.graphql", Toolset::Tasks, include_str!("tools/list_my_tasks.graphql")),
    ("search_tasks.graphql", Toolset::Tasks, include_str!("tools/search_tasks.graphql")),
    ("get_task.graphql", Toolset::Tasks, include_str!("tools/get_task.graphql")),
    ("create_task.graphql", Toolset::Tasks, include_str!("tools/create_task.graphql")),
    ("update_task.graphql", Toolset::Tasks, include_str!("tools/update_task.graphql")),
    ("register_agent.graphql", Toolset::Agents, include_str!("tools/register_agent.graphql")),
    ("heartbeat_agent.graphql", Toolset::Agents, include_str!("tools/heartbeat_agent.graphql")),
    ("end_agent.graphql", Toolset::Agents, include_str!("tools/end_agent.graphql")),
    ("claim_task.graphql", Toolset::Agents, include_str!("tools/claim_task.graphql")),
    ("release_task.graphql", Toolset::Agents, include_str!("tools/release_task.graphql")),
    ("claim_next_task.graphql", Toolset::Agents, include_str!("tools/claim_next_task.graphql")),
    ("list_task_changes.graphql", Toolset::Tasks, include_str!("tools/list_task_changes.graphql")),
    ("list_activity.graphql", Toolset::Tasks, include_str!("tools/list_activity.graphql")),
    ("add_comment.graphql", Toolset::Comments, include_str!("tools/add_comment.graphql")),
    ("wiki_tree.graphql", Toolset::Wiki, include_str!("tools/wiki_tree.graphql")),
    ("search_wiki.graphql", Toolset::Wiki, include_str!("tools/search_wiki.graphql")),
    ("list_wiki_changes.graphql", Toolset::Wiki, include_str!("tools/list_wiki_changes.graphql")),
    ("list_comments.graphql", Toolset::Comments, include_str!("tools/list_comments.graphql")),
    ("get_wiki_page.graphql", Toolset::Wiki, include_str!("tools/get_wiki_page.graphql")),
    ("put_wiki_page.graphql", Toolset::Wiki, include_str!("tools/put_wiki_page.graphql")),
    ("patch_wiki_page.graphql", Toolset::Wiki, include_str!("tools/patch_wiki_page.graphql")),
];

/// Fragments any tool document may spread (`...TaskFields`).
const SHARED_FRAGMENTS: Shared =
    Shared { name: "src/mcp/tools/fragments.graphql", text: include_str!("tools/fragments.graphql") };

/// The document tools being served: the built-in ones, and the operator's,
/// replaced whole on reload.
#[derive(Clone, Default)]
pub struct ServedTools {
    /// The schema's types, read once from its SDL.
    types: Option<Arc<Types>>,
    limits: ToolLimits,
    /// The built-in tools by the schema field they run (`putWikiPage` is
    /// `put_wiki_page`), for errors that name the field.
    operations: Arc<HashMap<String, String>>,
    built_in: Arc<Vec<Arc<DocumentTool>>>,
    /// What the server offers of them (its start flags).
    offered: Selection,
    /// The built-in ones this server's limits let run.
    served_built_in: Arc<RwLock<Arc<Vec<Arc<DocumentTool>>>>>,
    loaded: Arc<RwLock<Arc<Vec<Arc<DocumentTool>>>>>,
    /// The schema read for `graphql_schema`, and the two graphql tools.
    schema: Option<Arc<SchemaIndex>>,
    graphql: Arc<Vec<Arc<GraphqlTool>>>,
    /// The same, running queries only: what a read-only session is offered
    /// when the server lets `graphql_query` run mutations.
    graphql_queries_only: Arc<Vec<Arc<GraphqlTool>>>,
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
    #[error("--tools-allow names `{name}`, which is no tool of this server; the tools are {known}")]
    UnknownTool { name: String, known: String },
    #[error("the tools would make tools/list {length} characters long; at most {max} are served")]
    ListTooLong { length: usize, max: usize },
}

/// The longest description of an operator's tool or of one of its
/// arguments: what every client sends its model with each tools/list.
const MAX_DESCRIPTION_CHARS: usize = 1_000;
/// The longest tools/list, built-in tools (about 12,000) included.
const MAX_TOOLS_LIST_CHARS: usize = 64_000;

impl ServedTools {
    /// The built-in document tools, read (not yet validated: see
    /// `load_configured`). A built-in document that does not read is a bug
    /// of this server: it is logged and left out, and the tests fail.
    pub fn built_in(gateway: &crate::graphql::Gateway, cap: u32, max_page: u64) -> Self {
        let limits = ToolLimits { cap, max_page };
        let Some(types) = Types::from_sdl(&gateway.sdl()).map(Arc::new) else {
            tracing::error!("the schema's SDL does not parse");
            return Self::default();
        };
        let documents: Vec<(ToolDocument, Toolset)> = BUILT_IN
            .iter()
            .filter_map(|(name, toolset, text)| {
                ToolDocument::parse(&format!("src/mcp/tools/{name}"), text, &types, &SHARED_FRAGMENTS)
                    .inspect_err(|err| tracing::error!(error = %err, "built-in tool document left out"))
                    .ok()
                    .map(|document| (document, *toolset))
            })
            .collect();
        let operations: Arc<HashMap<String, String>> = Arc::new(
            documents
                .iter()
                .flat_map(|(document, _)| document.root_fields.iter().map(move |field| (field, &document.tool_name)))
                .filter(|(field, tool)| snake_case(field) == **tool && field != tool)
                .map(|(field, tool)| (field.clone(), tool.clone()))
                .collect(),
        );
        let tools = documents
            .into_iter()
            .filter_map(|(document, toolset)| {
                DocumentTool::new(document, &types, limits, &operations)
                    .inspect_err(|err| tracing::error!(error = %err, "built-in tool document left out"))
                    .ok()
                    .map(|tool| Arc::new(tool.in_toolset(toolset)))
            })
            .collect();
        let built_in: Arc<Vec<Arc<DocumentTool>>> = Arc::new(tools);
        let schema = SchemaIndex::of_sdl(&gateway.sdl()).map(Arc::new);
        let graphql: Vec<_> = schema.iter().flat_map(|schema| GraphqlTool::both(&types, schema, cap, false)).collect();
        Self {
            schema,
            graphql_queries_only: Arc::new(graphql.clone()),
            graphql: Arc::new(graphql),
            types: Some(types),
            limits,
            operations,
            served_built_in: Arc::new(RwLock::new(built_in.clone())),
            built_in,
            offered: Selection::default(),
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

    /// The graphql toolset's tools (offered only when selected); for a
    /// read-only session, the ones that run queries only.
    pub fn graphql(&self, read_only: bool) -> Arc<Vec<Arc<GraphqlTool>>> {
        if read_only { self.graphql_queries_only.clone() } else { self.graphql.clone() }
    }

    /// Offers only what `choice` selects; a tool it names must exist.
    pub fn choose(&mut self, choice: &ToolChoice) -> Result<(), LoadError> {
        if choice.graphql_tool_mutations {
            if let (Some(types), Some(schema)) = (&self.types, &self.schema) {
                self.graphql = Arc::new(GraphqlTool::both(types, schema, self.limits.cap, true));
            }
        }
        let offered = Selection::of_server(choice);
        let mut known: Vec<String> = self.get().iter().map(|t| t.tool.name.to_string()).collect();
        known.extend(self.graphql.iter().map(|t| t.tool.name.to_string()));
        if let Some(unknown) = offered.listed_tools().find(|name| !known.iter().any(|t| t == name)) {
            let names = known;
            return Err(LoadError::UnknownTool { name: unknown.to_owned(), known: names.join(", ") });
        }
        self.offered = offered;
        Ok(())
    }

    /// What the server offers: its start flags' selection.
    pub fn offered(&self) -> &Selection {
        &self.offered
    }

    /// Whether the tool named `name` writes (false for no such tool).
    pub fn writes(&self, name: &str) -> bool {
        self.get().iter().any(|tool| tool.tool.name == name && tool.document.write)
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
        let tool = DocumentTool::parse(&source, text, types, &SHARED_FRAGMENTS, self.limits, &self.operations)?;
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
}

/// Checks `document` against the schema by running it through the gateway
/// with every root field skipped: the schema's own validation, nothing
/// resolved, nothing written.
async fn validate(app: &App, document: &ToolDocument) -> Result<(), DocumentError> {
    let mut parsed = (*document.parsed).clone();
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

fn skip_all(set: &mut SelectionSet) {
    use async_graphql::Positioned;
    use async_graphql::parser::types::{Directive, InlineFragment, Selection as SelectionItem};
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
        SelectionItem::InlineFragment(Positioned::new(fragment, Default::default())),
        Default::default(),
    ));
}
