//! The server's metrics, in one process-wide registry served at
//! `/metrics` (Prometheus text, or OpenMetrics when the scraper asks for
//! it). Every layer records through the methods here. Label values come
//! from fixed sets (routes, status codes, error codes, limits, operation
//! types, the names of the tools served), never from what a client sends,
//! so the number of series stays bounded whatever the traffic.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::error_code::ErrorCode;

/// The media type of each text format served.
pub const PROMETHEUS_TEXT: &str = "text/plain; version=0.0.4; charset=utf-8";
pub const OPENMETRICS_TEXT: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct HttpLabels {
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OperationLabels {
    r#type: &'static str,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ErrorLabels {
    surface: &'static str,
    code: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ToolLabels {
    tool: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ToolOutcomeLabels {
    tool: String,
    outcome: &'static str,
}

/// The limits `tasklens_limit_refusals` counts refusals of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Aliases,
    Arguments,
    BodyBytes,
    BodyReadTimeout,
    Complexity,
    Connections,
    DbQueue,
    Depth,
    DocumentBytes,
    Fields,
    Introspection,
    Mutations,
    Nesting,
    Page,
    RequestTimeout,
    WsOperations,
}

impl Limit {
    /// The `limit` label: the flag's name without `--max-` and in snake
    /// case (`body_bytes`, `depth`, `page`), or the limit's own name.
    pub fn label(self) -> &'static str {
        match self {
            Self::Aliases => "aliases",
            Self::Arguments => "arguments",
            Self::BodyBytes => "body_bytes",
            Self::BodyReadTimeout => "body_read_timeout",
            Self::Complexity => "complexity",
            Self::Connections => "connections",
            Self::DbQueue => "db_queue",
            Self::Depth => "depth",
            Self::DocumentBytes => "document_bytes",
            Self::Fields => "fields",
            Self::Introspection => "introspection",
            Self::Mutations => "mutations",
            Self::Nesting => "nesting",
            Self::Page => "page",
            Self::RequestTimeout => "request_timeout",
            Self::WsOperations => "ws_operations",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct LimitLabels {
    limit: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabels {
    state: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CauseLabels {
    cause: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BuildLabels {
    version: &'static str,
}

type Histograms<L> = Family<L, Histogram, fn() -> Histogram>;

fn latency_histogram() -> Histogram {
    // 1 ms to about 16 s.
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

fn reply_size_histogram() -> Histogram {
    // 64 to 1,048,576 UTF-16 units: the smallest reply to the largest cap.
    Histogram::new(exponential_buckets(64.0, 2.0, 15))
}

/// Every metric, and the registry that encodes them.
pub struct Metrics {
    registry: Registry,
    http_requests: Family<HttpLabels, Counter>,
    http_duration: Histograms<RouteLabels>,
    graphql_operations: Family<OperationLabels, Counter>,
    errors: Family<ErrorLabels, Counter>,
    tool_calls: Family<ToolOutcomeLabels, Counter>,
    tool_reply_size: Histograms<ToolLabels>,
    guard_cuts: Family<ToolLabels, Counter>,
    replies_too_large: Family<ToolLabels, Counter>,
    limit_refusals: Family<LimitLabels, Counter>,
    auth_throttled: Counter,
    pool_connections: Family<StateLabels, Gauge>,
    pool_max: Gauge,
    pool_acquire_timeouts: Counter,
    database_errors: Family<CauseLabels, Counter>,
    pool_wait: Histogram,
    subscriptions_open: Gauge,
    watcher_lag: Histogram,
    webhook_deliveries: Family<WebhookOutcomeLabels, Counter>,
    webhook_queue_depth: Gauge,
    webhook_oldest_pending: Gauge,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct WebhookOutcomeLabels {
    outcome: &'static str,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

impl Metrics {
    fn new() -> Self {
        let mut registry = Registry::default();
        let metrics = Self {
            http_requests: Family::default(),
            http_duration: Family::new_with_constructor(latency_histogram),
            graphql_operations: Family::default(),
            errors: Family::default(),
            tool_calls: Family::default(),
            tool_reply_size: Family::new_with_constructor(reply_size_histogram),
            guard_cuts: Family::default(),
            replies_too_large: Family::default(),
            limit_refusals: Family::default(),
            auth_throttled: Counter::default(),
            pool_connections: Family::default(),
            pool_max: Gauge::default(),
            pool_acquire_timeouts: Counter::default(),
            database_errors: Family::default(),
            pool_wait: latency_histogram(),
            subscriptions_open: Gauge::default(),
            watcher_lag: Histogram::new(exponential_buckets(0.001, 2.0, 15)),
            webhook_deliveries: Family::default(),
            webhook_queue_depth: Gauge::default(),
            webhook_oldest_pending: Gauge::default(),
            registry: Registry::default(),
        };
        for register in [
            Self::register_requests,
            Self::register_mcp,
            Self::register_database,
            Self::register_live,
            Self::register_webhooks,
        ] {
            register(&metrics, &mut registry);
        }
        let build: Family<BuildLabels, Gauge> = Family::default();
        build.get_or_create(&BuildLabels { version: env!("CARGO_PKG_VERSION") }).set(1);
        registry.register("tasklens_build_info", "The running build, as labels (always 1)", build);
        Self { registry, ..metrics }
    }

    /// HTTP requests, GraphQL operations, errors, limits and throttling.
    fn register_requests(&self, registry: &mut Registry) {
        registry.register(
            "tasklens_http_requests",
            "HTTP requests answered, by route (the path pattern matched) and status",
            self.http_requests.clone(),
        );
        registry.register(
            "tasklens_http_request_duration_seconds",
            "Time from a request's headers to its response's, by route",
            self.http_duration.clone(),
        );
        registry.register(
            "tasklens_graphql_operations",
            "GraphQL operations received over HTTP and graphql-ws, by type and outcome (error: the response has errors)",
            self.graphql_operations.clone(),
        );
        registry.register(
            "tasklens_errors",
            "Errors answered, by surface (graphql, mcp) and code (extensions.code)",
            self.errors.clone(),
        );
        registry.register(
            "tasklens_limit_refusals",
            "Requests refused for going over a limit, by limit",
            self.limit_refusals.clone(),
        );
        registry.register(
            "tasklens_auth_throttled",
            "Requests refused because their client failed authentication too often",
            self.auth_throttled.clone(),
        );
    }

    /// MCP tool calls and what the size guard did to their replies.
    fn register_mcp(&self, registry: &mut Registry) {
        registry.register("tasklens_mcp_tool_calls", "MCP tool calls, by tool and outcome", self.tool_calls.clone());
        registry.register(
            "tasklens_mcp_reply_size_utf16",
            "Size of MCP tool replies in UTF-16 code units, by tool",
            self.tool_reply_size.clone(),
        );
        registry.register(
            "tasklens_mcp_guard_cuts",
            "MCP replies the size guard cut to fit (a list on an item boundary, a text in windows), by tool",
            self.guard_cuts.clone(),
        );
        registry.register(
            "tasklens_mcp_replies_too_large",
            "MCP calls answered reply_too_large, by tool",
            self.replies_too_large.clone(),
        );
    }

    /// The database pool, the waits for it and failed statements.
    fn register_database(&self, registry: &mut Registry) {
        registry.register(
            "tasklens_db_pool_connections",
            "Database connections open, by state (in_use, idle)",
            self.pool_connections.clone(),
        );
        registry.register("tasklens_db_pool_max_connections", "The database pool's size", self.pool_max.clone());
        registry.register(
            "tasklens_db_pool_acquire_timeouts",
            "Statements that waited for a database connection past the acquire timeout",
            self.pool_acquire_timeouts.clone(),
        );
        registry.register(
            "tasklens_db_errors",
            "Failed database statements answered to a client, by cause (pool_timeout, connection_lost, \
             not_accepting, statement_timeout, disk_full, io_error, read_only, other)",
            self.database_errors.clone(),
        );
        registry.register(
            "tasklens_db_pool_wait_seconds",
            "Time requests waited for a free database slot (0 when one was free), refused ones included",
            self.pool_wait.clone(),
        );
    }

    /// Subscriptions and the event watcher that feeds them.
    fn register_live(&self, registry: &mut Registry) {
        registry.register(
            "tasklens_subscriptions_open",
            "taskEvents subscriptions running",
            self.subscriptions_open.clone(),
        );
        registry.register(
            "tasklens_event_watcher_lag_seconds",
            "Time from a task event's record to the watcher fanning it out to subscribers",
            self.watcher_lag.clone(),
        );
    }

    /// Webhooks out: attempts and the outbox's queue.
    fn register_webhooks(&self, registry: &mut Registry) {
        registry.register(
            "tasklens_webhook_deliveries",
            "Webhook delivery attempts, by outcome (delivered, retrying, failed: out of retries or 410 Gone; superseded: \
             its lease lapsed or it was redelivered meanwhile)",
            self.webhook_deliveries.clone(),
        );
        registry.register(
            "tasklens_webhook_queue_depth",
            "Webhook deliveries waiting to be sent (read every 10 s)",
            self.webhook_queue_depth.clone(),
        );
        registry.register(
            "tasklens_webhook_oldest_pending_seconds",
            "Age of the oldest webhook delivery waiting (read every 10 s)",
            self.webhook_oldest_pending.clone(),
        );
    }

    /// The metrics as text: OpenMetrics when `openmetrics`, else
    /// Prometheus's text format.
    pub fn encode(&self, openmetrics: bool) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = if openmetrics {
            prometheus_client::encoding::text::encode(&mut text, &self.registry)
        } else {
            prometheus_client::encoding::prometheus_text::encode(&mut text, &self.registry)
        };
        text
    }

    pub fn http_request(&self, route: &str, status: u16, took: Duration) {
        self.http_requests.get_or_create(&HttpLabels { route: route.to_owned(), status }).inc();
        self.http_duration.get_or_create(&RouteLabels { route: route.to_owned() }).observe(took.as_secs_f64());
    }

    /// One GraphQL operation: `kind` is query, mutation, subscription or
    /// refused (it did not parse, or was over a limit); each error by its code.
    pub fn graphql_operation(&self, kind: &'static str, codes: impl Iterator<Item = ErrorCode>) {
        let mut outcome = "ok";
        for code in codes {
            outcome = "error";
            self.error("graphql", code);
        }
        self.graphql_operations.get_or_create(&OperationLabels { r#type: kind, outcome }).inc();
    }

    pub fn error(&self, surface: &'static str, code: ErrorCode) {
        self.errors.get_or_create(&ErrorLabels { surface, code: code.graphql() }).inc();
    }

    /// One MCP tool call and its reply.
    pub fn tool_call(&self, tool: &str, reply_utf16: usize, error: Option<ErrorCode>, cut: bool) {
        let outcome = if error.is_some() { "error" } else { "ok" };
        self.tool_calls.get_or_create(&ToolOutcomeLabels { tool: tool.to_owned(), outcome }).inc();
        let labels = ToolLabels { tool: tool.to_owned() };
        self.tool_reply_size.get_or_create(&labels).observe(reply_utf16 as f64);
        if cut {
            self.guard_cuts.get_or_create(&labels).inc();
        }
        if let Some(code) = error {
            self.error("mcp", code);
            if code == ErrorCode::ReplyTooLarge {
                self.replies_too_large.get_or_create(&labels).inc();
            }
        }
    }

    /// A request refused for going over `limit`.
    pub fn limit_refused(&self, limit: Limit) {
        self.limit_refusals.get_or_create(&LimitLabels { limit: limit.label() }).inc();
    }

    pub fn auth_throttled(&self) {
        self.auth_throttled.inc();
    }

    pub fn pool(&self, in_use: u32, idle: u32, max: u32) {
        self.pool_connections.get_or_create(&StateLabels { state: "in_use" }).set(in_use.into());
        self.pool_connections.get_or_create(&StateLabels { state: "idle" }).set(idle.into());
        self.pool_max.set(max.into());
    }

    pub fn pool_wait(&self, waited: Duration) {
        self.pool_wait.observe(waited.as_secs_f64());
    }

    /// A failed statement, by cause (an outage's kind, or `other`).
    pub fn database_error(&self, cause: &'static str) {
        if cause == "pool_timeout" {
            self.pool_acquire_timeouts.inc();
        }
        self.database_errors.get_or_create(&CauseLabels { cause }).inc();
    }

    /// Counts a subscription open until the guard drops.
    pub fn subscription_opened(&self) -> OpenSubscription {
        self.subscriptions_open.inc();
        OpenSubscription(())
    }

    pub fn watcher_lag(&self, lag: Duration) {
        self.watcher_lag.observe(lag.as_secs_f64());
    }

    pub fn webhook_delivery(&self, outcome: &'static str) {
        self.webhook_deliveries.get_or_create(&WebhookOutcomeLabels { outcome }).inc();
    }

    pub fn webhook_queue(&self, depth: u64, oldest_seconds: i64) {
        self.webhook_queue_depth.set(i64::try_from(depth).unwrap_or(i64::MAX));
        self.webhook_oldest_pending.set(oldest_seconds);
    }
}

/// One open subscription, counted until dropped.
pub struct OpenSubscription(());

impl Drop for OpenSubscription {
    fn drop(&mut self) {
        metrics().subscriptions_open.dec();
    }
}
