//! Webhooks out: a workspace's admins list, create, change, rotate and
//! remove its endpoints, and read and redeliver their deliveries.

use async_graphql::{Context, ID, InputObject, MaybeUndefined, Object};

use crate::graphql::connection::{Conn, TotalCount, connection, page_args};
use crate::graphql::error::{ErrorCode, GqlResult, coded};
use crate::graphql::webhook::{Webhook, WebhookDelivery, WebhookDeliveryStatus, WebhookEvent, WebhookWithSecret};
use crate::graphql::{ids, store, viewer};
use crate::store::webhooks::{EventType, Manager, NewWebhook, WebhookChanges};

/// Whether this server lets endpoints be plain http on loopback.
#[derive(Clone, Copy, Default)]
pub struct WebhookPolicy {
    pub allow_http_loopback: bool,
}

fn allow_http_loopback(ctx: &Context<'_>) -> bool {
    ctx.data_opt::<WebhookPolicy>().is_some_and(|p| p.allow_http_loopback)
}

/// The number in an id of `kind`.
fn number_of(id: &ID, kind: &str, argument: &str) -> async_graphql::Result<i64> {
    match ids::decode(id)? {
        (found, number) if found == kind => Ok(number),
        _ => Err(coded(
            format!("`{argument}`: {} is not a {kind} id", crate::text::echo(id.as_str())),
            ErrorCode::BadUserInput,
            Some("pass the `id` a webhook query answered"),
        )),
    }
}

fn event_types(events: Option<Vec<WebhookEvent>>) -> Option<Vec<EventType>> {
    events.map(|events| events.into_iter().map(EventType::from).collect())
}

#[derive(Default)]
pub struct WebhooksQuery;

#[Object]
impl WebhooksQuery {
    /// The workspace's webhook endpoints, oldest first (its admins only).
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    async fn webhooks(
        &self,
        ctx: &Context<'_>,
        #[graphql(desc = "Workspace key.")] workspace: String,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<Webhook>> {
        let by = Manager::Admin(viewer(ctx)?);
        let args = page_args(first, after, last, before);
        let (page, workspace_id) = store(ctx).webhooks_page(by, Some(&workspace), &args).await.gql()?;
        Ok(connection(page, TotalCount::Webhooks { workspace_id }, Webhook))
    }

    /// An endpoint's deliveries, newest first.
    #[graphql(complexity = "crate::graphql::connection::page_cost(first, last, child_complexity)")]
    #[allow(clippy::too_many_arguments)]
    async fn webhook_deliveries(
        &self,
        ctx: &Context<'_>,
        webhook: ID,
        status: Option<WebhookDeliveryStatus>,
        first: Option<i32>,
        after: Option<String>,
        last: Option<i32>,
        before: Option<String>,
    ) -> async_graphql::Result<Conn<WebhookDelivery>> {
        let by = Manager::Admin(viewer(ctx)?);
        let webhook_id = number_of(&webhook, "Webhook", "webhook")?;
        let status = status.map(WebhookDeliveryStatus::stored);
        let args = page_args(first, after, last, before);
        let page = store(ctx).deliveries_page(by, webhook_id, status, &args).await.gql()?;
        Ok(connection(page, TotalCount::WebhookDeliveries { webhook_id, status }, WebhookDelivery))
    }
}

/// An endpoint to make.
#[derive(InputObject)]
pub struct CreateWebhookInput {
    /// Workspace key.
    pub workspace: String,
    /// `https://...` (or `http://` to loopback, when the server allows it).
    pub url: String,
    /// The events sent; every one when left out.
    pub events: Option<Vec<WebhookEvent>>,
    /// Only this project's changes (its key).
    pub project: Option<String>,
}

/// What to change on an endpoint; what is left out stays.
#[derive(InputObject)]
pub struct UpdateWebhookInput {
    pub id: ID,
    pub url: Option<String>,
    pub events: Option<Vec<WebhookEvent>>,
    /// A project key, or null for every project.
    pub project: MaybeUndefined<String>,
    /// Enabling an endpoint clears why it was disabled.
    pub enabled: Option<bool>,
}

#[derive(Default)]
pub struct WebhooksMutation;

#[Object]
impl WebhooksMutation {
    /// Makes an endpoint; its signing secret is in the answer once.
    async fn create_webhook(
        &self,
        ctx: &Context<'_>,
        input: CreateWebhookInput,
    ) -> async_graphql::Result<WebhookWithSecret> {
        let new = NewWebhook {
            workspace: input.workspace,
            url: input.url,
            events: event_types(input.events).unwrap_or_default(),
            project: input.project,
        };
        let by = Manager::Admin(viewer(ctx)?);
        let made = store(ctx).create_webhook(by, &new, allow_http_loopback(ctx)).await.gql()?;
        Ok(WebhookWithSecret { secret: made.secret, webhook: Webhook(made.webhook) })
    }

    async fn update_webhook(&self, ctx: &Context<'_>, input: UpdateWebhookInput) -> async_graphql::Result<Webhook> {
        let id = number_of(&input.id, "Webhook", "id")?;
        let changes = WebhookChanges {
            url: input.url,
            events: event_types(input.events),
            project: match input.project {
                MaybeUndefined::Undefined => None,
                MaybeUndefined::Null => Some(None),
                MaybeUndefined::Value(key) => Some(Some(key)),
            },
            enabled: input.enabled,
        };
        let by = Manager::Admin(viewer(ctx)?);
        Ok(Webhook(store(ctx).update_webhook(by, id, &changes, allow_http_loopback(ctx)).await.gql()?))
    }

    /// A new signing secret, in the answer once; the old one keeps signing
    /// beside it for `graceHours` (24 by default, at most 168), so that
    /// receivers can switch without losing a delivery. Another rotation
    /// while an old secret still signs is refused (receivers may still hold
    /// it), unless `graceHours` is 0, which ends every old secret at once.
    async fn rotate_webhook_secret(
        &self,
        ctx: &Context<'_>,
        id: ID,
        #[graphql(default = 24, validator(minimum = 0, maximum = 168))] grace_hours: i32,
    ) -> async_graphql::Result<WebhookWithSecret> {
        let id = number_of(&id, "Webhook", "id")?;
        let by = Manager::Admin(viewer(ctx)?);
        let grace = chrono::TimeDelta::hours(i64::from(grace_hours));
        let rotated = store(ctx).rotate_webhook_secret(by, id, grace).await.gql()?;
        Ok(WebhookWithSecret { secret: rotated.secret, webhook: Webhook(rotated.webhook) })
    }

    /// Removes an endpoint and its deliveries.
    async fn delete_webhook(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<Webhook> {
        let id = number_of(&id, "Webhook", "id")?;
        let by = Manager::Admin(viewer(ctx)?);
        Ok(Webhook(store(ctx).delete_webhook(by, id).await.gql()?))
    }

    /// Sends a delivery again, under the same `webhook-id`.
    async fn redeliver_webhook_delivery(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<WebhookDelivery> {
        let id = number_of(&id, "WebhookDelivery", "id")?;
        let by = Manager::Admin(viewer(ctx)?);
        Ok(WebhookDelivery(store(ctx).redeliver(by, id).await.gql()?))
    }
}
