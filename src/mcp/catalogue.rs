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
            // Defaults that matter are in the descriptions; the rest is
            // what an absent argument means anyway.
            object.remove("default");
            if let Some(Value::Array(values)) = object.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            // Unknown arguments are refused by name at call time; strict
            // clients want the schema to say so.
            if object.contains_key("properties") {
                object.insert("additionalProperties".into(), false.into());
            }
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

fn tool<T: JsonSchema + 'static>(
    name: &'static str,
    title: &'static str,
    description: &'static str,
    effect: Effect,
    cap: usize,
) -> Tool {
    let mut tool = Tool::new(name, description, input_schema::<T>()).with_title(title);
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
        tool::<args::ListComments>(
            "list_comments",
            "Comments",
            "Oldest first, as first lines; body_chars or view=full for bodies.",
            Read,
            cap,
        ),
        tool::<args::GetWikiPage>(
            "get_wiki_page",
            "Wiki page",
            "A page's content in windows, with outline and revision; `section` reads one.",
            Read,
            cap,
        ),
        tool::<args::PutWikiPage>(
            "put_wiki_page",
            "Write wiki page",
            "Create a page, or replace it at base_revision (not a partial read's: patch it).",
            Overwrite,
            cap,
        ),
        tool::<args::PatchWikiPage>(
            "patch_wiki_page",
            "Patch wiki page",
            "Replace one exact snippet (find) or one section, at base_revision.",
            Overwrite,
            cap,
        ),
    ]
}

/// Runs the tool `name` (known to be in the catalogue).
pub async fn dispatch(call: &Call, name: &str, arguments: Option<Map<String, Value>>) -> ToolResult<String> {
    match name {
        "list_comments" => tools::list_comments(call, parse(arguments)?).await,
        "get_wiki_page" => wiki_tools::get_wiki_page(call, parse(arguments)?).await,
        "put_wiki_page" => wiki_tools::put_wiki_page(call, parse(arguments)?).await,
        "patch_wiki_page" => wiki_tools::patch_wiki_page(call, parse(arguments)?).await,
        other => Err(super::error::ToolError::new(
            super::error::Code::Internal,
            format!("tool {other} has no handler"),
            "report this",
        )),
    }
}
