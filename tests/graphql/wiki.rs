//! The wiki over GraphQL: windows and sections of long pages, frontmatter,
//! safe edits (stale and partial base revisions, patches, concurrent puts),
//! the change log across a page cut inside one second, search, the tree,
//! and visibility.

use chrono::{Duration, SubsecRound, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};
use serde_json::{Value, json};

use entity::{ProjectRole, WorkspaceRole, wiki_page, wiki_revision};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

const PUT: &str =
    "mutation($ws: String, $path: String!, $content: String!, $base: String, $title: String, $project: String) {
  putWikiPage(workspace: $ws, path: $path, content: $content, baseRevision: $base, title: $title, project: $project) {
    path title revision totalChars
  } }";

const PATCH: &str = "mutation($path: String!, $base: String!, $find: String, $replace: String!, $section: String) {
  patchWikiPage(workspace: \"ENG\", path: $path, baseRevision: $base, find: $find, replace: $replace, section: $section) {
    revision title content(maxChars: 20000) { text baseRevision }
  } }";

const READ: &str = "query($path: String!, $max: Int!, $cursor: Int!, $section: String) {
  wikiPage(workspace: \"ENG\", path: $path) {
    revision totalChars
    content(maxChars: $max, cursor: $cursor, section: $section) {
      text totalChars start next truncated sectionFound baseRevision
    } } }";

fn units(text: &str) -> usize {
    text.encode_utf16().count()
}

async fn put(app: &TestApp, token: &str, path: &str, content: &str, base: Option<&str>) -> Value {
    let vars = json!({"ws": "ENG", "path": path, "content": content, "base": base});
    app.ok(token, PUT, vars).await["putWikiPage"].clone()
}

async fn read(app: &TestApp, token: &str, path: &str, max: usize, cursor: i64, section: Option<&str>) -> Value {
    let vars = json!({"path": path, "max": max, "cursor": cursor, "section": section});
    app.ok(token, READ, vars).await["wikiPage"]["content"].clone()
}

/// A long page: emoji (surrogate pairs, ZWJ sequences, skin tones),
/// combining marks and CJK, so that window edges fall inside characters
/// unless they are placed with care.
fn long_page() -> String {
    let mut page = String::from("---\ntitle: Long page\n---\n# Long page\n");
    for n in 0..120 {
        page.push_str(&format!(
            "## Part {n}\nCafe\u{301} 👩‍💻 naïve 👍🏽 e\u{301}\u{302} 漢字かな {n} \u{1F680}\u{1F680} line of text.\n\n"
        ));
    }
    page
}

async fn windows_concatenate_to_the_whole_page(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let page = long_page();
    let created = put(&app, t, "guides/long", &page, None).await;
    assert_eq!(created["revision"], 1);
    assert_eq!(created["title"], "Long page", "from the frontmatter");
    assert_eq!(created["totalChars"], units(&page));

    let mut rebuilt = String::new();
    let mut cursor = 0;
    let mut reads = 0;
    loop {
        let w = read(&app, t, "guides/long", 1000, cursor, None).await;
        let text = w["text"].as_str().expect("text");
        assert!(units(text) <= 1000 && !text.is_empty(), "window at {cursor}");
        assert_eq!(w["start"], cursor);
        assert_eq!(w["totalChars"], units(&page));
        assert!(w["baseRevision"].as_str().is_some_and(|b| b.ends_with(".partial")), "{w}");
        rebuilt.push_str(text);
        reads += 1;
        match w["next"].as_i64() {
            Some(next) => {
                assert_eq!(w["truncated"], true);
                cursor = next;
            }
            None => break,
        }
    }
    assert!(reads > 5, "several windows");
    assert_eq!(rebuilt, page);

    let whole = read(&app, t, "guides/long", 20_000, 0, None).await;
    assert_eq!((whole["text"].as_str(), whole["baseRevision"].as_str()), (Some(page.as_str()), Some("1")));
    assert_eq!(whole["truncated"], false);

    // Offsets inside a character and limits out of range are refused.
    let inside = units(&page[..page.find('🚀').expect("rocket")]) as i64 + 1;
    let bad = [(1000, inside), (0, 0), (20_001, 0), (1000, -1), (1000, units(&page) as i64 + 1)];
    for (max, cursor) in bad {
        let vars = json!({"path": "guides/long", "max": max, "cursor": cursor});
        let (code, error) = app.error(t, READ, vars).await;
        assert_eq!(code, "BAD_USER_INPUT", "{max} {cursor}: {error}");
    }
}

