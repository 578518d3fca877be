//! Command-line configuration: one clap struct, every flag with an
//! environment fallback, shared by `main` and the tests.

use std::net::SocketAddr;

use axum::http::HeaderValue;
use clap::{Args, Parser, Subcommand, ValueEnum};

pub const DEFAULT_DATABASE_URL: &str = "sqlite://tasklens.db?mode=rwc";

#[derive(Debug, Parser)]
#[command(name = "tasklens", version, about = "A project tracker served as GraphQL and as MCP tools for agents")]
pub struct Cli {
    /// Database URL: `sqlite://file.db?mode=rwc` (embedded) or `postgres://user@host/db`.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL, global = true)]
    pub database_url: String,

    /// Log lines as text for people, or one JSON object a line for log
    /// shippers (levels with `RUST_LOG`).
    #[arg(long, env = "TASKLENS_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    pub log_format: LogFormat,

    #[command(flatten)]
    pub settings: Settings,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve GraphQL over HTTP at /graphql (GraphiQL for browsers) and graphql-ws at /graphql/ws, MCP at
    /// /mcp, and /healthz.
    Serve(ServeArgs),
    /// Serve the MCP tools over stdio.
    Mcp {
        /// Bearer token of the caller.
        #[arg(long, env = "TASKLENS_TOKEN", hide_env_values = true)]
        token: String,
        #[command(flatten)]
        tools: ToolChoice,
    },
    /// Apply migrations and exit.
    Migrate,
    /// Generate a deterministic demo board.
    Seed(SeedArgs),
    /// Manage users.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Manage API tokens.
    Token {
        #[command(subcommand)]
        command: TokenCommand,
    },
    /// Manage webhooks out (Standard Webhooks, signed), per workspace.
    Webhook {
        #[command(subcommand)]
        command: WebhookCommand,
    },
    /// Print the GraphQL schema (SDL), as committed in schema.graphql.
    Schema,
    /// Write everything the database holds to an archive (JSON lines;
    /// gzip when FILE ends in `.gz`; `-` for stdout).
    Export {
        #[arg(value_name = "FILE")]
        file: std::path::PathBuf,
        /// Only this workspace: its members, projects, tasks, wiki and
        /// sessions, and the users they name.
        #[arg(long, value_name = "KEY")]
        workspace: Option<String>,
    },
    /// Read an archive into an empty database, or another tracker's export
    /// into a project; all or nothing, and a second run of the same files
    /// changes nothing (gzip is recognised; `-` reads an archive from stdin).
    Import {
        /// The kind of files: `tasklens` (an archive of `tasklens export`),
        /// `github` (`gh api` issues and comments, `gh issue list --json`),
        /// `jira` (REST search pages), `linear` (its CSV export).
        #[arg(value_enum)]
        format: ImportFormat,
        #[arg(value_name = "FILE", required = true)]
        files: Vec<std::path::PathBuf>,
        /// The project the tasks go to (github, jira, linear); made, with
        /// the default workflow, when it does not exist.
        #[arg(long, value_name = "KEY")]
        project: Option<String>,
        /// The workspace of a project to make, when there are several.
        #[arg(long, value_name = "KEY")]
        workspace: Option<String>,
        /// GitHub: import pull requests too (skipped by default).
        #[arg(long)]
        include_pulls: bool,
        /// Read and check everything, report what would be written, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Catch a project imported from another tracker up with it, from a
    /// newer export (GitHub: the `gh api` issues and comments, for the
    /// deliveries missed while the server was down): what changed there
    /// since is written, with change-log events; edits made here stand.
    Sync {
        #[arg(value_enum)]
        source: SyncSource,
        #[arg(value_name = "FILE", required = true)]
        files: Vec<std::path::PathBuf>,
        /// The project imported before.
        #[arg(long, value_name = "KEY")]
        project: String,
        /// Report what would be written, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

/// What `tasklens sync` catches up from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SyncSource {
    Github,
}

/// What `tasklens import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ImportFormat {
    Tasklens,
    Github,
    Jira,
    Linear,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "TASKLENS_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Seed the demo board into an empty database and print a token for `demo`.
    #[arg(long)]
    pub demo: bool,
    #[command(flatten)]
    pub tools: ToolChoice,
}

/// A group of MCP tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, clap::ValueEnum)]
pub enum Toolset {
    /// list_projects, get_project
    Projects,
    /// the task lists, get_task, create_task, update_task, the change logs
    Tasks,
    /// list_comments, add_comment
    Comments,
    /// the wiki's tools
    Wiki,
    /// register_agent, heartbeat_agent, end_agent
    Agents,
    /// an operator's tools (`--tools DIR`)
    Custom,
    /// graphql_query, graphql_schema: offered only when named
    Graphql,
}

impl Toolset {
    pub fn name(self) -> &'static str {
        match self {
            Self::Projects => "projects",
            Self::Tasks => "tasks",
            Self::Comments => "comments",
            Self::Wiki => "wiki",
            Self::Agents => "agents",
            Self::Custom => "custom",
            Self::Graphql => "graphql",
        }
    }

