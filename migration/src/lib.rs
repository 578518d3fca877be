//! Migrations of the tasklens schema; identical on SQLite and PostgreSQL.
//!
//! Each keyset order of `store/` has an index here whose columns follow the
//! order's sort key and end with `id`, so a page at any depth is an index
//! range scan; the counts front ends ask for most read partial indexes of
//! live tasks only.

pub use sea_orm_migration::prelude::*;

pub mod html_policy;
mod m20261129_000001_create_tables;
mod m20261130_000001_task_due_order_index;
mod m20261201_000001_sanitize_stored_html;
mod m20261201_000002_live_task_count_indexes;
mod m20261201_000003_status_task_counts;
mod m20261201_000004_token_parent;
mod m20261202_000001_names_in_nfc;
mod m20261202_000002_task_sources;
mod m20261203_000001_assignee_page_index;
mod m20261204_000001_task_revision;
mod m20261204_000002_task_claims;
mod m20261205_000001_webhooks;
mod m20261205_000002_github_hooks;
mod m20261206_000001_github_repository_id;
mod m20261206_000002_saved_views;
mod m20261207_000001_task_board_rank;

/// The due date that sorts unscheduled tasks after every real one in the
/// "due" order. A four-digit year, so that SQLite's text dates still compare
/// in date order.
pub const NO_DUE_DATE: &str = "9999-12-31";

pub use m20261207_000001_task_board_rank::RANK_GAP;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261129_000001_create_tables::Migration),
            Box::new(m20261130_000001_task_due_order_index::Migration),
            Box::new(m20261201_000001_sanitize_stored_html::Migration),
            Box::new(m20261201_000002_live_task_count_indexes::Migration),
            Box::new(m20261201_000003_status_task_counts::Migration),
            Box::new(m20261201_000004_token_parent::Migration),
            Box::new(m20261202_000001_names_in_nfc::Migration),
            Box::new(m20261202_000002_task_sources::Migration),
            Box::new(m20261203_000001_assignee_page_index::Migration),
            Box::new(m20261204_000001_task_revision::Migration),
            Box::new(m20261204_000002_task_claims::Migration),
            Box::new(m20261205_000001_webhooks::Migration),
            Box::new(m20261205_000002_github_hooks::Migration),
            Box::new(m20261206_000001_github_repository_id::Migration),
            Box::new(m20261206_000002_saved_views::Migration),
            Box::new(m20261207_000001_task_board_rank::Migration),
        ]
    }
}
