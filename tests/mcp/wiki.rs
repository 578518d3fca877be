//! The wiki tools: windowed reads, sections, safe edits, changes, search,
//! tree and visibility.

use serde_json::{Value, json};

use tasklens::text::utf16_len;

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

const PAGE: &str = "---\ntitle: Setup guide\ntags: [ops, linux]\n---\n# Setup\n\nIntro with e\u{301}mojis 🚀👩\u{200d}💻.\n\n## Install\n\nRun the installer.\n\n```sh\n# not a heading\n```\n\n### Linux\n\nUse the package.\n\n## Configure\n\nEdit the file.\n";

async fn board(app: &TestApp) -> (Mcp, String) {
    let s = simple_board(app).await;
    let mcp = Mcp::http(app, &s.alice_token).await;
    let created = mcp.ok("put_wiki_page", json!({"workspace": "ENG", "path": "guides/setup", "content": PAGE})).await;
    assert_eq!(created["revision"], "1");
    assert_eq!(created["title"], "Setup guide", "title from the frontmatter");
    (mcp, s.alice_token)
}

async fn pages_read_in_windows_and_sections(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (mcp, _) = board(&app).await;
    let whole = mcp.ok("get_wiki_page", json!({"path": "guides/setup"})).await;
    assert_eq!(whole["workspace"], "ENG", "the only workspace with this path");
    assert_eq!(whole["revision"], "1", "a whole read can be written back");
    assert_eq!(whole["frontmatter"], json!({"title": "Setup guide", "tags": ["ops", "linux"]}));
    let outline: Vec<&str> =
        whole["outline"].as_array().expect("outline").iter().filter_map(|h| h["text"].as_str()).collect();
    assert_eq!(outline, ["Setup", "Install", "Linux", "Configure"], "the fenced # line is not a heading");
    assert_eq!(whole["content"], PAGE);
    assert!(whole.get("next").is_none() && whole.get("content_truncated").is_none());

    // A long page read through 1,000-character replies comes back whole.
    let long: String = (0..300).map(|i| format!("Line {i} ✨ e\u{301}\u{302} 👍🏽 {}\n", "x".repeat(i % 13))).collect();
    let page = format!("# Long\n\n{long}");
    mcp.ok("put_wiki_page", json!({"workspace": "ENG", "path": "long", "content": page})).await;
    let mut text = String::new();
    let mut cursor: Option<i64> = None;
    let mut windows = 0;
    loop {
        let mut arguments = json!({"path": "long", "max_chars": 1000});
        if let Some(c) = cursor {
            arguments["cursor"] = c.into();
        }
        let reply = mcp.call("get_wiki_page", arguments).await;
        assert!(!reply.is_error && utf16_len(&reply.text) <= 1000, "{}", reply.text);
        text.push_str(reply.json["content"].as_str().expect("content"));
        windows += 1;
        match reply.json.get("next").and_then(Value::as_i64) {
            Some(next) => {
                assert!(reply.json["revision"].as_str().is_some_and(|r| r.ends_with(".partial")), "{}", reply.text);
                cursor = Some(next);
            }
            None => break,
        }
    }
    assert_eq!(text, page);
    assert!(windows > 10);

    let section = mcp.ok("get_wiki_page", json!({"path": "guides/setup", "section": "INSTALL"})).await;
    assert_eq!(
        section["content"],
        "## Install\n\nRun the installer.\n\n```sh\n# not a heading\n```\n\n### Linux\n\nUse the package.\n\n"
    );
    assert!(section["revision"].as_str().is_some_and(|r| r.ends_with(".partial")));
    let by_slug = mcp.ok("get_wiki_page", json!({"path": "guides/setup", "section": "configure"})).await;
    assert_eq!(by_slug["content"], "## Configure\n\nEdit the file.\n");
    let missing = mcp.ok("get_wiki_page", json!({"path": "guides/setup", "section": "Nope"})).await;
    assert_eq!(missing["section_found"], false);
    assert!(missing["outline"].is_array() && missing.get("content").is_none());
    let capped = mcp.ok("get_wiki_page", json!({"path": "guides/setup", "max_chars": 50_000})).await;
    assert_eq!(capped["content"], PAGE, "a cap above the largest window is a cap all the same");
    let (code, _) = mcp.error("get_wiki_page", json!({"path": "guides/setup", "max_chars": 999})).await;
    assert_eq!(code, "invalid_argument");
    // An unknown section of a page whose outline is over the cap: the outline
    // gives way, and the answer is still `section_found: false`.
    let headings: String = (0..3_000).map(|i| format!("## Heading {i}\n")).collect();
    mcp.ok("put_wiki_page", json!({"workspace": "ENG", "path": "headings", "content": headings})).await;
    let missing = mcp.ok("get_wiki_page", json!({"path": "headings", "section": "nope"})).await;
    assert_eq!((missing["section_found"].clone(), missing["outline_truncated"].clone()), (json!(false), json!(true)));
    mcp.close().await;
}

