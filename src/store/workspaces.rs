//! Reading workspaces and users.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

use entity::{user, workspace};

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::keyset::{self, KeysetOrder, Page};
use super::viewer::Viewer;
use super::visibility::{visible_user, visible_workspace};
use super::{Result, Store};

fn order() -> KeysetOrder<workspace::Model> {
    KeysetOrder {
        name: "key",
        keys: vec![
            (Expr::col((workspace::Entity, workspace::Column::Key)), KeyKind::Text),
            (Expr::col((workspace::Entity, workspace::Column::Id)), KeyKind::Int),
        ],
        descending: false,
        position: |w| vec![KeyValue::Text(w.key.clone()), KeyValue::Int(w.id)],
    }
}

pub async fn page(store: &Store, viewer: &Viewer, args: &PageArgs) -> Result<Page<workspace::Model>> {
    let spec = order();
    let digest = cursor::digest(spec.name, "");
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    let select = workspace::Entity::find().filter(visible_workspace(viewer));
    keyset::fetch_page(&store.db, select, &spec, &digest, &request).await
}

pub async fn count(store: &Store, viewer: &Viewer) -> Result<u64> {
    Ok(workspace::Entity::find().filter(visible_workspace(viewer)).count(&store.db).await?)
}

pub async fn by_key(store: &Store, viewer: &Viewer, key: &str) -> Result<Option<workspace::Model>> {
    Ok(workspace::Entity::find()
        .filter(workspace::Column::Key.eq(key))
        .filter(visible_workspace(viewer))
        .one(&store.db)
        .await?)
}

pub async fn by_ids(store: &Store, viewer: &Viewer, ids: &[i64]) -> Result<Vec<workspace::Model>> {
    Ok(workspace::Entity::find()
        .filter(workspace::Column::Id.is_in(ids.iter().copied()))
        .filter(visible_workspace(viewer))
        .all(&store.db)
        .await?)
}

/// Users are public to every signed-in caller: names and display names only.
pub async fn users_by_ids(store: &Store, ids: &[i64]) -> Result<Vec<user::Model>> {
    Ok(user::Entity::find().filter(user::Column::Id.is_in(ids.iter().copied())).all(&store.db).await?)
}

/// A user the viewer may see, by username (`me` for the viewer).
pub async fn user_by_name(store: &Store, viewer: &Viewer, username: &str) -> Result<Option<user::Model>> {
    let username =
        if username.eq_ignore_ascii_case("me") { viewer.username.clone() } else { super::input::nfc(username) };
    let found = user::Entity::find().filter(user::Column::Username.eq(username)).filter(visible_user(viewer));
    Ok(found.one(&store.db).await?)
}

/// A user the viewer may see, by id.
pub async fn visible_user_by_id(store: &Store, viewer: &Viewer, id: i64) -> Result<Option<user::Model>> {
    Ok(user::Entity::find_by_id(id).filter(visible_user(viewer)).one(&store.db).await?)
}