const SECTIONED: &str = "---\ntitle: Setup guide\ntags: [guides, setup]\nowner:\n  team: platform\n  oncall: true\n---\n\
# Setup\nIntro to the setup.\n\n## Install\nRun the installer.\n\n```sh\n# not a heading\necho ok\n```\n\n\
### Linux\nUse apt.\n\n## Configure\nEdit the file.\n\n## Install\nAgain, later.\n\n# Usage\nUse it.\n";

async fn outline_sections_and_frontmatter(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    put(&app, t, "guides/setup", SECTIONED, None).await;
    let page = app
        .ok(
            t,
            "{ wikiPage(path: \"guides/setup\") { title frontmatter outline { level text slug start } } }",
            json!({}),
        )
        .await["wikiPage"]
        .clone();
    assert_eq!(page["title"], "Setup guide");
    assert_eq!(
        page["frontmatter"],
        json!({"title": "Setup guide", "tags": ["guides", "setup"], "owner": {"team": "platform", "oncall": true}})
    );
    let outline: Vec<(i64, &str, &str)> = page["outline"]
        .as_array()
        .expect("outline")
        .iter()
        .map(|h| (h["level"].as_i64().unwrap_or(0), h["text"].as_str().unwrap_or(""), h["slug"].as_str().unwrap_or("")))
        .collect();
    let expected = [
        (1, "Setup", "setup"),
        (2, "Install", "install"),
        (3, "Linux", "linux"),
        (2, "Configure", "configure"),
        (2, "Install", "install-1"),
        (1, "Usage", "usage"),
    ];
    assert_eq!(outline, expected, "the fenced `# not a heading` is code");
    // `start` is a cursor at the heading's line.
    for heading in page["outline"].as_array().expect("outline") {
        let at = heading["start"].as_i64().expect("start");
        let w = read(&app, t, "guides/setup", 20, at, None).await;
        assert!(w["text"].as_str().is_some_and(|x| x.starts_with('#')), "{heading} {w}");
    }

    // Nested headings stay in; a heading of the same level ends the section.
    let install = read(&app, t, "guides/setup", 8000, 0, Some("install")).await;
    let text = install["text"].as_str().expect("text");
    assert!(text.starts_with("## Install\nRun the installer."), "{text}");
    assert!(text.contains("# not a heading") && text.contains("### Linux\nUse apt."), "{text}");
    assert!(!text.contains("Configure"), "{text}");
    assert_eq!(install["totalChars"], units(text));
    assert_eq!(install["start"], units(&SECTIONED[..SECTIONED.find("## Install").expect("install")]));
    assert_eq!((install["sectionFound"].as_bool(), install["baseRevision"].as_str()), (Some(true), Some("1.partial")));
    // By text, any case; by slug for the second heading of the same name.
    let by_text = read(&app, t, "guides/setup", 8000, 0, Some("INSTALL")).await;
    assert_eq!(by_text["text"], install["text"]);
    let second = read(&app, t, "guides/setup", 8000, 0, Some("Install-1")).await;
    assert_eq!(second["text"], "## Install\nAgain, later.\n\n");
    let top = read(&app, t, "guides/setup", 8000, 0, Some("setup")).await;
    assert!(top["text"].as_str().is_some_and(|x| x.ends_with("Again, later.\n\n")), "{top}");
    let last = read(&app, t, "guides/setup", 8000, 0, Some("usage")).await;
    assert_eq!(last["text"], "# Usage\nUse it.\n");
    let missing = read(&app, t, "guides/setup", 8000, 0, Some("not a heading")).await;
    assert_eq!(
        (missing["sectionFound"].as_bool(), missing["text"].as_str(), missing["next"].as_i64()),
        (Some(false), Some(""), None)
    );

    // A long section is itself windowed; `next` goes back with the same section.
    let mut rebuilt = String::new();
    let mut cursor = 0;
    loop {
        let w = read(&app, t, "guides/setup", 10, cursor, Some("install")).await;
        rebuilt.push_str(w["text"].as_str().expect("text"));
        match w["next"].as_i64() {
            Some(next) => cursor = next,
            None => break,
        }
    }
    assert_eq!(rebuilt, text);

    // Invalid YAML leaves the page readable, without frontmatter.
    put(&app, t, "broken", "---\ntitle: [unclosed\n---\n# Broken\n", None).await;
    let broken = app.ok(t, "{ wikiPage(path: \"broken\") { title frontmatter totalChars } }", json!({})).await;
    assert_eq!(broken["wikiPage"]["frontmatter"], Value::Null);
    assert_eq!(broken["wikiPage"]["title"], "Broken", "the first heading");
}

