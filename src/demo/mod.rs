//! The deterministic demo and bench board behind `tasklens seed` and
//! `tasklens serve --demo`.
//!
//! This module owns the generated board and its bulk writing: `structure`
//! (people, workspaces, projects with members, statuses and labels), `tasks`
//! (tasks with their labels, coworkers, comments and event log), `wiki`
//! (pages and revisions) and `text` (the titles, HTML and Markdown).
//!
//! Determinism: seeded generators drive every choice and every time is a
//! whole number of seconds from a fixed instant (`base()`), never the clock,
//! so the same options give the same board on any machine and any day.
//! Speed: one transaction, multi-row inserts, and ids allocated here so that
//! children point at their parents without reading anything back; tasks are
//! generated and written a batch at a time, so memory stays flat however
//! large the board.

mod structure;
mod tasks;
mod text;
mod wiki;

use std::io::IsTerminal;

use crate::db::DatabaseConnection;
use crate::store::StoreError;
use crate::store::seeding::Seeding;
use chrono::{DateTime, TimeDelta, Utc};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use entity::{
    StatusCategory, comment, label, project, project_member, status, task, task_coworker, task_event, task_label, user,
    wiki_page, wiki_revision, workspace, workspace_member,
};

pub const DEMO_USERNAME: &str = "demo";

#[derive(Debug, Clone, Copy)]
pub struct SeedOptions {
    pub projects: u32,
    pub tasks: u32,
    pub seed: u64,
}

impl Default for SeedOptions {
    /// The board of `serve --demo`.
    fn default() -> Self {
        Self { projects: 6, tasks: 300, seed: 42 }
    }
}

/// Rows written, per table.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeedReport {
    pub users: u64,
    pub workspaces: u64,
    pub projects: u64,
    pub tasks: u64,
    pub comments: u64,
    pub events: u64,
    pub wiki_pages: u64,
}

impl std::fmt::Display for SeedReport {
    /// In words, for the first run: "11 users, 1 workspace, 6 projects, ...".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let counts = [
            (self.users, "user", "users"),
            (self.workspaces, "workspace", "workspaces"),
            (self.projects, "project", "projects"),
            (self.tasks, "task", "tasks"),
            (self.comments, "comment", "comments"),
            (self.events, "change-log event", "change-log events"),
            (self.wiki_pages, "wiki page", "wiki pages"),
        ];
        let words: Vec<String> = counts
            .iter()
            .map(|(count, one, many)| format!("{count} {}", if *count == 1 { one } else { many }))
            .collect();
        f.write_str(&words.join(", "))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("the database already holds a board: seed an empty database")]
    NotEmpty,
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
}

/// "Now" on the demo board: 2026-11-01T09:00:00Z. Every generated time is
/// a whole number of seconds away from it.
const BASE_EPOCH_SECS: i64 = 1_793_523_600;

/// How far back task creation goes.
const HISTORY_DAYS: i64 = 240;

/// Independent generator streams: changing `--tasks` leaves the people,
/// projects and wiki pages of a seed as they were.
const STREAM_STRUCTURE: u64 = 0x5354_5255;
const STREAM_TASKS: u64 = 0x5441_534b;
const STREAM_WIKI: u64 = 0x5749_4b49;

fn base() -> DateTime<Utc> {
    DateTime::UNIX_EPOCH + TimeDelta::seconds(BASE_EPOCH_SECS)
}

fn days(n: i64) -> TimeDelta {
    TimeDelta::days(n)
}

/// A random instant in `(from, to]`, or `from` when the span is empty.
fn between(rng: &mut StdRng, from: DateTime<Utc>, to: DateTime<Utc>) -> DateTime<Utc> {
    let span = (to - from).num_seconds();
    if span <= 0 { from } else { from + TimeDelta::seconds(rng.random_range(1..=span)) }
}

// ------------------------------------------------- ids and shared plans

/// The next free id of every table the seed writes. Ids start after any
/// row already there (a user created by hand, say), so a seed never
/// collides with them.
struct Ids {
    user: i64,
    workspace: i64,
    workspace_member: i64,
    project: i64,
    project_member: i64,
    status: i64,
    label: i64,
    task: i64,
    task_label: i64,
    task_coworker: i64,
    comment: i64,
    task_event: i64,
    wiki_page: i64,
    wiki_revision: i64,
}

fn take(counter: &mut i64) -> i64 {
    let id = *counter;
    *counter += 1;
    id
}

