//! One page of any list in one statement, by keyset.
//!
//! The position is compared as a row value, `(k1, k2, id) < ($1, $2, $3)`,
//! which both SQLite and PostgreSQL drive from an index on the same columns,
//! so a page deep in a list costs what the first page costs.

use sea_orm::sea_query::{Expr, ExprTrait, SelectStatement};
use sea_orm::{
    ConnectionTrait, DatabaseBackend, DbErr, EntityTrait, FromQueryResult, Order, QueryFilter, QueryOrder, QueryResult,
    QuerySelect, QueryTrait, Select,
};

use super::Result;
use super::cursor::{Cursor, Direction, KeyKind, KeyValue, PageRequest, Position};
use super::input::STORED_DATES;

/// A sort order over a table: key expressions ending with a unique id, all
/// in one direction, and how to read a row's position.
pub struct KeysetOrder<M> {
    pub name: &'static str,
    pub keys: Vec<(Expr, KeyKind)>,
    pub descending: bool,
    pub position: fn(&M) -> Position,
}

/// How the rows of a page's statement become its items: a sea-orm model
/// reads each row by column name; a page of tasks reads its columns by
/// position (`tasks::page_rows`), which costs far less per row.
pub trait PageRows: Sized + Send + Sync {
    fn from_rows(rows: &[QueryResult]) -> std::result::Result<Vec<Self>, DbErr>;
}

impl<M: FromQueryResult + Send + Sync> PageRows for M {
    fn from_rows(rows: &[QueryResult]) -> std::result::Result<Vec<Self>, DbErr> {
        rows.iter().map(|row| M::from_query_result(row, "")).collect()
    }
}

impl<M> KeysetOrder<M> {
    pub fn kinds(&self) -> Vec<KeyKind> {
        self.keys.iter().map(|(_, kind)| *kind).collect()
    }
}

/// A page of rows with their cursors.
#[derive(Debug)]
pub struct Page<M> {
    pub items: Vec<(Cursor, M)>,
    pub has_previous_page: bool,
    pub has_next_page: bool,
}

impl<M> Page<M> {
    pub fn map<N>(self, f: impl FnMut((Cursor, M)) -> (Cursor, N)) -> Page<N> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            has_previous_page: self.has_previous_page,
            has_next_page: self.has_next_page,
        }
    }
}

fn beyond(keys: &[(Expr, KeyKind)], position: &Position, after_in_order: bool, descending: bool) -> Expr {
    let row = Expr::tuple(keys.iter().map(|(expr, _)| expr.clone()));
    let at = Expr::tuple(position.iter().map(|v| Expr::val(v.to_sql())));
    // "After" in a descending order is smaller.
    if after_in_order == descending { row.lt(at) } else { row.gt(at) }
}

/// A bound on the leading key that every row meets, for pages that start
/// at either end of a list. Without any range on the leading key, SQLite
/// (3.51) may plan a filtered list by reading every matching row and
/// sorting it; with one it walks the order's index and stops after a page,
/// as it does for every later page. PostgreSQL gets none: a bound whose
/// value only the execution knows makes its generic plan look dearer than
/// planning each execution anew, which it then does.
fn opening_bound(keys: &[(Expr, KeyKind)]) -> Option<Expr> {
    let (leading, kind) = keys.first()?;
    let floor: sea_orm::Value = match kind {
        KeyKind::Int => i64::MIN.into(),
        // Instants are written by the server (creation, activity), never
        // before the earliest instant a cursor can hold; dates are checked
        // on the way in.
        KeyKind::Time => chrono::DateTime::from_timestamp_nanos(i64::MIN).into(),
        KeyKind::Text => String::new().into(),
        KeyKind::Date => (*STORED_DATES.start()).into(),
    };
    Some(leading.clone().gte(Expr::val(floor)))
}

/// Fetches the page `request` asks for from `select`, in `order`. Rows are
/// read as `M`: the entity's model, or a model with computed columns that a
/// sort key needs (a search rank).
pub async fn fetch_page<E, M, C>(
    db: &C,
    select: Select<E>,
    order: &KeysetOrder<M>,
    digest: &str,
    request: &PageRequest,
) -> Result<Page<M>>
where
    E: EntityTrait,
    M: PageRows,
    C: ConnectionTrait,
{
    Ok(fetch_joined_page(db, select, None, None, order, digest, request).await?.0)
}

/// The table a page's rows are joined from in `fetch_joined_page`'s outer
/// statement: the page's own statement takes its place.
pub const PAGE_ROWS: &str = "keyset_page_rows";

