//! One saved revision of a wiki page.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[sea_orm(table_name = "wiki_revision")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub page_id: i64,
    pub revision: i32,
    #[sea_orm(column_type = "Text")]
    pub content: String,
    pub author_id: i64,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
