//! Property: any interleaving of claims, releases, heartbeats, lapses,
//! session ends and next-task claims by three sessions on two tasks leaves
//! each task held exactly as a model of the rules says, and every call
//! answers as the model expects (a claim, a conflict, nothing to claim, no
//! such session).

use chrono::{Duration, Utc};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use entity::{ProjectRole, WorkspaceRole, task};

use crate::support::{Backend, Board, TestApp};

#[derive(Debug, Clone, Copy)]
enum Op {
    Claim(usize, usize),
    Release(usize, usize),
    Heartbeat(usize),
    Lapse(usize),
    End(usize),
    ClaimNext(usize),
}

fn op() -> impl Strategy<Value = Op> {
    let (session, task) = (0..SESSIONS, 0..TASKS);
    prop_oneof![
        3 => (session.clone(), task.clone()).prop_map(|(s, t)| Op::Claim(s, t)),
        2 => (session.clone(), task.clone()).prop_map(|(s, t)| Op::Release(s, t)),
        1 => session.clone().prop_map(Op::Heartbeat),
        1 => task.prop_map(Op::Lapse),
        1 => session.clone().prop_map(Op::End),
        2 => session.prop_map(Op::ClaimNext),
    ]
}

const SESSIONS: usize = 3;
const TASKS: usize = 2;

/// Who holds each task, and which sessions ended.
#[derive(Debug, Default)]
struct Model {
    holder: [Option<usize>; TASKS],
    ended: [bool; SESSIONS],
}

/// What a call answers: a task's ref, nothing, or an error code.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Ok,
    Claimed(usize),
    Nothing,
    Error(String),
}

impl Model {
    fn apply(&mut self, op: Op) -> Answer {
        let gone = |s: usize| Answer::Error(if s < SESSIONS { "NOT_FOUND".into() } else { String::new() });
        match op {
            Op::Claim(s, _) | Op::Release(s, _) | Op::Heartbeat(s) | Op::End(s) | Op::ClaimNext(s) if self.ended[s] => {
                gone(s)
            }
            Op::Claim(s, t) => match self.holder[t] {
                Some(other) if other != s => Answer::Error("CONFLICT".into()),
                _ => {
                    self.holder[t] = Some(s);
                    Answer::Ok
                }
            },
            Op::Release(s, t) => match self.holder[t] {
                Some(other) if other != s => Answer::Error("CONFLICT".into()),
                _ => {
                    self.holder[t] = None;
                    Answer::Ok
                }
            },
            Op::Heartbeat(_) => Answer::Ok,
            Op::Lapse(t) => {
                self.holder[t] = None;
                Answer::Ok
            }
            Op::End(s) => {
                self.ended[s] = true;
                self.holder.iter_mut().filter(|h| **h == Some(s)).for_each(|h| *h = None);
                Answer::Ok
            }
            Op::ClaimNext(s) => match self.holder.iter().position(Option::is_none) {
                Some(t) => {
                    self.holder[t] = Some(s);
                    Answer::Claimed(t)
                }
                None => Answer::Nothing,
            },
        }
    }
}

struct Case<'a> {
    app: &'a TestApp,
    token: &'a str,
    key: String,
    sessions: Vec<String>,
}

