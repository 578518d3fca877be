//! The web board, served from the binary: the bundle in `web/dist/` is
//! embedded at compile time (see `build.rs`). Its page answers `GET /`,
//! every other file `/web/{file}`; neither needs a token (the page signs in
//! with one, and talks to `/graphql` and `/graphql/ws` like any client).

use axum::extract::Path;
use axum::http::HeaderMap;
use axum::response::Response;

use super::bundle::{Asset, Bundle};

mod bundle {
    use super::Asset;

    include!(concat!(env!("OUT_DIR"), "/web_bundle.rs"));
}

pub(super) static WEB: Bundle =
    Bundle { what: "web board", page: bundle::PAGE, csp: bundle::CSP, assets: bundle::ASSETS };

/// `GET /`: the board's one page (its places are `#/...` addresses).
pub async fn page() -> Response {
    WEB.page()
}

/// `GET /web/{file}`: a file of the board's bundle.
pub async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    WEB.asset(&file, &headers)
}
