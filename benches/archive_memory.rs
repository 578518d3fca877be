//! Memory and time of `tasklens export` and `tasklens import tasklens`
//! against the size of the board: the built binary on a seeded SQLite board
//! of 10,000 and 100,000 tasks, its peak resident memory (VmHWM) read from
//! /proc while it runs. Memory that does not grow with the board is the
//! target. Prints a table.
//!
//! `cargo bench --bench archive_memory` (add `-- --quick` for 10,000 only).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_tasklens");

/// Runs the binary with `args` on `database`; its time and peak memory in MiB.
fn measured(database: &str, args: &[&str]) -> (Duration, f64) {
    let started = Instant::now();
    let mut child = Command::new(BINARY)
        .args(["--database-url", database])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0u64;
    loop {
        if let Ok(status) = std::fs::read_to_string(&status_file) {
            let hwm = status
                .lines()
                .find_map(|line| line.strip_prefix("VmHWM:"))
                .and_then(|value| value.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            peak_kib = peak_kib.max(hwm.unwrap_or_default());
        }
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(status.success(), "{args:?} failed");
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    (started.elapsed(), peak_kib as f64 / 1024.0)
}

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
