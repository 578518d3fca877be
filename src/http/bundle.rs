//! A front end embedded at build time (`build.rs` writes its file list):
//! its page, sent with the page's security headers, and its other files,
//! content-hashed and so cached for good, gzipped when the client takes it.
//! GraphiQL and the web board are two such bundles.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// One embedded file of a bundle.
pub struct Asset {
    pub name: &'static str,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
    /// The bytes gzipped, when that is worth it (text files).
    pub gzipped: Option<&'static [u8]>,
}

pub struct Bundle {
    /// What the bundle is, for a 404's words.
    pub what: &'static str,
    pub page: &'static [u8],
    pub csp: &'static str,
    /// Sorted by name.
    pub assets: &'static [Asset],
}

impl Bundle {
    /// The page: never cached without revalidation (a new binary may bring
    /// a new bundle), under its Content-Security-Policy.
    pub fn page(&self) -> Response {
        let headers = [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(self.csp)),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            // A token in the address must not leave in a Referer.
            (header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")),
            (header::VARY, HeaderValue::from_static("accept")),
        ];
        (headers, self.page).into_response()
    }

    /// A file of the bundle by name. Its name carries a hash of its
    /// content, so browsers may keep it for good.
    pub fn asset(&self, file: &str, headers: &HeaderMap) -> Response {
        let Ok(found) = self.assets.binary_search_by(|asset| asset.name.cmp(file)) else {
            return (StatusCode::NOT_FOUND, format!("no such {} file", self.what)).into_response();
        };
        let Asset { content_type, bytes, gzipped, .. } = &self.assets[found];
        let (content_type, bytes, gzipped) = (*content_type, *bytes, *gzipped);
        let gzip = gzipped.filter(|_| accepts_gzip(headers));
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

    fn encodings(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).expect("header"));
        headers
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

    /// Every file a page names is embedded, has a header-safe type, and its
    /// scripts are gzipped.
    #[test]
    fn each_page_names_only_embedded_files() {
        for (bundle, prefix) in [(&super::super::graphiql::GRAPHIQL, "/graphiql/"), (&super::super::web::WEB, "/web/")]
        {
            let page = std::str::from_utf8(bundle.page).expect("UTF-8 page");
            assert!(!bundle.assets.is_empty());
            assert!(bundle.assets.windows(2).all(|w| w[0].name < w[1].name), "sorted for binary search");
            for asset in bundle.assets {
                assert!(HeaderValue::from_str(asset.content_type).is_ok(), "{}", asset.name);
            }
            let named: Vec<&str> =
                page.split(prefix).skip(1).map(|rest| rest.split('"').next().unwrap_or_default()).collect();
            assert!(!named.is_empty(), "{} names no file under {prefix}", bundle.what);
            for name in named {
                assert!(bundle.assets.iter().any(|a| a.name == name), "the page names {name}, which is not embedded");
            }
            let scripts = bundle.assets.iter().filter(|a| a.name.ends_with(".js"));
            assert!(scripts.clone().count() > 0 && scripts.clone().all(|a| a.gzipped.is_some()), "scripts are gzipped");
        }
    }
}
