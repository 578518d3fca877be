//! A task's own fields changed on its row, each change noted for the
//! change log as it is made. Callers decide which fields to touch (a
//! GraphQL update the ones given, an import the ones the other tracker
//! changed) and when a task counts as completed; the row, the log values
//! and their order are kept here.

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, Set};

use entity::{Priority, TaskKind, status, task};

use super::log::{Changes, logged};

/// A task's row as stored and as it will be written, and what moved.
pub(crate) struct RowChange {
    pub current: task::Model,
    pub row: task::ActiveModel,
    pub changes: Changes,
}

impl RowChange {
    pub fn of(current: task::Model) -> Self {
        Self { row: current.clone().into(), current, changes: Changes::default() }
    }

    pub fn title(&mut self, title: &str) {
        self.changes.record("title", Some(self.current.title.clone()), Some(title.to_owned()));
        self.row.title = Set(title.to_owned());
    }

    pub fn description(&mut self, description: Option<&str>) {
        let new = description.map(str::to_owned);
        self.changes.record("description", self.current.description.clone(), new.clone());
        self.row.description = Set(new);
    }

    /// A new status, from `old` (the task's, when it still exists), and
    /// the completion instant the caller's rule gives (`None` leaves it).
    pub fn status(
        &mut self,
        old: Option<&status::Model>,
        new: &status::Model,
        completed_at: Option<Option<DateTime<Utc>>>,
    ) {
        self.changes.record("status", old.map(|s| s.key.clone()), Some(new.key.clone()));
        self.row.status_id = Set(new.id);
        if let Some(completed_at) = completed_at {
            self.row.completed_at = Set(completed_at);
        }
    }

    pub fn priority(&mut self, priority: Priority) {
        self.changes.record("priority", Some(logged(self.current.priority)), Some(logged(priority)));
        self.row.priority = Set(priority);
    }

    pub fn kind(&mut self, kind: TaskKind) {
        self.changes.record("kind", Some(logged(self.current.kind)), Some(logged(kind)));
        self.row.kind = Set(kind);
    }

    pub fn due_date(&mut self, due: Option<NaiveDate>) {
        let old = self.current.due_date.map(|d| d.to_string());
        self.changes.record("due_date", old, due.map(|d| d.to_string()));
        self.row.due_date = Set(due);
    }

    /// The assignee by id, the log showing usernames.
    pub fn assignee(&mut self, id: Option<i64>, old_name: Option<String>, new_name: Option<String>) {
        self.changes.record("assignee", old_name, new_name);
        self.row.assignee_id = Set(id);
    }

    /// The parent by id, the log showing refs (`KEY-12`).
    pub fn parent(&mut self, id: Option<i64>, old_ref: Option<String>, new_ref: Option<String>) {
        self.changes.record("parent", old_ref, new_ref);
        self.row.parent_id = Set(id);
    }

    /// Leaves a tombstone: the task leaves every filtered list, and its
    /// ref still answers with `deleted: true`.
    pub fn tombstone(&mut self, at: DateTime<Utc>) {
        self.changes.record("deleted", None, Some(at.to_rfc3339()));
        self.row.deleted_at = Set(Some(at));
        // A tombstone is held by nobody.
        self.row.claim_session_id = Set(None);
        self.row.claim_holder_id = Set(None);
        self.row.claimed_at = Set(None);
        self.row.claim_until = Set(None);
        self.row.claim_ttl_seconds = Set(None);
    }

    /// The instant the task was last active, as the caller's rule gives it.
    pub fn touched(&mut self, at: DateTime<Utc>) {
        self.row.updated_at = Set(at);
    }

    /// What an import recorded of the task's source: the state it read
    /// (to tell next time which fields the other tracker changed) and
    /// the address there.
    pub fn source(&mut self, state: Option<String>, url: Option<String>) {
        self.row.source_state = Set(state);
        self.row.source_url = Set(url);
    }

    /// Writes the row (its `updated_at` as the caller set it), a change
    /// moving its revision on, and hands back what changed, for the
    /// caller to file under its actor: every path that changes a stored
    /// task writes it here. The caller holds the task's row lock, or
    /// writes alone (an import).
    pub async fn write(mut self, txn: &impl ConnectionTrait) -> Result<(task::Model, Changes), DbErr> {
        if !self.changes.is_empty() {
            self.row.revision = Set(self.current.revision.saturating_add(1));
        }
        Ok((self.row.update(txn).await?, self.changes))
    }
}
