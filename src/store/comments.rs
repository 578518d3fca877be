//! Reading comments, oldest first, of tasks the viewer sees.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect};

use entity::comment;

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::keyset::{self, KeysetOrder, Page};
use super::viewer::Viewer;
use super::visibility::visible_task_ids;
use super::{Result, Store};

fn order() -> KeysetOrder<comment::Model> {
    KeysetOrder {
        name: "created",
        keys: vec![
            (Expr::col((comment::Entity, comment::Column::CreatedAt)), KeyKind::Time),
            (Expr::col((comment::Entity, comment::Column::Id)), KeyKind::Int),
        ],
        descending: false,
        position: |c| vec![keyset::time(&c.created_at), KeyValue::Int(c.id)],
    }
}

fn of_task(viewer: &Viewer, task_id: i64) -> Condition {
    let visible_tasks = visible_task_ids(viewer);
    Condition::all()
        .add(comment::Column::TaskId.eq(task_id))
        .add(comment::Column::TaskId.in_subquery(visible_tasks))
        .add(comment::Column::DeletedAt.is_null())
}

pub async fn page(store: &Store, viewer: &Viewer, task_id: i64, args: &PageArgs) -> Result<Page<comment::Model>> {
    let spec = order();
    let digest = cursor::digest(spec.name, &task_id.to_string());
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    let select = comment::Entity::find().filter(of_task(viewer, task_id));
    keyset::fetch_page(&store.db, select, &spec, &digest, &request).await
}

pub async fn count(store: &Store, viewer: &Viewer, task_id: i64) -> Result<u64> {
    Ok(comment::Entity::find().filter(of_task(viewer, task_id)).count(&store.db).await?)
}

/// Live comment counts of the given tasks (tasks without comments absent).
pub async fn counts(store: &Store, task_ids: &[i64]) -> Result<Vec<(i64, i64)>> {
    Ok(comment::Entity::find()
        .select_only()
        .column(comment::Column::TaskId)
        .column_as(comment::Column::Id.count(), "comments")
        .filter(comment::Column::TaskId.is_in(task_ids.iter().copied()))
        .filter(comment::Column::DeletedAt.is_null())
        .group_by(comment::Column::TaskId)
        .into_tuple::<(i64, i64)>()
        .all(&store.db)
        .await?)
}

pub async fn by_id(store: &Store, viewer: &Viewer, id: i64) -> Result<Option<comment::Model>> {
    let visible_tasks = visible_task_ids(viewer);
    Ok(comment::Entity::find_by_id(id)
        .filter(comment::Column::TaskId.in_subquery(visible_tasks))
        .filter(comment::Column::DeletedAt.is_null())
        .one(&store.db)
        .await?)
}
