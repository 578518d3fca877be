//! Reading an archive into an empty database, in one transaction: a line
//! at a time (each bounded), a batch of rows of one table at a time, each
//! row checked as a write would be (names on one line, texts without
//! control characters and within their lengths, HTML through the same
//! sanitizer), ids kept. Tasks point at their parents once all are in; an
//! agent session is restored under a revoked token of its user.

use std::collections::HashMap;
use std::io::BufRead;

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter,
    Set, TransactionTrait,
};
use serde_json::Value;

use entity::{api_token, task, user, workspace};

use super::rows::{Table, insert};
use super::{ArchiveError, Counts, FORMAT, TABLES, VERSION};
use crate::store::input;

/// The longest line read: a wiki page at its longest, escaped, fits.
const MAX_LINE_BYTES: usize = 8 << 20;
/// Rows written per batch.
const BATCH: usize = 500;

#[derive(Debug, Clone, Copy, Default)]
pub struct ImportOptions {
    /// Read and check everything, write nothing.
    pub dry_run: bool,
}

/// Restores the archive read from `input` into `db`, which must hold no
/// board; `progress` is told each batch as it is written. The rows per
/// table, as written (or, in a dry run, as they would be).
pub async fn import(
    db: &DatabaseConnection,
    input: &mut dyn BufRead,
    options: ImportOptions,
    progress: &(dyn Fn(&str, u64) + Sync),
) -> Result<Counts, ArchiveError> {
    let txn = db.begin().await?;
    if user::Entity::find().count(&txn).await? > 0 || workspace::Entity::find().count(&txn).await? > 0 {
        return Err(ArchiveError::NotEmpty);
    }
    let mut reader = Reader { input, line: 0, buffer: Vec::new() };
    let header = reader.next()?.ok_or(ArchiveError::Truncated(0))?;
    check_header(&header).map_err(|message| ArchiveError::Record { line: 1, message })?;
    let mut state =
        State { txn: &txn, counts: Counts::default(), parents: Vec::new(), placeholders: HashMap::new(), progress };
    let mut batch = Batch { table: 0, rows: Vec::new() };
    let declared = loop {
        let Some(value) = reader.next()? else { return Err(ArchiveError::Truncated(reader.line)) };
        let line = reader.line;
        let record = |message: String| ArchiveError::Record { line, message };
        if value.get("end") == Some(&Value::Bool(true)) {
            let rows = value.get("rows").cloned().unwrap_or(Value::Null);
            break serde_json::from_value::<Counts>(rows).map_err(|err| record(format!("the closing line: {err}")))?;
        }
        let (Some(table), Some(row)) = (value.get("table").and_then(Value::as_str), value.get("row")) else {
            return Err(record("a record has a `table` and a `row`, or is the closing line".into()));
        };
        let position = TABLES.iter().position(|t| *t == table).ok_or_else(|| {
            record(format!("unknown table {}; an archive holds {}", crate::text::echo(table), TABLES.join(", ")))
        })?;
        if position < batch.table {
            return Err(record(format!(
                "`{table}` comes after `{}`: tables come in the order they reference",
                TABLES[batch.table]
            )));
        }
        if position != batch.table || batch.rows.len() >= BATCH {
            state.flush(&mut batch).await?;
            batch.table = position;
        }
        batch.rows.push((line, row.clone()));
    };
    state.flush(&mut batch).await?;
    state.link_parents().await?;
    if reader.next()?.is_some() {
        return Err(ArchiveError::Record { line: reader.line, message: "nothing may follow the closing line".into() });
    }
    for table in TABLES {
        if declared.get(table) != state.counts.get(table) {
            return Err(ArchiveError::Record {
                line: reader.line,
                message: format!(
                    "the closing line counts {} `{table}` rows; the archive holds {}",
                    declared.get(table),
                    state.counts.get(table)
                ),
            });
        }
    }
    let counts = state.counts.clone();
    super::advance_sequences(&txn).await?;
    if options.dry_run {
        txn.rollback().await?;
    } else {
        txn.commit().await?;
    }
    Ok(counts)
}

fn check_header(header: &Value) -> Result<(), String> {
    if header.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(format!("not a tasklens archive: its first line has no \"format\": \"{FORMAT}\""));
    }
    match header.get("version").and_then(Value::as_u64) {
        Some(version) if version <= VERSION => Ok(()),
        Some(version) => Err(format!("the archive is of version {version}; this tasklens reads up to {VERSION}")),
        None => Err("the header has no version".into()),
    }
}

/// The archive's lines, each parsed as JSON and bounded in length.
struct Reader<'a> {
    input: &'a mut dyn BufRead,
    /// The number of the line last read.
    line: u64,
    buffer: Vec<u8>,
}

