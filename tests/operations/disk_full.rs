//! A full disk under SQLite: a write is refused with `UNAVAILABLE` naming
//! the cause, reads go on, `/readyz` says so, and once space is freed the
//! writes succeed again on a file `PRAGMA integrity_check` finds intact.
//! The disk is a tmpfs of a few MiB mounted for the test, so the test runs
//! where mounting is allowed (as root, as CI runs it) and says it was
//! skipped elsewhere.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::process::Served;

/// A tmpfs mounted on a directory of its own, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(size: &str) -> Option<Self> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("tasklens_disk_{}_{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).ok()?;
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !mounted {
            std::fs::remove_dir(&dir).ok();
            return None;
        }
        Some(Self(dir))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        Command::new("umount").arg("-l").arg(&self.0).status().ok();
        std::fs::remove_dir(&self.0).ok();
    }
}

/// Writes `path` until the disk has no room left.
fn fill(path: &Path) {
    let mut file = std::fs::File::create(path).expect("ballast");
    let chunk = vec![0u8; 64 << 10];
    while file.write_all(&chunk).and_then(|()| file.sync_data()).is_ok() {}
}

async fn graphql(base: &str, token: &str, query: &str, variables: Value) -> Value {
    let response = reqwest::Client::new()
        .post(format!("{base}/graphql"))
        .bearer_auth(token)
        .json(&json!({"query": query, "variables": variables}))
        .send()
        .await
        .expect("request");
    response.json().await.expect("json")
}

const CREATE: &str = "mutation($project: String!, $title: String!, $text: String) {
    createTask(input: {project: $project, title: $title, descriptionMarkdown: $text}) { ref } }";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_writes_by_name_keeps_reads_and_recovers() {
    let Some(disk) = Tmpfs::mount("64m") else {
        eprintln!("skipped: a tmpfs cannot be mounted here (the test needs root)");
        return;
    };
    let url = format!("sqlite://{}/board.db?mode=rwc", disk.0.display());
    let served = Served::start_on(&url, None, &[], &[]).await;
    let token = served.token();
    let base = served.base.clone();
    let projects = graphql(&base, &token, "{ projects(first: 1) { nodes { key } } }", json!({})).await;
    let project = projects["data"]["projects"]["nodes"][0]["key"].as_str().expect("a project").to_owned();
    let text = "A paragraph of the description. ".repeat(2_500);

    let ballast = disk.0.join("ballast");
    fill(&ballast);
    let refused = graphql(&base, &token, CREATE, json!({"project": project, "title": "full", "text": text})).await;
    let error = &refused["errors"][0];
    assert_eq!(error["extensions"]["code"], "UNAVAILABLE", "{refused}");
    assert_eq!(error["extensions"]["cause"], "disk_full", "{refused}");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("disk is full")), "{refused}");
    let ready = reqwest::get(format!("{base}/readyz")).await.expect("readyz");
    assert_eq!(ready.status(), 503);
    assert!(ready.text().await.expect("body").contains("disk is full"));
    // Reads go on, and the process is up.
    let read = graphql(&base, &token, "{ tasks(first: 5) { totalCount nodes { ref } } }", json!({})).await;
    assert!(read["errors"].is_null() && read["data"]["tasks"]["totalCount"].as_i64() > Some(0), "{read}");

    std::fs::remove_file(&ballast).expect("free the space");
    let mut written = Value::Null;
    for _ in 0..50 {
        written = graphql(&base, &token, CREATE, json!({"project": project, "title": "room", "text": text})).await;
        if written["errors"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(written["data"]["createTask"]["ref"].is_string(), "{written}");
    let ready = reqwest::get(format!("{base}/readyz")).await.expect("readyz");
    assert_eq!(ready.status(), 200);

    let conn = tasklens::db::open(&url, &tasklens::config::DatabaseOptions::with_pool(1)).await.expect("open");
    let checked =
        conn.query_one_raw(sea_orm::Statement::from_string(conn.get_database_backend(), "PRAGMA integrity_check"));
    let row = checked.await.expect("integrity_check").expect("a row");
    assert_eq!(row.try_get_by_index::<String>(0).expect("text"), "ok");
    conn.close().await.ok();
    drop(served);
}
