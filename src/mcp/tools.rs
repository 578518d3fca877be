//! The tools: each runs its fixed GraphQL operation and shapes the result
//! into the reply conventions, through the size guard.

use serde_json::{Map, Value, json};

use crate::text::utf16_len;

use super::Call;
use super::args::{self, View};
use super::error::{Code, ToolError, ToolResult};
use super::exec::run;
use super::fields::{self, DESCRIPTION, Field, Selection};
use super::guard::{self, Item};
use super::shape::{put, record};

const TASK_SUMMARY_FRAGMENT: &str = include_str!("operations/task_summary.graphql");
const TASK_FULL_FRAGMENT: &str = include_str!("operations/task_full.graphql");
const PROJECT_SUMMARY_FRAGMENT: &str = include_str!("operations/project_summary.graphql");
const PROJECT_FULL_FRAGMENT: &str = include_str!("operations/project_full.graphql");

/// A description window of `get_task`: at most this many characters.
const DESCRIPTION_WINDOW: usize = 16_000;

/// The `TaskFields`/`ProjectFields` fragment of one call, with the view
/// fragments it spreads.
struct Fragments<'a> {
    name: &'a str,
    on: &'a str,
    catalogue: &'a [Field],
    verbose: &'a [Field],
    summary: (&'a str, &'a str),
    full: (&'a str, &'a str),
}

const TASK: Fragments = Fragments {
    name: "TaskFields",
    on: "Task",
    catalogue: fields::TASK_FIELDS,
    verbose: fields::TASK_VERBOSE,
    summary: ("TaskSummary", TASK_SUMMARY_FRAGMENT),
    full: ("TaskFull", TASK_FULL_FRAGMENT),
};

const PROJECT: Fragments = Fragments {
    name: "ProjectFields",
    on: "Project",
    catalogue: fields::PROJECT_FIELDS,
    verbose: fields::PROJECT_VERBOSE,
    summary: ("ProjectSummary", PROJECT_SUMMARY_FRAGMENT),
    full: ("ProjectFull", PROJECT_FULL_FRAGMENT),
};

impl Fragments<'_> {
    /// `operation` with the fragments that `selection` (from `view`, or from
    /// `fields` when explicit) needs; `extra` adds per-call selections.
    fn document(&self, operation: &str, view: View, selection: &Selection, extra: &str) -> String {
        if selection.explicit {
            let generated = fields::fragment(self.name, self.on, self.catalogue, self.verbose, selection, extra);
            return format!("{operation}\n{generated}");
        }
        let verbose: Vec<&str> =
            if selection.verbose { self.verbose.iter().map(|f| f.selection).collect() } else { vec![] };
        let (spread, texts) = match view {
            View::Summary => (self.summary.0, vec![self.summary.1]),
            View::Full => (self.full.0, vec![self.full.1, self.summary.1]),
        };
        format!(
            "{operation}\nfragment {} on {} {{ ...{spread} {} {extra} }}\n{}",
            self.name,
            self.on,
            verbose.join(" "),
            texts.join("\n")
        )
    }

    fn select(&self, view: View, requested: Option<args::Names>, verbose: bool) -> ToolResult<Selection> {
        let names = match (self.on, view) {
            ("Task", View::Summary) => fields::TASK_SUMMARY,
            ("Task", View::Full) => fields::TASK_FULL,
            (_, View::Summary) => fields::PROJECT_SUMMARY,
            (_, View::Full) => fields::PROJECT_FULL,
        };
        fields::select(self.catalogue, names, requested.map(args::Names::into_vec), verbose)
    }
}

/// A connection's edges as guard items, with its `next` and `total`.
pub(super) fn page(conn: &Value, mut item: impl FnMut(&Value) -> Value) -> (Vec<Item>, Option<String>, i64) {
    let items = conn["edges"]
        .as_array()
        .map(|edges| {
            edges
                .iter()
                .map(|e| Item { cursor: e["cursor"].as_str().unwrap_or_default().to_owned(), value: item(&e["node"]) })
                .collect()
        })
        .unwrap_or_default();
    let next = (conn["pageInfo"]["hasNextPage"] == true)
        .then(|| conn["pageInfo"]["endCursor"].as_str().map(str::to_owned))
        .flatten();
    (items, next, conn["totalCount"].as_i64().unwrap_or(0))
}