impl Case<'_> {
    fn task_ref(&self, t: usize) -> String {
        format!("{}-{}", self.key, t + 1)
    }

    async fn call(&self, query: &str, variables: Value) -> Result<Value, String> {
        let (_, body) = self.app.post(Some(self.token), query, variables).await;
        match body["errors"][0]["extensions"]["code"].as_str() {
            Some(code) => Err(code.to_owned()),
            None => Ok(body["data"].clone()),
        }
    }

    async fn run(&self, op: Op) -> Answer {
        let claim = "mutation($r: String!, $s: ID) { claimTask(ref: $r, session: $s, ttlSeconds: 600) { ref } }";
        let release = "mutation($r: String!, $s: ID) { releaseTask(ref: $r, session: $s) { ref } }";
        let next = "mutation($p: String, $s: ID) { claimNextTask(project: $p, session: $s) { ref } }";
        let answer = match op {
            Op::Claim(s, t) => self.call(claim, json!({"r": self.task_ref(t), "s": self.sessions[s]})).await,
            Op::Release(s, t) => self.call(release, json!({"r": self.task_ref(t), "s": self.sessions[s]})).await,
            Op::Heartbeat(s) => {
                self.call("mutation($s: ID) { heartbeatAgent(id: $s) { id } }", json!({"s": self.sessions[s]})).await
            }
            Op::End(s) => {
                self.call("mutation($s: ID) { endAgent(id: $s) { id } }", json!({"s": self.sessions[s]})).await
            }
            Op::Lapse(t) => {
                // A claim whose time ran out, as if its session stopped
                // heartbeating long ago.
                let number = i32::try_from(t + 1).unwrap_or_default();
                task::Entity::update_many()
                    .col_expr(task::Column::ClaimUntil, sea_orm::sea_query::Expr::value(Utc::now() - Duration::days(1)))
                    .filter(task::Column::Number.eq(number))
                    .filter(task::Column::ClaimSessionId.is_not_null())
                    .filter(task::Column::ProjectId.in_subquery(project_id(&self.key)))
                    .exec(&self.app.db)
                    .await
                    .map(|_| Value::Null)
                    .map_err(|err| err.to_string())
            }
            Op::ClaimNext(s) => {
                let data = self.call(next, json!({"p": self.key, "s": self.sessions[s]})).await;
                return match data {
                    Ok(data) => match data["claimNextTask"]["ref"].as_str() {
                        Some(r) => Answer::Claimed((0..TASKS).find(|t| self.task_ref(*t) == r).unwrap_or(TASKS)),
                        None => Answer::Nothing,
                    },
                    Err(code) => Answer::Error(code),
                };
            }
        };
        answer.map_or_else(Answer::Error, |_| Answer::Ok)
    }

    /// Which session holds each task, as GraphQL tells it.
    async fn holders(&self) -> Vec<Option<usize>> {
        let read = "query($r: String!) { task(ref: $r) { claim { session { id } } } }";
        let mut holders = Vec::new();
        for t in 0..TASKS {
            let data = self.call(read, json!({"r": self.task_ref(t)})).await.unwrap_or_default();
            let session = data["task"]["claim"]["session"]["id"].as_str().map(str::to_owned);
            holders.push(session.and_then(|id| self.sessions.iter().position(|s| *s == id)));
        }
        // A page that selects the claim reads it as the task does.
        let page = "query($p: String!) { tasks(first: 100, order: REF, filter: {project: $p}) {
            nodes { ref claim { session { id } } } } }";
        let data = self.call(page, json!({"p": self.key})).await.unwrap_or_default();
        let mut listed = vec![None; TASKS];
        for node in data["tasks"]["nodes"].as_array().into_iter().flatten() {
            let at = (0..TASKS).find(|t| node["ref"].as_str() == Some(self.task_ref(*t).as_str()));
            let session = node["claim"]["session"]["id"].as_str();
            if let Some(at) = at {
                listed[at] = session.and_then(|id| self.sessions.iter().position(|s| *s == id));
            }
        }
        assert_eq!(listed, holders, "claims on a page and on each task");
        holders
    }
}

fn project_id(key: &str) -> sea_orm::sea_query::SelectStatement {
    use sea_orm::QuerySelect;
    use sea_orm::QueryTrait;
    entity::project::Entity::find()
        .select_only()
        .column(entity::project::Column::Id)
        .filter(entity::project::Column::Key.eq(key))
        .into_query()
}

#[test]
fn interleaved_claims_hold_as_the_model_says() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let (app, token, alice, ws) = runtime.block_on(async {
        let app = TestApp::start(Backend::Sqlite).await;
        let board = Board::new(&app.db);
        let alice = board.user("alice").await;
        let ws = board.workspace("ENG").await;
        board.workspace_member(&ws, &alice, WorkspaceRole::Member).await;
        let token = board.token("alice").await;
        (app, token, alice, ws)
    });
    let mut runner = TestRunner::new(Config { cases: 40, ..Config::default() });
    let cases = std::cell::Cell::new(0);
    let result = runner.run(&proptest::collection::vec(op(), 1..16), |ops| {
        cases.set(cases.get() + 1);
        let case_number = cases.get();
        runtime.block_on(async {
            let board = Board::new(&app.db);
            let key = format!("C{case_number}");
            let project = board.project(&ws, &key, "Claims").await;
            board.member(&project, &alice, ProjectRole::Manager).await;
            board.tasks(&project, &alice, TASKS).await;
            let mut sessions = Vec::new();
            for n in 0..SESSIONS {
                let registered = app.ok(
                    &token,
                    "mutation($n: String!) { registerAgent(name: $n) { id } }",
                    json!({"n": format!("s{n}")}),
                );
                sessions.push(registered.await["registerAgent"]["id"].as_str().unwrap_or_default().to_owned());
            }
            let case = Case { app: &app, token: &token, key, sessions };
            let mut model = Model::default();
            for (step, op) in ops.iter().enumerate() {
                let expected = model.apply(*op);
                let answered = case.run(*op).await;
                prop_assert_eq!(&answered, &expected, "step {} {:?} of {:?}", step, op, ops);
                prop_assert_eq!(
                    case.holders().await,
                    model.holder.to_vec(),
                    "after step {} {:?} of {:?}",
                    step,
                    op,
                    ops
                );
            }
            // End every session still open, so the next case's
            // `registerAgent` calls start from none.
            for (s, ended) in model.ended.iter().enumerate() {
                if !ended {
                    let _ = case.run(Op::End(s)).await;
                }
            }
            Ok(())
        })
    });
    runtime.block_on(async move { drop(app) });
    if let Err(failure) = result {
        panic!("{failure}");
    }
}
