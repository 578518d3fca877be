//! Saved views of a project's board: a name and the view's address query
//! (filters and order, as the board writes them), kept per user; one its
//! owner shares is seen by everyone who sees the project. Only the owner
//! changes or deletes a view.

use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, Set};

use entity::saved_view;

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::keyset::{self, KeysetOrder, Page};
use super::task_writes::lookups::visible_project;
use super::viewer::Viewer;
use super::visibility::{require_write, visible_project_ids};
use super::{Result, Store, StoreError, input, now};
use crate::text::echo;

/// The longest view name.
pub const MAX_NAME_CHARS: usize = 80;
/// The longest address query.
pub const MAX_QUERY_CHARS: usize = 2_000;
/// Views one user keeps in one project.
pub const MAX_PER_USER: u64 = 50;

/// A view to save: replaces the caller's view of the same name in the project.
#[derive(Debug, Clone)]
pub struct NewView {
    pub project: String,
    pub name: String,
    pub query: String,
    pub shared: bool,
}

/// An address query: the characters a URL's query keeps as they are, or
/// escapes (`%2C`), and nothing else.
fn checked_query(value: &str) -> Result<String> {
    let value = value.trim().trim_start_matches('?');
    if value.chars().count() > MAX_QUERY_CHARS {
        return Err(StoreError::bad_argument(
            "query",
            format!("the query is over {MAX_QUERY_CHARS} characters"),
            "save fewer filters",
        ));
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~%&=+,:@/".contains(c);
    if let Some(bad) = value.chars().find(|c| !allowed(*c)) {
        return Err(StoreError::bad_argument(
            "query",
            format!("the query holds {}, which an address query escapes", echo(bad)),
            "pass the query as the board's address writes it (`status=todo&order=due`), escaped",
        ));
    }
    Ok(value.to_owned())
}

/// A view's name and query as stored; the same rules for a write and an
/// archive's row.
pub(crate) fn checked(new: &NewView) -> Result<(String, String)> {
    let name = input::single_line("name", &new.name, MAX_NAME_CHARS)?;
    if name.is_empty() {
        return Err(StoreError::bad_argument("name", "the name is empty", "name the view"));
    }
    Ok((name, checked_query(&new.query)?))
}

/// The views `viewer` sees in the project: their own and the shared ones.
fn seen_by(viewer: &Viewer, project_id: i64) -> sea_orm::Select<saved_view::Entity> {
    saved_view::Entity::find().filter(saved_view::Column::ProjectId.eq(project_id)).filter(
        Condition::any().add(saved_view::Column::OwnerId.eq(viewer.user_id)).add(saved_view::Column::Shared.eq(true)),
    )
}

/// By name, then by id.
fn order() -> KeysetOrder<saved_view::Model> {
    KeysetOrder {
        name: "saved_views",
        keys: vec![
            (Expr::col((saved_view::Entity, saved_view::Column::Name)), KeyKind::Text),
            (Expr::col((saved_view::Entity, saved_view::Column::Id)), KeyKind::Int),
        ],
        descending: false,
        position: |v| vec![KeyValue::Text(v.name.clone()), KeyValue::Int(v.id)],
    }
}

impl Store {
    /// A page of the views `viewer` sees in the project, by name; the
    /// project's id.
    pub async fn saved_views_page(
        &self,
        viewer: &Viewer,
        project_key: &str,
        args: &PageArgs,
    ) -> Result<(Page<saved_view::Model>, i64)> {
        let project = visible_project(&self.db, viewer, project_key).await?;
        let spec = order();
        let digest = cursor::digest(spec.name, &format!("{}:{}", project.id, viewer.user_id));
        let request = args.validate(self.limits, &digest, &spec.kinds())?;
        Ok((keyset::fetch_page(&self.db, seen_by(viewer, project.id), &spec, &digest, &request).await?, project.id))
    }

    pub async fn count_saved_views(&self, viewer: &Viewer, project_id: i64) -> Result<u64> {
        Ok(seen_by(viewer, project_id).count(&self.db).await?)
    }

    /// Saves the view under its name, replacing the caller's own of that name.
    pub async fn save_view(&self, viewer: &Viewer, new: &NewView) -> Result<saved_view::Model> {
        require_write(viewer)?;
        let (name, query) = checked(new)?;
        let project = visible_project(&self.db, viewer, &new.project).await?;
        let own = saved_view::Entity::find()
            .filter(saved_view::Column::ProjectId.eq(project.id))
            .filter(saved_view::Column::OwnerId.eq(viewer.user_id));
        let at = now();
        if let Some(existing) = own.clone().filter(saved_view::Column::Name.eq(&name)).one(&self.db).await? {
            let mut row: saved_view::ActiveModel = existing.into();
            row.query = Set(query);
            row.shared = Set(new.shared);
            row.updated_at = Set(at);
            return Ok(row.update(&self.db).await?);
        }
        if own.count(&self.db).await? >= MAX_PER_USER {
            return Err(StoreError::bad_input(
                format!("you keep {MAX_PER_USER} views in project {}", echo(&project.key)),
                "delete one first",
            ));
        }
        let row = saved_view::ActiveModel {
            owner_id: Set(viewer.user_id),
            project_id: Set(project.id),
            name: Set(name),
            query: Set(query),
            shared: Set(new.shared),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        };
        Ok(row.insert(&self.db).await?)
    }

    /// Deletes the caller's view; another's, or one they cannot see, is
    /// not found.
    pub async fn delete_view(&self, viewer: &Viewer, id: i64) -> Result<saved_view::Model> {
        require_write(viewer)?;
        let view = saved_view::Entity::find_by_id(id)
            .filter(saved_view::Column::OwnerId.eq(viewer.user_id))
            .filter(saved_view::Column::ProjectId.in_subquery(visible_project_ids(viewer)))
            .one(&self.db)
            .await?
            .ok_or_else(|| StoreError::not_found("no such view of yours"))?;
        saved_view::Entity::delete_by_id(view.id).exec(&self.db).await?;
        Ok(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_what_an_address_keeps() {
        assert_eq!(
            checked_query("?status=todo&assignee=me&order=due").ok().as_deref(),
            Some("status=todo&assignee=me&order=due")
        );
        assert!(checked_query("text=a%20b").is_ok());
        assert!(checked_query("text=<script>").is_err());
        assert!(checked_query("text=a b").is_err());
        assert!(checked_query(&"a".repeat(MAX_QUERY_CHARS + 1)).is_err());
    }
}
