//! Webhooks out: a workspace's endpoints, managed by its admins (or the
//! operator's CLI), and the outbox of deliveries each change writes
//! (`outbox`) and the gateways send (`queue`). The address is checked for
//! its form here; what it resolves to is checked at each delivery
//! (`crate::webhooks`).

pub mod outbox;
pub mod queue;

use base64::Engine;
use rand::RngCore;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use entity::{WorkspaceRole, project, webhook, workspace, workspace_member};
use sea_orm::sea_query::{Expr, ExprTrait};

use super::cursor::{self, KeyKind, KeyValue, PageArgs};
use super::keyset::{self, KeysetOrder, Page};

use super::viewer::Viewer;
use super::visibility::require_write;
use super::{Result, Store, StoreError, input, now};
use crate::text::echo;

/// The events an endpoint may ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventType {
    TaskCreated,
    TaskUpdated,
    TaskDeleted,
    TaskCommented,
    TaskClaimed,
    WikiPageChanged,
    ProjectCreated,
}

impl EventType {
    pub const ALL: [Self; 7] = [
        Self::TaskCreated,
        Self::TaskUpdated,
        Self::TaskDeleted,
        Self::TaskCommented,
        Self::TaskClaimed,
        Self::WikiPageChanged,
        Self::ProjectCreated,
    ];

    /// The envelope's `type`, as stored and as the CLI names it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::TaskCreated => "task.created",
            Self::TaskUpdated => "task.updated",
            Self::TaskDeleted => "task.deleted",
            Self::TaskCommented => "task.commented",
            Self::TaskClaimed => "task.claimed",
            Self::WikiPageChanged => "wiki_page.changed",
            Self::ProjectCreated => "project.created",
        }
    }

    pub fn parse(value: &str) -> Result<Self> {
        Self::ALL.into_iter().find(|e| e.as_str() == value).ok_or_else(|| {
            let names: Vec<&str> = Self::ALL.iter().map(|e| e.as_str()).collect();
            StoreError::bad_argument("events", format!("{} is not an event", echo(value)), names.join(", "))
        })
    }
}

/// The longest endpoint address.
pub const MAX_URL_CHARS: usize = 2000;
/// Endpoints per workspace.
pub const MAX_PER_WORKSPACE: u64 = 20;

/// An endpoint to make.
#[derive(Debug, Clone)]
pub struct NewWebhook {
    pub workspace: String,
    pub url: String,
    /// Every event when empty.
    pub events: Vec<EventType>,
    pub project: Option<String>,
}

/// What may change on an endpoint.
#[derive(Debug, Clone, Default)]
pub struct WebhookChanges {
    pub url: Option<String>,
    pub events: Option<Vec<EventType>>,
    pub project: Option<Option<String>>,
    pub enabled: Option<bool>,
}

/// Who asks: a workspace admin through the API, or the operator's CLI.
#[derive(Debug, Clone, Copy)]
pub enum Manager<'a> {
    Admin(&'a Viewer),
    Operator,
}

/// An endpoint and the secret it signs with, shown once.
#[derive(Clone)]
pub struct WithSecret {
    pub webhook: webhook::Model,
    pub secret: String,
}

impl std::fmt::Debug for WithSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WithSecret").field("webhook", &self.webhook).finish_non_exhaustive()
    }
}

/// `whsec_` and 24 random bytes in base64, as Standard Webhooks writes a secret.
pub fn new_secret() -> String {
    let mut key = [0u8; 24];
    rand::rng().fill_bytes(&mut key);
    format!("whsec_{}", base64::engine::general_purpose::STANDARD.encode(key))
}

/// The address as stored: `https`, or `http` to a loopback host when
/// `allow_http_loopback`; never an address that is private by its form.
/// (A name is checked again, for what it resolves to, at each delivery.)
pub fn checked_url(value: &str, allow_http_loopback: bool) -> Result<String> {
    let value = input::single_line("url", value, MAX_URL_CHARS)?;
    let refused = |why: &str| {
        StoreError::bad_argument("url", format!("{}: {why}", echo(&value)), "use an https address of a public host")
    };
    let url = url::Url::parse(&value).map_err(|_| refused("not a URL"))?;
    let host = url.host().ok_or_else(|| refused("no host"))?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refused("credentials in the address would be sent to every hop; put them in the path"));
    }
    let loopback = crate::net::is_loopback_host(&host);
    match url.scheme() {
        "https" => {}
        "http" if loopback && allow_http_loopback => {}
        "http" if loopback => {
            return Err(refused("http to this machine is allowed only with --webhooks-allow-http-loopback"));
        }
        _ => return Err(refused("not an https address")),
    }
    if let Some(ip) = crate::net::literal_ip(&host) {
        if !(crate::net::is_public(ip) || (loopback && allow_http_loopback)) {
            return Err(refused("a private, loopback or link-local address"));
        }
    }
    Ok(url.to_string())
}

/// Endpoints oldest first.
fn webhook_order() -> KeysetOrder<webhook::Model> {
    KeysetOrder {
        name: "webhooks",
        keys: vec![(Expr::col((webhook::Entity, webhook::Column::Id)), KeyKind::Int)],
        descending: false,
        position: |w| vec![KeyValue::Int(w.id)],
    }
}

