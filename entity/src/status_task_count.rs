//! How many live (not deleted) tasks hold each status, kept by triggers of
//! the database on every insert, delete, tombstoning and status change of
//! a task, so that counting a board, a project, a status or the open tasks
//! reads one row per status instead of one entry per task.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "status_task_count")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub status_id: i64,
    /// The status's project, so that counts by project need no join.
    pub project_id: i64,
    pub live: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
