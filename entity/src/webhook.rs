//! A workspace's webhook endpoint: where changes are sent, which, and the
//! secrets that sign them.

use sea_orm::entity::prelude::*;

#[derive(Clone, PartialEq, Eq, DeriveEntityModel)]
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

/// Written out without the secrets, so that no log or panic message shows them.
impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("id", &self.id)
            .field("workspace_id", &self.workspace_id)
            .field("project_id", &self.project_id)
            .field("url", &self.url)
            .field("events", &self.events)
            .field("previous_secret_until", &self.previous_secret_until)
            .field("enabled", &self.enabled)
            .field("disabled_reason", &self.disabled_reason)
            .field("created_by_id", &self.created_by_id)
            .field("created_at", &self.created_at)
            .finish_non_exhaustive()
    }
}
