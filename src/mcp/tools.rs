//! The tools not yet documents besides the wiki's: `list_comments`, whose
//! outline-first items (first line, or an excerpt, or a window of each body,
//! by `body_chars` and `view`) one document cannot express yet.

use serde_json::{Map, Value, json};

use super::Call;
use super::args::{self, View};
use super::error::ToolResult;
use super::exec::run;
use super::guard::{self, Item};

/// A comment body window of `view: "full"`: at most this many characters.
const BODY_WINDOW: usize = 16_000;

/// Inserts `value` unless it is null, false, zero or empty.
pub(super) fn put(out: &mut Map<String, Value>, key: &str, value: Value) {
    if !super::reply::is_empty(&value) {
        out.insert(key.to_owned(), value);
    }
}

/// `2026-11-29T10:00:00Z`: whole seconds, UTC.
pub(super) fn instant(v: &Value) -> Value {
    v.as_str().map_or(Value::Null, super::reply::instant)
}

/// A connection's edges as guard items, with its `next` and `total`.
fn page(conn: &Value, mut item: impl FnMut(&Value) -> Value) -> (Vec<Item>, Option<String>, i64) {
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

pub async fn list_comments(call: &Call, a: args::ListComments) -> ToolResult<String> {
    let cap = args::cap(call.cap, a.max_chars)?;
    let body_chars = args::body_chars(a.body_chars)?;
    let full = a.view == Some(View::Full);
    let (with_body, max, cut) = match (full, body_chars) {
        (true, _) => (true, BODY_WINDOW.min(cap) as i64, "WINDOW"),
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
        put(&mut item, "author", n["author"]["username"].clone());
        item.insert("at".into(), instant(&n["createdAt"]));
        item.insert("chars".into(), n["line"]["totalChars"].clone());
        if with_body {
            item.insert("body".into(), n["body"]["text"].clone());
            put(&mut item, "body_truncated", n["body"]["truncated"].clone());
        } else {
            item.insert("first_line".into(), n["line"]["text"].clone());
        }
        Value::Object(item)
    });
    guard::list_reply(items, next, total, cap, a.format.unwrap_or_default())
}
