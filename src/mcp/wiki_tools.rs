//! The wiki tools not yet documents: windowed page reads and safe edits.

use serde_json::{Map, Value, json};

use crate::text::utf16_len;

use super::Call;
use super::args;
use super::error::{Code, ToolError, ToolResult};
use super::exec::run;
use super::guard;
use super::tools::{instant, put};

/// Content of a page read without `max_chars`, and the most with it.
const DEFAULT_WINDOW: usize = 8_000;
const MAX_WINDOW: i64 = 20_000;

pub async fn get_wiki_page(call: &Call, a: args::GetWikiPage) -> ToolResult<String> {
    let cap = match a.max_chars {
        Some(n) if n > MAX_WINDOW => {
            return Err(ToolError::invalid(format!("`max_chars` is {n}"), "use 1000 to 20000"));
        }
        other => args::cap(call.cap, other)?,
    };
    let window = if a.max_chars.is_some() { cap } else { DEFAULT_WINDOW.min(cap) };
    let cursor = a.cursor.unwrap_or(0);
    let variables = json!({
        "workspace": a.workspace, "path": a.path, "maxChars": window, "cursor": cursor, "section": a.section,
    });
    let data = run(&call.app, &call.viewer, include_str!("operations/get_wiki_page.graphql"), variables).await?;
    let page = &data["wikiPage"];
    let content = &page["content"];
    let mut reply = Map::new();
    reply.insert("path".into(), page["path"].clone());
    reply.insert("workspace".into(), page["workspace"]["key"].clone());
    reply.insert("title".into(), page["title"].clone());
    reply.insert("revision".into(), content["baseRevision"].clone());
    reply.insert("total_chars".into(), page["totalChars"].clone());
    put(&mut reply, "frontmatter", page["frontmatter"].clone());
    let outline: Vec<Value> = page["outline"]
        .as_array()
        .map(|o| {
            o.iter()
                .map(|h| json!({"level": h["level"], "text": h["text"], "slug": h["slug"], "start": h["start"]}))
                .collect()
        })
        .unwrap_or_default();
    put(&mut reply, "outline", Value::Array(outline));
    if a.section.is_some() {
        if content["sectionFound"] != true {
            reply.insert("section_found".into(), false.into());
            return fit_outline(reply, cap);
        }
        reply.insert("section_chars".into(), content["totalChars"].clone());
    }
    reply.insert("start".into(), content["start"].clone());
    reply.insert("content".into(), content["text"].clone());
    if content["truncated"] == true {
        reply.insert("content_truncated".into(), true.into());
        reply.insert("next".into(), content["next"].clone());
    }
    fit_content(reply, cap)
}

/// Narrows the content window until the reply fits; a narrowed window is
/// a partial read, and its revision says so.
fn fit_content(reply: Map<String, Value>, cap: usize) -> ToolResult<String> {
    let start = reply["start"].as_u64().unwrap_or(0) as usize;
    let fallback = reply.clone();
    let narrowed = guard::narrow_text(reply, "content", cap, |reply, kept| {
        reply.insert("content_truncated".into(), true.into());
        reply.insert("next".into(), (start + utf16_len(kept)).into());
        if let Some(revision) = reply["revision"].as_str().filter(|r| !r.ends_with(".partial")).map(str::to_owned) {
            reply.insert("revision".into(), format!("{revision}.partial").into());
        }
    });
    match narrowed {
        Some(text) => Ok(text),
        None => fit_outline(fallback, cap),
    }
}

/// A reply whose outline alone is too long keeps the headings that fit.
fn fit_outline(mut reply: Map<String, Value>, cap: usize) -> ToolResult<String> {
    reply.remove("content");
    loop {
        let text = guard::encode(&Value::Object(reply.clone()));
        if utf16_len(&text) <= cap {
            return Ok(text);
        }
        let Some(Value::Array(outline)) = reply.get_mut("outline") else { break };
        if outline.pop().is_none() {
            break;
        }
        reply.insert("outline_truncated".into(), true.into());
    }
    Err(ToolError::new(
        Code::ReplyTooLarge,
        format!("the page's details do not fit in {cap} characters"),
        "raise `max_chars`, or read a `section`",
    ))
}

fn written(page: &Value) -> ToolResult<String> {
    Ok(guard::encode(&json!({
        "path": page["path"],
        "workspace": page["workspace"]["key"],
        "title": page["title"],
        "revision": page["revision"].to_string(),
        "total_chars": page["totalChars"],
        "updated": instant(&page["updatedAt"]),
    })))
}

pub async fn put_wiki_page(call: &Call, a: args::PutWikiPage) -> ToolResult<String> {
    let variables = json!({
        "workspace": a.workspace, "path": a.path, "content": a.content,
        "baseRevision": a.base_revision, "title": a.title, "project": a.project,
    });
    let data = run(&call.app, &call.viewer, include_str!("operations/put_wiki_page.graphql"), variables).await?;
    written(&data["putWikiPage"])
}

pub async fn patch_wiki_page(call: &Call, a: args::PatchWikiPage) -> ToolResult<String> {
    let variables = json!({
        "workspace": a.workspace, "path": a.path, "baseRevision": a.base_revision,
        "find": a.find, "replace": a.replace, "section": a.section,
    });
    let data = run(&call.app, &call.viewer, include_str!("operations/patch_wiki_page.graphql"), variables).await?;
    written(&data["patchWikiPage"])
}