impl Ids {
    async fn load(txn: &Seeding) -> Result<Self, StoreError> {
        Ok(Self {
            user: txn.first_free_id::<user::Entity>(user::Column::Id).await?,
            workspace: txn.first_free_id::<workspace::Entity>(workspace::Column::Id).await?,
            workspace_member: txn.first_free_id::<workspace_member::Entity>(workspace_member::Column::Id).await?,
            project: txn.first_free_id::<project::Entity>(project::Column::Id).await?,
            project_member: txn.first_free_id::<project_member::Entity>(project_member::Column::Id).await?,
            status: txn.first_free_id::<status::Entity>(status::Column::Id).await?,
            label: txn.first_free_id::<label::Entity>(label::Column::Id).await?,
            task: txn.first_free_id::<task::Entity>(task::Column::Id).await?,
            task_label: txn.first_free_id::<task_label::Entity>(task_label::Column::Id).await?,
            task_coworker: txn.first_free_id::<task_coworker::Entity>(task_coworker::Column::Id).await?,
            comment: txn.first_free_id::<comment::Entity>(comment::Column::Id).await?,
            task_event: txn.first_free_id::<task_event::Entity>(task_event::Column::Id).await?,
            wiki_page: txn.first_free_id::<wiki_page::Entity>(wiki_page::Column::Id).await?,
            wiki_revision: txn.first_free_id::<wiki_revision::Entity>(wiki_revision::Column::Id).await?,
        })
    }
}

#[derive(Clone, Copy)]
struct Member {
    id: i64,
    username: &'static str,
}

struct WorkspacePlan {
    id: i64,
    created_at: DateTime<Utc>,
    /// Everyone in it, `demo` first.
    members: Vec<Member>,
    /// Its first project, which the `roadmap` wiki page belongs to.
    first_project: Option<i64>,
}

#[derive(Clone, Copy)]
struct StatusRef {
    id: i64,
    key: &'static str,
    category: StatusCategory,
}

struct Statuses {
    todo: StatusRef,
    in_progress: StatusRef,
    review: Option<StatusRef>,
    done: StatusRef,
    canceled: StatusRef,
}

struct ProjectPlan {
    id: i64,
    key: String,
    members: Vec<Member>,
    statuses: Statuses,
    labels: Vec<(i64, &'static str)>,
    /// Relative share of the tasks.
    weight: u32,
    last_number: i32,
    epics: Vec<i64>,
}

impl ProjectPlan {
    fn usernames(&self) -> Vec<&'static str> {
        self.members.iter().map(|m| m.username).collect()
    }

    fn any_member(&self, rng: &mut StdRng) -> Member {
        // Every project has at least two members (see
        // `structure::pick_project_members`): the fallback is never reached.
        self.members.choose(rng).copied().unwrap_or(Member { id: 1, username: DEMO_USERNAME })
    }
}

// ------------------------------------------------------------- writing

/// Seeds the demo board into `db`. Refuses a database that already has a workspace.
pub async fn seed(db: &DatabaseConnection, options: &SeedOptions) -> Result<SeedReport, DemoError> {
    let txn = Seeding::begin(db).await?.ok_or(DemoError::NotEmpty)?;
    let planned_tasks = if options.projects == 0 { 0 } else { options.tasks };
    let progress = progress_bar(u64::from(planned_tasks));
    let written = write_board(&txn, options, &progress).await;
    // Clear the bar on failure too, so the error is not printed after it.
    progress.finish_and_clear();
    let report = written?;
    txn.commit().await?;
    // A fresh board has no planner statistics yet; without them SQLite
    // sorts a whole table for the first page instead of walking an index.
    crate::db::refresh_statistics(db).await.map_err(StoreError::from)?;
    Ok(report)
}

const PROGRESS_TEMPLATE: &str = "seeding tasks [{bar:40}] {pos}/{len} ({per_sec}, {eta} left)";

/// A bar on a terminal; nothing in logs, pipes and CI.
fn progress_bar(total: u64) -> ProgressBar {
    let target =
        if std::io::stderr().is_terminal() { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    // The template is a constant checked by a test; were it wrong, the
    // default style would do.
    if let Ok(style) = ProgressStyle::with_template(PROGRESS_TEMPLATE) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

async fn write_board(txn: &Seeding, options: &SeedOptions, progress: &ProgressBar) -> Result<SeedReport, StoreError> {
    let mut ids = Ids::load(txn).await?;
    let mut report = SeedReport::default();
    let mut structure_rng = StdRng::seed_from_u64(options.seed ^ STREAM_STRUCTURE);
    let people = structure::write_users(txn, &mut ids, &mut report).await?;
    let mut workspaces = structure::write_workspaces(txn, &mut ids, &people, options.projects, &mut report).await?;
    let mut projects =
        structure::write_projects(txn, &mut structure_rng, &mut ids, &mut workspaces, options.projects, &mut report)
            .await?;
    let mut task_rng = StdRng::seed_from_u64(options.seed ^ STREAM_TASKS);
    tasks::write_tasks(txn, &mut task_rng, &mut ids, &mut projects, options.tasks, progress, &mut report).await?;
    let mut wiki_rng = StdRng::seed_from_u64(options.seed ^ STREAM_WIKI);
    wiki::write_wiki(txn, &mut wiki_rng, &mut ids, &workspaces, &mut report).await?;
    Ok(report)
}

#[cfg(test)]
mod tests;
