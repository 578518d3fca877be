//! The subscription root: live task events of one project.

use async_graphql::{Context, Subscription};
use futures_util::{Stream, StreamExt};
use tokio_stream::wrappers::BroadcastStream;

use crate::store::projects;

use super::comment::TaskEvent;
use super::error::{GqlResult, NOT_FOUND, coded};
use super::{store, viewer};

pub struct SubscriptionRoot;

#[Subscription]
impl SubscriptionRoot {
    /// Every change of a task of the project (by key) from now on.
    async fn task_events(
        &self,
        ctx: &Context<'_>,
        project: String,
    ) -> async_graphql::Result<impl Stream<Item = TaskEvent>> {
        let store = store(ctx);
        let found = projects::by_key(store, viewer(ctx)?, &project).await.gql()?;
        let project_id = found
            .ok_or_else(|| {
                coded(format!("no project with key {project}"), NOT_FOUND, Some(super::error::NOT_FOUND_HINT))
            })?
            .id;
        let events = BroadcastStream::new(store.events.subscribe());
        Ok(events.filter_map(move |event| async move {
            // A subscriber that lags behind skips what it missed rather than failing.
            event.ok().filter(|e| e.project_id == project_id).map(TaskEvent)
        }))
    }
}
