//! A saved view of a project's board, as its owner and (when shared) the
//! project's people see it.

use async_graphql::{Context, ID, Object};
use chrono::{DateTime, Utc};

use entity::saved_view;

use super::ids;
use super::loaders::{UserKey, load};
use super::user::User;

pub struct SavedView(pub saved_view::Model);

#[Object]
impl SavedView {
    async fn id(&self) -> ID {
        ids::encode("SavedView", self.0.id)
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    /// The view's address query, as the board writes it:
    /// `status=todo&assignee=me&order=due`.
    async fn query(&self) -> &str {
        &self.0.query
    }
    /// Seen by everyone who sees the project (else by its owner only).
    async fn shared(&self) -> bool {
        self.0.shared
    }
    async fn owner(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<User>> {
        Ok(load(ctx, UserKey(self.0.owner_id)).await?.map(User))
    }
    /// Whether the caller owns it (and so may change or delete it).
    async fn mine(&self, ctx: &Context<'_>) -> async_graphql::Result<bool> {
        Ok(super::viewer(ctx)?.user_id == self.0.owner_id)
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.0.updated_at
    }
}
