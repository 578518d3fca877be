//! One table of the archive: its entity, how a page of its rows is read,
//! and how an imported row is checked and written. `for_each_table!` runs a
//! generic function over every table in archive order.

use sea_orm::sea_query::{Alias, Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, Iterable, QueryFilter, QueryOrder,
    QuerySelect,
};

/// A table's entity, named as the archive names it.
pub trait Table: EntityTrait
where
    Self::Model: serde::Serialize + serde::de::DeserializeOwned + IntoActiveModel<Self::ActiveModel> + Send + Sync,
    Self::ActiveModel: ActiveModelTrait<Entity = Self> + Send,
{
    const NAME: &'static str;

    /// A row's id (every table has one).
    fn id_of(row: &Self::Model) -> i64;
}

macro_rules! tables {
    ($($entity:ident),* $(,)?) => {
        $(impl Table for entity::$entity::Entity {
            const NAME: &'static str = stringify!($entity);

            fn id_of(row: &Self::Model) -> i64 {
                row.id
            }
        })*
    };
}

tables!(
    user,
    workspace,
    workspace_member,
    project,
    project_member,
    status,
    label,
    task,
    task_label,
    task_coworker,
    comment,
    task_event,
    wiki_page,
    wiki_revision,
    agent_session,
);

/// Rows of `T` with an id above `after`, in id order, at most `limit`.
pub async fn page<T, C>(db: &C, after: i64, limit: u64) -> Result<Vec<T::Model>, DbErr>
where
    T: Table,
    T::Model: serde::Serialize + serde::de::DeserializeOwned + IntoActiveModel<T::ActiveModel> + Send + Sync,
    T::ActiveModel: ActiveModelTrait<Entity = T> + Send,
    C: ConnectionTrait,
{
    let id = Expr::col((Alias::new(T::NAME), Alias::new("id")));
    T::find().filter(id.clone().gt(after)).order_by_asc(id).limit(limit).all(db).await
}

/// Inserts `rows` with their ids, as many to a statement as the backend
/// takes parameters for.
pub async fn insert<T, C>(db: &C, rows: Vec<T::Model>) -> Result<(), DbErr>
where
    T: Table,
    T::Model: serde::Serialize + serde::de::DeserializeOwned + IntoActiveModel<T::ActiveModel> + Send + Sync,
    T::ActiveModel: ActiveModelTrait<Entity = T> + Send,
    C: ConnectionTrait,
{
    let columns = <T::Column as Iterable>::iter().count().max(1);
    let per_statement = (crate::db::max_params_per_insert(db.get_database_backend()) / columns).max(1);
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<T::ActiveModel> =
            rows.by_ref().take(per_statement).map(IntoActiveModel::into_active_model).collect();
        T::insert_many(chunk).exec_without_returning(db).await?;
    }
    Ok(())
}

/// Runs `$run::<Entity>($args).await?` for each table in archive order.
macro_rules! for_each_table {
    ($run:ident($($arg:expr),*)) => {{
        $run::<entity::user::Entity>($($arg),*).await?;
        $run::<entity::workspace::Entity>($($arg),*).await?;
        $run::<entity::workspace_member::Entity>($($arg),*).await?;
        $run::<entity::project::Entity>($($arg),*).await?;
        $run::<entity::project_member::Entity>($($arg),*).await?;
        $run::<entity::status::Entity>($($arg),*).await?;
        $run::<entity::label::Entity>($($arg),*).await?;
        $run::<entity::task::Entity>($($arg),*).await?;
        $run::<entity::task_label::Entity>($($arg),*).await?;
        $run::<entity::task_coworker::Entity>($($arg),*).await?;
        $run::<entity::comment::Entity>($($arg),*).await?;
        $run::<entity::task_event::Entity>($($arg),*).await?;
        $run::<entity::wiki_page::Entity>($($arg),*).await?;
        $run::<entity::wiki_revision::Entity>($($arg),*).await?;
        $run::<entity::agent_session::Entity>($($arg),*).await?;
    }};
}
pub(super) use for_each_table;
