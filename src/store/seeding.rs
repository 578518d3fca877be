//! The demo board's writes (`crate::demo`): one transaction on a database
//! without a workspace, rows with the ids the generator chose (so children
//! point at their parents without reading anything back), many to a
//! statement, and the id sequences moved past them at the commit.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, IntoActiveModel,
    PaginatorTrait, QuerySelect, TransactionTrait,
};

use entity::workspace;

use super::Result;

pub struct Seeding {
    txn: DatabaseTransaction,
}

impl Seeding {
    /// The seeding's transaction; `None` when the database already holds a
    /// workspace.
    pub async fn begin(db: &DatabaseConnection) -> Result<Option<Self>> {
        let txn = db.begin().await?;
        if workspace::Entity::find().count(&txn).await? > 0 {
            return Ok(None);
        }
        Ok(Some(Self { txn }))
    }

    /// The id after the largest of the table's (1 for an empty one), so a
    /// seed never collides with a row made by hand.
    pub async fn first_free_id<E: EntityTrait>(&self, id: E::Column) -> Result<i64> {
        let max = E::find().select_only().column_as(id.max(), "max").into_tuple::<Option<i64>>().one(&self.txn);
        Ok(max.await?.flatten().unwrap_or(0) + 1)
    }

    /// Inserts whole models, with their ids.
    pub async fn insert<A>(&self, rows: Vec<<A::Entity as EntityTrait>::Model>) -> Result<()>
    where
        A: ActiveModelTrait + Send,
        <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
    {
        Ok(super::rows::insert_models::<A, _>(&self.txn, rows).await?)
    }

    /// Moves every id sequence past the rows written, and commits.
    pub async fn commit(self) -> Result<()> {
        super::archive::advance_sequences(&self.txn).await?;
        Ok(self.txn.commit().await?)
    }
}
