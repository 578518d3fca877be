//! The outbox: the deliveries a change makes, written in the change's own
//! transaction, so that a crash between the commit and the send loses
//! nothing. One message per task and transaction (its change-log events
//! together), one delivery of it per endpoint that asked for its type;
//! the body is the Standard Webhooks envelope `{type, timestamp, data}`,
//! fixed when written, so every retry sends the same bytes under the same
//! `webhook-id`. `data` holds the change and the task's summary (the MCP
//! summary's fields), nothing from outside the task's workspace.

use std::collections::{HashMap, HashSet};

use rand::RngCore;
use sea_orm::sea_query::{Expr, ExprTrait, JoinType, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, QueryTrait, Set};
use serde_json::{Map, Value, json};

use entity::{label, project, status, task, task_label, user, webhook, webhook_delivery, workspace};

use super::{EventType, events_of};
use crate::store::now;
use crate::store::task_writes::log::{Change, Filed, logged};

/// `msg_` and 16 random bytes in hex: the `webhook-id` of one delivery.
fn message_id() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    format!("msg_{}", hex::encode(bytes))
}

/// The event a transaction's changes of one task make.
fn event_type(fields: &[&str]) -> EventType {
    let is = |name: &str| fields.contains(&name);
    let claim = |f: &&str| f.starts_with("claim");
    if is("created") {
        EventType::TaskCreated
    } else if is("deleted") {
        EventType::TaskDeleted
    } else if fields.iter().any(|f| *f != "comment" && !claim(f)) {
        EventType::TaskUpdated
    } else if fields.iter().any(claim) {
        EventType::TaskClaimed
    } else {
        EventType::TaskCommented
    }
}

/// The enabled endpoints of the workspaces these projects are in.
async fn endpoints_for(txn: &impl ConnectionTrait, project_ids: &HashSet<i64>) -> Result<Vec<webhook::Model>, DbErr> {
    let workspaces = Query::select()
        .column(project::Column::WorkspaceId)
        .from(project::Entity)
        .and_where(project::Column::Id.is_in(project_ids.iter().copied()))
        .to_owned();
    webhook::Entity::find()
        .filter(webhook::Column::Enabled.eq(true))
        .filter(webhook::Column::WorkspaceId.in_subquery(workspaces))
        .all(txn)
        .await
}

/// One task's changes in this transaction.
struct Message<'a> {
    task_id: i64,
    project_id: i64,
    events: Vec<&'a Filed>,
}

/// Writes the deliveries of these change-log events; one statement when
/// no endpoint of their workspaces is enabled.
pub(crate) async fn enqueue_task_changes(txn: &impl ConnectionTrait, filed: &[Filed]) -> Result<(), DbErr> {
    let project_ids: HashSet<i64> = filed.iter().map(|f| f.project_id).collect();
    if project_ids.is_empty() {
        return Ok(());
    }
    let hooks = endpoints_for(txn, &project_ids).await?;
    if hooks.is_empty() {
        return Ok(());
    }
    let mut messages: Vec<Message> = Vec::new();
    for f in filed {
        match messages.iter_mut().find(|m| m.task_id == f.task_id) {
            Some(message) => message.events.push(f),
            None => messages.push(Message { task_id: f.task_id, project_id: f.project_id, events: vec![f] }),
        }
    }
    let places = Places::load(txn, &project_ids).await?;
    let mut wanted = Vec::new();
    for message in messages {
        let fields: Vec<&str> = message.events.iter().map(|e| e.change.field).collect();
        let kind = event_type(&fields);
        let Some(workspace_id) = places.workspace_of(message.project_id) else { continue };
        let to: Vec<&webhook::Model> = hooks
            .iter()
            .filter(|h| h.workspace_id == workspace_id)
            .filter(|h| h.project_id.is_none_or(|p| p == message.project_id))
            .filter(|h| events_of(h).contains(&kind))
            .collect();
        if !to.is_empty() {
            wanted.push((message, kind, to));
        }
    }
    if wanted.is_empty() {
        return Ok(());
    }
    let summaries = Summaries::load(txn, &wanted).await?;
    let mut rows = Vec::new();
    for (message, kind, to) in wanted {
        let data = summaries.data(&places, &message);
        let body = envelope(kind, data);
        for hook in to {
            rows.push(delivery(hook.id, kind, Some(message.task_id), body.clone()));
        }
    }
    crate::store::rows::insert_active(txn, rows).await
}

