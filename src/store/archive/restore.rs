//! Restoring an archive into an empty database, in one transaction, from
//! its records as `import/archive.rs` reads them: a batch of rows of one
//! table at a time, each row checked as a write would be (names on one
//! line, texts without control characters and within their lengths, HTML
//! through the same sanitizer), ids kept. Tasks point at their parents
//! once all are in; an agent session is restored under a revoked token of
//! its user.

use std::collections::HashMap;

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter,
    Set,
};
use serde_json::Value;

use entity::{api_token, task, user, workspace};

use super::rows::Table;
use super::{ArchiveError, Counts, TABLES};
use crate::store::input;
use crate::store::task_writes::placement;

/// Rows written per batch, and the most bytes of lines a batch holds (a
/// batch of long pages is written sooner, so memory stays bounded).
const BATCH: usize = 500;
const BATCH_BYTES: usize = 16 << 20;

#[derive(Debug, Clone, Copy, Default)]
pub struct RestoreOptions {
    /// Read and check everything, write nothing.
    pub dry_run: bool,
}

/// One record of an archive after its header.
#[derive(Debug)]
pub enum Record {
    /// A table's row, kept as its JSON text until its batch is written (a
    /// row's JSON tree can be many times its text).
    Row { table: String, text: String },
    /// The closing line, with the rows it counts per table.
    End(Counts),
}

/// An archive's records in order, its header already checked.
pub trait Records {
    /// The next record; `None` at the end of the input.
    fn next_record(&mut self) -> Result<Option<Record>, ArchiveError>;
    /// The number of the line last read, for errors.
    fn line(&self) -> u64;
}

/// Restores the archive `records` reads into `db`, which must hold no
/// board; `progress` is told each batch as it is written. The rows per
/// table, as written (or, in a dry run, as they would be).
pub async fn restore(
    db: &DatabaseConnection,
    records: &mut dyn Records,
    options: RestoreOptions,
    progress: &(dyn Fn(&str, u64) + Sync),
) -> Result<Counts, ArchiveError> {
    let txn = crate::store::begin_write(db).await?;
    if user::Entity::find().count(&txn).await? > 0 || workspace::Entity::find().count(&txn).await? > 0 {
        return Err(ArchiveError::NotEmpty);
    }
    let mut state =
        State { txn: &txn, counts: Counts::default(), parents: Vec::new(), placeholders: HashMap::new(), progress };
    let mut batch = Batch { table: 0, rows: Vec::new(), bytes: 0 };
    let declared = loop {
        let (table, text) = match records.next_record()? {
            None => return Err(ArchiveError::Truncated(records.line())),
            Some(Record::End(declared)) => break declared,
            Some(Record::Row { table, text }) => (table, text),
        };
        let line = records.line();
        let record = |message: String| ArchiveError::Record { line, message };
        let position = TABLES.iter().position(|t| *t == table).ok_or_else(|| {
            record(format!("unknown table {}; an archive holds {}", crate::text::echo(&table), TABLES.join(", ")))
        })?;
        if position < batch.table {
            return Err(record(format!(
                "`{table}` comes after `{}`: tables come in the order they reference",
                TABLES[batch.table]
            )));
        }
        if position != batch.table || batch.rows.len() >= BATCH || batch.bytes >= BATCH_BYTES {
            state.flush(&mut batch).await?;
            batch.table = position;
        }
        batch.bytes += text.len();
        batch.rows.push((line, text));
    };
    state.flush(&mut batch).await?;
    state.link_parents().await?;
    consistent(&txn).await?;
    if records.next_record()?.is_some() {
        return Err(ArchiveError::Record {
            line: records.line(),
            message: "nothing may follow the closing line".into(),
        });
    }
    for table in TABLES {
        if declared.get(table) != state.counts.get(table) {
            return Err(ArchiveError::Record {
                line: records.line(),
                message: format!(
                    "the closing line counts {} `{table}` rows; the archive holds {}",
                    declared.get(table),
                    state.counts.get(table)
                ),
            });
        }
    }
    let counts = state.counts.clone();
    if options.dry_run {
        // Before any sequence moves: PostgreSQL does not roll those back.
        txn.rollback().await?;
    } else {
        super::advance_sequences(&txn).await?;
        txn.commit().await?;
    }
    Ok(counts)
}

