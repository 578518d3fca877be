//! The one task writer. GraphQL and MCP create, update, delete
//! (tombstone) and comment through the functions here; imports write
//! through the same parts in batches: `rules` (the checks of a value),
//! `numbers` (a project's numbering, one writer at a time), `fields` (a
//! row's change, noted for the log as it is made, and written),
//! `links` (labels and coworkers) and `log` (the change-log events, in
//! the transaction of the change). Live subscribers hear of a change once
//! it commits.

pub mod claims;
pub(crate) mod fields;
mod links;
pub(crate) mod log;
pub(crate) mod lookups;
pub(crate) mod numbers;
pub mod placement;
pub(crate) mod rules;
pub mod stale;

use chrono::NaiveDate;
use sea_orm::{ActiveModelTrait, DatabaseTransaction, EntityTrait, Set};

use entity::{Priority, TaskKind, comment, status, task};

use super::db_error::with_retry;
use super::input::{self, RichText};
use super::viewer::Viewer;
use super::visibility::require_write;
use super::{Result, Store, StoreError, now};
use fields::RowChange;
pub(crate) use links::{Replaced, coworker_rows, label_rows, replace_coworkers, replace_labels};
use log::{Actor, Change, EventLog};
use lookups::*;

#[derive(Debug, Clone, Default)]
pub struct NewTask {
    pub project: String,
    pub title: String,
    pub description: Option<RichText>,
    pub status: Option<String>,
    pub priority: Option<Priority>,
    pub kind: Option<TaskKind>,
    pub parent: Option<String>,
    pub assignee: Option<String>,
    pub coworkers: Vec<String>,
    pub labels: Vec<String>,
    pub due_date: Option<NaiveDate>,
}

/// Fields to change; `None` leaves a field alone, `Some(None)` clears it.
#[derive(Debug, Clone, Default)]
pub struct TaskChanges {
    pub title: Option<String>,
    pub description: Option<Option<RichText>>,
    pub status: Option<String>,
    pub priority: Option<Priority>,
    pub kind: Option<TaskKind>,
    pub parent: Option<Option<String>>,
    pub assignee: Option<Option<String>>,
    pub due_date: Option<Option<NaiveDate>>,
    /// The whole new sets; or, instead, what to add and remove, applied
    /// to the sets as the write finds them.
    pub labels: Option<Vec<String>>,
    pub coworkers: Option<Vec<String>>,
    pub add_labels: Vec<String>,
    pub remove_labels: Vec<String>,
    pub add_coworkers: Vec<String>,
    pub remove_coworkers: Vec<String>,
    /// A new place in the board's order.
    pub place: Option<placement::Placement>,
}

fn validate_description(description: &RichText) -> Result<String> {
    description.stored("description", input::MAX_DESCRIPTION_CHARS)
}

/// Writes the transaction's events, wakes the feeds, and commits.
pub(crate) async fn commit(txn: DatabaseTransaction, mut log: EventLog) -> Result<u64> {
    let written = log.write(&txn).await?;
    if written > 0 {
        super::feed::notify_in(&txn).await?;
    }
    txn.commit().await?;
    Ok(written)
}

/// Saves one task's change, files it (and, apart, a move in the board's
/// order, which does not move its revision), and commits.
async fn save_and_commit(
    txn: DatabaseTransaction,
    change: RowChange,
    by: Actor,
    moved: Option<Change>,
) -> Result<(task::Model, u64)> {
    let (task, changes) = change.write(&txn).await?;
    let mut log = EventLog::default();
    log.file(&task, by, changes);
    if let Some(moved) = moved {
        log.file_one(task.id, task.project_id, by, moved, None);
    }
    let events = commit(txn, log).await?;
    Ok((task, events))
}

/// Wakes this gateway's feed at once; other processes' feeds learn of the
/// write from the log (NOTIFY on PostgreSQL, polling on SQLite).
pub(crate) fn publish(store: &Store, events: u64) {
    if events > 0 {
        store.feed.nudge();
    }
}

fn actor(viewer: &Viewer) -> Actor {
    Actor { user_id: viewer.user_id, at: now() }
}

