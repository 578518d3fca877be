//! Relay connections over store pages; `totalCount` runs its COUNT only when
//! selected, with the same condition as the page.

use async_graphql::connection::{Connection, CursorType, Edge};
use async_graphql::{Context, Object, OutputType};

use crate::config::DEFAULT_PAGE;
use crate::store::cursor::Cursor;
use crate::store::events::ActivityFilter;
use crate::store::projects::ProjectFilter;
use crate::store::tasks::TaskFilter;
use crate::store::wiki::WikiFilter;
use crate::store::wiki_changes::ChangesFilter;
use crate::store::wiki_search::WikiSearch;
use crate::store::{
    Page, PageArgs, agents, comments, events, projects, tasks, tokens, wiki, wiki_changes, wiki_search, workspaces,
};

use super::error::GqlResult;
use super::{store, viewer};

/// What a connection field costs in the complexity limit: its page (the
/// default page when neither `first` nor `last` is given) times what each
/// node costs, plus one for the connection itself.
pub fn page_cost(first: Option<i32>, last: Option<i32>, node_cost: usize) -> usize {
    let page = first.or(last).map_or(DEFAULT_PAGE, |n| u64::try_from(n).unwrap_or(0));
    usize::try_from(page).unwrap_or(usize::MAX).saturating_mul(node_cost).saturating_add(1)
}

/// What a connection counts for `totalCount`.
pub enum TotalCount {
    /// Already read, beside the page's rows.
    Known(u64),
    Tasks {
        filter: TaskFilter,
        project_id: Option<i64>,
    },
    Projects(ProjectFilter),
    Workspaces,
    Comments {
        task_id: i64,
    },
    Events(ActivityFilter),
    Members {
        project_id: i64,
        search: Option<String>,
    },
    AgentSessions {
        active: Option<bool>,
    },
    ApiTokens,
    /// Pages, or nodes of the wiki tree.
    WikiPages(WikiFilter),
    WikiSearch(WikiSearch),
    WikiChanges(ChangesFilter),
    Webhooks {
        workspace_id: Option<i64>,
    },
    WebhookDeliveries {
        webhook_id: i64,
        status: Option<&'static str>,
    },
    SavedViews {
        project_id: i64,
    },
}

#[Object]
impl TotalCount {
    /// How many items the whole list holds, across all pages.
    pub async fn total_count(&self, ctx: &Context<'_>) -> async_graphql::Result<i64> {
        let (store, viewer) = (store(ctx), viewer(ctx)?);
        let n = match self {
            Self::Known(count) => Ok(*count),
            Self::Tasks { filter, project_id } => tasks::count(store, viewer, filter, *project_id).await,
            Self::Projects(filter) => projects::count(store, viewer, filter).await,
            Self::Workspaces => workspaces::count(store, viewer).await,
            Self::Comments { task_id } => comments::count(store, viewer, *task_id).await,
            Self::Events(filter) => events::count(store, viewer, filter).await,
            Self::Members { project_id, search } => {
                projects::members_count(store, viewer, *project_id, search.as_deref()).await
            }
            Self::AgentSessions { active } => agents::count(store, viewer, *active).await,
            Self::ApiTokens => tokens::count(store, viewer).await,
            Self::WikiPages(filter) => wiki::count(store, viewer, filter).await,
            Self::WikiSearch(search) => wiki_search::count(store, viewer, search).await,
            Self::WikiChanges(filter) => wiki_changes::count(store, viewer, filter).await,
            // The page was read by an admin of the workspace.
            Self::Webhooks { workspace_id } => store.count_webhooks(*workspace_id).await,
            Self::WebhookDeliveries { webhook_id, status } => store.count_deliveries(*webhook_id, *status).await,
            Self::SavedViews { project_id } => store.count_saved_views(viewer, *project_id).await,
        }
        .gql()?;
        Ok(n as i64)
    }
}

pub type Conn<N> = Connection<Cursor, N, TotalCount>;

/// Cursors go out encoded; they come back as `after` and `before`
/// arguments, which the store decodes, never through this.
impl CursorType for Cursor {
    type Error = CursorNotRead;

    fn decode_cursor(_: &str) -> Result<Self, Self::Error> {
        Err(CursorNotRead)
    }

    fn encode_cursor(&self) -> String {
        self.encoded()
    }
}

#[derive(Debug, thiserror::Error)]
#[error("cursors are read by the store")]
pub struct CursorNotRead;

/// A store page as a connection of GraphQL nodes.
pub fn connection<M, N: OutputType>(page: Page<M>, count: TotalCount, node: impl Fn(M) -> N) -> Conn<N> {
    let mut conn = Connection::with_additional_fields(page.has_previous_page, page.has_next_page, count);
    conn.edges.extend(page.items.into_iter().map(|(cursor, row)| Edge::new(cursor, node(row))));
    conn
}

pub fn page_args(first: Option<i32>, after: Option<String>, last: Option<i32>, before: Option<String>) -> PageArgs {
    PageArgs { first, after, last, before }
}
