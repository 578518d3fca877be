//! Tokens are listed, created and revoked (GraphQL and CLI); a revoked token
//! is refused (at once when revoked through the server, within a second
//! when revoked elsewhere) and its subscriptions end; failed attempts are slowed;
//! a scoped token sees one workspace through every root field.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board, two_workspace_board};

async fn tokens_are_listed_created_and_revoked_through_graphql(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let created = app
        .ok(&s.alice_token, "mutation { createApiToken(name: \"laptop\", readOnly: true) { token apiToken { id name readOnly revokedAt } } }", json!({}))
        .await;
    let token = created["createApiToken"]["token"].as_str().expect("token text").to_owned();
    let id = created["createApiToken"]["apiToken"]["id"].clone();
    assert!(token.starts_with("tl_"));
    assert_eq!(app.ok(&token, "{ viewer { username } }", json!({})).await["viewer"]["username"], "alice");
    let (code, _) =
        app.error(&token, "mutation { createTask(input: {project: \"WEB\", title: \"x\"}) { ref } }", json!({})).await;
    assert_eq!(code, "FORBIDDEN", "the new token is read-only");

    let listed =
        app.ok(&s.alice_token, "{ apiTokens { totalCount nodes { id name readOnly lastUsedAt } } }", json!({})).await;
    assert_eq!(listed["apiTokens"]["totalCount"], 2, "{listed}");
    assert_eq!(listed["apiTokens"]["nodes"][0]["name"], "laptop");
    assert!(!listed.to_string().contains(&token), "a token's text is shown once only");

    board_user_with_token(&app, "mallory").await;
    let mallory = Board::new(&app.db).token("mallory").await;
    let (code, _) =
        app.error(&mallory, "mutation($id: ID!) { revokeApiToken(id: $id) { id } }", json!({"id": id})).await;
    assert_eq!(code, "NOT_FOUND", "another user's token");
    let revoked =
        app.ok(&s.alice_token, "mutation($id: ID!) { revokeApiToken(id: $id) { revokedAt } }", json!({"id": id})).await;
    assert!(revoked["revokeApiToken"]["revokedAt"].is_string(), "{revoked}");
    let (status, body) = app.post(Some(&token), "{ viewer { username } }", json!({})).await;
    assert_eq!((status, body["errors"][0]["extensions"]["code"].clone()), (401, json!("UNAUTHENTICATED")));
}

/// A front end learns what the token it holds may do, to show or hide its
/// edit controls.
async fn the_viewer_token_says_whether_it_may_write(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let read_only = Board::new(&app.db).scoped_token("alice", None, true).await;
    let query = "{ viewerToken { readOnly workspace { key } revokedAt } }";
    let mine = app.ok(&s.alice_token, query, json!({})).await;
    assert_eq!(mine, json!({"viewerToken": {"readOnly": false, "workspace": null, "revokedAt": null}}));
    let reader = app.ok(&read_only, query, json!({})).await;
    assert_eq!(reader["viewerToken"]["readOnly"], true, "{reader}");
}

/// A token made with a token goes when that one is revoked, and so do the
/// tokens made with it in turn: a leaked token leaves no live one behind.
async fn tokens_made_with_a_token_are_revoked_with_it(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let create = "mutation($name: String!) { createApiToken(name: $name) { token apiToken { id } } }";
    let made = |token: String, name: &'static str| {
        let app = &app;
        async move {
            let created = app.ok(&token, create, json!({"name": name})).await;
            let text = created["createApiToken"]["token"].as_str().expect("token").to_owned();
            (text, created["createApiToken"]["apiToken"]["id"].clone())
        }
    };
    let (child, child_id) = made(s.alice_token.clone(), "child").await;
    let (grandchild, _) = made(child.clone(), "grandchild").await;
    let (sibling, _) = made(s.alice_token.clone(), "sibling").await;
    let revoked =
        app.ok(&sibling, "mutation($id: ID!) { revokeApiToken(id: $id) { revokedAt } }", json!({"id": child_id})).await;
    assert!(revoked["revokeApiToken"]["revokedAt"].is_string(), "{revoked}");
    for gone in [&child, &grandchild] {
        let (status, _) = app.post(Some(gone), "{ viewer { username } }", json!({})).await;
        assert_eq!(status, 401, "revoked with the token it was made with");
    }
    for kept in [&s.alice_token, &sibling] {
        assert_eq!(app.ok(kept, "{ viewer { username } }", json!({})).await["viewer"]["username"], "alice");
    }
}

