//! Reading wiki pages: paths, a page by path (with or without its
//! workspace), and the page list and tree, both in tree order.
//!
//! Tree order compares paths segment by segment: `/` sorts below every
//! other character, so each page is followed by its whole subtree
//! (`guides`, `guides/setup`, `guides/setup/linux`, then `guides-old`). The
//! sort key is `REPLACE(path, '/', U+0001)` compared bytewise (COLLATE "C" on
//! PostgreSQL), so both backends give the same order whatever the locale of
//! the database. No index serves that expression: a wiki is small next to
//! a task board, and a page of it still costs one statement.

use sea_orm::sea_query::{Expr, ExprTrait, Func, Query, SelectStatement};
use sea_orm::{
    ColumnTrait, Condition, DbBackend, EntityTrait, Iterable, PaginatorTrait, QueryFilter, QuerySelect, Select,
};
use serde::Serialize;

use entity::{wiki_page, workspace};

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::fragments::project_ids_by_key;
use super::keyset::{self, KeysetOrder, Page};
use super::viewer::Viewer;
use super::visibility::visible_wiki_page;
use super::{Result, Store, StoreError};
use crate::text::echo;

pub const MAX_PATH_CHARS: usize = 512;

const PATH_HINT: &str = "a path is names separated by `/`, like guides/setup: no leading or trailing `/`, no empty \
                         segment, no `.` or `..`, no control or bidirectional control characters, at most 512 characters";

/// Checks the path of a page a write creates or replaces (`guides/setup`,
/// case kept) and returns it as it is stored: in NFC, so paths that look
/// the same are one page, and without invisible characters.
pub fn validate_path(argument: &str, path: &str) -> Result<String> {
    let path = lookup_path(argument, path)?;
    super::input::visible_characters(argument, &path)?;
    Ok(path)
}

/// A path as a read looks it up: in NFC, its shape checked. Invisible
/// characters are refused only on write, so that a page stored before that
/// check stays readable by its path.
pub fn lookup_path(argument: &str, path: &str) -> Result<String> {
    let path = super::input::nfc(path);
    let bad = |why: &str| StoreError::bad_input(format!("`{argument}` {:?} {why}", echo(&path)), PATH_HINT);
    if path.is_empty() {
        return Err(bad("is empty"));
    }
    if crate::text::utf16_len(&path) > MAX_PATH_CHARS {
        return Err(bad("is too long"));
    }
    if path.chars().any(|c| c.is_control() || crate::text::is_bidi_control(c)) {
        return Err(bad("holds a control character"));
    }
    if path.starts_with('/') || path.ends_with('/') {
        return Err(bad("starts or ends with `/`"));
    }
    if path
        .split('/')
        .any(|segment| segment.is_empty() || segment == "." || segment == ".." || segment.trim() != segment)
    {
        return Err(bad("has an empty, `.`, `..` or space-padded segment"));
    }
    Ok(path)
}

/// Which pages a list holds; tombstones are never in.
#[derive(Debug, Clone, Default, Serialize)]
pub struct WikiFilter {
    /// Workspace key.
    pub workspace: Option<String>,
    /// The page at this path and every page under it (`guides` holds
    /// `guides` and `guides/setup`, not `guides-old`).
    pub path_prefix: Option<String>,
    /// Project key.
    pub project: Option<String>,
}

/// Whether a read needs the content column, the only large one.
#[derive(Debug, Clone, Copy, Default)]
pub struct PageColumns {
    pub content: bool,
}

/// Every column, with `content` read as empty unless asked for.
pub(super) fn select_columns(columns: PageColumns) -> Select<wiki_page::Entity> {
    if columns.content {
        return wiki_page::Entity::find();
    }
    wiki_page::Entity::find()
        .select_only()
        .columns(wiki_page::Column::iter().filter(|c| !matches!(c, wiki_page::Column::Content)))
        .expr_as(Expr::val(""), "content")
}

/// Visible pages that are not tombstones.
pub(super) fn live(viewer: &Viewer) -> Condition {
    Condition::all().add(visible_wiki_page(viewer)).add(wiki_page::Column::DeletedAt.is_null())
}

pub(super) fn workspace_ids_by_key(key: &str) -> SelectStatement {
    Query::select()
        .column(workspace::Column::Id)
        .from(workspace::Entity)
        .and_where(workspace::Column::Key.eq(key))
        .to_owned()
}

/// `SUBSTR(path, 1, len(prefix)) = prefix`: case-sensitive on both backends,
/// unlike SQLite's LIKE, and free of wildcard escaping.
pub(super) fn path_starts_with(prefix: &str) -> Expr {
    let length = i32::try_from(prefix.chars().count()).unwrap_or(i32::MAX);
    Expr::from(Func::cust("SUBSTR").args([
        Expr::col((wiki_page::Entity, wiki_page::Column::Path)),
        Expr::val(1i32),
        Expr::val(length),
    ]))
    .eq(prefix)
}

