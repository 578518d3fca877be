//! Agent sessions: who (which token) works on what, with a heartbeat.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set};

use entity::{agent_session, api_token, task};

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::db_error::with_retry;
use super::keyset::{self, KeysetOrder, Page};
use super::task_writes::claims;
use super::task_writes::log::Actor;
use super::tasks::{self, TaskColumns};
use super::viewer::Viewer;
use super::visibility::{require_write, visible_task_ids};
use super::{Result, Store, StoreError, input, now};

pub const MAX_NAME_CHARS: usize = 200;

fn new_public_id() -> String {
    let mut bytes = [0u8; 12];
    rand::rng().fill_bytes(&mut bytes);
    format!("ag_{}", URL_SAFE_NO_PAD.encode(bytes))
}

async fn task_id_of(store: &Store, viewer: &Viewer, task_ref: Option<&str>) -> Result<Option<i64>> {
    let Some(task_ref) = task_ref else { return Ok(None) };
    let task = tasks::by_ref(store, viewer, task_ref, TaskColumns::default())
        .await?
        .filter(|t| t.deleted_at.is_none())
        .ok_or_else(|| StoreError::not_found(format!("no task {}", crate::text::echo(task_ref))))?;
    Ok(Some(task.id))
}

fn validate_status(status: &str) -> Result<String> {
    input::single_line("status", status, input::MAX_STATUS_CHARS)
}

pub async fn register(
    store: &Store,
    viewer: &Viewer,
    name: &str,
    task_ref: Option<&str>,
    status: Option<&str>,
) -> Result<agent_session::Model> {
    require_write(viewer)?;
    let name = input::single_line("name", name, MAX_NAME_CHARS)?;
    let status = status.map(validate_status).transpose()?;
    let task_id = task_id_of(store, viewer, task_ref).await?;
    let at = now();
    Ok(agent_session::ActiveModel {
        public_id: Set(new_public_id()),
        token_id: Set(viewer.token_id),
        user_id: Set(viewer.user_id),
        name: Set(name),
        task_id: Set(task_id),
        status: Set(status),
        started_at: Set(at),
        heartbeat_at: Set(at),
        ended_at: Set(None),
        ..Default::default()
    }
    .insert(&store.db)
    .await?)
}

/// The session `id` names, or the token's most recent open session.
pub(crate) async fn own_open_session(store: &Store, viewer: &Viewer, id: Option<&str>) -> Result<agent_session::Model> {
    let mut query = agent_session::Entity::find()
        .filter(agent_session::Column::TokenId.eq(viewer.token_id))
        .filter(agent_session::Column::EndedAt.is_null());
    if let Some(id) = id {
        query = query.filter(agent_session::Column::PublicId.eq(id));
    }
    query.order_by_desc(agent_session::Column::StartedAt).one(&store.db).await?.ok_or_else(|| match id {
        Some(id) => StoreError::not_found(format!("no open agent session {} of this token", crate::text::echo(id))),
        None => StoreError::not_found("this token has no open agent session: call `registerAgent` first"),
    })
}

pub async fn heartbeat(
    store: &Store,
    viewer: &Viewer,
    id: Option<&str>,
    task_ref: Option<&str>,
    status: Option<&str>,
) -> Result<agent_session::Model> {
    require_write(viewer)?;
    let status = status.map(validate_status).transpose()?;
    let session = own_open_session(store, viewer, id).await?;
    let mut row: agent_session::ActiveModel = session.into();
    if let Some(task_id) = task_id_of(store, viewer, task_ref).await? {
        row.task_id = Set(Some(task_id));
    }
    if let Some(status) = status {
        row.status = Set(Some(status));
    }
    let at = now();
    row.heartbeat_at = Set(at);
    // The session's row first, then its claims: the order claims take.
    with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        let session = row.clone().update(&txn).await?;
        claims::renew(&txn, session.id, at).await?;
        txn.commit().await?;
        Ok(session)
    })
    .await
}

