//! Webhooks out, as a workspace's admins see them: endpoints (never their
//! secret after creation) and their deliveries.

use async_graphql::{Context, Enum, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};

use entity::{webhook, webhook_delivery};

use super::ids;
use super::loaders::{WorkspaceKey, load};
use super::workspace::Workspace;
use crate::store::webhooks::{EventType, events_of};

/// The changes an endpoint may be sent.
#[derive(Enum, Clone, Copy, PartialEq, Eq)]
#[graphql(remote = "crate::store::webhooks::EventType")]
pub enum WebhookEvent {
    /// `task.created`
    TaskCreated,
    /// `task.updated`: any field, label or coworker, or a status.
    TaskUpdated,
    /// `task.deleted`
    TaskDeleted,
    /// `task.commented`
    TaskCommented,
    /// `task.claimed`: a claim taken, released or lapsed.
    TaskClaimed,
    /// `wiki_page.changed`
    WikiPageChanged,
    /// `project.created`
    ProjectCreated,
}

/// Where a delivery stands.
#[derive(Enum, Clone, Copy, PartialEq, Eq)]
pub enum WebhookDeliveryStatus {
    /// Waiting for its first attempt or its next retry.
    Pending,
    /// Answered 2xx.
    Delivered,
    /// Out of retries, or answered 410 Gone: the endpoint was disabled.
    Failed,
}

impl WebhookDeliveryStatus {
    pub fn stored(self) -> &'static str {
        use crate::store::webhooks::queue::{DELIVERED, FAILED, PENDING};
        match self {
            Self::Pending => PENDING,
            Self::Delivered => DELIVERED,
            Self::Failed => FAILED,
        }
    }

    fn of(stored: &str) -> Self {
        [Self::Delivered, Self::Failed].into_iter().find(|s| s.stored() == stored).unwrap_or(Self::Pending)
    }
}

pub struct Webhook(pub webhook::Model);

#[Object]
impl Webhook {
    async fn id(&self) -> ID {
        ids::encode("Webhook", self.0.id)
    }
    /// The number `tasklens webhook` commands take.
    async fn number(&self) -> i64 {
        self.0.id
    }
    async fn workspace(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<Workspace>> {
        Ok(load(ctx, WorkspaceKey(self.0.workspace_id)).await?.map(Workspace))
    }
    /// Only this project's changes are sent, when set.
    async fn project_key(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<String>> {
        let Some(id) = self.0.project_id else { return Ok(None) };
        Ok(load(ctx, super::loaders::ProjectKey(id)).await?.map(|p| p.key))
    }
    async fn url(&self) -> &str {
        &self.0.url
    }
    async fn events(&self) -> Vec<WebhookEvent> {
        events_of(&self.0).into_iter().map(WebhookEvent::from).collect()
    }
    async fn enabled(&self) -> bool {
        self.0.enabled
    }
    /// Why it was disabled: by an admin, out of retries, or 410 Gone.
    async fn disabled_reason(&self) -> Option<&str> {
        self.0.disabled_reason.as_deref()
    }
    /// Until when the secret a rotation replaced still signs beside the new one.
    async fn previous_secret_until(&self) -> Option<DateTime<Utc>> {
        self.0.previous_secret_until.filter(|until| *until > Utc::now())
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
}

/// A new endpoint, or a new secret: the secret is shown here once.
#[derive(SimpleObject)]
pub struct WebhookWithSecret {
    /// `whsec_...`: what a Standard Webhooks library verifies with.
    pub secret: String,
    pub webhook: Webhook,
}

pub struct WebhookDelivery(pub webhook_delivery::Model);

#[Object]
impl WebhookDelivery {
    async fn id(&self) -> ID {
        ids::encode("WebhookDelivery", self.0.id)
    }
    async fn number(&self) -> i64 {
        self.0.id
    }
    /// The `webhook-id` header, the same on every attempt.
    async fn message_id(&self) -> &str {
        &self.0.message_id
    }
    async fn event(&self) -> Option<WebhookEvent> {
        EventType::parse(&self.0.event_type).ok().map(WebhookEvent::from)
    }
    async fn status(&self) -> WebhookDeliveryStatus {
        WebhookDeliveryStatus::of(&self.0.status)
    }
    async fn attempts(&self) -> i32 {
        self.0.attempts
    }
    /// When the next attempt is due, while pending.
    async fn next_attempt_at(&self) -> Option<DateTime<Utc>> {
        (self.0.status == WebhookDeliveryStatus::Pending.stored()).then_some(self.0.next_at)
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
    async fn last_attempt_at(&self) -> Option<DateTime<Utc>> {
        self.0.last_attempt_at
    }
    /// The last answer's HTTP status.
    async fn response_status(&self) -> Option<i32> {
        self.0.response_status
    }
    async fn duration_ms(&self) -> Option<i32> {
        self.0.duration_ms
    }
    /// The first kilobyte of the last answer.
    async fn response_body(&self) -> Option<&str> {
        self.0.response_body.as_deref()
    }
    /// Why the last attempt got no answer (a refused address, a timeout).
    async fn error(&self) -> Option<&str> {
        self.0.error.as_deref()
    }
    /// The JSON body sent.
    async fn payload(&self) -> &str {
        &self.0.payload
    }
}
