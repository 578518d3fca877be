//! Wiki pages: the page object, its outline and frontmatter, and its
//! content read in windows or by section with a safe-edit marker.

use std::sync::{Mutex, OnceLock};

use async_graphql::{Context, ErrorExtensions, ID, Json, Object, SimpleObject};
use chrono::{DateTime, Utc};
use tokio::sync::OnceCell;

use entity::wiki_page;

use crate::store::wiki::{self, PageColumns};
use crate::store::wiki_writes::base_revision;
use crate::text::{self, Heading};

use super::error::{ErrorCode, GqlResult, NOT_FOUND_HINT, coded};
use super::loaders::load;
use super::loaders::{LoadError, ProjectKey, UserKey, WorkspaceKey};
use super::project::Project;
use super::user::User;
use super::workspace::Workspace;
use super::{ids, loaders, store, viewer};

/// The largest window of content one read returns.
pub const MAX_WINDOW_CHARS: i32 = 20_000;

pub struct WikiPage {
    row: wiki_page::Model,
    /// Set when the row was read with its content, else loaded on demand.
    content: OnceCell<String>,
    outline: OnceLock<Vec<Heading>>,
    /// The last reads of `content`, by their arguments: a document that
    /// selects several fields of one read (its text, its revision, where the
    /// next starts) reads the page once.
    reads: Mutex<Vec<(ReadArguments, WikiContent)>>,
}

type ReadArguments = (i32, i32, Option<String>);

/// How many distinct reads of one page are kept.
const KEPT_READS: usize = 4;

impl WikiPage {
    /// A page from a row; `with_content` says whether the row holds the
    /// real content (lists read it only when a field needs it).
    pub fn new(mut row: wiki_page::Model, with_content: bool) -> Self {
        let content = std::mem::take(&mut row.content);
        Self {
            row,
            content: OnceCell::new_with(with_content.then_some(content)),
            outline: OnceLock::new(),
            reads: Mutex::new(Vec::new()),
        }
    }

    pub async fn text(&self, ctx: &Context<'_>) -> async_graphql::Result<&str> {
        let content = self
            .content
            .get_or_try_init(|| async {
                let found = wiki::content_of(store(ctx), viewer(ctx)?, self.row.id).await.gql()?;
                found.ok_or_else(|| {
                    coded(format!("no wiki page {}", self.row.path), ErrorCode::NotFound, Some(NOT_FOUND_HINT))
                })
            })
            .await?;
        Ok(content)
    }

    async fn headings(&self, ctx: &Context<'_>) -> async_graphql::Result<&[Heading]> {
        let content = self.text(ctx).await?;
        Ok(self.outline.get_or_init(|| text::outline(content)))
    }
}

/// One heading of a page.
#[derive(SimpleObject)]
pub struct WikiHeading {
    /// 1 for `#` through 6 for `######`.
    pub level: i32,
    pub text: String,
    /// GitHub-style anchor, unique in the page; usable as `section`.
    pub slug: String,
    /// Where the heading's line starts in the content (UTF-16 units): a
    /// valid `cursor`.
    pub start: i32,
}

/// A piece of a page's Markdown. Lengths and offsets count UTF-16 code
/// units of the whole content, frontmatter included.
#[derive(SimpleObject, Clone)]
pub struct WikiContent {
    pub text: String,
    /// Length of the whole content, or of the section when one was asked for.
    pub total_chars: i32,
    /// Where this piece starts in the content.
    pub start: i32,
    /// Where the next piece starts (pass it back as `cursor`, with the same
    /// `section`); null at the end.
    pub next: Option<i32>,
    /// True when the content (or section) goes on beyond this piece.
    pub truncated: bool,
    /// False when `section` names no heading of the page (then `text` is empty).
    pub section_found: bool,
    /// Pass to putWikiPage/patchWikiPage as `baseRevision`. `"N"` when this
    /// reply holds the whole page; `"N.partial"` after a window or a section,
    /// which putWikiPage refuses (a partial read must not overwrite the page)
    /// and patchWikiPage accepts.
    pub base_revision: String,
}

fn bad_input(message: String, hint: &str) -> async_graphql::Error {
    coded(message, ErrorCode::BadUserInput, Some(hint))
}

