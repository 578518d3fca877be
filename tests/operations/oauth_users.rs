//! Who a verified OAuth access token is in tasklens: an existing user, or
//! one made on first use with `--oauth-provision`; one token row per user
//! and issuer, revocable like any token.

use std::sync::{Arc, Mutex};

use chrono::{Duration, Utc};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

use entity::{api_token, user};
use tasklens::store::identity::{OAuthIdentity, oauth_viewer};
use tasklens::store::{AuthError, PageLimits, Store};

use crate::on_both_backends;
use crate::support::{Backend, TestDb, simple_board_on};

fn identity(username: &str, provision: bool, can_write: bool) -> OAuthIdentity<'_> {
    as_subject(username, username, provision, can_write)
}

fn as_subject<'a>(subject: &'a str, username: &'a str, provision: bool, can_write: bool) -> OAuthIdentity<'a> {
    OAuthIdentity {
        issuer: "https://idp.example.com",
        subject,
        username,
        display_name: Some("From the provider"),
        provision,
        can_write,
        expires_at: Utc::now() + Duration::minutes(5),
    }
}

async fn a_token_names_an_existing_user_or_provisions_one(backend: Backend) {
    let test_db = TestDb::create(backend).await;
    let db = tasklens::db::connect(&test_db.url).await.expect("database");
    simple_board_on(&db).await;

    let alice = oauth_viewer(&db, &identity("alice", false, true)).await.expect("alice exists");
    assert_eq!(alice.username, "alice");
    assert!(!alice.read_only && !alice.lacks_write_scope && alice.expires_at.is_some());
    let again = oauth_viewer(&db, &identity("alice", false, false)).await.expect("again");
    assert_eq!(again.token_id, alice.token_id, "one token row per user and issuer");
    assert!(again.read_only && again.lacks_write_scope);

    let Err(AuthError::Rejected(why)) = oauth_viewer(&db, &identity("newcomer", false, true)).await else {
        panic!("an unknown user without provisioning is refused");
    };
    assert!(why.contains("no tasklens user is named newcomer") && why.contains("--oauth-provision"), "{why}");
    assert_eq!(user::Entity::find().filter(user::Column::Username.eq("newcomer")).count(&db).await.unwrap(), 0);

    let made = oauth_viewer(&db, &identity("newcomer", true, true)).await.expect("provisioned");
    let row = user::Entity::find_by_id(made.user_id).one(&db).await.unwrap().expect("the user");
    assert_eq!((row.username.as_str(), row.display_name.as_str()), ("newcomer", "From the provider"));

    // Another identity of the issuer naming a bound user (a name reused at
    // the provider) is refused; so is the bound identity naming another user.
    let Err(AuthError::Rejected(why)) = oauth_viewer(&db, &as_subject("intruder", "alice", true, true)).await else {
        panic!("another subject cannot take alice");
    };
    assert!(why.contains("signs in as another identity"), "{why}");
    let Err(AuthError::Rejected(why)) = oauth_viewer(&db, &as_subject("alice", "newcomer", true, true)).await else {
        panic!("alice's identity cannot become newcomer");
    };
    assert!(why.contains("bound to another tasklens user"), "{why}");
    // A name is looked up as it is stored (trimmed, NFC).
    let spaced = oauth_viewer(&db, &identity(" newcomer ", false, true)).await;
    assert!(matches!(spaced, Err(AuthError::Rejected(_))), "another subject than newcomer's");

    let Err(AuthError::Rejected(why)) = oauth_viewer(&db, &identity("two\nlines", true, true)).await else {
        panic!("a name tasklens cannot hold is refused");
    };
    assert!(why.contains("cannot be a tasklens user"), "{why}");

    tasklens::store::tokens::revoke(&db, alice.token_id).await.expect("revoke");
    let Err(AuthError::Rejected(why)) = oauth_viewer(&db, &identity("alice", false, true)).await else {
        panic!("revoked");
    };
    assert!(why.contains("revoked"), "{why}");
    // Revoked, the binding no longer holds alice: another identity may bind her.
    let rebound = oauth_viewer(&db, &as_subject("alice-new", "alice", false, true)).await.expect("rebound");
    assert_ne!(rebound.token_id, alice.token_id);
    let rows = api_token::Entity::find().filter(api_token::Column::Name.eq("oauth")).count(&db).await.unwrap();
    assert_eq!(rows, 3);
}

/// A verified OAuth identity is remembered by its gateway as a `tl_` token
/// is: a second request of the same person reads neither their user nor
/// their binding, carries the expiry of the token at hand, and a
/// revocation of the binding made behind the gateway's back is refused
/// within a second.
async fn an_oauth_viewer_is_remembered_until_its_binding_is_revoked(backend: Backend) {
    let test_db = TestDb::create(backend).await;
    let mut db = tasklens::db::connect(&test_db.url).await.expect("database");
    let read: Arc<Mutex<Vec<String>>> = Arc::default();
    let log = read.clone();
    db.set_metric_callback(move |info| {
        let sql = info.statement.to_string();
        if sql.contains("\"user\".\"username\" =") || sql.contains("\"token_hash\" =") {
            log.lock().expect("log").push(sql);
        }
    });
    simple_board_on(&db).await;
    let store = Store::new(db.clone(), PageLimits::default());

    let first = store.viewer_of_oauth(&identity("alice", false, true)).await.expect("alice");
    read.lock().expect("log").clear();
    let later = Utc::now() + Duration::minutes(30);
    let again = OAuthIdentity { expires_at: later, ..identity("alice", false, true) };
    let remembered = store.viewer_of_oauth(&again).await.expect("remembered");
    assert_eq!((remembered.user_id, remembered.token_id), (first.user_id, first.token_id));
    assert_eq!(remembered.expires_at, Some(later), "the expiry of the token at hand");
    assert!(read.lock().expect("log").is_empty(), "read again: {:?}", read.lock().expect("log"));
    // Another scope is another viewer (read-only without the write scope).
    let reader = store.viewer_of_oauth(&identity("alice", false, false)).await.expect("read scope");
    assert!(reader.read_only && reader.lacks_write_scope);

    api_token::Entity::update_many()
        .col_expr(api_token::Column::RevokedAt, sea_orm::sea_query::Expr::value(Utc::now()))
        .filter(api_token::Column::Id.eq(first.token_id))
        .exec(&db)
        .await
        .expect("revoke the binding");
    tokio::time::sleep(std::time::Duration::from_millis(1_200)).await;
    let refused = store.viewer_of_oauth(&identity("alice", false, true)).await.expect_err("revoked");
    assert!(matches!(refused, AuthError::Rejected(_)), "{refused:?}");
}

on_both_backends!(
    a_token_names_an_existing_user_or_provisions_one,
    an_oauth_viewer_is_remembered_until_its_binding_is_revoked
);
