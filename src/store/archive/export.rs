//! Writing an archive: the header, each table a page of rows at a time,
//! the closing counts.

use std::io::Write;

use sea_orm::DatabaseConnection;
use serde_json::json;

use super::rows::{Table, for_each_table, page};
use super::{ArchiveError, Counts, FORMAT, VERSION};

/// Rows read per statement.
const PAGE: u64 = 1_000;

/// Writes everything `db` holds to `out` as an archive; `progress` is told
/// each page of rows as it is written.
pub async fn export(
    db: &DatabaseConnection,
    out: &mut dyn Write,
    progress: &(dyn Fn(&str, u64) + Sync),
) -> Result<Counts, ArchiveError> {
    let header = json!({"format": FORMAT, "version": VERSION, "exported_at": crate::store::now()});
    line(out, &header)?;
    let mut writer = Writer { db, out, counts: Counts::default(), progress };
    for_each_table!(write_table(&mut writer));
    let Writer { out, counts, .. } = writer;
    line(out, &json!({"end": true, "rows": counts}))?;
    out.flush().map_err(ArchiveError::Write)?;
    Ok(counts)
}

struct Writer<'a> {
    db: &'a DatabaseConnection,
    out: &'a mut dyn Write,
    counts: Counts,
    progress: &'a (dyn Fn(&str, u64) + Sync),
}

async fn write_table<T>(writer: &mut Writer<'_>) -> Result<(), ArchiveError>
where
    T: Table,
    T::Model: serde::Serialize + serde::de::DeserializeOwned + sea_orm::IntoActiveModel<T::ActiveModel> + Send + Sync,
    T::ActiveModel: sea_orm::ActiveModelTrait<Entity = T> + Send,
{
    let mut after = 0;
    loop {
        let rows = page::<T, _>(writer.db, after, PAGE).await?;
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
        if written < PAGE {
            return Ok(());
        }
    }
}

fn line(out: &mut dyn Write, value: &serde_json::Value) -> Result<(), ArchiveError> {
    serde_json::to_writer(&mut *out, value).map_err(|err| ArchiveError::Write(err.into()))?;
    out.write_all(b"\n").map_err(ArchiveError::Write)
}
