//! GraphiQL for browsers: a browser's `GET /graphql` gets the page instead
//! of GraphQL, before authentication (the page itself needs no token).

use async_graphql::http::GraphiQLSource;
use axum::extract::Request;
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};

use super::accept;
use super::graphql_http::graphql_preference;
use crate::auth;

/// In front of `/graphql`: a browser's `GET` (one that prefers `text/html`
/// to the GraphQL media types) gets the page.
pub async fn page_for_browsers(request: Request, next: Next) -> Response {
    if request.method() == Method::GET && prefers_html(request.headers()) {
        return page(request.uri().query().unwrap_or_default());
    }
    next.run(request).await
}

fn prefers_html(headers: &HeaderMap) -> bool {
    let Some(accept) = accept::accept_header(headers) else { return false };
    match accept::preference(accept, "text/html") {
        Some(html) if html.acceptable() => graphql_preference(accept).is_none_or(|graphql| html > graphql),
        _ => false,
    }
}

/// `?token=tl_...` prefills the token so the page works at once.
fn page(query: &str) -> Response {
    // Only a well-formed token is embedded in the page.
    let token = url::form_urlencoded::parse(query.as_bytes())
        .find(|(name, _)| name == "token")
        .map(|(_, token)| token.into_owned())
        .filter(|t| {
            t.starts_with(auth::TOKEN_PREFIX)
                && t.len() <= 100
                && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        });
    let bearer = token.as_ref().map(|t| format!("Bearer {t}"));
    let mut source =
        GraphiQLSource::build().endpoint("/graphql").subscription_endpoint("/graphql/ws").title("tasklens");
    if let Some(bearer) = &bearer {
        source = source.header("Authorization", bearer).ws_connection_param("Authorization", bearer);
    }
    Html(source.finish()).into_response()
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderValue, header};

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
}
