//! Every table of the data model, its foreign keys and its keyset indexes.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// A NOT NULL foreign key column and its constraint, deleted with its parent.
fn fk(table: &'static str, column: &'static str, parent: &'static str) -> (ColumnDef, ForeignKeyCreateStatement) {
    (big_integer(column), foreign(table, column, parent))
}

fn fk_null(table: &'static str, column: &'static str, parent: &'static str) -> (ColumnDef, ForeignKeyCreateStatement) {
    (big_integer_null(column), foreign(table, column, parent))
}

fn foreign(table: &'static str, column: &'static str, parent: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table, column)
        .to(parent, "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn instant(column: &'static str) -> ColumnDef {
    timestamp_with_time_zone(column)
}

fn instant_null(column: &'static str) -> ColumnDef {
    timestamp_with_time_zone_null(column)
}

struct TableSpec {
    name: &'static str,
    columns: Vec<ColumnDef>,
    foreign_keys: Vec<ForeignKeyCreateStatement>,
}

impl TableSpec {
    fn new(name: &'static str) -> Self {
        Self { name, columns: vec![big_pk_auto("id")], foreign_keys: Vec::new() }
    }
    fn col(mut self, column: ColumnDef) -> Self {
        self.columns.push(column);
        self
    }
    fn fk(mut self, (column, key): (ColumnDef, ForeignKeyCreateStatement)) -> Self {
        self.columns.push(column);
        self.foreign_keys.push(key);
        self
    }
    fn statement(mut self) -> TableCreateStatement {
        let mut table = Table::create();
        table.table(self.name).if_not_exists();
        for column in &mut self.columns {
            table.col(column);
        }
        for key in &mut self.foreign_keys {
            table.foreign_key(key);
        }
        table.to_owned()
    }
}

/// Every table, in an order where each one's references come first.
fn tables() -> Vec<TableSpec> {
    [directory(), work(), wiki_and_access()].into_iter().flatten().collect()
}

/// Workspaces, people, projects and what a project defines.
fn directory() -> Vec<TableSpec> {
    vec![
        TableSpec::new("workspace").col(string_len_uniq("key", 32)).col(string("name")).col(instant("created_at")),
        TableSpec::new("user")
            .col(string_len_uniq("username", 64))
            .col(string("display_name"))
            .col(string_null("email"))
            .col(boolean("is_agent"))
            .col(instant("created_at")),
        TableSpec::new("workspace_member")
            .fk(fk("workspace_member", "workspace_id", "workspace"))
            .fk(fk("workspace_member", "user_id", "user"))
            .col(string_len("role", 16)),
        TableSpec::new("project")
            .fk(fk("project", "workspace_id", "workspace"))
            .col(string_len_uniq("key", 32))
            .col(string("name"))
            .col(text_null("description"))
            .col(instant("created_at"))
            .col(instant("updated_at"))
            .col(instant_null("archived_at")),
        TableSpec::new("project_member")
            .fk(fk("project_member", "project_id", "project"))
            .fk(fk("project_member", "user_id", "user"))
            .col(string_len("role", 16)),
        TableSpec::new("status")
            .fk(fk("status", "project_id", "project"))
            .col(string_len("key", 64))
            .col(string("name"))
            .col(string_len("category", 16))
            .col(integer("position")),
        TableSpec::new("label")
            .fk(fk("label", "project_id", "project"))
            .col(string("name"))
            .col(string_len_null("color", 16)),
    ]
}

/// Tasks, what hangs off them, and their change log.
fn work() -> Vec<TableSpec> {
    vec![
        TableSpec::new("task")
            .fk(fk("task", "project_id", "project"))
            .col(integer("number"))
            .col(string("title"))
            .col(text_null("description"))
            .fk(fk("task", "status_id", "status"))
            .col(string_len("priority", 16))
            .col(string_len("kind", 16))
            .fk(fk_null("task", "parent_id", "task"))
            .fk(fk_null("task", "assignee_id", "user"))
            .col(date_null("due_date"))
            .fk(fk("task", "created_by_id", "user"))
            .col(instant("created_at"))
            .col(instant("updated_at"))
            .col(instant_null("completed_at"))
            .col(instant_null("deleted_at")),
        TableSpec::new("task_label").fk(fk("task_label", "task_id", "task")).fk(fk("task_label", "label_id", "label")),
        TableSpec::new("task_coworker").fk(fk("task_coworker", "task_id", "task")).fk(fk(
            "task_coworker",
            "user_id",
            "user",
        )),
        TableSpec::new("comment")
            .fk(fk("comment", "task_id", "task"))
            .fk(fk("comment", "author_id", "user"))
            .col(text("body"))
            .col(instant("created_at"))
            .col(instant("updated_at"))
            .col(instant_null("deleted_at")),
        TableSpec::new("task_event")
            .fk(fk("task_event", "task_id", "task"))
            .fk(fk("task_event", "project_id", "project"))
            .fk(fk("task_event", "actor_id", "user"))
            .col(instant("at"))
            .col(string_len("field", 32))
            .col(text_null("old_value"))
            .col(text_null("new_value")),
    ]
}