pub async fn create_task(store: &Store, viewer: &Viewer, new: &NewTask) -> Result<task::Model> {
    require_write(viewer)?;
    rules::names("labels", &new.labels)?;
    rules::names("coworkers", &new.coworkers)?;
    let title = rules::title(&new.title)?;
    let description = new.description.as_ref().map(validate_description).transpose()?;
    let due_date = rules::due_date("dueDate", new.due_date)?;
    let (task, events) = with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        let project = visible_project(&txn, viewer, &new.project).await?;
        let status = status_by_key(&txn, project.id, new.status.as_deref()).await?;
        let assignee = match &new.assignee {
            Some(name) => Some(user_by_name(&txn, viewer, "assignee", name).await?),
            None => None,
        };
        let coworkers = users_by_names(&txn, viewer, "coworkers", &new.coworkers).await?;
        let labels = labels_by_names(&txn, project.id, "labels", &new.labels).await?;
        let parent = match &new.parent {
            Some(r) => Some(parent_in_project(store, viewer, r, project.id, None).await?),
            None => None,
        };
        let number = rules::number(numbers::lock_numbers(&txn, project.id).await?.saturating_add(1))?;
        let by = actor(viewer);
        let task = task::ActiveModel {
            project_id: Set(project.id),
            number: Set(number),
            title: Set(title.clone()),
            description: Set(description.clone()),
            status_id: Set(status.id),
            priority: Set(new.priority.unwrap_or(Priority::None)),
            kind: Set(new.kind.unwrap_or(TaskKind::Task)),
            parent_id: Set(parent.as_ref().map(|p| p.id)),
            assignee_id: Set(assignee.as_ref().map(|a| a.id)),
            due_date: Set(due_date),
            created_by_id: Set(viewer.user_id),
            created_at: Set(by.at),
            updated_at: Set(by.at),
            completed_at: Set(status.category.is_closed().then_some(by.at)),
            deleted_at: Set(None),
            revision: Set(1),
            board_rank: Set(placement::new_task_rank(number)),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let coworker_ids: Vec<i64> = coworkers.iter().map(|u| u.id).collect();
        let label_ids: Vec<i64> = labels.iter().map(|l| l.id).collect();
        super::rows::insert_active(&txn, coworker_rows(task.id, &coworker_ids).collect()).await?;
        super::rows::insert_active(&txn, label_rows(task.id, &label_ids).collect()).await?;
        let mut log = EventLog::default();
        let created = Change { field: "created", old: None, new: Some(format!("{}-{}", project.key, task.number)) };
        log.file_one(task.id, task.project_id, by, created, Some(task.revision));
        let events = commit(txn, log).await?;
        Ok((task, events))
    })
    .await?;
    publish(store, events);
    Ok(task)
}

/// The values of a change that are checked before any is written.
struct CheckedChanges {
    title: Option<String>,
    description: Option<Option<String>>,
    due_date: Option<Option<NaiveDate>>,
}

impl CheckedChanges {
    fn of(changes: &TaskChanges) -> Result<Self> {
        let sets = [
            ("labels", changes.labels.as_deref().unwrap_or_default()),
            ("coworkers", changes.coworkers.as_deref().unwrap_or_default()),
            ("addLabels", &changes.add_labels),
            ("removeLabels", &changes.remove_labels),
            ("addCoworkers", &changes.add_coworkers),
            ("removeCoworkers", &changes.remove_coworkers),
        ];
        for (argument, names) in sets {
            rules::names(argument, names)?;
        }
        Ok(Self {
            title: changes.title.as_deref().map(rules::title).transpose()?,
            description: changes
                .description
                .as_ref()
                .map(|d| d.as_ref().map(validate_description).transpose())
                .transpose()?,
            due_date: changes.due_date.map(|due| rules::due_date("dueDate", due)).transpose()?,
        })
    }
}