pub async fn end(store: &Store, viewer: &Viewer, id: Option<&str>) -> Result<agent_session::Model> {
    require_write(viewer)?;
    let session = own_open_session(store, viewer, id).await?;
    let mut row: agent_session::ActiveModel = session.into();
    let at = now();
    row.heartbeat_at = Set(at);
    row.ended_at = Set(Some(at));
    let (session, events) = with_retry(|| async {
        let txn = super::begin_write(&store.db).await?;
        let session = row.clone().update(&txn).await?;
        let released = claims::release_all(&txn, session.id, Actor { user_id: viewer.user_id, at }).await?;
        Ok((session, claims::commit(txn, released).await?))
    })
    .await?;
    claims::publish(store, events);
    Ok(session)
}

fn order() -> KeysetOrder<agent_session::Model> {
    KeysetOrder {
        name: "heartbeat",
        keys: vec![
            (Expr::col((agent_session::Entity, agent_session::Column::HeartbeatAt)), KeyKind::Time),
            (Expr::col((agent_session::Entity, agent_session::Column::Id)), KeyKind::Int),
        ],
        descending: true,
        position: |s| vec![keyset::time(&s.heartbeat_at), KeyValue::Int(s.id)],
    }
}

/// The viewer's own sessions, those working on a task the viewer sees, and
/// those holding a claim on one.
/// Through a scoped token, "own" means started with a token of that scope:
/// sessions started for another workspace stay out of sight.
fn visible(viewer: &Viewer, active: Option<bool>) -> Condition {
    let visible_tasks = visible_task_ids(viewer);
    let mut own = Condition::all().add(agent_session::Column::UserId.eq(viewer.user_id));
    if let Some(scope) = viewer.workspace_scope {
        let scoped_tokens = Query::select()
            .column(api_token::Column::Id)
            .from(api_token::Entity)
            .and_where(api_token::Column::WorkspaceId.eq(scope))
            .to_owned();
        own = own.add(agent_session::Column::TokenId.in_subquery(scoped_tokens));
    }
    let claiming = Query::select()
        .column(task::Column::ClaimSessionId)
        .from(task::Entity)
        .and_where(task::Column::Id.in_subquery(visible_tasks.clone()))
        .and_where(task::Column::ClaimSessionId.is_not_null())
        .to_owned();
    let mut c = Condition::all().add(
        Condition::any()
            .add(own)
            .add(agent_session::Column::TaskId.in_subquery(visible_tasks))
            .add(agent_session::Column::Id.in_subquery(claiming)),
    );
    if let Some(active) = active {
        c = c.add(if active {
            agent_session::Column::EndedAt.is_null()
        } else {
            agent_session::Column::EndedAt.is_not_null()
        });
    }
    c
}

pub async fn page(
    store: &Store,
    viewer: &Viewer,
    active: Option<bool>,
    args: &PageArgs,
) -> Result<Page<agent_session::Model>> {
    let spec = order();
    let digest = cursor::digest(spec.name, &format!("{active:?}"));
    let request = args.validate(store.limits, &digest, &spec.kinds())?;
    keyset::fetch_page(
        &store.db,
        agent_session::Entity::find().filter(visible(viewer, active)),
        &spec,
        &digest,
        &request,
    )
    .await
}

pub async fn count(store: &Store, viewer: &Viewer, active: Option<bool>) -> Result<u64> {
    Ok(agent_session::Entity::find().filter(visible(viewer, active)).count(&store.db).await?)
}

/// Sessions by row id. Only for the claims of tasks the caller sees: a
/// session holding a claim on such a task is one `visible` lets them see.
pub async fn by_ids(store: &Store, ids: &[i64]) -> Result<Vec<agent_session::Model>> {
    Ok(agent_session::Entity::find()
        .filter(agent_session::Column::Id.is_in(ids.iter().copied()))
        .all(&store.db)
        .await?)
}