fn body_excerpt(chars: i64) -> String {
    if chars > 0 {
        format!("descriptionText(maxChars: {chars}, cut: WORD, format: MARKDOWN) {{ text truncated }}")
    } else {
        String::new()
    }
}

/// Adds a list item's description excerpt (`body_chars`).
fn with_excerpt(mut item: Map<String, Value>, node: &Value, selection: &Selection) -> Value {
    let excerpt = &node["descriptionText"];
    if !excerpt.is_null() && !selection.names.contains(&DESCRIPTION) {
        put(&mut item, DESCRIPTION, excerpt["text"].clone(), false);
        put(&mut item, "description_truncated", excerpt["truncated"].clone(), selection.verbose);
    }
    Value::Object(item)
}

/// The three task lists differ only in their filter.
async fn task_list(call: &Call, filter: Value, order: Option<args::Order>, list: ListOptions) -> ToolResult<String> {
    let cap = args::cap(call.cap, list.max_chars)?;
    let view = list.view.unwrap_or(View::Summary);
    let selection = TASK.select(view, list.fields, list.verbose)?;
    // Naming `description` in a list's `fields` asks for it: without
    // `body_chars` it comes as the longest excerpt a list item carries.
    let wants_description = selection.explicit && selection.names.contains(&DESCRIPTION);
    let body_chars = match list.body_chars {
        None if wants_description => 1000,
        chars => args::body_chars(chars)?,
    };
    let document =
        TASK.document(include_str!("operations/list_tasks.graphql"), view, &selection, &body_excerpt(body_chars));
    let variables = json!({
        "filter": filter,
        "order": order.unwrap_or(args::Order::Updated).graphql(),
        "first": args::limit(list.limit)?,
        "after": list.cursor,
    });
    let data = run(&call.app, &call.viewer, &document, variables).await?;
    let (items, next, total) = page(&data["tasks"], |node| {
        with_excerpt(record(node, TASK.catalogue, TASK.verbose, &selection), node, &selection)
    });
    guard::list_reply(items, next, total, cap, list.format.unwrap_or_default())
}

/// The options of a task list's arguments (each tool has its own struct,
/// with the same names for these).
macro_rules! list_options {
    ($a:ident) => {
        ListOptions {
            limit: $a.limit,
            cursor: $a.cursor,
            max_chars: $a.max_chars,
            view: $a.view,
            fields: $a.fields,
            verbose: $a.verbose,
            body_chars: $a.body_chars,
            format: $a.format,
        }
    };
}

/// What every task list takes besides its filter.
struct ListOptions {
    limit: Option<i64>,
    cursor: Option<String>,
    max_chars: Option<i64>,
    view: Option<View>,
    fields: Option<args::Names>,
    verbose: bool,
    body_chars: Option<i64>,
    format: Option<super::guard::Form>,
}

fn insert_some(filter: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(value) = value {
        filter.insert(key.to_owned(), value);
    }
}

pub async fn list_tasks(call: &Call, a: args::ListTasks) -> ToolResult<String> {
    let mut f = Map::new();
    insert_some(&mut f, "project", a.project.map(Value::from));
    insert_some(&mut f, "status", a.status.map(Value::from));
    f.insert("done".into(), a.done.unwrap_or(false).into());
    insert_some(&mut f, "assignee", a.assignee.map(Value::from));
    insert_some(&mut f, "involves", a.involves.map(Value::from));
    insert_some(&mut f, "label", a.label.map(Value::from));
    insert_some(&mut f, "text", a.text.map(Value::from));
    insert_some(&mut f, "changedSince", args::instant("changed_since", a.changed_since.as_deref())?.map(Value::from));
    insert_some(
        &mut f,
        "completedSince",
        args::instant("completed_since", a.completed_since.as_deref())?.map(Value::from),
    );
    insert_some(&mut f, "unscheduled", a.unscheduled.map(Value::from));
    insert_some(&mut f, "dueBefore", args::date("due_before", a.due_before.as_deref())?.map(Value::from));
    insert_some(&mut f, "parent", a.parent.map(Value::from));
    insert_some(&mut f, "kind", a.kind.map(|k| Value::from(format!("{k:?}").to_uppercase())));
    let list = list_options!(a);
    task_list(call, Value::Object(f), a.order, list).await
}

