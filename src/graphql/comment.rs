//! Comments on tasks.

use async_graphql::{Context, ID, Object};
use chrono::{DateTime, Utc};

use entity::comment;

use super::ids;
use super::loaders::{TaskKey, UserKey, load};
use super::task::Task;
use super::text::{Renderings, TextCut, TextFormat, TextWindow};
use super::user::User;
use crate::store::tasks::TaskColumns;

pub struct Comment {
    row: comment::Model,
    body: Renderings,
}

impl Comment {
    pub fn new(row: comment::Model) -> Self {
        Self { row, body: Renderings::default() }
    }
}

#[Object]
impl Comment {
    pub async fn id(&self) -> ID {
        ids::encode("Comment", self.row.id)
    }
    async fn author(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        Ok(load(ctx, UserKey(self.row.author_id)).await?.map(User))
    }
    /// HTML.
    async fn body(&self) -> &str {
        &self.row.body
    }
    /// The body as plain text or Markdown, in a window or an excerpt.
    async fn body_text(
        &self,
        #[graphql(default = 16_000)] max_chars: i32,
        #[graphql(default)] cursor: i32,
        #[graphql(default)] cut: TextCut,
        #[graphql(default)] format: TextFormat,
    ) -> async_graphql::Result<TextWindow> {
        self.body.cut(&self.row.body, format, max_chars, cursor, cut)
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.row.created_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.row.updated_at
    }
    async fn task(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Task>> {
        Ok(load(ctx, TaskKey(self.row.task_id)).await?.map(|t| Task::new(t, TaskColumns::default())))
    }
}
