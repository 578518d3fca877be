//! One table of the archive: its entity, how a page of its rows is read,
//! and how an imported row is checked and written. `for_each_table!` runs a
//! generic function over every table in archive order.

use sea_orm::sea_query::{Alias, Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect,
};

/// A table's entity, named as the archive names it.
pub trait Table: EntityTrait
where
    Self::Model: serde::Serialize + serde::de::DeserializeOwned + IntoActiveModel<Self::ActiveModel> + Send + Sync,
    Self::ActiveModel: ActiveModelTrait<Entity = Self> + Send,
{
    const NAME: &'static str;

    /// A row's id (every table has one).
    fn id_of(row: &Self::Model) -> i64;
}

macro_rules! tables {
    ($($entity:ident),* $(,)?) => {
        $(impl Table for entity::$entity::Entity {
            const NAME: &'static str = stringify!($entity);

            fn id_of(row: &Self::Model) -> i64 {
                row.id
            }
        })*
    };
}

tables!(
    user,
    external_user,
    workspace,
    workspace_member,
    project,
    project_member,
    status,
    label,
    task,
    task_label,
    task_coworker,
    comment,
    task_event,
    wiki_page,
    wiki_revision,
    agent_session,
    saved_view,
);

/// Rows of `T` with an id above `after`, in id order, at most `limit`.
pub async fn page<T, C>(db: &C, after: i64, limit: u64, workspace: Option<i64>) -> Result<Vec<T::Model>, DbErr>
where
    T: Table,
    T::Model: serde::Serialize + serde::de::DeserializeOwned + IntoActiveModel<T::ActiveModel> + Send + Sync,
    T::ActiveModel: ActiveModelTrait<Entity = T> + Send,
    C: ConnectionTrait,
{
    let id = Expr::col((Alias::new(T::NAME), Alias::new("id")));
    let mut select = T::find().filter(id.clone().gt(after));
    if let Some(workspace) = workspace {
        select = select.filter(Expr::cust(in_workspace(T::NAME, workspace)));
    }
    select.order_by_asc(id).limit(limit).all(db).await
}

/// The rows of `table` that belong to workspace `ws`: its members,
/// projects and what they hold, its wiki, the sessions of its tasks and
/// members, and every user those rows name.
fn in_workspace(table: &str, ws: i64) -> String {
    let projects = format!(r#"SELECT "id" FROM "project" WHERE "workspace_id" = {ws}"#);
    let tasks = format!(r#"SELECT "id" FROM "task" WHERE "project_id" IN ({projects})"#);
    let pages = format!(r#"SELECT "id" FROM "wiki_page" WHERE "workspace_id" = {ws}"#);
    let members = format!(r#"SELECT "user_id" FROM "workspace_member" WHERE "workspace_id" = {ws}"#);
    // A session belongs where its token does: a token of the workspace,
    // or an unscoped one of its member (as the store decides who sees it).
    let tokens = format!(
        r#"SELECT "id" FROM "api_token" WHERE "workspace_id" = {ws} OR ("workspace_id" IS NULL AND "user_id" IN ({members}))"#
    );
    let sessions = format!(r#""agent_session"."token_id" IN ({tokens})"#);
    let users = [
        members.clone(),
        format!(r#"SELECT "user_id" FROM "project_member" WHERE "project_id" IN ({projects})"#),
        format!(r#"SELECT "created_by_id" FROM "task" WHERE "project_id" IN ({projects})"#),
        format!(r#"SELECT "assignee_id" FROM "task" WHERE "project_id" IN ({projects})"#),
        format!(r#"SELECT "user_id" FROM "task_coworker" WHERE "task_id" IN ({tasks})"#),
        format!(r#"SELECT "author_id" FROM "comment" WHERE "task_id" IN ({tasks})"#),
        format!(r#"SELECT "actor_id" FROM "task_event" WHERE "project_id" IN ({projects})"#),
        format!(r#"SELECT "updated_by_id" FROM "wiki_page" WHERE "workspace_id" = {ws}"#),
        format!(r#"SELECT "author_id" FROM "wiki_revision" WHERE "page_id" IN ({pages})"#),
        format!(r#"SELECT "user_id" FROM "agent_session" WHERE {sessions}"#),
        format!(r#"SELECT "owner_id" FROM "saved_view" WHERE "project_id" IN ({projects})"#),
    ]
    .join(" UNION ");
    // One IN over a UNION: PostgreSQL plans it as one semi-join.
    let users = format!(r#""user"."id" IN ({users})"#);
    match table {
        "user" => format!("({users})"),
        "external_user" => format!(r#""external_user"."user_id" IN (SELECT "id" FROM "user" WHERE {users})"#),
        "workspace" => format!(r#""workspace"."id" = {ws}"#),
        "workspace_member" | "wiki_page" => format!(r#""{table}"."workspace_id" = {ws}"#),
        "project" => format!(r#""project"."workspace_id" = {ws}"#),
        "project_member" | "status" | "label" | "task" | "task_event" | "saved_view" => {
            format!(r#""{table}"."project_id" IN ({projects})"#)
        }
        "task_label" | "task_coworker" | "comment" => format!(r#""{table}"."task_id" IN ({tasks})"#),
        "wiki_revision" => format!(r#""wiki_revision"."page_id" IN ({pages})"#),
        "agent_session" => sessions,
        // A table added to the archive must say here which rows are a
        // workspace's; until then, none are.
        _ => "1 = 0".to_owned(),
    }
}

/// Runs `$run::<Entity>($args).await?` for each table in archive order.
macro_rules! for_each_table {
    ($run:ident($($arg:expr),*)) => {{
        $run::<entity::user::Entity>($($arg),*).await?;
        $run::<entity::external_user::Entity>($($arg),*).await?;
        $run::<entity::workspace::Entity>($($arg),*).await?;
        $run::<entity::workspace_member::Entity>($($arg),*).await?;
        $run::<entity::project::Entity>($($arg),*).await?;
        $run::<entity::project_member::Entity>($($arg),*).await?;
        $run::<entity::status::Entity>($($arg),*).await?;
        $run::<entity::label::Entity>($($arg),*).await?;
        $run::<entity::task::Entity>($($arg),*).await?;
        $run::<entity::task_label::Entity>($($arg),*).await?;
        $run::<entity::task_coworker::Entity>($($arg),*).await?;
        $run::<entity::comment::Entity>($($arg),*).await?;
        $run::<entity::task_event::Entity>($($arg),*).await?;
        $run::<entity::wiki_page::Entity>($($arg),*).await?;
        $run::<entity::wiki_revision::Entity>($($arg),*).await?;
        $run::<entity::agent_session::Entity>($($arg),*).await?;
        $run::<entity::saved_view::Entity>($($arg),*).await?;
    }};
}
pub(super) use for_each_table;
