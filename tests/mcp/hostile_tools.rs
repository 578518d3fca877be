//! Operator tool files obey the limits requests obey: nesting measured
//! before the parser runs (100,000 levels end the start with an error, not
//! an abort, and on SIGHUP the previous set is served), size, fields,
//! aliases and description length, no link out of the folder, and an error
//! names a position, never the file's content.

use std::path::PathBuf;

use serde_json::json;

use tasklens::App;
use tasklens::config::{Limits, Settings};

use crate::client::Mcp;
use crate::support::{Backend, TestDb, simple_board_on};

const BINARY: &str = env!("CARGO_BIN_EXE_tasklens");

/// A fresh directory holding `files`.
fn tools_dir(name: &str, files: &[(&str, String)]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tasklens-hostile-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&path).ok();
    std::fs::create_dir_all(&path).expect("a temporary directory");
    for (file, text) in files {
        std::fs::write(path.join(file), text).expect("write a tool file");
    }
    path
}

fn deep_tool(levels: usize) -> String {
    format!("# Deep\nquery Deep {{ viewer(x: {}1{}) {{ username }} }}\n", "[".repeat(levels), "]".repeat(levels))
}

const SECRET: &str = "do-not-print-this-line";

/// A case: its name, the files of its directory, and what the error says.
type Case = (&'static str, Vec<(&'static str, String)>, &'static str);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tool_files_past_the_limits_are_refused_with_a_position() {
    let test_db = TestDb::create(Backend::Sqlite).await;
    let conn = tasklens::db::connect(&test_db.url).await.expect("database");
    // Documents as long as a body may be, so that nesting, not length,
    // refuses the deep one.
    let limits = Limits { max_document_bytes: 1 << 20, ..Limits::default() };
    let app = App::new(conn.clone(), Settings { limits, ..Settings::default() });
    let tools = tasklens::mcp::ServedTools::new(&app);
    let aliases: String = (0..5_000).map(|i| format!("a{i}: viewer {{ username }}\n")).collect();
    let outside = std::env::temp_dir().join(format!("tasklens-outside-{}.graphql", std::process::id()));
    std::fs::write(&outside, format!("{SECRET}\nquery Outside {{ viewer {{ username }} }}\n")).expect("write");
    let cases: Vec<Case> = vec![
        ("deep", vec![("deep.graphql", deep_tool(100_000))], "deep.graphql:2:"),
        ("aliases", vec![("wide.graphql", format!("# Wide\nquery Wide {{ {aliases} }}\n"))], "aliases"),
        (
            "comment",
            vec![("long.graphql", format!("# {}\nquery Long {{ viewer {{ username }} }}\n", "c".repeat(2 << 20)))],
            "bytes long",
        ),
        (
            "description",
            vec![("talk.graphql", format!("# {}\nquery Talk {{ viewer {{ username }} }}\n", "word ".repeat(400)))],
            "the description is 1999 characters long",
        ),
        (
            "syntax",
            vec![("bad.graphql", format!("# Bad\nquery Bad {{ viewer {{ {SECRET} ( }} }}\n"))],
            "bad.graphql:2:",
        ),
    ];
    for (name, files, expected) in cases {
        let dir = tools_dir(name, &files);
        let err = tools.load(&app, &dir).await.expect_err(name).to_string();
        assert!(err.contains(expected), "{name}: {}", &err[..err.len().min(300)]);
        assert!(err.len() < 400 && !err.contains(SECRET), "{name}: {}", &err[..err.len().min(600)]);
        std::fs::remove_dir_all(&dir).ok();
    }
    // A 50 MB file is refused by its size, before it is read.
    let dir = tools_dir("huge", &[]);
    let huge = std::fs::File::create(dir.join("huge.graphql")).expect("create");
    huge.set_len(50 << 20).expect("a sparse 50 MB file");
    let err = tools.load(&app, &dir).await.expect_err("huge").to_string();
    assert!(err.contains("52428800 bytes long"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
    // A link to a file outside the folder.
    let dir = tools_dir("link", &[]);
    std::os::unix::fs::symlink(&outside, dir.join("link.graphql")).expect("symlink");
    let err = tools.load(&app, &dir).await.expect_err("link").to_string();
    assert!(err.contains("outside the tools directory") && !err.contains(SECRET), "{err}");
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_file(&outside).ok();
    assert!(tools.operator().is_empty(), "nothing half-loaded");
    conn.close().await.ok();
}

/// The binary: a file nested 100,000 deep ends the start with a message
/// (exit 1, not an abort), and on SIGHUP the previous set stays served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deep_tool_file_never_aborts_the_process() {
    let test_db = TestDb::create(Backend::Sqlite).await;
    let conn = tasklens::db::connect(&test_db.url).await.expect("database");
    let s = simple_board_on(&conn).await;
    conn.close().await.ok();

    let deep = tools_dir("deep-start", &[("deep.graphql", deep_tool(100_000))]);
    let output = tokio::process::Command::new(BINARY)
        .args(["--database-url", &test_db.url, "--max-document-bytes", "1048576", "mcp", "--tools"])
        .arg(&deep)
        .env("TASKLENS_TOKEN", &s.alice_token)
        .output()
        .await
        .expect("run");
    assert_eq!(output.status.code(), Some(1), "{:?}", output.status);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("deep.graphql:2:") && stderr.contains("more than 64 levels"), "{stderr}");

    let served = tools_dir("deep-reload", &[]);
    let mut command = tokio::process::Command::new(BINARY);
    command
        .args(["--database-url", &test_db.url, "--max-document-bytes", "1048576", "mcp"])
        .env("TASKLENS_TOOLS", &served)
        .env("TASKLENS_TOKEN", &s.alice_token)
        .env("RUST_LOG", "warn");
    let (mcp, pid) = Mcp::stdio_with_pid(command).await;
    std::fs::write(served.join("deep.graphql"), deep_tool(100_000)).expect("write");
    let hangup = std::process::Command::new("kill").args(["-HUP", &pid.to_string()]).status().expect("kill");
    assert!(hangup.success());
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let listed: Vec<String> = mcp.tools().await.into_iter().map(|t| t.name.to_string()).collect();
    assert!(listed.contains(&"list_tasks".to_owned()) && !listed.contains(&"deep".to_owned()), "{listed:?}");
    assert_eq!(mcp.ok("list_projects", json!({})).await["total"], 1);
    mcp.close().await;
    std::fs::remove_dir_all(&deep).ok();
    std::fs::remove_dir_all(&served).ok();
}
