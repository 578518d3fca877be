//! People and agents as an operator creates them (`tasklens user create`).

use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};

use entity::user;

use super::db_error::{OnViolation, USERNAME};
use super::{Result, StoreError, input, now};
use crate::text::echo;

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
    user::ActiveModel {
        username: Set(username.clone()),
        display_name: Set(display_name),
        email: Set(email),
        is_agent: Set(is_agent),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await
    .on_violation(&USERNAME, || {
        StoreError::conflict(format!("a user named {} exists", echo(&username)), "choose another username")
    })
}
