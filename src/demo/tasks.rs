//! Tasks and their history: statuses walked, comments, labels, coworkers
//! and the `task_event` log, generated and written a batch at a time.

use crate::store::StoreError;
use crate::store::seeding::Seeding;
use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use indicatif::ProgressBar;
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use entity::{Priority, TaskKind, comment, task, task_coworker, task_event, task_label};

use super::{HISTORY_DAYS, Ids, Member, ProjectPlan, SeedReport, StatusRef, Statuses, base, between, days, take, text};

/// Tasks generated and written together, with their comments and events.
const TASKS_PER_BATCH: u32 = 5_000;

/// Every 50th task is a tombstone: 2 %, and at least one on any board of 50
/// tasks or more, so tests and demos always have one.
const TOMBSTONE_EVERY: u32 = 50;

/// The rows of one batch of tasks; tasks are written first so that their
/// children's foreign keys hold.
#[derive(Default)]
struct TaskBatch {
    tasks: Vec<task::Model>,
    labels: Vec<task_label::Model>,
    coworkers: Vec<task_coworker::Model>,
    comments: Vec<comment::Model>,
    events: Vec<task_event::Model>,
}

impl TaskBatch {
    async fn write(self, txn: &Seeding, report: &mut SeedReport) -> Result<(), StoreError> {
        report.tasks += self.tasks.len() as u64;
        report.comments += self.comments.len() as u64;
        report.events += self.events.len() as u64;
        txn.insert::<task::ActiveModel>(self.tasks).await?;
        txn.insert::<task_label::ActiveModel>(self.labels).await?;
        txn.insert::<task_coworker::ActiveModel>(self.coworkers).await?;
        txn.insert::<comment::ActiveModel>(self.comments).await?;
        txn.insert::<task_event::ActiveModel>(self.events).await?;
        Ok(())
    }
}

pub(super) async fn write_tasks(
    txn: &Seeding,
    rng: &mut StdRng,
    ids: &mut Ids,
    projects: &mut [ProjectPlan],
    total: u32,
    progress: &ProgressBar,
    report: &mut SeedReport,
) -> Result<(), StoreError> {
    if projects.is_empty() {
        return Ok(());
    }
    let total_weight: u32 = projects.iter().map(|p| p.weight).sum();
    let mut start = 0;
    while start < total {
        let end = total.min(start + TASKS_PER_BATCH);
        let mut batch = TaskBatch::default();
        for index in start..end {
            let project = choose_project(rng, projects, total_weight, index);
            plan_task(rng, ids, &mut projects[project], index, total, &mut batch);
        }
        batch.write(txn, report).await?;
        progress.inc(u64::from(end - start));
        start = end;
    }
    Ok(())
}

/// The first task of every project comes first (so `MOBILE-1`, the first
/// task of the first project, is also the board's first task); the rest
/// follow the projects' weights.
fn choose_project(rng: &mut StdRng, projects: &[ProjectPlan], total_weight: u32, index: u32) -> usize {
    if (index as usize) < projects.len() {
        return index as usize;
    }
    let mut roll = rng.random_range(0..total_weight.max(1));
    for (position, project) in projects.iter().enumerate() {
        if roll < project.weight {
            return position;
        }
        roll -= project.weight;
    }
    projects.len() - 1
}

/// One change in a task's history, before it gets an id.
struct Change {
    at: DateTime<Utc>,
    actor: i64,
    field: &'static str,
    old: Option<String>,
    new: Option<String>,
}

fn weighted<T: Copy>(rng: &mut StdRng, table: &[(T, u32)]) -> T {
    let total: u32 = table.iter().map(|(_, w)| w).sum();
    let mut roll = rng.random_range(0..total.max(1));
    for &(value, weight) in table {
        if roll < weight {
            return value;
        }
        roll -= weight;
    }
    table[table.len() - 1].0
}

fn pick_kind(rng: &mut StdRng) -> TaskKind {
    weighted(rng, &[(TaskKind::Task, 55), (TaskKind::Bug, 25), (TaskKind::Feature, 15), (TaskKind::Epic, 5)])
}

