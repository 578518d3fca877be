//! GraphiQL, served from the binary: the bundle in `assets/graphiql/dist/`
//! is embedded at compile time (see `build.rs`), its text files gzipped too.
//! Its page answers `GET /graphql` from a browser, every other file
//! `/graphiql/{file}` (gzipped when the client accepts it); neither needs a
//! token (the page asks for one, or takes `?token=`).

use axum::extract::{Path, Request};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::Response;

use super::accept;
use super::bundle::{Asset, Bundle};
use super::graphql_http::graphql_preference;

mod bundle {
    use super::Asset;

    include!(concat!(env!("OUT_DIR"), "/graphiql_bundle.rs"));
}

pub(super) static GRAPHIQL: Bundle =
    Bundle { what: "GraphiQL", page: bundle::PAGE, csp: bundle::CSP, assets: bundle::ASSETS };

/// In front of `/graphql`: a browser's `GET` (one that prefers `text/html`
/// to the GraphQL media types) gets the page, before authentication.
pub async fn page_for_browsers(request: Request, next: Next) -> Response {
    let reads = matches!(*request.method(), Method::GET | Method::HEAD);
    if reads && prefers_html(request.headers()) {
        return GRAPHIQL.page();
    }
    next.run(request).await
}

fn prefers_html(headers: &axum::http::HeaderMap) -> bool {
    let Some(accept) = accept::accept_header(headers) else { return false };
    match accept::preference(accept, "text/html") {
        Some(html) if html.acceptable() => graphql_preference(accept).is_none_or(|graphql| html > graphql),
        _ => false,
    }
}

/// `GET /graphiql/{file}`: a file of the bundle.
pub async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    GRAPHIQL.asset(&file, &headers)
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderValue, header};

    use super::*;

    fn with(name: header::HeaderName, value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(name, HeaderValue::from_str(value).expect("header"));
        headers
    }

    fn accept(value: &str) -> HeaderMap {
        with(header::ACCEPT, value)
    }

    #[test]
    fn browsers_get_the_page_and_clients_do_not() {
        assert!(prefers_html(&accept("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")));
        assert!(prefers_html(&accept("text/html")));
        assert!(!prefers_html(&accept("application/json, text/html")));
        assert!(!prefers_html(&accept("text/html;q=0.5, application/graphql-response+json")));
        assert!(!prefers_html(&accept("*/*")));
        assert!(!prefers_html(&HeaderMap::new()));
    }
}
