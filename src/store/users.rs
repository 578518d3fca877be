//! People and agents as an operator creates them (`tasklens user create`)
//! and as an import makes them: one insert for both.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, Set,
};

use entity::user;

use super::db_error::{OnViolation, USERNAME};
use super::{Result, StoreError, input, now};
use crate::text::echo;

/// A user to make, its values checked by the caller.
pub(crate) struct NewUser {
    pub username: String,
    pub display_name: String,
    pub email: Option<String>,
    pub is_agent: bool,
}

pub(crate) async fn insert_user(db: &impl ConnectionTrait, new: NewUser) -> Result<user::Model, DbErr> {
    user::ActiveModel {
        username: Set(new.username),
        display_name: Set(new.display_name),
        email: Set(new.email),
        is_agent: Set(new.is_agent),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// `base` (for `from` 1) or `base-N`, for the first N from `from` whose
/// name nobody holds; and that N.
pub(crate) async fn free_username(db: &impl ConnectionTrait, base: &str, from: u32) -> Result<(String, u32), DbErr> {
    let mut n = from;
    loop {
        let name = if n == 1 { base.to_owned() } else { format!("{base}-{n}") };
        if user::Entity::find().filter(user::Column::Username.eq(name.as_str())).one(db).await?.is_none() {
            return Ok((name, n));
        }
        n += 1;
    }
}

/// Creates a user; the name is stored in NFC, the display name defaults to it.
pub async fn create(
    db: &DatabaseConnection,
    username: &str,
    display_name: Option<&str>,
    email: Option<String>,
    is_agent: bool,
) -> Result<user::Model> {
    let username = input::single_line("username", username, input::MAX_USERNAME_CHARS)?;
    let display_name = input::single_line("display-name", display_name.unwrap_or(&username), input::MAX_NAME_CHARS)?;
    let new = NewUser { username: username.clone(), display_name, email, is_agent };
    insert_user(db, new).await.on_violation(&USERNAME, || {
        StoreError::conflict(format!("a user named {} exists", echo(&username)), "choose another username")
    })
}