/// `fetch_page`, with other tables joined to the page's rows after the
/// page is cut: `joins` reads from `PAGE_ROWS` under the alias of
/// `select`'s table, binds no value, and gets the page's order. Joined
/// inside the page's statement, a page whose rows are sorted rather than
/// read in an index's order (a filter no index serves in order) would
/// join every matching row before the sort kept a page of them; on
/// PostgreSQL that was most of such a page's time.
///
/// `total`, a scalar subquery that binds its own values, is read in the
/// same statement as a column of every row, so that a page with its count
/// is one round trip (both databases run an uncorrelated subquery once).
/// The count comes back only when the page has a row to carry it.
pub async fn fetch_joined_page<E, M, C>(
    db: &C,
    select: Select<E>,
    joins: Option<SelectStatement>,
    total: Option<SelectStatement>,
    order: &KeysetOrder<M>,
    digest: &str,
    request: &PageRequest,
) -> Result<(Page<M>, Option<u64>)>
where
    E: EntityTrait,
    M: PageRows,
    C: ConnectionTrait,
{
    let forward = request.direction == Direction::Forward;
    let mut select = select;
    let sqlite = db.get_database_backend() == DatabaseBackend::Sqlite;
    if sqlite && request.after.is_none() && request.before.is_none() {
        if let Some(bound) = opening_bound(&order.keys) {
            select = select.filter(bound);
        }
    }
    if let Some(after) = &request.after {
        select = select.filter(beyond(&order.keys, after, true, order.descending));
    }
    if let Some(before) = &request.before {
        select = select.filter(beyond(&order.keys, before, false, order.descending));
    }
    let sql_descending = order.descending == forward;
    let direction = if sql_descending { Order::Desc } else { Order::Asc };
    for (expr, _) in &order.keys {
        select = select.order_by(expr.clone(), direction.clone());
    }
    let joins = joins.map(|mut joins| {
        for (expr, _) in &order.keys {
            joins.order_by_expr(expr.clone(), direction.clone());
        }
        joins
    });
    if request.limit == 0 {
        return Ok((Page { items: Vec::new(), has_previous_page: false, has_next_page: false }, None));
    }
    let counted = total.is_some();
    if let Some(total) = total {
        select = select.expr_as(Expr::SubQuery(None, Box::new(total.into())), TOTAL);
    }
    let (mut rows, count): (Vec<M>, _) = all_limited(db, select, joins, request.limit + 1, counted).await?;
    let more = rows.len() as u64 > request.limit;
    rows.truncate(request.limit as usize);
    if !forward {
        rows.reverse();
    }
    let digest: std::sync::Arc<str> = digest.into();
    let items = rows.into_iter().map(|row| (Cursor::new(digest.clone(), (order.position)(&row)), row)).collect();
    let page = Page {
        items,
        has_previous_page: if forward { request.after.is_some() } else { more },
        has_next_page: if forward { more } else { request.before.is_some() },
    };
    Ok((page, count))
}

/// The column `fetch_joined_page`'s `total` is read as.
const TOTAL: &str = "keyset_page_total";

/// Runs `select` with its row limit written into the statement, not bound:
/// PostgreSQL expects a bound `LIMIT $n` to return a tenth of the table,
/// which makes the generic plan of a page look ten times dearer than it
/// is, so it planned every execution anew. A page size is one of a few
/// hundred numbers, each a statement prepared once per connection. With
/// `joins`, the limited statement is the subquery `joins` reads from.
async fn all_limited<E, M, C>(
    db: &C,
    select: Select<E>,
    joins: Option<SelectStatement>,
    limit: u64,
    counted: bool,
) -> Result<(Vec<M>, Option<u64>)>
where
    E: EntityTrait,
    M: PageRows,
    C: ConnectionTrait,
{
    let backend = db.get_database_backend();
    let mut statement = select.build(backend);
    statement.sql = format!("{} LIMIT {limit}", statement.sql);
    if let Some(joins) = joins {
        // The outer statement binds nothing, so the page's placeholders keep
        // their numbers once it is written around them.
        let outer = backend.build(&joins);
        let table = format!("\"{PAGE_ROWS}\"");
        if outer.values.as_ref().is_some_and(|values| !values.0.is_empty()) || !outer.sql.contains(&table) {
            return Err(
                DbErr::Custom(format!("a page's joins must read {table} and bind nothing: {}", outer.sql)).into()
            );
        }
        statement.sql = outer.sql.replacen(&table, &format!("({})", statement.sql), 1);
    }
    let rows = db.query_all_raw(statement).await?;
    let total = match rows.first() {
        Some(row) if counted => Some(u64::try_from(row.try_get::<i64>("", TOTAL)?).unwrap_or(0)),
        _ => None,
    };
    Ok((M::from_rows(&rows)?, total))
}