/// A wide and deep lineage goes in one revocation: no list of ids is bound,
/// however many tokens were made from the leaked one.
async fn a_wide_deep_lineage_is_revoked_at_once(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let (root, row) =
        tasklens::store::tokens::insert_token(&app.db, s.alice.id, None, false, "root", None).await.expect("root");
    let mut parent = row.id;
    for depth in 0..30 {
        let (_, child) = tasklens::store::tokens::insert_token(&app.db, s.alice.id, None, false, "deep", Some(parent))
            .await
            .unwrap_or_else(|e| panic!("depth {depth}: {e}"));
        parent = child.id;
    }
    let (last, _) = tasklens::store::tokens::insert_token(&app.db, s.alice.id, None, false, "leaf", Some(parent))
        .await
        .expect("leaf");
    for _ in 0..1_500 {
        tasklens::store::tokens::insert_token(&app.db, s.alice.id, None, false, "wide", Some(row.id))
            .await
            .expect("wide");
    }
    tasklens::store::tokens::revoke(&app.db, row.id).await.expect("revoked");
    let listed = tasklens::store::tokens::list(&app.db, Some("alice")).await.expect("list");
    let live: Vec<&str> = listed.iter().filter(|t| t.revoked_at.is_none()).map(|t| t.name.as_str()).collect();
    assert_eq!(live.len(), 1, "only alice's own first token is left: {live:?}");
    for gone in [&root, &last] {
        let (status, _) = app.post(Some(gone), "{ viewer { username } }", json!({})).await;
        assert_eq!(status, 401);
    }
}

/// A verified token is remembered: a request reads no token row. A
/// revocation this gateway did not make (another gateway, the CLI, SQL)
/// reaches it within a second; its own at once. While the database is
/// away nothing is served from memory.
async fn a_remembered_token_is_forgotten_within_a_second_of_its_revocation(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let (token, row) = tasklens::store::tokens::insert_token(&app.db, s.alice.id, None, false, "elsewhere", None)
        .await
        .expect("token");
    let viewer = "{ viewer { username } }";
    app.ok(&token, viewer, json!({})).await;
    app.statements.take();
    for _ in 0..3 {
        assert_eq!(app.ok(&token, viewer, json!({})).await["viewer"]["username"], "alice");
    }
    let token_reads: Vec<String> = app.statements.take().into_iter().filter(|s| s.contains("token_hash")).collect();
    assert!(token_reads.is_empty(), "the token is remembered, not read again: {token_reads:#?}");

    tasklens::store::tokens::revoke(&app.db, row.id).await.expect("revoked behind the gateway's back");
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (status, body) = app.post(Some(&token), viewer, json!({})).await;
    assert_eq!(status, 401, "a second after its revocation: {body}");
    // The others are read again, and still stand.
    assert_eq!(app.ok(&s.alice_token, viewer, json!({})).await["viewer"]["username"], "alice");
}

async fn board_user_with_token(app: &TestApp, name: &str) {
    Board::new(&app.db).user(name).await;
}

