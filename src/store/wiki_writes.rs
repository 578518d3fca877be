//! Writing wiki pages: create or replace a page from a base revision, or
//! patch one exact snippet or one section. Every save bumps the page's
//! revision and writes a `wiki_revision` row in the same transaction.
//!
//! A save is a compare-and-swap, `UPDATE wiki_page ... WHERE id = ? AND
//! revision = <base>`: of concurrent writers from one base revision exactly
//! one changes the row, and the others see no row changed and get CONFLICT,
//! on SQLite (one writer at a time) and PostgreSQL (the row lock, then the
//! WHERE re-checked) alike.
//!
//! Reads hand out the base revision `"N"` only with the whole page; a window
//! or a section is marked `"N.partial"`, which `put` refuses, so content
//! that was read in part cannot overwrite the page.

use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use entity::{project, wiki_page, wiki_revision, workspace};

use super::db_error::{OnViolation, WIKI_PATH, with_retry};
use super::viewer::Viewer;
use super::visibility::{require_write, visible_project_ids, visible_wiki_page, visible_workspace};
use super::wiki::{PageColumns, by_path, lookup_path, validate_path, workspace_ids_by_key};
use super::{Result, Store, StoreError, input, now};
use crate::error_code::ErrorCode;
use crate::text::{self, echo, utf16_len};

pub const MAX_CONTENT_CHARS: usize = 500_000;
pub const MAX_TITLE_CHARS: usize = 500;
const PARTIAL: &str = ".partial";

/// The safe-edit marker of a read: the revision, marked partial unless the
/// reader received the whole content.
pub fn base_revision(revision: i32, whole: bool) -> String {
    if whole { revision.to_string() } else { format!("{revision}{PARTIAL}") }
}

#[derive(Debug, Clone, Default)]
pub struct PutPage {
    /// Workspace key; may be left out when the page exists in exactly one
    /// workspace the viewer sees.
    pub workspace: Option<String>,
    pub path: String,
    pub content: String,
    /// Absent or `"0"`: create. Otherwise the revision the whole page was read at.
    pub base_revision: Option<String>,
    /// Default: the frontmatter's `title`, else the first heading, else the
    /// path's last segment.
    pub title: Option<String>,
    /// Project key (same workspace); absent keeps the page's project.
    pub project: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct PatchPage {
    pub workspace: Option<String>,
    pub path: String,
    /// The revision read at, whole or partial.
    pub base_revision: String,
    /// A snippet that occurs exactly once.
    pub find: Option<String>,
    pub replace: String,
    /// A heading's text or slug: its whole section is replaced.
    pub section: Option<String>,
}

fn parse_base(text: &str, partial_ok: bool) -> Result<i32> {
    let bad = || {
        StoreError::bad_input(
            format!("`baseRevision` {:?} is not a revision", echo(text)),
            "pass `baseRevision` exactly as a read of the page returned it",
        )
    };
    let (number, partial) = match text.trim().strip_suffix(PARTIAL) {
        Some(number) => (number, true),
        None => (text.trim(), false),
    };
    if partial && !partial_ok {
        return Err(StoreError::bad_input(
            format!("`baseRevision` {:?} came from a partial read (a window or a section)", echo(text)),
            "that revision came from a partial read (a window or a section); read the whole page or use `patchWikiPage`",
        ));
    }
    number.parse::<i32>().ok().filter(|n| *n >= 0).ok_or_else(bad)
}

fn validate_content(content: &str) -> Result<()> {
    // Its length counts UTF-16 units, like its windows, so only the
    // characters are the shared multi-line check.
    input::text_characters("content", content)?;
    if let Err(err) = text::check_frontmatter(content) {
        return Err(StoreError::bad_input(format!("the frontmatter is refused: {err}"), err.hint()));
    }
    if utf16_len(content) > MAX_CONTENT_CHARS {
        return Err(StoreError::bad_input(
            format!("the page would be longer than {MAX_CONTENT_CHARS} characters"),
            "split it into several pages",
        ));
    }
    Ok(())
}

fn validate_title(title: &str) -> Result<String> {
    input::single_line("title", title, MAX_TITLE_CHARS)
}

/// The frontmatter's `title`, else the first heading, else the last path segment.
pub fn derived_title(content: &str, path: &str) -> String {
    let from_frontmatter = text::frontmatter(content)
        .and_then(|fm| fm.get("title").and_then(|t| t.as_str()).map(|t| t.trim().to_owned()))
        .filter(|t| !t.is_empty());
    let title = from_frontmatter
        .or_else(|| text::outline(content).into_iter().map(|h| h.text).find(|t| !t.is_empty()))
        .unwrap_or_else(|| path.rsplit('/').next().unwrap_or(path).to_owned());
    text::excerpt(&title, MAX_TITLE_CHARS).0.to_owned()
}

/// What a save writes.
struct Save<'a> {
    page_id: i64,
    base: i32,
    content: &'a str,
    title: &'a str,
    project_id: Option<i64>,
    /// Saving over a tombstone brings the page back.
    revive: bool,
}