async fn safe_edits(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let first = put(&app, t, "notes", "# Notes\nalpha beta\nbeta gamma\n", None).await;
    assert_eq!((first["revision"].as_i64(), first["title"].as_str()), (Some(1), Some("Notes")));

    // Creating again, or replacing from a stale or partial read, is refused.
    let vars = |base: Option<&str>| json!({"ws": "ENG", "path": "notes", "content": "x", "base": base});
    let (code, error) = app.error(t, PUT, vars(None)).await;
    assert_eq!(code, "CONFLICT", "{error}");
    let second = put(&app, t, "notes", "# Notes\nalpha beta\nbeta gamma\ndelta\n", Some("1")).await;
    assert_eq!(second["revision"], 2);
    let (code, error) = app.error(t, PUT, vars(Some("1"))).await;
    assert_eq!(code, "CONFLICT", "{error}");
    assert!(error["extensions"]["hint"].as_str().is_some_and(|h| h.contains('2')), "current revision: {error}");
    let window = read(&app, t, "notes", 5, 0, None).await;
    let partial = window["baseRevision"].as_str().expect("base").to_owned();
    assert_eq!(partial, "2.partial");
    let (code, error) = app.error(t, PUT, vars(Some(&partial))).await;
    assert_eq!(code, "BAD_USER_INPUT", "{error}");
    assert!(error["extensions"]["hint"].as_str().is_some_and(|h| h.contains("partial read")), "{error}");
    let (code, _) = app.error(t, PUT, json!({"ws": "ENG", "path": "/bad//path", "content": "x"})).await;
    assert_eq!(code, "BAD_USER_INPUT");

    // Patches: the snippet must occur exactly once.
    let patch = |find: &str, base: &str| json!({"path": "notes", "base": base, "find": find, "replace": "BETA"});
    let (code, error) = app.error(t, PATCH, patch("omega", "2")).await;
    assert_eq!(code, "BAD_USER_INPUT");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("not found")), "{error}");
    let (code, error) = app.error(t, PATCH, patch("beta", "2")).await;
    assert_eq!(code, "BAD_USER_INPUT");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("2 times")), "{error}");
    let patched = app.ok(t, PATCH, patch("alpha beta", &partial)).await["patchWikiPage"].clone();
    assert_eq!(patched["revision"], 3, "a partial base revision is fine for a patch");
    assert_eq!(patched["content"]["text"], "# Notes\nBETA\nbeta gamma\ndelta\n");
    let (code, _) = app.error(t, PATCH, patch("gamma", "2")).await;
    assert_eq!(code, "CONFLICT", "stale");
    let (code, _) = app.error(t, PATCH, json!({"path": "notes", "base": "3", "replace": "x"})).await;
    assert_eq!(code, "BAD_USER_INPUT", "neither find nor section");

    // Without `workspace`: fine for a page that exists once, not to create one.
    let (code, error) = app.error(t, PUT, json!({"path": "elsewhere", "content": "x"})).await;
    assert_eq!(code, "BAD_USER_INPUT", "{error}");
    let vars = json!({"path": "notes", "content": "# Notes\nalpha beta\nbeta gamma\ndelta\n", "base": "3"});
    assert_eq!(app.ok(t, PUT, vars).await["putWikiPage"]["revision"], 4);
    let vars = json!({"path": "notes", "content": "# Notes\nalpha beta\nbeta gamma\ndelta\n", "base": "4"});
    assert_eq!(app.ok(t, PUT, vars).await["putWikiPage"]["revision"], 5);

    // A section patch replaces the heading's whole section.
    put(&app, t, "guide", "# Guide\nintro\n## Steps\none\n### Detail\nd\n## End\nbye\n", None).await;
    let vars = json!({"path": "guide", "base": "1", "section": "steps", "replace": "## Steps\ntwo"});
    let patched = app.ok(t, PATCH, vars).await["patchWikiPage"].clone();
    assert_eq!(patched["content"]["text"], "# Guide\nintro\n## Steps\ntwo\n## End\nbye\n");
    assert_eq!((patched["revision"].as_i64(), patched["title"].as_str()), (Some(2), Some("Guide")));
    let vars = json!({"path": "guide", "base": "2", "section": "nope", "replace": "x"});
    let (code, _) = app.error(t, PATCH, vars).await;
    assert_eq!(code, "BAD_USER_INPUT");

    // Every save wrote its revision.
    let revisions = wiki_revision::Entity::find().count(&app.db).await.expect("count");
    assert_eq!(revisions, 7);
}

