//! The `tasklens` command: parse the command line, then call the library.

mod webhook_command;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Parser;
use tracing_subscriber::EnvFilter;

use tasklens::config::{
    Cli, Command, ImportFormat, LogFormat, SeedArgs, ServeArgs, Settings, SyncSource, TokenCommand, ToolChoice,
    UserCommand,
};
use tasklens::demo::{self, DEMO_USERNAME, SeedOptions};
use tasklens::store::{identity, tokens};
use tasklens::{App, connection_help, db, graphql, http, import, mcp, store};

type Failure = Box<dyn std::error::Error>;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logs(cli.log_format);
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("tasklens: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Logs on stderr, as text or as one JSON object a line (with the
/// request's span, its id included, on every line of a request).
fn init_logs(format: LogFormat) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn,rmcp=warn"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match format {
        LogFormat::Text => {
            logs.with_ansi(std::io::stderr().is_terminal()).fmt_fields(tasklens::text::EscapedFields::new()).init()
        }
        LogFormat::Json => logs.json().with_current_span(true).with_span_list(true).init(),
    }
}

async fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Schema => {
            print!("{}", graphql::sdl().await);
            Ok(())
        }
        Command::Migrate => {
            db::connect(&cli.database_url).await?;
            eprintln!("migrations applied to {}", db::redact(&cli.database_url));
            Ok(())
        }
        Command::Serve(args) => serve(&cli.database_url, args, cli.settings).await,
        Command::Mcp { token, tools } => mcp_stdio(&cli.database_url, &token, &tools, cli.settings).await,
        Command::Seed(args) => seed(&cli.database_url, &args).await,
        Command::User { command: UserCommand::Create { username, display_name, email, agent } } => {
            let conn = db::connect(&cli.database_url).await?;
            let user = store::users::create(&conn, &username, display_name.as_deref(), email, agent).await?;
            println!("{}", user.username);
            Ok(())
        }
        Command::Token { command: TokenCommand::Create { user, workspace, read_only, name } } => {
            let name = store::input::single_line("name", &name, store::input::MAX_NAME_CHARS)?;
            let conn = db::connect(&cli.database_url).await?;
            let token = tokens::create_token(&conn, &user, workspace.as_deref(), read_only, &name).await?;
            // The token alone on stdout, for scripts; how to use it on stderr.
            println!("{token}");
            let listen = std::env::var("TASKLENS_LISTEN").ok().and_then(|l| l.parse().ok());
            let listen = listen.unwrap_or(std::net::SocketAddr::from(([127, 0, 0, 1], 8080)));
            eprintln!("{}", connection_lines(&cli.database_url, &cli.settings, listen, &token));
            Ok(())
        }
        Command::Token { command: TokenCommand::List { user } } => {
            list_tokens(&cli.database_url, user.as_deref()).await
        }
        Command::Export { file, workspace } => export(&cli.database_url, &file, workspace.as_deref()).await,
        Command::Import { format: ImportFormat::Tasklens, files, project, workspace, include_pulls, dry_run } => {
            if project.is_some() || workspace.is_some() || include_pulls {
                return Err("an archive restores a whole database: --project, --workspace and --include-pulls are \
                            for github, jira and linear"
                    .into());
            }
            let [file] = files.as_slice() else {
                return Err("an archive is one file".into());
            };
            restore_archive(&cli.database_url, file, dry_run).await
        }
        Command::Import { format, files, project, workspace, include_pulls, dry_run } => {
            let system = match format {
                ImportFormat::Github => store::sources::SourceSystem::Github,
                ImportFormat::Jira => store::sources::SourceSystem::Jira,
                _ => store::sources::SourceSystem::Linear,
            };
            let Some(project) = project else {
                return Err("name the project the tasks go to: --project KEY (made when missing)".into());
            };
            if include_pulls && system != store::sources::SourceSystem::Github {
                return Err("--include-pulls is for github".into());
            }
            let options = import::ImportOptions { project, workspace, include_pulls, dry_run };
            import_from(&cli.database_url, system, &files, &options).await
        }
        Command::Sync { source: SyncSource::Github, files, project, dry_run } => {
            sync_github(&cli.database_url, &files, project, dry_run).await
        }
        Command::Webhook { command } => webhook_command::run(&cli.database_url, &cli.settings, command).await,
        Command::Token { command: TokenCommand::Revoke { id } } => {
            let conn = db::connect(&cli.database_url).await?;
            let token = store::tokens::revoke(&conn, id).await?;
            eprintln!("token {} ({}) is revoked, with the tokens created with it", token.id, token.name);
            Ok(())
        }
    }
}

