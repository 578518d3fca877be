//! Hostile input: HTML is made safe on write (and stored rows by a
//! migration), single-line fields refuse control and bidirectional
//! characters, texts, searches, dates and frontmatter are bounded, and
//! concurrent writes of one task keep its change log one unbroken chain.

use std::time::{Duration, Instant};

use sea_orm::{ActiveModelTrait, ColumnTrait, Database, EntityTrait, QueryFilter, Set};
use serde_json::{Value, json};

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, TestDb, simple_board};

/// Kinds of the OWASP XSS filter evasion cheat sheet, each a way to run
/// script from stored HTML (after one harmless link that must survive; the
/// foreign-content `<style>` vector swallows what follows it, as browsers do).
const XSS_VECTORS: &[&str] = &[
    "<a href=\"https://ok.test/page\" target=\"_blank\">fine link</a>",
    "<script>alert(1)</script>",
    "<SCRIPT SRC=http://x.test/xss.js></SCRIPT>",
    "<img src=x onerror=alert(1)>",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    "<img src=\"jav&#x09;ascript:alert('XSS');\">",
    "<a href=\"javascript:alert(1)\">click</a>",
    "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">entity</a>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">data</a>",
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<iframe src=\"https://x.test\"></iframe>",
    "<body onload=alert(1)>",
    "<div style=\"background:url(javascript:alert(1))\">styled</div>",
    "<style>@import 'http://x.test/x.css';</style>",
    "<form action=\"https://x.test\"><input name=a><button>go</button></form>",
    "<object data=\"x.swf\"></object><embed src=\"x.swf\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<details open ontoggle=alert(1)>",
    "<<SCRIPT>alert(\"XSS\");//<</SCRIPT>",
];

const FORBIDDEN: &[&str] = &[
    "<script",
    "onerror",
    "onload",
    "ontoggle",
    "javascript:",
    "<iframe",
    "<svg",
    "<form",
    "style=",
    "<style",
    "data:",
    "<object",
    "<embed",
    "<meta",
    "<input",
    "<button",
    "<body",
];

/// `html` without the one input the allowlist keeps: a task list's
/// disabled checkbox (its attributes in any order).
fn without_checkboxes(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find("<input ") {
        out.push_str(&rest[..start]);
        let tag = &rest[start..];
        let end = tag.find('>').map_or(tag.len(), |e| e + 1);
        let mut attributes: Vec<&str> = tag[7..end - 1].split_whitespace().collect();
        attributes.sort_unstable();
        let checkbox = attributes == ["disabled=\"\"", "type=\"checkbox\""]
            || attributes == ["checked=\"\"", "disabled=\"\"", "type=\"checkbox\""];
        if !checkbox {
            out.push_str(&tag[..end]);
        }
        rest = &tag[end..];
    }
    out.push_str(rest);
    out
}

fn assert_safe(html: &str) {
    let lower = without_checkboxes(&html.to_lowercase());
    for bad in FORBIDDEN {
        assert!(!lower.contains(bad), "{bad} survived in {html}");
    }
}

fn assert_bad_input(body: &Value, needle: &str) {
    let error = &body["errors"][0];
    assert_eq!(error["extensions"]["code"], "BAD_USER_INPUT", "{body}");
    assert!(error["message"].as_str().unwrap_or_default().contains(needle), "{needle}: {body}");
}

