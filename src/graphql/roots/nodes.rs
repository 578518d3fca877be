//! The entry points that name no feature: any object by its global id, the
//! caller, and a user by name.

use async_graphql::{Context, ID, Interface, Object};

use crate::store::tasks::{self, TaskColumns};
use crate::store::wiki::{self, PageColumns};
use crate::store::{comments, events, workspaces};
use crate::text::echo;

use super::not_found;
use crate::graphql::comment::Comment;
use crate::graphql::error::GqlResult;
use crate::graphql::event::TaskEvent;
use crate::graphql::loaders::{ProjectKey, UserKey, WorkspaceKey, load};
use crate::graphql::project::Project;
use crate::graphql::task::Task;
use crate::graphql::user::User;
use crate::graphql::wiki::{WikiPage, needs_content};
use crate::graphql::workspace::Workspace;
use crate::graphql::{ids, store, viewer};

/// Anything with a global id.
// One is made per `node` lookup: a task's size beside the others costs
// nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Interface)]
#[graphql(field(name = "id", ty = "ID"))]
pub enum Node {
    Workspace(Workspace),
    User(User),
    Project(Project),
    Task(Task),
    Comment(Comment),
    TaskEvent(TaskEvent),
    WikiPage(WikiPage),
}

/// `node` and `viewer`.
#[derive(Default)]
pub struct NodeQuery;

#[Object]
impl NodeQuery {
    /// Any object by its global id.
    async fn node(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<Node> {
        let (kind, number) = ids::decode(&id)?;
        let missing = || not_found(format!("no node {}", echo(id.as_str())));
        let node = match kind.as_str() {
            "Workspace" => load(ctx, WorkspaceKey(number)).await?.map(|w| Node::Workspace(Workspace(w))),
            "User" => workspaces::visible_user_by_id(store(ctx), viewer(ctx)?, number)
                .await
                .gql()?
                .map(|u| Node::User(User(u))),
            "Project" => load(ctx, ProjectKey(number)).await?.map(|p| Node::Project(Project(p))),
            "Task" => {
                let columns = TaskColumns { description: ctx.look_ahead().field("description").exists(), lean: false };
                tasks::by_ids(store(ctx), viewer(ctx)?, &[number], columns)
                    .await
                    .gql()?
                    .pop()
                    .map(|t| Node::Task(Task::new(t, columns)))
            }
            "Comment" => {
                comments::by_id(store(ctx), viewer(ctx)?, number).await.gql()?.map(|c| Node::Comment(Comment::new(c)))
            }
            "TaskEvent" => {
                events::by_id(store(ctx), viewer(ctx)?, number).await.gql()?.map(|e| Node::TaskEvent(TaskEvent(e)))
            }
            "WikiPage" => {
                let columns = PageColumns { content: needs_content(ctx.look_ahead()) };
                wiki::by_ids(store(ctx), viewer(ctx)?, &[number], columns)
                    .await
                    .gql()?
                    .pop()
                    .map(|p| Node::WikiPage(WikiPage::new(p, columns.content)))
            }
            _ => None,
        };
        node.ok_or_else(missing)
    }

    /// The caller.
    async fn viewer(&self, ctx: &Context<'_>) -> async_graphql::Result<User> {
        let me = viewer(ctx)?;
        load(ctx, UserKey(me.user_id)).await?.map(User).ok_or_else(|| not_found("no such user".into()))
    }
}

/// `user`.
#[derive(Default)]
pub struct UsersQuery;

#[Object]
impl UsersQuery {
    /// A user by username (`me` for the caller).
    async fn user(&self, ctx: &Context<'_>, username: String) -> async_graphql::Result<User> {
        let found = workspaces::user_by_name(store(ctx), viewer(ctx)?, &username).await.gql()?;
        found.map(User).ok_or_else(|| not_found(format!("no user named {}", echo(&username))))
    }
}