/// Writes the deliveries of a change that is not a task's (a wiki page, a
/// project) to the workspace's endpoints that asked for its type; `data`
/// gains the workspace's and project's keys.
pub(crate) async fn enqueue(
    txn: &impl ConnectionTrait,
    workspace_id: i64,
    project_id: Option<i64>,
    kind: EventType,
    mut data: Map<String, Value>,
) -> Result<(), DbErr> {
    let hooks: Vec<webhook::Model> = webhook::Entity::find()
        .filter(webhook::Column::Enabled.eq(true))
        .filter(webhook::Column::WorkspaceId.eq(workspace_id))
        .all(txn)
        .await?
        .into_iter()
        .filter(|h| h.project_id.is_none_or(|p| Some(p) == project_id))
        .filter(|h| events_of(h).contains(&kind))
        .collect();
    if hooks.is_empty() {
        return Ok(());
    }
    if let Some(ws) = workspace::Entity::find_by_id(workspace_id).one(txn).await? {
        data.insert("workspace".into(), json!(ws.key));
    }
    if let Some(project) = project_id {
        if let Some(project) = project::Entity::find_by_id(project).one(txn).await? {
            data.insert("project".into(), json!(project.key));
        }
    }
    let body = envelope(kind, Value::Object(data));
    let rows = hooks.iter().map(|h| delivery(h.id, kind, None, body.clone())).collect();
    crate::store::rows::insert_active(txn, rows).await
}

fn envelope(kind: EventType, data: Value) -> String {
    let at = now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    json!({"type": kind.as_str(), "timestamp": at, "data": data}).to_string()
}

fn delivery(webhook_id: i64, kind: EventType, task_id: Option<i64>, payload: String) -> webhook_delivery::ActiveModel {
    let at = now();
    webhook_delivery::ActiveModel {
        webhook_id: Set(webhook_id),
        message_id: Set(message_id()),
        event_type: Set(kind.as_str().to_owned()),
        task_id: Set(task_id),
        payload: Set(payload),
        status: Set(super::queue::PENDING.to_owned()),
        attempts: Set(0),
        next_at: Set(at),
        leased_until: Set(None),
        created_at: Set(at),
        ..Default::default()
    }
}

/// The most characters (UTF-16 units) of a changed value a delivery carries: a
/// description or comment is cut there (`truncated: true`), so a message
/// stays a few kilobytes however long the text; the task's page has it whole.
pub const MAX_VALUE_CHARS: usize = 1000;

fn change(change: &Change) -> Value {
    let (old, old_cut) = cut(change.old.as_deref());
    let (new, new_cut) = cut(change.new.as_deref());
    let mut value = json!({"field": change.field, "old": old, "new": new});
    if old_cut || new_cut {
        value["truncated"] = json!(true);
    }
    value
}

/// The value's first `MAX_VALUE_CHARS` UTF-16 units (on a grapheme
/// boundary), and whether it had more.
fn cut(value: Option<&str>) -> (Option<&str>, bool) {
    match value.and_then(|text| crate::text::window(text, 0, MAX_VALUE_CHARS)).filter(|w| w.next.is_some()) {
        Some(start) => (Some(start.text), true),
        None => (value, false),
    }
}

/// The keys of the projects and workspaces changed.
struct Places {
    projects: HashMap<i64, project::Model>,
    workspaces: HashMap<i64, String>,
}

impl Places {
    async fn load(txn: &impl ConnectionTrait, project_ids: &HashSet<i64>) -> Result<Self, DbErr> {
        let projects: HashMap<i64, project::Model> = project::Entity::find()
            .filter(project::Column::Id.is_in(project_ids.iter().copied()))
            .all(txn)
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
        let ids: HashSet<i64> = projects.values().map(|p| p.workspace_id).collect();
        let workspaces = workspace::Entity::find().filter(workspace::Column::Id.is_in(ids)).all(txn).await?;
        Ok(Self { projects, workspaces: workspaces.into_iter().map(|w| (w.id, w.key)).collect() })
    }

    fn workspace_of(&self, project_id: i64) -> Option<i64> {
        self.projects.get(&project_id).map(|p| p.workspace_id)
    }
}

/// What the messages' tasks are now, and who made the changes.
struct Summaries {
    tasks: HashMap<i64, task::Model>,
    statuses: HashMap<i64, status::Model>,
    usernames: HashMap<i64, String>,
    labels: HashMap<i64, Vec<String>>,
}