/// The wiki, tokens and agent sessions.
fn wiki_and_access() -> Vec<TableSpec> {
    vec![
        TableSpec::new("wiki_page")
            .fk(fk("wiki_page", "workspace_id", "workspace"))
            .fk(fk_null("wiki_page", "project_id", "project"))
            .col(string_len("path", 512))
            .col(string("title"))
            .col(text("content"))
            .col(integer("revision"))
            .col(instant("created_at"))
            .col(instant("updated_at"))
            .fk(fk("wiki_page", "updated_by_id", "user"))
            .col(instant_null("deleted_at")),
        TableSpec::new("wiki_revision")
            .fk(fk("wiki_revision", "page_id", "wiki_page"))
            .col(integer("revision"))
            .col(text("content"))
            .fk(fk("wiki_revision", "author_id", "user"))
            .col(instant("at")),
        TableSpec::new("api_token")
            .fk(fk("api_token", "user_id", "user"))
            .col(string("name"))
            .col(string_len_uniq("token_hash", 64))
            .fk(fk_null("api_token", "workspace_id", "workspace"))
            .col(boolean("read_only"))
            .col(instant("created_at"))
            .col(instant_null("last_used_at"))
            .col(instant_null("revoked_at")),
        TableSpec::new("agent_session")
            .col(string_len_uniq("public_id", 64))
            .fk(fk("agent_session", "token_id", "api_token"))
            .fk(fk("agent_session", "user_id", "user"))
            .col(string("name"))
            .fk(fk_null("agent_session", "task_id", "task"))
            .col(string_null("status"))
            .col(instant("started_at"))
            .col(instant("heartbeat_at"))
            .col(instant_null("ended_at")),
    ]
}

/// (table, columns, unique). Named `ix_<table>_<columns>`.
const INDEXES: &[(&str, &[&str], bool)] = &[
    ("workspace_member", &["workspace_id", "user_id"], true),
    ("workspace_member", &["user_id"], false),
    ("project", &["workspace_id", "key"], false),
    ("project_member", &["project_id", "user_id"], true),
    ("project_member", &["user_id"], false),
    ("status", &["project_id", "key"], true),
    ("label", &["project_id", "name"], true),
    // Task keyset orders: most recently active, created, ref; each alone and
    // within one project, the usual scope of a board.
    ("task", &["project_id", "number"], true),
    ("task", &["updated_at", "id"], false),
    ("task", &["project_id", "updated_at", "id"], false),
    ("task", &["created_at", "id"], false),
    ("task", &["project_id", "created_at", "id"], false),
    ("task", &["assignee_id", "updated_at", "id"], false),
    ("task", &["status_id"], false),
    ("task", &["parent_id"], false),
    ("task", &["due_date", "id"], false),
    ("task_label", &["task_id", "label_id"], true),
    ("task_label", &["label_id"], false),
    ("task_coworker", &["task_id", "user_id"], true),
    ("task_coworker", &["user_id"], false),
    ("comment", &["task_id", "created_at", "id"], false),
    ("task_event", &["task_id", "at", "id"], false),
    ("task_event", &["project_id", "at", "id"], false),
    ("task_event", &["at", "id"], false),
    ("wiki_page", &["workspace_id", "path"], true),
    ("wiki_page", &["updated_at", "id"], false),
    ("wiki_revision", &["page_id", "revision"], true),
    ("wiki_revision", &["at", "id"], false),
    ("api_token", &["user_id"], false),
    ("agent_session", &["token_id", "ended_at"], false),
    ("agent_session", &["user_id"], false),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in tables() {
            manager.create_table(table.statement()).await?;
        }
        for (table, columns, unique) in INDEXES {
            let mut index = Index::create();
            index.name(format!("ix_{table}_{}", columns.join("_"))).table(*table).if_not_exists();
            for column in *columns {
                index.col(*column);
            }
            if *unique {
                index.unique();
            }
            manager.create_index(index.to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in tables().into_iter().rev() {
            manager.drop_table(Table::drop().table(table.name).if_exists().to_owned()).await?;
        }
        Ok(())
    }
}
