//! The HTTP transport of `/graphql`: media types by `Accept` and their status
//! codes, GET queries, refusals (405, 406, 415, 400), GraphiQL and its files,
//! CORS, automatic persisted queries. The transport does not touch the
//! database, so these run on SQLite only.

use reqwest::header::{self, HeaderMap};
use reqwest::{Method, RequestBuilder};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use tasklens::config::{Settings, parse_origin};

use crate::support::{Backend, Board, TestApp, simple_board};

const GRAPHQL_RESPONSE: &str = "application/graphql-response+json";
const BROWSER_ACCEPT: &str = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8";

struct Reply {
    status: u16,
    headers: HeaderMap,
    text: String,
}

impl Reply {
    fn header(&self, name: header::HeaderName) -> &str {
        self.headers.get(&name).and_then(|v| v.to_str().ok()).unwrap_or_default()
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    /// The first error's `extensions.code`.
    fn code(&self) -> String {
        self.json()["errors"][0]["extensions"]["code"].as_str().unwrap_or_default().to_owned()
    }
}

struct Client {
    http: reqwest::Client,
    base: String,
    token: Option<String>,
}

impl Client {
    fn new(app: &TestApp, token: Option<&str>) -> Self {
        Self { http: reqwest::Client::new(), base: app.base.clone(), token: token.map(str::to_owned) }
    }

    fn request(&self, method: Method, path_and_query: &str) -> RequestBuilder {
        let request = self.http.request(method, format!("{}{path_and_query}", self.base));
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    /// POSTs `body` as JSON text, with `accept` when given.
    async fn post(&self, accept: Option<&str>, body: Value) -> Reply {
        let mut request = self
            .request(Method::POST, "/graphql")
            .header(header::CONTENT_TYPE, "application/json")
            .body(body.to_string());
        if let Some(accept) = accept {
            request = request.header(header::ACCEPT, accept);
        }
        send(request).await
    }

    /// GETs `/graphql` with these URL parameters.
    async fn get(&self, accept: Option<&str>, params: &[(&str, &str)]) -> Reply {
        let mut url = url::Url::parse(&format!("{}/graphql", self.base)).expect("url");
        url.query_pairs_mut().extend_pairs(params);
        let path_and_query = &url.as_str()[self.base.len()..];
        let mut request = self.request(Method::GET, path_and_query);
        if let Some(accept) = accept {
            request = request.header(header::ACCEPT, accept);
        }
        send(request).await
    }
}

async fn send(request: RequestBuilder) -> Reply {
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.expect("body");
    Reply { status, headers, text }
}

fn sha256(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

fn persisted(hash: &str) -> Value {
    json!({"persistedQuery": {"version": 1, "sha256Hash": hash}})
}

#[tokio::test]
async fn accept_chooses_the_media_type_and_its_status_codes() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let client = Client::new(&app, Some(&s.alice_token));
    let viewer = json!({"query": "{ viewer { username } }"});

    for (accept, media) in [
        (Some(GRAPHQL_RESPONSE), GRAPHQL_RESPONSE),
        (Some("application/graphql-response+json, application/json;q=0.9"), GRAPHQL_RESPONSE),
        (Some("application/json"), "application/json"),
        (Some("*/*"), "application/json"),
        (None, "application/json"),
    ] {
        let reply = client.post(accept, viewer.clone()).await;
        assert_eq!(reply.status, 200, "{accept:?}: {}", reply.text);
        assert_eq!(reply.header(header::CONTENT_TYPE), format!("{media}; charset=utf-8"), "{accept:?}");
        assert_eq!(reply.json(), json!({"data": {"viewer": {"username": "alice"}}}));
    }

    let refused = client.post(Some("text/csv, application/xml"), viewer.clone()).await;
    assert_eq!(refused.status, 406, "{}", refused.text);
    assert_eq!(refused.code(), "BAD_USER_INPUT");

    // A request error (here validation) is 400 without `data` under
    // graphql-response+json, and 200 under application/json; its code stays.
    let invalid = json!({"query": "{ noSuchField }"});
    for (accept, status) in [(GRAPHQL_RESPONSE, 400), ("application/json", 200)] {
        let reply = client.post(Some(accept), invalid.clone()).await;
        assert_eq!(reply.status, status, "{accept}: {}", reply.text);
        assert!(reply.json().get("data").is_none(), "{accept}: {}", reply.text);
        assert_eq!(reply.code(), "BAD_USER_INPUT", "{accept}");
    }
    let unparsable = client.post(Some(GRAPHQL_RESPONSE), json!({"query": "{"})).await;
    assert_eq!(unparsable.status, 400, "{}", unparsable.text);

    // An error in a resolver is not a request error: the operation ran, so
    // `data` is there (null here, as `task` is non-null) and the status 200.
    let failed_field =
        client.post(Some(GRAPHQL_RESPONSE), json!({"query": "{ task(ref: \"WEB-404\") { title } }"})).await;
    assert_eq!(failed_field.status, 200, "{}", failed_field.text);
    let body = failed_field.json();
    assert_eq!(body.get("data"), Some(&Value::Null), "{body}");
    assert_eq!(body["errors"][0]["path"], json!(["task"]));
    assert_eq!(failed_field.code(), "NOT_FOUND");

    // Without a token: 401 in the negotiated media type, before anything else.
    let anonymous = Client::new(&app, None).post(Some(GRAPHQL_RESPONSE), json!({"query": "{"})).await;
    assert_eq!(anonymous.status, 401);
    assert_eq!(anonymous.code(), "UNAUTHENTICATED");
    assert!(anonymous.header(header::CONTENT_TYPE).starts_with(GRAPHQL_RESPONSE));
}

#[tokio::test]
async fn get_runs_queries_with_variables_and_operation_name() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    Board::new(&app.db).tasks(&s.web, &s.alice, 3).await;
    let client = Client::new(&app, Some(&s.alice_token));
    let document =
        "query Me { viewer { username } } query Page($first: Int!) { tasks(first: $first) { nodes { ref } } }";

