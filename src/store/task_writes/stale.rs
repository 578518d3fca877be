//! The refusal of a write made against a revision that is no longer the
//! task's: the revision it is at, and what changed since (which fields,
//! by whom, when), read from the change log, so that the writer can read
//! the task again and retry.

use chrono::{DateTime, SecondsFormat, Utc};
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use entity::{task, task_event};

/// The revisions a refusal lists at most (the latest ones).
const MAX_LISTED: usize = 10;

/// One write since the revision the writer read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RevisionChange {
    pub revision: i32,
    pub fields: Vec<String>,
    /// The username of who made it.
    pub by: String,
    #[serde(serialize_with = "to_the_second")]
    pub at: DateTime<Utc>,
}

fn to_the_second<S: serde::Serializer>(at: &DateTime<Utc>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&at.to_rfc3339_opts(SecondsFormat::Secs, true))
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaleRevision {
    pub task_ref: String,
    pub expected: i32,
    pub current: i32,
    /// The latest writes since `expected`, oldest first.
    pub since: Vec<RevisionChange>,
    /// Writes since `expected` older than those listed.
    pub not_listed: usize,
}

impl StaleRevision {
    pub fn message(&self) -> String {
        let mut message = format!("task {} is at revision {}, not {}", self.task_ref, self.current, self.expected);
        if self.expected > self.current {
            message.push_str(": it never had that revision");
            return message;
        }
        let mut writes: Vec<String> = Vec::new();
        if self.not_listed > 0 {
            writes.push(format!("{} earlier writes", self.not_listed));
        }
        writes.extend(self.since.iter().map(|c| {
            let at = c.at.to_rfc3339_opts(SecondsFormat::Secs, true);
            format!("revision {} by {} at {at} ({})", c.revision, c.by, c.fields.join(", "))
        }));
        if !writes.is_empty() {
            message.push_str(&format!(": {}", writes.join("; ")));
        }
        message
    }

    pub fn hint(&self) -> String {
        format!("read the task again, reapply your change and pass `expectedRevision` {}", self.current)
    }
}

/// The refusal of a write to `current` made against revision `expected`.
pub(crate) async fn stale(
    txn: &DatabaseTransaction,
    task_ref: &str,
    current: &task::Model,
    expected: i32,
) -> crate::store::Result<StaleRevision> {
    let listed_from = expected.max(current.revision.saturating_sub(MAX_LISTED as i32));
    let events: Vec<(i32, String, i64, DateTime<Utc>)> = task_event::Entity::find()
        .select_only()
        .column(task_event::Column::Revision)
        .column(task_event::Column::Field)
        .column(task_event::Column::ActorId)
        .column(task_event::Column::At)
        .filter(task_event::Column::TaskId.eq(current.id))
        .filter(task_event::Column::Revision.gt(listed_from))
        .order_by_asc(task_event::Column::Id)
        // A write files one event per field; a task has far fewer fields.
        .limit((MAX_LISTED * 16) as u64)
        .into_tuple()
        .all(txn)
        .await?;
    let actors: Vec<i64> = events.iter().map(|(_, _, actor, _)| *actor).collect();
    let names: std::collections::HashMap<i64, String> =
        super::lookups::usernames_of(txn, &actors).await?.into_iter().map(|u| (u.id, u.username)).collect();
    let mut since: Vec<RevisionChange> = Vec::new();
    for (revision, field, actor, at) in events {
        match since.last_mut() {
            Some(last) if last.revision == revision => last.fields.push(field),
            _ => since.push(RevisionChange {
                revision,
                fields: vec![field],
                by: names.get(&actor).cloned().unwrap_or_default(),
                at,
            }),
        }
    }
    let not_listed = usize::try_from(listed_from - expected).unwrap_or(0);
    Ok(StaleRevision { task_ref: task_ref.to_owned(), expected, current: current.revision, since, not_listed })
}
