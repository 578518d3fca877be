//! GraphiQL, served from the binary: the bundle in `assets/graphiql/dist/`
//! is embedded at compile time (see `build.rs`), its text files gzipped too.
//! Its page answers `GET /graphql` from a browser, every other file
//! `/graphiql/{file}` (gzipped when the client accepts it); neither needs a
//! token (the page asks for one, or takes `?token=`).

use axum::extract::{Path, Request};
use axum::http::HeaderMap;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::accept;
use super::graphql_http::graphql_preference;

/// One embedded file of the bundle.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
    /// The bytes gzipped, when that is worth it (text files).
    gzipped: Option<&'static [u8]>,
}

mod bundle {
    use super::Asset;

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
pub async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let Ok(found) = bundle::ASSETS.binary_search_by(|asset| asset.name.cmp(file.as_str())) else {
        return (StatusCode::NOT_FOUND, "no such GraphiQL file").into_response();
    };
    let Asset { content_type, bytes, gzipped, .. } = &bundle::ASSETS[found];
    let (content_type, bytes, gzipped) = (*content_type, *bytes, *gzipped);
    let gzip = gzipped.filter(|_| accepts_gzip(&headers));
    let mut response = (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        ],
        gzip.unwrap_or(bytes),
    )
        .into_response();
    if gzip.is_some() {
        response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    if gzipped.is_some() {
        response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// Whether `Accept-Encoding` takes gzip: named with a weight above 0, or
/// through `*` when not named.
fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut gzip = None;
    let mut any = None;
    for item in
        headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(','))
    {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or_default().trim();
        let weight = parts
            .find_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok());
        let accepted = weight.is_some_and(|q| q > 0.0);
        if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            gzip = Some(accepted);
        } else if coding == "*" {
            any = Some(accepted);
        }
    }
    gzip.or(any).unwrap_or(false)
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn every_embedded_file_has_a_header_safe_type_and_the_page_names_them() {
        let page = std::str::from_utf8(bundle::PAGE).expect("UTF-8 page");
        assert!(!bundle::ASSETS.is_empty());
        assert!(bundle::ASSETS.windows(2).all(|w| w[0].name < w[1].name), "sorted for binary search");
        for asset in bundle::ASSETS {
            assert!(HeaderValue::from_str(asset.content_type).is_ok(), "{}", asset.name);
        }
        for reference in page.split("/graphiql/").skip(1) {
            let name = reference.split('"').next().unwrap_or_default();
            assert!(bundle::ASSETS.iter().any(|a| a.name == name), "the page names {name}, which is not embedded");
        }
        let scripts = bundle::ASSETS.iter().filter(|a| a.name.ends_with(".js"));
        assert!(scripts.clone().count() > 0 && scripts.clone().all(|a| a.gzipped.is_some()), "scripts are gzipped");
    }

    fn encodings(value: &str) -> HeaderMap {
        with(header::ACCEPT_ENCODING, value)
    }

    #[test]
    fn gzip_is_sent_only_to_clients_that_take_it() {
        for taken in ["gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8", "*", "identity, *;q=0.5", "GZIP"] {
            assert!(accepts_gzip(&encodings(taken)), "{taken}");
        }
        for refused in ["br", "gzip;q=0", "gzip;q=0, *", "*;q=0", "identity", "gzip;q=nonsense"] {
            assert!(!accepts_gzip(&encodings(refused)), "{refused}");
        }
        assert!(!accepts_gzip(&HeaderMap::new()));
    }
}
