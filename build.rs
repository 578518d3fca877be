//! Embeds the GraphiQL bundle (`assets/graphiql/dist/`, built by
//! `assets/graphiql/build.sh` and committed) and its Content-Security-Policy
//! (`assets/graphiql/CSP`) into the binary: writes `graphiql_bundle.rs` in
//! `OUT_DIR` with one `include_bytes!` per file and its `Content-Type`, so
//! a rebuilt bundle (new content-hashed names) needs no change in Rust.
//! Text files are also embedded gzipped, for clients that accept it.

use std::error::Error;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::{env, fs};

use flate2::Compression;
use flate2::write::GzEncoder;

const BUNDLE: &str = "assets/graphiql/dist";
const CSP: &str = "assets/graphiql/CSP";

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed={BUNDLE}");
    println!("cargo::rerun-if-changed={CSP}");
    let root = env::var("CARGO_MANIFEST_DIR")?;
    let bundle = Path::new(&root).join(BUNDLE);
    if !bundle.join("index.html").is_file() {
        return Err(format!("{BUNDLE}/index.html is missing: run assets/graphiql/build.sh").into());
    }

    let mut assets = Vec::new();
    for entry in fs::read_dir(&bundle)? {
        let entry = entry?;
        if !entry.file_type()?.is_file() {
            return Err(format!("{BUNDLE} must be one flat folder; {:?} is not a file", entry.path()).into());
        }
        let name = entry.file_name().into_string().map_err(|n| format!("{BUNDLE}: {n:?} is not UTF-8"))?;
        // Names travel in URLs unescaped: keep them to what needs no escaping.
        if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)) || name.starts_with('.') {
            return Err(format!("{BUNDLE}/{name}: a served file name must be letters, digits, '.', '_', '-'").into());
        }
        if name != "index.html" {
            let content_type = content_type(&name).ok_or_else(|| {
                format!("{BUNDLE}/{name}: no Content-Type known for this extension; add it to build.rs")
            })?;
            assets.push((name, content_type, entry.path()));
        }
    }
    // Sorted, so the server finds a file by binary search.
    assets.sort();

    let csp = fs::read_to_string(Path::new(&root).join(CSP))?;
    let csp = csp.trim();
    if csp.is_empty() || !csp.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return Err(format!("{CSP} must be one line of printable ASCII (a header value)").into());
    }

    let mut out = String::new();
    writeln!(out, "/// The page, `{BUNDLE}/index.html`.")?;
    writeln!(out, "pub static PAGE: &[u8] = include_bytes!({:?});", bundle.join("index.html"))?;
    writeln!(out, "/// The page's Content-Security-Policy, `{CSP}`.")?;
    writeln!(out, "pub static CSP: &str = {csp:?};")?;
    writeln!(out, "/// Every other file of the bundle, sorted by name.")?;
    writeln!(out, "pub static ASSETS: &[Asset] = &[")?;
    let out_dir = env::var("OUT_DIR")?;
    for (name, content_type, path) in &assets {
        let gzipped = match gzipped(content_type, &fs::read(path)?)? {
            Some(bytes) => {
                let gz = Path::new(&out_dir).join(format!("{name}.gz"));
                fs::write(&gz, bytes)?;
                format!("Some(include_bytes!({gz:?}))")
            }
            None => "None".to_owned(),
        };
        writeln!(
            out,
            "    Asset {{ name: {name:?}, content_type: {content_type:?}, bytes: include_bytes!({path:?}), gzipped: {gzipped} }},"
        )?;
    }
    writeln!(out, "];")?;
    fs::write(Path::new(&env::var("OUT_DIR")?).join("graphiql_bundle.rs"), out)?;
    Ok(())
}

/// `bytes` gzipped, for a type that compresses and when that saves a tenth
/// at least (woff2 fonts and images are compressed already; ttf is not).
fn gzipped(content_type: &str, bytes: &[u8]) -> Result<Option<Vec<u8>>, Box<dyn Error>> {
    let compressible = content_type.starts_with("text/")
        || ["application/json", "image/svg+xml", "application/wasm", "font/ttf"].contains(&content_type);
    if !compressible {
        return Ok(None);
    }
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes)?;
    let compressed = encoder.finish()?;
    Ok((compressed.len() * 10 < bytes.len() * 9).then_some(compressed))
}

/// The types a vite build of GraphiQL emits.
fn content_type(name: &str) -> Option<&'static str> {
    let extension = name.rsplit_once('.')?.1;
    Some(match extension {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "wasm" => "application/wasm",
        "txt" => "text/plain; charset=utf-8",
        _ => return None,
    })
}
