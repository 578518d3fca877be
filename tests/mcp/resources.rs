//! Tasks and wiki pages as resources, through rmcp's client: the two
//! templates, the open tasks listed a page at a time, a task read as
//! Markdown in windows that fit the cap and join to the whole text, a wiki
//! page, completions of a project key, a ref and a wiki path, and an
//! unknown task answered as a missing resource.

use rmcp::model::{
    ArgumentInfo, CompleteRequestParams, CompletionContext, PaginatedRequestParams, ReadResourceRequestParams,
    Reference, ResourceContents,
};
use serde_json::json;

use tasklens::config::{Settings, ToolChoice};
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, TestApp};

async fn seeded(backend: Backend, reply_cap: u32) -> (TestApp, String) {
    let settings = Settings { reply_cap, ..Settings::default() };
    let app = TestApp::start_offering(backend, settings, &ToolChoice::default()).await;
    demo::seed(&app.db, &SeedOptions { projects: 4, tasks: 120, seed: 11 }).await.expect("seed");
    let token =
        tasklens::store::tokens::create_token(&app.db, DEMO_USERNAME, None, false, "test").await.expect("token");
    (app, token)
}

async fn read(mcp: &Mcp, uri: &str) -> String {
    let result = mcp.peer().read_resource(ReadResourceRequestParams::new(uri)).await.expect("read");
    match &result.contents[..] {
        [ResourceContents::TextResourceContents { text, mime_type, .. }] => {
            assert_eq!(mime_type.as_deref(), Some("text/markdown"));
            text.clone()
        }
        other => panic!("one text content: {other:?}"),
    }
}

async fn complete(mcp: &Mcp, template: &str, name: &str, value: &str, workspace: Option<&str>) -> Vec<String> {
    let mut request = CompleteRequestParams::new(Reference::for_resource(template), ArgumentInfo::new(name, value));
    if let Some(workspace) = workspace {
        let arguments = std::collections::HashMap::from([("workspace".to_owned(), workspace.to_owned())]);
        request.context = Some(CompletionContext::with_arguments(arguments));
    }
    mcp.peer().complete(request).await.expect("complete").completion.values
}

async fn templates_list_and_completions(backend: Backend) {
    let (app, token) = seeded(backend, 20_000).await;
    let mcp = Mcp::http(&app, &token).await;
    let templates = mcp.peer().list_resource_templates(None).await.expect("templates").resource_templates;
    let uris: Vec<&str> = templates.iter().map(|t| t.uri_template.as_str()).collect();
    assert_eq!(uris, ["tasklens://task/{ref}", "tasklens://wiki/{workspace}/{path}"]);

    // The open tasks, 50 a page, every one once.
    let open = app.ok(&token, "{ tasks(filter: {done: false}) { totalCount } }", json!({})).await;
    let mut seen = std::collections::HashSet::new();
    let mut cursor = None;
    loop {
        let page = mcp
            .peer()
            .list_resources(Some(PaginatedRequestParams::default().with_cursor(cursor.clone())))
            .await
            .expect("list");
        assert!(page.resources.len() <= 50);
        for resource in &page.resources {
            assert!(resource.uri.starts_with("tasklens://task/"), "{}", resource.uri);
            assert!(seen.insert(resource.uri.clone()), "{} twice", resource.uri);
        }
        match page.next_cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    assert_eq!(seen.len() as u64, open["tasks"]["totalCount"].as_u64().expect("a count"));

    // A project key, then that project's refs.
    let keys = complete(&mcp, "tasklens://task/{ref}", "ref", "mob", None).await;
    assert_eq!(keys, ["MOBILE-"]);
    let refs = complete(&mcp, "tasklens://task/{ref}", "ref", "MOBILE-1", None).await;
    assert!(!refs.is_empty() && refs.iter().all(|r| r.starts_with("MOBILE-1")), "{refs:?}");
    let workspaces = complete(&mcp, "tasklens://wiki/{workspace}/{path}", "workspace", "", None).await;
    assert!(!workspaces.is_empty());
    let paths = complete(&mcp, "tasklens://wiki/{workspace}/{path}", "path", "", Some(&workspaces[0])).await;
    if let Some(path) = paths.first() {
        let page = read(&mcp, &format!("tasklens://wiki/{}/{path}", workspaces[0])).await;
        assert!(page.contains(&format!("{}/{path} revision", workspaces[0])), "{page}");
    }

    let missing = mcp.peer().read_resource(ReadResourceRequestParams::new("tasklens://task/NOPE-1")).await;
    assert!(missing.is_err(), "an unknown task is no resource");
    let foreign = mcp.peer().read_resource(ReadResourceRequestParams::new("https://example.com/")).await;
    assert!(foreign.is_err());
}

async fn a_task_reads_in_windows_within_the_cap(backend: Backend) {
    let (app, token) = seeded(backend, 3_000).await;
    let mcp = Mcp::http(&app, &token).await;
    let paragraph = "A paragraph of the description, long enough to need several windows. ";
    let description = (0..60).map(|n| format!("{n}. {paragraph}")).collect::<Vec<_>>().join("\n\n");
    let made = app
        .ok(
            &token,
            "mutation($d: String!) { createTask(input: {project: \"MOBILE\", title: \"Long\", descriptionMarkdown: $d}) { ref
               descriptionText(maxChars: 20000, format: MARKDOWN) { text } } }",
            json!({"d": description}),
        )
        .await;
    let task_ref = made["createTask"]["ref"].as_str().expect("a ref").to_owned();
    let whole = made["createTask"]["descriptionText"]["text"].as_str().expect("text").to_owned();
    let first = read(&mcp, &format!("tasklens://task/{task_ref}")).await;
    assert!(first.starts_with(&format!("# {task_ref}: Long\n")), "{first}");
    assert!(first.encode_utf16().count() <= 3_000);
    let mut text = String::new();
    let mut page = first.split_once("\n\n").map(|(_, rest)| rest.to_owned()).expect("a header");
    for _ in 0..50 {
        let (body, next) = match page.split_once("\n\n---\n(cut at ") {
            Some((body, mark)) => (body.to_owned(), mark.split_once(' ').and_then(|(n, _)| n.parse::<usize>().ok())),
            None => (page.clone(), None),
        };
        text.push_str(&body);
        let Some(next) = next else { break };
        assert!(page.contains(&format!("tasklens://task/{task_ref}?cursor={next}")), "{page}");
        page = read(&mcp, &format!("tasklens://task/{task_ref}?cursor={next}")).await;
        assert!(page.encode_utf16().count() <= 3_000);
    }
    assert_eq!(text, whole, "the windows join to the whole description");
}

on_both_backends!(templates_list_and_completions, a_task_reads_in_windows_within_the_cap);
