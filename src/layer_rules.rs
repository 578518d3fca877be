//! The layering `docs/layout.md` draws, checked on the sources: no layer
//! imports from one above it, the MCP layer reads and writes the model only
//! through GraphQL, and no SQL is written outside the store (and the few
//! places listed here that still connect or seed).

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
                found.push((path, text));
            }
        }
    }
    assert!(!found.is_empty(), "no sources under {}", dir.display());
    found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The sources of a layer: its folder, and its root file beside it
/// (`http.rs`) when it has one there.
fn layer_sources(layer: &str) -> Vec<(PathBuf, String)> {
    let mut found = sources(&src().join(layer));
    let root = src().join(format!("{layer}.rs"));
    if let Ok(text) = std::fs::read_to_string(&root) {
        found.push((root, text));
    }
    found
}

/// The lines of `text` that are code, up to its tests (comments left
/// out; a file's tests follow its first `#[cfg(test)]`, and may build a
/// store of their own).
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, line)| *line != "#[cfg(test)]")
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .map(|(n, line)| (n + 1, line))
}

/// Whether `line` names the crate module `module`, alone
/// (`crate::http::...`) or in a group (`use crate::{db, http};`).
fn names_module(line: &str, module: &str) -> bool {
    if line.contains(&format!("crate::{module}::")) || line.contains(&format!("crate::{module};")) {
        return true;
    }
    let Some(group) = line.split("crate::{").nth(1) else { return false };
    group.split(['}', ',', ' ']).any(|name| name == module || name.starts_with(&format!("{module}::")))
}

/// Each layer and what it must not import: the layers above it, and the
/// database connection (`db`), which only the store holds.
const ABOVE: &[(&str, &[&str])] = &[
    ("store", &["graphql", "mcp", "http", "import", "demo", "webhooks"]),
    // Sends what the store queued; below the serving layers.
    ("webhooks", &["graphql", "mcp", "http", "import", "demo", "db"]),
    // The CLI's writers beside the serving layers, below none of them.
    ("import", &["graphql", "mcp", "http", "demo"]),
    ("demo", &["graphql", "mcp", "http", "import"]),
    ("graphql", &["mcp", "http", "db"]),
    ("mcp", &["http", "db"]),
    ("http", &["db"]),
];

#[test]
fn no_layer_imports_from_a_layer_above_it() {
    let mut found = Vec::new();
    for (layer, above) in ABOVE {
        for (path, text) in layer_sources(layer) {
            for (n, line) in code_lines(&text) {
                if above.iter().any(|module| names_module(line, module)) {
                    found.push(format!("{}:{n}: {}", path.display(), line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "imports from a layer above:\n{}", found.join("\n"));
}

/// What the MCP layer takes from the store: who is calling and whether
/// their token still stands, whether the database answers (to word a time
/// limit), the page limits its instructions quote, and the store handed to
/// the GraphQL operation a call runs, which reads and writes everything else.
const MCP_STORE_USES: &[&str] =
    &["crate::store::Viewer", ".store.revalidate(", ".store.answers()", ".store.limits.", "(request, &app.store, "];

#[test]
fn the_mcp_layer_reaches_the_model_only_through_graphql() {
    let mut found = Vec::new();
    for (path, text) in layer_sources("mcp") {
        for (n, line) in code_lines(&text) {
            let mut rest = line.to_owned();
            for allowed in MCP_STORE_USES {
                rest = rest.replace(allowed, "");
            }
            if names_module(&rest, "store") || rest.contains(".store") || rest.contains("sea_orm") {
                found.push(format!("{}:{n}: {}", path.display(), line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "the MCP layer touches the store:\n{}", found.join("\n"));
}

/// Files outside the store that still use the database crate: connecting
/// and migrating (`db.rs`, `lib.rs`, `main.rs`), and the demo's tests, which
/// read the board they seeded.
const SQL_OUTSIDE_STORE: &[&str] = &["db.rs", "lib.rs", "main.rs", "demo/tests.rs"];

#[test]
fn a_module_is_named_alone_or_in_a_group() {
    assert!(names_module("use crate::http::serve;", "http"));
    assert!(names_module("use crate::{App, db, graphql};", "db"));
    assert!(names_module("    crate::db::pool_state(&db)", "db"));
    assert!(!names_module("use crate::{App, dbx};", "db"));
    assert!(!names_module("let stored = restore(db);", "store"));
}

#[test]
fn no_sql_is_written_outside_the_store() {
    let root = src();
    let mut found = Vec::new();
    for (path, text) in sources(&root) {
        let relative = path.strip_prefix(&root).map(|p| p.to_string_lossy().replace('\\', "/")).unwrap_or_default();
        // These rules name the crates they look for.
        let rules = relative == "layer_rules.rs";
        if rules || relative.starts_with("store/") || SQL_OUTSIDE_STORE.contains(&relative.as_str()) {
            continue;
        }
        for (n, line) in code_lines(&text) {
            if ["sea_orm", "sqlx", "execute_unprepared"].iter().any(|sql| line.contains(sql)) {
                found.push(format!("{relative}:{n}: {}", line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "SQL outside the store:\n{}", found.join("\n"));
}