fn pick_priority(rng: &mut StdRng, kind: TaskKind) -> Priority {
    // Bugs skew urgent; everything else mostly waits.
    if kind == TaskKind::Bug {
        weighted(
            rng,
            &[
                (Priority::None, 5),
                (Priority::Low, 15),
                (Priority::Medium, 35),
                (Priority::High, 30),
                (Priority::Urgent, 15),
            ],
        )
    } else {
        weighted(
            rng,
            &[
                (Priority::None, 30),
                (Priority::Low, 25),
                (Priority::Medium, 30),
                (Priority::High, 12),
                (Priority::Urgent, 3),
            ],
        )
    }
}

/// The statuses a task went through, starting at `todo`. Older tasks are
/// more often done: about 30 % overall.
fn status_path(rng: &mut StdRng, statuses: &Statuses, age: f64) -> Vec<StatusRef> {
    let done = 0.12 + 0.36 * age;
    let roll: f64 = rng.random();
    let mut path = vec![statuses.todo];
    if roll < done {
        if rng.random_bool(0.8) {
            path.push(statuses.in_progress);
            if let Some(review) = statuses.review.filter(|_| rng.random_bool(0.7)) {
                path.push(review);
            }
        }
        path.push(statuses.done);
        if rng.random_bool(0.04) {
            // Reopened, then done again.
            path.push(statuses.in_progress);
            path.push(statuses.done);
        }
    } else if roll < done + 0.06 {
        if rng.random_bool(0.4) {
            path.push(statuses.in_progress);
        }
        path.push(statuses.canceled);
    } else if roll < done + 0.28 {
        path.push(statuses.in_progress);
        if let Some(review) = statuses.review.filter(|_| rng.random_bool(0.35)) {
            path.push(review);
        }
    }
    path
}

fn random_times(rng: &mut StdRng, from: DateTime<Utc>, to: DateTime<Utc>, count: usize) -> Vec<DateTime<Utc>> {
    let mut times: Vec<DateTime<Utc>> = (0..count).map(|_| between(rng, from, to)).collect();
    times.sort();
    times
}

/// When the index-th of `total` tasks was created: spread evenly over the
/// history, with jitter, so ids roughly follow creation order.
fn task_created_at(rng: &mut StdRng, index: u32, total: u32) -> DateTime<Utc> {
    let span = (days(HISTORY_DAYS) - days(1)).num_seconds();
    let step = span / i64::from(total.max(1));
    let offset = step * i64::from(index) + rng.random_range(0..step.max(1));
    base() - days(HISTORY_DAYS) + TimeDelta::seconds(offset)
}

/// The description size forced on a few tasks so that every board has
/// texts that need windowing.
fn forced_description_chars(index: u32, total: u32) -> Option<usize> {
    if index == 0 {
        Some(61_000)
    } else if total >= 100 && (index == total / 3 || index == 2 * total / 3) {
        Some(21_000)
    } else {
        None
    }
}

fn due_date(
    rng: &mut StdRng,
    created: DateTime<Utc>,
    completed: Option<DateTime<Utc>>,
    open: bool,
) -> Option<NaiveDate> {
    if rng.random_range(0..3) == 0 {
        return None;
    }
    let today = base().date_naive();
    if let Some(completed) = completed {
        // Closed: due around when it closed, sometimes missed.
        return Some(completed.date_naive() + days(rng.random_range(-5..=10)));
    }
    let overdue = today - days(rng.random_range(1..=30));
    if open && rng.random_bool(0.4) && overdue > created.date_naive() {
        Some(overdue)
    } else {
        Some(today + days(rng.random_range(1..=120)))
    }
}

/// What a task is and says, and who made it, holds it and is named in it.
struct Drafted {
    kind: TaskKind,
    creator: Member,
    assignee: Option<Member>,
    parent_id: Option<i64>,
    mentions: Vec<&'static str>,
    title: String,
    description: Option<String>,
}

fn draft(rng: &mut StdRng, project: &mut ProjectPlan, id: i64, index: u32, total: u32) -> Drafted {
    let kind = pick_kind(rng);
    let creator = project.any_member(rng);
    let assignee = rng.random_bool(0.85).then(|| project.any_member(rng));
    let parent_id =
        if kind != TaskKind::Epic && rng.random_bool(0.35) { project.epics.choose(rng).copied() } else { None };
    if kind == TaskKind::Epic {
        project.epics.push(id);
    }
    let mentions = project.usernames();
    let title = text::task_title(rng, kind);
    let description = match forced_description_chars(index, total) {
        Some(chars) => Some(text::rich_html(rng, chars, &mentions)),
        None => text::task_description(rng, &mentions),
    };
    Drafted { kind, creator, assignee, parent_id, mentions, title, description }
}

