//! GitHub's webhook deliveries to a bound project (`POST
//! /hooks/github/{project}`): an `issues` or `issue_comment` event read into
//! the records an export of the same issue would give, and written the way
//! `tasklens import github` writes them, in one transaction that also
//! records the delivery's id (a replay is refused; a delivery whose write
//! failed may come again). Events it does not map are answered with why.

use serde_json::Value;

use super::records::Origin;
use super::writer::{Destination, ImportCounts, Importer};
use super::{ImportError, Record, checked, github};
use crate::store::github_hooks::{RepositoryFit, SeenRepository};
use crate::store::sources::SourceSystem;
use crate::store::{Store, StoreError};

/// What a delivery asks.
#[derive(Debug)]
pub enum HookEvent {
    /// The records to write, and the repository they come from.
    Apply { repository: SeenRepository, records: Vec<Record> },
    /// Nothing to do, and why.
    Ignore(&'static str),
}

/// Reads a delivery of `event` (the `X-GitHub-Event` header).
pub fn read(event: &str, delivery_id: &str, payload: &[u8]) -> Result<HookEvent, ImportError> {
    let origin = Origin { file: format!("GitHub delivery {delivery_id}"), record: event.to_owned() };
    if !matches!(event, "issues" | "issue_comment") {
        return Ok(HookEvent::Ignore(match event {
            "ping" => "ping: the hook is set up",
            _ => "events of this kind are not mapped (issues and issue_comment are)",
        }));
    }
    let mut payload: Value = serde_json::from_slice(payload)
        .map_err(|err| ImportError::record(&origin, format!("the payload is not JSON: {err}")))?;
    let name = payload
        .pointer("/repository/full_name")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| ImportError::record(&origin, "the payload names no repository"))?;
    let repository = SeenRepository {
        name,
        id: payload.pointer("/repository/id").and_then(Value::as_i64),
        updated_at: payload
            .pointer("/repository/updated_at")
            .and_then(Value::as_str)
            .and_then(|at| chrono::DateTime::parse_from_rfc3339(at).ok())
            .map(|at| at.with_timezone(&chrono::Utc)),
    };
    let action = payload.get("action").and_then(Value::as_str).unwrap_or_default().to_owned();
    if action == "deleted" {
        return Ok(HookEvent::Ignore(if event == "issues" {
            "a deleted issue stays on the board (delete the task here)"
        } else {
            "a deleted comment stays on the board"
        }));
    }
    let issue = payload.get_mut("issue").map(Value::take).ok_or_else(|| ImportError::record(&origin, "no issue"))?;
    let Some(issue) = github::rest_issue(&origin, issue)? else {
        return Ok(HookEvent::Ignore("pull requests are not mapped"));
    };
    let issue_key = issue.key.clone();
    let mut records = vec![checked(Record::Issue(origin.clone(), Box::new(issue)))?];
    if event == "issue_comment" {
        let comment =
            payload.get_mut("comment").map(Value::take).ok_or_else(|| ImportError::record(&origin, "no comment"))?;
        match github::rest_comment(&origin, &issue_key, comment)? {
            Some(comment) => records.push(checked(Record::Comment(origin, Box::new(comment)))?),
            None => records.push(Record::Skip("empty comments")),
        }
    }
    Ok(HookEvent::Apply { repository, records })
}

/// What applying a delivery came to.
#[derive(Debug)]
pub enum Applied {
    /// What was written, and how many change-log events.
    Written(ImportCounts, u64),
    /// This delivery id was applied before.
    Replayed,
    /// A rename would give tasks keys the project holds already.
    Taken,
}

/// One delivery to a bound project.
pub struct Delivery<'a> {
    pub project: &'a str,
    pub hook: &'a entity::github_hook::Model,
    pub id: &'a str,
    pub event: &'a str,
    pub repository: &'a SeenRepository,
}

/// How the delivery's repository stands to the binding; a late one's
/// records are read under the binding's current name.
pub fn fit(hook: &entity::github_hook::Model, repository: &SeenRepository, records: &mut [Record]) -> RepositoryFit {
    let fit = RepositoryFit::of(hook, repository);
    if fit == RepositoryFit::Late {
        let (from, to) = (format!("{}#", repository.name.to_lowercase()), format!("{}#", hook.repository));
        let rekey = |key: &mut String| {
            if key.get(..from.len()).is_some_and(|start| start.eq_ignore_ascii_case(&from)) {
                *key = format!("{to}{}", &key[from.len()..]);
            }
        };
        for record in records {
            match record {
                Record::Issue(_, issue) => rekey(&mut issue.key),
                Record::Comment(_, comment) => rekey(&mut comment.issue_key),
                Record::Skip(_) | Record::End => {}
            }
        }
    }
    fit
}

/// Writes a delivery's records into the project, and records the delivery;
/// the binding follows the repository (a rename, in the same transaction,
/// after the delivery is known to be new).
pub async fn apply(
    store: &Store,
    delivery: &Delivery<'_>,
    fit: RepositoryFit,
    records: Vec<Record>,
) -> Result<Applied, ImportError> {
    let txn = store.begin_import().await?;
    if !txn.first_delivery(delivery.hook.id, delivery.id, delivery.event).await? {
        txn.rollback().await?;
        return Ok(Applied::Replayed);
    }
    if !txn.follow_repository(delivery.hook, delivery.repository, fit).await? {
        txn.rollback().await?;
        return Ok(Applied::Taken);
    }
    let project = delivery.project;
    let to = Destination { project: project.to_owned(), workspace: None, name: project.to_owned() };
    let written = async {
        let mut importer = Importer::begin(&txn, SourceSystem::Github, &to).await?.without_matching_by_name();
        for record in records {
            match record {
                Record::Issue(origin, issue) => importer.issue(origin, *issue).await?,
                Record::Comment(origin, comment) => importer.comment(origin, *comment).await?,
                Record::Skip(reason) => importer.skip(reason),
                Record::End => {}
            }
        }
        Ok::<_, ImportError>(importer.finish().await?)
    }
    .await;
    match written {
        Ok((counts, events)) => {
            txn.commit().await?;
            Ok(Applied::Written(counts, events))
        }
        Err(err) => {
            txn.rollback().await.map_err(|e: StoreError| ImportError::from(e))?;
            Err(err)
        }
    }
}
