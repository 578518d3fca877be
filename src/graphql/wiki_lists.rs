//! The wiki's lists: pages, the tree, search hits and the change log, each
//! a connection over a keyset page of the store.

use std::collections::HashMap;
use std::sync::Arc;

use async_graphql::{Context, Object};
use chrono::{DateTime, Utc};

use entity::{wiki_page, wiki_revision};

use crate::store::fragments::words;
use crate::store::wiki::{self, PageColumns, TreeEntry, WikiFilter};
use crate::store::wiki_changes::{self, ChangesFilter};
use crate::store::wiki_search::{self, WikiSearch};
use crate::store::{Page, PageArgs};
use crate::text;

use super::connection::{Conn, TotalCount, connection};
use super::error::GqlResult;
use super::loaders::load;
use super::loaders::{UserKey, WorkspaceKey};
use super::user::User;
use super::wiki::{WikiPage, needs_content, prime};
use super::workspace::Workspace;
use super::{loaders, store, viewer};

/// Search excerpts are about this long.
const EXCERPT_CHARS: usize = 160;

/// The selection of one item of a connection (`nodes` or `edges.node`).
fn item_selected(ctx: &Context<'_>, field: &str) -> bool {
    let look = ctx.look_ahead();
    look.field("nodes").field(field).exists() || look.field("edges").field("node").field(field).exists()
}

fn item_needs_content(ctx: &Context<'_>, page_field: Option<&str>) -> bool {
    let look = ctx.look_ahead();
    [look.field("nodes"), look.field("edges").field("node")].into_iter().any(|item| {
        needs_content(match page_field {
            Some(f) => item.field(f),
            None => item,
        })
    })
}

async fn prime_items<'a>(
    ctx: &Context<'_>,
    pages: impl Iterator<Item = &'a wiki_page::Model> + Clone,
    page_field: Option<&str>,
) -> async_graphql::Result<()> {
    let look = ctx.look_ahead();
    for item in [look.field("nodes"), look.field("edges").field("node")] {
        let selection = match page_field {
            Some(f) => item.field(f),
            None => item,
        };
        if selection.exists() {
            prime(ctx, pages.clone(), selection).await?;
        }
    }
    Ok(())
}

pub async fn wiki_pages(
    ctx: &Context<'_>,
    filter: WikiFilter,
    args: PageArgs,
) -> async_graphql::Result<Conn<WikiPage>> {
    let columns = PageColumns { content: item_needs_content(ctx, None) };
    let page = wiki::page(store(ctx), viewer(ctx)?, &filter, &args, columns).await.gql()?;
    prime_items(ctx, page.items.iter().map(|(_, p)| p), None).await?;
    Ok(connection(page, TotalCount::WikiPages(filter), |row| WikiPage::new(row, columns.content)))
}

/// One page in the wiki tree.
pub struct WikiTreeNode(TreeEntry);