fn plan_task(
    rng: &mut StdRng,
    ids: &mut Ids,
    project: &mut ProjectPlan,
    index: u32,
    total: u32,
    batch: &mut TaskBatch,
) {
    let id = take(&mut ids.task);
    project.last_number += 1;
    let number = project.last_number;
    let created_at = task_created_at(rng, index, total);
    let deleted_at = (index % TOMBSTONE_EVERY == TOMBSTONE_EVERY - 1).then(|| between(rng, created_at, base()));
    let horizon = deleted_at.unwrap_or(base());
    let age = (base() - created_at).num_seconds() as f64 / days(HISTORY_DAYS).num_seconds() as f64;

    let Drafted { kind, creator, assignee, parent_id, mentions, title, description } =
        draft(rng, project, id, index, total);

    let mut changes = vec![Change {
        at: created_at,
        actor: creator.id,
        field: "created",
        old: None,
        new: Some(format!("{}-{number}", project.key)),
    }];
    let actor = assignee.unwrap_or(creator).id;
    let (last, completed_at) = plan_status(rng, &project.statuses, (created_at, horizon), age, actor, &mut changes);
    let closed = last.category.is_closed();
    let priority = plan_priority(rng, kind, (created_at, horizon), creator.id, &mut changes);

    plan_labels(rng, ids, project, id, kind, batch);
    if let Some(assignee) = assignee {
        plan_coworkers(rng, ids, project, id, assignee, batch);
    }
    changes.extend(plan_comments(rng, ids, project, id, (created_at, horizon), &mentions, batch));
    if let Some(at) = deleted_at {
        changes.push(Change { at, actor: creator.id, field: "deleted", old: None, new: Some(at.to_rfc3339()) });
    }

    let (updated_at, revision) = write_log(ids, project.id, id, changes, batch);
    let updated_at = updated_at.unwrap_or(created_at);

    batch.tasks.push(task::Model {
        id,
        project_id: project.id,
        number,
        title,
        description,
        status_id: last.id,
        priority,
        kind,
        parent_id,
        assignee_id: assignee.map(|a| a.id),
        due_date: due_date(rng, created_at, completed_at, !closed && deleted_at.is_none()),
        created_by_id: creator.id,
        created_at,
        updated_at,
        completed_at,
        deleted_at,
        source_system: None,
        source_key: None,
        source_url: None,
        source_state: None,
        revision,
        claim_session_id: None,
        claim_holder_id: None,
        claimed_at: None,
        claim_until: None,
        claim_ttl_seconds: None,
        board_rank: crate::store::task_writes::placement::new_task_rank(number),
    });
}

/// The statuses a task went through up to now, each move a change by
/// `actor`; its last status, and when it closed if it did.
fn plan_status(
    rng: &mut StdRng,
    statuses: &Statuses,
    (created_at, horizon): (DateTime<Utc>, DateTime<Utc>),
    age: f64,
    actor: i64,
    changes: &mut Vec<Change>,
) -> (StatusRef, Option<DateTime<Utc>>) {
    let path = status_path(rng, statuses, age.clamp(0.0, 1.0));
    let moves = random_times(rng, created_at, horizon, path.len() - 1);
    for (step, at) in path.windows(2).zip(&moves) {
        changes.push(Change {
            at: *at,
            actor,
            field: "status",
            old: Some(step[0].key.to_owned()),
            new: Some(step[1].key.to_owned()),
        });
    }
    let last = path.last().copied().unwrap_or(statuses.todo);
    let completed_at = if last.category.is_closed() { moves.last().copied() } else { None };
    (last, completed_at)
}

/// A task's priority; about one in eight was changed once by its creator.
fn plan_priority(
    rng: &mut StdRng,
    kind: TaskKind,
    (created_at, horizon): (DateTime<Utc>, DateTime<Utc>),
    creator: i64,
    changes: &mut Vec<Change>,
) -> Priority {
    let mut priority = pick_priority(rng, kind);
    if rng.random_bool(0.12) {
        let old = priority;
        priority = pick_priority(rng, kind);
        if priority != old {
            let at = between(rng, created_at, horizon);
            changes.push(Change {
                at,
                actor: creator,
                field: "priority",
                old: Some(priority_key(old)),
                new: Some(priority_key(priority)),
            });
        }
    }
    priority
}