fn as_i32(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// A window of the content, or of one section of it.
fn read(
    content: &str,
    headings: &[Heading],
    revision: i32,
    max_chars: i32,
    cursor: i32,
    section: Option<&str>,
) -> async_graphql::Result<WikiContent> {
    if !(1..=MAX_WINDOW_CHARS).contains(&max_chars) {
        return Err(bad_input(
            format!("`maxChars` is {max_chars}"),
            "ask for 1 to 20000 characters; read on with `next`",
        ));
    }
    let bad_cursor = || {
        bad_input(
            format!("`cursor` {cursor} is not a position in this page or section"),
            "pass back `next` from the previous read (with the same `section`), or 0 to start",
        )
    };
    let max = max_chars as usize;
    let at = usize::try_from(cursor).map_err(|_| bad_cursor())?;
    let Some(name) = section else {
        let w = text::window(content, at, max).ok_or_else(bad_cursor)?;
        return Ok(WikiContent {
            text: w.text.to_owned(),
            total_chars: as_i32(w.total),
            start: cursor,
            next: w.next.map(as_i32),
            truncated: w.next.is_some(),
            section_found: true,
            base_revision: base_revision(revision, at == 0 && w.next.is_none()),
        });
    };
    let Some(found) = text::find_section(content, headings, name) else {
        return Ok(WikiContent {
            text: String::new(),
            total_chars: 0,
            start: 0,
            next: None,
            truncated: false,
            section_found: false,
            base_revision: base_revision(revision, false),
        });
    };
    // Cursors stay page offsets, so `next` goes back as is; 0 is the section's start.
    let within = if at == 0 { 0 } else { at.checked_sub(found.start).ok_or_else(bad_cursor)? };
    let body = &content[found.bytes.clone()];
    let w = text::window(body, within, max).ok_or_else(bad_cursor)?;
    Ok(WikiContent {
        text: w.text.to_owned(),
        total_chars: as_i32(w.total),
        start: as_i32(found.start + within),
        next: w.next.map(|n| as_i32(found.start + n)),
        truncated: w.next.is_some(),
        section_found: true,
        base_revision: base_revision(revision, false),
    })
}

#[Object]
impl WikiPage {
    pub async fn id(&self) -> ID {
        ids::encode("WikiPage", self.row.id)
    }
    async fn workspace(&self, ctx: &Context<'_>) -> async_graphql::Result<Workspace> {
        let found = load(ctx, WorkspaceKey(self.row.workspace_id)).await?;
        found.map(Workspace).ok_or_else(|| coded("no workspace", ErrorCode::NotFound, Some(NOT_FOUND_HINT)))
    }
    /// The project the page belongs to, if any.
    async fn project(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Project>> {
        let Some(id) = self.row.project_id else { return Ok(None) };
        Ok(load(ctx, ProjectKey(id)).await?.map(Project))
    }
    /// Names separated by `/`, like `guides/setup`; unique in the workspace.
    async fn path(&self) -> &str {
        &self.row.path
    }
    async fn title(&self) -> &str {
        &self.row.title
    }
    /// Bumped by every save.
    async fn revision(&self) -> i32 {
        self.row.revision
    }
    /// The revision as putWikiPage/patchWikiPage take it (`baseRevision`),
    /// for a client that holds the whole page: `"N"`. A read of part of the
    /// page carries its own, `"N.partial"`, on its `content`.
    async fn base_revision(&self) -> String {
        base_revision(self.row.revision, true)
    }
    /// Length of the content in UTF-16 units.
    async fn total_chars(&self, ctx: &Context<'_>) -> async_graphql::Result<i32> {
        Ok(as_i32(text::utf16_len(self.text(ctx).await?)))
    }
    /// The leading `---` YAML block, parsed; null without one or when it is
    /// not valid YAML.
    async fn frontmatter(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Json<serde_json::Value>>> {
        Ok(text::frontmatter(self.text(ctx).await?).map(Json))
    }
    /// The page's headings in order (not those in code blocks, lists or quotes).
    async fn outline(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<WikiHeading>> {
        Ok(self
            .headings(ctx)
            .await?
            .iter()
            .map(|h| WikiHeading {
                level: h.level.into(),
                text: h.text.clone(),
                slug: h.slug.clone(),
                start: as_i32(h.start),
            })
            .collect())
    }
    /// The Markdown (frontmatter included) in a window of at most `maxChars`
    /// (1 to 20000) from `cursor`, never splitting a character. With
    /// `section` (a heading's text or slug, any case): that heading's line
    /// through just before the next heading of the same or a higher level,
    /// itself windowed; an unknown section answers `sectionFound: false`.
    async fn content(
        &self,
        ctx: &Context<'_>,
        #[graphql(default = 8000)] max_chars: i32,
        #[graphql(default)] cursor: i32,
        section: Option<String>,
    ) -> async_graphql::Result<WikiContent> {
        let arguments = (max_chars, cursor, section);
        let kept = |reads: &Vec<(ReadArguments, WikiContent)>| {
            reads.iter().find(|(a, _)| *a == arguments).map(|(_, read)| read.clone())
        };
        if let Some(read) = self.reads.lock().ok().and_then(|reads| kept(&reads)) {
            return Ok(read);
        }
        let content = self.text(ctx).await?;
        let headings = self.headings(ctx).await?;
        let (max_chars, cursor, section) = &arguments;
        let piece = read(content, headings, self.row.revision, *max_chars, *cursor, section.as_deref())?;
        if let Ok(mut reads) = self.reads.lock() {
            if reads.len() < KEPT_READS {
                reads.push((arguments, piece.clone()));
            }
        }
        Ok(piece)
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.row.created_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.row.updated_at
    }
    async fn updated_by(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        Ok(load(ctx, UserKey(self.row.updated_by_id)).await?.map(User))
    }
}

/// Whether a selection of pages (`prefix` leads to the page fields) needs
/// the content column.
pub fn needs_content(field: async_graphql::Lookahead<'_>) -> bool {
    ["content", "totalChars", "frontmatter", "outline"].iter().any(|f| field.field(f).exists())
}

/// Loads, one batch per relation, what the selected fields of these pages
/// need, so a page of them costs the same statements at any size.
pub async fn prime<'a>(
    ctx: &Context<'_>,
    pages: impl Iterator<Item = &'a wiki_page::Model>,
    selection: async_graphql::Lookahead<'_>,
) -> async_graphql::Result<()> {
    let pages: Vec<&wiki_page::Model> = pages.collect();
    let loader = &loaders(ctx)?.0;
    let failed = |err: LoadError| err.extend();
    if selection.field("workspace").exists() {
        loader.load_many(pages.iter().map(|p| WorkspaceKey(p.workspace_id))).await.map_err(failed)?;
    }
    if selection.field("project").exists() {
        loader.load_many(pages.iter().filter_map(|p| p.project_id).map(ProjectKey)).await.map_err(failed)?;
    }
    if selection.field("updatedBy").exists() {
        loader.load_many(pages.iter().map(|p| UserKey(p.updated_by_id))).await.map_err(failed)?;
    }
    Ok(())
}

/// A page by path, with the content when the selection needs it.
pub async fn page_by_path(ctx: &Context<'_>, workspace: Option<&str>, path: &str) -> async_graphql::Result<WikiPage> {
    let columns = PageColumns { content: needs_content(ctx.look_ahead()) };
    let row = wiki::by_path(store(ctx), viewer(ctx)?, workspace, path, columns).await.gql()?;
    Ok(WikiPage::new(row, columns.content))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# A\none 🚀\n## A1\nx\n# B\ntwo\n";

    #[test]
    fn whole_reads_carry_the_plain_revision_and_partial_reads_the_marker() {
        let headings = text::outline(PAGE);
        let whole = read(PAGE, &headings, 3, 8000, 0, None).unwrap();
        assert_eq!((whole.text.as_str(), whole.base_revision.as_str(), whole.next), (PAGE, "3", None));
        let window = read(PAGE, &headings, 3, 5, 0, None).unwrap();
        assert_eq!((window.base_revision.as_str(), window.truncated), ("3.partial", true));
        let section = read(PAGE, &headings, 3, 8000, 0, Some("a")).unwrap();
        assert_eq!(section.text, "# A\none 🚀\n## A1\nx\n");
        assert_eq!(section.base_revision, "3.partial");
        let missing = read(PAGE, &headings, 3, 8000, 0, Some("zzz")).unwrap();
        assert!(!missing.section_found && missing.text.is_empty());
        assert!(read(PAGE, &headings, 3, 0, 0, None).is_err());
        assert!(read(PAGE, &headings, 3, 20_001, 0, None).is_err());
    }

    #[test]
    fn section_windows_resume_from_page_offsets() {
        let headings = text::outline(PAGE);
        let mut rebuilt = String::new();
        let mut cursor = 0;
        loop {
            let piece = read(PAGE, &headings, 1, 4, cursor, Some("B")).unwrap();
            rebuilt.push_str(&piece.text);
            match piece.next {
                Some(next) => cursor = next,
                None => break,
            }
        }
        assert_eq!(rebuilt, "# B\ntwo\n");
        assert!(read(PAGE, &headings, 1, 4, 1, Some("B")).is_err(), "before the section");
    }
}
