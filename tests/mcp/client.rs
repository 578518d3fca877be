//! An rmcp client over HTTP (or stdio) with helpers that read replies.

use rmcp::model::{CallToolRequestParams, Tool};
use rmcp::service::RunningService;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{RoleClient, ServiceExt};
use serde_json::Value;

use crate::support::TestApp;

pub struct Mcp {
    client: RunningService<RoleClient, ()>,
}

/// A tool's reply: its text, parsed, and whether it is an error.
pub struct Reply {
    pub text: String,
    pub json: Value,
    pub is_error: bool,
}

impl Mcp {
    pub async fn http(app: &TestApp, token: &str) -> Self {
        Self::http_at(&app.base, token).await
    }

    /// Over HTTP to the gateway at `base` (`http://127.0.0.1:port`).
    pub async fn http_at(base: &str, token: &str) -> Self {
        let config = StreamableHttpClientTransportConfig::with_uri(format!("{base}/mcp")).auth_header(token);
        let client = ().serve(StreamableHttpClientTransport::from_config(config)).await.expect("MCP over HTTP");
        Self { client }
    }

    /// Over HTTP, sending `headers` with every request.
    pub async fn http_with_headers(app: &TestApp, token: &str, headers: &[(&str, &str)]) -> Self {
        let headers = headers
            .iter()
            .map(|(name, value)| (name.parse().expect("a header name"), value.parse().expect("a header value")))
            .collect();
        let config = StreamableHttpClientTransportConfig::with_uri(format!("{}/mcp", app.base))
            .auth_header(token)
            .custom_headers(headers);
        let client = ().serve(StreamableHttpClientTransport::from_config(config)).await.expect("MCP over HTTP");
        Self { client }
    }

    /// The server's `instructions` from `initialize`.
    pub fn instructions(&self) -> String {
        self.client.peer_info().and_then(|info| info.instructions.clone()).unwrap_or_default()
    }

    /// The names of the tools listed, sorted.
    pub async fn tool_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.tools().await.iter().map(|t| t.name.to_string()).collect();
        names.sort();
        names
    }

    pub async fn stdio(command: tokio::process::Command) -> Self {
        Self::stdio_with_pid(command).await.0
    }

    /// Over stdio, with the child's process id (to signal it).
    pub async fn stdio_with_pid(command: tokio::process::Command) -> (Self, u32) {
        let transport = rmcp::transport::TokioChildProcess::new(command).expect("spawn");
        let pid = transport.id().expect("a running child");
        (Self { client: ().serve(transport).await.expect("MCP over stdio") }, pid)
    }

    pub async fn tools(&self) -> Vec<Tool> {
        self.client.list_all_tools().await.expect("tools/list")
    }

    pub async fn call(&self, name: &str, arguments: Value) -> Reply {
        let arguments = arguments.as_object().cloned().unwrap_or_default();
        let result = self
            .client
            .call_tool(CallToolRequestParams::new(name.to_owned()).with_arguments(arguments))
            .await
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(result.content.len(), 1, "{name}: one text block");
        let text = result.content[0].as_text().map(|t| t.text.clone()).expect("a text block");
        let json = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: reply is not JSON ({e}): {text}"));
        Reply { text, json, is_error: result.is_error == Some(true) }
    }

    /// A call that may fail at the protocol level.
    pub async fn try_call(&self, name: &str, arguments: Value) -> Result<(), rmcp::ServiceError> {
        let arguments = arguments.as_object().cloned().unwrap_or_default();
        self.client.call_tool(CallToolRequestParams::new(name.to_owned()).with_arguments(arguments)).await.map(|_| ())
    }

    /// A call that must succeed.
    pub async fn ok(&self, name: &str, arguments: Value) -> Value {
        let reply = self.call(name, arguments).await;
        assert!(!reply.is_error, "{name}: {}", reply.text);
        reply.json
    }

    /// A call that must fail: returns the error's code and the error object.
    pub async fn error(&self, name: &str, arguments: Value) -> (String, Value) {
        let reply = self.call(name, arguments).await;
        assert!(reply.is_error, "{name}: expected an error, got {}", reply.text);
        let error = reply.json["error"].clone();
        assert!(error["message"].is_string() && error["code"].is_string(), "{}", reply.text);
        (error["code"].as_str().unwrap_or_default().to_owned(), error)
    }

    /// The client itself, for requests other than tools.
    pub fn peer(&self) -> &RunningService<RoleClient, ()> {
        &self.client
    }

    pub async fn close(self) {
        self.client.cancel().await.ok();
    }
}
