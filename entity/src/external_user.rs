//! A person's account in another tracker (a GitHub login, a Jira account
//! id, a Linear name), bound to the tasklens user an import made or
//! matched for it, so that the next import finds the same user.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[sea_orm(table_name = "external_user")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub system: String,
    pub external_id: String,
    pub user_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