async fn mcp_stdio(url: &str, token: &str, choice: &ToolChoice, settings: Settings) -> Result<(), Failure> {
    let conn = db::connect_with(url, &settings.database).await?;
    let viewer = identity::authenticate(&conn, token).await.map_err(|err| format!("cannot use this token: {err}"))?;
    let app = App::new(conn, settings);
    let mut tools = mcp::ServedTools::new(&app);
    tools.load_configured(&app).await?;
    tools.choose(choice)?;
    tools.reload_on_hangup(app.clone());
    mcp::serve_stdio(app, tools, viewer).await
}

/// One line a token, tab-separated, under a header line.
async fn list_tokens(url: &str, user: Option<&str>) -> Result<(), Failure> {
    let conn = db::connect(url).await?;
    let when = |at: Option<chrono::DateTime<chrono::Utc>>| at.map_or_else(|| "-".to_owned(), tasklens::text::to_second);
    println!("id\tuser\tname\tscope\tread_only\tcreated\tlast_used\trevoked");
    for t in store::tokens::list(&conn, user).await? {
        println!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            t.id,
            t.username,
            t.name,
            t.scope.as_deref().unwrap_or("-"),
            t.read_only,
            when(Some(t.created_at)),
            when(t.last_used_at),
            when(t.revoked_at),
        );
    }
    Ok(())
}

async fn seed(url: &str, args: &SeedArgs) -> Result<(), Failure> {
    let conn = db::connect(url).await?;
    let started = std::time::Instant::now();
    let report =
        demo::seed(&conn, &SeedOptions { projects: args.projects, tasks: args.tasks, seed: args.seed }).await?;
    eprintln!("seeded {report} in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

async fn serve(url: &str, args: ServeArgs, mut settings: Settings) -> Result<(), Failure> {
    if settings.oauth.issuer.is_some() && settings.oauth.audience.is_none() {
        let base = connection_help::base_url(settings.public_url.as_ref(), args.listen);
        settings.oauth.audience = Some(connection_help::at(&base, "mcp"));
    }
    let mut conn = db::connect_with(url, &settings.database).await?;
    if args.demo {
        match demo::seed(&conn, &SeedOptions { projects: 6, tasks: 300, seed: 42 }).await {
            Ok(report) => {
                println!("Seeded the demo board: {report}.");
                // Connections opened before the seed's ANALYZE would keep
                // planning without its statistics.
                conn.close().await?;
                conn = db::connect_with(url, &settings.database).await?;
            }
            Err(demo::DemoError::NotEmpty) => println!("The database already holds a board: serving it."),
            Err(err) => return Err(err.into()),
        }
        let token = tokens::create_token(&conn, DEMO_USERNAME, None, false, "demo").await?;
        println!("token for {DEMO_USERNAME}: {token}");
        println!("{}", connection_lines(url, &settings, args.listen, &token));
    }
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .map_err(|err| format!("cannot listen on {}: {err}", args.listen))?;
    tracing::info!(address = %args.listen, database = %db::redact(url), "serving");
    let app = App::new(conn, settings);
    let mut tools = mcp::ServedTools::new(&app);
    tools.load_configured(&app).await?;
    tools.choose(&args.tools)?;
    tools.reload_on_hangup(app.clone());
    let connections = app.settings().connections;
    if let Some(address) = app.settings().metrics_listen {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|err| format!("cannot listen on {address} for metrics: {err}"))?;
        tracing::info!(%address, "serving /metrics");
        let (router, stopped) = (http::metrics_router(app.clone()), app.clone());
        tokio::spawn(async move {
            let stop = async move { stopped.stopped().await };
            if let Err(err) = http::serve(listener, router, connections, stop).await {
                tracing::error!(error = %err, "the metrics listener failed");
            }
        });
    }
    let sweeping = app.clone();
    tokio::spawn(async move { sweeping.log_claim_lapses().await });
    let delivering = app.clone();
    tokio::spawn(async move { delivering.deliver_webhooks().await });
    let stopping = app.clone();
    http::serve(listener, http::router(app, tools), connections, async move {
        termination().await;
        tracing::info!(grace_seconds = connections.shutdown_grace, "shutting down");
        stopping.begin_shutdown();
    })
    .await?;
    tracing::info!("stopped");
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM (what service managers and orchestrators send).
async fn termination() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = terminate.recv() => {}
                }
                return;
            }
            Err(err) => tracing::warn!(error = %err, "cannot listen for SIGTERM; only Ctrl-C stops the server"),
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// The board and GraphiQL links and the agent lines for `token`.
fn connection_lines(database_url: &str, settings: &Settings, listen: std::net::SocketAddr, token: &str) -> String {
    let base = connection_help::base_url(settings.public_url.as_ref(), listen);
    let cwd = std::env::current_dir().unwrap_or_default();
    // A password stays out of the printed line (and so out of logs that
    // capture it): the person puts it back.
    let database_url = db::redact(&connection_help::absolute_database_url(database_url, &cwd));
    let program = std::env::current_exe().map_or_else(|_| "tasklens".to_owned(), |p| p.display().to_string());
    let connection = connection_help::Connection { base: &base, token, database_url: &database_url, program: &program };
    format!("Board: {}\nGraphiQL: {}\n\n{}", connection.board(), connection.graphiql(), connection.agent_lines())
}

