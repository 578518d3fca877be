//! The committed `schema.graphql` is what `tasklens schema` prints.

#[tokio::test]
async fn committed_schema_matches_the_code() {
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/schema.graphql")).unwrap_or_default();
    let current = tasklens::graphql::sdl().await;
    assert!(
        committed == current,
        "schema.graphql is stale: regenerate it with `cargo run -- schema > schema.graphql` and review the diff"
    );
}