    /// Offered only when a selection names it: the others are offered by
    /// default.
    pub fn is_opt_in(self) -> bool {
        self == Self::Graphql
    }

    pub fn names() -> Vec<&'static str> {
        Self::value_variants().iter().map(|set| set.name()).collect()
    }
}

/// Which MCP tools a server offers (`serve` and `mcp`); a request on
/// `/mcp` may narrow them further, never widen them.
#[derive(Debug, Clone, Default, Args)]
pub struct ToolChoice {
    /// Offer only these toolsets (comma-separated): projects, tasks,
    /// comments, wiki, agents, custom, graphql. Default: all but graphql,
    /// which is offered only when named.
    #[arg(long, value_name = "SET,...", env = "TASKLENS_TOOLSETS", value_delimiter = ',', value_enum)]
    pub toolsets: Vec<Toolset>,
    /// Offer only these tools (comma-separated names), within the toolsets.
    #[arg(long = "tools-allow", value_name = "NAME,...", env = "TASKLENS_TOOLS_ALLOW", value_delimiter = ',')]
    pub tools_allow: Vec<String>,
    /// Offer no MCP tool that writes, and refuse one called by name,
    /// whatever the token (GraphQL writes follow the token).
    #[arg(long, env = "TASKLENS_READ_ONLY")]
    pub read_only: bool,
    /// Let `graphql_query` run mutations (it runs queries only by default);
    /// a read-only token or session still writes nothing.
    #[arg(long, env = "TASKLENS_GRAPHQL_TOOL_MUTATIONS")]
    pub graphql_tool_mutations: bool,
    /// Declare each tool's `outputSchema` and answer `structuredContent`
    /// beside the same text (a request may ask with
    /// `X-MCP-Structured-Output: true`).
    #[arg(long, env = "TASKLENS_STRUCTURED_OUTPUT")]
    pub structured_output: bool,
}

/// What an open connection may cost: how many, and how long each may wait
/// on its client.
#[derive(Debug, Clone, Copy, Args)]
pub struct Connections {
    /// Most connections open at once; one more is closed at once.
    #[arg(long, env = "TASKLENS_MAX_CONNECTIONS", default_value_t = 1_024, global = true,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections: u32,
    /// Seconds a client has to send a request's headers, counted from when
    /// the connection waits for a request (so also the longest a kept-alive
    /// connection waits for its next one).
    #[arg(long, env = "TASKLENS_HEADER_READ_TIMEOUT", default_value_t = 10, global = true,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_read_timeout: u64,
    /// Seconds a connection may pass without a byte from its client, a
    /// response being written included (graphql-ws clients are pinged well
    /// within, and answer).
    #[arg(long, env = "TASKLENS_IDLE_TIMEOUT", default_value_t = 60, global = true,
          value_parser = clap::value_parser!(u64).range(2..=86_400))]
    pub idle_timeout: u64,
    /// Seconds requests in flight may take to finish once SIGTERM (or
    /// Ctrl-C) stops the server from accepting; graphql-ws connections are
    /// closed with 1001 at once.
    #[arg(long, env = "TASKLENS_SHUTDOWN_GRACE", default_value_t = 10, global = true,
          value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub shutdown_grace: u64,
}

