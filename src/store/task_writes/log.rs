//! The change log every task write files: what changed on one task
//! (`Changes`, a field with its value before and after), and the events of
//! one transaction (`EventLog`), each with its task, actor and instant,
//! written in the order they were filed.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveEnum, ConnectionTrait, DbErr, Set};

use entity::{task, task_event};

/// An enum (a priority, a kind) as the change log shows it: its stored
/// value.
pub(crate) fn logged<E: ActiveEnum<Value = String>>(value: E) -> String {
    value.to_value()
}

/// One field of a task moved from `old` to `new`, as the change log
/// shows it (names joined by commas, keys rather than ids).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Change {
    pub field: &'static str,
    pub old: Option<String>,
    pub new: Option<String>,
}

impl Change {
    /// The change, when the values differ.
    pub fn between(field: &'static str, old: Option<String>, new: Option<String>) -> Option<Self> {
        (old != new).then_some(Self { field, old, new })
    }
}

/// What one write changed on one task, in the order the log keeps.
#[derive(Debug, Default)]
pub(crate) struct Changes(Vec<Change>);

impl Changes {
    /// Notes a field's change; a value that stayed is no change.
    pub fn record(&mut self, field: &'static str, old: Option<String>, new: Option<String>) {
        self.0.extend(Change::between(field, old, new));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Who made a change and when; every event of it carries both.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Actor {
    pub user_id: i64,
    pub at: DateTime<Utc>,
}

/// One event as filed: a change of a task, by an actor, and the revision
/// it brought the task to (none for a comment or a claim).
#[derive(Debug, Clone)]
pub(crate) struct Filed {
    pub task_id: i64,
    pub project_id: i64,
    pub by: Actor,
    pub change: Change,
    pub revision: Option<i32>,
}

/// The events of one transaction, written when it is about to commit.
#[derive(Debug, Default)]
pub(crate) struct EventLog {
    filed: Vec<Filed>,
}

impl EventLog {
    /// Files each change of `task`, as written, as its own event.
    pub fn file(&mut self, task: &task::Model, by: Actor, changes: Changes) {
        for change in changes.0 {
            self.file_one(task.id, task.project_id, by, change, Some(task.revision));
        }
    }

    /// Files one event of the task with this id in that project, with the
    /// revision it brought the task to (none for a comment).
    pub fn file_one(&mut self, task_id: i64, project_id: i64, by: Actor, change: Change, revision: Option<i32>) {
        self.filed.push(Filed { task_id, project_id, by, change, revision });
    }

    /// Writes what was filed, in order (event ids follow it), with the
    /// webhook deliveries it makes (the outbox, in the same transaction),
    /// and returns how many events that was. The caller wakes the live
    /// feed once the transaction's last events are written
    /// (`feed::notify_in`).
    pub async fn write(&mut self, txn: &impl ConnectionTrait) -> Result<u64, DbErr> {
        let filed = std::mem::take(&mut self.filed);
        let written = filed.len() as u64;
        crate::store::webhooks::outbox::enqueue_task_changes(txn, &filed).await?;
        let rows = filed
            .into_iter()
            .map(|f| task_event::ActiveModel {
                task_id: Set(f.task_id),
                project_id: Set(f.project_id),
                actor_id: Set(f.by.user_id),
                at: Set(f.by.at),
                field: Set(f.change.field.to_owned()),
                old_value: Set(f.change.old),
                new_value: Set(f.change.new),
                revision: Set(f.revision),
                ..Default::default()
            })
            .collect();
        crate::store::rows::insert_active(txn, rows).await?;
        Ok(written)
    }
}