/// Rules across tables a write keeps and a crafted archive could break,
/// each a count of the rows that break it.
const CONSISTENCY: [(&str, &str); 6] = [
    (
        "a task whose status belongs to another project",
        "SELECT COUNT(*) FROM task t JOIN status s ON s.id = t.status_id WHERE s.project_id <> t.project_id",
    ),
    (
        "a task labelled with another project's label",
        "SELECT COUNT(*) FROM task_label tl JOIN task t ON t.id = tl.task_id JOIN label l ON l.id = tl.label_id \
         WHERE l.project_id <> t.project_id",
    ),
    (
        "a task whose parent is itself or in another project",
        "SELECT COUNT(*) FROM task t JOIN task p ON p.id = t.parent_id WHERE p.id = t.id OR p.project_id <> t.project_id",
    ),
    (
        "a change-log event filed under another project than its task's",
        "SELECT COUNT(*) FROM task_event e JOIN task t ON t.id = e.task_id WHERE e.project_id <> t.project_id",
    ),
    (
        "a wiki page whose revision is not its latest revision's",
        "SELECT COUNT(*) FROM wiki_page p WHERE p.revision <> \
         (SELECT COALESCE(MAX(r.revision), p.revision) FROM wiki_revision r WHERE r.page_id = p.id)",
    ),
    (
        "a wiki page of a project in another workspace than the page's",
        "SELECT COUNT(*) FROM wiki_page w JOIN project p ON p.id = w.project_id WHERE p.workspace_id <> w.workspace_id",
    ),
];

async fn consistent(txn: &DatabaseTransaction) -> Result<(), ArchiveError> {
    use sea_orm::ConnectionTrait;
    for (rule, sql) in CONSISTENCY {
        let statement = sea_orm::Statement::from_string(txn.get_database_backend(), sql);
        let broken = match txn.query_one_raw(statement).await? {
            Some(row) => row.try_get_by_index::<i64>(0)?,
            None => 0,
        };
        if broken > 0 {
            return Err(ArchiveError::Inconsistent { rule, rows: broken });
        }
    }
    Ok(())
}

/// Rows of one table waiting to be written, with their line numbers.
struct Batch {
    table: usize,
    /// Each row's line and text.
    rows: Vec<(u64, String)>,
    /// The length of the lines the rows came from.
    bytes: usize,
}

struct State<'a> {
    txn: &'a DatabaseTransaction,
    counts: Counts,
    /// Tasks and their parents, linked once every task is in.
    parents: Vec<(i64, i64)>,
    /// Each user's revoked token that holds their restored agent sessions.
    placeholders: HashMap<i64, i64>,
    progress: &'a (dyn Fn(&str, u64) + Sync),
}

