//! Saved views: a project's views the caller sees (their own and the
//! shared ones), saved by name and deleted by their owner.

use async_graphql::{Context, ID, InputObject, Object};

use crate::graphql::connection::{Conn, TotalCount, connection, page_args};
use crate::graphql::error::{ErrorCode, GqlResult, coded};
use crate::graphql::saved_view::SavedView;
use crate::graphql::{ids, store, viewer};
use crate::store::saved_views::NewView;

#[derive(Default)]
pub struct ViewsQuery;

#[Object]
impl ViewsQuery {
    /// The project's saved views the caller sees, by name: their own and
    /// the ones shared with the project.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    async fn saved_views(
        &self,
        ctx: &Context<'_>,
        #[graphql(desc = "Project key.")] project: String,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<SavedView>> {
        let viewer = viewer(ctx)?;
        let args = page_args(first, after, last, before);
        let (page, project_id) = store(ctx).saved_views_page(viewer, &project, &args).await.gql()?;
        Ok(connection(page, TotalCount::SavedViews { project_id }, SavedView))
    }
}

/// A view to save.
#[derive(InputObject)]
pub struct SaveViewInput {
    /// Project key.
    pub project: String,
    /// Replaces the caller's own view of this name in the project; at most
    /// 80 characters.
    pub name: String,
    /// The view's address query (`status=todo&order=due`), at most 2,000
    /// characters of what a URL's query holds.
    pub query: String,
    /// Seen by everyone who sees the project.
    #[graphql(default)]
    pub shared: bool,
}

#[derive(Default)]
pub struct ViewsMutation;

#[Object]
impl ViewsMutation {
    /// Saves a view of a project's board under a name (replacing the
    /// caller's own of that name); at most 50 per person and project.
    async fn save_view(&self, ctx: &Context<'_>, input: SaveViewInput) -> async_graphql::Result<SavedView> {
        let new = NewView { project: input.project, name: input.name, query: input.query, shared: input.shared };
        Ok(SavedView(store(ctx).save_view(viewer(ctx)?, &new).await.gql()?))
    }

    /// Deletes one of the caller's views; the deleted view.
    async fn delete_view(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<SavedView> {
        let number = match ids::decode(&id)? {
            (kind, number) if kind == "SavedView" => number,
            _ => {
                return Err(coded(
                    format!("`id`: {} is not a saved view's id", crate::text::echo(id.as_str())),
                    ErrorCode::BadUserInput,
                    Some("pass the `id` savedViews answered"),
                ));
            }
        };
        Ok(SavedView(store(ctx).delete_view(viewer(ctx)?, number).await.gql()?))
    }
}