pub async fn list_my_tasks(call: &Call, a: args::ListMyTasks) -> ToolResult<String> {
    let mut f = Map::new();
    f.insert("involves".into(), "me".into());
    f.insert("done".into(), a.done.unwrap_or(false).into());
    insert_some(&mut f, "project", a.project.map(Value::from));
    insert_some(&mut f, "status", a.status.map(Value::from));
    let list = list_options!(a);
    task_list(call, Value::Object(f), None, list).await
}

pub async fn search_tasks(call: &Call, a: args::SearchTasks) -> ToolResult<String> {
    if a.text.trim().is_empty() {
        return Err(ToolError::invalid("`text` is empty", "give the words to find"));
    }
    let mut f = Map::new();
    f.insert("text".into(), a.text.into());
    insert_some(&mut f, "project", a.project.map(Value::from));
    insert_some(&mut f, "done", a.done.map(Value::from));
    let list = list_options!(a);
    task_list(call, Value::Object(f), None, list).await
}

pub async fn get_task(call: &Call, a: args::GetTask) -> ToolResult<String> {
    let cap = args::cap(call.cap, a.max_chars)?;
    let view = a.view.unwrap_or(View::Full);
    let selection = TASK.select(view, a.fields, a.verbose)?;
    let cursor = a.cursor.unwrap_or(0);
    if cursor < 0 {
        return Err(ToolError::invalid(
            format!("`cursor` is {cursor}"),
            "pass `description_next` of the previous reply",
        ));
    }
    let extra = if selection.names.contains(&DESCRIPTION) {
        format!(
            "descriptionText(maxChars: {}, cursor: {cursor}, format: MARKDOWN) {{ text totalChars start next truncated }}",
            DESCRIPTION_WINDOW.min(cap)
        )
    } else {
        String::new()
    };
    let document = TASK.document(include_str!("operations/get_task.graphql"), view, &selection, &extra);
    let data = run(&call.app, &call.viewer, &document, json!({"ref": a.task_ref})).await?;
    let node = &data["task"];
    let reply = record(node, TASK.catalogue, TASK.verbose, &selection);
    fit_description(reply, &node["descriptionText"], cap)
}

/// Narrows the description window until the whole reply fits `cap`.
fn fit_description(reply: Map<String, Value>, window: &Value, cap: usize) -> ToolResult<String> {
    if !reply.contains_key(DESCRIPTION) {
        return guard::record_reply(&Value::Object(reply), cap);
    }
    let start = window["start"].as_u64().unwrap_or(0) as usize;
    guard::narrow_text(reply, DESCRIPTION, cap, |reply, kept| {
        reply.insert("description_truncated".into(), true.into());
        reply.insert("description_total_chars".into(), window["totalChars"].clone());
        reply.insert("description_next".into(), (start + utf16_len(kept)).into());
    })
    .ok_or_else(|| {
        ToolError::new(
            Code::ReplyTooLarge,
            format!("the task does not fit in {cap} characters even without its description"),
            "ask for fewer fields (`fields`) or a larger `max_chars`",
        )
    })
}

pub async fn list_projects(call: &Call, a: args::ListProjects) -> ToolResult<String> {
    let cap = args::cap(call.cap, a.max_chars)?;
    let view = a.view.unwrap_or(View::Summary);
    let selection = PROJECT.select(view, a.fields, a.verbose)?;
    let document = PROJECT.document(include_str!("operations/list_projects.graphql"), view, &selection, "");
    let mut filter = Map::new();
    insert_some(&mut filter, "name", a.name.map(Value::from));
    insert_some(&mut filter, "workspace", a.workspace.map(Value::from));
    let variables = json!({"filter": filter, "first": args::limit(a.limit)?, "after": a.cursor});
    let data = run(&call.app, &call.viewer, &document, variables).await?;
    let (items, next, total) = page(&data["projects"], |n| Value::Object(project_record(n, &selection)));
    guard::list_reply(items, next, total, cap, a.format.unwrap_or_default())
}

