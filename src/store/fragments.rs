//! Shared SQL fragments: user names, refs, text search patterns.

use sea_orm::ColumnTrait;
use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr, Query, SelectStatement};

use entity::{project, user};

use super::viewer::Viewer;
use crate::store::{Result, StoreError};

/// `SELECT id FROM user WHERE username = ?`, where `me` names the viewer.
pub fn user_id_by_name(viewer: &Viewer, username: &str) -> SelectStatement {
    let username =
        if username.eq_ignore_ascii_case("me") { viewer.username.clone() } else { super::input::nfc(username) };
    Query::select()
        .column(user::Column::Id)
        .from(user::Entity)
        .and_where(user::Column::Username.eq(username))
        .to_owned()
}

/// `SELECT id FROM project WHERE key = ?`.
pub fn project_ids_by_key(key: &str) -> SelectStatement {
    Query::select().column(project::Column::Id).from(project::Entity).and_where(project::Column::Key.eq(key)).to_owned()
}

/// Splits `PROJ-42` into its project key and number.
pub fn parse_ref(task_ref: &str) -> Result<(&str, i32)> {
    let bad = || {
        StoreError::bad_input(
            format!("`{}` is not a task ref", crate::text::echo(task_ref)),
            "a task ref is a project key, a dash and a number, like PROJ-42",
        )
    };
    let (key, number) = task_ref.trim().rsplit_once('-').ok_or_else(bad)?;
    let number: i32 = number.parse().map_err(|_| bad())?;
    if key.is_empty() || number < 1 {
        return Err(bad());
    }
    Ok((key, number))
}

/// The distinct words of a search text, lowercased; past
/// `MAX_SEARCH_WORDS` it stops at one more (which `input::search_words`
/// then refuses), so a huge text costs no more than a long one.
pub fn words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in text.split_whitespace().map(str::to_lowercase) {
        if !words.contains(&word) {
            words.push(word);
            if words.len() > super::input::MAX_SEARCH_WORDS {
                break;
            }
        }
    }
    words
}

/// `LOWER(expr) LIKE '%word%'`, with the word's wildcards escaped.
pub fn contains_word(expr: Expr, word: &str) -> Expr {
    let escaped = word.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Expr::from(Func::lower(expr)).like(LikeExpr::new(format!("%{escaped}%")).escape('\\'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refs_parse_on_the_last_dash() {
        assert_eq!(parse_ref("PROJ-42").unwrap(), ("PROJ", 42));
        assert_eq!(parse_ref("MY-PROJ-7").unwrap(), ("MY-PROJ", 7));
        for bad in ["PROJ", "PROJ-", "-3", "PROJ-x", "PROJ-0"] {
            assert!(parse_ref(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn words_are_lowercased_and_distinct() {
        assert_eq!(words("  Alpha beta ALPHA "), vec!["alpha", "beta"]);
    }
}
