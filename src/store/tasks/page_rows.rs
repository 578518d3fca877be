//! Reads a page of tasks from its statement's rows by column position.
//!
//! sea-orm reads a model by column name: each value hashes its name, checks
//! its type and, for every NULL, formats a string it then drops. On a page
//! of 50 tasks of 30 columns that was a quarter of the gateway's time per
//! request. Here the names are looked up once per page and each value is
//! read by its position, as the driver decodes it for sea-orm. A task's
//! optional column the statement left out reads as NULL.

use sea_orm::sqlx::{self, Column as _, Row as _};
use sea_orm::{ActiveEnum, DbErr, IdenStatic, Iterable, QueryResult};

use entity::{status, task, user};

use super::{ASSIGNEE_PREFIX, PROJECT_KEY, STATUS_PREFIX, TaskRow};

/// A type both drivers decode.
trait Decoded:
    for<'r> sqlx::Decode<'r, sqlx::Postgres>
    + sqlx::Type<sqlx::Postgres>
    + for<'r> sqlx::Decode<'r, sqlx::Sqlite>
    + sqlx::Type<sqlx::Sqlite>
{
}

impl<T> Decoded for T where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres>
        + sqlx::Type<sqlx::Postgres>
        + for<'r> sqlx::Decode<'r, sqlx::Sqlite>
        + sqlx::Type<sqlx::Sqlite>
{
}

/// One row of a result, as its driver gave it.
#[derive(Clone, Copy)]
enum Raw<'a> {
    Postgres(&'a sqlx::postgres::PgRow),
    Sqlite(&'a sqlx::sqlite::SqliteRow),
}

impl<'a> Raw<'a> {
    fn of(row: &'a QueryResult) -> Result<Self, DbErr> {
        if let Some(row) = row.try_as_pg_row() {
            return Ok(Raw::Postgres(row));
        }
        if let Some(row) = row.try_as_sqlite_row() {
            return Ok(Raw::Sqlite(row));
        }
        Err(DbErr::Custom("a row of a page of tasks came from neither PostgreSQL nor SQLite".into()))
    }

    fn names(self) -> Vec<&'a str> {
        match self {
            Raw::Postgres(row) => row.columns().iter().map(|c| c.name()).collect(),
            Raw::Sqlite(row) => row.columns().iter().map(|c| c.name()).collect(),
        }
    }

    /// A column that holds a value: NULL is an error, as sea-orm reads it
    /// (SQLite's driver would read a NULL as 0 or "" if asked for `T`).
    fn get<T: Decoded>(self, at: usize) -> Result<T, DbErr> {
        self.optional(at)?.ok_or_else(|| DbErr::Type(format!("a page of tasks, column {at}: NULL")))
    }

    /// A column that may be left out of the statement: absent reads as NULL.
    fn optional_at<T: Decoded>(self, at: Option<usize>) -> Result<Option<T>, DbErr> {
        at.map_or(Ok(None), |at| self.optional(at))
    }

    fn optional<T: Decoded>(self, at: usize) -> Result<Option<T>, DbErr> {
        let value = match self {
            Raw::Postgres(row) => row.try_get(at),
            Raw::Sqlite(row) => row.try_get(at),
        };
        value.map_err(|err| DbErr::Type(format!("a page of tasks, column {at}: {err}")))
    }

    fn enumerated<E: ActiveEnum<Value = String>>(self, at: usize) -> Result<E, DbErr> {
        E::try_from_value(&self.get::<String>(at)?)
    }
}

/// Where each column of a page's statement is, by the names
/// `tasks::joined_to_page` gives them; `Column as usize` indexes each list.
/// A task's column may be missing (left out of a lean page).
struct Positions {
    task: Vec<Option<usize>>,
    status: Vec<usize>,
    assignee: Vec<usize>,
    project_key: usize,
}

impl Positions {
    fn of(names: &[&str]) -> Result<Self, DbErr> {
        let find = |name: &str| names.iter().position(|n| *n == name);
        let at = |name: &str| find(name).ok_or_else(|| missing(name));
        Ok(Self {
            task: task::Column::iter().map(|c| find(c.as_str())).collect(),
            status: status::Column::iter()
                .map(|c| at(&format!("{STATUS_PREFIX}{}", c.as_str())))
                .collect::<Result<_, _>>()?,
            assignee: user::Column::iter()
                .map(|c| at(&format!("{ASSIGNEE_PREFIX}{}", c.as_str())))
                .collect::<Result<_, _>>()?,
            project_key: at(PROJECT_KEY)?,
        })
    }
}

