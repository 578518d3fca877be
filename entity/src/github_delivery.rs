//! A GitHub delivery applied to a bound project, by GitHub's delivery id
//! (`X-GitHub-Delivery`): the same one again is a replay.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "github_delivery")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub hook_id: i64,
    pub delivery_id: String,
    pub event: String,
    pub received_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
