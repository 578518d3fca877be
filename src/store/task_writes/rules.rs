//! The checks a task's values pass on every path that writes them, each
//! error naming the caller's argument.

use chrono::NaiveDate;

use crate::store::input::{self, MAX_NUMBER};
use crate::store::{Result, StoreError};

pub(crate) fn title(title: &str) -> Result<String> {
    input::single_line("title", title, input::MAX_NAME_CHARS)
}

/// A due date within the years the backends store.
pub(crate) fn due_date(argument: &str, due: Option<NaiveDate>) -> Result<Option<NaiveDate>> {
    input::filter_date(argument, due)?;
    Ok(due)
}

/// A task number the project still has room for.
pub(crate) fn number(number: i32) -> Result<i32> {
    if (1..=MAX_NUMBER).contains(&number) {
        return Ok(number);
    }
    Err(StoreError::bad_argument(
        "number",
        format!("the project has no task number left (they stop at {MAX_NUMBER})"),
        "make the task in another project",
    ))
}

/// A list of names a write carries, within `MAX_SET_NAMES`.
pub(crate) fn names(argument: &str, names: &[String]) -> Result<()> {
    if names.len() <= input::MAX_SET_NAMES {
        return Ok(());
    }
    Err(StoreError::bad_argument(
        argument,
        format!("`{argument}` names {} items; a write takes {} at most", names.len(), input::MAX_SET_NAMES),
        "split the change into several writes",
    ))
}

/// A revision a writer read: 1 or more.
pub(crate) fn expected_revision(revision: Option<i32>) -> Result<Option<i32>> {
    match revision {
        Some(revision) if revision < 1 => Err(StoreError::bad_argument(
            "expectedRevision",
            format!("`expectedRevision` {revision} is not a revision: they start at 1"),
            "pass the `revision` the task was read at",
        )),
        _ => Ok(revision),
    }
}
