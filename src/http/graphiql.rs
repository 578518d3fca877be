//! GraphiQL, served from the binary: the bundle in `assets/graphiql/dist/`
//! is embedded at compile time (see `build.rs`). Its page answers
//! `GET /graphql` from a browser, every other file `/graphiql/{file}`;
//! neither needs a token (the page asks for one, or takes `?token=`).

use axum::extract::{Path, Request};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::accept;
use super::graphql_http::graphql_preference;

mod bundle {
    include!(concat!(env!("OUT_DIR"), "/graphiql_bundle.rs"));
}

/// In front of `/graphql`: a browser's `GET` (one that prefers `text/html`
/// to the GraphQL media types) gets the page, before authentication.
pub async fn page_for_browsers(request: Request, next: Next) -> Response {
    let reads = matches!(*request.method(), Method::GET | Method::HEAD);
    if reads && prefers_html(request.headers()) {
        return page();
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

fn page() -> Response {
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
        // A new binary may bring a new bundle: the page is always revalidated,
        // the files it names never change.
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(bundle::CSP)),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        // `?token=` must not leave in a Referer.
        (header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")),
        (header::VARY, HeaderValue::from_static("accept")),
    ];
    (headers, bundle::PAGE).into_response()
}

/// `GET /graphiql/{file}`: a file of the bundle. Its name carries a hash of
/// its content, so browsers may keep it for good.
pub async fn asset(Path(file): Path<String>) -> Response {
    let Ok(found) = bundle::ASSETS.binary_search_by(|(name, _, _)| (*name).cmp(file.as_str())) else {
        return (StatusCode::NOT_FOUND, "no such GraphiQL file").into_response();
    };
    let (_, content_type, bytes) = bundle::ASSETS[found];
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
        (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable")),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
    ];
    (headers, bytes).into_response()
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderMap;

    use super::*;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT, HeaderValue::from_str(value).expect("header"));
        headers
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

    #[test]
    fn every_embedded_file_has_a_header_safe_type_and_the_page_names_them() {
        let page = std::str::from_utf8(bundle::PAGE).expect("UTF-8 page");
        assert!(!bundle::ASSETS.is_empty());
        assert!(bundle::ASSETS.windows(2).all(|w| w[0].0 < w[1].0), "sorted for binary search");
        for (name, content_type, _) in bundle::ASSETS {
            assert!(HeaderValue::from_str(content_type).is_ok(), "{name}");
        }
        for reference in page.split("/graphiql/").skip(1) {
            let name = reference.split('"').next().unwrap_or_default();
            assert!(bundle::ASSETS.iter().any(|(n, _, _)| *n == name), "the page names {name}, which is not embedded");
        }
    }
}