impl State<'_> {
    async fn flush(&mut self, batch: &mut Batch) -> Result<(), ArchiveError> {
        if batch.rows.is_empty() {
            return Ok(());
        }
        let rows = std::mem::take(&mut batch.rows);
        batch.bytes = 0;
        match TABLES[batch.table] {
            "user" => self.write::<entity::user::Entity>(rows).await,
            "external_user" => self.write::<entity::external_user::Entity>(rows).await,
            "workspace" => self.write::<entity::workspace::Entity>(rows).await,
            "workspace_member" => self.write::<entity::workspace_member::Entity>(rows).await,
            "project" => self.write::<entity::project::Entity>(rows).await,
            "project_member" => self.write::<entity::project_member::Entity>(rows).await,
            "status" => self.write::<entity::status::Entity>(rows).await,
            "label" => self.write::<entity::label::Entity>(rows).await,
            "task" => self.write::<entity::task::Entity>(rows).await,
            "task_label" => self.write::<entity::task_label::Entity>(rows).await,
            "task_coworker" => self.write::<entity::task_coworker::Entity>(rows).await,
            "comment" => self.write::<entity::comment::Entity>(rows).await,
            "task_event" => self.write::<entity::task_event::Entity>(rows).await,
            "wiki_page" => self.write::<entity::wiki_page::Entity>(rows).await,
            "wiki_revision" => self.write::<entity::wiki_revision::Entity>(rows).await,
            "saved_view" => self.write::<entity::saved_view::Entity>(rows).await,
            _ => {
                let rows = self.with_placeholder_tokens(rows).await?;
                self.write::<entity::agent_session::Entity>(rows).await
            }
        }
    }

    async fn write<T>(&mut self, rows: Vec<(u64, String)>) -> Result<(), ArchiveError>
    where
        T: Table,
        T::Model: Checked
            + serde::Serialize
            + serde::de::DeserializeOwned
            + sea_orm::IntoActiveModel<T::ActiveModel>
            + Send
            + Sync,
        T::ActiveModel: ActiveModelTrait<Entity = T> + Send,
    {
        let last_line = rows.last().map_or(0, |(line, _)| *line);
        let mut models = Vec::with_capacity(rows.len());
        for (line, row) in rows {
            let record = |message: String| ArchiveError::Record { line, message: format!("{}: {message}", T::NAME) };
            let mut model: T::Model = serde_json::from_str(&row).map_err(|err| record(err.to_string()))?;
            model.check().map_err(|err| record(err.to_string()))?;
            let id = T::id_of(&model);
            if !(1..=MAX_ID).contains(&id) {
                return Err(record(format!("the id {id} is outside 1 to {MAX_ID}")));
            }
            if let Some(parent) = model.take_parent() {
                self.parents.push(parent);
            }
            models.push(model);
        }
        let written = models.len() as u64;
        crate::store::rows::insert_models::<T::ActiveModel, _>(self.txn, models).await.map_err(|err| ArchiveError::Record {
            line: last_line,
            message: format!("{}: the rows up to here cannot be written ({err}); a row names one the archive does not hold, or holds twice", T::NAME),
        })?;
        self.counts.add(T::NAME, written);
        (self.progress)(T::NAME, written);
        Ok(())
    }

    /// Agent sessions name no token in an archive: each is restored under
    /// one revoked token of its user, made here.
    async fn with_placeholder_tokens(&mut self, rows: Vec<(u64, String)>) -> Result<Vec<(u64, String)>, ArchiveError> {
        let mut out = Vec::with_capacity(rows.len());
        for (line, text) in rows {
            let line = &line;
            let mut row: Value = serde_json::from_str(&text)
                .map_err(|err| ArchiveError::Record { line: *line, message: format!("agent_session: {err}") })?;
            let user = row.get("user_id").and_then(Value::as_i64).ok_or_else(|| ArchiveError::Record {
                line: *line,
                message: "agent_session: missing field `user_id`".into(),
            })?;
            let token = match self.placeholders.get(&user) {
                Some(token) => *token,
                None => {
                    let now = crate::store::now();
                    let token = api_token::ActiveModel {
                        user_id: Set(user),
                        name: Set("imported agent sessions".into()),
                        token_hash: Set(crate::auth::hash_token(&crate::auth::generate_token())),
                        workspace_id: Set(None),
                        read_only: Set(true),
                        created_at: Set(now),
                        revoked_at: Set(Some(now)),
                        parent_id: Set(None),
                        ..Default::default()
                    }
                    .insert(self.txn)
                    .await
                    .map_err(|err| ArchiveError::Record { line: *line, message: format!("agent_session: {err}") })?;
                    self.placeholders.insert(user, token.id);
                    token.id
                }
            };
            if let Some(object) = row.as_object_mut() {
                object.insert("token_id".into(), token.into());
            }
            out.push((*line, row.to_string()));
        }
        Ok(out)
    }

    async fn link_parents(&mut self) -> Result<(), ArchiveError> {
        for (id, parent) in std::mem::take(&mut self.parents) {
            task::Entity::update_many()
                .col_expr(task::Column::ParentId, Expr::value(parent))
                .filter(task::Column::Id.eq(id))
                .exec(self.txn)
                .await
                .map_err(|err| {
                    tracing::debug!(task = id, parent, error = %err, "a parent was not linked");
                    ArchiveError::Inconsistent { rule: "a task's parent is a task of the archive", rows: 1 }
                })?;
        }
        Ok(())
    }
}

