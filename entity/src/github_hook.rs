//! A project bound to the GitHub repository it was imported from: GitHub
//! sends that repository's changes to `/hooks/github/{project}`, signed
//! with `secret`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "github_hook")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub project_id: i64,
    /// `owner/repo`, in lower case.
    pub repository: String,
    pub secret: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