impl Default for Connections {
    fn default() -> Self {
        Self { max_connections: 1_024, header_read_timeout: 10, idle_timeout: 60, shutdown_grace: 10 }
    }
}

impl Connections {
    pub fn header_read_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.header_read_timeout)
    }
    pub fn idle_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.idle_timeout)
    }
    pub fn shutdown_grace(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.shutdown_grace)
    }
}

/// The database pool: its size, how long opening the database and waiting
/// for a connection may take, PostgreSQL's statement timeout, and how many
/// requests may wait for a connection before more are refused at once.
#[derive(Debug, Clone, Args)]
pub struct DatabaseOptions {
    /// Connections to the database, at most (default: 8 on SQLite, four per
    /// core on PostgreSQL, within 4..=32).
    #[arg(long = "db-pool", env = "TASKLENS_DB_POOL", global = true,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub pool: Option<u32>,
    /// Seconds opening the database may take at start (and PostgreSQL's
    /// LISTEN connection) before the command fails.
    #[arg(long = "db-connect-timeout", value_name = "SECONDS", env = "TASKLENS_DB_CONNECT_TIMEOUT",
          default_value_t = 5, global = true, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub connect_timeout: u64,
    /// Seconds a request waits for a database connection (opening one
    /// included) before it is answered `UNAVAILABLE`.
    #[arg(long = "db-acquire-timeout", value_name = "SECONDS", env = "TASKLENS_DB_ACQUIRE_TIMEOUT",
          default_value_t = 5, global = true, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub acquire_timeout: u64,
    /// PostgreSQL: seconds one statement may run before the database
    /// cancels it (`statement_timeout`); 0 for no limit.
    #[arg(long = "db-statement-timeout", value_name = "SECONDS", env = "TASKLENS_DB_STATEMENT_TIMEOUT",
          default_value_t = 30, global = true, value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub statement_timeout: u64,
    /// Requests that may wait for a database connection while every one is
    /// busy; one more is refused at once with 503 and `Retry-After`.
    #[arg(long = "db-queue", value_name = "REQUESTS", env = "TASKLENS_DB_QUEUE", default_value_t = 64,
          global = true, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub queue: u32,
}

impl Default for DatabaseOptions {
    fn default() -> Self {
        Self { pool: None, connect_timeout: 5, acquire_timeout: 5, statement_timeout: 30, queue: 64 }
    }
}

impl DatabaseOptions {
    /// These options with a pool of `size` connections.
    pub fn with_pool(size: u32) -> Self {
        Self { pool: Some(size), ..Self::default() }
    }
    pub fn connect_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.connect_timeout)
    }
    pub fn acquire_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.acquire_timeout)
    }
    /// None when statements may run as long as they take.
    pub fn statement_timeout(&self) -> Option<std::time::Duration> {
        (self.statement_timeout > 0).then(|| std::time::Duration::from_secs(self.statement_timeout))
    }
}