/// The largest id imported: far below where SQLite's AUTOINCREMENT runs out.
const MAX_ID: i64 = 1 << 40;

fn number(argument: &str, value: i32) -> crate::store::Result<()> {
    if (1..=input::MAX_NUMBER).contains(&value) {
        return Ok(());
    }
    Err(crate::store::StoreError::bad_argument(
        argument,
        format!("`{argument}` {value} is outside 1 to {}", input::MAX_NUMBER),
        "fix the archive",
    ))
}

fn instants(values: &[(&str, Option<chrono::DateTime<chrono::Utc>>)]) -> crate::store::Result<()> {
    use crate::store::input::STORED_YEARS;
    for (argument, at) in values {
        if let Some(at) = at
            && !STORED_YEARS.contains(&chrono::Datelike::year(at))
        {
            return Err(crate::store::StoreError::bad_argument(
                argument,
                format!("`{argument}` {at} is outside the years {} to {}", STORED_YEARS.start(), STORED_YEARS.end()),
                "fix the archive",
            ));
        }
    }
    Ok(())
}

/// A row checked as a write of it would be.
trait Checked {
    fn check(&mut self) -> crate::store::Result<()>;

    /// A task's parent, written once every task is in (a parent may come
    /// after its child).
    fn take_parent(&mut self) -> Option<(i64, i64)> {
        None
    }
}

fn name(argument: &str, value: &mut String) -> crate::store::Result<()> {
    *value = input::single_line(argument, value, input::MAX_NAME_CHARS)?;
    Ok(())
}

fn optional_name(argument: &str, value: &mut Option<String>) -> crate::store::Result<()> {
    value.as_mut().map_or(Ok(()), |value| name(argument, value))
}

/// Stored HTML: what a write of 100,000 characters of Markdown renders to
/// is longer, so the stored bound applies.
fn html(argument: &str, value: &mut String) -> crate::store::Result<()> {
    *value = input::html(argument, value, input::MAX_STORED_HTML_CHARS)?;
    Ok(())
}

impl Checked for entity::user::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        self.username = input::single_line("username", &self.username, input::MAX_USERNAME_CHARS)?;
        name("display_name", &mut self.display_name)?;
        optional_name("email", &mut self.email)
    }
}

impl Checked for entity::workspace::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        name("key", &mut self.key)?;
        name("name", &mut self.name)
    }
}

impl Checked for entity::project::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        self.key = crate::store::project_writes::validate_key(&self.key)?;
        name("name", &mut self.name)?;
        match &mut self.description {
            Some(text) => html("description", text),
            None => Ok(()),
        }
    }
}

impl Checked for entity::external_user::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        name("system", &mut self.system)?;
        name("external_id", &mut self.external_id)
    }
}

impl Checked for entity::status::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        name("key", &mut self.key)?;
        name("name", &mut self.name)
    }
}

impl Checked for entity::label::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        name("name", &mut self.name)?;
        match &self.color {
            Some(color) => match crate::store::sources::hex_color(color) {
                Some(hex) if color.starts_with('#') => {
                    self.color = Some(hex);
                    Ok(())
                }
                _ => Err(crate::store::StoreError::bad_argument(
                    "color",
                    format!("`color` {} is not a colour written #rrggbb", crate::text::echo(color)),
                    "fix the archive",
                )),
            },
            None => Ok(()),
        }
    }
}