async fn concurrent_puts_from_one_base_have_one_winner(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    put(&app, t, "race", "# Race\nstart\n", None).await;
    let attempts = (0..8).map(|n| {
        let vars = json!({"ws": "ENG", "path": "race", "content": format!("# Race\nwriter {n}\n"), "base": "1"});
        app.post(Some(t), PUT, vars)
    });
    let results = futures_util::future::join_all(attempts).await;
    let mut codes: Vec<String> = results
        .iter()
        .map(|(status, body)| {
            assert_eq!(*status, 200, "{body}");
            match body["errors"][0]["extensions"]["code"].as_str() {
                Some(code) => code.to_owned(),
                None => "OK".to_owned(),
            }
        })
        .collect();
    codes.sort();
    let wins = codes.iter().filter(|c| *c == "OK").count();
    assert_eq!(wins, 1, "{codes:?}");
    assert!(codes.iter().all(|c| c == "OK" || c == "CONFLICT"), "{codes:?}");
    let page = app.ok(t, "{ wikiPage(path: \"race\") { revision } }", json!({})).await;
    assert_eq!(page["wikiPage"]["revision"], 2);
    assert_eq!(wiki_revision::Entity::find().count(&app.db).await.expect("count"), 2);
}

const CHANGES: &str = "query($first: Int, $after: String, $since: DateTime) {
  wikiChanges(first: $first, after: $after, since: $since) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { path revision at summary author { username } page { path workspace { key } } }
  } }";