async fn html_is_sanitized_on_every_write(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let all = XSS_VECTORS.join("\n<p>between</p>\n");
    let created = app
        .ok(t, "mutation($d: String) { createTask(input: {project: \"WEB\", title: \"X\", description: $d}) { ref description } }", json!({"d": all}))
        .await;
    let description = created["createTask"]["description"].as_str().unwrap_or_default();
    assert_safe(description);
    assert!(description.contains("<p>between</p>") && description.contains("fine link"), "{description}");
    assert!(description.contains("rel=\"noopener noreferrer\""), "{description}");
    // Markdown may hold raw HTML and links of any scheme: the same allowlist.
    let markdown = format!("{all}\n\n[a](javascript:alert(1)) <javascript:alert(1)> ![i](data:image/png;base64,AA)");
    let from_markdown = app
        .ok(t, "mutation($d: String) { createTask(input: {project: \"WEB\", title: \"M\", descriptionMarkdown: $d}) { description } }", json!({"d": markdown}))
        .await;
    assert_safe(from_markdown["createTask"]["description"].as_str().unwrap_or_default());
    let task_ref = created["createTask"]["ref"].as_str().unwrap_or_default().to_owned();
    for vector in XSS_VECTORS {
        let updated = app
            .ok(
                t,
                "mutation($r: String!, $d: String) { updateTask(ref: $r, input: {description: $d}) { description } }",
                json!({"r": task_ref, "d": format!("<p>keep</p>{vector}")}),
            )
            .await;
        assert_safe(updated["updateTask"]["description"].as_str().unwrap_or_default());
        let comment = app
            .ok(
                t,
                "mutation($r: String!, $b: String!) { addComment(ref: $r, body: $b) { body } }",
                json!({"r": task_ref, "b": format!("<p>said</p>{vector}")}),
            )
            .await;
        assert_safe(comment["addComment"]["body"].as_str().unwrap_or_default());
    }
    let events = app
        .ok(
            t,
            "query($r: String!) { task(ref: $r) { events(first: 200) { nodes { field oldValue newValue } } } }",
            json!({"r": task_ref}),
        )
        .await;
    for event in events["task"]["events"]["nodes"].as_array().into_iter().flatten() {
        assert_safe(event["oldValue"].as_str().unwrap_or_default());
        assert_safe(event["newValue"].as_str().unwrap_or_default());
    }
    let project = app
        .ok(t, "mutation($d: String) { createProject(input: {workspace: \"ENG\", key: \"XSS\", name: \"Probe\", description: $d}) { description } }", json!({"d": all}))
        .await;
    assert_safe(project["createProject"]["description"].as_str().unwrap_or_default());
}

/// Every reader of a text walks its element tree: nesting is bounded on
/// write, as HTML and as Markdown.
async fn deep_nesting_is_refused_on_write(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let create = "mutation($d: String, $m: String) { createTask(input: {project: \"WEB\", title: \"Deep\", description: $d, descriptionMarkdown: $m}) { ref } }";
    // As deep as the length limit allows: nothing recursive sees it.
    for variables in [
        json!({"d": "<ul><li>".repeat(5_000)}),
        json!({"m": ">".repeat(5_000)}),
        json!({"d": "<b>".repeat(33_000)}),
        json!({"m": ">".repeat(99_999)}),
    ] {
        let (code, error) = app.error(t, create, variables).await;
        assert_eq!(code, "BAD_USER_INPUT", "{error}");
        assert!(error["message"].as_str().unwrap_or_default().contains("levels deep"), "{error}");
    }
    // Runs of delimiters that do not nest are text.
    for text in ["*".repeat(99_999), "[".repeat(99_999), "_`".repeat(49_999)] {
        let started = Instant::now();
        app.ok(t, create, json!({"m": text})).await;
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    }
    let fine = app.ok(t, create, json!({"m": "> quoted\n>> twice\n\n- a\n  - b"})).await;
    let task_ref = fine["createTask"]["ref"].as_str().unwrap_or_default().to_owned();
    let read = app
        .ok(
            t,
            "query($r: String!) { task(ref: $r) { descriptionText(format: MARKDOWN) { text } } }",
            json!({"r": task_ref}),
        )
        .await;
    assert!(read["task"]["descriptionText"]["text"].as_str().unwrap_or_default().contains("> quoted"), "{read}");
}