#[Object]
impl WikiTreeNode {
    async fn path(&self) -> &str {
        &self.0.page.path
    }
    async fn title(&self) -> &str {
        &self.0.page.title
    }
    /// 0 for a top-level page, 1 for `guides/setup`, and so on.
    async fn depth(&self) -> i32 {
        self.0.page.path.matches('/').count() as i32
    }
    /// The path one level up (`guides` for `guides/setup`), whether or not a
    /// page exists there; null at the top.
    async fn parent(&self) -> Option<&str> {
        self.0.page.path.rsplit_once('/').map(|(parent, _)| parent)
    }
    /// Whether any page the caller sees lies under this one.
    async fn has_children(&self) -> bool {
        self.0.has_children
    }
    async fn workspace(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Workspace>> {
        Ok(load(ctx, WorkspaceKey(self.0.page.workspace_id)).await?.map(Workspace))
    }
    async fn revision(&self) -> i32 {
        self.0.page.revision
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.0.page.updated_at
    }
}

pub async fn wiki_tree(
    ctx: &Context<'_>,
    filter: WikiFilter,
    args: PageArgs,
) -> async_graphql::Result<Conn<WikiTreeNode>> {
    let page = wiki::tree(store(ctx), viewer(ctx)?, &filter, &args).await.gql()?;
    prime_items(ctx, page.items.iter().map(|(_, e)| &e.page), None).await?;
    Ok(connection(page, TotalCount::WikiPages(filter), WikiTreeNode))
}

/// A page that matches a search.
pub struct WikiSearchHit {
    page: WikiPage,
    words: Arc<Vec<String>>,
    title_match: bool,
}

#[Object]
impl WikiSearchHit {
    async fn page(&self) -> &WikiPage {
        &self.page
    }
    /// About 160 characters of the content on one line, around the first
    /// match (or from the start), cut on word boundaries; `…` marks a cut.
    async fn excerpt(&self, ctx: &Context<'_>) -> async_graphql::Result<String> {
        let content = self.page.text(ctx).await?;
        let (_, body) = text::split_frontmatter(content);
        Ok(text::excerpt_around(&content[body..], &self.words, EXCERPT_CHARS))
    }
    /// True when the title holds every word of the query (such hits come first).
    async fn title_match(&self) -> bool {
        self.title_match
    }
}

pub async fn search_wiki(
    ctx: &Context<'_>,
    search: WikiSearch,
    args: PageArgs,
) -> async_graphql::Result<Conn<WikiSearchHit>> {
    let page = wiki_search::page(store(ctx), viewer(ctx)?, &search, &args).await.gql()?;
    prime_items(ctx, page.items.iter().map(|(_, r)| &r.page), Some("page")).await?;
    let words = Arc::new(words(&search.query));
    Ok(connection(page, TotalCount::WikiSearch(search), |row| WikiSearchHit {
        page: WikiPage::new(row.page, true),
        words: words.clone(),
        title_match: row.title_hit,
    }))
}

/// One saved revision of a page.
pub struct WikiRevision {
    row: wiki_revision::Model,
    page: Option<Arc<wiki_page::Model>>,
    /// Whether `page` was read with its content.
    page_content: bool,
    summary: Option<String>,
}

#[Object]
impl WikiRevision {
    async fn page(&self) -> Option<WikiPage> {
        self.page.as_ref().map(|p| WikiPage::new(wiki_page::Model::clone(p), self.page_content))
    }
    async fn path(&self) -> &str {
        self.page.as_ref().map_or("", |p| p.path.as_str())
    }
    async fn revision(&self) -> i32 {
        self.row.revision
    }
    async fn author(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        Ok(load(ctx, UserKey(self.row.author_id)).await?.map(User))
    }
    async fn at(&self) -> DateTime<Utc> {
        self.row.at
    }
    /// One line on what changed since the revision before: `created (N
    /// chars)`, `edited section Setup (+12/-3 chars)`, `edited 3 sections
    /// (...)`, `added section X (...)`, `removed section X (...)`.
    async fn summary(&self, ctx: &Context<'_>) -> async_graphql::Result<String> {
        if let Some(summary) = &self.summary {
            return Ok(summary.clone());
        }
        let unused = crate::store::cursor::Cursor::new("".into(), Vec::new());
        let page = Page { items: vec![(unused, self.row.clone())], has_previous_page: false, has_next_page: false };
        let mut summaries = summaries(ctx, &page, true).await?;
        Ok(summaries.remove(&self.row.id).unwrap_or_default())
    }
}

/// The summary of each revision of `page`, by revision id, from one read of
/// the previous revisions (and of these too with `read_own`, when the page
/// was read without their content).
async fn summaries(
    ctx: &Context<'_>,
    page: &Page<wiki_revision::Model>,
    read_own: bool,
) -> async_graphql::Result<HashMap<i64, String>> {
    let (store, viewer) = (store(ctx), viewer(ctx)?);
    let mut pairs: Vec<(i64, i32)> =
        page.items.iter().filter(|(_, r)| r.revision > 1).map(|(_, r)| (r.page_id, r.revision - 1)).collect();
    if read_own {
        pairs.extend(page.items.iter().map(|(_, r)| (r.page_id, r.revision)));
    }
    let contents: HashMap<(i64, i32), String> = wiki_changes::contents(store, viewer, &pairs)
        .await
        .gql()?
        .into_iter()
        .map(|(page_id, revision, content)| ((page_id, revision), content))
        .collect();
    Ok(page
        .items
        .iter()
        .map(|(_, r)| {
            let own = if read_own {
                contents.get(&(r.page_id, r.revision)).map(String::as_str)
            } else {
                Some(r.content.as_str())
            };
            let previous = contents.get(&(r.page_id, r.revision - 1)).map(String::as_str);
            let summary = match (own, previous) {
                (Some(own), _) if r.revision == 1 => text::change_summary(None, own),
                (Some(own), Some(previous)) => text::change_summary(Some(previous), own),
                _ => format!("saved revision {}", r.revision),
            };
            (r.id, summary)
        })
        .collect())
}

pub async fn wiki_changes(
    ctx: &Context<'_>,
    filter: ChangesFilter,
    args: PageArgs,
) -> async_graphql::Result<Conn<WikiRevision>> {
    let with_summary = item_selected(ctx, "summary");
    let page = wiki_changes::page(store(ctx), viewer(ctx)?, &filter, &args, with_summary).await.gql()?;
    let summaries = if with_summary { summaries(ctx, &page, false).await? } else { HashMap::new() };
    let ids: Vec<i64> = page.items.iter().map(|(_, r)| r.page_id).collect();
    let columns = PageColumns { content: item_needs_content(ctx, Some("page")) };
    let pages: HashMap<i64, Arc<wiki_page::Model>> = wiki::by_ids(store(ctx), viewer(ctx)?, &ids, columns)
        .await
        .gql()?
        .into_iter()
        .map(|p| (p.id, Arc::new(p)))
        .collect();
    prime_items(ctx, pages.values().map(|p| p.as_ref()), Some("page")).await?;
    if item_selected(ctx, "author") {
        let authors = page.items.iter().map(|(_, r)| UserKey(r.author_id));
        let loader = &loaders(ctx)?.0;
        loader.load_many(authors).await.map_err(|err| async_graphql::ErrorExtensions::extend(err.as_ref()))?;
    }
    Ok(connection(page, TotalCount::WikiChanges(filter), |row| WikiRevision {
        page: pages.get(&row.page_id).cloned(),
        page_content: columns.content,
        summary: summaries.get(&row.id).cloned(),
        row,
    }))
}
