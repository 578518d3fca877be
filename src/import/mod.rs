//! `tasklens import github|jira|linear FILE...`: other trackers' exports
//! into one project. The files are read on a blocking thread an object (or
//! a CSV row) at a time, each issue's texts checked and sanitized there,
//! and handed over a bounded channel to the writer (`writer`), which
//! writes them in batches through the store's import transaction
//! (`store::import_writes`): committed when every file was read whole,
//! rolled back on the first bad record or for a dry run. The records
//! every reader hands over are in `records`.

mod adf;
pub mod archive;
mod dates;
pub mod github;
pub mod github_hook;
pub mod jira;
mod json_stream;
pub mod linear;
pub mod records;
pub mod writer;

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use crate::db::DatabaseConnection;

use crate::store::import_writes::ImportWrites;
use crate::store::sources::SourceSystem;
use records::{Body, ExternalComment, ExternalIssue, Origin};
use writer::{Destination, ImportCounts, Importer, WriteError};

/// The largest object (an issue with its comments, a Jira page) read at once.
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("cannot read {file}: {message}")]
    Read { file: String, message: String },
    /// A record that cannot be imported, named by its file and place.
    #[error("{origin}: {message}; nothing was written")]
    Record { origin: Origin, message: String },
    #[error("{0}; nothing was written")]
    Write(Box<WriteError>),
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
}

impl From<WriteError> for ImportError {
    fn from(err: WriteError) -> Self {
        Self::Write(Box::new(err))
    }
}

impl ImportError {
    pub(crate) fn record(origin: &Origin, message: impl Into<String>) -> Self {
        Self::Record { origin: origin.clone(), message: message.into() }
    }
}

#[derive(Debug, Clone)]
pub struct ImportOptions {
    /// The project key the tasks go to; made when missing.
    pub project: String,
    pub workspace: Option<String>,
    /// GitHub: keep pull requests as tasks.
    pub include_pulls: bool,
    pub dry_run: bool,
}

/// What one read record asks of the writer.
#[derive(Debug)]
pub enum Record {
    Issue(Origin, Box<ExternalIssue>),
    Comment(Origin, Box<ExternalComment>),
    Skip(&'static str),
    /// Every file was read to its end: only then is the import committed.
    End,
}

/// Hands a record to the writer; false when the writer has stopped.
pub type Emit<'a> = &'a mut dyn FnMut(Record) -> bool;

/// What a run did (or, for a dry run, would do).
#[derive(Debug, Clone)]
pub struct Summary {
    pub project: String,
    pub counts: ImportCounts,
    pub events: u64,
    pub records: u64,
}

pub async fn run(
    db: &DatabaseConnection,
    system: SourceSystem,
    files: &[PathBuf],
    options: &ImportOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Summary, ImportError> {
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Result<Record, ImportError>>(256);
    let (paths, include_pulls) = (files.to_vec(), options.include_pulls);
    let reader = tokio::task::spawn_blocking(move || {
        let mut emit = |record: Record| tx.blocking_send(checked(record)).is_ok();
        let read = match system {
            SourceSystem::Github => github::read(&paths, include_pulls, &mut emit),
            SourceSystem::Jira => jira::read(&paths, &mut emit),
            SourceSystem::Linear => linear::read(&paths, &mut emit),
        };
        let _ = tx.blocking_send(read.map(|()| Record::End));
    });
    let txn = ImportWrites::begin(db).await?;
    let to = Destination {
        project: options.project.clone(),
        workspace: options.workspace.clone(),
        name: options.project.clone(),
    };
    let written = async {
        let mut importer = Importer::begin(&txn, system, &to).await?;
        let mut records = 0;
        let mut read_whole = false;
        while let Some(record) = rx.recv().await {
            match record? {
                Record::Issue(origin, issue) => importer.issue(origin, *issue).await?,
                Record::Comment(origin, comment) => importer.comment(origin, *comment).await?,
                Record::Skip(reason) => importer.skip(reason),
                Record::End => {
                    read_whole = true;
                    break;
                }
            }
            records += 1;
            if records % 256 == 0 {
                progress(256);
            }
        }
        progress(records % 256);
        if !read_whole {
            // The reading thread stopped without an error: it failed.
            return Err(ImportError::Read {
                file: "the export".into(),
                message: "reading stopped before the end of the files".into(),
            });
        }
        let project = importer.project().key.clone();
        let (counts, events) = importer.finish().await?;
        Ok::<_, ImportError>(Summary { project, counts, events, records })
    }
    .await;
    // The reader stops at its next record once the channel is gone.
    drop(rx);
    let reading = reader.await;
    let summary = written?;
    if reading.is_err() {
        return Err(ImportError::Read { file: "the export".into(), message: "the reading thread failed".into() });
    }
    if options.dry_run {
        txn.rollback().await?;
    } else {
        txn.commit().await?;
    }
    Ok(summary)
}

/// Counts the bytes read since the last mark, and fails past the bound.
pub(crate) struct Metered<R> {
    pub inner: R,
    pub since_mark: std::rc::Rc<std::cell::Cell<u64>>,
    pub bound: u64,
}

impl<R: Read> Read for Metered<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let total = self.since_mark.get() + n as u64;
        self.since_mark.set(total);
        if total > self.bound {
            return Err(std::io::Error::other(format!(
                "a record is longer than {} MiB; split the export",
                self.bound >> 20
            )));
        }
        Ok(n)
    }
}