/// Instants as cursor values.
pub fn time(at: &chrono::DateTime<chrono::Utc>) -> KeyValue {
    // Out of range only after the year 2262.
    KeyValue::Time(at.timestamp_nanos_opt().unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};
    use sea_orm::{ActiveModelTrait, DatabaseConnection, EntityTrait, Set};

    use entity::workspace;

    use super::*;
    use crate::store::cursor::PageArgs;

    /// Newest first, ties by the larger id: a descending order over an
    /// instant that several rows share.
    fn newest_first() -> KeysetOrder<workspace::Model> {
        KeysetOrder {
            name: "newest",
            keys: vec![
                (Expr::col((workspace::Entity, workspace::Column::CreatedAt)), KeyKind::Time),
                (Expr::col((workspace::Entity, workspace::Column::Id)), KeyKind::Int),
            ],
            descending: true,
            position: |w| vec![time(&w.created_at), KeyValue::Int(w.id)],
        }
    }

    /// Seven workspaces, W1..W7, created at three instants (ties included).
    async fn board() -> DatabaseConnection {
        let db = crate::db::connect("sqlite::memory:").await.expect("an in-memory database");
        for (n, minute) in [(1, 0), (2, 5), (3, 5), (4, 0), (5, 9), (6, 5), (7, 9)] {
            let at = Utc.with_ymd_and_hms(2026, 1, 1, 0, minute, 0).single().expect("an instant");
            workspace::ActiveModel {
                key: Set(format!("W{n}")),
                name: Set(format!("W{n}")),
                created_at: Set(at),
                ..Default::default()
            }
            .insert(&db)
            .await
            .expect("a workspace");
        }
        db
    }

    async fn page(db: &DatabaseConnection, args: PageArgs) -> Page<workspace::Model> {
        let order = newest_first();
        let request = args.validate(Default::default(), "d", &order.kinds()).expect("valid arguments");
        fetch_page(db, workspace::Entity::find(), &order, "d", &request).await.expect("a page")
    }

    fn keys(page: &Page<workspace::Model>) -> Vec<&str> {
        page.items.iter().map(|(_, w)| w.key.as_str()).collect()
    }

    #[tokio::test]
    async fn pages_walk_forward_and_back_seeing_each_row_once() {
        let db = board().await;
        let first = page(&db, PageArgs::first(3)).await;
        assert_eq!(keys(&first), ["W7", "W5", "W6"]);
        assert!(first.has_next_page && !first.has_previous_page);
        let after = |page: &Page<workspace::Model>| page.items.last().map(|(c, _)| c.encoded());
        let second = page(&db, PageArgs { after: after(&first), ..PageArgs::first(3) }).await;
        assert_eq!(keys(&second), ["W3", "W2", "W4"]);
        assert!(second.has_next_page && second.has_previous_page);
        let third = page(&db, PageArgs { after: after(&second), ..PageArgs::first(3) }).await;
        assert_eq!(keys(&third), ["W1"]);
        assert!(!third.has_next_page && third.has_previous_page);
        // Exactly a page left: no next page.
        let exact = page(&db, PageArgs { after: after(&first), ..PageArgs::first(4) }).await;
        assert_eq!(keys(&exact), ["W3", "W2", "W4", "W1"]);
        assert!(!exact.has_next_page);

        let last = page(&db, PageArgs { last: Some(3), ..PageArgs::default() }).await;
        assert_eq!(keys(&last), ["W2", "W4", "W1"]);
        assert!(last.has_previous_page && !last.has_next_page);
        let before = last.items.first().map(|(c, _)| c.encoded());
        let earlier = page(&db, PageArgs { last: Some(3), before, ..PageArgs::default() }).await;
        assert_eq!(keys(&earlier), ["W5", "W6", "W3"]);
        assert!(earlier.has_previous_page && earlier.has_next_page);

        let none = page(&db, PageArgs::first(0)).await;
        assert!(none.items.is_empty() && !none.has_next_page);
        let all = page(&db, PageArgs::first(7)).await;
        assert_eq!(keys(&all), ["W7", "W5", "W6", "W3", "W2", "W4", "W1"]);
        assert!(!all.has_next_page);
    }

    /// Without a range on the leading key SQLite may sort every matching
    /// row for a first page; the bound makes it walk the index instead. A
    /// page after a cursor has its range already.
    #[tokio::test]
    async fn only_a_page_from_an_end_gets_the_opening_bound() {
        let mut db = board().await;
        let statements = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let log = statements.clone();
        db.set_metric_callback(move |info| {
            if let Ok(mut log) = log.lock() {
                log.push(info.statement.to_string());
            }
        });
        let first = page(&db, PageArgs::first(2)).await;
        let after = first.items.last().map(|(c, _)| c.encoded());
        page(&db, PageArgs { after, ..PageArgs::first(2) }).await;
        let statements = statements.lock().map(|s| s.clone()).unwrap_or_default();
        assert_eq!(statements.len(), 2, "{statements:?}");
        assert!(statements[0].contains(">="), "{}", statements[0]);
        assert!(!statements[1].contains(">="), "{}", statements[1]);
    }
}
