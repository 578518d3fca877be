//! MCP `tools/call` from raw JSON: the first byte picks a tool, the rest is
//! its `arguments` as sent (JSON or not). Every answer is JSON-RPC, and a
//! tool's reply never exceeds its cap.
#![no_main]

use libfuzzer_sys::fuzz_target;

const TOOLS: &[&str] = &[
    "list_projects",
    "get_project",
    "list_tasks",
    "list_my_tasks",
    "search_tasks",
    "get_task",
    "create_task",
    "update_task",
    "register_agent",
    "heartbeat_agent",
    "end_agent",
    "list_task_changes",
    "list_activity",
    "add_comment",
    "wiki_tree",
    "search_wiki",
    "list_wiki_changes",
    "list_comments",
    "get_wiki_page",
    "put_wiki_page",
    "patch_wiki_page",
];

fuzz_target!(|data: &[u8]| {
    let Some((pick, arguments)) = data.split_first() else { return };
    let name = TOOLS[usize::from(*pick) % TOOLS.len()];
    let mut body = format!(r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"{name}","arguments":"#)
        .into_bytes();
    body.extend_from_slice(arguments);
    body.extend_from_slice(b"}}");
    let (status, answer) = tasklens_fuzz::server().post("/mcp", body);
    assert!(matches!(status, 200 | 400 | 413), "status {status}");
    let Ok(answer) = serde_json::from_slice::<serde_json::Value>(&answer) else {
        panic!("status {status}, not JSON: {}", String::from_utf8_lossy(&answer));
    };
    if let Some(text) = answer.pointer("/result/content/0/text").and_then(|t| t.as_str()) {
        assert!(text.encode_utf16().count() <= 20_000, "a reply over the cap");
    }
});