/// What every surface shares: query limits, links, the MCP reply cap.
#[derive(Debug, Clone, Args)]
pub struct Settings {
    #[command(flatten)]
    pub database: DatabaseOptions,
    #[command(flatten)]
    pub limits: Limits,
    #[command(flatten)]
    pub connections: Connections,
    #[command(flatten)]
    pub links: Links,
    /// Largest MCP tool reply, in UTF-16 code units (what clients count).
    #[arg(long, env = "TASKLENS_REPLY_CAP", default_value_t = DEFAULT_REPLY_CAP, global = true,
          value_parser = clap::value_parser!(u32).range(1_000..=1_000_000))]
    pub reply_cap: u32,
    /// Host names `/mcp` accepts besides loopback (comma-separated), for
    /// deployments behind a real domain name.
    #[arg(long, env = "TASKLENS_ALLOWED_HOSTS", value_delimiter = ',', global = true)]
    pub allowed_hosts: Vec<String>,
    /// Origin of a front end that may call `/graphql` from a browser (CORS),
    /// e.g. `https://app.example.com`; repeat for several (the environment
    /// variable takes them comma-separated). None by default.
    #[arg(long = "cors-origin", value_name = "ORIGIN", env = "TASKLENS_CORS_ORIGINS", value_delimiter = ',',
          value_parser = parse_origin, global = true)]
    pub cors_origins: Vec<HeaderValue>,
    /// Origin of a browser page that may call `/mcp` (loopback pages always
    /// may), e.g. `https://inspector.example.com`; repeat for several (the
    /// environment variable takes them comma-separated). Any other `Origin`
    /// is answered 403, as the MCP transport asks.
    #[arg(long = "allowed-origin", value_name = "ORIGIN", env = "TASKLENS_ALLOWED_ORIGINS", value_delimiter = ',',
          value_parser = parse_origin, global = true)]
    pub allowed_origins: Vec<HeaderValue>,
    /// A directory of `.graphql` files, each one more MCP tool (`serve`
    /// and `mcp`); read again on SIGHUP.
    #[arg(long = "tools", value_name = "DIR", env = "TASKLENS_TOOLS", global = true)]
    pub tools_dir: Option<std::path::PathBuf>,
    /// The address clients reach this server at, e.g.
    /// `https://tracker.example.com` behind a proxy: what the connection
    /// lines print (default: `http://` and the listen address).
    #[arg(long, value_name = "URL", env = "TASKLENS_PUBLIC_URL", value_parser = parse_public_url, global = true)]
    pub public_url: Option<url::Url>,
    /// Serve `/metrics` on this address only (e.g. `127.0.0.1:9090`), not
    /// on the main listener.
    #[arg(long, value_name = "ADDR", env = "TASKLENS_METRICS_LISTEN", global = true)]
    pub metrics_listen: Option<SocketAddr>,
    /// Let webhooks go to this machine over plain http (for a receiver on
    /// loopback, as in development); every other address stays refused
    /// unless public and https.
    #[arg(long, env = "TASKLENS_WEBHOOKS_ALLOW_HTTP_LOOPBACK", global = true)]
    pub webhooks_allow_http_loopback: bool,
    #[command(flatten)]
    pub oauth: OAuthSettings,
}

/// An OAuth 2.1 authorization server whose JWT access tokens this server
/// accepts beside its own `tl_` tokens (off without an issuer).
#[derive(Debug, Clone, Args)]
pub struct OAuthSettings {
    /// The authorization server's issuer URL (https, or http on loopback),
    /// e.g. `https://idp.example.com/realms/team`; its keys are discovered
    /// from its metadata.
    #[arg(long = "oauth-issuer", value_name = "URL", env = "TASKLENS_OAUTH_ISSUER", value_parser = parse_issuer,
          global = true)]
    pub issuer: Option<String>,
    /// The audience access tokens must name: this server's resource
    /// identifier (default: the public URL's `/mcp`).
    #[arg(long = "oauth-audience", value_name = "AUD", env = "TASKLENS_OAUTH_AUDIENCE", global = true)]
    pub audience: Option<String>,
    /// The claim that names the tasklens user (default:
    /// `preferred_username`, else `sub`).
    #[arg(long = "oauth-username-claim", value_name = "CLAIM", env = "TASKLENS_OAUTH_USERNAME_CLAIM", global = true)]
    pub username_claim: Option<String>,
    /// Create the user named by a valid token on its first use (otherwise
    /// only existing users sign in).
    #[arg(long = "oauth-provision", env = "TASKLENS_OAUTH_PROVISION", global = true)]
    pub provision: bool,
    /// The scope that lets a token read.
    #[arg(
        long = "oauth-read-scope",
        value_name = "SCOPE",
        env = "TASKLENS_OAUTH_READ_SCOPE",
        default_value = "tasklens:read",
        global = true
    )]
    pub read_scope: String,
    /// The scope that lets a token write too; without it a token is read-only.
    #[arg(
        long = "oauth-write-scope",
        value_name = "SCOPE",
        env = "TASKLENS_OAUTH_WRITE_SCOPE",
        default_value = "tasklens:write",
        global = true
    )]
    pub write_scope: String,
}

