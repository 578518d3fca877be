//! People and agents.

use async_graphql::{ID, Object};

use entity::user;

use super::ids;

pub struct User(pub user::Model);

#[Object(serial)]
impl User {
    pub async fn id(&self) -> ID {
        ids::encode("User", self.0.id)
    }
    async fn username(&self) -> &str {
        &self.0.username
    }
    async fn display_name(&self) -> &str {
        &self.0.display_name
    }
    /// True for AI agents.
    async fn is_agent(&self) -> bool {
        self.0.is_agent
    }
}