impl Summaries {
    async fn load(
        txn: &impl ConnectionTrait,
        wanted: &[(Message<'_>, EventType, Vec<&webhook::Model>)],
    ) -> Result<Self, DbErr> {
        let task_ids: HashSet<i64> = wanted.iter().map(|(m, ..)| m.task_id).collect();
        let tasks: HashMap<i64, task::Model> = task::Entity::find()
            .filter(task::Column::Id.is_in(task_ids.iter().copied()))
            .all(txn)
            .await?
            .into_iter()
            .map(|t| (t.id, t))
            .collect();
        let status_ids: HashSet<i64> = tasks.values().map(|t| t.status_id).collect();
        let statuses = status::Entity::find().filter(status::Column::Id.is_in(status_ids)).all(txn).await?;
        let mut user_ids: HashSet<i64> = tasks.values().filter_map(|t| t.assignee_id).collect();
        user_ids.extend(wanted.iter().flat_map(|(m, ..)| m.events.iter().map(|e| e.by.user_id)));
        let users = user::Entity::find().filter(user::Column::Id.is_in(user_ids)).all(txn).await?;
        let mut named = task_label::Entity::find()
            .select_only()
            .column(task_label::Column::TaskId)
            .column_as(Expr::col((label::Entity, label::Column::Name)), "name")
            .filter(task_label::Column::TaskId.is_in(task_ids));
        QueryTrait::query(&mut named).join(
            JoinType::InnerJoin,
            label::Entity,
            Expr::col((task_label::Entity, task_label::Column::LabelId)).equals((label::Entity, label::Column::Id)),
        );
        let mut labels: HashMap<i64, Vec<String>> = HashMap::new();
        for (task_id, name) in named.into_tuple::<(i64, String)>().all(txn).await? {
            labels.entry(task_id).or_default().push(name);
        }
        labels.values_mut().for_each(|names| names.sort_unstable());
        Ok(Self {
            tasks,
            statuses: statuses.into_iter().map(|s| (s.id, s)).collect(),
            usernames: users.into_iter().map(|u| (u.id, u.username)).collect(),
            labels,
        })
    }

    fn data(&self, places: &Places, message: &Message) -> Value {
        let mut data = Map::new();
        if let Some(project) = places.projects.get(&message.project_id) {
            if let Some(key) = places.workspaces.get(&project.workspace_id) {
                data.insert("workspace".into(), json!(key));
            }
            data.insert("project".into(), json!(project.key));
        }
        if let Some(first) = message.events.first() {
            if let Some(actor) = self.usernames.get(&first.by.user_id) {
                data.insert("actor".into(), json!(actor));
            }
            data.insert("at".into(), json!(first.by.at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)));
        }
        if let Some(revision) = message.events.iter().filter_map(|e| e.revision).max() {
            data.insert("revision".into(), json!(revision));
        }
        let changes: Vec<Value> = message.events.iter().map(|e| change(&e.change)).collect();
        data.insert("changes".into(), Value::Array(changes));
        if let Some(task) = self.tasks.get(&message.task_id) {
            let project_key = places.projects.get(&task.project_id).map_or("", |p| p.key.as_str());
            data.insert("task".into(), self.summary(task, project_key));
        }
        Value::Object(data)
    }

    /// The fields of the MCP summary, empties left out as there.
    fn summary(&self, task: &task::Model, project_key: &str) -> Value {
        let status = self.statuses.get(&task.status_id);
        let mut summary = Map::new();
        summary.insert("ref".into(), json!(format!("{project_key}-{}", task.number)));
        summary.insert("title".into(), json!(task.title));
        if let Some(status) = status {
            summary.insert("status".into(), json!(status.key));
        }
        summary.insert("priority".into(), json!(logged(task.priority).to_uppercase()));
        if let Some(assignee) = task.assignee_id.and_then(|id| self.usernames.get(&id)) {
            summary.insert("assignee".into(), json!(assignee));
        }
        if let Some(due) = task.due_date {
            summary.insert("due".into(), json!(due.to_string()));
        }
        if let Some(labels) = self.labels.get(&task.id) {
            summary.insert("labels".into(), json!(labels));
        }
        summary.insert("updated".into(), json!(task.updated_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)));
        summary.insert("done".into(), json!(status.is_some_and(|s| s.category.is_closed())));
        if task.deleted_at.is_some() {
            summary.insert("deleted".into(), json!(true));
        }
        Value::Object(summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_are_cut_and_say_so() {
        let long = "é".repeat(MAX_VALUE_CHARS + 5);
        let cut = change(&Change { field: "description", old: Some("short".into()), new: Some(long) });
        assert_eq!(cut["old"], "short");
        assert_eq!(cut["new"].as_str().map(|s| s.chars().count()), Some(MAX_VALUE_CHARS));
        assert_eq!(cut["truncated"], true);
        let whole = change(&Change { field: "title", old: None, new: Some("a".repeat(MAX_VALUE_CHARS)) });
        assert!(whole.get("truncated").is_none());
        assert_eq!(whole["old"], Value::Null);
    }

    #[test]
    fn a_transactions_fields_name_its_event() {
        assert_eq!(event_type(&["created"]), EventType::TaskCreated);
        assert_eq!(event_type(&["title", "status"]), EventType::TaskUpdated);
        assert_eq!(event_type(&["deleted"]), EventType::TaskDeleted);
        assert_eq!(event_type(&["comment"]), EventType::TaskCommented);
        assert_eq!(event_type(&["claim"]), EventType::TaskClaimed);
        assert_eq!(event_type(&["claim_lapsed"]), EventType::TaskClaimed);
        assert_eq!(event_type(&["claim", "status"]), EventType::TaskUpdated);
    }
}