async fn stored_html_is_sanitized_by_the_migration(backend: Backend) {
    let test_db = TestDb::create(backend).await;
    let db = Database::connect(&test_db.url).await.expect("connect");
    // Every migration before the one that sanitizes.
    <migration::Migrator as migration::MigratorTrait>::up(&db, Some(2)).await.expect("older migrations");
    let board = Board::new(&db);
    let alice = board.user("alice").await;
    let ws = board.workspace("ENG").await;
    let web = board.project(&ws, "WEB", "Web").await;
    let ids = board.tasks(&web, &alice, 2).await;
    let dirty = "<p>kept</p><img src=x onerror=alert(1)><script>alert(2)</script>";
    // Written without reading back: the entities know columns that later
    // migrations add.
    entity::task::Entity::update_many()
        .col_expr(entity::task::Column::Description, sea_orm::sea_query::Expr::value(dirty))
        .filter(entity::task::Column::Id.eq(ids[0]))
        .exec(&db)
        .await
        .expect("dirty description");
    let comment = entity::comment::ActiveModel {
        task_id: Set(ids[1]),
        author_id: Set(alice.id),
        body: Set(dirty.into()),
        created_at: Set(crate::support::t0()),
        updated_at: Set(crate::support::t0()),
        ..Default::default()
    };
    entity::comment::Entity::insert(comment).exec_without_returning(&db).await.expect("dirty comment");
    <migration::Migrator as migration::MigratorTrait>::up(&db, None).await.expect("the rest");
    // The live-task counters are filled from the tasks stored before them.
    let counters = entity::status_task_count::Entity::find().all(&db).await.expect("counters");
    assert_eq!(counters.iter().map(|c| c.live).sum::<i64>(), 2, "{counters:?}");
    assert!(counters.iter().all(|c| c.project_id == web.id));
    let task = entity::task::Entity::find_by_id(ids[0]).one(&db).await.expect("read").expect("task");
    assert_eq!(task.description.as_deref(), Some("<p>kept</p><img src=\"x\">"));
    let comments = entity::comment::Entity::find().all(&db).await.expect("read");
    assert_eq!(comments[0].body, "<p>kept</p><img src=\"x\">");
    db.close().await.ok();
}

/// Names stored before they were normalized are put in NFC by a
/// migration, except where the composed form is already taken.
async fn stored_names_are_normalized_by_the_migration(backend: Backend) {
    let test_db = TestDb::create(backend).await;
    let db = Database::connect(&test_db.url).await.expect("connect");
    // Every migration before the one that normalizes.
    <migration::Migrator as migration::MigratorTrait>::up(&db, Some(6)).await.expect("older migrations");
    let board = Board::new(&db);
    let decomposed = board.user("jose\u{301}").await;
    let alice = board.user("alice").await;
    let ws = board.workspace("ENG").await;
    let page = |path: &str| entity::wiki_page::ActiveModel {
        workspace_id: Set(ws.id),
        path: Set(path.into()),
        title: Set("Page".into()),
        content: Set("# Page".into()),
        revision: Set(1),
        created_at: Set(crate::support::t0()),
        updated_at: Set(crate::support::t0()),
        updated_by_id: Set(alice.id),
        ..Default::default()
    };
    let lone = page("caf\u{65}\u{301}").insert(&db).await.expect("page");
    let composed = page("cr\u{e8}me").insert(&db).await.expect("page");
    let twin = page("cre\u{300}me").insert(&db).await.expect("page");
    <migration::Migrator as migration::MigratorTrait>::up(&db, None).await.expect("the rest");
    let user = entity::user::Entity::find_by_id(decomposed.id).one(&db).await.expect("read").expect("user");
    assert_eq!(user.username, "jos\u{e9}");
    let read = |id: i64| {
        let db = &db;
        async move { entity::wiki_page::Entity::find_by_id(id).one(db).await.expect("read").expect("page").path }
    };
    assert_eq!(read(lone.id).await, "caf\u{e9}");
    assert_eq!(read(composed.id).await, "cr\u{e8}me");
    assert_eq!(read(twin.id).await, "cre\u{300}me", "left as it was: its composed form is taken");
    db.close().await.ok();
}

