//! The `Accept` header (RFC 9110 §12.5.1): how much a client wants each
//! media type the server can answer with. `/graphql` uses it to pick the
//! GraphQL response media type and to tell a browser (GraphiQL) from a
//! GraphQL client.

use std::cmp::Ordering;

use axum::http::{HeaderMap, header};

/// How much a client wants one media type: the quality of the most specific
/// range that names it, how specific that range is, and where it stands in
/// the header (earlier wins a tie). Greater is preferred.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preference {
    /// The range's `q`, in thousandths (0 = not acceptable).
    quality: u16,
    /// 2 for `type/subtype`, 1 for `type/*`, 0 for `*/*`.
    specificity: u8,
    /// The range's index in the header.
    position: usize,
}

impl Preference {
    pub fn acceptable(self) -> bool {
        self.quality > 0
    }
}

impl PartialOrd for Preference {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Preference {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.quality, self.specificity)
            .cmp(&(other.quality, other.specificity))
            .then_with(|| other.position.cmp(&self.position))
    }
}

/// The `Accept` header's value; `None` when the client sent none (or one
/// that is not text), which means "anything".
pub fn accept_header(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).filter(|v| !v.trim().is_empty())
}

/// How much `accept` wants `media_type` (lower-case `type/subtype`); `None`
/// when no range names it.
pub fn preference(accept: &str, media_type: &str) -> Option<Preference> {
    let (wanted_type, wanted_subtype) = media_type.split_once('/')?;
    let mut best: Option<Preference> = None;
    for (position, range) in accept.split(',').enumerate() {
        let mut parts = range.split(';');
        let Some((range_type, range_subtype)) = parts.next().and_then(|r| r.trim().split_once('/')) else {
            continue;
        };
        let (range_type, range_subtype) = (range_type.trim(), range_subtype.trim());
        let specificity = match (range_type, range_subtype) {
            ("*", "*") => 0,
            (t, "*") if t.eq_ignore_ascii_case(wanted_type) => 1,
            (t, s) if t.eq_ignore_ascii_case(wanted_type) && s.eq_ignore_ascii_case(wanted_subtype) => 2,
            _ => continue,
        };
        let Some(quality) = range_quality(parts) else { continue };
        let candidate = Preference { quality, specificity, position };
        // A more specific range overrides a broader one, whatever their q:
        // `*/*, application/json;q=0` refuses JSON.
        let replaces = match best {
            None => true,
            Some(b) => specificity > b.specificity || (specificity == b.specificity && candidate > b),
        };
        if replaces {
            best = Some(candidate);
        }
    }
    best
}

/// A range's `q` in thousandths (1000 when absent); `None` for a malformed
/// `q` or a charset other than UTF-8 (the only one the server writes), so
/// that the range is ignored.
fn range_quality<'a>(params: impl Iterator<Item = &'a str>) -> Option<u16> {
    let mut quality = 1000;
    for param in params {
        let Some((name, value)) = param.split_once('=') else { continue };
        let (name, value) = (name.trim(), value.trim().trim_matches('"'));
        if name.eq_ignore_ascii_case("q") {
            let q: f32 = value.parse().ok().filter(|q: &f32| (0.0..=1.0).contains(q))?;
            quality = (q * 1000.0).round() as u16;
        } else if name.eq_ignore_ascii_case("charset")
            && !value.eq_ignore_ascii_case("utf-8")
            && !value.eq_ignore_ascii_case("utf8")
        {
            return None;
        }
    }
    Some(quality)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRAPHQL: &str = "application/graphql-response+json";
    const JSON: &str = "application/json";

    fn q(accept: &str, media_type: &str) -> Option<u16> {
        preference(accept, media_type).map(|p| p.quality)
    }

    #[test]
    fn quality_comes_from_the_most_specific_range() {
        assert_eq!(q("*/*;q=0.5, application/json", JSON), Some(1000));
        assert_eq!(q("*/*, application/json;q=0", JSON), Some(0));
        assert_eq!(q("application/*;q=0.3, */*;q=0.9", JSON), Some(300));
        assert_eq!(q("text/html", JSON), None);
        assert_eq!(q("Application/JSON ; Q=0.25", JSON), Some(250));
    }

    #[test]
    fn malformed_ranges_and_foreign_charsets_are_ignored() {
        assert_eq!(q("application/json;q=high", JSON), None);
        assert_eq!(q("application/json;q=2", JSON), None);
        assert_eq!(q("application/json;charset=utf-16", JSON), None);
        assert_eq!(q("application/json;charset=UTF-8", JSON), Some(1000));
        assert_eq!(q("nonsense, application/json", JSON), Some(1000));
    }

    #[test]
    fn ties_go_to_the_more_specific_then_the_earlier_range() {
        let apollo = "application/graphql-response+json,application/json;q=0.9";
        assert!(preference(apollo, GRAPHQL) > preference(apollo, JSON));
        let both = "application/json, application/graphql-response+json";
        assert!(preference(both, JSON) > preference(both, GRAPHQL));
        let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        assert!(preference(browser, "text/html") > preference(browser, JSON));
        assert_eq!(preference("*/*", JSON), preference("*/*", GRAPHQL));
    }
}