fn project_record(node: &Value, selection: &Selection) -> Map<String, Value> {
    let mut out = record(node, PROJECT.catalogue, PROJECT.verbose, selection);
    if out.contains_key("description") && node["descriptionText"]["truncated"] == true {
        out.insert("description_truncated".into(), true.into());
    }
    out
}

pub async fn get_project(call: &Call, a: args::GetProject) -> ToolResult<String> {
    let cap = args::cap(call.cap, a.max_chars)?;
    let view = a.view.unwrap_or(View::Full);
    let selection = PROJECT.select(view, a.fields, a.verbose)?;
    let document = PROJECT.document(include_str!("operations/get_project.graphql"), view, &selection, "");
    let data = run(&call.app, &call.viewer, &document, json!({"key": a.project})).await?;
    guard::record_reply(&Value::Object(project_record(&data["project"], &selection)), cap)
}

pub async fn list_comments(call: &Call, a: args::ListComments) -> ToolResult<String> {
    let cap = args::cap(call.cap, a.max_chars)?;
    let body_chars = args::body_chars(a.body_chars)?;
    let full = a.view == Some(View::Full);
    let (with_body, max, cut) = match (full, body_chars) {
        (true, _) => (true, DESCRIPTION_WINDOW.min(cap) as i64, "WINDOW"),
        (false, 0) => (false, 1, "WORD"),
        (false, n) => (true, n, "WORD"),
    };
    let variables = json!({
        "ref": a.task_ref, "first": args::limit(a.limit)?, "after": a.cursor,
        "bodyChars": max, "withBody": with_body, "cut": cut,
    });
    let data = run(&call.app, &call.viewer, include_str!("operations/list_comments.graphql"), variables).await?;
    let (items, next, total) = page(&data["task"]["comments"], |n| {
        let mut item = Map::new();
        item.insert("id".into(), n["id"].clone());
        put(&mut item, "author", n["author"]["username"].clone(), false);
        item.insert("at".into(), fields::instant(&n["createdAt"]));
        item.insert("chars".into(), n["line"]["totalChars"].clone());
        if with_body {
            item.insert("body".into(), n["body"]["text"].clone());
            put(&mut item, "body_truncated", n["body"]["truncated"].clone(), false);
        } else {
            item.insert("first_line".into(), n["line"]["text"].clone());
        }
        Value::Object(item)
    });
    guard::list_reply(items, next, total, cap, a.format.unwrap_or_default())
}

fn upper<T: std::fmt::Debug>(value: Option<T>) -> Option<Value> {
    value.map(|v| Value::from(format!("{v:?}").to_uppercase()))
}

/// A written task, as its summary.
async fn written_task(call: &Call, document: &str, variables: Value, root: &str) -> ToolResult<String> {
    let selection = TASK.select(View::Summary, None, false)?;
    let document = TASK.document(document, View::Summary, &selection, "");
    let data = run(&call.app, &call.viewer, &document, variables).await?;
    guard::record_reply(&Value::Object(record(&data[root], TASK.catalogue, TASK.verbose, &selection)), call.cap)
}

pub async fn create_task(call: &Call, a: args::CreateTask) -> ToolResult<String> {
    let mut input = Map::new();
    input.insert("project".into(), a.project.into());
    input.insert("title".into(), a.title.into());
    insert_some(&mut input, "descriptionMarkdown", a.description.map(Value::from));
    insert_some(&mut input, "status", a.status.map(Value::from));
    insert_some(&mut input, "priority", upper(a.priority));
    insert_some(&mut input, "kind", upper(a.kind));
    insert_some(&mut input, "parent", a.parent.map(Value::from));
    insert_some(&mut input, "assignee", a.assignee.map(Value::from));
    insert_some(&mut input, "coworkers", a.coworkers.map(|c| c.into_vec().into()));
    insert_some(&mut input, "labels", a.labels.map(|l| l.into_vec().into()));
    insert_some(&mut input, "dueDate", args::date("due", a.due.as_deref())?.map(Value::from));
    written_task(call, include_str!("operations/create_task.graphql"), json!({"input": input}), "createTask").await
}

