//! Tasks and wiki pages as MCP resources: two templates
//! (`tasklens://task/{ref}`, `tasklens://wiki/{workspace}/{path}`), read as
//! Markdown in windows that fit the reply cap (`?cursor=N` reads on, and a
//! cut text says so in its last line), the caller's open tasks listed most
//! recently active first; and completions of a template's arguments (task
//! refs by project key and number, workspace keys, wiki paths). Every read
//! is a fixed GraphQL operation run as the caller, as the tools are.

use async_graphql::{Request, Variables};
use rmcp::ErrorData;
use rmcp::model::{
    CompleteRequestParams, CompleteResult, CompletionInfo, ListResourceTemplatesResult, ListResourcesResult,
    ReadResourceResult, Reference, Resource, ResourceContents, ResourceTemplate,
};
use serde_json::{Value, json};

use crate::App;
use crate::store::Viewer;

pub const TASK_TEMPLATE: &str = "tasklens://task/{ref}";
pub const WIKI_TEMPLATE: &str = "tasklens://wiki/{workspace}/{path}";
const MARKDOWN: &str = "text/markdown";
/// Room in the cap for what a read writes beside the text.
const HEADER_ROOM: usize = 2_000;
/// The longest window a read asks of the schema.
const MAX_WINDOW: usize = 20_000;
/// The longest argument value completed.
const MAX_PREFIX: usize = 200;

const TASK: &str = "query($ref: String!, $max: Int!, $cursor: Int!) { task(ref: $ref) { ref title done priority kind
  dueDate updatedAt commentCount url status { key name } assignee { username } labels { name } parent { ref }
  descriptionText(maxChars: $max, cursor: $cursor, format: MARKDOWN) { text totalChars next } } }";
const WIKI: &str = "query($workspace: String!, $path: String!, $max: Int!, $cursor: Int!) {
  wikiPage(workspace: $workspace, path: $path) { path title revision workspace { key }
    content(maxChars: $max, cursor: $cursor) { text totalChars next } } }";
/// The caller's open tasks, 50 a page.
const OPEN_TASKS: &str = "query($after: String) { tasks(filter: {done: false}, first: 50, after: $after) {
  nodes { ref title } pageInfo { hasNextPage endCursor } } }";

pub fn templates() -> ListResourceTemplatesResult {
    ListResourceTemplatesResult::with_all_items(vec![
        ResourceTemplate::new(TASK_TEMPLATE, "task")
            .with_title("A task")
            .with_description("A task as Markdown: its fields, then its description (`?cursor=N` reads on).")
            .with_mime_type(MARKDOWN),
        ResourceTemplate::new(WIKI_TEMPLATE, "wiki_page")
            .with_title("A wiki page")
            .with_description("A wiki page's Markdown (`?cursor=N` reads on).")
            .with_mime_type(MARKDOWN),
    ])
}

/// Runs one fixed operation as `viewer`; its data, or the first error's words.
async fn run(app: &App, viewer: &Viewer, query: &str, variables: Value) -> Result<Value, ErrorData> {
    let request = Request::new(query).variables(Variables::from_json(variables));
    let response = app.graphql.execute(crate::graphql::with_viewer(request, &app.store, viewer.clone())).await;
    if let Some(error) = response.errors.first() {
        let code = crate::graphql::error::code_of(error);
        return Err(match code {
            Some(crate::error_code::ErrorCode::NotFound) => ErrorData::resource_not_found(error.message.clone(), None),
            Some(crate::error_code::ErrorCode::BadUserInput) => ErrorData::invalid_params(error.message.clone(), None),
            _ => ErrorData::internal_error(error.message.clone(), None),
        });
    }
    Ok(response.data.into_json().unwrap_or_default())
}

