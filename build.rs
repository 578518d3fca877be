//! Embeds the two front ends into the binary, each a folder of files built
//! from npm and committed, with its Content-Security-Policy: GraphiQL
//! (`assets/graphiql/dist/`, built by `assets/graphiql/build.sh`) and the
//! web board (`web/dist/`, built by `web/build.sh`). For each it writes
//! `<name>_bundle.rs` in `OUT_DIR` with one `include_bytes!` per file and
//! its `Content-Type`, so a rebuilt bundle (new content-hashed names) needs
//! no change in Rust. Text files are also embedded gzipped, for clients
//! that accept it.

use std::error::Error;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::{env, fs};

use flate2::Compression;
use flate2::write::GzEncoder;

/// A front end: its built files, its CSP, the script that rebuilds it.
struct Bundle {
    name: &'static str,
    dist: &'static str,
    csp: &'static str,
    build: &'static str,
}

const BUNDLES: [Bundle; 2] = [
    Bundle {
        name: "graphiql",
        dist: "assets/graphiql/dist",
        csp: "assets/graphiql/CSP",
        build: "assets/graphiql/build.sh",
    },
    Bundle { name: "web", dist: "web/dist", csp: "web/CSP", build: "web/build.sh" },
];

fn main() -> Result<(), Box<dyn Error>> {
    let root = env::var("CARGO_MANIFEST_DIR")?;
    let out_dir = env::var("OUT_DIR")?;
    for bundle in &BUNDLES {
        embed(Path::new(&root), Path::new(&out_dir), bundle)?;
    }
    Ok(())
}

fn embed(root: &Path, out_dir: &Path, bundle: &Bundle) -> Result<(), Box<dyn Error>> {
    let Bundle { name: bundle_name, dist: dist_dir, csp: csp_file, build } = *bundle;
    println!("cargo::rerun-if-changed={dist_dir}");
    println!("cargo::rerun-if-changed={csp_file}");
    let dist = root.join(dist_dir);
    if !dist.join("index.html").is_file() {
        return Err(format!("{dist_dir}/index.html is missing: run {build}").into());
    }

    let mut assets = Vec::new();
    for entry in fs::read_dir(&dist)? {
        let entry = entry?;
        if !entry.file_type()?.is_file() {
            return Err(format!("{dist_dir} must be one flat folder; {:?} is not a file", entry.path()).into());
        }
        let name = entry.file_name().into_string().map_err(|n| format!("{dist_dir}: {n:?} is not UTF-8"))?;
        // Names travel in URLs unescaped: keep them to what needs no escaping.
        if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)) || name.starts_with('.') {
            return Err(format!("{dist_dir}/{name}: a served file name must be letters, digits, '.', '_', '-'").into());
        }
        if name != "index.html" {
            let content_type = content_type(&name).ok_or_else(|| {
                format!("{dist_dir}/{name}: no Content-Type known for this extension; add it to build.rs")
            })?;
            assets.push((name, content_type, entry.path()));
        }
    }
    // Sorted, so the server finds a file by binary search.
    assets.sort();

    let csp = fs::read_to_string(root.join(csp_file))?;
    let csp = csp.trim();
    if csp.is_empty() || !csp.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return Err(format!("{csp_file} must be one line of printable ASCII (a header value)").into());
    }

    let mut out = String::new();
    writeln!(out, "/// The page, `{dist_dir}/index.html`.")?;
    writeln!(out, "pub static PAGE: &[u8] = include_bytes!({:?});", dist.join("index.html"))?;
    writeln!(out, "/// The page's Content-Security-Policy, `{csp_file}`.")?;
    writeln!(out, "pub static CSP: &str = {csp:?};")?;
    writeln!(out, "/// Every other file of the bundle, sorted by name.")?;
    writeln!(out, "pub static ASSETS: &[Asset] = &[")?;
    for (name, content_type, path) in &assets {
        let gzipped = match gzipped(content_type, &fs::read(path)?)? {
            Some(bytes) => {
                // Two bundles may hold a file of the same name.
                let gz = out_dir.join(format!("{bundle_name}-{name}.gz"));
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
    fs::write(out_dir.join(format!("{bundle_name}_bundle.rs")), out)?;
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

/// The types a vite build emits.
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
