//! Searching the wiki: live pages whose title or content holds every word of
//! the query, any case; pages whose title holds them all come first, then
//! the most recently updated.
//!
//! The rank is a SQL expression, `CASE WHEN <title holds every word> THEN 1
//! ELSE 0 END`, read back with each row so that a cursor carries it and the
//! keyset `(rank, updated_at, id)` resumes exactly on both backends.

use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, Condition, DbErr, EntityTrait, FromQueryResult, PaginatorTrait, QueryFilter, QueryResult, QuerySelect,
};
use serde::Serialize;

use entity::wiki_page;

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::fragments::{contains_word, words};
use super::keyset::{self, KeysetOrder, Page};
use super::viewer::Viewer;
use super::wiki::{live, workspace_ids_by_key};
use super::{Result, Store, StoreError, input};

/// What a search looks for.
#[derive(Debug, Clone, Default)]
pub struct WikiSearch {
    /// Words, all of which must occur in the title or the content.
    pub query: String,
    /// Workspace key.
    pub workspace: Option<String>,
}

/// A matching page, content included (for its excerpt), and whether its
/// title holds every word.
#[derive(Debug, Clone)]
pub struct SearchRow {
    pub page: wiki_page::Model,
    pub title_hit: bool,
}

const TITLE_HIT: &str = "title_hit";

impl FromQueryResult for SearchRow {
    fn from_query_result(res: &QueryResult, pre: &str) -> Result<Self, DbErr> {
        let rank: i32 = res.try_get(pre, TITLE_HIT)?;
        Ok(Self { page: wiki_page::Model::from_query_result(res, pre)?, title_hit: rank == 1 })
    }
}

fn col(column: wiki_page::Column) -> Expr {
    Expr::col((wiki_page::Entity, column))
}

fn title_hit(words: &[String]) -> Expr {
    let all = words.iter().fold(Condition::all(), |c, w| c.add(contains_word(col(wiki_page::Column::Title), w)));
    Expr::case(all, Expr::val(1i32)).finally(Expr::val(0i32)).into()
}

fn order(words: &[String]) -> KeysetOrder<SearchRow> {
    KeysetOrder {
        name: "search",
        keys: vec![
            (title_hit(words), KeyKind::Int),
            (col(wiki_page::Column::UpdatedAt), KeyKind::Time),
            (col(wiki_page::Column::Id), KeyKind::Int),
        ],
        descending: true,
        position: |r| {
            vec![KeyValue::Int(r.title_hit.into()), keyset::time(&r.page.updated_at), KeyValue::Int(r.page.id)]
        },
    }
}

/// The query's words, or an error when it has none.
fn query_words(search: &WikiSearch) -> Result<Vec<String>> {
    let words = words(&search.query);
    input::search_words("query", &words)?;
    if words.is_empty() {
        return Err(StoreError::bad_input("`query` is empty", "search for one or more words"));
    }
    Ok(words)
}

fn condition(viewer: &Viewer, search: &WikiSearch, words: &[String]) -> Condition {
    let mut c = live(viewer);
    if let Some(key) = &search.workspace {
        c = c.add(wiki_page::Column::WorkspaceId.in_subquery(workspace_ids_by_key(key)));
    }
    for word in words {
        c = c.add(
            Condition::any()
                .add(contains_word(col(wiki_page::Column::Title), word))
                .add(contains_word(col(wiki_page::Column::Content), word)),
        );
    }
    c
}

#[derive(Serialize)]
struct Identity<'a> {
    words: &'a [String],
    workspace: &'a Option<String>,
}

/// A page of matches, best first.
pub async fn page(store: &Store, viewer: &Viewer, search: &WikiSearch, args: &PageArgs) -> Result<Page<SearchRow>> {
    let words = query_words(search)?;
    let spec = order(&words);
    let identity = Identity { words: &words, workspace: &search.workspace };
    let digest = cursor::digest(spec.name, &serde_json::to_string(&identity).unwrap_or_default());
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    let select =
        wiki_page::Entity::find().filter(condition(viewer, search, &words)).expr_as(title_hit(&words), TITLE_HIT);
    keyset::fetch_page(&store.db, select, &spec, &digest, &request).await
}

pub async fn count(store: &Store, viewer: &Viewer, search: &WikiSearch) -> Result<u64> {
    let words = query_words(search)?;
    Ok(wiki_page::Entity::find().filter(condition(viewer, search, &words)).count(&store.db).await?)
}
