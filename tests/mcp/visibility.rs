//! Through MCP, what a caller may not see is `not_found` or absent.

use serde_json::json;

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

async fn an_outsider_gets_not_found_and_empty_lists(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let board = Board::new(&app.db);
    board.tasks(&s.web, &s.alice, 3).await;
    board.user("mallory").await;
    let token = board.token("mallory").await;
    let mcp = Mcp::http(&app, &token).await;
    for (tool, arguments) in [
        ("get_task", json!({"ref": "WEB-1"})),
        ("list_comments", json!({"ref": "WEB-1"})),
        ("list_task_changes", json!({"ref": "WEB-1"})),
        ("update_task", json!({"ref": "WEB-1", "title": "x"})),
        ("add_comment", json!({"ref": "WEB-1", "body": "x"})),
        ("create_task", json!({"project": "WEB", "title": "x"})),
        ("get_project", json!({"project": "WEB"})),
    ] {
        let (code, error) = mcp.error(tool, arguments).await;
        assert_eq!(code, "not_found", "{tool}: {error}");
    }
    for (tool, arguments) in [
        ("list_tasks", json!({})),
        ("list_tasks", json!({"project": "WEB"})),
        ("list_my_tasks", json!({})),
        ("search_tasks", json!({"text": "task"})),
        ("list_projects", json!({"name": "web"})),
        ("list_activity", json!({})),
    ] {
        assert_eq!(mcp.ok(tool, arguments).await, json!({"items": [], "total": 0}), "{tool}");
    }
    mcp.close().await;
}

on_both_backends!(an_outsider_gets_not_found_and_empty_lists);