async fn changes_resume_inside_one_second(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    put(&app, t, "a", "# A\none\n# B\ntwo\n", None).await;
    put(&app, t, "b", "# B\nbee\n", None).await;
    // Five more revisions saved in the same instant, spread over both pages.
    let burst = (Utc::now() + Duration::hours(1)).trunc_subsecs(0);
    let pages = wiki_page::Entity::find().all(&app.db).await.expect("pages");
    for n in 0..5 {
        let page = &pages[n % 2];
        wiki_revision::ActiveModel {
            page_id: Set(page.id),
            revision: Set(2 + (n / 2) as i32),
            content: Set(format!("{}\nextra {n}\n", page.content)),
            author_id: Set(s.alice.id),
            at: Set(burst),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .expect("revision");
    }
    let all = app.ok(t, CHANGES, json!({"first": 200})).await["wikiChanges"].clone();
    assert_eq!(all["totalCount"], 7);
    assert_eq!(all["pageInfo"]["hasNextPage"], false);
    let full: Vec<Value> = all["nodes"].as_array().expect("nodes").clone();
    assert_eq!(full[0]["summary"], "created (16 chars)");
    assert_eq!(full[0]["page"], json!({"path": "a", "workspace": {"key": "ENG"}}));
    assert_eq!(full[0]["author"]["username"], "alice");
    assert_eq!(full[2]["summary"], "edited section B (+9/-0 chars)", "{:?}", full[2]);
    for size in 1..=3 {
        let mut seen: Vec<Value> = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let data = app.ok(t, CHANGES, json!({"first": size, "after": after})).await["wikiChanges"].clone();
            seen.extend(data["nodes"].as_array().expect("nodes").iter().cloned());
            after = data["pageInfo"]["endCursor"].as_str().map(str::to_owned);
            if data["pageInfo"]["hasNextPage"] == false {
                break;
            }
        }
        assert_eq!(seen, full, "pages of {size}");
        // Past the end: nothing, and no next page.
        let data = app.ok(t, CHANGES, json!({"first": size, "after": after})).await["wikiChanges"].clone();
        assert_eq!(
            (data["nodes"].as_array().map(Vec::len), data["pageInfo"]["hasNextPage"].as_bool()),
            (Some(0), Some(false))
        );
    }
    // `since` is exclusive.
    let at = |since: chrono::DateTime<Utc>| json!({"first": 200, "since": since.to_rfc3339()});
    let after_burst = app.ok(t, CHANGES, at(burst)).await;
    assert_eq!(after_burst["wikiChanges"]["totalCount"], 0);
    let before_burst = app.ok(t, CHANGES, at(burst - Duration::seconds(1))).await;
    assert_eq!(before_burst["wikiChanges"]["totalCount"], 5);
}

const SEARCH: &str = "query($q: String!, $first: Int, $after: String) {
  searchWiki(query: $q, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { titleMatch excerpt page { path } }
  } }";

async fn search_ranks_title_hits_first(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let filler = "Some words here. ".repeat(30);
    put(&app, t, "ops/deploy", "# Deploy to Production\nThe checklist.\n", None).await;
    put(&app, t, "ops/old", &format!("# Runbook\n{filler}Then PRODUCTION deploy steps follow.\n"), None).await;
    put(&app, t, "ops/misc", "# Misc\nOnly deploy here.\n", None).await;
    put(&app, t, "ops/new", "# Notes\nproduction: we deploy on Fridays\n", None).await;
    let all = app.ok(t, SEARCH, json!({"q": "deploy  production"})).await["searchWiki"].clone();
    assert_eq!(all["totalCount"], 3);
    let hits: Vec<(&str, bool)> = all["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .map(|h| (h["page"]["path"].as_str().unwrap_or_default(), h["titleMatch"].as_bool().unwrap_or_default()))
        .collect();
    assert_eq!(hits, [("ops/deploy", true), ("ops/new", false), ("ops/old", false)], "then most recent");
    let excerpt = all["nodes"][2]["excerpt"].as_str().expect("excerpt");
    assert!(excerpt.starts_with('…') && excerpt.contains("PRODUCTION deploy steps"), "{excerpt}");
    assert!(units(excerpt) <= 160, "{excerpt}");

    let mut paged = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let data = app.ok(t, SEARCH, json!({"q": "DEPLOY production", "first": 1, "after": after})).await["searchWiki"]
            .clone();
        paged.extend(data["nodes"].as_array().expect("nodes").iter().map(|h| h["page"]["path"].clone()));
        after = data["pageInfo"]["endCursor"].as_str().map(str::to_owned);
        if data["pageInfo"]["hasNextPage"] == false {
            break;
        }
    }
    assert_eq!(paged, [json!("ops/deploy"), json!("ops/new"), json!("ops/old")]);
    let (code, _) = app.error(t, SEARCH, json!({"q": "   "})).await;
    assert_eq!(code, "BAD_USER_INPUT");
}

