//! The subscription root: live task events of one project, from the durable
//! log (see `store::feed`), resumable from any event's cursor.

use async_graphql::{Context, Subscription};
use futures_util::{Stream, StreamExt};

use crate::store::Viewer;
use crate::store::{Store, feed, projects};

use super::error::{ErrorCode, GqlResult, coded};
use super::event::TaskEvent;
use super::{store, viewer};

pub struct SubscriptionRoot;

#[Subscription(name = "Subscription")]
impl SubscriptionRoot {
    /// Every change of a task of the project (by key), in the log's order,
    /// each once. With `after` (an event's `cursor`), first the events
    /// since that one, then live: a client that reconnects misses nothing.
    /// Ends when the token is revoked or the project goes out of sight.
    async fn task_events(
        &self,
        ctx: &Context<'_>,
        project: String,
        after: Option<String>,
    ) -> async_graphql::Result<impl Stream<Item = TaskEvent> + use<>> {
        let store = store(ctx);
        let viewer = viewer(ctx)?;
        let loaders = super::loaders(ctx)?.clone();
        let after = after.as_deref().map(feed::parse_cursor).transpose().gql()?;
        let found = projects::by_key(store, viewer, &project).await.gql()?;
        let project_id = found
            .ok_or_else(|| {
                coded(
                    format!("no project with key {}", crate::text::echo(&project)),
                    ErrorCode::NotFound,
                    Some(super::error::NOT_FOUND_HINT),
                )
            })?
            .id;
        let events = store.feed.subscribe(project_id, after).await.gql()?;
        // Counted open for as long as the stream lives.
        let open = crate::metrics::metrics().subscription_opened();
        Ok(events
            .map(move |event| {
                let _open = &open;
                // Each event is resolved as the task is now, not as this
                // subscription's first event read it.
                loaders.forget();
                TaskEvent(event)
            })
            .take_until(access_lost(store.clone(), viewer.clone(), project, ACCESS_CHECK)))
    }
}

/// How often an open subscription checks that its viewer still sees the
/// project.
const ACCESS_CHECK: std::time::Duration = std::time::Duration::from_secs(2);

/// Resolves when the subscription must end: its viewer no longer sees the
/// project, as read from the database. A check that fails is not that:
/// while the database is away no event can be read either, and once it
/// answers the subscription goes on from where it was.
async fn access_lost(store: Store, viewer: Viewer, project: String, every: std::time::Duration) {
    loop {
        tokio::time::sleep(every).await;
        // Revocation closes the whole graphql-ws connection (see `http`);
        // what is left to check here is the project.
        match projects::by_key(&store, &viewer, &project).await {
            Ok(Some(_)) => {}
            Ok(None) => {
                tracing::debug!(user = %crate::text::for_log(&viewer.username), "subscription ended: access lost");
                return;
            }
            Err(err) => tracing::debug!(error = %err, "the subscription's access could not be checked; checking again"),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn ada() -> Viewer {
        Viewer {
            user_id: 1,
            username: "ada".into(),
            token_id: 1,
            workspace_scope: None,
            read_only: false,
            lacks_write_scope: false,
            expires_at: None,
        }
    }

    #[tokio::test]
    async fn a_failed_access_check_keeps_the_subscription() {
        let db = crate::db::connect("sqlite::memory:").await.expect("database");
        let store = Store::new(db.clone(), crate::store::PageLimits::default());
        let viewer = ada();
        db.close().await.expect("close");
        let lost = access_lost(store, viewer, "ENG".into(), Duration::from_millis(20));
        assert!(tokio::time::timeout(Duration::from_millis(400), lost).await.is_err());
    }

    #[tokio::test]
    async fn a_project_out_of_sight_ends_the_subscription() {
        let db = crate::db::connect("sqlite::memory:").await.expect("database");
        let store = Store::new(db, crate::store::PageLimits::default());
        let lost = access_lost(store, ada(), "ENG".into(), Duration::from_millis(20));
        assert!(tokio::time::timeout(Duration::from_secs(5), lost).await.is_ok());
    }
}
