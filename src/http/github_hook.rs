//! `POST /hooks/github/{project}`: GitHub's signed deliveries for a project
//! bound to its repository (`tasklens webhook github`). A delivery without
//! its headers, or declaring more than 25 MB, is refused before its body is
//! read; the body is read within the body-read timeout, and the signature
//! (`X-Hub-Signature-256`, HMAC-SHA256 of the raw body with the project's
//! secret) checked in constant time before anything else. Unsigned,
//! tampered, oversized, replayed and foreign deliveries are refused, an
//! unknown project as a wrong signature; an event that is not mapped is
//! answered 200 with the reason; the rest is written as an import writes
//! it, within GitHub's 10 s, behind the same database queue as requests.

use std::time::Duration;

use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use hmac::{Hmac, Mac};
use serde_json::json;
use sha2::Sha256;

use crate::App;
use crate::import::ImportError;
use crate::import::github_hook::{Applied, Delivery, HookEvent, apply, fit, read};
use crate::store::github_hooks::RepositoryFit;

/// GitHub's own cap on a delivery's payload.
pub const MAX_PAYLOAD_BYTES: usize = 25 << 20;
/// GitHub gives up on an answer after 10 s.
const ANSWER_WITHIN: Duration = Duration::from_secs(9);

fn answer(status: StatusCode, key: &str, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({ key: message.into() }))).into_response()
}

/// Whether `header` (`sha256=` and the hex MAC) signs `body` with `secret`.
fn signed(secret: &str, header: &str, body: &[u8]) -> bool {
    let Some(hex_mac) = header.strip_prefix("sha256=") else { return false };
    let Ok(mac_bytes) = hex::decode(hex_mac) else { return false };
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else { return false };
    mac.update(body);
    mac.verify_slice(&mac_bytes).is_ok()
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

pub async fn receive(State(app): State<App>, Path(project): Path<String>, request: Request) -> Response {
    let headers = request.headers().clone();
    // Refused before the body is read: an unsigned or undeclared delivery,
    // and one that says it is over the cap.
    let (Some(signature), Some(event), Some(delivery)) = (
        header(&headers, "x-hub-signature-256"),
        header(&headers, "x-github-event"),
        header(&headers, "x-github-delivery"),
    ) else {
        return answer(
            StatusCode::UNAUTHORIZED,
            "error",
            "unsigned: X-Hub-Signature-256, X-GitHub-Event and X-GitHub-Delivery are required",
        );
    };
    let declared = header(&headers, "content-length").and_then(|n| n.parse::<usize>().ok());
    if declared.is_some_and(|n| n > MAX_PAYLOAD_BYTES) {
        return answer(StatusCode::PAYLOAD_TOO_LARGE, "error", "over GitHub's 25 MB");
    }
    let read_within = Duration::from_secs(app.settings.limits.body_read_timeout);
    let body =
        match tokio::time::timeout(read_within, axum::body::to_bytes(request.into_body(), MAX_PAYLOAD_BYTES)).await {
            Ok(Ok(body)) => body,
            Ok(Err(_)) => return answer(StatusCode::PAYLOAD_TOO_LARGE, "error", "over GitHub's 25 MB"),
            Err(_) => return answer(StatusCode::REQUEST_TIMEOUT, "error", "the body did not arrive in time"),
        };
    let hook = match app.store.github_hook(&project).await {
        Ok(hook) => hook,
        Err(err) => {
            tracing::warn!(error = %err, "a GitHub delivery could not be checked");
            return answer(
                StatusCode::SERVICE_UNAVAILABLE,
                "error",
                "the database does not answer; GitHub may redeliver",
            );
        }
    };
    // An unknown or unbound project is answered as a wrong signature: the
    // answer does not tell which project keys exist.
    let Some(hook) = hook.filter(|hook| signed(&hook.secret, signature, &body)) else {
        return answer(StatusCode::UNAUTHORIZED, "error", "the signature does not match the project's secret");
    };
    if delivery.is_empty() || delivery.len() > 64 || !delivery.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return answer(StatusCode::BAD_REQUEST, "error", "X-GitHub-Delivery is not a delivery id");
    }
    let (repository, mut records) = match read(event, delivery, &body) {
        Ok(HookEvent::Ignore(why)) => return answer(StatusCode::OK, "ignored", why),
        Ok(HookEvent::Apply { repository, records }) => (repository, records),
        Err(err) => return answer(StatusCode::UNPROCESSABLE_ENTITY, "error", err.to_string()),
    };
    let fit = fit(&hook, &repository, &mut records);
    if fit == RepositoryFit::Foreign {
        let why = format!("this project is bound to {}, not {}", hook.repository, repository.name);
        return answer(StatusCode::UNPROCESSABLE_ENTITY, "error", why);
    }
    let to = Delivery { project: &project, hook: &hook, id: delivery, event, repository: &repository };
    match tokio::time::timeout(ANSWER_WITHIN, apply(&app.store, &to, fit, records)).await {
        Ok(Ok(Applied::Written(counts, events))) => {
            crate::store::task_writes::publish(&app.store, events);
            answer(StatusCode::OK, "applied", counts.to_string())
        }
        Ok(Ok(Applied::Taken)) => answer(
            StatusCode::UNPROCESSABLE_ENTITY,
            "error",
            format!(
                "the repository was renamed to {}, and the project holds tasks under that name already",
                repository.name
            ),
        ),
        Ok(Ok(Applied::Replayed)) => answer(StatusCode::CONFLICT, "error", "this delivery was applied already"),
        // The database's trouble, not the delivery's: GitHub may send it again.
        Ok(Err(ImportError::Store(err))) => {
            tracing::warn!(error = %err, "a GitHub delivery could not be written");
            answer(StatusCode::SERVICE_UNAVAILABLE, "error", "not written; GitHub may redeliver it")
        }
        Ok(Err(err)) => answer(StatusCode::UNPROCESSABLE_ENTITY, "error", err.to_string()),
        Err(_) => answer(StatusCode::SERVICE_UNAVAILABLE, "error", "not written within 9 s; GitHub may redeliver it"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_checked_as_github_makes_them() {
        // GitHub's documented example: secret "It's a Secret to Everybody".
        let header = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
        assert!(signed("It's a Secret to Everybody", header, b"Hello, World!"));
        assert!(!signed("It's a Secret to Everybody", header, b"Hello, World?"));
        assert!(!signed("another secret", header, b"Hello, World!"));
        assert!(!signed("It's a Secret to Everybody", "sha1=757107", b"Hello, World!"));
    }
}