impl Default for OAuthSettings {
    fn default() -> Self {
        Self {
            issuer: None,
            audience: None,
            username_claim: None,
            provision: false,
            read_scope: "tasklens:read".into(),
            write_scope: "tasklens:write".into(),
        }
    }
}

/// An issuer URL, kept as written (tokens' `iss` must match it exactly):
/// https, or http on a loopback host (a provider on the same machine); no
/// query or fragment (RFC 8414).
pub fn parse_issuer(value: &str) -> Result<String, String> {
    let malformed = |why: &str| format!("{value:?} is not an issuer URL ({why}); write e.g. https://idp.example.com");
    let url = url::Url::parse(value.trim()).map_err(|err| malformed(&err.to_string()))?;
    let loopback = match url.host() {
        Some(url::Host::Domain(host)) => host == "localhost",
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => return Err(malformed("no host")),
    };
    match url.scheme() {
        "https" => {}
        "http" if loopback => {}
        _ => return Err(malformed("https is required but on loopback")),
    }
    if url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() {
        return Err(malformed("a query, fragment or credentials"));
    }
    Ok(value.trim().to_owned())
}

/// An http(s) URL with a host and nothing after its path.
pub fn parse_public_url(value: &str) -> Result<url::Url, String> {
    let malformed =
        |why: &str| format!("{value:?} is not a server address ({why}); write e.g. https://tracker.example.com");
    let url = url::Url::parse(value.trim()).map_err(|err| malformed(&err.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(malformed("not http or https"));
    }
    if url.host_str().is_none_or(str::is_empty) || url.query().is_some() || url.fragment().is_some() {
        return Err(malformed("no host, or a query or fragment"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(malformed("it has credentials"));
    }
    Ok(url)
}

pub const DEFAULT_REPLY_CAP: u32 = 20_000;

/// An origin as browsers send it in `Origin`: `scheme://host[:port]`, with
/// the host in lower case and a default port left out. Anything else (a
/// path, a query, credentials, `*`) stops the start, naming the value.
pub fn parse_origin(value: &str) -> Result<HeaderValue, String> {
    let malformed = |why: &str| {
        format!("{value:?} is not an origin ({why}); write scheme://host[:port], e.g. https://app.example.com")
    };
    let url = url::Url::parse(value.trim()).map_err(|err| malformed(&err.to_string()))?;
    let host = url.host_str().filter(|h| !h.is_empty()).ok_or_else(|| malformed("no host"))?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err(malformed("it has credentials"));
    }
    if !matches!(url.path(), "" | "/") || url.query().is_some() || url.fragment().is_some() {
        return Err(malformed("it has a path, query or fragment"));
    }
    let origin = match url.port() {
        Some(port) => format!("{}://{host}:{port}", url.scheme()),
        None => format!("{}://{host}", url.scheme()),
    };
    HeaderValue::from_str(&origin).map_err(|err| malformed(&err.to_string()))
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            database: DatabaseOptions::default(),
            limits: Limits::default(),
            connections: Connections::default(),
            links: Links::default(),
            reply_cap: DEFAULT_REPLY_CAP,
            allowed_hosts: Vec::new(),
            cors_origins: Vec::new(),
            allowed_origins: Vec::new(),
            tools_dir: None,
            public_url: None,
            metrics_listen: None,
            webhooks_allow_http_loopback: false,
            oauth: OAuthSettings::default(),
        }
    }
}

