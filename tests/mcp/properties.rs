//! Properties of the size guard over random boards, arguments and caps:
//! every reply is valid JSON within its cap, and following `next` from
//! the first page visits every matching item exactly once, in order, with
//! the count equal to `total`.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};

use tasklens::config::Settings;
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::text::utf16_len;

use crate::client::Mcp;
use crate::support::{Backend, TestApp};

/// Walks a list with a per-call cap, checking each reply against it.
async fn capped_walk(
    mcp: &Mcp,
    tool: &str,
    mut arguments: Value,
    cap: i64,
) -> Result<(Vec<Value>, i64), TestCaseError> {
    arguments["max_chars"] = cap.into();
    let mut items = Vec::new();
    let mut total = -1;
    for _ in 0..5_000 {
        let reply = mcp.call(tool, arguments.clone()).await;
        prop_assert!(
            utf16_len(&reply.text) <= cap as usize,
            "{} reply of {} over cap {}",
            tool,
            utf16_len(&reply.text),
            cap
        );
        if reply.is_error {
            // Only a single item too large for the cap may refuse.
            prop_assert_eq!(&reply.json["error"]["code"], "reply_too_large", "{}", reply.text);
            return Err(TestCaseError::reject("an item is larger than this cap"));
        }
        if total < 0 {
            total = reply.json["total"].as_i64().unwrap_or(-1);
        }
        let page = reply.json["items"].as_array().cloned().unwrap_or_default();
        let truncated = reply.json.get("truncated") == Some(&json!(true));
        prop_assert!(!(truncated && page.is_empty()), "a cut page keeps at least one item");
        items.extend(page);
        match reply.json.get("next").and_then(Value::as_str) {
            Some(next) => arguments["cursor"] = next.into(),
            None => return Ok((items, total)),
        }
    }
    Err(TestCaseError::fail("the walk did not end"))
}

fn tool_arguments() -> impl Strategy<Value = (&'static str, Value)> {
    let view = prop_oneof![Just(json!("summary")), Just(json!("full"))];
    prop_oneof![
        (1i64..=200, 0i64..=1000, view.clone(), any::<bool>()).prop_map(|(limit, body, view, done)| (
            "list_tasks",
            json!({"limit": limit, "body_chars": body, "view": view, "done": done})
        )),
        (1i64..=200, 0i64..=400)
            .prop_map(|(limit, body)| ("list_my_tasks", json!({"limit": limit, "body_chars": body}))),
        (1i64..=200, view)
            .prop_map(|(limit, view)| ("search_tasks", json!({"limit": limit, "text": "the", "view": view}))),
        (1i64..=200).prop_map(|limit| ("list_projects", json!({"limit": limit, "view": "full"}))),
        (1i64..=200).prop_map(|limit| ("list_activity", json!({"limit": limit}))),
    ]
}

#[test]
fn capped_walks_fit_and_see_every_item_once_in_order() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let mut boards = TestRunner::new(Config { cases: 4, ..Config::default() });
    let board_strategy = (1u32..=6, 40u32..=260, any::<u64>());
    let outcome = boards.run(&board_strategy, |(projects, tasks, seed)| {
        // A server cap large enough that an uncapped walk is the reference.
        let (app, mcp) = runtime.block_on(async {
            let settings = Settings { reply_cap: 1_000_000, ..Settings::default() };
            let app = TestApp::start_with_settings(Backend::Sqlite, settings).await;
            demo::seed(&app.db, &SeedOptions { projects, tasks, seed }).await.expect("seed");
            let token =
                tasklens::store::tokens::create_token(&app.db, DEMO_USERNAME, None, true, "walk").await.expect("token");
            let mcp = Mcp::http(&app, &token).await;
            (app, mcp)
        });
        let mut calls = TestRunner::new(Config { cases: 12, max_global_rejects: 200, ..Config::default() });
        let result = calls.run(&(tool_arguments(), 1_000i64..=50_000), |((tool, arguments), cap)| {
            runtime.block_on(async {
                let mut reference_arguments = arguments.clone();
                reference_arguments["limit"] = 200.into();
                let (expected, expected_total) = capped_walk(&mcp, tool, reference_arguments, 1_000_000).await?;
                let (seen, total) = capped_walk(&mcp, tool, arguments.clone(), cap).await?;
                prop_assert_eq!(total, expected_total);
                prop_assert_eq!(seen.len() as i64, total, "{} {} cap {}", tool, arguments, cap);
                prop_assert!(
                    seen == expected,
                    "{} {} cap {}: items differ from one uncapped walk",
                    tool,
                    arguments,
                    cap
                );
                Ok(())
            })
        });
        runtime.block_on(async {
            mcp.close().await;
            drop(app);
        });
        result.map_err(|e| TestCaseError::fail(e.to_string()))
    });
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
}