fn conflict(path: &str, current: i32) -> StoreError {
    StoreError::conflict(
        format!("wiki page {} has changed: it is at revision {current}", echo(path)),
        format!(
            "the current revision is {current}: read the page again, reapply your change and pass `baseRevision` \"{current}\""
        ),
    )
}

/// The compare-and-swap and the revision row, in one transaction.
async fn save(store: &Store, viewer: &Viewer, path: &str, save: Save<'_>) -> Result<wiki_page::Model> {
    let txn = super::begin_write(&store.db).await?;
    let at = now();
    let revision = save.base + 1;
    let tombstone =
        if save.revive { wiki_page::Column::DeletedAt.is_not_null() } else { wiki_page::Column::DeletedAt.is_null() };
    let changed = wiki_page::Entity::update_many()
        .col_expr(wiki_page::Column::Content, Expr::val(save.content))
        .col_expr(wiki_page::Column::Title, Expr::val(save.title))
        .col_expr(wiki_page::Column::Revision, Expr::val(revision))
        .col_expr(wiki_page::Column::ProjectId, Expr::val(save.project_id))
        .col_expr(wiki_page::Column::UpdatedAt, Expr::val(at))
        .col_expr(wiki_page::Column::UpdatedById, Expr::val(viewer.user_id))
        .col_expr(wiki_page::Column::DeletedAt, Expr::val(Option::<chrono::DateTime<chrono::Utc>>::None))
        .filter(wiki_page::Column::Id.eq(save.page_id))
        .filter(wiki_page::Column::Revision.eq(save.base))
        .filter(tombstone)
        .exec(&txn)
        .await?;
    if changed.rows_affected != 1 {
        txn.rollback().await?;
        let current = wiki_page::Entity::find_by_id(save.page_id).one(&store.db).await?;
        return Err(conflict(path, current.map_or(save.base, |p| p.revision)));
    }
    record_revision(&txn, save.page_id, revision, save.content, viewer, at).await?;
    let page = wiki_page::Entity::find_by_id(save.page_id)
        .one(&txn)
        .await?
        .ok_or_else(|| StoreError::not_found(format!("no wiki page {}", echo(path))))?;
    tell_webhooks(&txn, &page, viewer).await?;
    txn.commit().await?;
    Ok(page)
}

