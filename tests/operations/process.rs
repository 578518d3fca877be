//! The binary as an operator runs it: `serve --demo` on a fresh SQLite
//! file and a free port, its output read, signalled like a service manager
//! does.

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::support::{Backend, TestDb};

/// `tasklens serve --demo` running on its own database and port.
pub struct Served {
    child: tokio::process::Child,
    pub base: String,
    /// What it printed before serving.
    pub stdout: String,
    stderr: Arc<Mutex<String>>,
    _db: Option<TestDb>,
}

impl Served {
    pub async fn start(extra: &[&str], env: &[(&str, &str)]) -> Self {
        let db = TestDb::create(Backend::Sqlite).await;
        let url = db.url.clone();
        Self::start_on(&url, Some(db), extra, env).await
    }

    /// Serves the database at `url` (kept by `db`, when given, until dropped).
    pub async fn start_on(url: &str, db: Option<TestDb>, extra: &[&str], env: &[(&str, &str)]) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("port").port();
        let listen = format!("127.0.0.1:{port}");
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_tasklens"));
        command
            .args(["--database-url", url, "serve", "--demo", "--listen", &listen])
            .args(extra)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        let mut child = command.spawn().expect("the binary starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err = child.stderr.take().expect("stderr");
        let collected = stderr.clone();
        tokio::spawn(async move {
            let mut buffer = [0u8; 8192];
            while let Ok(read) = err.read(&mut buffer).await {
                if read == 0 {
                    break;
                }
                collected.lock().expect("stderr").push_str(&String::from_utf8_lossy(&buffer[..read]));
            }
        });
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let mut stdout = String::new();
        // The stdio configuration is the last line printed before serving.
        let printed = tokio::time::timeout(Duration::from_secs(120), async {
            while let Ok(Some(line)) = lines.next_line().await {
                stdout.push_str(&line);
                stdout.push('\n');
                if line.contains("\"command\"") {
                    return true;
                }
            }
            false
        });
        let complete = printed.await.unwrap_or(false);
        assert!(complete, "the demo's lines did not come: {stdout}\n{}", stderr.lock().expect("stderr"));
        let base = format!("http://{listen}");
        let client = reqwest::Client::new();
        for _ in 0..200 {
            if client.get(format!("{base}/readyz")).send().await.is_ok_and(|r| r.status() == 200) {
                return Self { child, base, stdout, stderr, _db: db };
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("not ready: {}", stderr.lock().expect("stderr"));
    }

    /// The printed line that starts with `prefix`, without it.
    pub fn line(&self, prefix: &str) -> String {
        let line = self.stdout.lines().find_map(|line| line.strip_prefix(prefix));
        line.unwrap_or_else(|| panic!("no line {prefix:?} in {}", self.stdout)).to_owned()
    }

    pub fn token(&self) -> String {
        self.line("token for demo: ")
    }

    pub fn terminate(&self) {
        let pid = self.child.id().expect("running");
        let sent = std::process::Command::new("kill").args(["-TERM", &pid.to_string()]).status().expect("kill runs");
        assert!(sent.success());
    }

    /// Waits for the process to exit; its exit status and everything it logged.
    pub async fn exited(&mut self, within: Duration) -> (std::process::ExitStatus, String) {
        let status = tokio::time::timeout(within, self.child.wait())
            .await
            .unwrap_or_else(|_| panic!("still running after {within:?}"))
            .expect("wait");
        // The reader has the last of stderr once the pipe closes.
        tokio::time::sleep(Duration::from_millis(200)).await;
        (status, self.stderr.lock().expect("stderr").clone())
    }
}

/// The JSON configurations printed for agent clients: over HTTP, then stdio.
fn printed_configurations(stdout: &str) -> (Value, Value) {
    let configs: Vec<Value> = stdout
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with('{'))
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    assert_eq!(configs.len(), 2, "{stdout}");
    (configs[0]["mcpServers"]["tasklens"].clone(), configs[1]["mcpServers"]["tasklens"].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_run_says_what_it_seeded_and_lines_an_agent_client_pastes_work() {
    let served = Served::start(&[], &[]).await;
    let out = &served.stdout;
    assert!(out.starts_with("Seeded the demo board: 11 users, 3 workspaces, 6 projects, 300 tasks, "), "{out}");
    assert!(!out.contains("SeedReport"), "{out}");
    let token = served.token();
    assert_eq!(served.line("Board: "), format!("{}/#token={token}", served.base));
    assert_eq!(served.line("GraphiQL: "), format!("{}/graphql?token={token}", served.base));
    let claude = served.line("  claude mcp add --transport http tasklens ");
    assert_eq!(claude, format!("{}/mcp --header \"Authorization: Bearer {token}\"", served.base));

    let (http, stdio) = printed_configurations(out);
    assert_eq!(http["type"], "http");
    let header = http["headers"]["Authorization"].as_str().expect("a header");
    let bearer = header.strip_prefix("Bearer ").expect("a bearer token");
    let url = http["url"].as_str().expect("url");
    let config = StreamableHttpClientTransportConfig::with_uri(url.to_owned()).auth_header(bearer);
    let over_http = ().serve(StreamableHttpClientTransport::from_config(config)).await.expect("MCP over HTTP");
    let projects = over_http.call_tool(CallToolRequestParams::new("list_projects")).await.expect("list_projects");
    assert_ne!(projects.is_error, Some(true), "{projects:?}");
    over_http.cancel().await.ok();

    let mut command = tokio::process::Command::new(stdio["command"].as_str().expect("command"));
    let args: Vec<&str> = stdio["args"].as_array().expect("args").iter().filter_map(Value::as_str).collect();
    command.args(&args).envs(
        stdio["env"]
            .as_object()
            .expect("env")
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned())),
    );
    // Where the client starts it: not where the server was started.
    command.current_dir(std::env::temp_dir()).stderr(Stdio::null());
    let transport = rmcp::transport::TokioChildProcess::new(command).expect("spawn");
    let over_stdio = ().serve(transport).await.expect("MCP over stdio");
    let projects = over_stdio.call_tool(CallToolRequestParams::new("list_projects")).await.expect("list_projects");
    let text = projects.content[0].as_text().map(|t| t.text.clone()).unwrap_or_default();
    assert!(text.contains("\"total\":6") || text.contains("\"key\""), "{text}");
    over_stdio.cancel().await.ok();
}

pub(crate) type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub(crate) async fn subscribed(base: &str, token: &str, project: &str) -> Socket {
    subscribed_after(base, token, project, None).await
}

/// `taskEvents` of `project`, from the event with cursor `after` when given.
pub(crate) async fn subscribed_after(base: &str, token: &str, project: &str, after: Option<&str>) -> Socket {
    let mut request = format!("{}/graphql/ws", base.replace("http", "ws")).into_client_request().expect("request");
    request.headers_mut().insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse().expect("header"));
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("websocket");
    let init = json!({"type": "connection_init", "payload": {"Authorization": format!("Bearer {token}")}});
    socket.send(Message::text(init.to_string())).await.expect("init");
    let ack = socket.next().await.expect("an answer").expect("a message");
    assert!(ack.to_text().unwrap_or_default().contains("connection_ack"), "{ack:?}");
    let query = "subscription($p: String!, $a: String) { taskEvents(project: $p, after: $a) { field } }";
    let variables = json!({"p": project, "a": after});
    let subscribe = json!({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": variables}});
    socket.send(Message::text(subscribe.to_string())).await.expect("subscribe");
    socket
}

async fn close_code(socket: &mut Socket) -> Option<u16> {
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(frame))) => break frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                _ => break None,
            }
        }
    });
    closed.await.expect("closed within 5 s")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_the_request_in_flight_closes_graphql_ws_with_1001_and_exits_0() {
    let mut served = Served::start(&["--shutdown-grace", "30"], &[]).await;
    let token = served.token();
    let client = reqwest::Client::new();
    let projects: Value = client
        .post(format!("{}/graphql", served.base))
        .bearer_auth(&token)
        .json(&json!({"query": "{ projects(first: 1) { nodes { key } } }"}))
        .send()
        .await
        .expect("projects")
        .json()
        .await
        .expect("json");
    let project = projects["data"]["projects"]["nodes"][0]["key"].as_str().expect("a project").to_owned();
    let mut socket = subscribed(&served.base, &token, &project).await;

    // A request whose body is half sent when the signal comes.
    let body = json!({"query": "{ viewer { username } }"}).to_string();
    let address = served.base.trim_start_matches("http://").to_owned();
    let mut in_flight = tokio::net::TcpStream::connect(&address).await.expect("connect");
    let head = format!(
        "POST /graphql HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let (first, rest) = body.split_at(body.len() / 2);
    in_flight.write_all(format!("{head}{first}").as_bytes()).await.expect("write");
    tokio::time::sleep(Duration::from_millis(200)).await;

    served.terminate();
    assert_eq!(close_code(&mut socket).await, Some(1001), "graphql-ws closes going away");
    // No new connection is accepted.
    let mut refused = false;
    for _ in 0..40 {
        if tokio::net::TcpStream::connect(&address).await.is_err() {
            refused = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(refused, "a new connection was still accepted after SIGTERM");

    in_flight.write_all(rest.as_bytes()).await.expect("the rest of the body");
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(10), in_flight.read_to_string(&mut answer))
        .await
        .expect("answered within 10 s")
        .expect("read");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#"{"data":{"viewer":{"username":"demo"}}}"#), "{answer}");

    let (status, log) = served.exited(Duration::from_secs(20)).await;
    assert!(status.success(), "{status:?}\n{log}");
    assert!(log.contains("shutting down") && log.contains("stopped"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_carry_the_request_id_kept_from_the_client_or_made() {
    let mut served = Served::start(&["--log-format", "json"], &[("RUST_LOG", "info,tasklens=debug")]).await;
    let token = served.token();
    let client = reqwest::Client::new();
    let kept = client
        .post(format!("{}/graphql", served.base))
        .bearer_auth(&token)
        .header("x-request-id", "trace-4bf92f35")
        .json(&json!({"query": "{ viewer { username } }"}))
        .send()
        .await
        .expect("request");
    assert_eq!(kept.headers()["x-request-id"], "trace-4bf92f35");
    let made = client.get(format!("{}/healthz", served.base)).header("x-request-id", "no spaces").send().await;
    let made = made.expect("request");
    let id = made.headers()["x-request-id"].to_str().expect("ascii").to_owned();
    assert!(id.len() == 32 && id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");

    served.terminate();
    let (_, log) = served.exited(Duration::from_secs(20)).await;
    let lines: Vec<Value> = log
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("a log line that is not JSON ({e}): {line}")))
        .collect();
    let of_request = |id: &str| {
        lines
            .iter()
            .filter(|line| {
                line["spans"]
                    .as_array()
                    .is_some_and(|spans| spans.iter().any(|s| s["name"] == "request" && s["id"] == id))
            })
            .count()
    };
    assert!(of_request("trace-4bf92f35") >= 1, "{log}");
    assert!(of_request(&id) >= 1, "{log}");
    assert!(lines.iter().any(|line| line["fields"]["message"] == "serving"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_a_client_sends_cannot_forge_or_color_a_text_log_line() {
    let mut served = Served::start(&[], &[]).await;
    let token = served.token();
    let forged = "2001-02-03T04:05:06Z ERROR tasklens: forged";
    // A JSON-RPC id that rmcp's own warning writes into the log.
    let id = format!("x\n{forged}\u{7}\u{1b}[31m\u{202e}");
    let answered = reqwest::Client::new()
        .post(format!("{}/mcp", served.base))
        .bearer_auth(&token)
        .header("accept", "application/json, text/event-stream")
        .json(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {}}))
        .send()
        .await
        .expect("request");
    assert!(answered.status().is_success() || answered.status().is_client_error());

    served.terminate();
    let (_, log) = served.exited(Duration::from_secs(20)).await;
    let warning = log.lines().find(|line| line.contains("response error")).unwrap_or_else(|| panic!("{log}"));
    assert!(
        warning.contains(r"id=x\u{a}2001-02-03T04:05:06Z ERROR tasklens: forged\u{7}\u{1b}[31m\u{202e}"),
        "{warning}"
    );
    assert!(!log.lines().any(|line| line.starts_with(forged)), "a forged line: {log}");
    assert!(!log.chars().any(|c| (c.is_control() && c != '\n') || c == '\u{202e}'), "{log:?}");
}

#[tokio::test]
async fn token_create_prints_the_token_alone_on_stdout_and_how_to_connect_on_stderr() {
    let db = TestDb::create(Backend::Sqlite).await;
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tasklens"))
            .args(["--database-url", &db.url])
            .args(args)
            .env("TASKLENS_LISTEN", "0.0.0.0:9123")
            .output()
            .expect("the binary runs")
    };
    assert!(run(&["user", "create", "--username", "ci-agent", "--agent"]).status.success());
    let created = run(&["token", "create", "--user", "ci-agent", "--public-url", "https://tracker.example.com"]);
    assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
    let token = String::from_utf8_lossy(&created.stdout).trim().to_owned();
    assert!(token.starts_with("tl_") && !token.contains('\n'), "{token}");
    let stderr = String::from_utf8_lossy(&created.stderr);
    assert!(stderr.contains(&format!("Board: https://tracker.example.com/#token={token}")), "{stderr}");
    let (http, stdio) = printed_configurations(&stderr);
    assert_eq!(http["url"], "https://tracker.example.com/mcp");
    assert_eq!(http["headers"]["Authorization"], format!("Bearer {token}"));
    assert_eq!(stdio["env"]["TASKLENS_TOKEN"], token.as_str());

    // Without a public URL, the listen address (loopback for a wildcard).
    let created = run(&["token", "create", "--user", "ci-agent"]);
    let stderr = String::from_utf8_lossy(&created.stderr);
    assert!(stderr.contains("\"url\":\"http://127.0.0.1:9123/mcp\""), "{stderr}");
}

#[tokio::test]
async fn export_and_import_through_the_binary_gzipped_with_a_dry_run_first() {
    let (from, to) = (TestDb::create(Backend::Sqlite).await, TestDb::create(Backend::Sqlite).await);
    let run = |url: &str, args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tasklens"))
            .args(["--database-url", url])
            .args(args)
            .output()
            .expect("the binary runs")
    };
    assert!(run(&from.url, &["seed", "--projects", "2", "--tasks", "40"]).status.success());
    let file = std::env::temp_dir().join(format!("tasklens-archive-{}.jsonl.gz", std::process::id()));
    let path = file.to_str().expect("utf-8 path");
    let exported = run(&from.url, &["export", path]);
    let said = String::from_utf8_lossy(&exported.stderr);
    assert!(exported.status.success() && said.contains("exported ") && said.contains("40 task"), "{said}");
    let bytes = std::fs::read(&file).expect("the archive");
    assert_eq!(&bytes[..2], &[0x1f, 0x8b], "gzipped for a .gz name");

    let dry = run(&to.url, &["import", "tasklens", path, "--dry-run"]);
    let said = String::from_utf8_lossy(&dry.stderr);
    assert!(
        dry.status.success() && said.contains("dry run: would import") && said.contains("nothing was written"),
        "{said}"
    );
    let imported = run(&to.url, &["import", "tasklens", path]);
    let said = String::from_utf8_lossy(&imported.stderr);
    assert!(imported.status.success() && said.contains("imported ") && said.contains("40 task"), "{said}");
    let again = run(&to.url, &["import", "tasklens", path]);
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(!again.status.success() && said.contains("already holds a board"), "{said}");
    std::fs::remove_file(&file).ok();
}
