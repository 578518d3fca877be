//! Task events: one change of one task field, as the change log, the
//! activity feed and `taskEvents` subscriptions show it.

use async_graphql::{Context, ID, Object};
use chrono::{DateTime, Utc};

use entity::task_event;

use super::ids;
use super::loaders::{ProjectKey, TaskKey, UserKey, load};
use super::project::Project;
use super::task::Task;
use super::text::{self, TextCut, TextFormat, TextWindow};
use super::user::User;
use crate::store::tasks::TaskColumns;

/// One change of one task field.
pub struct TaskEvent(pub task_event::Model);

#[Object]
impl TaskEvent {
    pub async fn id(&self) -> ID {
        ids::encode("TaskEvent", self.0.id)
    }
    /// This event's place in the log: pass it as `after` to `taskEvents`
    /// to receive what came after it.
    async fn cursor(&self) -> String {
        crate::store::feed::cursor(self.0.id)
    }
    async fn at(&self) -> DateTime<Utc> {
        self.0.at
    }
    /// `created`, `deleted`, `comment`, or the changed field: `title`, `description`,
    /// `status`, `priority`, `kind`, `assignee`, `due_date`, `parent`, `labels`, `coworkers`;
    /// `position`, a move in the board's order (`after KEY-3`, `before KEY-4`, `first`).
    async fn field(&self) -> &str {
        &self.0.field
    }
    async fn old_value(&self) -> Option<&str> {
        self.0.old_value.as_deref()
    }
    async fn new_value(&self) -> Option<&str> {
        self.0.new_value.as_deref()
    }
    /// The old value as text (a description's HTML as plain text or
    /// Markdown, a comment's global id, a deletion's instant to the
    /// second), in a window or an excerpt; `oldValue` is the value as stored.
    async fn old_text(
        &self,
        #[graphql(default = 16_000)] max_chars: i32,
        #[graphql(default)] cursor: i32,
        #[graphql(default)] cut: TextCut,
        #[graphql(default)] format: TextFormat,
    ) -> async_graphql::Result<Option<TextWindow>> {
        self.value_text(self.0.old_value.as_deref(), format, max_chars, cursor, cut)
    }
    /// The new value as text, like `oldText`.
    async fn new_text(
        &self,
        #[graphql(default = 16_000)] max_chars: i32,
        #[graphql(default)] cursor: i32,
        #[graphql(default)] cut: TextCut,
        #[graphql(default)] format: TextFormat,
    ) -> async_graphql::Result<Option<TextWindow>> {
        self.value_text(self.0.new_value.as_deref(), format, max_chars, cursor, cut)
    }
    async fn actor(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        Ok(load(ctx, UserKey(self.0.actor_id)).await?.map(User))
    }
    async fn task(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Task>> {
        Ok(load(ctx, TaskKey(self.0.task_id)).await?.map(|t| Task::new(t, TaskColumns::default())))
    }
    async fn project(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Project>> {
        Ok(load(ctx, ProjectKey(self.0.project_id)).await?.map(Project))
    }
}

impl TaskEvent {
    /// A description's values are HTML; a comment's value is the comment,
    /// named by its global id as everywhere else; a deletion's is its
    /// instant, to the second in UTC; every other value is plain text.
    fn value_text(
        &self,
        value: Option<&str>,
        format: TextFormat,
        max_chars: i32,
        cursor: i32,
        how: TextCut,
    ) -> async_graphql::Result<Option<TextWindow>> {
        value
            .map(|value| match self.0.field.as_str() {
                "description" => text::cut(value, format, max_chars, cursor, how),
                "comment" => {
                    let id = value.parse::<i64>().map(|n| ids::encode("Comment", n).to_string());
                    text::cut_text(id.as_deref().unwrap_or(value), max_chars, cursor, how)
                }
                "deleted" => {
                    let at = crate::text::instant_to_second(value);
                    text::cut_text(at.as_deref().unwrap_or(value), max_chars, cursor, how)
                }
                _ => text::cut_text(value, max_chars, cursor, how),
            })
            .transpose()
    }
}
