//! The tool catalogue: names, short descriptions, input schemas,
//! annotations and `_meta`, and the dispatch from a name to its tool.

use std::sync::Arc;

use rmcp::model::{JsonObject, MetaObject, Tool, ToolAnnotations};
use rmcp::schemars::JsonSchema;
use rmcp::schemars::generate::SchemaSettings;
use serde_json::{Map, Value};

use super::Call;
use super::args::{self, parse};
use super::error::ToolResult;
use super::{tools, wiki_tools};

/// The largest reply a client should expect, in the client's own key.
pub const MAX_RESULT_SIZE_META: &str = "anthropic/maxResultSizeChars";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Effect {
    Read,
    Write,
    /// Changes or removes what is there.
    Overwrite,
}

/// The input schema of `T`, compact: every tools/list carries it to the
/// model, so no `$schema`, titles, formats, `$defs` or null alternatives
/// (an optional argument is simply not required).
fn input_schema<T: JsonSchema>() -> Arc<JsonObject> {
    let mut settings = SchemaSettings::draft2020_12();
    settings.meta_schema = None;
    settings.inline_subschemas = true;
    let mut schema = serde_json::to_value(settings.into_generator().into_root_schema_for::<T>()).unwrap_or_default();
    compact(&mut schema);
    match schema {
        Value::Object(object) => Arc::new(object),
        _ => Arc::new(JsonObject::new()),
    }
}

/// Shortens a generated schema: titles and formats go, nullable types become
/// plain ones (an absent argument is the null), and what strict clients
/// refuse goes (`null` in an `enum`, `default: null`). Property maps are
/// walked as maps: a property may well be called `title`.
fn compact(value: &mut Value) {
    match value {
        Value::Object(object) => {
            if let Some(Value::Object(properties)) = object.get_mut("properties") {
                properties.values_mut().for_each(compact);
            }
            object.remove("title");
            object.remove("format");
            if object.get("default") == Some(&Value::Null) {
                object.remove("default");
            }
            if let Some(Value::Array(values)) = object.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            // Unknown arguments are refused by name at call time.
            object.remove("additionalProperties");
            if let Some(Value::Array(types)) = object.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    object.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(alternatives)) = object.get("anyOf") {
                let kept: Vec<Value> =
                    alternatives.iter().filter(|a| a.get("type") != Some(&Value::from("null"))).cloned().collect();
                if kept.len() == 1 {
                    object.remove("anyOf");
                    if let Value::Object(inner) = &kept[0] {
                        for (key, v) in inner {
                            object.entry(key.clone()).or_insert_with(|| v.clone());
                        }
                    }
                } else {
                    object.insert("anyOf".into(), Value::Array(kept));
                }
            }
            object.iter_mut().filter(|(key, _)| *key != "properties").for_each(|(_, v)| compact(v));
        }
        Value::Array(items) => items.iter_mut().for_each(compact),
        _ => {}
    }
}

fn tool<T: JsonSchema + 'static>(name: &'static str, description: &'static str, effect: Effect, cap: usize) -> Tool {
    let mut tool = Tool::new(name, description, input_schema::<T>());
    let annotations = ToolAnnotations::new().read_only(effect == Effect::Read);
    // The destructive hint only means something for tools that write.
    tool.annotations =
        Some(if effect == Effect::Read { annotations } else { annotations.destructive(effect == Effect::Overwrite) });
    let mut meta = JsonObject::new();
    meta.insert(MAX_RESULT_SIZE_META.into(), cap.into());
    tool.meta = Some(MetaObject(meta));
    tool
}

