//! Webhooks out: a workspace's endpoints (the address, the events wanted,
//! an optional project, the signing secret and the one it replaces during
//! a rotation, whether it is enabled and why not), and the outbox: one
//! delivery per change and endpoint, written in the change's transaction,
//! with its attempts, the next one's time, a lease while a gateway sends
//! it, and the last answer. Deliveries are found by due time, by endpoint
//! for listing, and by endpoint and task to keep each task's in order.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261205_000001_webhooks"
    }
}

fn foreign(table: &'static str, column: &'static str, parent: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table, column)
        .to(parent, "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn webhook() -> TableCreateStatement {
    Table::create()
        .table("webhook")
        .if_not_exists()
        .col(big_pk_auto("id"))
        .col(big_integer("workspace_id"))
        .col(big_integer_null("project_id"))
        .col(text("url"))
        .col(text("events"))
        .col(string("secret"))
        .col(string_null("previous_secret"))
        .col(timestamp_with_time_zone_null("previous_secret_until"))
        .col(boolean("enabled"))
        .col(text_null("disabled_reason"))
        .col(big_integer("created_by_id"))
        .col(timestamp_with_time_zone("created_at"))
        .foreign_key(&mut foreign("webhook", "workspace_id", "workspace"))
        .foreign_key(&mut foreign("webhook", "project_id", "project"))
        .foreign_key(&mut foreign("webhook", "created_by_id", "user"))
        .to_owned()
}

fn webhook_delivery() -> TableCreateStatement {
    Table::create()
        .table("webhook_delivery")
        .if_not_exists()
        .col(big_pk_auto("id"))
        .col(big_integer("webhook_id"))
        .col(string_len_uniq("message_id", 64))
        .col(string("event_type"))
        // The task whose deliveries go in order; none for a wiki page or a
        // project.
        .col(big_integer_null("task_id"))
        .col(text("payload"))
        .col(string("status"))
        .col(integer("attempts"))
        .col(timestamp_with_time_zone("next_at"))
        .col(timestamp_with_time_zone_null("leased_until"))
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone_null("last_attempt_at"))
        .col(integer_null("response_status"))
        .col(integer_null("duration_ms"))
        .col(text_null("response_body"))
        .col(text_null("error"))
        .foreign_key(&mut foreign("webhook_delivery", "webhook_id", "webhook"))
        .to_owned()
}

/// (table, columns). Named `ix_<table>_<columns>`.
const INDEXES: &[(&str, &[&str])] = &[
    ("webhook", &["workspace_id"]),
    ("webhook_delivery", &["status", "next_at"]),
    ("webhook_delivery", &["webhook_id", "id"]),
    ("webhook_delivery", &["webhook_id", "task_id", "id"]),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.create_table(webhook()).await?;
        manager.create_table(webhook_delivery()).await?;
        for (table, columns) in INDEXES {
            let mut index = Index::create();
            index.name(format!("ix_{table}_{}", columns.join("_"))).table(*table).if_not_exists();
            for column in *columns {
                index.col(*column);
            }
            manager.create_index(index.to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("webhook_delivery").to_owned()).await?;
        manager.drop_table(Table::drop().table("webhook").to_owned()).await
    }
}
