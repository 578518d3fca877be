//! The whole GraphQL request path from raw body bytes: the body limit,
//! JSON, the document's size and nesting, parsing, the document limits,
//! validation and execution against a small board. Every answer is a
//! status the transport documents, with a JSON body.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|body: &[u8]| {
    let (status, answer) = tasklens_fuzz::server().post("/graphql", body.to_vec());
    assert!(matches!(status, 200 | 400 | 413), "status {status}");
    assert!(serde_json::from_slice::<serde_json::Value>(&answer).is_ok(), "a JSON answer");
});