fn events_text(events: &[EventType]) -> String {
    let chosen: Vec<EventType> = if events.is_empty() { EventType::ALL.to_vec() } else { events.to_vec() };
    let mut names: Vec<&str> = chosen.iter().map(|e| e.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    names.join(",")
}

/// The event types an endpoint asked for.
pub fn events_of(hook: &webhook::Model) -> Vec<EventType> {
    hook.events.split(',').filter_map(|e| EventType::parse(e).ok()).collect()
}

async fn workspace_by_key(db: &impl ConnectionTrait, key: &str) -> Result<workspace::Model> {
    workspace::Entity::find().filter(workspace::Column::Key.eq(key)).one(db).await?.ok_or_else(not_administered)
}

/// The one answer for a workspace, webhook or delivery that does not exist
/// or that the caller does not administer: it tells nothing of which.
pub(crate) fn not_administered() -> StoreError {
    StoreError::not_found("no such workspace, webhook or delivery among those you administer")
}

/// The workspace, when the manager may manage its webhooks; not found for
/// one they cannot see.
async fn managed_workspace(db: &DatabaseConnection, by: Manager<'_>, workspace_id: i64) -> Result<()> {
    let Manager::Admin(viewer) = by else { return Ok(()) };
    let not_found = not_administered;
    if viewer.workspace_scope.is_some_and(|scope| scope != workspace_id) {
        return Err(not_found());
    }
    let role = workspace_member::Entity::find()
        .filter(workspace_member::Column::WorkspaceId.eq(workspace_id))
        .filter(workspace_member::Column::UserId.eq(viewer.user_id))
        .one(db)
        .await?
        .map(|m| m.role);
    match role {
        Some(WorkspaceRole::Admin) => Ok(()),
        Some(_) => Err(StoreError::forbidden("only the workspace's admins manage its webhooks", "ask an admin")),
        None => Err(not_found()),
    }
}

async fn project_in(db: &impl ConnectionTrait, workspace_id: i64, key: &str) -> Result<i64> {
    project::Entity::find()
        .filter(project::Column::Key.eq(key))
        .filter(project::Column::WorkspaceId.eq(workspace_id))
        .one(db)
        .await?
        .map(|p| p.id)
        .ok_or_else(|| StoreError::not_found(format!("no project with key {} in the workspace", echo(key))))
}

impl Store {
    pub async fn create_webhook(
        &self,
        by: Manager<'_>,
        new: &NewWebhook,
        allow_http_loopback: bool,
    ) -> Result<WithSecret> {
        if let Manager::Admin(viewer) = by {
            require_write(viewer)?;
        }
        let ws = workspace_by_key(&self.db, &new.workspace).await?;
        managed_workspace(&self.db, by, ws.id).await?;
        let url = checked_url(&new.url, allow_http_loopback)?;
        let project_id = match &new.project {
            Some(key) => Some(project_in(&self.db, ws.id, key).await?),
            None => None,
        };
        if self.count_webhooks(Some(ws.id)).await? >= MAX_PER_WORKSPACE {
            return Err(StoreError::bad_input(
                format!("workspace {} has {MAX_PER_WORKSPACE} webhooks", echo(&ws.key)),
                "remove one first",
            ));
        }
        let created_by_id = match by {
            Manager::Admin(viewer) => viewer.user_id,
            Manager::Operator => self.first_admin(ws.id).await?,
        };
        let secret = new_secret();
        let webhook = webhook::ActiveModel {
            workspace_id: Set(ws.id),
            project_id: Set(project_id),
            url: Set(url),
            events: Set(events_text(&new.events)),
            secret: Set(secret.clone()),
            previous_secret: Set(None),
            previous_secret_until: Set(None),
            enabled: Set(true),
            disabled_reason: Set(None),
            created_by_id: Set(created_by_id),
            created_at: Set(now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(WithSecret { webhook, secret })
    }

    /// The operator's endpoints are filed under the workspace's first admin.
    async fn first_admin(&self, workspace_id: i64) -> Result<i64> {
        workspace_member::Entity::find()
            .filter(workspace_member::Column::WorkspaceId.eq(workspace_id))
            .filter(workspace_member::Column::Role.eq(WorkspaceRole::Admin))
            .order_by_asc(workspace_member::Column::Id)
            .one(&self.db)
            .await?
            .map(|m| m.user_id)
            .ok_or_else(|| StoreError::bad_input("the workspace has no admin", "make someone its admin first"))
    }

    /// The endpoint, when the manager may manage it.
    pub async fn webhook(&self, by: Manager<'_>, id: i64) -> Result<webhook::Model> {
        let hook = webhook::Entity::find_by_id(id).one(&self.db).await?.ok_or_else(not_administered)?;
        managed_workspace(&self.db, by, hook.workspace_id).await?;
        Ok(hook)
    }

    /// A page of a workspace's endpoints (every workspace's for the
    /// operator, when none is named), oldest first; the workspace's id.
    pub async fn webhooks_page(
        &self,
        by: Manager<'_>,
        workspace: Option<&str>,
        args: &PageArgs,
    ) -> Result<(Page<webhook::Model>, Option<i64>)> {
        let mut query = webhook::Entity::find();
        let workspace_id = match (workspace, by) {
            (Some(key), _) => {
                let ws = workspace_by_key(&self.db, key).await?;
                managed_workspace(&self.db, by, ws.id).await?;
                query = query.filter(webhook::Column::WorkspaceId.eq(ws.id));
                Some(ws.id)
            }
            (None, Manager::Operator) => None,
            (None, Manager::Admin(_)) => {
                return Err(StoreError::bad_argument("workspace", "name the workspace", "pass its key"));
            }
        };
        let spec = webhook_order();
        let digest = cursor::digest(spec.name, &workspace_id.map(|id| id.to_string()).unwrap_or_default());
        let request = args.validate(self.limits, &digest, &spec.kinds())?;
        Ok((keyset::fetch_page(&self.db, query, &spec, &digest, &request).await?, workspace_id))
    }

    /// How many endpoints the workspace (or every workspace) has.
    pub async fn count_webhooks(&self, workspace_id: Option<i64>) -> Result<u64> {
        let mut query = webhook::Entity::find();
        if let Some(id) = workspace_id {
            query = query.filter(webhook::Column::WorkspaceId.eq(id));
        }
        Ok(query.count(&self.db).await?)
    }

    pub async fn update_webhook(
        &self,
        by: Manager<'_>,
        id: i64,
        changes: &WebhookChanges,
        allow_http_loopback: bool,
    ) -> Result<webhook::Model> {
        if let Manager::Admin(viewer) = by {
            require_write(viewer)?;
        }
        let hook = self.webhook(by, id).await?;
        let mut row: webhook::ActiveModel = hook.clone().into();
        if let Some(url) = &changes.url {
            row.url = Set(checked_url(url, allow_http_loopback)?);
        }
        if let Some(events) = &changes.events {
            row.events = Set(events_text(events));
        }
        if let Some(project) = &changes.project {
            row.project_id = Set(match project {
                Some(key) => Some(project_in(&self.db, hook.workspace_id, key).await?),
                None => None,
            });
        }
        if let Some(enabled) = changes.enabled {
            row.enabled = Set(enabled);
            row.disabled_reason = Set((!enabled).then(|| "disabled by an admin".to_owned()));
        }
        Ok(row.update(&self.db).await?)
    }

    /// A new secret; the old one signs beside it for `grace` more.
    pub async fn rotate_webhook_secret(
        &self,
        by: Manager<'_>,
        id: i64,
        grace: chrono::TimeDelta,
    ) -> Result<WithSecret> {
        if let Manager::Admin(viewer) = by {
            require_write(viewer)?;
        }
        let hook = self.webhook(by, id).await?;
        // A second rotation within the grace would drop the first old
        // secret while receivers may still hold it; with no grace, every
        // old secret ends now, as asked. The check is the update's own
        // condition, so two rotations at once cannot both pass it.
        let at = now();
        let secret = new_secret();
        let mut rotate = webhook::Entity::update_many()
            .col_expr(webhook::Column::PreviousSecret, Expr::col(webhook::Column::Secret))
            .col_expr(webhook::Column::PreviousSecretUntil, Expr::val(at + grace))
            .col_expr(webhook::Column::Secret, Expr::val(secret.clone()))
            .filter(webhook::Column::Id.eq(hook.id));
        if grace > chrono::TimeDelta::zero() {
            rotate = rotate.filter(
                webhook::Column::PreviousSecretUntil.is_null().or(webhook::Column::PreviousSecretUntil.lte(at)),
            );
        }
        if rotate.exec(&self.db).await?.rows_affected == 0 {
            let until = webhook::Entity::find_by_id(hook.id).one(&self.db).await?.and_then(|h| h.previous_secret_until);
            let until = until.map_or_else(String::new, |u| u.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
            return Err(StoreError::conflict(
                format!("webhook {}'s previous secret still signs until {until}", hook.id),
                "rotate again after then, or with graceHours: 0 to end every old secret now",
            ));
        }
        let webhook = webhook::Entity::find_by_id(hook.id).one(&self.db).await?.ok_or_else(not_administered)?;
        Ok(WithSecret { webhook, secret })
    }

    /// Removes the endpoint and its deliveries.
    pub async fn delete_webhook(&self, by: Manager<'_>, id: i64) -> Result<webhook::Model> {
        if let Manager::Admin(viewer) = by {
            require_write(viewer)?;
        }
        let hook = self.webhook(by, id).await?;
        let txn = super::begin_write(&self.db).await?;
        let deliveries = entity::webhook_delivery::Entity::delete_many()
            .filter(entity::webhook_delivery::Column::WebhookId.eq(hook.id));
        deliveries.exec(&txn).await?;
        webhook::Entity::delete_by_id(hook.id).exec(&txn).await?;
        txn.commit().await?;
        Ok(hook)
    }
}
