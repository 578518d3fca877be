//! Linear: the CSV its "Export CSV" writes, one issue a row, columns named
//! by the header row (ID, Title, Description, Status, Priority, Assignee,
//! Creator, Labels, Parent issue, Due Date, Created, Updated, Completed,
//! Canceled, ...; others are ignored), the description as Markdown. Rows
//! are read one at a time; a cell may hold quoted lines and commas.

use std::collections::HashMap;
use std::path::PathBuf;

use entity::{Priority, StatusCategory, TaskKind};

use super::records::{Body, ExternalIssue, ExternalLabel, Origin, Person};
use super::{
    Emit, ImportError, MAX_RECORD_BYTES, Metered, Record, file_name, instant, open, optional_date, optional_instant,
    username_of,
};

/// The columns read, as Linear names them.
const ID: &str = "id";
const TITLE: &str = "title";
const REQUIRED: [&str; 2] = [ID, TITLE];

pub fn read(files: &[PathBuf], emit: Emit<'_>) -> Result<(), ImportError> {
    for path in files {
        let file = file_name(path);
        let since_mark = std::rc::Rc::new(std::cell::Cell::new(0));
        let metered = Metered { inner: open(path)?, since_mark: since_mark.clone(), bound: MAX_RECORD_BYTES };
        let mut csv = csv::ReaderBuilder::new().flexible(false).from_reader(metered);
        let read_error = |err: csv::Error| ImportError::Read { file: file.clone(), message: err.to_string() };
        let header: HashMap<String, usize> = csv
            .headers()
            .map_err(read_error)?
            .iter()
            .enumerate()
            .map(|(i, name)| (name.trim().trim_start_matches('\u{feff}').to_ascii_lowercase(), i))
            .collect();
        if let Some(missing) = REQUIRED.iter().find(|c| !header.contains_key(**c)) {
            return Err(ImportError::Read {
                file,
                message: format!("the header row has no `{missing}` column: is this Linear's CSV export?"),
            });
        }
        let mut row = csv::StringRecord::new();
        let mut n = 0;
        loop {
            since_mark.set(0);
            if !csv.read_record(&mut row).map_err(read_error)? {
                break;
            }
            n += 1;
            let cell = |name: &str| header.get(name).and_then(|i| row.get(*i)).map(str::trim).filter(|v| !v.is_empty());
            let id = cell(ID).unwrap_or_default();
            let origin = Origin { file: file.clone(), record: format!("row {} ({})", n + 1, crate::text::echo(id)) };
            let issue = issue(&origin, &cell)?;
            if !emit(Record::Issue(origin, Box::new(issue))) {
                return Ok(());
            }
        }
    }
    Ok(())
}

fn issue<'r>(origin: &Origin, cell: &dyn Fn(&str) -> Option<&'r str>) -> Result<ExternalIssue, ImportError> {
    let key = cell(ID).ok_or_else(|| ImportError::record(origin, "column `ID` is empty"))?.to_owned();
    let title = unguarded(cell(TITLE).ok_or_else(|| ImportError::record(origin, "column `Title` is empty"))?);
    let person = |column: &str| cell(column).map(person);
    let labels: Vec<ExternalLabel> = cell("labels")
        .map(|l| {
            l.split(',')
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(|name| ExternalLabel { name: name.to_owned(), color: None })
                .collect()
        })
        .unwrap_or_default();
    let completed = optional_instant(origin, "Completed", cell("completed"))?;
    let canceled = optional_instant(origin, "Canceled", cell("canceled"))?;
    let created_at = instant(origin, "Created", cell("created").unwrap_or_default())?;
    let category = match (completed, canceled) {
        (_, Some(_)) => StatusCategory::Canceled,
        (Some(_), None) => StatusCategory::Done,
        _ => {
            let status = cell("status").unwrap_or_default();
            let started = optional_instant(origin, "Started", cell("started"))?;
            match status_category(status) {
                // A custom state (`Blocked`) of an issue work started on.
                StatusCategory::Todo if started.is_some() && !waiting(status) => StatusCategory::InProgress,
                category => category,
            }
        }
    };
    let kind = labels.iter().any(|l| l.name.eq_ignore_ascii_case("bug")).then_some(TaskKind::Bug);
    Ok(ExternalIssue {
        number: key
            .rsplit('-')
            .next()
            .and_then(|n| n.parse().ok())
            .filter(|n| (1..=crate::store::input::MAX_NUMBER).contains(n)),
        url: None,
        title,
        description: cell("description").map(|d| Body::Markdown(unguarded(d))),
        category,
        priority: cell("priority").and_then(priority),
        kind,
        parent: cell("parent issue").and_then(parent_key),
        assignees: person("assignee").into_iter().collect(),
        author: person("creator"),
        labels,
        due_date: optional_date(origin, "Due Date", cell("due date"))?,
        updated_at: optional_instant(origin, "Updated", cell("updated"))?.unwrap_or(created_at),
        created_at,
        closed_at: canceled.or(completed),
        key,
    })
}

