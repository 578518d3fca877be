//! Reading tasks: the filter, the four keyset orders, pages, totals and refs.

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::{Alias, Asterisk, Expr, ExprTrait, Query, QueryStatementBuilder, SelectStatement};
use sea_orm::{
    ActiveEnum, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, IdenStatic, Iterable,
    JoinType, QueryFilter, QueryOrder, QueryResult, QuerySelect, QueryTrait, Select,
};
use serde::Serialize;

use entity::{
    StatusCategory, TaskKind, label, project, status, status_task_count, task, task_coworker, task_label, user,
};

mod page_rows;

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::fragments::{contains_word, parse_ref, project_ids_by_key, user_id_by_name, words};
use super::keyset::{self, KeysetOrder, Page};
use super::sources::SourceSystem;
use super::viewer::Viewer;
use super::visibility::{task_in_visible_project, visible_project_ids};
use super::{Result, Store, StoreError, input};

/// Which tasks a list holds. Every field narrows; tombstones are never in.
#[derive(Debug, Clone, Default, Serialize)]
pub struct TaskFilter {
    /// Project key.
    pub project: Option<String>,
    /// Status key, or a category (`todo`, `in_progress`, `done`, `canceled`).
    pub status: Option<String>,
    /// Done or canceled (true) or open (false).
    pub done: Option<bool>,
    /// Username or `me`.
    pub assignee: Option<String>,
    /// No assignee (true) or an assignee (false).
    pub unassigned: Option<bool>,
    /// Assignee or coworker: username or `me`.
    pub involves: Option<String>,
    /// Label name.
    pub label: Option<String>,
    /// Every word in the title or description, any case.
    pub text: Option<String>,
    pub changed_since: Option<DateTime<Utc>>,
    pub completed_since: Option<DateTime<Utc>>,
    /// No due date (true) or a due date (false).
    pub unscheduled: Option<bool>,
    pub due_before: Option<NaiveDate>,
    /// Due on or after this date.
    pub due_after: Option<NaiveDate>,
    /// Parent task ref.
    pub parent: Option<String>,
    pub kind: Option<TaskKind>,
    /// Imported from this system (`github`, `jira`, `linear`).
    pub source: Option<SourceSystem>,
    /// Imported with this key there (`owner/repo#123`, `PROJ-42`).
    pub source_key: Option<String>,
    /// Held by an agent session (true) or by none (false).
    pub claimed: Option<bool>,
    /// Held by this user's session: username or `me`.
    pub claimed_by: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum TaskOrder {
    /// Most recently active first.
    #[default]
    Updated,
    /// Most recently created first.
    Created,
    /// By project, then number ascending.
    Ref,
    /// Soonest due first; unscheduled last.
    Due,
    /// The board's manual order, the same for everyone.
    Board,
}

/// Which optional columns a page must read.
#[derive(Debug, Clone, Copy, Default)]
pub struct TaskColumns {
    pub description: bool,
    /// A page leaves out the columns of a task's claim and of its import
    /// source (eight of a page's forty): its selection reads neither, and
    /// those fields load the task if they are asked anyway. Only `page`
    /// heeds it; every other read has all of them.
    pub lean: bool,
}

impl TaskColumns {
    /// Every column: for a row just written, which has them all.
    pub fn with_all(self) -> Self {
        Self { description: true, lean: false }
    }
}

/// `migration::NO_DUE_DATE` as a date, for the positions of unscheduled
/// tasks: the last date the store keeps.
const NO_DUE_DATE: NaiveDate = *super::input::STORED_DATES.end();

/// The "due" sort key, written exactly as the expression of its index
/// (`ix_task_due_key_id`): the date is a literal because neither planner
/// matches an indexed expression against a bound parameter.
fn due_key() -> Expr {
    Expr::cust(format!("COALESCE(\"task\".\"due_date\", '{}')", migration::NO_DUE_DATE))
}

fn order_spec(order: TaskOrder) -> KeysetOrder<TaskRow> {
    let col = |c: task::Column| Expr::col((task::Entity, c));
    let id = (col(task::Column::Id), KeyKind::Int);
    match order {
        TaskOrder::Updated => KeysetOrder {
            name: "updated",
            keys: vec![(col(task::Column::UpdatedAt), KeyKind::Time), id],
            descending: true,
            position: |r| vec![keyset::time(&r.task.updated_at), KeyValue::Int(r.task.id)],
        },
        TaskOrder::Created => KeysetOrder {
            name: "created",
            keys: vec![(col(task::Column::CreatedAt), KeyKind::Time), id],
            descending: true,
            position: |r| vec![keyset::time(&r.task.created_at), KeyValue::Int(r.task.id)],
        },
        TaskOrder::Ref => KeysetOrder {
            name: "ref",
            keys: vec![(col(task::Column::ProjectId), KeyKind::Int), (col(task::Column::Number), KeyKind::Int), id],
            descending: false,
            position: |r| {
                vec![KeyValue::Int(r.task.project_id), KeyValue::Int(r.task.number.into()), KeyValue::Int(r.task.id)]
            },
        },
        TaskOrder::Due => KeysetOrder {
            name: "due",
            keys: vec![(due_key(), KeyKind::Date), id],
            descending: false,
            position: |r| vec![KeyValue::Date(r.task.due_date.unwrap_or(NO_DUE_DATE)), KeyValue::Int(r.task.id)],
        },
        TaskOrder::Board => KeysetOrder {
            name: "board",
            keys: vec![(col(task::Column::BoardRank), KeyKind::Int), id],
            descending: true,
            position: |r| vec![KeyValue::Int(r.task.board_rank), KeyValue::Int(r.task.id)],
        },
    }
}

fn status_ids_where(condition: Condition) -> sea_orm::sea_query::SelectStatement {
    Query::select().column(status::Column::Id).from(status::Entity).cond_where(condition).to_owned()
}

fn closed_categories() -> [StatusCategory; 2] {
    [StatusCategory::Done, StatusCategory::Canceled]
}

/// The id of the visible project with this key, as a scalar subquery: both
/// planners read it as a constant and walk the project's own index, where
/// `project_id IN (SELECT ...)` is planned as a semi-join that walks the
/// whole board's index and checks the project row by row. A key the viewer
/// does not see gives NULL, which no task matches.
fn visible_project_id_by_key(viewer: &Viewer, key: &str) -> Expr {
    let id = project_ids_by_key(key).and_where(project::Column::Id.in_subquery(visible_project_ids(viewer))).to_owned();
    Expr::SubQuery(None, Box::new(id.into_sub_query_statement()))
}

/// The filter's `status` and `done` on a status id column.
fn status_condition(status_id: Expr, filter: &TaskFilter) -> Condition {
    let mut c = Condition::all();
    if let Some(status) = &filter.status {
        let mut matches = Condition::any().add(status::Column::Key.eq(status.as_str()));
        if let Some(category) = StatusCategory::iter().find(|c| c.to_value() == *status) {
            matches = matches.add(status::Column::Category.eq(category));
        }
        c = c.add(status_id.clone().in_subquery(status_ids_where(matches)));
    }
    if let Some(done) = filter.done {
        let closed = status_ids_where(Condition::all().add(status::Column::Category.is_in(closed_categories())));
        c = c.add(if done { status_id.in_subquery(closed) } else { status_id.not_in_subquery(closed) });
    }
    c
}

/// Refuses a filter no task can match for its own sake (open tasks of a
/// done category, open tasks completed since a date): an empty list would
/// say there are none.
fn check_consistent(filter: &TaskFilter) -> Result<()> {
    if filter.unassigned == Some(true) && filter.assignee.is_some() {
        return Err(StoreError::bad_input(
            "`unassigned` asks for tasks without an assignee, but `assignee` names one",
            "pass one of them",
        ));
    }
    let Some(done) = filter.done else { return Ok(()) };
    let category = filter.status.as_deref().and_then(|s| StatusCategory::iter().find(|c| c.to_value() == s));
    if let Some(category) = category.filter(|c| closed_categories().contains(c) != done) {
        let (asked, status) = if done { ("done or canceled", "open") } else { ("open", "closed") };
        return Err(StoreError::bad_input(
            format!(
                "`done` is {done} ({asked} tasks), but `status` {} is a category of {status} ones",
                category.to_value()
            ),
            format!("pass `done: {}` with this status", !done),
        ));
    }
    if !done && filter.completed_since.is_some() {
        return Err(StoreError::bad_input(
            "`completedSince` asks for completed tasks, but `done` is false (open tasks)",
            "pass `done: true` with `completedSince`",
        ));
    }
    Ok(())
}

/// The SQL condition of a filter, visibility and tombstones included.
pub(crate) fn condition(viewer: &Viewer, filter: &TaskFilter, project_id: Option<i64>) -> Result<Condition> {
    input::filter_date("dueBefore", filter.due_before)?;
    input::filter_date("dueAfter", filter.due_after)?;
    input::filter_instant("changedSince", filter.changed_since)?;
    input::filter_instant("completedSince", filter.completed_since)?;
    check_consistent(filter)?;
    let mut c = Condition::all().add(task::Column::DeletedAt.is_null());
    c = visible(c, viewer, filter, project_id);
    c = c.add(status_condition(Expr::col((task::Entity, task::Column::StatusId)), filter));
    c = people(c, viewer, filter);
    if let Some(name) = &filter.label {
        c = c.add(task::Column::Id.in_subquery(task_ids_labelled(name)));
    }
    if let Some(text) = &filter.text {
        c = c.add(text_condition(text)?);
    }
    c = dates(c, filter);
    if let Some(parent) = &filter.parent {
        c = c.add(task::Column::ParentId.in_subquery(task_id_by_ref(parent)?));
    }
    if let Some(kind) = filter.kind {
        c = c.add(task::Column::Kind.eq(kind));
    }
    if let Some(system) = filter.source {
        c = c.add(task::Column::SourceSystem.eq(system.as_str()));
    }
    if let Some(key) = &filter.source_key {
        c = c.add(task::Column::SourceKey.eq(key.as_str()));
    }
    Ok(claims(c, viewer, filter))
}

/// Only tasks of projects the viewer sees, of the project asked for.
fn visible(c: Condition, viewer: &Viewer, filter: &TaskFilter, project_id: Option<i64>) -> Condition {
    let mut c = c;
    // Within one project, visibility is checked on the project alone, so the
    // planner sees `project_id = constant` and walks the project's index.
    if let Some(id) = project_id {
        c = c.add(task::Column::ProjectId.eq(id)).add(Expr::val(id).in_subquery(visible_project_ids(viewer)));
    }
    if let Some(key) = &filter.project {
        c = c.add(Expr::col((task::Entity, task::Column::ProjectId)).eq(visible_project_id_by_key(viewer, key)));
    }
    if project_id.is_none() && filter.project.is_none() {
        c = c.add(task_in_visible_project(viewer));
    }
    c
}

/// `claimed` and `claimedBy`, as of now.
fn claims(c: Condition, viewer: &Viewer, filter: &TaskFilter) -> Condition {
    let at = super::now();
    let held = Condition::all().add(task::Column::ClaimSessionId.is_not_null()).add(task::Column::ClaimUntil.gt(at));
    let mut c = c;
    match filter.claimed {
        Some(true) => c = c.add(held.clone()),
        Some(false) => c = c.add(super::task_writes::claims::unclaimed(at)),
        None => {}
    }
    if let Some(name) = &filter.claimed_by {
        c = c.add(held).add(task::Column::ClaimHolderId.in_subquery(user_id_by_name(viewer, name)));
    }
    c
}

/// `assignee`, and `involves` (assignee or coworker).
fn people(c: Condition, viewer: &Viewer, filter: &TaskFilter) -> Condition {
    let mut c = c;
    if let Some(name) = &filter.assignee {
        // Usernames are unique: as a scalar subquery the assignee is a
        // constant to both planners, so a project's page of one assignee
        // walks their index in order instead of sorting all their tasks.
        let id = Expr::SubQuery(None, Box::new(user_id_by_name(viewer, name).into_sub_query_statement()));
        c = c.add(Expr::col((task::Entity, task::Column::AssigneeId)).eq(id));
    }
    if let Some(unassigned) = filter.unassigned {
        let column = Expr::col((task::Entity, task::Column::AssigneeId));
        c = c.add(if unassigned { column.is_null() } else { column.is_not_null() });
    }
    if let Some(name) = &filter.involves {
        let coworking = Query::select()
            .column(task_coworker::Column::TaskId)
            .from(task_coworker::Entity)
            .and_where(task_coworker::Column::UserId.in_subquery(user_id_by_name(viewer, name)))
            .to_owned();
        c = c.add(
            Condition::any()
                .add(task::Column::AssigneeId.in_subquery(user_id_by_name(viewer, name)))
                .add(task::Column::Id.in_subquery(coworking)),
        );
    }
    c
}

/// Tasks with the label `name`.
pub(crate) fn labelled(name: &str) -> Condition {
    Condition::all().add(task::Column::Id.in_subquery(task_ids_labelled(name)))
}

/// `SELECT task_id` of the tasks with the label `name`.
fn task_ids_labelled(name: &str) -> SelectStatement {
    let labels = Query::select()
        .column(label::Column::Id)
        .from(label::Entity)
        .and_where(label::Column::Name.eq(super::input::nfc(name)))
        .to_owned();
    Query::select()
        .column(task_label::Column::TaskId)
        .from(task_label::Entity)
        .and_where(task_label::Column::LabelId.in_subquery(labels))
        .to_owned()
}

/// Every word of `text` in the title or the description.
fn text_condition(text: &str) -> Result<Condition> {
    let words = words(text);
    input::search_words("text", &words)?;
    if words.is_empty() {
        return Err(super::StoreError::bad_input("`text` is empty", "give the words to find, or leave `text` out"));
    }
    let mut c = Condition::all();
    for word in words {
        c = c.add(
            Condition::any()
                .add(contains_word(Expr::col((task::Entity, task::Column::Title)), &word))
                .add(contains_word(Expr::col((task::Entity, task::Column::Description)), &word)),
        );
    }
    Ok(c)
}

fn dates(c: Condition, filter: &TaskFilter) -> Condition {
    let mut c = c;
    if let Some(since) = filter.changed_since {
        c = c.add(task::Column::UpdatedAt.gte(since));
    }
    if let Some(since) = filter.completed_since {
        c = c.add(task::Column::CompletedAt.gte(since));
    }
    if let Some(unscheduled) = filter.unscheduled {
        c = c.add(if unscheduled { task::Column::DueDate.is_null() } else { task::Column::DueDate.is_not_null() });
    }
    if let Some(before) = filter.due_before {
        c = c.add(task::Column::DueDate.lt(before));
    }
    if let Some(after) = filter.due_after {
        c = c.add(task::Column::DueDate.gte(after));
    }
    c
}

/// `SELECT task.id` of the task `KEY-N` (of any project: the filter's
/// visibility applies to the tasks it finds).
fn task_id_by_ref(task_ref: &str) -> Result<SelectStatement> {
    let (key, number) = parse_ref(task_ref)?;
    Ok(Query::select()
        .column((task::Entity, task::Column::Id))
        .from(task::Entity)
        .inner_join(
            project::Entity,
            Expr::col((project::Entity, project::Column::Id)).equals((task::Entity, task::Column::ProjectId)),
        )
        .and_where(Expr::col((project::Entity, project::Column::Key)).eq(key))
        .and_where(Expr::col((task::Entity, task::Column::Number)).eq(number))
        .to_owned())
}

/// Whether a select leaves `column` out: what an import last read (the
/// importer's alone), the description unless asked for, and on a lean page
/// the claim's and the import source's columns.
fn left_out(column: task::Column, columns: TaskColumns) -> bool {
    use task::Column as C;
    match column {
        C::SourceState => true,
        C::Description => !columns.description,
        C::SourceSystem
        | C::SourceKey
        | C::SourceUrl
        | C::ClaimSessionId
        | C::ClaimHolderId
        | C::ClaimedAt
        | C::ClaimUntil
        | C::ClaimTtlSeconds => columns.lean,
        _ => false,
    }
}

/// Selects every column but those left out, which read as NULL without
/// touching the table's data (sea-orm reads a model by every column's name).
fn select_columns(columns: TaskColumns) -> Select<task::Entity> {
    let mut select = columns_read(columns);
    for column in task::Column::iter().filter(|c| left_out(*c, columns)) {
        select = select.expr_as(Expr::val(Option::<String>::None), column.as_str());
    }
    select
}

/// The columns a select reads, none in place of those left out: a page
/// selects these alone (`page_rows` reads a column that is not there as
/// NULL), and the database then neither reads nor sends them.
fn columns_read(columns: TaskColumns) -> Select<task::Entity> {
    task::Entity::find().select_only().columns(task::Column::iter().filter(|c| !left_out(*c, columns)))
}

/// A task of a page with what nearly every list shows beside it (its
/// project's key, its status, its assignee), read in the page's own
/// statement by joins on primary keys made after the page is cut. The
/// statement is one of two (with or without the description) whatever
/// else is selected, so each connection prepares few.
#[derive(Debug, Clone)]
pub struct TaskRow {
    pub task: task::Model,
    /// Always present (a task's project exists); read through a LEFT JOIN
    /// as the other joins are.
    pub project_key: Option<String>,
    pub status: Option<status::Model>,
    pub assignee: Option<user::Model>,
}

const STATUS_PREFIX: &str = "s_";
const ASSIGNEE_PREFIX: &str = "u_";
const PROJECT_KEY: &str = "p_key";

impl keyset::PageRows for TaskRow {
    fn from_rows(rows: &[QueryResult]) -> std::result::Result<Vec<Self>, DbErr> {
        page_rows::decode(rows)
    }
}

/// What a page's rows are joined to once the page is cut (see
/// `keyset::fetch_joined_page`): every column of the page's tasks, then
/// their status, assignee and project key.
fn joined_to_page() -> SelectStatement {
    let mut select = Query::select();
    select.column((task::Entity, Asterisk)).from_as(Alias::new(keyset::PAGE_ROWS), task::Entity);
    for column in status::Column::iter() {
        select.expr_as(Expr::col((status::Entity, column)), Alias::new(format!("{STATUS_PREFIX}{}", column.as_str())));
    }
    for column in user::Column::iter() {
        select.expr_as(Expr::col((user::Entity, column)), Alias::new(format!("{ASSIGNEE_PREFIX}{}", column.as_str())));
    }
    select.expr_as(Expr::col((project::Entity, project::Column::Key)), Alias::new(PROJECT_KEY));
    let on = |table_id: Expr, task_column: task::Column| table_id.equals((task::Entity, task_column));
    select
        .join(
            JoinType::LeftJoin,
            project::Entity,
            on(Expr::col((project::Entity, project::Column::Id)), task::Column::ProjectId),
        )
        .join(
            JoinType::LeftJoin,
            status::Entity,
            on(Expr::col((status::Entity, status::Column::Id)), task::Column::StatusId),
        )
        .join(
            JoinType::LeftJoin,
            user::Entity,
            on(Expr::col((user::Entity, user::Column::Id)), task::Column::AssigneeId),
        );
    select
}

fn digest(filter: &TaskFilter, order: TaskOrder, project_id: Option<i64>) -> String {
    let canonical = serde_json::to_string(&(filter, project_id)).unwrap_or_default();
    cursor::digest(order_spec(order).name, &canonical)
}

/// A page of the tasks that match `filter`, within `project_id` when given;
/// `with_count` reads how many match in the same statement (`None` back
/// when the page is empty: `count` then answers).
#[allow(clippy::too_many_arguments)]
pub async fn page(
    store: &Store,
    viewer: &Viewer,
    filter: &TaskFilter,
    order: TaskOrder,
    project_id: Option<i64>,
    args: &PageArgs,
    columns: TaskColumns,
    with_count: bool,
) -> Result<(Page<TaskRow>, Option<u64>)> {
    let spec = order_spec(order);
    let digest = digest(filter, order, project_id);
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    // One condition for both, so that a claim is judged at one instant.
    let condition = condition(viewer, filter, project_id)?;
    let total = with_count.then(|| count_statement(viewer, filter, project_id, &condition));
    let select = columns_read(columns).filter(condition);
    keyset::fetch_joined_page(&store.db, select, Some(joined_to_page()), total, &spec, &digest, &request).await
}

/// Whether a filter narrows by project, status and done at most, so that
/// its count is a sum of the live-task counters of statuses. (Destructured
/// so that a new filter field must be considered here.)
fn counted_by_status(filter: &TaskFilter) -> bool {
    let TaskFilter {
        project: _,
        status: _,
        done: _,
        assignee,
        unassigned,
        involves,
        label,
        text,
        changed_since,
        completed_since,
        unscheduled,
        due_before,
        due_after,
        parent,
        kind,
        source,
        source_key,
        claimed,
        claimed_by,
    } = filter;
    assignee.is_none()
        && unassigned.is_none()
        && due_after.is_none()
        && claimed.is_none()
        && claimed_by.is_none()
        && involves.is_none()
        && label.is_none()
        && text.is_none()
        && changed_since.is_none()
        && completed_since.is_none()
        && unscheduled.is_none()
        && due_before.is_none()
        && parent.is_none()
        && kind.is_none()
        && source.is_none()
        && source_key.is_none()
}

/// The live tasks of the visible projects in scope, from the counters the
/// database keeps: one row per status instead of one index entry per task.
fn count_from_counters(viewer: &Viewer, filter: &TaskFilter, project_id: Option<i64>) -> SelectStatement {
    let column = |c: status_task_count::Column| Expr::col((status_task_count::Entity, c));
    let mut select = status_task_count::Entity::find()
        .select_only()
        .expr(Expr::cust("CAST(COALESCE(SUM(\"live\"), 0) AS BIGINT)"))
        .filter(column(status_task_count::Column::ProjectId).in_subquery(visible_project_ids(viewer)))
        .filter(status_condition(column(status_task_count::Column::StatusId), filter));
    if let Some(id) = project_id {
        select = select.filter(column(status_task_count::Column::ProjectId).eq(id));
    }
    if let Some(key) = &filter.project {
        select = select.filter(column(status_task_count::Column::ProjectId).eq(visible_project_id_by_key(viewer, key)));
    }
    select.into_query()
}

/// The statement that counts the tasks matching `filter`, as `count` runs
/// it and as a page reads it beside its rows (`condition`: the page's).
fn count_statement(
    viewer: &Viewer,
    filter: &TaskFilter,
    project_id: Option<i64>,
    condition: &Condition,
) -> SelectStatement {
    if counted_by_status(filter) {
        return count_from_counters(viewer, filter, project_id);
    }
    // A plain `COUNT(*)` over the task table alone, so that both planners
    // can answer it from a partial index of live tasks.
    task::Entity::find().select_only().expr(Expr::cust("COUNT(*)")).filter(condition.clone()).into_query()
}

/// How many tasks match `filter`, counted with the page's own condition.
pub async fn count(store: &Store, viewer: &Viewer, filter: &TaskFilter, project_id: Option<i64>) -> Result<u64> {
    let statement = count_statement(viewer, filter, project_id, &condition(viewer, filter, project_id)?);
    let statement = store.db.get_database_backend().build(&statement);
    let count: Option<i64> = match store.db.query_one_raw(statement).await? {
        Some(row) => row.try_get_by_index(0)?,
        None => None,
    };
    Ok(u64::try_from(count.unwrap_or(0)).unwrap_or(0))
}

/// The visible task with this ref, tombstone or not.
pub async fn by_ref(
    store: &Store,
    viewer: &Viewer,
    task_ref: &str,
    columns: TaskColumns,
) -> Result<Option<task::Model>> {
    let (key, number) = parse_ref(task_ref)?;
    let project_ids = project_ids_by_key(key);
    Ok(select_columns(columns)
        .filter(task::Column::ProjectId.in_subquery(project_ids))
        .filter(task::Column::Number.eq(number))
        .filter(task::Column::ProjectId.in_subquery(visible_project_ids(viewer)))
        .one(&store.db)
        .await?)
}

/// Visible tasks by id, tombstones included (for `node` and loaders).
pub async fn by_ids(store: &Store, viewer: &Viewer, ids: &[i64], columns: TaskColumns) -> Result<Vec<task::Model>> {
    Ok(select_columns(columns)
        .filter(task::Column::Id.is_in(ids.iter().copied()))
        .filter(task::Column::ProjectId.in_subquery(visible_project_ids(viewer)))
        .all(&store.db)
        .await?)
}

/// A label with the task it is on.
struct LabelOfTask(i64, label::Model);

impl FromQueryResult for LabelOfTask {
    fn from_query_result(res: &QueryResult, pre: &str) -> std::result::Result<Self, DbErr> {
        Ok(Self(res.try_get(pre, "of_task")?, label::Model::from_query_result(res, pre)?))
    }
}

/// Labels of the given tasks, by task id, in name order, in one statement.
pub async fn labels_of(store: &Store, task_ids: &[i64]) -> Result<Vec<(i64, label::Model)>> {
    let mut select = label::Entity::find()
        .expr_as(Expr::col((task_label::Entity, task_label::Column::TaskId)), "of_task")
        .filter(Expr::col((task_label::Entity, task_label::Column::TaskId)).is_in(task_ids.iter().copied()))
        .order_by_asc(label::Column::Name)
        .order_by_asc(label::Column::Id);
    QueryTrait::query(&mut select).join(
        JoinType::InnerJoin,
        task_label::Entity,
        Expr::col((task_label::Entity, task_label::Column::LabelId)).equals((label::Entity, label::Column::Id)),
    );
    let rows = select.into_model::<LabelOfTask>().all(&store.db).await?;
    Ok(rows.into_iter().map(|LabelOfTask(task, label)| (task, label)).collect())
}

/// Coworkers of the given tasks, by task id.
pub async fn coworkers_of(store: &Store, task_ids: &[i64]) -> Result<Vec<(i64, i64)>> {
    Ok(task_coworker::Entity::find()
        .select_only()
        .column(task_coworker::Column::TaskId)
        .column(task_coworker::Column::UserId)
        .filter(task_coworker::Column::TaskId.is_in(task_ids.iter().copied()))
        .into_tuple::<(i64, i64)>()
        .all(&store.db)
        .await?)
}

/// Descriptions of visible tasks, for tasks read without them.
pub async fn descriptions(store: &Store, viewer: &Viewer, ids: &[i64]) -> Result<Vec<(i64, Option<String>)>> {
    Ok(task::Entity::find()
        .select_only()
        .column(task::Column::Id)
        .column(task::Column::Description)
        .filter(task::Column::Id.is_in(ids.iter().copied()))
        .filter(task::Column::ProjectId.in_subquery(visible_project_ids(viewer)))
        .into_tuple::<(i64, Option<String>)>()
        .all(&store.db)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::NO_DUE_DATE;

    #[test]
    fn the_due_key_and_its_index_agree_on_unscheduled_tasks() {
        assert_eq!(NO_DUE_DATE.format("%Y-%m-%d").to_string(), migration::NO_DUE_DATE);
    }
}