/// Changes the fields given; with `expected_revision`, only if the task is
/// still at that revision (else nothing is written and the refusal says
/// what changed since).
pub async fn update_task(
    store: &Store,
    viewer: &Viewer,
    task_ref: &str,
    changes: &TaskChanges,
    expected_revision: Option<i32>,
) -> Result<task::Model> {
    require_write(viewer)?;
    let checked = CheckedChanges::of(changes)?;
    let expected_revision = rules::expected_revision(expected_revision)?;
    // Visibility is decided once; the row itself is read under the lock.
    let found = live_task(store, viewer, task_ref).await?;
    let (task_id, project_id) = (found.id, found.project_id);
    let (task, events) = with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        // A placement takes the project's lock before the task's, in a
        // create's order.
        let placing = match &changes.place {
            Some(place) => Some((place, numbers::lock_numbers(&txn, project_id).await?)),
            None => None,
        };
        let current = lock_live_task(&txn, task_ref, task_id).await?;
        if let Some(expected) = expected_revision.filter(|expected| *expected != current.revision) {
            let refusal = stale::stale(&txn, task_ref, &current, expected).await?;
            txn.rollback().await?;
            return Err(StoreError::StaleRevision(Box::new(refusal)));
        }
        let mut update = TaskUpdate { change: RowChange::of(current), by: actor(viewer) };
        // In this order, which the change log keeps.
        update.title_and_description(&checked);
        update.status(&txn, changes).await?;
        update.priority_and_kind(changes);
        update.assignee(&txn, viewer, changes).await?;
        if let Some(due) = checked.due_date {
            update.change.due_date(due);
        }
        update.parent(&txn, store, viewer, changes).await?;
        update.coworkers(&txn, viewer, changes).await?;
        update.labels(&txn, changes).await?;
        let TaskUpdate { mut change, by } = update;
        let moved = match placing {
            Some((place, last_number)) => placement::place(&txn, &change.current, place, last_number).await?,
            None => None,
        };
        if change.changes.is_empty() && moved.is_none() {
            txn.rollback().await?;
            return Ok((change.current, 0));
        }
        // A move alone is no activity: the task keeps its place in the
        // other orders, and its revision.
        if !change.changes.is_empty() {
            change.touched(by.at);
        }
        let moved = moved.map(|(rank, event)| {
            change.row.board_rank = Set(rank);
            event
        });
        save_and_commit(txn, change, by, moved).await
    })
    .await?;
    publish(store, events);
    Ok(task)
}

/// One task's update inside its transaction: its row change, and who
/// makes it when.
struct TaskUpdate {
    change: RowChange,
    by: Actor,
}

impl TaskUpdate {
    fn title_and_description(&mut self, checked: &CheckedChanges) {
        if let Some(title) = &checked.title {
            self.change.title(title);
        }
        if let Some(description) = &checked.description {
            self.change.description(description.as_deref());
        }
    }

    fn priority_and_kind(&mut self, changes: &TaskChanges) {
        if let Some(priority) = changes.priority {
            self.change.priority(priority);
        }
        if let Some(kind) = changes.kind {
            self.change.kind(kind);
        }
    }

    /// A new status; entering a closed one marks the task completed, and
    /// leaving the closed ones clears that.
    async fn status(&mut self, txn: &DatabaseTransaction, changes: &TaskChanges) -> Result<()> {
        let Some(key) = &changes.status else { return Ok(()) };
        let current = &self.change.current;
        let old = status::Entity::find_by_id(current.status_id).one(txn).await?;
        let new = status_by_key(txn, current.project_id, Some(key)).await?;
        let was_closed = old.as_ref().is_some_and(|s| s.category.is_closed());
        let completed_at = match (new.category.is_closed(), was_closed) {
            (true, false) => Some(Some(self.by.at)),
            (true, true) => None,
            (false, _) => Some(None),
        };
        self.change.status(old.as_ref(), &new, completed_at);
        Ok(())
    }

    async fn assignee(&mut self, txn: &DatabaseTransaction, viewer: &Viewer, changes: &TaskChanges) -> Result<()> {
        let Some(assignee) = &changes.assignee else { return Ok(()) };
        let old = usernames_of(txn, &self.change.current.assignee_id.into_iter().collect::<Vec<_>>()).await?;
        let new = match assignee {
            Some(name) => Some(user_by_name(txn, viewer, "assignee", name).await?),
            None => None,
        };
        let new_name = new.as_ref().map(|u| u.username.clone());
        self.change.assignee(new.map(|u| u.id), names(&old), new_name);
        Ok(())
    }

    async fn parent(
        &mut self,
        txn: &DatabaseTransaction,
        store: &Store,
        viewer: &Viewer,
        changes: &TaskChanges,
    ) -> Result<()> {
        let Some(parent) = &changes.parent else { return Ok(()) };
        let current = &self.change.current;
        let old = task_ref_of(txn, current.parent_id).await?;
        let new = match parent {
            Some(r) => Some(parent_in_project(store, viewer, r, current.project_id, Some(current.id)).await?),
            None => None,
        };
        let new_ref = new.as_ref().and(parent.clone());
        self.change.parent(new.map(|p| p.id), old, new_ref);
        Ok(())
    }