/// The page at `path` and every page under it.
fn at_or_under(path: &str) -> Condition {
    Condition::any().add(wiki_page::Column::Path.eq(path)).add(path_starts_with(&format!("{path}/")))
}

fn condition(viewer: &Viewer, filter: &WikiFilter) -> Result<Condition> {
    let mut c = live(viewer);
    if let Some(key) = &filter.workspace {
        c = c.add(wiki_page::Column::WorkspaceId.in_subquery(workspace_ids_by_key(key)));
    }
    if let Some(prefix) = filter.path_prefix.as_deref().map(|p| p.trim_end_matches('/')).filter(|p| !p.is_empty()) {
        let prefix = lookup_path("pathPrefix", prefix)?;
        c = c.add(at_or_under(&prefix));
    }
    if let Some(key) = &filter.project {
        c = c.add(wiki_page::Column::ProjectId.in_subquery(project_ids_by_key(key)));
    }
    Ok(c)
}

/// The tree-order sort key of a path, as the database computes it.
fn path_key(backend: DbBackend) -> Expr {
    let replaced = Expr::from(Func::cust("REPLACE").args([
        Expr::col((wiki_page::Entity, wiki_page::Column::Path)),
        Expr::val("/"),
        Expr::val("\u{1}"),
    ]));
    match backend {
        DbBackend::Postgres => Expr::cust_with_exprs("$1 COLLATE \"C\"", [replaced]),
        _ => replaced,
    }
}

fn sort_path(path: &str) -> KeyValue {
    KeyValue::Text(path.replace('/', "\u{1}"))
}

fn id_key() -> (Expr, KeyKind) {
    (Expr::col((wiki_page::Entity, wiki_page::Column::Id)), KeyKind::Int)
}

/// By path across workspaces (the same path in two workspaces by id).
fn list_order(backend: DbBackend) -> KeysetOrder<wiki_page::Model> {
    KeysetOrder {
        name: "path",
        keys: vec![(path_key(backend), KeyKind::Text), id_key()],
        descending: false,
        position: |p| vec![sort_path(&p.path), KeyValue::Int(p.id)],
    }
}

/// By workspace, then path, so that each workspace's tree is contiguous.
fn tree_order(backend: DbBackend) -> KeysetOrder<wiki_page::Model> {
    KeysetOrder {
        name: "tree",
        keys: vec![
            (Expr::col((wiki_page::Entity, wiki_page::Column::WorkspaceId)), KeyKind::Int),
            (path_key(backend), KeyKind::Text),
            id_key(),
        ],
        descending: false,
        position: |p| vec![KeyValue::Int(p.workspace_id), sort_path(&p.path), KeyValue::Int(p.id)],
    }
}

fn digest(name: &str, filter: &WikiFilter) -> String {
    cursor::digest(name, &serde_json::to_string(filter).unwrap_or_default())
}

/// A page of the pages that match `filter`, in tree order.
pub async fn page(
    store: &Store,
    viewer: &Viewer,
    filter: &WikiFilter,
    args: &PageArgs,
    columns: PageColumns,
) -> Result<Page<wiki_page::Model>> {
    let spec = list_order(store.db.get_database_backend());
    let digest = digest(spec.name, filter);
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    let select = select_columns(columns).filter(condition(viewer, filter)?);
    keyset::fetch_page(&store.db, select, &spec, &digest, &request).await
}

pub async fn count(store: &Store, viewer: &Viewer, filter: &WikiFilter) -> Result<u64> {
    Ok(wiki_page::Entity::find().filter(condition(viewer, filter)?).count(&store.db).await?)
}

/// A node of the wiki tree: a page (without its content) and whether any
/// page the viewer sees lies under it.
#[derive(Debug, Clone)]
pub struct TreeEntry {
    pub page: wiki_page::Model,
    pub has_children: bool,
}

fn is_child(parent: &wiki_page::Model, other: &wiki_page::Model) -> bool {
    other.workspace_id == parent.workspace_id
        && other.path.len() > parent.path.len()
        && other.path.starts_with(&parent.path)
        && other.path.as_bytes()[parent.path.len()] == b'/'
}