/// The task's change log in time order (ties keep the order they were
/// recorded in, so `created` stays first and `deleted` last); the time of
/// its last change.
/// Files the task's changes in time order, each but a comment a write of
/// its own that moves the revision; returns the last change's instant and
/// the task's revision.
fn write_log(
    ids: &mut Ids,
    project_id: i64,
    task_id: i64,
    mut changes: Vec<Change>,
    batch: &mut TaskBatch,
) -> (Option<DateTime<Utc>>, i32) {
    changes.sort_by_key(|c| c.at);
    let updated_at = changes.iter().map(|c| c.at).max();
    let mut revision = 0;
    for change in changes {
        let moved = change.field != "comment";
        revision += i32::from(moved);
        batch.events.push(task_event::Model {
            id: take(&mut ids.task_event),
            task_id,
            project_id,
            actor_id: change.actor,
            at: change.at,
            field: change.field.to_owned(),
            old_value: change.old,
            new_value: change.new,
            revision: moved.then_some(revision),
        });
    }
    (updated_at, revision.max(1))
}

fn priority_key(priority: Priority) -> String {
    crate::store::task_writes::log::logged(priority)
}

fn plan_labels(
    rng: &mut StdRng,
    ids: &mut Ids,
    project: &ProjectPlan,
    task_id: i64,
    kind: TaskKind,
    batch: &mut TaskBatch,
) {
    let count = weighted(rng, &[(0usize, 35), (1, 35), (2, 20), (3, 10)]);
    let mut chosen: Vec<i64> = project.labels.choose_multiple(rng, count).map(|(id, _)| *id).collect();
    // Bugs mostly carry the `bug` label, which every project has.
    if kind == TaskKind::Bug && rng.random_bool(0.8) {
        if let Some((bug, _)) = project.labels.iter().find(|(_, name)| *name == "bug") {
            if !chosen.contains(bug) {
                chosen.push(*bug);
            }
        }
    }
    for label_id in chosen {
        batch.labels.push(task_label::Model { id: take(&mut ids.task_label), task_id, label_id });
    }
}

fn plan_coworkers(
    rng: &mut StdRng,
    ids: &mut Ids,
    project: &ProjectPlan,
    task_id: i64,
    assignee: Member,
    batch: &mut TaskBatch,
) {
    if !rng.random_bool(0.25) {
        return;
    }
    let candidates: Vec<Member> = project.members.iter().copied().filter(|m| m.id != assignee.id).collect();
    let count = rng.random_range(1..=2);
    for member in candidates.choose_multiple(rng, count) {
        batch.coworkers.push(task_coworker::Model { id: take(&mut ids.task_coworker), task_id, user_id: member.id });
    }
}

/// The task's comments, each within `(created, horizon]`; returns their
/// `comment` events.
fn plan_comments(
    rng: &mut StdRng,
    ids: &mut Ids,
    project: &ProjectPlan,
    task_id: i64,
    (created_at, horizon): (DateTime<Utc>, DateTime<Utc>),
    mentions: &[&str],
    batch: &mut TaskBatch,
) -> Vec<Change> {
    let mut changes = Vec::new();
    let count = weighted(rng, &[(0usize, 30), (1, 30), (2, 20), (3, 12), (4, 8)]);
    for at in random_times(rng, created_at, horizon, count) {
        let id = take(&mut ids.comment);
        let author = project.any_member(rng);
        // A few comments were edited later, a few deleted.
        let updated_at = if rng.random_bool(0.1) { between(rng, at, horizon) } else { at };
        let deleted_at = rng.random_bool(0.01).then_some(updated_at);
        batch.comments.push(comment::Model {
            id,
            task_id,
            author_id: author.id,
            body: text::comment_body(rng, mentions),
            created_at: at,
            updated_at,
            deleted_at,
            source_key: None,
        });
        changes.push(Change { at, actor: author.id, field: "comment", old: None, new: Some(id.to_string()) });
    }
    changes
}
