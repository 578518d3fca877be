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