/// Where the tracker's web pages live, for the `url` fields; without a
/// template there is no `url`.
#[derive(Debug, Clone, Default, Args)]
pub struct Links {
    /// A task's page, `{ref}` replaced: `https://tracker.example.com/browse/{ref}`.
    #[arg(long, env = "TASKLENS_TASK_URL", global = true)]
    pub task_url: Option<String>,
    /// A project's page, `{key}` replaced.
    #[arg(long, env = "TASKLENS_PROJECT_URL", global = true)]
    pub project_url: Option<String>,
}

impl Links {
    pub fn task(&self, task_ref: &str) -> Option<String> {
        self.task_url.as_ref().map(|t| t.replace("{ref}", task_ref))
    }
    pub fn project(&self, key: &str) -> Option<String> {
        self.project_url.as_ref().map(|t| t.replace("{key}", key))
    }
}

/// What one request may cost; each limit is checked before any work is done
/// and refused with `BAD_USER_INPUT` (413 for a body) and a hint.
#[derive(Debug, Clone, Copy, Args)]
pub struct Limits {
    /// Largest query depth accepted (nested field levels).
    #[arg(long, env = "TASKLENS_MAX_DEPTH", default_value_t = DEFAULT_LIMITS.max_depth, global = true)]
    pub max_depth: u64,
    /// Largest depth under `__schema`/`__type`: enough for the standard
    /// introspection queries, which follow `ofType` nine levels down.
    #[arg(long, env = "TASKLENS_MAX_INTROSPECTION_DEPTH", default_value_t = DEFAULT_LIMITS.max_introspection_depth, global = true)]
    pub max_introspection_depth: u64,
    /// Largest query complexity accepted (a connection costs `first * child`).
    #[arg(long, env = "TASKLENS_MAX_COMPLEXITY", default_value_t = DEFAULT_LIMITS.max_complexity, global = true)]
    pub max_complexity: usize,
    /// Largest page a connection serves (`first`/`last` above it are refused).
    #[arg(long, env = "TASKLENS_MAX_PAGE", default_value_t = DEFAULT_LIMITS.max_page, global = true)]
    pub max_page: u64,
    /// Largest request body on /graphql and /mcp, and graphql-ws message, in bytes.
    #[arg(long, env = "TASKLENS_MAX_BODY_BYTES", default_value_t = DEFAULT_LIMITS.max_body_bytes, global = true)]
    pub max_body_bytes: usize,
    /// Largest GraphQL document, in bytes.
    #[arg(long, env = "TASKLENS_MAX_DOCUMENT_BYTES", default_value_t = DEFAULT_LIMITS.max_document_bytes, global = true)]
    pub max_document_bytes: usize,
    /// Most fields a document may select once its fragments are expanded.
    #[arg(long, env = "TASKLENS_MAX_FIELDS", default_value_t = DEFAULT_LIMITS.max_fields, global = true)]
    pub max_fields: u64,
    /// Most aliases a document may use (fragments expanded).
    #[arg(long, env = "TASKLENS_MAX_ALIASES", default_value_t = DEFAULT_LIMITS.max_aliases, global = true)]
    pub max_aliases: u64,
    /// Most top-level mutation fields one request may run.
    #[arg(long, env = "TASKLENS_MAX_MUTATIONS", default_value_t = DEFAULT_LIMITS.max_mutations, global = true)]
    pub max_mutations: u64,
    /// Longest time one request may work, in seconds.
    #[arg(long, env = "TASKLENS_REQUEST_TIMEOUT", default_value_t = DEFAULT_LIMITS.request_timeout, global = true,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub request_timeout: u64,
    /// Longest time a request body may take to arrive, in seconds; at most
    /// the request timeout.
    #[arg(long, env = "TASKLENS_BODY_READ_TIMEOUT", default_value_t = DEFAULT_LIMITS.body_read_timeout, global = true,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_read_timeout: u64,
}