/// `tasklens export FILE [--workspace KEY]`: the archive, gzipped for a
/// `.gz` name, on stdout for `-`; one summary line on stderr.
async fn export(url: &str, file: &std::path::Path, workspace: Option<&str>) -> Result<(), Failure> {
    use std::io::Write;
    let conn = db::connect(url).await?;
    let started = std::time::Instant::now();
    let sink: Box<dyn Write> = if file == std::path::Path::new("-") {
        Box::new(std::io::stdout().lock())
    } else {
        let created = std::fs::File::create(file).map_err(|err| format!("cannot create {}: {err}", file.display()))?;
        Box::new(created)
    };
    let bar = rows_bar("exporting");
    let counts = if file.extension().is_some_and(|e| e == "gz") {
        let mut gz = flate2::write::GzEncoder::new(std::io::BufWriter::new(sink), flate2::Compression::default());
        let counts = store::archive::export(&conn, &mut gz, workspace, &|_, rows| bar.inc(rows)).await?;
        // The trailer, and every byte, written or the export fails.
        gz.finish()?.flush()?;
        counts
    } else {
        let mut out = std::io::BufWriter::new(sink);
        let counts = store::archive::export(&conn, &mut out, workspace, &|_, rows| bar.inc(rows)).await?;
        out.flush()?;
        counts
    };
    bar.finish_and_clear();
    eprintln!("exported {} rows in {:.1} s: {counts}", counts.total(), started.elapsed().as_secs_f64());
    Ok(())
}

/// `tasklens import tasklens FILE [--dry-run]`.
async fn restore_archive(url: &str, file: &std::path::Path, dry_run: bool) -> Result<(), Failure> {
    let conn = db::connect(url).await?;
    let started = std::time::Instant::now();
    let mut input = tasklens::import::archive::open(file)?;
    let bar = rows_bar("importing");
    let options = store::archive::RestoreOptions { dry_run };
    let restored = match tasklens::import::archive::ArchiveLines::open(&mut *input) {
        Ok(mut records) => store::archive::restore(&conn, &mut records, options, &|_, rows| bar.inc(rows)).await,
        Err(err) => Err(err),
    };
    bar.finish_and_clear();
    let counts = restored.map_err(|err| format!("{}: {err}", file.display()))?;
    if dry_run {
        eprintln!("dry run: would import {} rows ({counts}); nothing was written", counts.total());
    } else {
        db::refresh_statistics(&conn).await?;
        eprintln!("imported {} rows in {:.1} s: {counts}", counts.total(), started.elapsed().as_secs_f64());
    }
    Ok(())
}

/// `tasklens sync github FILE... --project KEY [--dry-run]`: an import of a
/// newer export into a project imported before.
async fn sync_github(url: &str, files: &[std::path::PathBuf], project: String, dry_run: bool) -> Result<(), Failure> {
    let store = store::Store::new(db::connect(url).await?, store::PageLimits::default());
    if !store.project_exists(&project).await? {
        return Err(format!(
            "no project {project} to catch up: import it first (tasklens import github ... --project {project})"
        )
        .into());
    }
    let options = import::ImportOptions { project, workspace: None, include_pulls: false, dry_run };
    import_from(url, store::sources::SourceSystem::Github, files, &options).await
}

/// `tasklens import github|jira|linear FILE... --project KEY [--dry-run]`.
async fn import_from(
    url: &str,
    system: store::sources::SourceSystem,
    files: &[std::path::PathBuf],
    options: &import::ImportOptions,
) -> Result<(), Failure> {
    let conn = db::connect(url).await?;
    let started = std::time::Instant::now();
    let bar = rows_bar("importing");
    let summary = import::run(&conn, system, files, options, &|n| bar.inc(n)).await;
    bar.finish_and_clear();
    let summary = summary?;
    let seconds = started.elapsed().as_secs_f64();
    if options.dry_run {
        eprintln!(
            "dry run: {} records read into {}; would write {}; nothing was written",
            summary.records, summary.project, summary.counts
        );
    } else {
        db::refresh_statistics(&conn).await?;
        eprintln!(
            "imported {} records into {} in {seconds:.1} s: {}; {} change-log events",
            summary.records, summary.project, summary.counts, summary.events
        );
    }
    Ok(())
}

/// A count of rows on a terminal; nothing in logs, pipes and CI.
fn rows_bar(verb: &str) -> indicatif::ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        indicatif::ProgressDrawTarget::stderr()
    } else {
        indicatif::ProgressDrawTarget::hidden()
    };
    let bar = indicatif::ProgressBar::with_draw_target(None, target);
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!("{verb} {{pos}} rows ({{per_sec}})")) {
        bar.set_style(style);
    }
    bar
}
