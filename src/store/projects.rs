//! Reading projects, their statuses, labels and members.

use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;

use entity::{StatusCategory, label, project, project_member, status, task, user, workspace};

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::fragments::{contains_word, words};
use super::keyset::{self, KeysetOrder, Page};
use super::viewer::Viewer;
use super::visibility::visible_project_ids;
use super::{Result, Store, input};

#[derive(Debug, Clone, Default, Serialize)]
pub struct ProjectFilter {
    /// Projects whose name holds all these words, any case; when none does
    /// and there are several words, those holding any one of them.
    pub name: Option<String>,
    /// Workspace key.
    pub workspace: Option<String>,
    /// Archived (true) or active (false) projects; both when absent.
    pub archived: Option<bool>,
}

fn order() -> KeysetOrder<project::Model> {
    KeysetOrder {
        name: "name",
        keys: vec![
            (Expr::col((project::Entity, project::Column::Name)), KeyKind::Text),
            (Expr::col((project::Entity, project::Column::Id)), KeyKind::Int),
        ],
        descending: false,
        position: |p| vec![KeyValue::Text(p.name.clone()), KeyValue::Int(p.id)],
    }
}

/// How the words of a name search combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
enum NameMatch {
    AllWords,
    AnyWord,
}

fn base_condition(viewer: &Viewer, filter: &ProjectFilter) -> Condition {
    let mut c = Condition::all().add(project::Column::Id.in_subquery(visible_project_ids(viewer)));
    if let Some(key) = &filter.workspace {
        let ids = Query::select()
            .column(workspace::Column::Id)
            .from(workspace::Entity)
            .and_where(workspace::Column::Key.eq(key.as_str()))
            .to_owned();
        c = c.add(project::Column::WorkspaceId.in_subquery(ids));
    }
    if let Some(archived) = filter.archived {
        c = c.add(if archived {
            project::Column::ArchivedAt.is_not_null()
        } else {
            project::Column::ArchivedAt.is_null()
        });
    }
    c
}

fn name_condition(words: &[String], mode: NameMatch) -> Condition {
    let mut c = match mode {
        NameMatch::AllWords => Condition::all(),
        NameMatch::AnyWord => Condition::any(),
    };
    for word in words {
        c = c.add(contains_word(Expr::col((project::Entity, project::Column::Name)), word));
    }
    c
}

/// The full condition of a filter; a name search costs one probe to decide
/// between all words and any word.
async fn condition(store: &Store, viewer: &Viewer, filter: &ProjectFilter) -> Result<Condition> {
    let base = base_condition(viewer, filter);
    let Some(name) = &filter.name else { return Ok(base) };
    let words = words(name);
    input::search_words("name", &words)?;
    if words.is_empty() {
        return Ok(base);
    }
    let all = base.clone().add(name_condition(&words, NameMatch::AllWords));
    if words.len() == 1 {
        return Ok(all);
    }
    let any_has_all = project::Entity::find()
        .select_only()
        .column(project::Column::Id)
        .filter(all.clone())
        .limit(1)
        .into_tuple::<i64>()
        .one(&store.db)
        .await?
        .is_some();
    Ok(if any_has_all { all } else { base.add(name_condition(&words, NameMatch::AnyWord)) })
}

pub async fn page(
    store: &Store,
    viewer: &Viewer,
    filter: &ProjectFilter,
    args: &PageArgs,
) -> Result<Page<project::Model>> {
    let spec = order();
    let digest = cursor::digest(spec.name, &serde_json::to_string(filter).unwrap_or_default());
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    let select = project::Entity::find().filter(condition(store, viewer, filter).await?);
    keyset::fetch_page(&store.db, select, &spec, &digest, &request).await
}

pub async fn count(store: &Store, viewer: &Viewer, filter: &ProjectFilter) -> Result<u64> {
    Ok(project::Entity::find().filter(condition(store, viewer, filter).await?).count(&store.db).await?)
}

pub async fn by_key(store: &Store, viewer: &Viewer, key: &str) -> Result<Option<project::Model>> {
    Ok(project::Entity::find()
        .filter(project::Column::Key.eq(key))
        .filter(project::Column::Id.in_subquery(visible_project_ids(viewer)))
        .one(&store.db)
        .await?)
}

