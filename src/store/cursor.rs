//! Keyset cursors and the validation of Relay paging arguments.
//!
//! A cursor is base64url of a small versioned JSON payload: the sort key
//! values and id of a row, and a digest of the order and filter that issued
//! it. It carries its position, so the server keeps no state, and a cursor
//! replayed against another order or filter is refused instead of silently
//! starting somewhere else.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, NaiveDate};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{Result, StoreError};

const CURSOR_VERSION: u8 = 1;

/// Default and largest page of every connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageLimits {
    pub default: u64,
    pub max: u64,
}

impl PageLimits {
    /// The limits of a server whose largest page is `max`.
    pub fn new(max: u64) -> Self {
        Self { default: crate::config::DEFAULT_PAGE.min(max), max }
    }
}

impl Default for PageLimits {
    fn default() -> Self {
        Self::new(crate::config::DEFAULT_LIMITS.max_page)
    }
}

/// Relay paging arguments as a client sent them.
#[derive(Debug, Clone, Default)]
pub struct PageArgs {
    pub first: Option<i32>,
    pub after: Option<String>,
    pub last: Option<i32>,
    pub before: Option<String>,
}

impl PageArgs {
    pub fn first(n: i32) -> Self {
        Self { first: Some(n), ..Self::default() }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Forward,
    Backward,
}

/// One value of a sort key, typed by the order that defines it.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyValue {
    Int(i64),
    /// An instant as nanoseconds since the epoch: exact for every stored value.
    Time(i64),
    Date(NaiveDate),
    Text(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    Int,
    Time,
    Date,
    Text,
}

impl KeyValue {
    fn to_json(&self) -> serde_json::Value {
        match self {
            Self::Int(v) | Self::Time(v) => (*v).into(),
            Self::Date(d) => d.format("%Y-%m-%d").to_string().into(),
            Self::Text(s) => s.clone().into(),
        }
    }

    fn from_json(kind: KeyKind, value: &serde_json::Value) -> Option<Self> {
        match kind {
            KeyKind::Int => value.as_i64().map(Self::Int),
            KeyKind::Time => value.as_i64().map(Self::Time),
            KeyKind::Date => value.as_str().and_then(|s| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()).map(Self::Date),
            KeyKind::Text => value.as_str().map(|s| Self::Text(s.to_owned())),
        }
    }

    pub fn to_sql(&self) -> sea_orm::Value {
        match self {
            Self::Int(v) => (*v).into(),
            Self::Time(nanos) => DateTime::from_timestamp_nanos(*nanos).into(),
            Self::Date(d) => (*d).into(),
            Self::Text(s) => s.clone().into(),
        }
    }
}

/// The position of one row in one order: its sort key values, id last.
pub type Position = Vec<KeyValue>;

/// Validated paging: how many rows, which way, and from where.
#[derive(Debug, Clone)]
pub struct PageRequest {
    pub limit: u64,
    pub direction: Direction,
    pub after: Option<Position>,
    pub before: Option<Position>,
}

#[derive(Serialize, Deserialize)]
struct Payload {
    v: u8,
    /// Digest of the order and filter the cursor belongs to.
    d: String,
    /// Sort key values, id last.
    k: Vec<serde_json::Value>,
}

/// The identity of a query for its cursors: the order's name and a canonical
/// text of its filter and scope.
pub fn digest(order: &str, filter: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(order.as_bytes());
    hasher.update([0]);
    hasher.update(filter.as_bytes());
    hex::encode(&hasher.finalize()[..8])
}

/// A row's cursor, encoded only when a client reads it (a page's
/// `endCursor`, an edge's `cursor`) rather than for every row of a page.
#[derive(Debug, Clone)]
pub struct Cursor {
    digest: std::sync::Arc<str>,
    position: Position,
}

impl Cursor {
    pub fn new(digest: std::sync::Arc<str>, position: Position) -> Self {
        Self { digest, position }
    }

