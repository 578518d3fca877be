//! A task's labels and coworkers, the two sets a write replaces whole:
//! the rows of a new task's, and a set made what the caller asks when it
//! differs from what is stored.

use sea_orm::{ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, Set};

use entity::{task_coworker, task_label};

use crate::store::rows::insert_active;

pub(crate) fn label_rows(task_id: i64, label_ids: &[i64]) -> impl Iterator<Item = task_label::ActiveModel> + '_ {
    label_ids.iter().map(move |id| task_label::ActiveModel {
        task_id: Set(task_id),
        label_id: Set(*id),
        ..Default::default()
    })
}

pub(crate) fn coworker_rows(task_id: i64, user_ids: &[i64]) -> impl Iterator<Item = task_coworker::ActiveModel> + '_ {
    user_ids.iter().map(move |id| task_coworker::ActiveModel {
        task_id: Set(task_id),
        user_id: Set(*id),
        ..Default::default()
    })
}

/// The task's labels as stored.
pub(crate) async fn label_ids(txn: &DatabaseTransaction, task_id: i64) -> Result<Vec<i64>, DbErr> {
    let stored = task_label::Entity::find().filter(task_label::Column::TaskId.eq(task_id)).all(txn).await?;
    Ok(stored.into_iter().map(|l| l.label_id).collect())
}

/// The task's coworkers as stored.
pub(crate) async fn coworker_ids(txn: &DatabaseTransaction, task_id: i64) -> Result<Vec<i64>, DbErr> {
    let stored = task_coworker::Entity::find().filter(task_coworker::Column::TaskId.eq(task_id)).all(txn).await?;
    Ok(stored.into_iter().map(|c| c.user_id).collect())
}

/// A set as it was (sorted) and as it is now (in the order written).
#[derive(Debug)]
pub(crate) struct Replaced {
    pub old: Vec<i64>,
    pub new: Vec<i64>,
}

/// `ids` without repeats, in their order.
fn distinct(ids: &[i64]) -> Vec<i64> {
    let mut seen = std::collections::HashSet::new();
    ids.iter().copied().filter(|id| seen.insert(*id)).collect()
}

fn sorted(ids: &[i64]) -> Vec<i64> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Makes the task's labels `wanted` (written in that order); `None`
/// when they already were.
pub(crate) async fn replace_labels(
    txn: &DatabaseTransaction,
    task_id: i64,
    wanted: &[i64],
) -> Result<Option<Replaced>, DbErr> {
    let old = sorted(&label_ids(txn, task_id).await?);
    let new = distinct(wanted);
    if old == sorted(&new) {
        return Ok(None);
    }
    task_label::Entity::delete_many().filter(task_label::Column::TaskId.eq(task_id)).exec(txn).await?;
    insert_active(txn, label_rows(task_id, &new).collect()).await?;
    Ok(Some(Replaced { old, new }))
}

/// Makes the task's coworkers `wanted` (written in that order); `None`
/// when they already were.
pub(crate) async fn replace_coworkers(
    txn: &DatabaseTransaction,
    task_id: i64,
    wanted: &[i64],
) -> Result<Option<Replaced>, DbErr> {
    let old = sorted(&coworker_ids(txn, task_id).await?);
    let new = distinct(wanted);
    if old == sorted(&new) {
        return Ok(None);
    }
    task_coworker::Entity::delete_many().filter(task_coworker::Column::TaskId.eq(task_id)).exec(txn).await?;
    insert_active(txn, coworker_rows(task_id, &new).collect()).await?;
    Ok(Some(Replaced { old, new }))
}
