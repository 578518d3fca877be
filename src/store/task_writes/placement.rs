//! The board's manual order (`TaskOrder::Board`), the same for everyone:
//! each task's `board_rank`, higher first, ties by id. A new task takes
//! `number × RANK_GAP`, above every task made before it, so a create reads
//! nothing more; a placement takes the midpoint of the ranks of the two
//! tasks it goes between. When they leave no room (after about twenty
//! placements into one gap), the project's ranks are spread out again in
//! one statement that keeps their order.

use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

use entity::{project, task};

use super::log::Change;
use crate::store::fragments::parse_ref;
use crate::store::{Result, StoreError};
use crate::text::echo;

pub use migration::RANK_GAP;

/// The largest rank the store keeps either way from 0, so that midpoints
/// and steps never overflow.
pub const MAX_RANK: i64 = 1 << 60;

/// Where a task goes in its project's board order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Placement {
    /// Right after this task (a ref of the same project).
    pub after: Option<String>,
    /// Right before this task, when `after` is absent.
    pub before: Option<String>,
}

/// A new task's rank: above every task made before it.
pub(crate) fn new_task_rank(number: i32) -> i64 {
    i64::from(number) * RANK_GAP
}

/// A place in the order, compared as the order reads (higher first).
type Key = (i64, i64);

enum Anchor {
    After(i64),
    Before(i64),
    First,
}

/// The task's new rank and the event that tells of it, or `None` when it
/// already sits there. The caller holds the project's numbering lock
/// (`numbers::lock_numbers`, whose `last_number` it passes), taken before
/// the task's row lock as a create does: a spread updates every task of
/// the project, and taken the other way round it could wait on a writer
/// that waits on it. Placements and creates in one project so queue up
/// and never share a rank.
pub(crate) async fn place(
    txn: &DatabaseTransaction,
    current: &task::Model,
    placement: &Placement,
    last_number: i32,
) -> Result<Option<(i64, Change)>> {
    // The next new task's rank: a placement on top stays below it.
    let ceiling = (i64::from(last_number) + 1) * RANK_GAP;
    // The log names the neighbour as its ref reads, not as it was typed.
    let (anchor, told) = match (&placement.after, &placement.before) {
        (Some(r), _) => {
            let (id, canonical) = neighbour(txn, current, "place.after", r).await?;
            (Anchor::After(id), format!("after {canonical}"))
        }
        (None, Some(r)) => {
            let (id, canonical) = neighbour(txn, current, "place.before", r).await?;
            (Anchor::Before(id), format!("before {canonical}"))
        }
        (None, None) => (Anchor::First, "first".to_owned()),
    };
    let me: Key = (current.board_rank, current.id);
    let (upper, lower) = bounds(txn, current, &anchor, ceiling).await?;
    if lower.is_none_or(|lower| lower < me) && me < upper {
        return Ok(None);
    }
    let rank = match room(upper, lower) {
        Some(rank) => rank,
        None => {
            spread(txn, current.project_id, last_number).await?;
            let (upper, lower) = bounds(txn, current, &anchor, ceiling).await?;
            room(upper, lower)
                .ok_or_else(|| StoreError::Db(sea_orm::DbErr::Custom("no room in the board order".into())))?
        }
    };
    Ok(Some((rank, Change { field: "position", old: None, new: Some(told) })))
}

/// A rank strictly between the two, when there is one.
fn room(upper: Key, lower: Option<Key>) -> Option<i64> {
    let lower = lower.map_or(upper.0.saturating_sub(2 * RANK_GAP).max(-MAX_RANK), |(rank, _)| rank);
    let mid = ((i128::from(upper.0) + i128::from(lower)) / 2) as i64;
    (lower < mid && mid < upper.0).then_some(mid)
}

/// The places the task goes between: the one above it (the ceiling on
/// top) and the one below (none at the bottom), itself left out.
async fn bounds(
    txn: &DatabaseTransaction,
    current: &task::Model,
    anchor: &Anchor,
    ceiling: i64,
) -> Result<(Key, Option<Key>)> {
    Ok(match *anchor {
        Anchor::After(id) => {
            let above = key_of(txn, id).await?;
            (above, next(txn, current, Some(above), false).await?)
        }
        Anchor::Before(id) => {
            let below = key_of(txn, id).await?;
            let above = next(txn, current, Some(below), true).await?;
            (above.unwrap_or((ceiling, i64::MAX)), Some(below))
        }
        Anchor::First => ((ceiling, i64::MAX), next(txn, current, None, false).await?),
    })
}