impl Reader<'_> {
    fn next(&mut self) -> Result<Option<Value>, ArchiveError> {
        loop {
            self.buffer.clear();
            let read = std::io::Read::take(&mut *self.input, MAX_LINE_BYTES as u64 + 1)
                .read_until(b'\n', &mut self.buffer)
                .map_err(ArchiveError::Read)?;
            if read == 0 {
                return Ok(None);
            }
            self.line += 1;
            if self.buffer.len() > MAX_LINE_BYTES {
                let message = format!("the line is longer than {MAX_LINE_BYTES} bytes");
                return Err(ArchiveError::Record { line: self.line, message });
            }
            if self.buffer.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            return serde_json::from_slice(&self.buffer)
                .map(Some)
                .map_err(|err| ArchiveError::Record { line: self.line, message: format!("not JSON: {err}") });
        }
    }
}

/// Rows of one table waiting to be written, with their line numbers.
struct Batch {
    table: usize,
    rows: Vec<(u64, Value)>,
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
        match TABLES[batch.table] {
            "user" => self.write::<entity::user::Entity>(rows).await,
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
            _ => {
                let rows = self.with_placeholder_tokens(rows).await?;
                self.write::<entity::agent_session::Entity>(rows).await
            }
        }
    }

    async fn write<T>(&mut self, rows: Vec<(u64, Value)>) -> Result<(), ArchiveError>
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
            let mut model: T::Model = serde_json::from_value(row).map_err(|err| record(err.to_string()))?;
            model.check().map_err(|err| record(err.to_string()))?;
            if let Some(parent) = model.take_parent() {
                self.parents.push(parent);
            }
            models.push(model);
        }
        let written = models.len() as u64;
        insert::<T, _>(self.txn, models).await.map_err(|err| ArchiveError::Record {
            line: last_line,
            message: format!("{}: the rows up to here cannot be written ({err}); a row names one the archive does not hold, or holds twice", T::NAME),
        })?;
        self.counts.add(T::NAME, written);
        (self.progress)(T::NAME, written);
        Ok(())
    }

    /// Agent sessions name no token in an archive: each is restored under
    /// one revoked token of its user, made here.
    async fn with_placeholder_tokens(
        &mut self,
        mut rows: Vec<(u64, Value)>,
    ) -> Result<Vec<(u64, Value)>, ArchiveError> {
        for (line, row) in &mut rows {
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
        }
        Ok(rows)
    }

    async fn link_parents(&mut self) -> Result<(), ArchiveError> {
        for (id, parent) in std::mem::take(&mut self.parents) {
            task::Entity::update_many()
                .col_expr(task::Column::ParentId, Expr::value(parent))
                .filter(task::Column::Id.eq(id))
                .exec(self.txn)
                .await
                .map_err(|err| ArchiveError::Record {
                    line: 0,
                    message: format!("task {id}: its parent {parent}: {err}"),
                })?;
        }
        Ok(())
    }
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

fn html(argument: &str, value: &mut String, max: usize) -> crate::store::Result<()> {
    *value = input::html(argument, value, max)?;
    Ok(())
}

impl Checked for entity::user::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        self.username = input::single_line("username", &self.username, 100)?;
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
        name("key", &mut self.key)?;
        name("name", &mut self.name)?;
        match &mut self.description {
            Some(text) => html("description", text, input::MAX_DESCRIPTION_CHARS),
            None => Ok(()),
        }
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
        optional_name("color", &mut self.color)
    }
}

impl Checked for entity::task::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        name("title", &mut self.title)?;
        match &mut self.description {
            Some(text) => html("description", text, input::MAX_DESCRIPTION_CHARS),
            None => Ok(()),
        }
    }

    fn take_parent(&mut self) -> Option<(i64, i64)> {
        self.parent_id.take().map(|parent| (self.id, parent))
    }
}

impl Checked for entity::comment::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        html("body", &mut self.body, input::MAX_COMMENT_CHARS)
    }
}

impl Checked for entity::task_event::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        name("field", &mut self.field)?;
        for value in [&self.old_value, &self.new_value].into_iter().flatten() {
            input::multi_line("value", value, input::MAX_DESCRIPTION_CHARS)?;
        }
        Ok(())
    }
}

impl Checked for entity::wiki_page::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        name("path", &mut self.path)?;
        name("title", &mut self.title)?;
        input::multi_line("content", &self.content, crate::store::wiki_writes::MAX_CONTENT_CHARS)
    }
}

impl Checked for entity::wiki_revision::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        input::multi_line("content", &self.content, crate::store::wiki_writes::MAX_CONTENT_CHARS)
    }
}

impl Checked for entity::agent_session::Model {
    fn check(&mut self) -> crate::store::Result<()> {
        name("public_id", &mut self.public_id)?;
        name("name", &mut self.name)?;
        match &self.status {
            Some(status) => input::multi_line("status", status, input::MAX_STATUS_CHARS),
            None => Ok(()),
        }
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
