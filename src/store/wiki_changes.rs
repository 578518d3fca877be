//! Reading the wiki's change log: every saved revision of the live pages the
//! viewer sees, oldest first.
//!
//! The keyset is `(at, id)`: many revisions may share one instant (a burst
//! of edits, or coarse clocks), and a cursor that stopped between two of
//! them resumes right after the last one it returned.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ColumnTrait, Condition, EntityTrait, Iterable, PaginatorTrait, QueryFilter, QuerySelect, Select};
use serde::Serialize;

use entity::{wiki_page, wiki_revision};

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::keyset::{self, KeysetOrder, Page};
use super::viewer::Viewer;
use super::wiki::{live, workspace_ids_by_key};
use super::{Result, Store, input};

/// Which revisions the change log holds.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ChangesFilter {
    /// Workspace key.
    pub workspace: Option<String>,
    /// Only revisions saved strictly after this instant.
    pub since: Option<DateTime<Utc>>,
}

fn order() -> KeysetOrder<wiki_revision::Model> {
    KeysetOrder {
        name: "oldest",
        keys: vec![
            (Expr::col((wiki_revision::Entity, wiki_revision::Column::At)), KeyKind::Time),
            (Expr::col((wiki_revision::Entity, wiki_revision::Column::Id)), KeyKind::Int),
        ],
        descending: false,
        position: |r| vec![keyset::time(&r.at), KeyValue::Int(r.id)],
    }
}

/// Revisions of live pages the viewer sees.
fn visible_revisions(viewer: &Viewer, workspace: Option<&str>) -> Condition {
    let mut pages = live(viewer);
    if let Some(key) = workspace {
        pages = pages.add(wiki_page::Column::WorkspaceId.in_subquery(workspace_ids_by_key(key)));
    }
    let page_ids = Query::select().column(wiki_page::Column::Id).from(wiki_page::Entity).cond_where(pages).to_owned();
    Condition::all().add(wiki_revision::Column::PageId.in_subquery(page_ids))
}

fn condition(viewer: &Viewer, filter: &ChangesFilter) -> Condition {
    let mut c = visible_revisions(viewer, filter.workspace.as_deref());
    if let Some(since) = filter.since {
        c = c.add(wiki_revision::Column::At.gt(since));
    }
    c
}

/// Every column, with `content` read as empty unless asked for.
fn select_columns(content: bool) -> Select<wiki_revision::Entity> {
    if content {
        return wiki_revision::Entity::find();
    }
    wiki_revision::Entity::find()
        .select_only()
        .columns(wiki_revision::Column::iter().filter(|c| !matches!(c, wiki_revision::Column::Content)))
        .expr_as(Expr::val(""), "content")
}

/// A page of revisions, oldest first; `content` says whether to read each
/// revision's content (for summaries).
pub async fn page(
    store: &Store,
    viewer: &Viewer,
    filter: &ChangesFilter,
    args: &PageArgs,
    content: bool,
) -> Result<Page<wiki_revision::Model>> {
    input::filter_instant("since", filter.since)?;
    let spec = order();
    let digest = cursor::digest(spec.name, &serde_json::to_string(filter).unwrap_or_default());
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    let select = select_columns(content).filter(condition(viewer, filter));
    keyset::fetch_page(&store.db, select, &spec, &digest, &request).await
}

pub async fn count(store: &Store, viewer: &Viewer, filter: &ChangesFilter) -> Result<u64> {
    input::filter_instant("since", filter.since)?;
    Ok(wiki_revision::Entity::find().filter(condition(viewer, filter)).count(&store.db).await?)
}

/// The contents of the given (page id, revision) pairs, in one statement:
/// what each revision of a page of changes is compared with.
pub async fn contents(store: &Store, viewer: &Viewer, pairs: &[(i64, i32)]) -> Result<Vec<(i64, i32, String)>> {
    if pairs.is_empty() {
        return Ok(Vec::new());
    }
    let wanted = pairs.iter().fold(Condition::any(), |c, (page, revision)| {
        c.add(
            Condition::all()
                .add(wiki_revision::Column::PageId.eq(*page))
                .add(wiki_revision::Column::Revision.eq(*revision)),
        )
    });
    Ok(wiki_revision::Entity::find()
        .select_only()
        .column(wiki_revision::Column::PageId)
        .column(wiki_revision::Column::Revision)
        .column(wiki_revision::Column::Content)
        .filter(wanted)
        .filter(visible_revisions(viewer, None))
        .into_tuple::<(i64, i32, String)>()
        .all(&store.db)
        .await?)
}