async fn key_of(txn: &DatabaseTransaction, id: i64) -> Result<Key> {
    let rank: Option<i64> =
        task::Entity::find_by_id(id).select_only().column(task::Column::BoardRank).into_tuple().one(txn).await?;
    // Read under the project's lock, which every placement holds: it
    // cannot have gone since `neighbour` found it.
    let rank = rank.ok_or_else(|| StoreError::Db(sea_orm::DbErr::RecordNotFound(format!("task {id}"))))?;
    Ok((rank, id))
}

/// The live task nearest to `from` going up (`upward`) or down the order,
/// or the topmost one without `from`; the moving task left out.
async fn next(
    txn: &DatabaseTransaction,
    current: &task::Model,
    from: Option<Key>,
    upward: bool,
) -> Result<Option<Key>> {
    let (rank, id) = (task::Column::BoardRank, task::Column::Id);
    let mut select = task::Entity::find()
        .select_only()
        .columns([rank, id])
        .filter(task::Column::ProjectId.eq(current.project_id))
        .filter(task::Column::DeletedAt.is_null())
        .filter(id.ne(current.id));
    if let Some((r, i)) = from {
        let past = if upward {
            Condition::any().add(rank.gt(r)).add(Condition::all().add(rank.eq(r)).add(id.gt(i)))
        } else {
            Condition::any().add(rank.lt(r)).add(Condition::all().add(rank.eq(r)).add(id.lt(i)))
        };
        select = select.filter(past);
    }
    select =
        if upward { select.order_by_asc(rank).order_by_asc(id) } else { select.order_by_desc(rank).order_by_desc(id) };
    Ok(select.into_tuple::<Key>().one(txn).await?)
}

/// The live task `task_ref` of the moving task's project: its id and its
/// ref as it reads; refused in words when it is another project's, the
/// task itself, or gone.
async fn neighbour(
    txn: &DatabaseTransaction,
    current: &task::Model,
    argument: &str,
    task_ref: &str,
) -> Result<(i64, String)> {
    let refused = |why: &str| {
        StoreError::bad_argument(
            argument,
            format!("`{argument}` {}: {why}", echo(task_ref)),
            "name a live task of the same project, as its board shows it",
        )
    };
    let (key, number) = parse_ref(task_ref).map_err(|_| refused("is not a task ref"))?;
    let project = project::Entity::find_by_id(current.project_id).one(txn).await?;
    let Some(project) = project.filter(|p| p.key == key) else {
        return Err(refused("is not a task of this project"));
    };
    if number == current.number {
        return Err(refused("is the task being placed"));
    }
    let found: Option<i64> = task::Entity::find()
        .select_only()
        .column(task::Column::Id)
        .filter(task::Column::ProjectId.eq(current.project_id))
        .filter(task::Column::Number.eq(number))
        .filter(task::Column::DeletedAt.is_null())
        .into_tuple()
        .one(txn)
        .await?;
    let id = found.ok_or_else(|| refused("is no live task of this project"))?;
    Ok((id, format!("{}-{number}", project.key)))
}

/// Gives the project's live tasks ranks a gap apart, in their order, the
/// top one at the last number's rank (below the next new task).
async fn spread(txn: &DatabaseTransaction, project_id: i64, last_number: i32) -> Result<()> {
    let top = i64::from(last_number);
    // Integers the store computed, not input: safe to write in.
    let sql = format!(
        "UPDATE task SET board_rank = ({top} - ranked.ordinal) * {RANK_GAP} \
         FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY board_rank DESC, id DESC) - 1 AS ordinal \
               FROM task WHERE project_id = {project_id} AND deleted_at IS NULL) AS ranked \
         WHERE task.id = ranked.id"
    );
    txn.execute_unprepared(&sql).await?;
    tracing::debug!(project_id, "the board order was spread out");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_is_strictly_between_or_none() {
        assert_eq!(room((10, 1), Some((0, 2))), Some(5));
        assert_eq!(room((10, 1), Some((8, 2))), Some(9));
        assert_eq!(room((10, 1), Some((9, 2))), None, "no integer between");
        assert_eq!(room((10, 1), Some((10, 2))), None, "a tie leaves no room");
        assert_eq!(room((10, 1), None), Some(10 - RANK_GAP));
        assert_eq!(room((-MAX_RANK, 1), None), None, "the bottom is bounded");
        assert_eq!(room((MAX_RANK, 1), Some((-MAX_RANK, 2))), Some(0), "no overflow at the ends");
    }
}