async fn single_line_fields_refuse_control_and_bidi_characters(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    for title in ["nul\u{0}here", "esc \u{1b}[31mred", "two\nlines", "evil\u{202E}txt.exe", "iso\u{2066}late"] {
        let (_, body) = app
            .post(
                Some(t),
                "mutation($t: String!) { createTask(input: {project: \"WEB\", title: $t}) { ref } }",
                json!({"t": title}),
            )
            .await;
        assert_bad_input(&body, "control character");
        let (_, body) = app
            .post(
                Some(t),
                "mutation($n: String!) { createProject(input: {workspace: \"ENG\", key: \"CTL\", name: $n}) { key } }",
                json!({"n": title}),
            )
            .await;
        assert_bad_input(&body, "control character");
    }
    let (_, body) = app
        .post(
            Some(t),
            "mutation($d: String) { createTask(input: {project: \"WEB\", title: \"ok\", description: $d}) { ref } }",
            json!({"d": "a\u{0}b"}),
        )
        .await;
    assert_bad_input(&body, "control character");
    let (_, body) = app
        .post(
            Some(t),
            "mutation($p: String!) { putWikiPage(workspace: \"ENG\", path: $p, content: \"# Hi\") { path } }",
            json!({"p": "docs/evil\u{202E}gpj.exe"}),
        )
        .await;
    assert_eq!(body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT", "{body}");
}

async fn texts_searches_and_dates_are_bounded(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let create =
        "mutation($d: String) { createTask(input: {project: \"WEB\", title: \"Long\", description: $d}) { ref } }";
    let (_, body) = app.post(Some(t), create, json!({"d": "x".repeat(100_001)})).await;
    assert_bad_input(&body, "longer than 100000");
    // Counted in UTF-16 units, as every length: an emoji is two.
    let comment = "mutation($b: String!) { addComment(ref: \"WEB-1\", body: $b) { id } }";
    app.ok(t, create, json!({"d": "first"})).await;
    let (_, body) = app.post(Some(t), comment, json!({"b": "😀".repeat(50_001)})).await;
    assert_bad_input(&body, "longer than 100000");
    app.ok(t, comment, json!({"b": "😀".repeat(50_000)})).await;
    let (_, body) = app
        .post(
            Some(t),
            "mutation($s: String) { registerAgent(name: \"bot\", status: $s) { id } }",
            json!({"s": "s".repeat(1_001)}),
        )
        .await;
    assert_bad_input(&body, "longer than 1000");

    let search = "query($f: TaskFilter) { tasks(filter: $f) { totalCount } }";
    let (_, body) = app.post(Some(t), search, json!({"f": {"text": "w".repeat(200_000)}})).await;
    assert_bad_input(&body, "a word of 200000 characters");
    let many: Vec<String> = (0..17).map(|i| format!("w{i}")).collect();
    let (_, body) = app.post(Some(t), search, json!({"f": {"text": many.join(" ")}})).await;
    assert_bad_input(&body, "17 words");
    let (_, body) = app.post(Some(t), search, json!({"f": {"dueBefore": "+200000-01-01"}})).await;
    assert_eq!(body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT", "{body}");
    let (_, body) = app.post(Some(t), search, json!({"f": {"changedSince": "+100000-01-01T00:00:00Z"}})).await;
    assert_eq!(body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT", "{body}");
    app.ok(t, search, json!({"f": {"text": "ordinary words", "dueBefore": "9999-12-31"}})).await;
}

fn alias_bomb_frontmatter() -> String {
    let mut yaml = String::from("title: Bomb\na: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for level in 0..8 {
        let prev = if level == 0 { "a".to_owned() } else { format!("l{}", level - 1) };
        let items = vec![format!("*{prev}"); 10].join(", ");
        yaml.push_str(&format!("l{level}: &l{level} [{items}]\n"));
    }
    format!("---\n{yaml}---\n# Bomb\n")
}

async fn frontmatter_aliases_are_refused_on_write_and_ignored_on_read(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let t = &s.alice_token;
    let put = "mutation($c: String!) { putWikiPage(workspace: \"ENG\", path: \"bomb\", content: $c) { path } }";
    let started = Instant::now();
    let (_, body) = app.post(Some(t), put, json!({"c": alias_bomb_frontmatter()})).await;
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_bad_input(&body, "alias");
    // Flow lists as deep as the frontmatter's 16 KiB allow, and a page of
    // quotes 400,000 deep: refused, and read in linear passes.
    let deep = format!("---\nx: {}{}\n---\n# Deep\n", "[".repeat(100), "]".repeat(100));
    let (_, body) = app.post(Some(t), put, json!({"c": deep})).await;
    assert_bad_input(&body, "nest");
    // Deeper than the YAML parser itself takes: not frontmatter, the page's text.
    let deeper = format!("---\nx: {}{}\n---\n# Deeper\n", "[".repeat(8_000), "]".repeat(8_000));
    app.ok(t, put.replace("bomb", "deeper").as_str(), json!({"c": deeper})).await;
    let read = "{ wikiPage(workspace: \"ENG\", path: \"deeper\") { frontmatter title } }";
    assert!(app.ok(t, read, json!({})).await["wikiPage"]["frontmatter"].is_null());
    let quotes = format!("# Quotes\n{}\n", ">".repeat(400_000));
    app.ok(t, put.replace("bomb", "quotes").as_str(), json!({"c": quotes})).await;
    let read =
        "{ wikiPage(workspace: \"ENG\", path: \"quotes\") { outline { text } content(maxChars: 100) { text } } }";
    assert_eq!(app.ok(t, read, json!({})).await["wikiPage"]["outline"][0]["text"], "Quotes");
    // A page stored before the check: its frontmatter reads as absent.
    app.ok(t, put, json!({"c": "---\ntitle: Fine\n---\n# Fine\n"})).await;
    let page = entity::wiki_page::Entity::find()
        .filter(entity::wiki_page::Column::Path.eq("bomb"))
        .one(&app.db)
        .await
        .expect("read")
        .expect("page");
    let mut row: entity::wiki_page::ActiveModel = page.into();
    row.content = Set(alias_bomb_frontmatter());
    row.update(&app.db).await.expect("store the bomb");
    let started = Instant::now();
    let read = app.ok(t, "{ wikiPage(workspace: \"ENG\", path: \"bomb\") { frontmatter title } }", json!({})).await;
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(read["wikiPage"]["frontmatter"].is_null(), "{read}");
}

async fn concurrent_updates_keep_one_unbroken_change_chain(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    let initial =
        app.ok(&s.alice_token, "{ task(ref: \"WEB-1\") { title } }", json!({})).await["task"]["title"].clone();
    let update = "mutation($t: String!) { updateTask(ref: \"WEB-1\", input: {title: $t}) { ref } }";
    let comment = "mutation($b: String!) { addComment(ref: \"WEB-1\", body: $b) { id } }";
    let writes = (0..20).map(|i| {
        let app = &app;
        let token = &s.alice_token;
        async move {
            app.ok(token, update, json!({"t": format!("version {i}")})).await;
            app.ok(token, comment, json!({"b": format!("comment {i}")})).await;
        }
    });
    futures_util::future::join_all(writes).await;
    let read = app
        .ok(
            &s.alice_token,
            "{ task(ref: \"WEB-1\") { title commentCount events(first: 200) { nodes { field oldValue newValue } } } }",
            json!({}),
        )
        .await;
    assert_eq!(read["task"]["commentCount"], 20, "{read}");
    let events: Vec<&Value> = read["task"]["events"]["nodes"].as_array().into_iter().flatten().collect();
    assert_eq!(events.iter().filter(|e| e["field"] == "comment").count(), 20);
    let titles: Vec<&&Value> = events.iter().filter(|e| e["field"] == "title").collect();
    assert_eq!(titles.len(), 20, "{read}");
    let mut current = initial;
    for event in &titles {
        assert_eq!(event["oldValue"], current, "the chain breaks at {event}");
        current = event["newValue"].clone();
    }
    assert_eq!(current, read["task"]["title"], "the last event is not the final state");
}

on_both_backends!(
    deep_nesting_is_refused_on_write,
    html_is_sanitized_on_every_write,
    stored_html_is_sanitized_by_the_migration,
    stored_names_are_normalized_by_the_migration,
    single_line_fields_refuse_control_and_bidi_characters,
    texts_searches_and_dates_are_bounded,
    frontmatter_aliases_are_refused_on_write_and_ignored_on_read,
    concurrent_updates_keep_one_unbroken_change_chain,
);