/// Every tool, as `tools/list` shows it.
pub fn tools(cap: usize) -> Vec<Tool> {
    use Effect::*;
    vec![
        tool::<args::ListProjects>(
            "list_projects",
            "Projects you can see, by name. `name` matches all its words (any case), else any word.",
            Read,
            cap,
        ),
        tool::<args::GetProject>(
            "get_project",
            "One project by key, with statuses, labels, members and open task count.",
            Read,
            cap,
        ),
        tool::<args::ListTasks>(
            "list_tasks",
            "Tasks matching filters. Open tasks only unless done=true. Summary items; body_chars adds description excerpts.",
            Read,
            cap,
        ),
        tool::<args::ListMyTasks>(
            "list_my_tasks",
            "Open tasks you are assignee or coworker of, most recently active first.",
            Read,
            cap,
        ),
        tool::<args::SearchTasks>(
            "search_tasks",
            "Tasks whose title or description holds all the words, open and done.",
            Read,
            cap,
        ),
        tool::<args::GetTask>(
            "get_task",
            "One task by ref, full. Long descriptions come in windows: pass description_next as cursor.",
            Read,
            cap,
        ),
        tool::<args::ListComments>(
            "list_comments",
            "A task's comments, oldest first: first line and length; body_chars or view=full for bodies.",
            Read,
            cap,
        ),
        tool::<args::ListTaskChanges>("list_task_changes", "A task's change log, oldest first.", Read, cap),
        tool::<args::ListActivity>("list_activity", "Recent changes across your projects, newest first.", Read, cap),
        tool::<args::CreateTask>("create_task", "Create a task; returns its summary with the new ref.", Write, cap),
        tool::<args::UpdateTask>(
            "update_task",
            "Change fields of a task; null clears a field. Every change is logged.",
            Overwrite,
            cap,
        ),
        tool::<args::AddComment>("add_comment", "Comment on a task.", Write, cap),
        tool::<args::WikiTree>("wiki_tree", "Wiki pages by path (guides, guides/setup, ...).", Read, cap),
        tool::<args::GetWikiPage>(
            "get_wiki_page",
            "Read a wiki page in windows: content, outline, frontmatter, revision; pass next as cursor. `section` reads one section.",
            Read,
            cap,
        ),
        tool::<args::SearchWiki>("search_wiki", "Wiki pages holding all the words; title hits first.", Read, cap),
        tool::<args::ListWikiChanges>(
            "list_wiki_changes",
            "Wiki revisions oldest first; next is absent when nothing is newer.",
            Read,
            cap,
        ),
        tool::<args::PutWikiPage>(
            "put_wiki_page",
            "Create a page, or replace it whole at base_revision. A partial read's revision (N.partial) is refused: use patch_wiki_page.",
            Overwrite,
            cap,
        ),
        tool::<args::PatchWikiPage>(
            "patch_wiki_page",
            "Replace one exact snippet (find) or one section of a page, at base_revision.",
            Overwrite,
            cap,
        ),
        tool::<args::RegisterAgent>(
            "register_agent",
            "Start an agent session bound to this token; returns its id.",
            Write,
            cap,
        ),
        tool::<args::HeartbeatAgent>(
            "heartbeat_agent",
            "Mark a session alive (default: this token's open session).",
            Write,
            cap,
        ),
        tool::<args::EndAgent>("end_agent", "End a session (default: this token's open session).", Write, cap),
    ]
}

/// Runs the tool `name` (known to be in the catalogue).
pub async fn dispatch(call: &Call, name: &str, arguments: Option<Map<String, Value>>) -> ToolResult<String> {
    match name {
        "list_projects" => tools::list_projects(call, parse(arguments)?).await,
        "get_project" => tools::get_project(call, parse(arguments)?).await,
        "list_tasks" => tools::list_tasks(call, parse(arguments)?).await,
        "list_my_tasks" => tools::list_my_tasks(call, parse(arguments)?).await,
        "search_tasks" => tools::search_tasks(call, parse(arguments)?).await,
        "get_task" => tools::get_task(call, parse(arguments)?).await,
        "list_comments" => tools::list_comments(call, parse(arguments)?).await,
        "list_task_changes" => tools::list_task_changes(call, parse(arguments)?).await,
        "list_activity" => tools::list_activity(call, parse(arguments)?).await,
        "create_task" => tools::create_task(call, parse(arguments)?).await,
        "update_task" => tools::update_task(call, parse(arguments)?).await,
        "add_comment" => tools::add_comment(call, parse(arguments)?).await,
        "wiki_tree" => wiki_tools::wiki_tree(call, parse(arguments)?).await,
        "get_wiki_page" => wiki_tools::get_wiki_page(call, parse(arguments)?).await,
        "search_wiki" => wiki_tools::search_wiki(call, parse(arguments)?).await,
        "list_wiki_changes" => wiki_tools::list_wiki_changes(call, parse(arguments)?).await,
        "put_wiki_page" => wiki_tools::put_wiki_page(call, parse(arguments)?).await,
        "patch_wiki_page" => wiki_tools::patch_wiki_page(call, parse(arguments)?).await,
        "register_agent" => tools::register_agent(call, parse(arguments)?).await,
        "heartbeat_agent" => tools::heartbeat_agent(call, parse(arguments)?).await,
        "end_agent" => tools::end_agent(call, parse(arguments)?).await,
        other => Err(super::error::ToolError::new(
            super::error::Code::Internal,
            format!("tool {other} has no handler"),
            "report this",
        )),
    }
}