    let page = client
        .get(
            Some(GRAPHQL_RESPONSE),
            &[("query", document), ("operationName", "Page"), ("variables", r#"{"first": 2}"#)],
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.text);
    assert_eq!(page.json()["data"]["tasks"]["nodes"].as_array().map(Vec::len), Some(2), "{}", page.text);
    assert!(page.header(header::CONTENT_TYPE).starts_with(GRAPHQL_RESPONSE));

    let two = "query Me { viewer { username } } query Type { __typename }";
    let me = client.get(None, &[("query", two), ("operationName", "Me"), ("token", "ignored")]).await;
    assert_eq!(me.json(), json!({"data": {"viewer": {"username": "alice"}}}), "{}", me.text);

    for (params, why) in [
        (vec![("variables", r#"{"first": 2}"#)], "no query"),
        (vec![("query", "{ viewer { username } }"), ("variables", "[1]")], "variables not an object"),
        (vec![("query", "{ viewer { username } }"), ("variables", "{nope")], "variables not JSON"),
        (vec![("query", "{ a }"), ("query", "{ b }")], "query twice"),
    ] {
        let reply = client.get(Some(GRAPHQL_RESPONSE), &params).await;
        assert_eq!(reply.status, 400, "{why}: {}", reply.text);
        assert_eq!(reply.code(), "BAD_USER_INPUT", "{why}");
    }

    let anonymous = Client::new(&app, None).get(None, &[("query", "{ viewer { username } }")]).await;
    assert_eq!(anonymous.status, 401, "a GET query needs a token: {}", anonymous.text);
}

#[tokio::test]
async fn a_mutation_over_get_is_405_and_runs_nothing() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let client = Client::new(&app, Some(&s.alice_token));
    let create = "mutation Create { createTask(input: {project: \"WEB\", title: \"over GET\"}) { ref } }";
    let with_a_query = format!("query Read {{ viewer {{ username }} }} {create}");
    for params in [vec![("query", create)], vec![("query", with_a_query.as_str()), ("operationName", "Create")]] {
        for accept in [Some(GRAPHQL_RESPONSE), Some("application/json"), None] {
            let reply = client.get(accept, &params).await;
            assert_eq!(reply.status, 405, "{accept:?}: {}", reply.text);
            assert_eq!(reply.header(header::ALLOW), "POST");
            assert_eq!(reply.code(), "BAD_USER_INPUT");
        }
    }
    let count = client.post(None, json!({"query": "{ tasks { totalCount } }"})).await;
    assert_eq!(count.json()["data"]["tasks"]["totalCount"], 0, "nothing was created: {}", count.text);
    // The same mutation over POST runs.
    let created = client.post(None, json!({"query": create})).await;
    assert_eq!(created.json()["data"]["createTask"]["ref"], "WEB-1", "{}", created.text);
}

#[tokio::test]
async fn a_post_needs_a_json_body_that_is_a_graphql_request() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let client = Client::new(&app, Some(&s.alice_token));
    let query = r#"{"query": "{ viewer { username } }"}"#;

    for content_type in [Some("text/plain;charset=UTF-8"), Some("application/json; charset=latin1"), None] {
        let mut request = client.request(Method::POST, "/graphql").body(query);
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        let reply = send(request).await;
        assert_eq!(reply.status, 415, "{content_type:?}: {}", reply.text);
        assert_eq!(reply.code(), "BAD_USER_INPUT");
    }

    for (body, why) in [
        ("{ \"not a JSON", "garbage"),
        ("", "empty"),
        ("[{\"query\": \"{ viewer { username } }\"}]", "a batch"),
        ("{\"query\": 7}", "query not a string"),
        ("{\"query\": \"{ viewer { username } }\", \"variables\": \"x\"}", "variables not an object"),
        ("{\"query\": \"{ viewer { username } }\", \"operationName\": false}", "operationName not a string"),
        ("{\"query\": \"{ viewer { username } }\", \"extensions\": [1]}", "extensions not an object"),
        ("{\"qeury\": \"{ viewer { username } }\"}", "no query"),
    ] {
        for accept in [GRAPHQL_RESPONSE, "application/json"] {
            let request = client
                .request(Method::POST, "/graphql")
                .header(header::CONTENT_TYPE, "application/json")
                .header(header::ACCEPT, accept)
                .body(body);
            let reply = send(request).await;
            assert_eq!(reply.status, 400, "{why} ({accept}): {}", reply.text);
            assert_eq!(reply.code(), "BAD_USER_INPUT", "{why}");
            assert!(reply.json().get("data").is_none(), "{why}");
        }
    }

    let nulls =
        json!({"query": "{ viewer { username } }", "variables": null, "operationName": null, "extensions": null});
    let reply = client.post(Some(GRAPHQL_RESPONSE), nulls).await;
    assert_eq!(reply.json(), json!({"data": {"viewer": {"username": "alice"}}}), "{}", reply.text);
}

#[tokio::test]
async fn the_web_board_is_served_at_the_root_without_a_token() {
    let app = TestApp::start(Backend::Sqlite).await;
    let anonymous = Client::new(&app, None);

    let page = send(anonymous.request(Method::GET, "/")).await;
    assert_eq!(page.status, 200, "{}", page.text);
    assert_eq!(page.header(header::CONTENT_TYPE), "text/html; charset=utf-8");
    assert_eq!(page.header(header::CACHE_CONTROL), "no-cache");
    let csp = include_str!("../../web/CSP").trim();
    assert_eq!(page.header(header::CONTENT_SECURITY_POLICY), csp);
    assert!(csp.contains("script-src 'self';") && !csp.contains("unsafe"), "{csp}");
    assert_eq!(page.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
    assert_eq!(page.header(header::REFERRER_POLICY), "no-referrer");
    assert_eq!(page.text, include_str!("../../web/dist/index.html"));

    let names: Vec<&str> = page.text.split("\"/web/").skip(1).filter_map(|rest| rest.split('"').next()).collect();
    assert!(names.iter().any(|n| n.ends_with(".js")) && names.iter().any(|n| n.ends_with(".css")), "{names:?}");
    for name in names {
        let file = send(anonymous.request(Method::GET, &format!("/web/{name}"))).await;
        assert_eq!(file.status, 200, "{name}");
        assert_eq!(file.header(header::CACHE_CONTROL), "public, max-age=31536000, immutable", "{name}");
        let on_disk = std::fs::read(format!("{}/web/dist/{name}", env!("CARGO_MANIFEST_DIR"))).expect("file");
        assert_eq!(file.text.as_bytes(), on_disk.as_slice(), "{name} is served as built");
    }
    for missing in ["/web/nope.js", "/web/index.html", "/web/..%2FCargo.toml", "/graphiql/favicon-nope.svg"] {
        assert_eq!(send(anonymous.request(Method::GET, missing)).await.status, 404, "{missing}");
    }
}

#[tokio::test]
async fn browsers_get_graphiql_and_its_files_without_a_token() {
    let app = TestApp::start(Backend::Sqlite).await;
    let anonymous = Client::new(&app, None);

    let page = send(anonymous.request(Method::GET, "/graphql?token=tl_x").header(header::ACCEPT, BROWSER_ACCEPT)).await;
    assert_eq!(page.status, 200, "{}", page.text);
    assert_eq!(page.header(header::CONTENT_TYPE), "text/html; charset=utf-8");
    assert_eq!(page.header(header::CACHE_CONTROL), "no-cache");
    let csp = include_str!("../../assets/graphiql/CSP").trim();
    assert_eq!(page.header(header::CONTENT_SECURITY_POLICY), csp);
    assert_eq!(page.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
    assert_eq!(page.header(header::REFERRER_POLICY), "no-referrer");
    assert_eq!(page.text, include_str!("../../assets/graphiql/dist/index.html"));

    // The files the page names, with their types and cached for good.
    let names: Vec<&str> = page.text.split("\"/graphiql/").skip(1).filter_map(|rest| rest.split('"').next()).collect();
    let script = names.iter().find(|n| n.ends_with(".js")).expect("the page loads a script");
    let stylesheet = names.iter().find(|n| n.ends_with(".css")).expect("the page loads a stylesheet");
    for (name, content_type) in [(script, "text/javascript; charset=utf-8"), (stylesheet, "text/css; charset=utf-8")] {
        let file = send(anonymous.request(Method::GET, &format!("/graphiql/{name}"))).await;
        assert_eq!(file.status, 200, "{name}");
        assert_eq!(file.header(header::CONTENT_TYPE), content_type, "{name}");
        assert_eq!(file.header(header::CACHE_CONTROL), "public, max-age=31536000, immutable", "{name}");
        assert_eq!(file.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{name}");
        let on_disk =
            std::fs::read(format!("{}/assets/graphiql/dist/{name}", env!("CARGO_MANIFEST_DIR"))).expect("file");
        assert_eq!(file.text.as_bytes(), on_disk.as_slice(), "{name} is served as built");
        assert_eq!(file.headers.get(header::CONTENT_ENCODING), None, "{name}: not gzipped unasked");

        // Gzipped for a client that takes it, and the same bytes once inflated.
        let request = anonymous.request(Method::GET, &format!("/graphiql/{name}"));
        let response = request.header(header::ACCEPT_ENCODING, "gzip, br").send().await.expect("request");
        assert_eq!(response.headers().get(header::CONTENT_ENCODING).map(|v| v.as_bytes()), Some(&b"gzip"[..]));
        assert_eq!(response.headers().get(header::VARY).map(|v| v.as_bytes()), Some(&b"accept-encoding"[..]));
        let gzipped = response.bytes().await.expect("body");
        assert!(gzipped.len() < on_disk.len() / 2, "{name}: {} of {} bytes", gzipped.len(), on_disk.len());
        let mut inflated = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(gzipped.as_ref()), &mut inflated).expect("gzip");
        assert_eq!(inflated, on_disk, "{name} inflates to the file as built");
    }
    for missing in ["/graphiql/nope.js", "/graphiql/index.html", "/graphiql/..%2FCargo.toml"] {
        let reply = send(anonymous.request(Method::GET, missing)).await;
        assert_eq!(reply.status, 404, "{missing}");
    }

    // Anything that prefers the GraphQL media types gets GraphQL (and so
    // needs a token), even from a page's own fetch.
    for accept in ["application/json, text/html", "*/*"] {
        let reply =
            send(anonymous.request(Method::GET, "/graphql?query=%7B__typename%7D").header(header::ACCEPT, accept))
                .await;
        assert_eq!(reply.status, 401, "{accept}: {}", reply.text);
    }
    let post = send(anonymous.request(Method::POST, "/graphql").header(header::ACCEPT, BROWSER_ACCEPT)).await;
    assert_eq!(post.status, 401, "a POST never gets the page");
}

#[tokio::test]
async fn cors_is_off_by_default() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let preflight = send(
        Client::new(&app, None)
            .request(Method::OPTIONS, "/graphql")
            .header(header::ORIGIN, "https://app.example.com")
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .header(header::ACCESS_CONTROL_REQUEST_HEADERS, "authorization, content-type"),
    )
    .await;
    assert_eq!(preflight.status, 401, "no CORS: an OPTIONS is just an unauthenticated request");
    let post = send(
        Client::new(&app, Some(&s.alice_token))
            .request(Method::POST, "/graphql")
            .header(header::ORIGIN, "https://app.example.com")
            .json(&json!({"query": "{ viewer { username } }"})),
    )
    .await;
    assert_eq!(post.status, 200);
    for reply in [&preflight, &post] {
        let cors: Vec<_> = reply.headers.keys().filter(|k| k.as_str().starts_with("access-control-")).collect();
        assert!(cors.is_empty(), "CORS headers without configured origins: {cors:?}");
    }
}

#[tokio::test]
async fn cors_preflight_is_answered_before_authentication_for_configured_origins() {
    let front_end = "https://app.example.com";
    let settings = Settings {
        cors_origins: vec![
            parse_origin(front_end).expect("origin"),
            parse_origin("http://127.0.0.1:5173/").expect("origin"),
        ],
        ..Settings::default()
    };
    let app = TestApp::start_with_settings(Backend::Sqlite, settings).await;
    let s = simple_board(&app).await;
    let preflight = |origin: &'static str| {
        send(
            Client::new(&app, None)
                .request(Method::OPTIONS, "/graphql")
                .header(header::ORIGIN, origin)
                .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
                .header(header::ACCESS_CONTROL_REQUEST_HEADERS, "authorization, content-type"),
        )
    };

    for origin in [front_end, "http://127.0.0.1:5173"] {
        let allowed = preflight(origin).await;
        assert!(
            (200..300).contains(&allowed.status),
            "a preflight needs no token: {} {}",
            allowed.status,
            allowed.text
        );
        assert_eq!(allowed.header(header::ACCESS_CONTROL_ALLOW_ORIGIN), origin);
        assert!(allowed.header(header::ACCESS_CONTROL_ALLOW_METHODS).contains("POST"));
        let headers = allowed.header(header::ACCESS_CONTROL_ALLOW_HEADERS).to_ascii_lowercase();
        assert!(headers.contains("authorization") && headers.contains("content-type"), "{headers}");
    }
    let other = preflight("https://evil.example.com").await;
    assert!(other.headers.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none(), "another origin is not allowed");

    // Real requests carry the header, a 401 too (so the page can read it).
    for token in [Some(s.alice_token.as_str()), None] {
        let reply = send(
            Client::new(&app, token)
                .request(Method::POST, "/graphql")
                .header(header::ORIGIN, front_end)
                .json(&json!({"query": "{ viewer { username } }"})),
        )
        .await;
        assert_eq!(reply.status, if token.is_some() { 200 } else { 401 });
        assert_eq!(reply.header(header::ACCESS_CONTROL_ALLOW_ORIGIN), front_end);
    }
}

#[test]
fn malformed_cors_origins_are_refused_at_start() {
    for bad in ["*", "app.example.com", "https://app.example.com/path", "https://user@app.example.com", "null", ""] {
        let err = parse_origin(bad).expect_err(bad);
        assert!(err.contains("is not an origin") && err.contains("scheme://host[:port]"), "{bad}: {err}");
    }
    assert_eq!(parse_origin("https://App.Example.com:443/").expect("origin"), "https://app.example.com");
    assert_eq!(parse_origin("http://[::1]:8080").expect("origin"), "http://[::1]:8080");
}

#[tokio::test]
async fn persisted_queries_register_once_then_run_by_hash() {
    let app = TestApp::start(Backend::Sqlite).await;
    let s = simple_board(&app).await;
    let client = Client::new(&app, Some(&s.alice_token));

    // POST: unknown hash, then text with its hash, then the hash alone.
    let viewer = "{ viewer { username } }";
    let by_hash = json!({"extensions": persisted(&sha256(viewer))});
    for accept in [GRAPHQL_RESPONSE, "application/json"] {
        let unknown = client.post(Some(accept), by_hash.clone()).await;
        assert_eq!(unknown.status, 200, "as Apollo Server answers: {}", unknown.text);
        assert_eq!(unknown.json()["errors"][0]["message"], "PersistedQueryNotFound");
        assert_eq!(unknown.code(), "PERSISTED_QUERY_NOT_FOUND");
        assert_eq!(unknown.header(header::CACHE_CONTROL), "private, no-cache, must-revalidate");
    }
    let expected = json!({"data": {"viewer": {"username": "alice"}}});
    let registered = client.post(None, json!({"query": viewer, "extensions": persisted(&sha256(viewer))})).await;
    assert_eq!(registered.json(), expected, "{}", registered.text);
    let again = client.post(None, by_hash.clone()).await;
    assert_eq!(again.json(), expected, "{}", again.text);
    let extensions = persisted(&sha256(viewer)).to_string();
    let over_get = client.get(None, &[("extensions", &extensions)]).await;
    assert_eq!(over_get.json(), expected, "a hash registered over POST runs over GET: {}", over_get.text);

    // GET: the same, with variables.
    let named = "query Task($ref: String!) { task(ref: $ref) { ref } }";
    let extensions = persisted(&sha256(named)).to_string();
    let unknown = client.get(None, &[("extensions", &extensions), ("variables", r#"{"ref": "WEB-1"}"#)]).await;
    assert_eq!(unknown.code(), "PERSISTED_QUERY_NOT_FOUND", "{}", unknown.text);
    Board::new(&app.db).tasks(&s.web, &s.alice, 1).await;
    let register =
        client.get(None, &[("query", named), ("extensions", &extensions), ("variables", r#"{"ref": "WEB-1"}"#)]).await;
    assert_eq!(register.json()["data"]["task"]["ref"], "WEB-1", "{}", register.text);
    let hash_only = client
        .get(
            Some(GRAPHQL_RESPONSE),
            &[("query", ""), ("extensions", &extensions), ("variables", r#"{"ref": "WEB-1"}"#)],
        )
        .await;
    assert_eq!(hash_only.json()["data"]["task"]["ref"], "WEB-1", "{}", hash_only.text);

    // A hash that is not the text's is refused, and registers nothing.
    let mismatch =
        client.post(None, json!({"query": "{ __typename }", "extensions": persisted(&sha256(viewer))})).await;
    assert_eq!(mismatch.status, 400, "{}", mismatch.text);
    assert_eq!(mismatch.code(), "BAD_USER_INPUT");
    assert!(mismatch.text.contains("provided sha does not match query"), "{}", mismatch.text);
    for extension in [json!({"persistedQuery": {"version": 2, "sha256Hash": sha256(viewer)}}), persisted("beef")] {
        let reply = client.post(None, json!({"extensions": extension})).await;
        assert_eq!(reply.status, 400, "{extension}: {}", reply.text);
        assert_eq!(reply.code(), "BAD_USER_INPUT");
    }

    // Only a document that validated is kept.
    let invalid = "{ noSuchField }";
    let refused = client.post(None, json!({"query": invalid, "extensions": persisted(&sha256(invalid))})).await;
    assert_eq!(refused.code(), "BAD_USER_INPUT", "{}", refused.text);
    let not_kept = client.post(None, json!({"extensions": persisted(&sha256(invalid))})).await;
    assert_eq!(not_kept.code(), "PERSISTED_QUERY_NOT_FOUND", "{}", not_kept.text);

    // A persisted mutation still runs only over POST.
    let mutation = "mutation { createTask(input: {project: \"WEB\", title: \"persisted\"}) { ref } }";
    let created = client.post(None, json!({"query": mutation, "extensions": persisted(&sha256(mutation))})).await;
    assert_eq!(created.json()["data"]["createTask"]["ref"], "WEB-2", "{}", created.text);
    let extensions = persisted(&sha256(mutation)).to_string();
    let over_get = client.get(None, &[("extensions", &extensions)]).await;
    assert_eq!(over_get.status, 405, "{}", over_get.text);
}