async fn edits_are_safe(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (mcp, _) = board(&app).await;
    let (code, error) =
        mcp.error("put_wiki_page", json!({"path": "guides/setup", "content": "x", "base_revision": "0"})).await;
    assert_eq!(code, "conflict", "{error}");
    let partial = mcp.ok("get_wiki_page", json!({"path": "guides/setup", "section": "Install"})).await;
    let (code, error) = mcp
        .error(
            "put_wiki_page",
            json!({"path": "guides/setup", "content": partial["content"], "base_revision": partial["revision"]}),
        )
        .await;
    assert_eq!(code, "invalid_argument", "a partial read cannot overwrite the page: {error}");
    let patched = mcp
        .ok("patch_wiki_page", json!({"path": "guides/setup", "base_revision": partial["revision"], "find": "Run the installer.", "replace": "Run ./install.sh."}))
        .await;
    assert_eq!(patched["revision"], "2");
    let (code, error) = mcp
        .error(
            "patch_wiki_page",
            json!({"path": "guides/setup", "base_revision": "2", "find": "absent", "replace": "x"}),
        )
        .await;
    assert_eq!(code, "invalid_argument", "{error}");
    let (code, error) = mcp
        .error("patch_wiki_page", json!({"path": "guides/setup", "base_revision": "2", "find": "the", "replace": "x"}))
        .await;
    assert_eq!(code, "invalid_argument");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("times")), "{error}");
    let (code, error) =
        mcp.error("put_wiki_page", json!({"path": "guides/setup", "content": "# Old\n", "base_revision": "1"})).await;
    assert_eq!(code, "conflict");
    assert!(error["hint"].as_str().is_some_and(|h| h.contains('2')), "the hint names the current revision: {error}");
    let hint = error["hint"].as_str().unwrap_or_default();
    assert!(hint.contains("base_revision") && !hint.contains("baseRevision"), "the tools' names: {error}");
    let whole = mcp.ok("get_wiki_page", json!({"path": "guides/setup"})).await;
    let replaced = mcp
        .ok("put_wiki_page", json!({"path": "guides/setup", "content": "# New\n", "base_revision": whole["revision"]}))
        .await;
    assert_eq!(replaced["revision"], "3");

    let changes = mcp.ok("list_wiki_changes", json!({})).await;
    let revisions: Vec<i64> =
        changes["items"].as_array().expect("items").iter().filter_map(|c| c["revision"].as_i64()).collect();
    assert_eq!(revisions, [1, 2, 3]);
    assert!(changes.get("next").is_none(), "nothing newer");
    assert!(changes["items"][0]["summary"].as_str().is_some_and(|s| s.starts_with("created")));
    let first = mcp.ok("list_wiki_changes", json!({"limit": 1})).await;
    let rest = mcp.ok("list_wiki_changes", json!({"cursor": first["next"]})).await;
    assert_eq!(rest["items"].as_array().map(Vec::len), Some(2));
    mcp.close().await;
}

async fn tree_search_and_visibility(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (mcp, _) = board(&app).await;
    mcp.ok(
        "put_wiki_page",
        json!({"workspace": "ENG", "path": "guides", "content": "# Guides\n\nAll the setup guides."}),
    )
    .await;
    let tree = mcp.ok("wiki_tree", json!({"workspace": "ENG"})).await;
    assert_eq!(
        tree["items"],
        json!([
            {"path": "guides", "title": "Guides", "has_children": true},
            {"path": "guides/setup", "title": "Setup guide", "depth": 1},
        ])
    );
    let hits = mcp.ok("search_wiki", json!({"query": "SETUP guide"})).await;
    assert_eq!(hits["items"][0]["path"], "guides/setup", "title hits first");
    assert_eq!(hits["items"][0]["title_match"], true);
    assert_eq!(hits["total"], 2);

    Board::new(&app.db).user("mallory").await;
    let outsider = Mcp::http(&app, &Board::new(&app.db).token("mallory").await).await;
    let (code, _) = outsider.error("get_wiki_page", json!({"workspace": "ENG", "path": "guides/setup"})).await;
    assert_eq!(code, "not_found");
    let (code, _) = outsider.error("get_wiki_page", json!({"path": "guides/setup"})).await;
    assert_eq!(code, "not_found");
    for (tool, arguments) in
        [("wiki_tree", json!({})), ("search_wiki", json!({"query": "setup"})), ("list_wiki_changes", json!({}))]
    {
        assert_eq!(outsider.ok(tool, arguments).await, json!({"items": [], "total": 0}), "{tool}");
    }
    outsider.close().await;
    mcp.close().await;
}

/// A page whose outline alone is over the cap: the outline is cut from its
/// tail, the content still comes in windows, and a walk by `next` reads the
/// page whole, each window marked partial.
async fn long_outlines_give_way_to_the_content(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (mcp, _) = board(&app).await;
    let page: String = (0..1500).map(|i| format!("## Heading number {i}\n\nText {i}.\n\n")).collect();
    mcp.ok("put_wiki_page", json!({"workspace": "ENG", "path": "huge", "content": page})).await;
    let mut text = String::new();
    let mut cursor = 0;
    for reads in 1.. {
        let reply = mcp.call("get_wiki_page", json!({"path": "huge", "cursor": cursor})).await;
        assert!(!reply.is_error && utf16_len(&reply.text) <= 20_000, "{}", &reply.text[..200]);
        let json = reply.json;
        assert_eq!(json["outline_truncated"], true);
        let headings = json["outline"].as_array().map_or(0, Vec::len);
        assert!(headings > 10 && headings < 1500, "{headings} headings");
        assert_eq!(json["outline"][headings - 1]["slug"], format!("heading-number-{}", headings - 1), "from the tail");
        let content = json["content"].as_str().expect("content");
        let last = json.get("next").is_none();
        assert!(last || utf16_len(content) >= 5_000, "the content keeps a fair share: {}", utf16_len(content));
        assert_eq!(json["start"].as_i64().unwrap_or(0), cursor);
        text.push_str(content);
        assert!(json["revision"].as_str().is_some_and(|r| r.ends_with(".partial")), "{}", json["revision"]);
        match json.get("next").and_then(Value::as_i64) {
            Some(next) => cursor = next,
            None => break,
        }
        assert!(reads < 20, "the walk ends");
    }
    assert_eq!(text, page);
    mcp.close().await;
}

on_both_backends!(
    long_outlines_give_way_to_the_content,
    pages_read_in_windows_and_sections,
    edits_are_safe,
    tree_search_and_visibility
);
