//! The outbox: one message for one endpoint, written in the transaction of
//! the change it tells of, and what became of sending it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_delivery")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub webhook_id: i64,
    /// The `webhook-id` header, the same on every attempt.
    #[sea_orm(unique)]
    pub message_id: String,
    pub event_type: String,
    /// The task whose deliveries go in order.
    pub task_id: Option<i64>,
    /// The JSON body, as sent.
    pub payload: String,
    /// `pending`, `delivered` or `failed`.
    pub status: String,
    pub attempts: i32,
    pub next_at: DateTimeUtc,
    /// While a gateway sends it; a gateway that died mid-send lets it lapse.
    pub leased_until: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub last_attempt_at: Option<DateTimeUtc>,
    pub response_status: Option<i32>,
    pub duration_ms: Option<i32>,
    /// The first kilobyte of the last answer.
    pub response_body: Option<String>,
    pub error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
