//! A task; `updated_at` is its last activity, `deleted_at` marks a tombstone,
//! `source_*` name where an import brought it from.

use crate::{Priority, TaskKind};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[sea_orm(table_name = "task")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    pub number: i32,
    pub title: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub description: Option<String>,
    pub status_id: i64,
    pub priority: Priority,
    pub kind: TaskKind,
    pub parent_id: Option<i64>,
    pub assignee_id: Option<i64>,
    pub due_date: Option<Date>,
    pub created_by_id: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub completed_at: Option<DateTimeUtc>,
    pub deleted_at: Option<DateTimeUtc>,
    /// The tracker an import brought the task from (`github`, `jira`,
    /// `linear`), its key there and its address; absent when made here.
    #[serde(default)]
    pub source_system: Option<String>,
    #[serde(default)]
    pub source_key: Option<String>,
    #[serde(default)]
    pub source_url: Option<String>,
    /// What the last import read of it (JSON), so that the next one
    /// changes only the fields the other tracker changed.
    #[sea_orm(column_type = "Text", nullable)]
    #[serde(default)]
    pub source_state: Option<String>,
    /// 1 when made, +1 on each write that changes the task (not a
    /// comment): what a writer names to be refused if another wrote since.
    #[serde(default = "first_revision")]
    pub revision: i32,
    /// The agent session holding the task, and its user; live while
    /// `claim_until` is ahead, which each heartbeat of the session moves
    /// on by `claim_ttl_seconds`.
    #[serde(default)]
    pub claim_session_id: Option<i64>,
    #[serde(default)]
    pub claim_holder_id: Option<i64>,
    #[serde(default)]
    pub claimed_at: Option<DateTimeUtc>,
    #[serde(default)]
    pub claim_until: Option<DateTimeUtc>,
    #[serde(default)]
    pub claim_ttl_seconds: Option<i32>,
    /// Its place in the board's manual order, the same for everyone:
    /// higher first. Absent from archives made before it: read as
    /// `UNRANKED`, and given its creation order when restored.
    #[serde(default = "unranked")]
    pub board_rank: i64,
}

/// The rank an archive row without one reads as; no stored task has it.
pub const UNRANKED: i64 = i64::MIN;

fn first_revision() -> i32 {
    1
}

fn unranked() -> i64 {
    UNRANKED
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