    /// The cursor as clients pass it back.
    pub fn encoded(&self) -> String {
        encode(&self.digest, &self.position)
    }
}

pub fn encode(digest: &str, position: &[KeyValue]) -> String {
    let payload =
        Payload { v: CURSOR_VERSION, d: digest.to_owned(), k: position.iter().map(KeyValue::to_json).collect() };
    // Serializing a struct of strings and numbers cannot fail.
    let json = serde_json::to_vec(&payload).unwrap_or_default();
    URL_SAFE_NO_PAD.encode(json)
}

fn decode(argument: &str, cursor: &str, digest: &str, kinds: &[KeyKind]) -> Result<Position> {
    let garbage = || {
        StoreError::bad_input(
            format!("`{argument}` is not a cursor of this list"),
            "pass back a cursor (pageInfo.endCursor, pageInfo.startCursor or an edge's cursor) exactly as it was received",
        )
    };
    let bytes = URL_SAFE_NO_PAD.decode(cursor.trim_end_matches('=')).map_err(|_| garbage())?;
    let payload: Payload = serde_json::from_slice(&bytes).map_err(|_| garbage())?;
    if payload.v != CURSOR_VERSION || payload.k.len() != kinds.len() {
        return Err(garbage());
    }
    if payload.d != digest {
        return Err(StoreError::bad_input(
            format!("`{argument}` was issued for another order or filter"),
            "a cursor only resumes the query that issued it: repeat the same order and filter, or start again without a cursor",
        ));
    }
    kinds
        .iter()
        .zip(&payload.k)
        .map(|(kind, value)| KeyValue::from_json(*kind, value))
        .collect::<Option<Position>>()
        .ok_or_else(garbage)
}

impl PageArgs {
    /// Checks the arguments against the limits and decodes the cursors.
    pub fn validate(&self, limits: PageLimits, digest: &str, kinds: &[KeyKind]) -> Result<PageRequest> {
        if self.first.is_some() && self.last.is_some() {
            return Err(StoreError::bad_input(
                "`first` and `last` cannot be used together",
                "page forward with `first` and `after`, or backward with `last` and `before`",
            ));
        }
        let (name, requested, direction) = match (self.first, self.last) {
            (_, Some(last)) => ("last", Some(last), Direction::Backward),
            (first, None) => ("first", first, Direction::Forward),
        };
        let limit = match requested {
            None => limits.default,
            Some(n) if n < 0 => {
                return Err(StoreError::bad_input(
                    format!("`{name}` is {n}: a page cannot be negative"),
                    format!("ask for 0 to {} items", limits.max),
                ));
            }
            Some(n) if n as u64 > limits.max => {
                crate::metrics::metrics().limit_refused(crate::metrics::Limit::Page);
                return Err(StoreError::bad_input(
                    format!("`{name}` is {n}, above the largest page of {}", limits.max),
                    format!("ask for at most {} items and follow the cursor for the rest", limits.max),
                ));
            }
            Some(n) => n as u64,
        };
        let after = self.after.as_deref().map(|c| decode("after", c, digest, kinds)).transpose()?;
        let before = self.before.as_deref().map(|c| decode("before", c, digest, kinds)).transpose()?;
        Ok(PageRequest { limit, direction, after, before })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: &[KeyKind] = &[KeyKind::Time, KeyKind::Int];

    fn args(first: Option<i32>, last: Option<i32>, after: Option<String>) -> PageArgs {
        PageArgs { first, last, after, before: None }
    }

    #[test]
    fn a_cursor_round_trips_under_its_own_digest() {
        let d = digest("updated", "{}");
        let position = vec![KeyValue::Time(1_790_000_000_123_456_789), KeyValue::Int(42)];
        let request =
            args(Some(10), None, Some(encode(&d, &position))).validate(PageLimits::default(), &d, KINDS).unwrap();
        assert_eq!(request.after, Some(position));
        assert_eq!(request.limit, 10);
    }

    #[test]
    fn a_cursor_of_another_filter_is_refused() {
        let cursor = encode(&digest("updated", "{\"done\":true}"), &[KeyValue::Time(1), KeyValue::Int(1)]);
        let err = args(None, None, Some(cursor))
            .validate(PageLimits::default(), &digest("updated", "{}"), KINDS)
            .unwrap_err();
        assert!(err.to_string().contains("another order or filter"), "{err}");
    }

    #[test]
    fn garbage_and_over_limit_and_first_with_last_are_bad_input() {
        let d = digest("updated", "");
        for bad in [
            args(None, None, Some("not a cursor!".into())),
            args(None, None, Some(URL_SAFE_NO_PAD.encode("{\"v\":1}"))),
            args(Some(201), None, None),
            args(Some(-1), None, None),
            args(Some(1), Some(1), None),
        ] {
            assert!(
                matches!(bad.validate(PageLimits::default(), &d, KINDS), Err(e) if e.code() == crate::error_code::ErrorCode::BadUserInput)
            );
        }
        assert_eq!(args(None, None, None).validate(PageLimits::default(), &d, KINDS).unwrap().limit, 50);
    }

    fn refusal(args: PageArgs) -> String {
        let d = digest("updated", "");
        args.validate(PageLimits::default(), &d, KINDS).map(|r| r.limit).unwrap_err().to_string()
    }

    #[test]
    fn a_page_runs_from_zero_to_the_largest() {
        let d = digest("updated", "");
        let limit = |n| args(Some(n), None, None).validate(PageLimits::default(), &d, KINDS).map(|r| r.limit);
        assert_eq!(limit(0).ok(), Some(0));
        assert_eq!(limit(200).ok(), Some(200));
        assert!(refusal(args(Some(201), None, None)).contains("above the largest page of 200"));
        assert!(refusal(args(Some(-1), None, None)).contains("`first` is -1: a page cannot be negative"));
        assert!(refusal(args(None, Some(-3), None)).contains("`last` is -3: a page cannot be negative"));
        assert_eq!(PageArgs::first(7).first, Some(7));
        let backward = args(None, Some(5), None).validate(PageLimits::default(), &d, KINDS).expect("valid");
        assert_eq!((backward.limit, backward.direction), (5, Direction::Backward));
    }

    #[test]
    fn a_cursor_of_another_shape_is_not_a_cursor_of_this_list() {
        let d = digest("updated", "");
        let short = encode(&d, &[KeyValue::Time(1)]);
        assert!(refusal(args(None, None, Some(short))).contains("is not a cursor of this list"));
        let wrong_kind = encode(&d, &[KeyValue::Text("x".into()), KeyValue::Int(1)]);
        assert!(refusal(args(None, None, Some(wrong_kind))).contains("is not a cursor of this list"));
        let payload = serde_json::json!({"v": CURSOR_VERSION + 1, "d": d, "k": [1, 1]});
        let other_version = URL_SAFE_NO_PAD.encode(payload.to_string());
        assert!(refusal(args(None, None, Some(other_version))).contains("is not a cursor of this list"));
    }
}
