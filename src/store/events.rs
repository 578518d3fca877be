//! Reading the change log: one task's changes, and the activity feed.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;

use entity::task_event;

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::fragments::{project_ids_by_key, user_id_by_name};
use super::keyset::{self, KeysetOrder, Page};
use super::viewer::Viewer;
use super::visibility::visible_project_ids;
use super::{Result, Store, input};

/// Which events the activity feed holds.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ActivityFilter {
    /// Project key.
    pub project: Option<String>,
    /// Username or `me`.
    pub actor: Option<String>,
    pub since: Option<DateTime<Utc>>,
    /// Only changes of this task (by id; set by `Task.events`).
    pub task_id: Option<i64>,
}

fn order(descending: bool) -> KeysetOrder<task_event::Model> {
    KeysetOrder {
        name: if descending { "recent" } else { "oldest" },
        keys: vec![
            (Expr::col((task_event::Entity, task_event::Column::At)), KeyKind::Time),
            (Expr::col((task_event::Entity, task_event::Column::Id)), KeyKind::Int),
        ],
        descending,
        position: |e| vec![keyset::time(&e.at), KeyValue::Int(e.id)],
    }
}

fn condition(viewer: &Viewer, filter: &ActivityFilter) -> Condition {
    let mut c = Condition::all().add(task_event::Column::ProjectId.in_subquery(visible_project_ids(viewer)));
    if let Some(key) = &filter.project {
        c = c.add(task_event::Column::ProjectId.in_subquery(project_ids_by_key(key)));
    }
    if let Some(actor) = &filter.actor {
        c = c.add(task_event::Column::ActorId.in_subquery(user_id_by_name(viewer, actor)));
    }
    if let Some(since) = filter.since {
        c = c.add(task_event::Column::At.gte(since));
    }
    if let Some(task_id) = filter.task_id {
        c = c.add(task_event::Column::TaskId.eq(task_id));
    }
    c
}

/// A page of events: the activity feed is most recent first, one task's
/// changes oldest first.
pub async fn page(
    store: &Store,
    viewer: &Viewer,
    filter: &ActivityFilter,
    args: &PageArgs,
) -> Result<Page<task_event::Model>> {
    input::filter_instant("since", filter.since)?;
    let spec = order(filter.task_id.is_none());
    let digest = cursor::digest(spec.name, &serde_json::to_string(filter).unwrap_or_default());
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    let select = task_event::Entity::find().filter(condition(viewer, filter));
    keyset::fetch_page(&store.db, select, &spec, &digest, &request).await
}

/// The id of a project's latest change in the log's order (the order
/// `taskEvents` delivers), or None before its first. The caller has the
/// project in sight.
pub async fn latest_id(store: &Store, project_id: i64) -> Result<Option<i64>> {
    Ok(task_event::Entity::find()
        .select_only()
        .column(task_event::Column::Id)
        .filter(task_event::Column::ProjectId.eq(project_id))
        .order_by_desc(task_event::Column::Id)
        .into_tuple::<i64>()
        .one(&store.db)
        .await?)
}

pub async fn count(store: &Store, viewer: &Viewer, filter: &ActivityFilter) -> Result<u64> {
    input::filter_instant("since", filter.since)?;
    Ok(task_event::Entity::find().filter(condition(viewer, filter)).count(&store.db).await?)
}

pub async fn by_id(store: &Store, viewer: &Viewer, id: i64) -> Result<Option<task_event::Model>> {
    Ok(task_event::Entity::find_by_id(id)
        .filter(task_event::Column::ProjectId.in_subquery(visible_project_ids(viewer)))
        .one(&store.db)
        .await?)
}