async fn record_revision(
    txn: &sea_orm::DatabaseTransaction,
    page_id: i64,
    revision: i32,
    content: &str,
    viewer: &Viewer,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<()> {
    wiki_revision::ActiveModel {
        page_id: Set(page_id),
        revision: Set(revision),
        content: Set(content.to_owned()),
        author_id: Set(viewer.user_id),
        at: Set(at),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

/// The page's change, to the workspace's webhooks.
async fn tell_webhooks(txn: &sea_orm::DatabaseTransaction, page: &wiki_page::Model, viewer: &Viewer) -> Result<()> {
    let mut data = serde_json::Map::new();
    data.insert("actor".into(), viewer.username.clone().into());
    data.insert("at".into(), page.updated_at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true).into());
    data.insert("path".into(), page.path.clone().into());
    data.insert("title".into(), page.title.clone().into());
    data.insert("revision".into(), page.revision.into());
    if page.deleted_at.is_some() {
        data.insert("deleted".into(), true.into());
    }
    let kind = super::webhooks::EventType::WikiPageChanged;
    Ok(super::webhooks::outbox::enqueue(txn, page.workspace_id, page.project_id, kind, data).await?)
}

/// The page at `path` a write aims at, live or a tombstone, and the
/// workspace it is (or will be) in.
async fn target(
    store: &Store,
    viewer: &Viewer,
    workspace: Option<&str>,
    path: &str,
) -> Result<(workspace::Model, Option<wiki_page::Model>)> {
    let Some(key) = workspace else {
        // Without a workspace only an existing page can be meant.
        let page = by_path(store, viewer, None, path, PageColumns { content: true }).await.map_err(|err| match err
            .code()
        {
            ErrorCode::NotFound => StoreError::bad_input(
                format!("no wiki page {} exists yet in the workspaces you see", echo(path)),
                "pass `workspace` (a workspace key) to create the page",
            ),
            _ => err,
        })?;
        let ws = workspace::Entity::find_by_id(page.workspace_id)
            .one(&store.db)
            .await?
            .ok_or_else(|| StoreError::not_found(format!("no wiki page {}", echo(path))))?;
        return Ok((ws, Some(page)));
    };
    let ws = workspace::Entity::find()
        .filter(workspace::Column::Key.eq(key))
        .filter(visible_workspace(viewer))
        .one(&store.db)
        .await?
        .ok_or_else(|| StoreError::not_found(format!("no workspace with key {}", echo(key))))?;
    let page = wiki_page::Entity::find()
        .filter(wiki_page::Column::WorkspaceId.in_subquery(workspace_ids_by_key(key)))
        .filter(wiki_page::Column::Path.eq(path))
        .filter(visible_wiki_page(viewer))
        .one(&store.db)
        .await?;
    Ok((ws, page))
}

async fn project_in(store: &Store, viewer: &Viewer, ws: &workspace::Model, key: &str) -> Result<i64> {
    let found = project::Entity::find()
        .filter(project::Column::Key.eq(key))
        .filter(project::Column::Id.in_subquery(visible_project_ids(viewer)))
        .one(&store.db)
        .await?
        .ok_or_else(|| StoreError::not_found(format!("no project with key {}", echo(key))))?;
    if found.workspace_id != ws.id {
        return Err(StoreError::bad_input(
            format!("`project` {} is not in workspace {}", echo(key), ws.key),
            "a page's project must be in the page's workspace",
        ));
    }
    Ok(found.id)
}

/// Creates a page, or replaces the whole content of one at its current revision.
pub async fn put_page(store: &Store, viewer: &Viewer, put: &PutPage) -> Result<wiki_page::Model> {
    require_write(viewer)?;
    let path = validate_path("path", &put.path)?;
    validate_content(&put.content)?;
    let base = put.base_revision.as_deref().map(|b| parse_base(b, false)).transpose()?.unwrap_or(0);
    let title = match &put.title {
        Some(title) => validate_title(title)?,
        None => derived_title(&put.content, &path),
    };
    let path = path.as_str();
    let result = with_retry(|| async {
        let (ws, page) = target(store, viewer, put.workspace.as_deref(), path).await?;
        let project_id = match &put.project {
            Some(key) => Some(project_in(store, viewer, &ws, key).await?),
            None => page.as_ref().and_then(|p| p.project_id),
        };
        match page {
            Some(page) if page.deleted_at.is_none() => {
                check_replaces(path, &page, base)?;
                let save_args =
                    Save { page_id: page.id, base, content: &put.content, title: &title, project_id, revive: false };
                save(store, viewer, path, save_args).await
            }
            _ if base != 0 => {
                Err(StoreError::not_found(format!("no wiki page {} in workspace {}", echo(path), ws.key)))
            }
            Some(tombstone) => {
                let save_args = Save {
                    page_id: tombstone.id,
                    base: tombstone.revision,
                    content: &put.content,
                    title: &title,
                    project_id,
                    revive: true,
                };
                save(store, viewer, path, save_args).await
            }
            None => create(store, viewer, &ws, path, &put.content, &title, project_id).await,
        }
    })
    .await;
    // Another page holds the path out of the viewer's sight.
    result.on_violation(&WIKI_PATH, || {
        StoreError::conflict(format!("the path {} is taken", echo(path)), "choose another path")
    })
}

/// A put over a live page names the revision it replaces: the current one.
fn check_replaces(path: &str, page: &wiki_page::Model, base: i32) -> Result<()> {
    if base == 0 {
        return Err(StoreError::conflict(
            format!("wiki page {} already exists (revision {})", echo(path), page.revision),
            format!(
                "read the whole page, then pass `baseRevision` \"{}\" to replace it, or use `patchWikiPage`",
                page.revision
            ),
        ));
    }
    if page.revision != base {
        return Err(conflict(path, page.revision));
    }
    Ok(())
}

async fn create(
    store: &Store,
    viewer: &Viewer,
    ws: &workspace::Model,
    path: &str,
    content: &str,
    title: &str,
    project_id: Option<i64>,
) -> Result<wiki_page::Model> {
    let txn = super::begin_write(&store.db).await?;
    let at = now();
    let page = wiki_page::ActiveModel {
        workspace_id: Set(ws.id),
        project_id: Set(project_id),
        path: Set(path.to_owned()),
        title: Set(title.to_owned()),
        content: Set(content.to_owned()),
        revision: Set(1),
        created_at: Set(at),
        updated_at: Set(at),
        updated_by_id: Set(viewer.user_id),
        deleted_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    record_revision(&txn, page.id, 1, content, viewer, at).await?;
    tell_webhooks(&txn, &page, viewer).await?;
    txn.commit().await?;
    Ok(page)
}

/// Byte offsets where `needle` starts in `text`, overlapping ones included,
/// stopping after `cap`.
fn occurrences(text: &str, needle: &str, cap: usize) -> Vec<usize> {
    let step = needle.chars().next().map_or(1, char::len_utf8);
    let mut found = Vec::new();
    let mut from = 0;
    while found.len() < cap {
        let Some(i) = text[from..].find(needle) else { break };
        found.push(from + i);
        from += i + step;
    }
    found
}

/// The content with `patch` applied to `content`.
fn patched(content: &str, patch: &PatchPage, revision: i32) -> Result<String> {
    match (&patch.find, &patch.section) {
        (Some(find), None) => {
            if find.is_empty() {
                return Err(StoreError::bad_input("`find` is empty", "copy the exact text to replace from the page"));
            }
            match occurrences(content, find, 1000).as_slice() {
                [at] => Ok(format!("{}{}{}", &content[..*at], patch.replace, &content[at + find.len()..])),
                [] => Err(StoreError::bad_input(
                    format!("`find` was not found in revision {revision} of the page"),
                    "copy the snippet exactly from the page, whitespace and case included",
                )),
                many => Err(StoreError::bad_input(
                    format!("`find` occurs {} times in the page; it must occur exactly once", many.len()),
                    "add some of the surrounding text to `find` so that it occurs exactly once",
                )),
            }
        }
        (None, Some(name)) => {
            let outline = text::outline(content);
            let section = text::find_section(content, &outline, name).ok_or_else(|| {
                let names: Vec<&str> = outline.iter().take(30).map(|h| h.slug.as_str()).collect();
                StoreError::bad_input(
                    format!("the page has no section {:?}", echo(name)),
                    if names.is_empty() {
                        "the page has no headings: use `find` instead".to_owned()
                    } else {
                        format!("name a heading by its text or slug: {}", names.join(", "))
                    },
                )
            })?;
            let mut replacement = patch.replace.clone();
            // Keep the next heading on a line of its own.
            if section.bytes.end < content.len() && !replacement.is_empty() && !replacement.ends_with('\n') {
                replacement.push('\n');
            }
            Ok(format!("{}{}{}", &content[..section.bytes.start], replacement, &content[section.bytes.end..]))
        }
        _ => Err(StoreError::bad_input(
            "pass exactly one of `find` and `section`",
            "`find` replaces one exact snippet; `section` replaces a whole section, heading line included",
        )),
    }
}

/// Replaces one exact snippet or one section of a page read at `baseRevision`
/// (whole or partial).
pub async fn patch_page(store: &Store, viewer: &Viewer, patch: &PatchPage) -> Result<wiki_page::Model> {
    require_write(viewer)?;
    // The page exists: a path stored before the write checks still finds it.
    let path = lookup_path("path", &patch.path)?;
    let base = parse_base(&patch.base_revision, true)?;
    if base == 0 {
        return Err(StoreError::bad_input(
            "`baseRevision` 0 names no revision of an existing page",
            "read the page and pass the revision it returned; `putWikiPage` creates pages",
        ));
    }
    let path = path.as_str();
    with_retry(|| async {
        let page = by_path(store, viewer, patch.workspace.as_deref(), path, PageColumns { content: true }).await?;
        if page.revision != base {
            return Err(conflict(path, page.revision));
        }
        let content = patched(&page.content, patch, base)?;
        validate_content(&content)?;
        // A title taken from the content follows it; one set by hand stays.
        let title = if derived_title(&page.content, path) == page.title {
            derived_title(&content, path)
        } else {
            page.title.clone()
        };
        let save_args = Save {
            page_id: page.id,
            base,
            content: &content,
            title: &title,
            project_id: page.project_id,
            revive: false,
        };
        save(store, viewer, path, save_args).await
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_revisions_parse_and_partial_ones_are_refused_for_put() {
        assert_eq!(parse_base("3", false).unwrap(), 3);
        assert_eq!(parse_base("0", false).unwrap(), 0);
        assert_eq!(parse_base("3.partial", true).unwrap(), 3);
        let err = parse_base("3.partial", false).unwrap_err();
        assert!(err.to_string().contains("partial read"), "{err}");
        for bad in ["", "x", "-1", "3.part"] {
            assert!(parse_base(bad, true).is_err(), "{bad}");
        }
        assert_eq!(base_revision(4, true), "4");
        assert_eq!(base_revision(4, false), "4.partial");
    }

    #[test]
    fn occurrences_count_overlaps() {
        assert_eq!(occurrences("aaa", "aa", 10), [0, 1]);
        assert_eq!(occurrences("é-é", "é", 10), [0, 3]);
        assert!(occurrences("abc", "x", 10).is_empty());
    }

    #[test]
    fn titles_come_from_frontmatter_then_heading_then_path() {
        assert_eq!(derived_title("---\ntitle: From FM\n---\n# Heading\n", "a/b"), "From FM");
        assert_eq!(derived_title("text\n\n## Heading *two*\n", "a/b"), "Heading two");
        assert_eq!(derived_title("plain", "guides/setup"), "setup");
    }

    #[test]
    fn a_section_patch_keeps_the_next_heading_on_its_own_line() {
        let patch = |section: &str, replace: &str| PatchPage {
            section: Some(section.into()),
            replace: replace.into(),
            ..Default::default()
        };
        let page = "# A\none\n# B\ntwo\n";
        assert_eq!(patched(page, &patch("a", "# A\nuno"), 1).unwrap(), "# A\nuno\n# B\ntwo\n");
        assert_eq!(patched(page, &patch("b", ""), 1).unwrap(), "# A\none\n");
        assert!(patched(page, &patch("c", "x"), 1).is_err());
    }
}