/// The caller's open tasks, most recently active first, a page at a time.
pub async fn list(app: &App, viewer: &Viewer, cursor: Option<String>) -> Result<ListResourcesResult, ErrorData> {
    let data = run(app, viewer, OPEN_TASKS, json!({"after": cursor})).await?;
    let tasks = &data["tasks"];
    let resources = tasks["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|task| {
            let task_ref = task["ref"].as_str()?;
            let resource = Resource::new(format!("tasklens://task/{task_ref}"), task_ref)
                .with_title(task["title"].as_str().unwrap_or_default())
                .with_mime_type(MARKDOWN);
            Some(resource)
        })
        .collect::<Vec<_>>();
    let mut result = ListResourcesResult::with_all_items(resources);
    if tasks["pageInfo"]["hasNextPage"] == true {
        result.next_cursor = tasks["pageInfo"]["endCursor"].as_str().map(Into::into);
    }
    Ok(result)
}

/// What a resource address names.
enum Address {
    Task { task_ref: String },
    Wiki { workspace: String, path: String },
}

fn address(uri: &str) -> Result<(Address, usize), ErrorData> {
    let bad = || ErrorData::invalid_params(format!("{} is not a tasklens resource", crate::text::echo(uri)), None);
    let url = url::Url::parse(uri).map_err(|_| bad())?;
    if url.scheme() != "tasklens" {
        return Err(bad());
    }
    let cursor = match url.query_pairs().find(|(key, _)| key == "cursor") {
        Some((_, value)) => value.parse::<usize>().map_err(|_| bad())?,
        None => 0,
    };
    let segments: Vec<String> = url
        .path_segments()
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .map(|s| percent_encoding::percent_decode_str(s).decode_utf8_lossy().into_owned())
        .collect();
    let address = match (url.host_str(), segments.as_slice()) {
        (Some("task"), [task_ref]) => Address::Task { task_ref: task_ref.clone() },
        (Some("wiki"), [workspace, path @ ..]) if !path.is_empty() => {
            Address::Wiki { workspace: workspace.clone(), path: path.join("/") }
        }
        _ => return Err(bad()),
    };
    Ok((address, cursor))
}

/// The window a read asks for: what the cap leaves beside the header.
fn window(app: &App) -> usize {
    (app.settings.reply_cap as usize).saturating_sub(HEADER_ROOM).clamp(1_000, MAX_WINDOW)
}

pub async fn read(app: &App, viewer: &Viewer, uri: &str) -> Result<ReadResourceResult, ErrorData> {
    let (address, cursor) = address(uri)?;
    let max = window(app);
    let text = match &address {
        Address::Task { task_ref } => {
            let variables = json!({"ref": task_ref, "max": max, "cursor": cursor});
            task_markdown(&run(app, viewer, TASK, variables).await?["task"], cursor)
        }
        Address::Wiki { workspace, path } => {
            let variables = json!({"workspace": workspace, "path": path, "max": max, "cursor": cursor});
            wiki_markdown(&run(app, viewer, WIKI, variables).await?["wikiPage"], cursor)
        }
    };
    let base = uri.split('?').next().unwrap_or(uri);
    let text = text.replace("{uri}", base);
    Ok(ReadResourceResult::new(vec![ResourceContents::text(text, uri).with_mime_type(MARKDOWN)]))
}

/// The last line of a cut text: where it goes on.
fn continues(window: &Value) -> String {
    match window["next"].as_u64() {
        Some(next) => format!(
            "\n\n---\n(cut at {next} of {} characters: read {{uri}}?cursor={next} for the rest)\n",
            window["totalChars"]
        ),
        None => String::new(),
    }
}

fn task_markdown(task: &Value, cursor: usize) -> String {
    let window = &task["descriptionText"];
    let text = window["text"].as_str().unwrap_or_default();
    if cursor > 0 {
        return format!("{text}{}", continues(window));
    }
    let mut lines =
        vec![format!("# {}: {}", task["ref"].as_str().unwrap_or_default(), task["title"].as_str().unwrap_or_default())];
    let mut field = |name: &str, value: Option<String>| {
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            lines.push(format!("- {name}: {value}"));
        }
    };
    let words = |value: &Value| value.as_str().map(str::to_lowercase);
    field("status", task["status"]["key"].as_str().map(str::to_owned));
    field("done", (task["done"] == true).then(|| "yes".to_owned()));
    field("priority", words(&task["priority"]).filter(|p| p != "none"));
    field("kind", words(&task["kind"]));
    field("assignee", task["assignee"]["username"].as_str().map(str::to_owned));
    let labels: Vec<&str> =
        task["labels"].as_array().into_iter().flatten().filter_map(|l| l["name"].as_str()).collect();
    field("labels", Some(labels.join(", ")));
    field("due", task["dueDate"].as_str().map(str::to_owned));
    field("parent", task["parent"]["ref"].as_str().map(str::to_owned));
    field("comments", task["commentCount"].as_u64().filter(|n| *n > 0).map(|n| n.to_string()));
    field("updated", task["updatedAt"].as_str().and_then(crate::text::instant_to_second));
    field("url", task["url"].as_str().map(str::to_owned));
    format!("{}\n\n{text}{}", lines.join("\n"), continues(window))
}

