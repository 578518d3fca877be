//! Plain-text windows of descriptions and comments over GraphQL.

use sea_orm::{ActiveModelTrait, Set};
use serde_json::json;

use entity::task;

use crate::on_both_backends;
use crate::support::{Backend, Board, TestApp, simple_board};

const WINDOW: &str = "query($r: String!, $max: Int!, $cursor: Int!, $cut: TextCut!) {
  task(ref: $r) { descriptionText(maxChars: $max, cursor: $cursor, cut: $cut) { text totalChars start next truncated } }
}";

async fn description_windows_and_excerpts(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    let ids = Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    let html =
        "<p>Deploy 🚀 the <a href=\"/x\">new</a> build&nbsp;now</p><ul><li>check e\u{301}tat</li><li>done</li></ul>";
    task::ActiveModel { id: Set(ids[0]), description: Set(Some(html.into())), ..Default::default() }
        .update(&app.db)
        .await
        .expect("update");
    let t = &s.alice_token;
    let whole = app.ok(t, WINDOW, json!({"r": "WEB-1", "max": 1000, "cursor": 0, "cut": "WINDOW"})).await;
    let whole = &whole["task"]["descriptionText"];
    assert_eq!(whole["text"], "Deploy 🚀 the new build\u{a0}now\ncheck e\u{301}tat\ndone");
    assert_eq!(whole["truncated"], false);
    assert_eq!(whole["next"], serde_json::Value::Null);
    let total = whole["totalChars"].as_i64().expect("total");

    // Windows of 8 units concatenate to the whole text.
    let mut text = String::new();
    let mut cursor = 0;
    loop {
        let w = app.ok(t, WINDOW, json!({"r": "WEB-1", "max": 8, "cursor": cursor, "cut": "WINDOW"})).await;
        let w = &w["task"]["descriptionText"];
        assert_eq!(w["start"], cursor);
        text.push_str(w["text"].as_str().expect("text"));
        match w["next"].as_i64() {
            Some(next) => cursor = next,
            None => break,
        }
    }
    assert_eq!(text, whole["text"].as_str().expect("text"));
    assert_eq!(text.encode_utf16().count() as i64, total);

    let excerpt = app.ok(t, WINDOW, json!({"r": "WEB-1", "max": 13, "cursor": 0, "cut": "WORD"})).await;
    assert_eq!(excerpt["task"]["descriptionText"]["text"], "Deploy 🚀 the");
    assert_eq!(excerpt["task"]["descriptionText"]["truncated"], true);
    let line = app.ok(t, WINDOW, json!({"r": "WEB-1", "max": 120, "cursor": 0, "cut": "FIRST_LINE"})).await;
    assert_eq!(line["task"]["descriptionText"]["text"], "Deploy 🚀 the new build\u{a0}now");

    // Inside the rocket's surrogate pair, and past the end: refused.
    for cursor in [8, total + 1, -1] {
        let (code, error) =
            app.error(t, WINDOW, json!({"r": "WEB-1", "max": 8, "cursor": cursor, "cut": "WINDOW"})).await;
        assert_eq!(code, "BAD_USER_INPUT", "{cursor}: {error}");
    }
    let (code, _) = app.error(t, WINDOW, json!({"r": "WEB-1", "max": 0, "cursor": 0, "cut": "WINDOW"})).await;
    assert_eq!(code, "BAD_USER_INPUT");
}

async fn comment_bodies_as_text(backend: Backend) {
    let app = TestApp::start(backend).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    let t = &s.alice_token;
    app.ok(
        t,
        "mutation { addComment(ref: \"WEB-1\", body: \"<p>First &amp; <b>bold</b></p><p>Second</p>\") { id } }",
        json!({}),
    )
    .await;
    let data = app
        .ok(t, "{ task(ref: \"WEB-1\") { comments { nodes { bodyText(maxChars: 100) { text totalChars } line: bodyText(maxChars: 100, cut: FIRST_LINE) { text truncated } } } } }", json!({}))
        .await;
    let comment = &data["task"]["comments"]["nodes"][0];
    assert_eq!(comment["bodyText"]["text"], "First & bold\n\nSecond");
    assert_eq!(comment["line"], json!({"text": "First & bold", "truncated": true}));
}

on_both_backends!(description_windows_and_excerpts, comment_bodies_as_text);
