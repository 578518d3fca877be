//! Memory and time of `tasklens export` and `tasklens import tasklens`
//! against the size of the board: the built binary on a seeded SQLite board
//! of 10,000 and 100,000 tasks, its peak resident memory (VmHWM) read from
//! /proc while it runs. Memory that does not grow with the board is the
//! target. Prints a table.
//!
//! `cargo bench --bench archive_memory` (add `-- --quick` for 10,000 only).

#![allow(clippy::too_many_lines)]

use std::path::Path;

#[path = "support/measured.rs"]
mod measured;

use measured::measured;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let sizes: &[u32] = if quick { &[10_000] } else { &[10_000, 100_000] };
    println!("| tasks | archive | export | export peak | import | import peak |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for &tasks in sizes {
        let dir = std::env::temp_dir().join(format!("tasklens-archive-bench-{}-{tasks}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let source = format!("sqlite://{}?mode=rwc", dir.join("source.db").display());
        let target = format!("sqlite://{}?mode=rwc", dir.join("target.db").display());
        let archive = dir.join("board.jsonl");
        let archive_arg = archive.to_str().expect("utf-8 path");
        let tasks_arg = tasks.to_string();
        let (seeded, _) = measured(&source, &["seed", "--projects", "20", "--tasks", &tasks_arg]);
        eprintln!("seeded {tasks} tasks in {:.1} s", seeded.as_secs_f64());
        let (export_time, export_peak) = measured(&source, &["export", archive_arg]);
        let size = std::fs::metadata(&archive).map(|m| m.len()).unwrap_or_default() as f64 / (1 << 20) as f64;
        let (import_time, import_peak) = measured(&target, &["import", "tasklens", archive_arg]);
        println!(
            "| {tasks} | {size:.0} MiB | {:.1} s | {export_peak:.0} MiB | {:.1} s | {import_peak:.0} MiB |",
            export_time.as_secs_f64(),
            import_time.as_secs_f64()
        );
        remove(&dir);
    }
}

fn remove(dir: &Path) {
    std::fs::remove_dir_all(dir).ok();
}
