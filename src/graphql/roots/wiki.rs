//! The wiki: pages by path, lists, the tree, search, the revision feed,
//! and the two writes (a whole page, a patch).

use async_graphql::{Context, Object};
use chrono::{DateTime, Utc};

use crate::store::wiki::WikiFilter;
use crate::store::wiki_changes::ChangesFilter;
use crate::store::wiki_search::WikiSearch;
use crate::store::wiki_writes::{self, PatchPage, PutPage};

use crate::graphql::connection::{Conn, page_args};
use crate::graphql::error::GqlResult;
use crate::graphql::wiki::{WikiPage, page_by_path};
use crate::graphql::wiki_lists::{self, WikiRevision, WikiSearchHit, WikiTreeNode};
use crate::graphql::{store, viewer};

/// Wiki pages the caller sees.
#[derive(Default)]
pub struct WikiQuery;

#[Object]
impl WikiQuery {
    /// A wiki page by path (`guides/setup`). `workspace` (a key) may be left
    /// out when the path exists in exactly one workspace the caller sees.
    async fn wiki_page(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path: String,
    ) -> async_graphql::Result<WikiPage> {
        page_by_path(ctx, workspace.as_deref(), &path).await
    }

    /// Wiki pages the caller sees, in tree order: by path, a page right
    /// before the pages under it (`guides`, `guides/setup`, `guides-old`).
    /// `workspace` and `project` are keys; `pathPrefix` keeps the page at
    /// that path and every page under it (`guides` holds `guides/setup`, not
    /// `guides-old`).
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    #[allow(clippy::too_many_arguments)]
    async fn wiki_pages(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path_prefix: Option<String>,
        project: Option<String>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<WikiPage>> {
        let filter = WikiFilter { workspace, path_prefix, project };
        wiki_lists::wiki_pages(ctx, filter, page_args(first, after, last, before)).await
    }

    /// The page hierarchy: every page the caller sees, by workspace, then in
    /// tree order (each page right before the pages under it). `workspace`
    /// is a key; `pathPrefix` keeps one page and the pages under it.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    #[allow(clippy::too_many_arguments)]
    async fn wiki_tree(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path_prefix: Option<String>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<WikiTreeNode>> {
        let filter = WikiFilter { workspace, path_prefix, project: None };
        wiki_lists::wiki_tree(ctx, filter, page_args(first, after, last, before)).await
    }

    /// Wiki pages whose title or content holds every word of `query`, any
    /// case: pages whose title holds them all first, then the most recently
    /// updated. `workspace` is a key.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    #[allow(clippy::too_many_arguments)]
    async fn search_wiki(
        &self,
        ctx: &Context<'_>,
        query: String,
        workspace: Option<String>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<WikiSearchHit>> {
        let search = WikiSearch { query, workspace };
        wiki_lists::search_wiki(ctx, search, page_args(first, after, last, before)).await
    }

    /// Saved revisions of the wiki pages the caller sees, oldest first.
    /// Resume with the end cursor: revisions that share an instant are
    /// never lost or repeated across pages. `workspace` is a key; `since`
    /// keeps revisions saved strictly after that instant.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    #[allow(clippy::too_many_arguments)]
    async fn wiki_changes(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        since: Option<DateTime<Utc>>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<WikiRevision>> {
        let filter = ChangesFilter { workspace, since };
        wiki_lists::wiki_changes(ctx, filter, page_args(first, after, last, before)).await
    }
}

/// Wiki writes, each at a base revision.
#[derive(Default)]
pub struct WikiMutation;

#[Object]
impl WikiMutation {
    /// Creates a wiki page (`baseRevision` absent or "0"), or replaces its
    /// whole content when `baseRevision` is its current revision (else
    /// CONFLICT, with the current revision in the hint). A `"N.partial"`
    /// revision (from a window or a section) is refused: read the whole page
    /// or use patchWikiPage. `title` defaults to the frontmatter's `title`,
    /// else the first heading, else the path's last segment. `workspace` (a
    /// key) is needed to create a page; `project` (a key) files the page
    /// under a project of that workspace, and left out keeps the page's.
    #[allow(clippy::too_many_arguments)]
    async fn put_wiki_page(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path: String,
        content: String,
        base_revision: Option<String>,
        title: Option<String>,
        project: Option<String>,
    ) -> async_graphql::Result<WikiPage> {
        let put = PutPage { workspace, path, content, base_revision, title, project };
        Ok(WikiPage::new(wiki_writes::put_page(store(ctx), viewer(ctx)?, &put).await.gql()?, true))
    }

    /// Changes part of a wiki page read at `baseRevision` (whole or
    /// `.partial`; a stale one is CONFLICT). Give exactly one of: `find`, a
    /// snippet that must occur exactly once (its count is reported
    /// otherwise), replaced by `replace`; or `section`, a heading's text or
    /// slug whose whole section, heading line included, becomes `replace`
    /// (start `replace` with the heading to keep it).
    #[allow(clippy::too_many_arguments)]
    async fn patch_wiki_page(
        &self,
        ctx: &Context<'_>,
        workspace: Option<String>,
        path: String,
        base_revision: String,
        find: Option<String>,
        replace: String,
        section: Option<String>,
    ) -> async_graphql::Result<WikiPage> {
        let patch = PatchPage { workspace, path, base_revision, find, replace, section };
        Ok(WikiPage::new(wiki_writes::patch_page(store(ctx), viewer(ctx)?, &patch).await.gql()?, true))
    }
}
