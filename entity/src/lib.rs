//! sea-orm entities of the tasklens data model, one module per table.
//!
//! Enumerations are stored as short strings so that SQLite and PostgreSQL
//! hold identical data and a new variant needs no type migration.

pub mod agent_session;
pub mod api_token;
pub mod comment;
pub mod enums;
pub mod external_user;
pub mod github_delivery;
pub mod github_hook;
pub mod label;
pub mod project;
pub mod project_member;
pub mod saved_view;
pub mod status;
pub mod status_task_count;
pub mod task;
pub mod task_coworker;
pub mod task_event;
pub mod task_label;
pub mod user;
pub mod webhook;
pub mod webhook_delivery;
pub mod wiki_page;
pub mod wiki_revision;
pub mod workspace;
pub mod workspace_member;

pub use enums::{Priority, ProjectRole, StatusCategory, TaskKind, WorkspaceRole};