    async fn coworkers(&mut self, txn: &DatabaseTransaction, viewer: &Viewer, changes: &TaskChanges) -> Result<()> {
        let task_id = self.change.current.id;
        let mut new = match &changes.coworkers {
            Some(whole) => users_by_names(txn, viewer, "coworkers", whole).await?,
            None if changes.add_coworkers.is_empty() && changes.remove_coworkers.is_empty() => return Ok(()),
            None => {
                let added = users_by_names(txn, viewer, "addCoworkers", &changes.add_coworkers).await?;
                let removed = users_by_names(txn, viewer, "removeCoworkers", &changes.remove_coworkers).await?;
                let stored = usernames_of(txn, &links::coworker_ids(txn, task_id).await?).await?;
                edited(stored, added, removed, |u| u.id)
            }
        };
        new.sort_by(|a, b| a.username.cmp(&b.username));
        let ids: Vec<i64> = new.iter().map(|u| u.id).collect();
        if let Some(replaced) = replace_coworkers(txn, task_id, &ids).await? {
            let old = usernames_of(txn, &replaced.old).await?;
            self.change.changes.record("coworkers", names(&old), names(&new));
        }
        Ok(())
    }

    async fn labels(&mut self, txn: &DatabaseTransaction, changes: &TaskChanges) -> Result<()> {
        let (task_id, project_id) = (self.change.current.id, self.change.current.project_id);
        let mut new = match &changes.labels {
            Some(whole) => labels_by_names(txn, project_id, "labels", whole).await?,
            None if changes.add_labels.is_empty() && changes.remove_labels.is_empty() => return Ok(()),
            None => {
                let added = labels_by_names(txn, project_id, "addLabels", &changes.add_labels).await?;
                let removed = labels_by_names(txn, project_id, "removeLabels", &changes.remove_labels).await?;
                let stored = labels_of(txn, &links::label_ids(txn, task_id).await?).await?;
                edited(stored, added, removed, |l| l.id)
            }
        };
        new.sort_by(|a, b| a.name.cmp(&b.name));
        let ids: Vec<i64> = new.iter().map(|l| l.id).collect();
        if let Some(replaced) = replace_labels(txn, task_id, &ids).await? {
            let mut old = labels_of(txn, &replaced.old).await?;
            old.sort_by(|a, b| a.name.cmp(&b.name));
            self.change.changes.record("labels", label_names(&old), label_names(&new));
        }
        Ok(())
    }
}

/// A stored set with `added` put in and `removed` taken out. Read and
/// written under the task's row lock, so concurrent additions all stay.
fn edited<T>(stored: Vec<T>, added: Vec<T>, removed: Vec<T>, id: impl Fn(&T) -> i64) -> Vec<T> {
    let mut set: Vec<T> = stored.into_iter().filter(|item| !removed.iter().any(|r| id(r) == id(item))).collect();
    for item in added {
        if !set.iter().any(|s| id(s) == id(&item)) && !removed.iter().any(|r| id(r) == id(&item)) {
            set.push(item);
        }
    }
    set
}

/// Leaves a tombstone (`RowChange::tombstone`).
pub async fn delete_task(store: &Store, viewer: &Viewer, task_ref: &str) -> Result<task::Model> {
    require_write(viewer)?;
    let task_id = live_task(store, viewer, task_ref).await?.id;
    let (task, events) = with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        let current = lock_live_task(&txn, task_ref, task_id).await?;
        let by = actor(viewer);
        let mut change = RowChange::of(current);
        change.tombstone(by.at);
        change.touched(by.at);
        save_and_commit(txn, change, by, None).await
    })
    .await?;
    publish(store, events);
    Ok(task)
}

pub async fn add_comment(store: &Store, viewer: &Viewer, task_ref: &str, body: &RichText) -> Result<comment::Model> {
    require_write(viewer)?;
    let body = body.stored("body", input::MAX_COMMENT_CHARS)?;
    if body.trim().is_empty() {
        return Err(StoreError::bad_argument("body", "`body` is empty", "write the comment's text"));
    }
    let task_id = live_task(store, viewer, task_ref).await?.id;
    let (comment, events) = with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        let current = lock_live_task(&txn, task_ref, task_id).await?;
        let by = actor(viewer);
        let comment = comment::ActiveModel {
            task_id: Set(current.id),
            author_id: Set(viewer.user_id),
            body: Set(body.clone()),
            created_at: Set(by.at),
            updated_at: Set(by.at),
            deleted_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let mut log = EventLog::default();
        let commented = Change { field: "comment", old: None, new: Some(comment.id.to_string()) };
        log.file_one(current.id, current.project_id, by, commented, None);
        let mut row: task::ActiveModel = current.into();
        row.updated_at = Set(by.at);
        row.update(&txn).await?;
        let events = commit(txn, log).await?;
        Ok((comment, events))
    })
    .await?;
    publish(store, events);
    Ok(comment)
}
