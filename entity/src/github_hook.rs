//! A project bound to the GitHub repository it was imported from: GitHub
//! sends that repository's changes to `/hooks/github/{project}`, signed
//! with `secret`.

use sea_orm::entity::prelude::*;

#[derive(Clone, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "github_hook")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub project_id: i64,
    /// `owner/repo`: as the operator bound it (in lower case), then as
    /// GitHub writes it once a delivery came; the name its tasks' source
    /// keys carry. Compared without regard to case.
    pub repository: String,
    /// GitHub's id of the repository, from its first delivery; it stays
    /// when the repository is renamed.
    pub repository_id: Option<i64>,
    /// The repository's `updated_at` in the newest delivery seen: a
    /// delivery older than it does not rename.
    pub repository_updated_at: Option<DateTimeUtc>,
    pub secret: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// Written out without the secret, so that no log or panic message shows it.
impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("id", &self.id)
            .field("project_id", &self.project_id)
            .field("repository", &self.repository)
            .field("repository_id", &self.repository_id)
            .field("repository_updated_at", &self.repository_updated_at)
            .field("created_at", &self.created_at)
            .finish_non_exhaustive()
    }
}