async fn connect(
    app: &TestApp,
    token: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let mut request = format!("{}/graphql/ws", app.base.replace("http", "ws")).into_client_request().expect("request");
    request.headers_mut().insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse().expect("header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("websocket");
    let init = json!({"type": "connection_init", "payload": {"Authorization": format!("Bearer {token}")}});
    socket.send(Message::text(init.to_string())).await.expect("init");
    socket
}

async fn revoked_token_ends_its_subscription(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let created = app
        .ok(&s.alice_token, "mutation { createApiToken(name: \"ws\") { token apiToken { number } } }", json!({}))
        .await;
    let token = created["createApiToken"]["token"].as_str().expect("token").to_owned();
    let number = created["createApiToken"]["apiToken"]["number"].as_i64().expect("number");
    let mut socket = connect(&app, &token).await;
    let subscribe = json!({"id": "1", "type": "subscribe", "payload": {"query": "subscription { taskEvents(project: \"WEB\") { field } }"}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    tokio::time::sleep(Duration::from_millis(300)).await;
    tasklens::store::tokens::revoke(&app.db, number).await.expect("revoke");
    // The stream completes (or the socket closes) within seconds.
    let ended = tokio::time::timeout(Duration::from_secs(8), async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = &message {
                let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
                if value["type"] == "complete" {
                    return true;
                }
            }
            if let Message::Close(frame) = message {
                return frame.is_some_and(|f| u16::from(f.code) == 4403);
            }
        }
        false
    })
    .await;
    assert_eq!(ended, Ok(true), "the connection closes with 4403 once its token is revoked");
}

async fn failed_token_attempts_are_slowed(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    // A busy client with a good token is never slowed.
    let busy = (0..60).map(|_| app.post(Some(&s.alice_token), "{ viewer { username } }", json!({})));
    let statuses: Vec<u16> = futures_util::future::join_all(busy).await.into_iter().map(|(status, _)| status).collect();
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let mut statuses = Vec::new();
    for i in 0..25 {
        let (status, _) = app.post(Some(&format!("tl_guess{i}")), "{ viewer { username } }", json!({})).await;
        statuses.push(status);
    }
    assert!(statuses[..20].iter().all(|s| *s == 401), "{statuses:?}");
    assert!(statuses[20..].iter().all(|s| *s == 429), "{statuses:?}");
    let (status, body) = app.post(Some(&s.alice_token), "{ viewer { username } }", json!({})).await;
    assert_eq!(status, 429, "the client is slowed whatever token it sends now: {body}");
}

/// Every root field through a token scoped to ENG, on a board where alice
/// also sees the OPS workspace.
async fn scoped_token_sees_one_workspace_through_every_root_field(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = two_workspace_board(&app).await;
    let board = Board::new(&app.db);
    let all = s.alice_token.clone();
    let ops_token = board.scoped_token("alice", Some("OPS"), false).await;
    let eng = board.scoped_token("alice", Some("ENG"), false).await;
    app.ok(&ops_token, "mutation { registerAgent(name: \"ops-bot\", task: \"OPS-1\") { id } }", json!({})).await;
    app.ok(&ops_token, "mutation { registerAgent(name: \"ops-idle\") { id } }", json!({})).await;
    app.ok(&all, "mutation { registerAgent(name: \"anywhere\") { id } }", json!({})).await;
    app.ok(&eng, "mutation { registerAgent(name: \"eng-bot\") { id } }", json!({})).await;
    app.ok(&all, "mutation { updateTask(ref: \"OPS-1\", input: {title: \"ops change\"}) { ref } }", json!({})).await;
    let ops_task_id = app.ok(&all, "{ task(ref: \"OPS-1\") { id } }", json!({})).await["task"]["id"].clone();

    let seen = app
        .ok(
            &eng,
            "{
               viewer { username }
               user(username: \"alice\") { username }
               workspaces { totalCount nodes { key } }
               projects { totalCount nodes { key } }
               tasks { totalCount nodes { ref } }
               activity { totalCount nodes { task { ref } } }
               agentSessions { totalCount nodes { name } }
               wikiPages { totalCount nodes { path } }
               wikiTree { totalCount nodes { path } }
               searchWiki(query: \"shared\") { totalCount nodes { page { path } } }
               wikiChanges { totalCount nodes { page { path } } }
               apiTokens { totalCount nodes { workspace { key } } }
             }",
            json!({}),
        )
        .await;
    let text = seen.to_string();
    assert!(!text.contains("OPS") && !text.contains("ops"), "the ENG token saw OPS: {seen}");
    assert_eq!(seen["agentSessions"]["nodes"], json!([{"name": "eng-bot"}]), "{seen}");
    assert_eq!(seen["workspaces"]["totalCount"], 1);
    assert_eq!(seen["tasks"]["totalCount"], 2);
    assert_eq!(seen["apiTokens"]["totalCount"], 1);
    for query in [
        "{ workspace(key: \"OPS\") { key } }",
        "{ project(key: \"OPS\") { key } }",
        "{ task(ref: \"OPS-1\") { ref } }",
        "{ wikiPage(workspace: \"OPS\", path: \"ops/page\") { path } }",
        "{ wikiPage(path: \"ops/page\") { path } }",
    ] {
        let (code, error) = app.error(&eng, query, json!({})).await;
        assert_eq!(code, "NOT_FOUND", "{query}: {error}");
    }
    let (code, _) = app.error(&eng, "query($id: ID!) { node(id: $id) { id } }", json!({"id": ops_task_id})).await;
    assert_eq!(code, "NOT_FOUND");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cli_lists_and_revokes_tokens_without_showing_them() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let cli = |args: &[&str]| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_tasklens"))
            .args(["--database-url", app.database_url()])
            .args(args)
            .output()
            .expect("run tasklens");
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let listed = cli(&["token", "list", "--user", "alice"]);
    assert!(!listed.contains(&s.alice_token) && !listed.contains("tl_"), "{listed}");
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 2, "a header and alice's token: {listed}");
    assert!(lines[0].starts_with("id\tuser\tname\tscope\tread_only\tcreated\tlast_used\trevoked"));
    let id = lines[1].split('\t').next().expect("id").to_owned();
    assert!(lines[1].ends_with("\t-"), "not revoked yet: {}", lines[1]);
    // Remembered by the server, then revoked by another process: refused
    // within a second.
    app.ok(&s.alice_token, "{ viewer { username } }", json!({})).await;
    cli(&["token", "revoke", &id]);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (status, _) = app.post(Some(&s.alice_token), "{ viewer { username } }", json!({})).await;
    assert_eq!(status, 401);
    let after = cli(&["token", "list"]);
    assert!(!after.lines().nth(1).unwrap_or_default().ends_with("\t-"), "{after}");
}

on_both_backends!(
    the_viewer_token_says_whether_it_may_write,
    tokens_are_listed_created_and_revoked_through_graphql,
    tokens_made_with_a_token_are_revoked_with_it,
    a_wide_deep_lineage_is_revoked_at_once,
    a_remembered_token_is_forgotten_within_a_second_of_its_revocation,
    revoked_token_ends_its_subscription,
    failed_token_attempts_are_slowed,
    scoped_token_sees_one_workspace_through_every_root_field,
);