fn missing(name: &str) -> DbErr {
    DbErr::Custom(format!("a page of tasks has no column `{name}`"))
}

/// The rows of a page of tasks, in their order.
pub fn decode(rows: &[QueryResult]) -> Result<Vec<TaskRow>, DbErr> {
    let Some(first) = rows.first() else { return Ok(Vec::new()) };
    let positions = Positions::of(&Raw::of(first)?.names())?;
    rows.iter()
        .map(|row| {
            let raw = Raw::of(row)?;
            Ok(TaskRow {
                task: decode_task(raw, &positions.task)?,
                project_key: raw.optional(positions.project_key)?,
                status: decode_status(raw, &positions.status)?,
                assignee: decode_assignee(raw, &positions.assignee)?,
            })
        })
        .collect()
}

// Each struct literal names every field, so a column added to an entity
// stops the build here until it is read.

fn decode_task(raw: Raw<'_>, at: &[Option<usize>]) -> Result<task::Model, DbErr> {
    use task::Column as C;
    let may = |column: C| at[column as usize];
    let at = |column: C| may(column).ok_or_else(|| missing(column.as_str()));
    Ok(task::Model {
        id: raw.get(at(C::Id)?)?,
        project_id: raw.get(at(C::ProjectId)?)?,
        number: raw.get(at(C::Number)?)?,
        title: raw.get(at(C::Title)?)?,
        description: raw.optional_at(may(C::Description))?,
        status_id: raw.get(at(C::StatusId)?)?,
        priority: raw.enumerated(at(C::Priority)?)?,
        kind: raw.enumerated(at(C::Kind)?)?,
        parent_id: raw.optional(at(C::ParentId)?)?,
        assignee_id: raw.optional(at(C::AssigneeId)?)?,
        due_date: raw.optional(at(C::DueDate)?)?,
        created_by_id: raw.get(at(C::CreatedById)?)?,
        created_at: raw.get(at(C::CreatedAt)?)?,
        updated_at: raw.get(at(C::UpdatedAt)?)?,
        completed_at: raw.optional(at(C::CompletedAt)?)?,
        deleted_at: raw.optional(at(C::DeletedAt)?)?,
        source_system: raw.optional_at(may(C::SourceSystem))?,
        source_key: raw.optional_at(may(C::SourceKey))?,
        source_url: raw.optional_at(may(C::SourceUrl))?,
        source_state: raw.optional_at(may(C::SourceState))?,
        revision: raw.get(at(C::Revision)?)?,
        claim_session_id: raw.optional_at(may(C::ClaimSessionId))?,
        claim_holder_id: raw.optional_at(may(C::ClaimHolderId))?,
        claimed_at: raw.optional_at(may(C::ClaimedAt))?,
        claim_until: raw.optional_at(may(C::ClaimUntil))?,
        claim_ttl_seconds: raw.optional_at(may(C::ClaimTtlSeconds))?,
        board_rank: raw.get(at(C::BoardRank)?)?,
    })
}

fn decode_status(raw: Raw<'_>, at: &[usize]) -> Result<Option<status::Model>, DbErr> {
    use status::Column as C;
    let at = |column: C| at[column as usize];
    let Some(id) = raw.optional::<i64>(at(C::Id))? else { return Ok(None) };
    Ok(Some(status::Model {
        id,
        project_id: raw.get(at(C::ProjectId))?,
        key: raw.get(at(C::Key))?,
        name: raw.get(at(C::Name))?,
        category: raw.enumerated(at(C::Category))?,
        position: raw.get(at(C::Position))?,
    }))
}

fn decode_assignee(raw: Raw<'_>, at: &[usize]) -> Result<Option<user::Model>, DbErr> {
    use user::Column as C;
    let at = |column: C| at[column as usize];
    let Some(id) = raw.optional::<i64>(at(C::Id))? else { return Ok(None) };
    Ok(Some(user::Model {
        id,
        username: raw.get(at(C::Username))?,
        display_name: raw.get(at(C::DisplayName))?,
        email: raw.optional(at(C::Email))?,
        is_agent: raw.get(at(C::IsAgent))?,
        created_at: raw.get(at(C::CreatedAt))?,
    }))
}
