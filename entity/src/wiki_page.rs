//! A wiki page: Markdown with optional YAML frontmatter, at a path unique per workspace.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[sea_orm(table_name = "wiki_page")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub workspace_id: i64,
    pub project_id: Option<i64>,
    pub path: String,
    pub title: String,
    #[sea_orm(column_type = "Text")]
    pub content: String,
    pub revision: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub updated_by_id: i64,
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