/// A page of the tree. In tree order a page's descendants come right after
/// it, so whether a node has children is read off the next node; only the
/// last node of a page needs one more statement (LIMIT 1).
pub async fn tree(store: &Store, viewer: &Viewer, filter: &WikiFilter, args: &PageArgs) -> Result<Page<TreeEntry>> {
    let spec = tree_order(store.db.get_database_backend());
    let digest = digest(spec.name, filter);
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    let select = select_columns(PageColumns::default()).filter(condition(viewer, filter)?);
    let page = keyset::fetch_page(&store.db, select, &spec, &digest, &request).await?;
    let mut flags: Vec<bool> = page.items.windows(2).map(|pair| is_child(&pair[0].1, &pair[1].1)).collect();
    if let Some((_, last)) = page.items.last() {
        let child = match page.has_next_page {
            true => wiki_page::Entity::find()
                .select_only()
                .column(wiki_page::Column::Id)
                .filter(live(viewer))
                .filter(wiki_page::Column::WorkspaceId.eq(last.workspace_id))
                .filter(path_starts_with(&format!("{}/", last.path)))
                .into_tuple::<i64>()
                .one(&store.db)
                .await?
                .is_some(),
            false => false,
        };
        flags.push(child);
    }
    let mut flags = flags.into_iter();
    Ok(page.map(|(cursor, page)| (cursor, TreeEntry { page, has_children: flags.next().unwrap_or(false) })))
}

/// The live page at `path`, in the workspace with key `workspace`, or in
/// the one workspace the viewer sees that has such a page.
pub async fn by_path(
    store: &Store,
    viewer: &Viewer,
    workspace: Option<&str>,
    path: &str,
    columns: PageColumns,
) -> Result<wiki_page::Model> {
    let path = lookup_path("path", path)?;
    let mut select = select_columns(columns).filter(live(viewer)).filter(wiki_page::Column::Path.eq(path.as_str()));
    if let Some(key) = workspace {
        select = select.filter(wiki_page::Column::WorkspaceId.in_subquery(workspace_ids_by_key(key)));
    }
    let mut rows = select.all(&store.db).await?;
    match rows.len() {
        0 => Err(StoreError::not_found(match workspace {
            Some(key) => format!("no wiki page {} in workspace {}", echo(path), echo(key)),
            None => format!("no wiki page {}", echo(path)),
        })),
        1 => Ok(rows.remove(0)),
        _ => {
            let keys = workspace_keys(store, rows.iter().map(|p| p.workspace_id)).await?;
            Err(StoreError::bad_input(
                format!("wiki page {} exists in several workspaces: {}", echo(path), keys.join(", ")),
                format!("pass `workspace`: one of {}", keys.join(", ")),
            ))
        }
    }
}

/// Keys of the given workspaces, sorted.
pub(super) async fn workspace_keys(store: &Store, ids: impl Iterator<Item = i64>) -> Result<Vec<String>> {
    let mut keys: Vec<String> = workspace::Entity::find()
        .select_only()
        .column(workspace::Column::Key)
        .filter(workspace::Column::Id.is_in(ids))
        .into_tuple()
        .all(&store.db)
        .await?;
    keys.sort();
    Ok(keys)
}

/// Visible live pages by id (for `node` and the pages of revisions).
pub async fn by_ids(
    store: &Store,
    viewer: &Viewer,
    ids: &[i64],
    columns: PageColumns,
) -> Result<Vec<wiki_page::Model>> {
    Ok(select_columns(columns)
        .filter(wiki_page::Column::Id.is_in(ids.iter().copied()))
        .filter(live(viewer))
        .all(&store.db)
        .await?)
}

/// The content of a visible page read without it.
pub async fn content_of(store: &Store, viewer: &Viewer, id: i64) -> Result<Option<String>> {
    Ok(wiki_page::Entity::find()
        .select_only()
        .column(wiki_page::Column::Content)
        .filter(wiki_page::Column::Id.eq(id))
        .filter(visible_wiki_page(viewer))
        .into_tuple::<String>()
        .one(&store.db)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_checked() {
        for good in ["guides", "guides/setup", "Guides/Set Up/linux-x", "a.b/c_d"] {
            assert!(validate_path("path", good).is_ok(), "{good}");
        }
        let long = "a".repeat(MAX_PATH_CHARS + 1);
        for bad in ["", "/guides", "guides/", "a//b", "a/./b", "a/../b", "a/ b", "a\tb", long.as_str()] {
            assert!(
                matches!(validate_path("path", bad), Err(e) if e.code() == crate::error_code::ErrorCode::BadUserInput),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn tree_order_puts_a_subtree_right_after_its_page() {
        let mut paths = vec!["guides-old", "guides/setup/linux", "guides", "guides/setup", "guide", "guides/a-b"];
        paths.sort_by_key(|p| p.replace('/', "\u{1}"));
        assert_eq!(paths, ["guide", "guides", "guides/a-b", "guides/setup", "guides/setup/linux", "guides-old"]);
    }
}