impl Checked for entity::task::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        number("number", self.number)?;
        number("revision", self.revision)?;
        if self.board_rank == entity::task::UNRANKED {
            self.board_rank = placement::new_task_rank(self.number);
        } else if !(-placement::MAX_RANK..=placement::MAX_RANK).contains(&self.board_rank) {
            return Err(crate::store::StoreError::bad_input(
                format!("board_rank {} is outside the ranks the store keeps", self.board_rank),
                format!("a rank is at most {} either way from 0", placement::MAX_RANK),
            ));
        }
        // A claim is a running agent's hold, not part of the board's record.
        (self.claim_session_id, self.claim_holder_id, self.claimed_at, self.claim_until) = (None, None, None, None);
        self.claim_ttl_seconds = None;
        instants(&[
            ("created_at", Some(self.created_at)),
            ("updated_at", Some(self.updated_at)),
            ("completed_at", self.completed_at),
            ("deleted_at", self.deleted_at),
        ])?;
        if let Some(due) = self.due_date {
            input::filter_date("due_date", Some(due))?;
        }
        name("title", &mut self.title)?;
        if let Some(system) = &self.source_system {
            crate::store::sources::SourceSystem::parse(system)?;
        }
        optional_name("source_key", &mut self.source_key)?;
        if let Some(url) = &self.source_url {
            self.source_url = Some(crate::store::sources::source_url("source_url", url)?);
        }
        if let Some(state) = &self.source_state {
            input::multi_line("source_state", state, crate::store::sources::MAX_STATE_CHARS)?;
        }
        match &mut self.description {
            Some(text) => html("description", text),
            None => Ok(()),
        }
    }

    fn take_parent(&mut self) -> Option<(i64, i64)> {
        self.parent_id.take().map(|parent| (self.id, parent))
    }
}

impl Checked for entity::comment::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        instants(&[("created_at", Some(self.created_at)), ("updated_at", Some(self.updated_at))])?;
        optional_name("source_key", &mut self.source_key)?;
        html("body", &mut self.body)
    }
}

impl Checked for entity::task_event::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        instants(&[("at", Some(self.at))])?;
        if let Some(revision) = self.revision {
            number("revision", revision)?;
        }
        name("field", &mut self.field)?;
        for value in [&mut self.old_value, &mut self.new_value].into_iter().flatten() {
            if self.field == "description" {
                // A description's old and new texts are HTML, read back as such.
                *value = input::html("value", value, input::MAX_DESCRIPTION_CHARS)?;
            } else {
                input::multi_line("value", value, input::MAX_DESCRIPTION_CHARS)?;
            }
        }
        Ok(())
    }
}

impl Checked for entity::wiki_page::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        number("revision", self.revision)?;
        self.path = crate::store::wiki::validate_path("path", &self.path)?;
        name("title", &mut self.title)?;
        input::multi_line("content", &self.content, crate::store::wiki_writes::MAX_CONTENT_CHARS)
    }
}

impl Checked for entity::wiki_revision::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        number("revision", self.revision)?;
        input::multi_line("content", &self.content, crate::store::wiki_writes::MAX_CONTENT_CHARS)
    }
}

impl Checked for entity::agent_session::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        name("public_id", &mut self.public_id)?;
        name("name", &mut self.name)?;
        match &mut self.status {
            Some(status) => {
                *status = input::single_line("status", status, input::MAX_STATUS_CHARS)?;
                Ok(())
            }
            None => Ok(()),
        }
    }
}

impl Checked for entity::saved_view::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        let new = crate::store::saved_views::NewView {
            project: String::new(),
            name: std::mem::take(&mut self.name),
            query: std::mem::take(&mut self.query),
            shared: self.shared,
        };
        let (name, query) = crate::store::saved_views::checked(&new)?;
        (self.name, self.query) = (name, query);
        Ok(())
    }
}

macro_rules! unchecked {
    ($($entity:ident),*) => {
        $(impl Checked for entity::$entity::Model {
            fn check(&mut self) -> crate::store::Result<()> {
                Ok(())
            }
        })*
    };
}

unchecked!(workspace_member, project_member, task_label, task_coworker);
