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
                TaskEvent(event)
            })
            .take_until(access_lost(store.clone(), viewer.clone(), project)))
    }
}

/// How often an open subscription checks that its viewer still sees the
/// project.
const ACCESS_CHECK: std::time::Duration = std::time::Duration::from_secs(2);

/// Resolves when the subscription must end: its viewer no longer sees the
/// project (a database error ends it too, rather than stream on unchecked).
async fn access_lost(store: Store, viewer: Viewer, project: String) {
    loop {
        tokio::time::sleep(ACCESS_CHECK).await;
        // Revocation closes the whole graphql-ws connection (see `http`);
        // what is left to check here is the project.
        let project_ok = projects::by_key(&store, &viewer, &project).await.is_ok_and(|p| p.is_some());
        if !project_ok {
            tracing::debug!(user = %crate::text::for_log(&viewer.username), "subscription ended: access lost");
            return;
        }
    }
}