fn wiki_markdown(page: &Value, cursor: usize) -> String {
    let window = &page["content"];
    let text = window["text"].as_str().unwrap_or_default();
    if cursor > 0 {
        return format!("{text}{}", continues(window));
    }
    format!(
        "<!-- {}/{} revision {} -->\n{text}{}",
        page["workspace"]["key"].as_str().unwrap_or_default(),
        page["path"].as_str().unwrap_or_default(),
        page["revision"],
        continues(window)
    )
}

const PROJECTS: &str = "{ projects(first: 100) { nodes { key } } }";
const PROJECT_TASKS: &str = "query($project: String!) { tasks(filter: {project: $project}, first: 100, order: REF) {
  nodes { ref } } }";
const WORKSPACES: &str = "{ workspaces(first: 100) { nodes { key } } }";
const WIKI_PATHS: &str = "query($workspace: String, $prefix: String) {
  wikiPages(workspace: $workspace, pathPrefix: $prefix, first: 100) { nodes { path } } }";

fn strings(data: &Value, list: &str, field: &str) -> Vec<String> {
    data[list]["nodes"].as_array().into_iter().flatten().filter_map(|n| n[field].as_str().map(str::to_owned)).collect()
}

/// The values an argument of a template may take, starting with what the
/// caller typed.
pub async fn complete(
    app: &App,
    viewer: &Viewer,
    request: &CompleteRequestParams,
) -> Result<CompleteResult, ErrorData> {
    let Reference::Resource(template) = &request.r#ref else { return Ok(CompleteResult::default()) };
    let typed = &request.argument.value;
    if typed.len() > MAX_PREFIX {
        return Ok(CompleteResult::default());
    }
    let lower = typed.to_lowercase();
    let starts = |value: &String| value.to_lowercase().starts_with(&lower);
    let values: Vec<String> = match (template.uri.as_str(), request.argument.name.as_str()) {
        (TASK_TEMPLATE, "ref") => match typed.split_once('-') {
            // `KEY-` and a number's start: that project's refs.
            Some((project, _)) => {
                let data = run(app, viewer, PROJECT_TASKS, json!({"project": project.to_uppercase()})).await?;
                strings(&data, "tasks", "ref").into_iter().filter(starts).collect()
            }
            None => {
                let keys = strings(&run(app, viewer, PROJECTS, json!({})).await?, "projects", "key");
                keys.into_iter().filter(starts).map(|key| format!("{key}-")).collect()
            }
        },
        (WIKI_TEMPLATE, "workspace") => strings(&run(app, viewer, WORKSPACES, json!({})).await?, "workspaces", "key")
            .into_iter()
            .filter(starts)
            .collect(),
        (WIKI_TEMPLATE, "path") => {
            let workspace =
                request.context.as_ref().and_then(|c| c.arguments.as_ref()).and_then(|a| a.get("workspace"));
            let variables = json!({"workspace": workspace, "prefix": typed});
            strings(&run(app, viewer, WIKI_PATHS, variables).await?, "wikiPages", "path")
        }
        _ => Vec::new(),
    };
    let total = u32::try_from(values.len()).unwrap_or(u32::MAX);
    let has_more = values.len() > CompletionInfo::MAX_VALUES;
    let values: Vec<String> = values.into_iter().take(CompletionInfo::MAX_VALUES).collect();
    let completion = CompletionInfo::with_pagination(values, Some(total), has_more)
        .map_err(|err| ErrorData::internal_error(err, None))?;
    Ok(CompleteResult::new(completion))
}
