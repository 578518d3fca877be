//! Long descriptions read back whole through small windows, emoji and
//! combining marks included, and a reply that always fits its cap.

use sea_orm::{ActiveModelTrait, Set};
use serde_json::{Value, json};

use entity::task;
use tasklens::text::{html_to_markdown, utf16_len};

use crate::client::Mcp;
use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

/// Paragraphs where astral emoji, ZWJ sequences, skin tones and combining
/// marks fall at every offset modulo the window size.
fn tricky_html() -> String {
    let pieces = ["🚀", "e\u{301}", "👩\u{200d}💻", "👍🏽", "a\u{308}\u{301}", "&amp;", "\"", "\\", "ß"];
    let mut html = String::new();
    for paragraph in 0..40 {
        html.push_str("<p>");
        for i in 0..90 {
            html.push_str(&"x".repeat((paragraph + i) % 7));
            html.push_str(pieces[(paragraph * 3 + i) % pieces.len()]);
            html.push(' ');
        }
        html.push_str("</p>");
    }
    html
}

async fn read_all(mcp: &Mcp, task_ref: &str, fields: Value, max_chars: i64) -> (String, usize) {
    let mut text = String::new();
    let mut cursor: Option<i64> = None;
    let mut windows = 0;
    loop {
        let mut arguments = json!({"ref": task_ref, "fields": fields, "max_chars": max_chars});
        if let Some(c) = cursor {
            arguments["cursor"] = c.into();
        }
        let reply = mcp.call("get_task", arguments).await;
        assert!(!reply.is_error, "{}", reply.text);
        assert!(utf16_len(&reply.text) <= max_chars as usize, "reply of {} over {max_chars}", utf16_len(&reply.text));
        text.push_str(reply.json["description"].as_str().expect("description"));
        windows += 1;
        match reply.json.get("description_next").and_then(Value::as_i64) {
            Some(next) => {
                assert_eq!(reply.json["description_truncated"], true);
                assert_eq!(next as usize, utf16_len(&text), "next is the offset after this window");
                cursor = Some(next);
            }
            None => return (text, windows),
        }
    }
}

async fn windows_concatenate_to_the_whole_description(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let ids = Board::new(&app.db).tasks(&s.web, &s.alice, 4).await;
    let html = tricky_html();

    for (shift, id) in ids.iter().enumerate() {
        // Each task shifts the text by one more unit, moving every boundary.
        let description = format!("<p>{}</p>{html}", "y".repeat(shift + 1));
        task::ActiveModel { id: Set(*id), description: Set(Some(description)), ..Default::default() }
            .update(&app.db)
            .await
            .expect("update");
    }
    let mcp = Mcp::http(&app, &s.alice_token).await;
    for shift in 0..4 {
        let task_ref = format!("WEB-{}", shift + 1);
        let whole = html_to_markdown(&format!("<p>{}</p>{html}", "y".repeat(shift + 1)));
        let (text, windows) = read_all(&mcp, &task_ref, json!(["description"]), 1_000).await;
        assert_eq!(text, whole, "shift {shift}");
        assert!(windows > 10, "a long text takes many windows");
        // The full view reads the same text, in larger windows.
        let (text, _) =
            read_all(&mcp, &task_ref, json!(["ref", "title", "status", "description", "labels"]), 5_000).await;
        assert_eq!(text, whole);
    }
    // The default window is 16,000 and the whole reply stays under the cap.
    let reply = mcp.call("get_task", json!({"ref": "WEB-1"})).await;
    assert!(utf16_len(&reply.text) <= 20_000);
    let whole = html_to_markdown(&format!("<p>y</p>{html}"));
    assert_eq!(reply.json["description_total_chars"].as_u64(), Some(utf16_len(&whole) as u64));
    mcp.close().await;
}

on_both_backends!(windows_concatenate_to_the_whole_description);
