//! Speed and peak memory of `tasklens import github` on a large
//! repository: 100,000 issues (pages of 100, as `gh api --paginate` writes
//! them, a pull request among every ten records) and 300,000 comments,
//! through the built binary on a fresh SQLite database; then the same
//! files again, which must change nothing. Prints a table.
//!
//! `cargo bench --bench import_speed` (add `-- --quick` for a tenth; add
//! `-- --peer PATH` to alternate this build with another build's binary,
//! two rounds each on fresh databases, and print the ratio).

#![allow(clippy::too_many_lines)]

#[path = "support/measured.rs"]
mod measured;

use std::io::Write;

use measured::measured_by;
use serde_json::json;

fn issue(n: u64, pull: bool) -> serde_json::Value {
    let labels = [("bug", "d73a4a"), ("enhancement", "a2eeef"), ("docs", "0075ca"), ("infra", "5319e7")];
    let (label, color) = labels[(n % 4) as usize];
    let closed = n % 3 == 0;
    let mut value = json!({
        "url": format!("https://api.github.com/repos/acme/big/issues/{n}"),
        "repository_url": "https://api.github.com/repos/acme/big",
        "html_url": format!("https://github.com/acme/big/issues/{n}"),
        "number": n,
        "title": format!("Issue {n}: the importer keeps every field of a large repository"),
        "user": {"login": format!("user{}", n % 200), "type": "User"},
        "labels": [{"name": label, "color": color}],
        "state": if closed { "closed" } else { "open" },
        "state_reason": if closed { if n % 9 == 0 { "not_planned" } else { "completed" } } else { "reopened" },
        "assignees": [{"login": format!("user{}", n % 50)}, {"login": format!("user{}", (n + 7) % 50)}],
        "milestone": if n % 5 == 0 { json!({"title": format!("v{}.0", n % 7)}) } else { json!(null) },
        "comments": 3,
        "created_at": "2024-01-02T03:04:05Z",
        "updated_at": "2024-02-03T04:05:06Z",
        "closed_at": if closed { json!("2024-02-03T04:05:06Z") } else { json!(null) },
        "body": format!(
            "## Steps\n\n1. Open the board\n2. Import issue {n}\n\n```rust\nfn main() {{ println!(\"{n}\"); }}\n```\n\n\
             - [ ] check the labels\n- [x] check the milestone\n\nSee https://example.com/{n} and @user{}.",
            n % 200
        ),
    });
    if pull {
        value["pull_request"] = json!({"url": format!("https://api.github.com/repos/acme/big/pulls/{n}")});
    }
    value
}

fn comment(id: u64, issue: u64) -> serde_json::Value {
    json!({
        "id": id,
        "issue_url": format!("https://api.github.com/repos/acme/big/issues/{issue}"),
        "user": {"login": format!("user{}", id % 200)},
        "created_at": "2024-01-05T06:07:08Z",
        "updated_at": "2024-01-05T06:07:08Z",
        "body": format!("Confirmed on **{id}**: the `import` keeps it. Thanks @user{}!", id % 200),
    })
}

/// Pages of 100 records, one array after another.
fn write_pages(path: &std::path::Path, records: impl Iterator<Item = serde_json::Value>) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("a file"));
    let mut page = Vec::with_capacity(100);
    for record in records {
        page.push(record);
        if page.len() == 100 {
            serde_json::to_writer(&mut out, &page).expect("write");
            page.clear();
        }
    }
    if !page.is_empty() {
        serde_json::to_writer(&mut out, &page).expect("write");
    }
    out.flush().expect("flush");
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let issues: u64 = if quick { 10_000 } else { 100_000 };
    let dir = std::env::temp_dir().join(format!("tasklens-import-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let issues_file = dir.join("issues.json");
    let comments_file = dir.join("comments.json");
    // Every tenth number is a pull request, on top of the issues counted.
    let total = issues + issues / 9;
    write_pages(&issues_file, (1..=total).map(|n| issue(n, n % 10 == 0)));
    write_pages(&comments_file, (1..=issues * 3).map(|id| comment(id, 1 + (id * 7919) % total)));
    let mib = |p: &std::path::Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or_default() as f64 / (1 << 20) as f64;
    let files = [issues_file.to_str().expect("utf-8"), comments_file.to_str().expect("utf-8")];
    let args = ["import", "github", files[0], files[1], "--project", "BIG"];
    let argv: Vec<String> = std::env::args().collect();
    let peer = argv.iter().position(|a| a == "--peer").and_then(|i| argv.get(i + 1)).cloned();
    let mut builds = vec![("this build", measured::BINARY.to_owned())];
    builds.extend(peer.map(|path| ("peer", path)));
    let rounds = if builds.len() > 1 { 2 } else { 1 };
    println!("| build | issues | comments | files | first import | peak | same files again | peak |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut firsts: Vec<Vec<f64>> = vec![Vec::new(); builds.len()];
    for round in 0..rounds {
        for (b, (name, binary)) in builds.iter().enumerate() {
            let db = dir.join(format!("board-{round}-{b}.db"));
            let database = format!("sqlite://{}?mode=rwc", db.display());
            let (first, first_peak) = measured_by(binary, &database, &args);
            let (again, again_peak) = measured_by(binary, &database, &args);
            firsts[b].push(first.as_secs_f64());
            println!(
                "| {name} | {issues} | {} | {:.0} MiB | {:.1} s | {first_peak:.0} MiB | {:.1} s | {again_peak:.0} MiB |",
                issues * 3,
                mib(&issues_file) + mib(&comments_file),
                first.as_secs_f64(),
                again.as_secs_f64()
            );
            std::fs::remove_file(&db).ok();
        }
    }
    if firsts.len() > 1 {
        let total = |times: &[f64]| times.iter().sum::<f64>();
        println!("\nfirst import, this build / peer: {:.2}x the time", total(&firsts[0]) / total(&firsts[1]));
    }
    std::fs::remove_dir_all(&dir).ok();
}
