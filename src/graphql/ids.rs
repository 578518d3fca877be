//! Global ids: base64url of `Type:number`, opaque to clients.

use async_graphql::ID;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use super::error::{ErrorCode, coded};

pub fn encode(kind: &str, id: i64) -> ID {
    ID(URL_SAFE_NO_PAD.encode(format!("{kind}:{id}")))
}

pub fn decode(id: &ID) -> async_graphql::Result<(String, i64)> {
    let bad = || {
        coded(
            format!("`{}` is not an id", crate::text::echo(id.as_str())),
            ErrorCode::BadUserInput,
            Some("pass an `id` exactly as a query returned it"),
        )
    };
    // Some clients pad base64: the padding carries nothing.
    let text = URL_SAFE_NO_PAD
        .decode(id.as_str().trim_end_matches('='))
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .ok_or_else(bad)?;
    let (kind, number) = text.split_once(':').ok_or_else(bad)?;
    let number = number.parse().map_err(|_| bad())?;
    Ok((kind.to_owned(), number))
}
