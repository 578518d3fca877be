//! Runs the built binary and reads its peak resident memory (VmHWM) from
//! /proc while it runs.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const BINARY: &str = env!("CARGO_BIN_EXE_tasklens");

/// Runs the binary with `args` on `database`; its time and peak memory in MiB.
#[allow(dead_code)]
pub fn measured(database: &str, args: &[&str]) -> (Duration, f64) {
    measured_by(BINARY, database, args)
}

/// Runs `binary` (this build, or a peer build to compare with) as `measured` does.
#[allow(dead_code)]
pub fn measured_by(binary: &str, database: &str, args: &[&str]) -> (Duration, f64) {
    let started = Instant::now();
    let mut child = Command::new(binary)
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
