//! Who may see what: the one visibility filter of tasklens.
//!
//! A user sees the projects they are a member of and every project of a
//! workspace they administer; a workspace-scoped token narrows that to one
//! workspace. Every query of the store that reads projects, tasks or what
//! hangs off them goes through `visible_project_ids`; wiki pages go through
//! `visible_wiki_page`.

use sea_orm::sea_query::{Expr, ExprTrait, Query, SelectStatement, SimpleExpr};
use sea_orm::{ColumnTrait, Condition};

use entity::{WorkspaceRole, project, project_member, task, user, wiki_page, workspace, workspace_member};

use super::viewer::Viewer;
use crate::store::{Result, StoreError};

/// `SELECT project.id` of every project the viewer may see.
pub fn visible_project_ids(viewer: &Viewer) -> SelectStatement {
    let member_of = Query::select()
        .column(project_member::Column::ProjectId)
        .from(project_member::Entity)
        .and_where(project_member::Column::UserId.eq(viewer.user_id))
        .to_owned();
    let mut condition = Condition::any()
        .add(project::Column::Id.in_subquery(member_of))
        .add(project::Column::WorkspaceId.in_subquery(administered_workspace_ids(viewer)));
    if let Some(scope) = viewer.workspace_scope {
        condition = Condition::all().add(condition).add(project::Column::WorkspaceId.eq(scope));
    }
    Query::select()
        .column((project::Entity, project::Column::Id))
        .from(project::Entity)
        .cond_where(condition)
        .to_owned()
}

fn administered_workspace_ids(viewer: &Viewer) -> SelectStatement {
    Query::select()
        .column(workspace_member::Column::WorkspaceId)
        .from(workspace_member::Entity)
        .and_where(workspace_member::Column::UserId.eq(viewer.user_id))
        .and_where(workspace_member::Column::Role.eq(WorkspaceRole::Admin))
        .to_owned()
}

/// Holds for every workspace the viewer belongs to or sees a project of,
/// within the token's scope.
pub fn visible_workspace(viewer: &Viewer) -> Condition {
    let member_of = Query::select()
        .column(workspace_member::Column::WorkspaceId)
        .from(workspace_member::Entity)
        .and_where(workspace_member::Column::UserId.eq(viewer.user_id))
        .to_owned();
    let via_projects = Query::select()
        .column(project::Column::WorkspaceId)
        .from(project::Entity)
        .and_where(project::Column::Id.in_subquery(visible_project_ids(viewer)))
        .to_owned();
    let visible = Condition::any()
        .add(workspace::Column::Id.in_subquery(member_of))
        .add(workspace::Column::Id.in_subquery(via_projects));
    match viewer.workspace_scope {
        Some(scope) => Condition::all().add(visible).add(workspace::Column::Id.eq(scope)),
        None => visible,
    }
}

/// Holds for every user the viewer may look up by id or name: themself,
/// and the members of the workspaces and projects the viewer sees (who
/// else a task could name). Anyone else is not found.
pub fn visible_user(viewer: &Viewer) -> Condition {
    let workspaces = Query::select()
        .column((workspace::Entity, workspace::Column::Id))
        .from(workspace::Entity)
        .cond_where(visible_workspace(viewer))
        .to_owned();
    let workspace_members = Query::select()
        .column(workspace_member::Column::UserId)
        .from(workspace_member::Entity)
        .and_where(workspace_member::Column::WorkspaceId.in_subquery(workspaces))
        .to_owned();
    let project_members = Query::select()
        .column(project_member::Column::UserId)
        .from(project_member::Entity)
        .and_where(project_member::Column::ProjectId.in_subquery(visible_project_ids(viewer)))
        .to_owned();
    Condition::any()
        .add(user::Column::Id.eq(viewer.user_id))
        .add(user::Column::Id.in_subquery(workspace_members))
        .add(user::Column::Id.in_subquery(project_members))
}

/// Holds for every wiki page (tombstones included) the viewer may see: its
/// workspace is visible and, when the page belongs to a project, so is that
/// project. Whoever sees a page may also edit it (with a writable token).
pub fn visible_wiki_page(viewer: &Viewer) -> Condition {
    let workspaces = Query::select()
        .column(workspace::Column::Id)
        .from(workspace::Entity)
        .cond_where(visible_workspace(viewer))
        .to_owned();
    Condition::all().add(wiki_page::Column::WorkspaceId.in_subquery(workspaces)).add(
        Condition::any()
            .add(wiki_page::Column::ProjectId.is_null())
            .add(wiki_page::Column::ProjectId.in_subquery(visible_project_ids(viewer))),
    )
}

/// Writes need a token that is not read-only.
pub fn require_write(viewer: &Viewer) -> Result<()> {
    if viewer.read_only {
        return Err(StoreError::forbidden(
            "this token is read-only",
            "use a token created without --read-only to make changes",
        ));
    }
    Ok(())
}

/// Holds for a task row whose project the viewer may see. Written as a
/// correlated EXISTS rather than `project_id IN (...)`: an IN on the indexed
/// column tempts SQLite to read every visible project's tasks and sort
/// them, where walking the order's own index and checking each row stops
/// after one page.
pub fn task_in_visible_project(viewer: &Viewer) -> SimpleExpr {
    Expr::exists(
        Query::select()
            .expr(Expr::val(1))
            .from(project::Entity)
            .and_where(
                Expr::col((project::Entity, project::Column::Id)).equals((task::Entity, task::Column::ProjectId)),
            )
            .and_where(project::Column::Id.in_subquery(visible_project_ids(viewer)))
            .to_owned(),
    )
}

/// `SELECT task.id` of every task (tombstones included) the viewer may see.
pub fn visible_task_ids(viewer: &Viewer) -> SelectStatement {
    Query::select()
        .column(task::Column::Id)
        .from(task::Entity)
        .and_where(task::Column::ProjectId.in_subquery(visible_project_ids(viewer)))
        .to_owned()
}
