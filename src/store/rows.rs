//! Rows written many to a statement, as many as the backend takes bound
//! parameters for (`db::max_params_per_insert`): the one multi-row insert
//! of imports, archive restores and the demo seeding.

use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, Iterable};

/// Inserts `rows` as they are (ids included when set).
pub async fn insert_active<A, C>(db: &C, rows: Vec<A>) -> Result<(), DbErr>
where
    A: ActiveModelTrait + Send,
    C: ConnectionTrait,
{
    let columns = <<A::Entity as EntityTrait>::Column as Iterable>::iter().count().max(1);
    let per_statement = (crate::db::max_params_per_insert(db.get_database_backend()) / columns).max(1);
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<A> = rows.by_ref().take(per_statement).collect();
        <A::Entity as EntityTrait>::insert_many(chunk).exec_without_returning(db).await?;
    }
    Ok(())
}

/// Inserts whole models, with their ids.
pub async fn insert_models<A, C>(db: &C, rows: Vec<<A::Entity as EntityTrait>::Model>) -> Result<(), DbErr>
where
    A: ActiveModelTrait + Send,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
    C: ConnectionTrait,
{
    insert_active(db, rows.into_iter().map(IntoActiveModel::into_active_model).collect()).await
}