/// The record with its texts checked and sanitized, here on the reading
/// thread while the writer writes the records before it.
pub(crate) fn checked(record: Record) -> Result<Record, ImportError> {
    use crate::store::input::{MAX_COMMENT_CHARS, MAX_DESCRIPTION_CHARS};
    let refused = |origin: &Origin, error: crate::store::StoreError| ImportError::record(origin, error.to_string());
    match record {
        Record::Issue(origin, mut issue) => {
            // Every value bounded here, before hundreds of records wait for
            // the writer (which checks each by the write rules): a title of
            // 60 MiB is refused at its record.
            bounded(&origin, "title", &issue.title)?;
            bounded(&origin, "key", &issue.key)?;
            for value in issue.url.iter().chain(&issue.parent) {
                bounded(&origin, "key", value)?;
            }
            for label in &issue.labels {
                bounded(&origin, "labels", &label.name)?;
            }
            for person in issue.assignees.iter().chain(&issue.author) {
                bounded_person(&origin, person)?;
            }
            if let Some(body) = issue.description.take() {
                issue.description =
                    Some(body.check("description", MAX_DESCRIPTION_CHARS).map_err(|e| refused(&origin, e))?);
            }
            Ok(Record::Issue(origin, issue))
        }
        Record::Comment(origin, mut comment) => {
            bounded(&origin, "comment id", &comment.key)?;
            bounded(&origin, "comment issue", &comment.issue_key)?;
            if let Some(person) = &comment.author {
                bounded_person(&origin, person)?;
            }
            let body = std::mem::replace(&mut comment.body, Body::Html(String::new()));
            comment.body = body.check("body", MAX_COMMENT_CHARS).map_err(|e| refused(&origin, e))?;
            Ok(Record::Comment(origin, comment))
        }
        skip => Ok(skip),
    }
}

/// The most characters a title, name, key, address or email of an export
/// may have before the writer sees it; the writer checks each against its
/// own bound, at most half this (a text may shrink when normalized).
const MAX_VALUE_CHARS: usize = 4_000;

fn bounded(origin: &Origin, field: &str, value: &str) -> Result<(), ImportError> {
    if value.len() > MAX_VALUE_CHARS * 4 || value.chars().count() > MAX_VALUE_CHARS {
        return Err(ImportError::record(origin, format!("`{field}` is longer than {MAX_VALUE_CHARS} characters")));
    }
    Ok(())
}

fn bounded_person(origin: &Origin, person: &records::Person) -> Result<(), ImportError> {
    bounded(origin, "user", &person.external_id)?;
    bounded(origin, "user", &person.username)?;
    for value in person.display_name.iter().chain(&person.email) {
        bounded(origin, "user", value)?;
    }
    Ok(())
}