const TREE: &str = "query($first: Int, $after: String) {
  wikiTree(workspace: \"ENG\", first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { path depth parent hasChildren }
  } }";

async fn tree_pages_in_tree_order(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    for path in ["handbook", "guides-old", "guides/setup/linux", "guides", "guides/setup", "guides/a", "zeta/orphan"] {
        put(&app, t, path, &format!("# {path}\n"), None).await;
    }
    let expected = json!([
        {"path": "guides", "depth": 0, "parent": null, "hasChildren": true},
        {"path": "guides/a", "depth": 1, "parent": "guides", "hasChildren": false},
        {"path": "guides/setup", "depth": 1, "parent": "guides", "hasChildren": true},
        {"path": "guides/setup/linux", "depth": 2, "parent": "guides/setup", "hasChildren": false},
        {"path": "guides-old", "depth": 0, "parent": null, "hasChildren": false},
        {"path": "handbook", "depth": 0, "parent": null, "hasChildren": false},
        {"path": "zeta/orphan", "depth": 1, "parent": "zeta", "hasChildren": false},
    ]);
    for size in [1, 2, 3, 50] {
        let mut nodes = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let data = app.ok(t, TREE, json!({"first": size, "after": after})).await["wikiTree"].clone();
            assert_eq!(data["totalCount"], 7);
            nodes.extend(data["nodes"].as_array().expect("nodes").iter().cloned());
            after = data["pageInfo"]["endCursor"].as_str().map(str::to_owned);
            if data["pageInfo"]["hasNextPage"] == false {
                break;
            }
        }
        assert_eq!(Value::Array(nodes), expected, "pages of {size}");
    }
    let under = app.ok(t, "{ wikiPages(pathPrefix: \"guides\") { totalCount nodes { path title } } }", json!({})).await;
    let paths: Vec<&str> =
        under["wikiPages"]["nodes"].as_array().expect("nodes").iter().filter_map(|n| n["path"].as_str()).collect();
    assert_eq!(paths, ["guides", "guides/a", "guides/setup", "guides/setup/linux"], "not guides-old");
    assert_eq!(under["wikiPages"]["totalCount"], 4);
    let (code, _) = app.error(t, "{ wikiPages(first: 201) { totalCount } }", json!({})).await;
    assert_eq!(code, "BAD_USER_INPUT");
}

