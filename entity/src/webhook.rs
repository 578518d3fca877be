//! A workspace's webhook endpoint: where changes are sent, which, and the
//! secrets that sign them.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub workspace_id: i64,
    /// Only this project's changes, when set.
    pub project_id: Option<i64>,
    pub url: String,
    /// The event types sent, comma-separated (`task.created,task.updated`).
    pub events: String,
    /// `whsec_` and the base64 key.
    pub secret: String,
    /// The secret a rotation replaced, still signing until `previous_secret_until`.
    pub previous_secret: Option<String>,
    pub previous_secret_until: Option<DateTimeUtc>,
    pub enabled: bool,
    pub disabled_reason: Option<String>,
    pub created_by_id: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