/// The page a connection serves when neither `first` nor `last` is given
/// (or the largest page, `max_page`, when that is smaller). Not a flag.
pub const DEFAULT_PAGE: u64 = 50;

/// The limits a server has unless told otherwise: the one source of the
/// flags' defaults and of `Limits::default()`.
pub const DEFAULT_LIMITS: Limits = Limits {
    max_depth: 12,
    max_introspection_depth: 16,
    max_complexity: 100_000,
    max_page: 200,
    max_body_bytes: 1 << 20,
    max_document_bytes: 64 << 10,
    max_fields: 1_000,
    max_aliases: 100,
    max_mutations: 20,
    request_timeout: 30,
    body_read_timeout: 10,
};

impl Default for Limits {
    fn default() -> Self {
        DEFAULT_LIMITS
    }
}

impl Limits {
    pub fn request_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.request_timeout)
    }
    /// The body's deadline, never past the request's.
    pub fn body_read_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.body_read_timeout.min(self.request_timeout))
    }
}

#[derive(Debug, Clone, Args)]
pub struct SeedArgs {
    /// Number of projects.
    #[arg(long, default_value_t = 6)]
    pub projects: u32,
    /// Number of tasks, spread over the projects.
    #[arg(long, default_value_t = 300)]
    pub tasks: u32,
    /// Seed of the generator: the same seed gives the same board.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Add a user.
    Create {
        #[arg(long)]
        username: String,
        #[arg(long)]
        display_name: Option<String>,
        #[arg(long)]
        email: Option<String>,
        /// The user is an AI agent.
        #[arg(long)]
        agent: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Print a new token (`tl_...`) once; only its hash is stored.
    Create {
        #[arg(long)]
        user: String,
        /// Scope the token to one workspace (its key).
        #[arg(long)]
        workspace: Option<String>,
        /// The token may read but not change anything.
        #[arg(long)]
        read_only: bool,
        #[arg(long, default_value = "cli")]
        name: String,
    },
    /// List tokens, one line each (never the token itself).
    List {
        /// Only this user's tokens.
        #[arg(long)]
        user: Option<String>,
    },
    /// Revoke a token by its id (as `token list` shows it).
    Revoke { id: i64 },
}

#[derive(Debug, Subcommand)]
pub enum WebhookCommand {
    /// Send a workspace's changes to an https address; prints the signing
    /// secret (`whsec_...`) once.
    Add {
        /// The workspace's key.
        #[arg(long)]
        workspace: String,
        #[arg(long)]
        url: String,
        /// Events to send (comma-separated: task.created, task.updated,
        /// task.deleted, task.commented, task.claimed, wiki_page.changed,
        /// project.created); every one by default.
        #[arg(long, value_delimiter = ',')]
        events: Vec<String>,
        /// Only this project's changes (its key).
        #[arg(long)]
        project: Option<String>,
    },
    /// List endpoints, one line each (never their secret).
    List {
        /// Only this workspace's.
        #[arg(long)]
        workspace: Option<String>,
    },
    /// Remove an endpoint and its deliveries (by the number `list` shows).
    Remove { id: i64 },
    /// Enable an endpoint again (one out of retries or answered 410 Gone).
    Enable { id: i64 },
    /// An endpoint's latest deliveries, newest first.
    Deliveries {
        id: i64,
        /// How many.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=200))]
        limit: u32,
    },
    /// Send a delivery again, under its id (by the number `deliveries` shows).
    Redeliver { delivery: i64 },
    /// Take a GitHub repository's changes into the project imported from
    /// it: prints the secret to give GitHub's webhook (content type JSON,
    /// events "Issues" and "Issue comments") sending to
    /// `/hooks/github/PROJECT`. A new secret each time.
    Github {
        #[arg(long)]
        project: String,
        /// `owner/repo`.
        #[arg(long)]
        repository: String,
    },
}
