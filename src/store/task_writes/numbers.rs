//! Task numbers, taken one writer at a time per project.

use sea_orm::{ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QuerySelect};

use entity::{project, task};

/// Locks the project's numbering until the commit and returns its largest
/// task number (0 for none). On PostgreSQL the project's row stays locked,
/// so concurrent writers queue here instead of breaking the unique number
/// and retrying until they give up; SQLite has one writer at a time.
pub(crate) async fn lock_numbers(txn: &DatabaseTransaction, project_id: i64) -> Result<i32, DbErr> {
    project::Entity::find_by_id(project_id).lock_exclusive().one(txn).await?;
    let last: Option<i32> = task::Entity::find()
        .select_only()
        .column_as(task::Column::Number.max(), "max")
        .filter(task::Column::ProjectId.eq(project_id))
        .into_tuple::<Option<i32>>()
        .one(txn)
        .await?
        .flatten();
    Ok(last.unwrap_or(0))
}