/// The cell without the `'` Linear puts before `=`, `+`, `-` or `@` at
/// its start, so that a spreadsheet does not read it as a formula.
fn unguarded(cell: &str) -> String {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest.to_owned(),
        _ => cell.to_owned(),
    }
}

/// A person as the export names them: a name or an email.
fn person(name: &str) -> Person {
    let email = name.contains('@').then(|| name.to_owned());
    Person {
        external_id: name.to_lowercase(),
        username: username_of(name),
        display_name: (!name.contains('@')).then(|| name.to_owned()),
        email,
        is_bot: false,
    }
}

/// The workflow's default names; a custom state reads by its words.
fn status_category(name: &str) -> StatusCategory {
    let name = name.to_ascii_lowercase();
    if ["cancel", "duplicate", "won't", "wont"].iter().any(|w| name.contains(w)) {
        StatusCategory::Canceled
    } else if ["done", "complete", "merged", "released"].iter().any(|w| name.contains(w)) {
        StatusCategory::Done
    } else if ["progress", "review", "started", "doing", "testing", "qa"].iter().any(|w| name.contains(w)) {
        StatusCategory::InProgress
    } else {
        StatusCategory::Todo
    }
}

/// The default names of Linear's states before work starts.
fn waiting(status: &str) -> bool {
    let name = status.to_ascii_lowercase();
    ["backlog", "todo", "to do", "triage", "unstarted"].iter().any(|w| name.contains(w))
}

fn priority(name: &str) -> Option<Priority> {
    Some(match name.to_ascii_lowercase().as_str() {
        "urgent" => Priority::Urgent,
        "high" => Priority::High,
        "medium" => Priority::Medium,
        "low" => Priority::Low,
        "no priority" | "none" => Priority::None,
        _ => return None,
    })
}

/// `ENG-3` from `ENG-3` or `ENG-3 Title of the parent`.
fn parent_key(value: &str) -> Option<String> {
    let first = value.split_whitespace().next()?;
    let (team, number) = first.rsplit_once('-')?;
    (!team.is_empty() && number.parse::<u32>().is_ok()).then(|| first.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_priorities_and_parents_read_as_linear_writes_them() {
        assert_eq!(status_category("Backlog"), StatusCategory::Todo);
        assert_eq!(status_category("In Review"), StatusCategory::InProgress);
        assert_eq!(status_category("Duplicate"), StatusCategory::Canceled);
        assert_eq!(status_category("Done"), StatusCategory::Done);
        assert_eq!(priority("No priority"), Some(Priority::None));
        assert_eq!(parent_key("ENG-3 Set up CI").as_deref(), Some("ENG-3"));
        assert_eq!(parent_key("none"), None);
        assert_eq!(person("Mia Krystof").username, "mia.krystof");
        assert_eq!(unguarded("'=HYPERLINK(x)"), "=HYPERLINK(x)");
        assert_eq!(unguarded("'quoted'"), "'quoted'");
        assert_eq!(person("dev@example.com").email.as_deref(), Some("dev@example.com"));
    }
}
