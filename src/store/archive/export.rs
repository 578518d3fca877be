//! Writing an archive: the header, each table a page of rows at a time,
//! the closing counts.

use std::io::Write;

use sea_orm::{
    AccessMode, ColumnTrait, DatabaseConnection, DatabaseTransaction, DbBackend, EntityTrait, IsolationLevel,
    QueryFilter, TransactionTrait,
};
use serde_json::json;

use super::rows::{Table, for_each_table, page};
use super::{ArchiveError, Counts, FORMAT, VERSION};

/// Rows read per statement; fewer of the tables whose rows hold long texts
/// (a description, a page), so that a page of them stays small too.
fn page_size(table: &str) -> u64 {
    match table {
        "wiki_page" | "wiki_revision" => 20,
        "task" | "comment" | "project" => 100,
        _ => 1_000,
    }
}

/// Writes everything `db` holds (or one workspace's part of it) to `out`
/// as an archive; `progress` is told each page of rows as it is written.
pub async fn export(
    db: &DatabaseConnection,
    out: &mut dyn Write,
    workspace: Option<&str>,
    progress: &(dyn Fn(&str, u64) + Sync),
) -> Result<Counts, ArchiveError> {
    let scope = match workspace {
        Some(key) => Some(
            entity::workspace::Entity::find()
                .filter(entity::workspace::Column::Key.eq(key))
                .one(db)
                .await?
                .ok_or_else(|| ArchiveError::NoWorkspace(crate::text::echo(key)))?
                .id,
        ),
        None => None,
    };
    let mut header = json!({"format": FORMAT, "version": VERSION, "exported_at": crate::store::now()});
    if let Some(key) = workspace {
        header["workspace"] = json!(key);
    }
    line(out, &header)?;
    // One snapshot for every table: rows written meanwhile are in the
    // archive whole or not at all.
    let txn = match db.get_database_backend() {
        DbBackend::Postgres => {
            db.begin_with_config(Some(IsolationLevel::RepeatableRead), Some(AccessMode::ReadOnly)).await?
        }
        _ => db.begin().await?,
    };
    let mut writer = Writer { db: &txn, out, counts: Counts::default(), progress, scope };
    for_each_table!(write_table(&mut writer));
    let Writer { out, counts, .. } = writer;
    line(out, &json!({"end": true, "rows": counts}))?;
    out.flush().map_err(ArchiveError::Write)?;
    txn.commit().await?;
    Ok(counts)
}

struct Writer<'a> {
    db: &'a DatabaseTransaction,
    out: &'a mut dyn Write,
    counts: Counts,
    progress: &'a (dyn Fn(&str, u64) + Sync),
    /// The workspace id when one workspace is exported.
    scope: Option<i64>,
}

async fn write_table<T>(writer: &mut Writer<'_>) -> Result<(), ArchiveError>
where
    T: Table,
    T::Model: serde::Serialize + serde::de::DeserializeOwned + sea_orm::IntoActiveModel<T::ActiveModel> + Send + Sync,
    T::ActiveModel: sea_orm::ActiveModelTrait<Entity = T> + Send,
{
    let mut after = 0;
    loop {
        let size = page_size(T::NAME);
        let rows = page::<T, _>(writer.db, after, size, writer.scope).await?;
        let written = rows.len() as u64;
        for row in rows {
            let mut row = serde_json::to_value(&row).map_err(|err| ArchiveError::Write(err.into()))?;
            after = row["id"].as_i64().unwrap_or(i64::MAX);
            if T::NAME == "agent_session"
                && let Some(object) = row.as_object_mut()
            {
                // Tokens are never archived: the session's token is not either.
                object.remove("token_id");
            }
            line(writer.out, &json!({"table": T::NAME, "row": row}))?;
        }
        writer.counts.add(T::NAME, written);
        (writer.progress)(T::NAME, written);
        if written < size {
            return Ok(());
        }
    }
}

fn line(out: &mut dyn Write, value: &serde_json::Value) -> Result<(), ArchiveError> {
    serde_json::to_writer(&mut *out, value).map_err(|err| ArchiveError::Write(err.into()))?;
    out.write_all(b"\n").map_err(ArchiveError::Write)
}