/// A file's text, gunzipped when it starts with gzip's magic bytes, without
/// the byte order mark Windows tools write before UTF-8.
pub(crate) fn open(path: &Path) -> Result<Box<dyn Read + Send>, ImportError> {
    let read_error =
        |err: std::io::Error| ImportError::Read { file: path.display().to_string(), message: err.to_string() };
    let file = std::fs::File::open(path).map_err(read_error)?;
    let mut buffered = BufReader::new(file);
    let gzipped = buffered.fill_buf().map_err(read_error)?.starts_with(&[0x1f, 0x8b]);
    let mut text: Box<dyn BufRead + Send> = if gzipped {
        Box::new(BufReader::new(flate2::bufread::MultiGzDecoder::new(buffered)))
    } else {
        Box::new(buffered)
    };
    let head = text.fill_buf().map_err(read_error)?;
    if head.starts_with(&[0xef, 0xbb, 0xbf]) {
        text.consume(3);
    } else if head.starts_with(&[0xff, 0xfe]) || head.starts_with(&[0xfe, 0xff]) {
        return Err(ImportError::Read {
            file: path.display().to_string(),
            message: "the file is UTF-16 text; save it as UTF-8 (PowerShell: `Out-File -Encoding utf8`)".into(),
        });
    }
    Ok(text)
}

/// The name errors give a file: as the user typed it.
pub(crate) fn file_name(path: &Path) -> String {
    path.display().to_string()
}

/// Walks a JSON file's objects, naming a broken one by its number.
pub(crate) fn each_object(
    path: &Path,
    mut each: impl FnMut(Origin, serde_json::Value) -> Result<bool, ImportError>,
) -> Result<(), ImportError> {
    let file = file_name(path);
    let walked = json_stream::for_each_object(open(path)?, MAX_RECORD_BYTES, |n, value| {
        let origin = Origin { file: file.clone(), record: format!("record {n}") };
        match each(origin, value) {
            Ok(true) => Ok(()),
            Ok(false) => Err(None),
            Err(err) => Err(Some(err)),
        }
    });
    match walked {
        Ok(()) | Err(json_stream::WalkError::Callback(None)) => Ok(()),
        Err(json_stream::WalkError::Callback(Some(err))) => Err(err),
        Err(json_stream::WalkError::Json(message)) => {
            Err(ImportError::Read { file, message: format!("not the JSON expected: {message}") })
        }
    }
}

/// Reads a record into its shape, naming the field that is not as expected.
pub(crate) fn typed<T: serde::de::DeserializeOwned>(
    origin: &Origin,
    value: serde_json::Value,
) -> Result<T, ImportError> {
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        ImportError::record(origin, format!("field `{path}`: {inner}"))
    })
}

/// An instant field, required.
pub(crate) fn instant(origin: &Origin, field: &str, value: &str) -> Result<chrono::DateTime<chrono::Utc>, ImportError> {
    optional_instant(origin, field, Some(value))?
        .ok_or_else(|| ImportError::record(origin, format!("field `{field}` is empty; an instant is needed")))
}

pub(crate) fn optional_instant(
    origin: &Origin,
    field: &str,
    value: Option<&str>,
) -> Result<Option<chrono::DateTime<chrono::Utc>>, ImportError> {
    value.map_or(Ok(None), |v| {
        dates::instant(v).map_err(|m| ImportError::record(origin, format!("field `{field}`: {m}")))
    })
}

pub(crate) fn optional_date(
    origin: &Origin,
    field: &str,
    value: Option<&str>,
) -> Result<Option<chrono::NaiveDate>, ImportError> {
    value.map_or(Ok(None), |v| dates::date(v).map_err(|m| ImportError::record(origin, format!("field `{field}`: {m}"))))
}

/// A username made of a display name or an email: `Mia Krystof` and
/// `mia.krystof@example.com` both give `mia.krystof`.
pub(crate) fn username_of(name: &str) -> String {
    let local = name.split('@').next().unwrap_or(name);
    let mut out = String::new();
    for c in local.trim().chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() || c == '_' || c == '-' {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('.') {
            out.push('.');
        }
    }
    let out = out.trim_end_matches('.').to_owned();
    if out.is_empty() { "user".to_owned() } else { out }
}