async fn visibility_and_workspace_resolution(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let board = Board::new(&app.db);
    let t = &s.alice_token;
    let ops = board.workspace("OPS").await;
    board.workspace_member(&ops, &s.alice, WorkspaceRole::Admin).await;
    let secret = board.project(&ops, "SEC", "Secret").await;
    board.member(&secret, &s.alice, ProjectRole::Manager).await;
    put(&app, t, "handbook", "# ENG handbook\n", None).await;
    let vars = json!({"ws": "OPS", "path": "handbook", "content": "# OPS handbook\nsecret words\n"});
    app.ok(t, PUT, vars).await;
    let vars = json!({"ws": "OPS", "path": "sec/plan", "content": "# Plan\nsecret words\n", "project": "SEC"});
    app.ok(t, PUT, vars).await;

    // The same path in two workspaces needs `workspace`.
    let (code, error) = app.error(t, "{ wikiPage(path: \"handbook\") { title } }", json!({})).await;
    assert_eq!(code, "BAD_USER_INPUT");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("ENG, OPS")), "{error}");
    let ops_page = app.ok(t, "{ wikiPage(workspace: \"OPS\", path: \"handbook\") { id title } }", json!({})).await;
    assert_eq!(ops_page["wikiPage"]["title"], "OPS handbook");
    let page_id = ops_page["wikiPage"]["id"].clone();
    let (code, _) = app.error(t, "{ wikiPage(path: \"nowhere\") { title } }", json!({})).await;
    assert_eq!(code, "NOT_FOUND");

    // A workspace member who is not in project SEC sees OPS pages but the plan.
    let carol = board.user("carol").await;
    board.workspace_member(&ops, &carol, WorkspaceRole::Member).await;
    let carol_token = board.token("carol").await;
    let seen = app.ok(&carol_token, "{ wikiPages { nodes { path } } }", json!({})).await;
    assert_eq!(seen["wikiPages"]["nodes"], json!([{"path": "handbook"}]));
    let (code, _) =
        app.error(&carol_token, "{ wikiPage(workspace: \"OPS\", path: \"sec/plan\") { title } }", json!({})).await;
    assert_eq!(code, "NOT_FOUND");

    // An outsider finds nothing, by path, id, list, search, changes or write.
    board.user("mallory").await;
    let outsider = board.token("mallory").await;
    let lists = app
        .ok(
            &outsider,
            "{ wikiPages { totalCount } wikiTree { totalCount } searchWiki(query: \"handbook\") { totalCount }
               wikiChanges { totalCount nodes { path } } }",
            json!({}),
        )
        .await;
    for list in ["wikiPages", "wikiTree", "searchWiki", "wikiChanges"] {
        assert_eq!(lists[list]["totalCount"], 0, "{list}: {lists}");
    }
    for (query, vars) in [
        ("{ wikiPage(workspace: \"ENG\", path: \"handbook\") { title } }", json!({})),
        ("{ wikiPage(path: \"handbook\") { title } }", json!({})),
        ("query($id: ID!) { node(id: $id) { id } }", json!({"id": page_id})),
        (PUT, json!({"ws": "ENG", "path": "handbook", "content": "x", "base": "1"})),
        (PUT, json!({"ws": "ENG", "path": "new", "content": "x"})),
        (PATCH, json!({"path": "handbook", "base": "1", "find": "ENG", "replace": "x"})),
    ] {
        let (code, error) = app.error(&outsider, query, vars).await;
        assert_eq!(code, "NOT_FOUND", "{query}: {error}");
    }
    // A read-only token cannot write.
    let reader = board.scoped_token("alice", None, true).await;
    let (code, _) = app.error(&reader, PUT, json!({"ws": "ENG", "path": "new", "content": "x"})).await;
    assert_eq!(code, "FORBIDDEN");
    let pages = wiki_page::Entity::find().filter(wiki_page::Column::Path.eq("new")).count(&app.db).await;
    assert_eq!(pages.expect("count"), 0);
}

/// Each list with the relations a client would show, one request each.
const LISTS: [(&str, &str); 4] = [
    ("wikiPages", "nodes { path title workspace { key } project { key } updatedBy { username } }"),
    ("wikiTree", "nodes { path hasChildren workspace { key } }"),
    ("searchWiki", "nodes { excerpt page { path workspace { key } } }"),
    ("wikiChanges", "nodes { path summary author { username } page { path workspace { key } } }"),
];