fn clearable(value: Option<Option<String>>) -> Option<Value> {
    value.map(|v| v.map(Value::from).unwrap_or(Value::Null))
}

pub async fn update_task(call: &Call, a: args::UpdateTask) -> ToolResult<String> {
    let mut input = Map::new();
    insert_some(&mut input, "title", a.title.map(Value::from));
    match a.description {
        // Markdown replaces the description; null clears it.
        Some(Some(markdown)) => _ = input.insert("descriptionMarkdown".into(), markdown.into()),
        Some(None) => _ = input.insert("description".into(), Value::Null),
        None => {}
    }
    insert_some(&mut input, "status", a.status.map(Value::from));
    insert_some(&mut input, "priority", upper(a.priority));
    insert_some(&mut input, "kind", upper(a.kind));
    insert_some(&mut input, "parent", clearable(a.parent));
    insert_some(&mut input, "assignee", clearable(a.assignee));
    insert_some(&mut input, "coworkers", a.coworkers.map(|c| c.into_vec().into()));
    insert_some(&mut input, "labels", a.labels.map(|l| l.into_vec().into()));
    if let Some(due) = a.due {
        let due = match due {
            Some(d) => args::date("due", Some(&d))?.map(Value::from).unwrap_or(Value::Null),
            None => Value::Null,
        };
        input.insert("dueDate".into(), due);
    }
    if input.is_empty() {
        return Err(ToolError::invalid("nothing to change", "pass at least one field to change besides `ref`"));
    }
    let variables = json!({"ref": a.task_ref, "input": input});
    written_task(call, include_str!("operations/update_task.graphql"), variables, "updateTask").await
}

fn session(node: &Value) -> ToolResult<String> {
    let mut out = Map::new();
    out.insert("id".into(), node["id"].clone());
    out.insert("name".into(), node["name"].clone());
    put(&mut out, "status", node["status"].clone(), false);
    put(&mut out, "task", node["task"]["ref"].clone(), false);
    out.insert("started".into(), fields::instant(&node["startedAt"]));
    out.insert("heartbeat".into(), fields::instant(&node["heartbeatAt"]));
    put(&mut out, "ended", fields::instant(&node["endedAt"]), false);
    Ok(guard::encode(&Value::Object(out)))
}

const AGENTS: &str = include_str!("operations/agents.graphql");

async fn agent_op(call: &Call, operation: &str, variables: Value, root: &str) -> ToolResult<String> {
    let request = async_graphql::Request::new(AGENTS).operation_name(operation);
    let data = super::exec::run_request(&call.app, &call.viewer, request, variables).await?;
    session(&data[root])
}

fn session_id(id: Option<String>, alias: Option<String>) -> ToolResult<Option<String>> {
    match (id, alias) {
        (Some(a), Some(b)) if a != b => Err(ToolError::invalid("`id` and `agent_id` differ", "pass one of them")),
        (id, alias) => Ok(id.or(alias)),
    }
}

pub async fn register_agent(call: &Call, a: args::RegisterAgent) -> ToolResult<String> {
    agent_op(call, "RegisterAgent", json!({"name": a.name, "task": a.task, "status": a.status}), "registerAgent").await
}

pub async fn heartbeat_agent(call: &Call, a: args::HeartbeatAgent) -> ToolResult<String> {
    let id = session_id(a.id, a.agent_id)?;
    agent_op(call, "HeartbeatAgent", json!({"id": id, "task": a.task, "status": a.status}), "heartbeatAgent").await
}

pub async fn end_agent(call: &Call, a: args::EndAgent) -> ToolResult<String> {
    let id = session_id(a.id, a.agent_id)?;
    agent_op(call, "EndAgent", json!({"id": id}), "endAgent").await
}
