//! What the gateway itself costs on the page front ends and agents ask
//! most: 50 tasks of a project with their number, title, priority, due
//! date, last activity, status key and assignee, with and without
//! `totalCount`. Prints a table.
//!
//! `cargo bench --bench resolve`
//!
//! For each request, alternately: the store's reads alone (the page's
//! statement, and the count's), then the whole request through the gateway
//! (document checks, parse, resolution, the JSON an HTTP reply carries).
//! Their difference is the gateway's own time. The board is a small SQLite
//! file that stays in the page cache, so the reads cost what SQLite's
//! statements cost and nothing waits on a disk. Allocations are counted by
//! the allocator, on a single-threaded runtime, for one request.

#![allow(clippy::too_many_lines)]

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tasklens::config::Settings;
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::tasks::{self, TaskColumns, TaskFilter, TaskOrder};
use tasklens::store::{PageArgs, Viewer, identity, tokens};
use tasklens::{App, db, graphql};

/// The server's allocator, counting.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const RUNS: usize = 2_000;

fn page_query(count: bool) -> String {
    let total = if count { "totalCount " } else { "" };
    format!(
        "{{ tasks(filter: {{project: \"COST\"}}, first: 50) {{ {total}nodes {{ number title priority dueDate \
         updatedAt status {{ key }} assignee {{ username }} }} pageInfo {{ hasNextPage endCursor }} }} }}"
    )
}

/// The whole request as the HTTP edge runs it, to the bytes of its reply.
async fn request(app: &App, viewer: &Viewer, query: &str) -> usize {
    let request = graphql::with_viewer(async_graphql::Request::new(query), app.store(), viewer.clone());
    let response = app.graphql().execute(request).await;
    assert!(response.errors.is_empty(), "{:?}", response.errors);
    serde_json::to_vec(&response).map(|bytes| bytes.len()).unwrap_or(0)
}

/// The store's reads of the same request, and nothing else.
async fn reads(app: &App, viewer: &Viewer, count: bool) {
    let filter = TaskFilter { project: Some("COST".into()), ..TaskFilter::default() };
    let store = app.store();
    let args = PageArgs::first(50);
    let columns = TaskColumns::default();
    let page = tasks::page(store, viewer, &filter, TaskOrder::Updated, None, &args, columns, count).await;
    let (page, total) = page.expect("a page");
    assert_eq!(page.items.len(), 50);
    assert_eq!(total.is_some(), count);
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn micros(d: Duration) -> String {
    format!("{:.0} µs", d.as_secs_f64() * 1e6)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let path = std::env::temp_dir().join(format!("tasklens-bench-resolve-{}.db", std::process::id()));
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let conn = db::connect(&url).await.expect("database");
    demo::seed(&conn, &SeedOptions { projects: 20, tasks: 4_000, seed: 7 }).await.expect("seed");
    conn.close().await.ok();
    let conn = db::connect(&url).await.expect("database");
    let token = tokens::create_token(&conn, DEMO_USERNAME, None, true, "bench").await.expect("token");
    let viewer = identity::authenticate(&conn, &token).await.expect("viewer");
    let app = App::new(conn, Settings::default());
    let probe = request(&app, &viewer, &page_query(false)).await;
    assert!(probe > 0);

    println!("| request | store reads | whole request | gateway's own | allocations | reply |");
    println!("|---|---:|---:|---:|---:|---:|");
    for count in [false, true] {
        let query = page_query(count);
        for _ in 0..200 {
            reads(&app, &viewer, count).await;
            request(&app, &viewer, &query).await;
        }
        let (mut read_times, mut request_times) = (Vec::with_capacity(RUNS), Vec::with_capacity(RUNS));
        for _ in 0..RUNS {
            let started = Instant::now();
            reads(&app, &viewer, count).await;
            read_times.push(started.elapsed());
            let started = Instant::now();
            request(&app, &viewer, &query).await;
            request_times.push(started.elapsed());
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let bytes = request(&app, &viewer, &query).await;
        let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
        let (read, whole) = (median(read_times), median(request_times));
        println!(
            "| first 50 of COST{} | {} | {} | {} | {allocations} | {bytes} bytes |",
            if count { " + totalCount" } else { "" },
            micros(read),
            micros(whole),
            micros(whole.saturating_sub(read)),
        );
    }
    println!();
    println!(
        "Medians of {RUNS} alternating runs of each; \"gateway's own\" is the whole request less the store's reads."
    );
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
    }
}
