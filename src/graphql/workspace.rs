//! Workspaces and their projects.

use async_graphql::{Context, ID, Object};
use chrono::{DateTime, Utc};

use entity::workspace;

use crate::store::projects::{self, ProjectFilter};

use super::connection::{Conn, TotalCount, connection, page_args};
use super::error::GqlResult;
use super::project::Project;
use super::{ids, store, viewer};

pub struct Workspace(pub workspace::Model);

#[Object]
impl Workspace {
    pub async fn id(&self) -> ID {
        ids::encode("Workspace", self.0.id)
    }
    async fn key(&self) -> &str {
        &self.0.key
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
    /// Projects of this workspace the caller sees, by name.
    #[graphql(complexity = "super::connection::page_cost(first, last, child_complexity)")]
    async fn projects(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<Project>> {
        let filter = ProjectFilter { workspace: Some(self.0.key.clone()), ..Default::default() };
        let page =
            projects::page(store(ctx), viewer(ctx)?, &filter, &page_args(first, after, last, before)).await.gql()?;
        Ok(connection(page, TotalCount::Projects(filter), Project))
    }
}
