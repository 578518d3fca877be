//! The lines `serve --demo` and `token create` print so that a person can
//! connect at once with a token: the board, GraphiQL, and an agent client
//! over MCP's HTTP transport and over stdio, each ready to paste.

use std::fmt::Write;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::Path;

use url::Url;

/// Where clients reach the server: the public URL when one is configured,
/// else `http://` and the listen address (loopback for a wildcard one).
pub fn base_url(public: Option<&Url>, listen: SocketAddr) -> Url {
    if let Some(public) = public {
        return public.clone();
    }
    let ip = match listen.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let text = format!("http://{}/", SocketAddr::new(ip, listen.port()));
    Url::parse(&text).unwrap_or_else(|_| Url::parse("http://127.0.0.1:8080/").expect("a valid literal"))
}

/// `base` joined with `path` (a path of this server, without its leading
/// slash), keeping a path prefix the public URL has.
pub fn at(base: &Url, path: &str) -> String {
    let mut base = base.clone();
    if !base.path().ends_with('/') {
        base.set_path(&format!("{}/", base.path()));
    }
    base.join(path).map_or_else(|_| format!("{base}{path}"), String::from)
}

/// A SQLite URL with a relative path made absolute against `cwd`, so that
/// an MCP client starting `tasklens mcp` from elsewhere opens the same
/// file; any other URL as it is.
pub fn absolute_database_url(url: &str, cwd: &Path) -> String {
    let Some(rest) = url.strip_prefix("sqlite://") else { return url.to_owned() };
    if rest.starts_with('/') || rest.starts_with(":memory:") || rest.is_empty() {
        return url.to_owned();
    }
    format!("sqlite://{}/{rest}", cwd.display())
}

/// What the lines need.
pub struct Connection<'a> {
    pub base: &'a Url,
    pub token: &'a str,
    /// The database `tasklens mcp` opens over stdio (absolute).
    pub database_url: &'a str,
    /// This program, as a client should start it.
    pub program: &'a str,
}

impl Connection<'_> {
    pub fn board(&self) -> String {
        format!("{}#token={}", at(self.base, ""), self.token)
    }

    pub fn graphiql(&self) -> String {
        format!("{}?token={}", at(self.base, "graphql"), self.token)
    }

    pub fn mcp(&self) -> String {
        at(self.base, "mcp")
    }

    /// Ready-to-paste lines for an agent: over HTTP (a command for one
    /// common client, and the JSON most clients read) and over stdio.
    pub fn agent_lines(&self) -> String {
        let bearer = format!("Bearer {}", self.token);
        let http = serde_json::json!({"mcpServers": {"tasklens": {
            "type": "http", "url": self.mcp(), "headers": {"Authorization": bearer}}}});
        let stdio = serde_json::json!({"mcpServers": {"tasklens": {
            "command": self.program,
            "args": ["--database-url", self.database_url, "mcp"],
            "env": {"TASKLENS_TOKEN": self.token}}}});
        let mut out = String::new();
        let _ = writeln!(out, "Connect an agent over HTTP (MCP streamable HTTP, the token in a header):");
        let _ = writeln!(
            out,
            "  claude mcp add --transport http tasklens {} --header \"Authorization: {bearer}\"",
            self.mcp()
        );
        let _ = writeln!(out, "  or in a client's JSON configuration:");
        let _ = writeln!(out, "  {http}");
        let _ = writeln!(out, "Or over stdio (the client starts tasklens itself):");
        let _ = write!(out, "  {stdio}");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wildcard_listen_address_is_reached_on_loopback() {
        let base = base_url(None, "0.0.0.0:9000".parse().unwrap());
        assert_eq!(base.as_str(), "http://127.0.0.1:9000/");
        let base = base_url(None, "[::]:9000".parse().unwrap());
        assert_eq!(base.as_str(), "http://[::1]:9000/");
        let public = Url::parse("https://tracker.example.com/tasklens").unwrap();
        let connection = Connection { base: &public, token: "tl_x", database_url: "", program: "tasklens" };
        assert_eq!(connection.mcp(), "https://tracker.example.com/tasklens/mcp");
        assert_eq!(connection.board(), "https://tracker.example.com/tasklens/#token=tl_x");
        assert_eq!(connection.graphiql(), "https://tracker.example.com/tasklens/graphql?token=tl_x");
    }

    #[test]
    fn a_relative_sqlite_file_is_made_absolute() {
        let cwd = Path::new("/srv/board");
        assert_eq!(
            absolute_database_url("sqlite://tasklens.db?mode=rwc", cwd),
            "sqlite:///srv/board/tasklens.db?mode=rwc"
        );
        assert_eq!(absolute_database_url("sqlite:///data/t.db", cwd), "sqlite:///data/t.db");
        assert_eq!(absolute_database_url("sqlite::memory:", cwd), "sqlite::memory:");
        assert_eq!(absolute_database_url("postgres://u@h/db", cwd), "postgres://u@h/db");
    }

    #[test]
    fn the_agent_lines_are_json_a_client_reads() {
        let base = Url::parse("http://127.0.0.1:8080/").unwrap();
        let connection =
            Connection { base: &base, token: "tl_abc", database_url: "sqlite:///a \"b\".db", program: "/bin/tasklens" };
        let lines = connection.agent_lines();
        let configs: Vec<serde_json::Value> =
            lines.lines().filter_map(|line| serde_json::from_str(line.trim()).ok()).collect();
        assert_eq!(configs.len(), 2, "{lines}");
        let http = &configs[0]["mcpServers"]["tasklens"];
        assert_eq!(http["url"], "http://127.0.0.1:8080/mcp");
        assert_eq!(http["headers"]["Authorization"], "Bearer tl_abc");
        let stdio = &configs[1]["mcpServers"]["tasklens"];
        assert_eq!(stdio["args"][1], "sqlite:///a \"b\".db");
        assert_eq!(stdio["env"]["TASKLENS_TOKEN"], "tl_abc");
    }
}