async fn lists_cost_the_same_statements_at_any_size(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    for n in 0..12 {
        let content = format!("# Page {n}\nbody\n");
        let vars = json!({"ws": "ENG", "path": format!("p/{n}"), "content": content, "project": "WEB"});
        app.ok(t, PUT, vars).await;
    }
    for (list, selection) in LISTS {
        let args = if list == "searchWiki" { "query: \"page\", first: $first" } else { "first: $first" };
        let query = format!("query($first: Int) {{ {list}({args}) {{ {selection} }} }}");
        let mut counts = Vec::new();
        for first in [2, 10] {
            app.statements.take();
            let data = app.ok(t, &query, json!({"first": first})).await;
            assert_eq!(data[list]["nodes"].as_array().map(Vec::len), Some(first), "{list}");
            let statements: Vec<String> =
                app.statements.take().into_iter().filter(|s| !s.contains("api_token")).collect();
            if list != "searchWiki" {
                for statement in statements.iter().filter(|s| s.contains("FROM \"wiki_page\"")) {
                    assert!(!statement.contains("\"wiki_page\".\"content\""), "{list} read content: {statement}");
                }
            }
            counts.push(statements.len());
        }
        assert_eq!(counts[0], counts[1], "{list}: {counts:?}");
        assert!(counts[0] <= 6, "{list} takes a handful of statements: {counts:?}");
    }
}

/// Paths that look the same are one page (stored in NFC), and invisible
/// characters are refused with their code point and position; task titles
/// are stored in NFC too.
async fn paths_that_look_the_same_are_one_page(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let composed = put(&app, t, "guides/caf\u{e9}", "# One", None).await;
    assert_eq!(composed["path"], "guides/caf\u{e9}");
    let decomposed = json!({"ws": "ENG", "path": "guides/cafe\u{301}", "content": "# Two", "base": null});
    let (code, error) = app.error(t, PUT, decomposed.clone()).await;
    assert_eq!(code, "CONFLICT", "the same page, created once: {error}");
    let again = json!({"ws": "ENG", "path": "guides/cafe\u{301}", "content": "# Two", "base": "1"});
    assert_eq!(app.ok(t, PUT, again).await["putWikiPage"]["revision"], 2);
    let read = json!({"path": "guides/cafe\u{301}", "max": 100, "cursor": 0, "section": null});
    assert_eq!(app.ok(t, READ, read).await["wikiPage"]["revision"], 2, "read by either form");
    for (path, named) in [
        ("guides/ca\u{200B}fe", "U+200B"),
        ("guides/\u{200B}/page", "U+200B"),
        ("guides/line\u{2028}two", "U+2028"),
        ("\u{FEFF}guides", "U+FEFF"),
        ("guides/\u{2060}", "U+2060"),
    ] {
        let (code, error) = app.error(t, PUT, json!({"ws": "ENG", "path": path, "content": "x"})).await;
        assert_eq!(code, "BAD_USER_INPUT", "{path:?}: {error}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(message.contains(named) && message.contains("at position"), "{path:?}: {message}");
    }
    let tree = app.ok(t, "{ wikiPages(workspace: \"ENG\") { totalCount } }", json!({})).await;
    assert_eq!(tree["wikiPages"]["totalCount"], 1, "{tree}");
    let created = app
        .ok(
            t,
            "mutation { createTask(input: {project: \"WEB\", title: \"Cafe\u{301} menu\"}) { ref title } }",
            json!({}),
        )
        .await;
    assert_eq!(created["createTask"]["title"], "Caf\u{e9} menu");
    // Names are looked up in the form they are stored in: a username typed
    // with a combining accent finds the user stored composed.
    Board::new(&app.db).user("jos\u{e9}").await;
    let assign =
        "mutation($r: String!, $a: String) { updateTask(ref: $r, input: {assignee: $a}) { assignee { username } } }";
    let task_ref = created["createTask"]["ref"].as_str().unwrap_or_default();
    let (_, body) = app.post(Some(t), assign, json!({"r": task_ref, "a": "jose\u{301}"})).await;
    assert!(!body.to_string().contains("no user named"), "{body}");
}

on_both_backends!(
    paths_that_look_the_same_are_one_page,
    lists_cost_the_same_statements_at_any_size,
    windows_concatenate_to_the_whole_page,
    outline_sections_and_frontmatter,
    safe_edits,
    concurrent_puts_from_one_base_have_one_winner,
    changes_resume_inside_one_second,
    search_ranks_title_hits_first,
    tree_pages_in_tree_order,
    visibility_and_workspace_resolution,
);