pub async fn by_ids(store: &Store, viewer: &Viewer, ids: &[i64]) -> Result<Vec<project::Model>> {
    Ok(project::Entity::find()
        .filter(project::Column::Id.is_in(ids.iter().copied()))
        .filter(project::Column::Id.in_subquery(visible_project_ids(viewer)))
        .all(&store.db)
        .await?)
}

/// Statuses of the given projects, in position order.
pub async fn statuses(store: &Store, project_ids: &[i64]) -> Result<Vec<status::Model>> {
    Ok(status::Entity::find()
        .filter(status::Column::ProjectId.is_in(project_ids.iter().copied()))
        .order_by_asc(status::Column::Position)
        .order_by_asc(status::Column::Id)
        .all(&store.db)
        .await?)
}

pub async fn statuses_by_ids(store: &Store, ids: &[i64]) -> Result<Vec<status::Model>> {
    Ok(status::Entity::find().filter(status::Column::Id.is_in(ids.iter().copied())).all(&store.db).await?)
}

pub async fn labels(store: &Store, project_ids: &[i64]) -> Result<Vec<label::Model>> {
    Ok(label::Entity::find()
        .filter(label::Column::ProjectId.is_in(project_ids.iter().copied()))
        .order_by_asc(label::Column::Name)
        .all(&store.db)
        .await?)
}

/// Open (not done, not canceled, not deleted) task counts per project.
pub async fn open_task_counts(store: &Store, project_ids: &[i64]) -> Result<Vec<(i64, i64)>> {
    let closed = Query::select()
        .column(status::Column::Id)
        .from(status::Entity)
        .and_where(status::Column::Category.is_in([StatusCategory::Done, StatusCategory::Canceled]))
        .to_owned();
    Ok(task::Entity::find()
        .select_only()
        .column(task::Column::ProjectId)
        .column_as(task::Column::Id.count(), "open")
        .filter(task::Column::ProjectId.is_in(project_ids.iter().copied()))
        .filter(task::Column::DeletedAt.is_null())
        .filter(task::Column::StatusId.not_in_subquery(closed))
        .group_by(task::Column::ProjectId)
        .into_tuple::<(i64, i64)>()
        .all(&store.db)
        .await?)
}

fn member_order() -> KeysetOrder<project_member::Model> {
    KeysetOrder {
        name: "member",
        keys: vec![(Expr::col((project_member::Entity, project_member::Column::Id)), KeyKind::Int)],
        descending: false,
        position: |m| vec![KeyValue::Int(m.id)],
    }
}

/// Members of a project the caller already sees; with `search`, those
/// whose username or display name holds every one of its words.
pub async fn members_page(
    store: &Store,
    viewer: &Viewer,
    project_id: i64,
    search: Option<&str>,
    args: &PageArgs,
) -> Result<Page<project_member::Model>> {
    let spec = member_order();
    let digest = cursor::digest(spec.name, &format!("{project_id}/{}", search.unwrap_or_default()));
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    let select = project_member::Entity::find().filter(members_of(viewer, project_id, search)?);
    keyset::fetch_page(&store.db, select, &spec, &digest, &request).await
}

pub async fn members_count(store: &Store, viewer: &Viewer, project_id: i64, search: Option<&str>) -> Result<u64> {
    Ok(project_member::Entity::find().filter(members_of(viewer, project_id, search)?).count(&store.db).await?)
}

fn members_of(viewer: &Viewer, project_id: i64, search: Option<&str>) -> Result<Condition> {
    let mut c = Condition::all()
        .add(project_member::Column::ProjectId.eq(project_id))
        .add(project_member::Column::ProjectId.in_subquery(visible_project_ids(viewer)));
    if let Some(search) = search {
        let words = words(search);
        input::search_words("search", &words)?;
        let mut named = Condition::all();
        for word in &words {
            named = named.add(
                Condition::any()
                    .add(contains_word(Expr::col((user::Entity, user::Column::Username)), word))
                    .add(contains_word(Expr::col((user::Entity, user::Column::DisplayName)), word)),
            );
        }
        let users = Query::select().column(user::Column::Id).from(user::Entity).cond_where(named).to_owned();
        c = c.add(project_member::Column::UserId.in_subquery(users));
    }
    Ok(c)
}
