//! The board's structure: the people, the workspaces and who belongs to
//! them, the projects with their members, statuses and labels.

use crate::store::StoreError;
use crate::store::seeding::Seeding;
use chrono::TimeDelta;
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use entity::{
    ProjectRole, StatusCategory, WorkspaceRole, label, project, project_member, status, user, workspace,
    workspace_member,
};

use super::{
    DEMO_USERNAME, HISTORY_DAYS, Ids, Member, ProjectPlan, SeedReport, StatusRef, Statuses, WorkspacePlan, base,
    between, days, take, text,
};

// ------------------------------------------------------------- the cast

struct Person {
    username: &'static str,
    display_name: &'static str,
    agent: bool,
}

const PEOPLE: &[Person] = &[
    Person { username: DEMO_USERNAME, display_name: "Demo User", agent: false },
    Person { username: "alice", display_name: "Alice Martin", agent: false },
    Person { username: "bob", display_name: "Bob Nguyen", agent: false },
    Person { username: "carol", display_name: "Carol Díaz", agent: false },
    Person { username: "dave", display_name: "Dave O'Brien", agent: false },
    Person { username: "erin", display_name: "Erin Kowalski", agent: false },
    Person { username: "frank", display_name: "Frank Müller", agent: false },
    Person { username: "grace", display_name: "Grace Okafor", agent: false },
    Person { username: "heidi", display_name: "Heidi Søndergaard", agent: false },
    Person { username: "atlas", display_name: "Atlas (agent)", agent: true },
    Person { username: "scout", display_name: "Scout (agent)", agent: true },
];

struct WorkspaceSpec {
    key: &'static str,
    name: &'static str,
    /// Members besides `demo`, who administers every workspace.
    members: &'static [&'static str],
    /// (key, name) of its projects, in order; reused with a phase suffix
    /// when a board asks for more projects than listed.
    projects: &'static [(&'static str, &'static str)],
}

/// Project names share words ("Mobile", "Platform", "Migration", "Billing")
/// so that name search has something to rank.
const WORKSPACES: &[WorkspaceSpec] = &[
    WorkspaceSpec {
        key: "ENG",
        name: "Engineering",
        members: &["alice", "bob", "carol", "dave", "erin", "atlas", "scout"],
        projects: &[
            ("MOBILE", "Mobile App Redesign"),
            ("BILLING", "Billing Platform Migration"),
            ("SEARCH", "Search Service Rewrite"),
            ("WEBPERF", "Web App Performance"),
            ("PAYAPI", "Payments API Redesign"),
            ("SYNC", "Mobile Offline Sync"),
            ("OBS", "Platform Observability"),
            ("DESIGN", "Design System Migration"),
        ],
    },
    WorkspaceSpec {
        key: "OPS",
        name: "Operations",
        members: &["alice", "dave", "frank", "grace", "scout"],
        projects: &[
            ("INFRA", "Cloud Infrastructure Migration"),
            ("ONCALL", "Incident Response Platform"),
            ("COST", "Cloud Cost Review"),
            ("SUPPORT", "Billing Support Automation"),
            ("SECOPS", "Security Platform Hardening"),
        ],
    },
    WorkspaceSpec {
        key: "MKT",
        name: "Marketing",
        members: &["carol", "erin", "grace", "heidi"],
        projects: &[
            ("WEB", "Marketing Website Redesign"),
            ("LAUNCH", "Mobile App Launch Campaign"),
            ("BRAND", "Brand Platform Refresh"),
            ("EVENTS", "Customer Events Program"),
        ],
    },
];

/// Which workspace the n-th project goes to (cycling): half in Engineering.
const WORKSPACE_OF_PROJECT: [usize; 6] = [0, 1, 0, 2, 0, 1];

/// (name, color); `bug` comes first and is on every project.
const LABELS: &[(&str, Option<&str>)] = &[
    ("bug", Some("#d73a4a")),
    ("frontend", Some("#1d76db")),
    ("backend", Some("#0e8a16")),
    ("ux", Some("#c5def5")),
    ("infra", Some("#5319e7")),
    ("docs", Some("#0075ca")),
    ("security", Some("#b60205")),
    ("performance", Some("#fbca04")),
    ("tech-debt", None),
];

pub(super) async fn write_users(
    txn: &Seeding,
    ids: &mut Ids,
    report: &mut SeedReport,
) -> Result<Vec<Member>, StoreError> {
    let joined = base() - days(HISTORY_DAYS + 120);
    let mut rows = Vec::new();
    let mut people = Vec::new();
    for (index, person) in (0i64..).zip(PEOPLE) {
        let id = take(&mut ids.user);
        people.push(Member { id, username: person.username });
        rows.push(user::Model {
            id,
            username: person.username.to_owned(),
            display_name: person.display_name.to_owned(),
            email: (!person.agent).then(|| format!("{}@example.com", person.username)),
            is_agent: person.agent,
            created_at: joined + days(index),
        });
    }
    report.users = rows.len() as u64;
    txn.insert::<user::ActiveModel>(rows).await?;
    Ok(people)
}

fn is_agent(username: &str) -> bool {
    PEOPLE.iter().any(|p| p.username == username && p.agent)
}

fn find_member(people: &[Member], username: &str) -> Option<Member> {
    people.iter().copied().find(|m| m.username == username)
}

/// At least two workspaces, so that workspace scopes always have something
/// to separate; Marketing joins once it gets a project (from the fourth).
pub(super) async fn write_workspaces(
    txn: &Seeding,
    ids: &mut Ids,
    people: &[Member],
    projects: u32,
    report: &mut SeedReport,
) -> Result<Vec<WorkspacePlan>, StoreError> {
    let used = (0..projects as usize).map(|p| WORKSPACE_OF_PROJECT[p % WORKSPACE_OF_PROJECT.len()]).max().unwrap_or(0);
    let count = (used + 1).max(2);
    let mut plans = Vec::new();
    let mut rows = Vec::new();
    let mut memberships = Vec::new();
    for (index, spec) in (0i64..).zip(&WORKSPACES[..count]) {
        let id = take(&mut ids.workspace);
        let created_at = base() - days(HISTORY_DAYS + 100) + days(index * 3);
        rows.push(workspace::Model { id, key: spec.key.to_owned(), name: spec.name.to_owned(), created_at });
        let mut members = Vec::new();
        members.extend(find_member(people, DEMO_USERNAME));
        members.extend(spec.members.iter().filter_map(|name| find_member(people, name)));
        for member in &members {
            let role = if member.username == DEMO_USERNAME { WorkspaceRole::Admin } else { WorkspaceRole::Member };
            memberships.push(workspace_member::Model {
                id: take(&mut ids.workspace_member),
                workspace_id: id,
                user_id: member.id,
                role,
            });
        }
        plans.push(WorkspacePlan { id, created_at, members, first_project: None });
    }
    report.workspaces = rows.len() as u64;
    txn.insert::<workspace::ActiveModel>(rows).await?;
    txn.insert::<workspace_member::ActiveModel>(memberships).await?;
    Ok(plans)
}

/// The rows of every project, written together once all are planned.
struct ProjectRows {
    projects: Vec<project::Model>,
    members: Vec<project_member::Model>,
    statuses: Vec<status::Model>,
    labels: Vec<label::Model>,
}

pub(super) async fn write_projects(
    txn: &Seeding,
    rng: &mut StdRng,
    ids: &mut Ids,
    workspaces: &mut [WorkspacePlan],
    count: u32,
    report: &mut SeedReport,
) -> Result<Vec<ProjectPlan>, StoreError> {
    let mut rows = ProjectRows { projects: Vec::new(), members: Vec::new(), statuses: Vec::new(), labels: Vec::new() };
    let mut plans = Vec::new();
    let mut per_workspace = vec![0usize; workspaces.len()];
    for index in 0..count as usize {
        let w = WORKSPACE_OF_PROJECT[index % WORKSPACE_OF_PROJECT.len()];
        let local = per_workspace[w];
        per_workspace[w] += 1;
        let plan = plan_project(rng, ids, &WORKSPACES[w], &workspaces[w], local, index, &mut rows);
        workspaces[w].first_project.get_or_insert(plan.id);
        plans.push(plan);
    }
    report.projects = rows.projects.len() as u64;
    txn.insert::<project::ActiveModel>(rows.projects).await?;
    txn.insert::<project_member::ActiveModel>(rows.members).await?;
    txn.insert::<status::ActiveModel>(rows.statuses).await?;
    txn.insert::<label::ActiveModel>(rows.labels).await?;
    Ok(plans)
}

fn plan_project(
    rng: &mut StdRng,
    ids: &mut Ids,
    spec: &WorkspaceSpec,
    workspace: &WorkspacePlan,
    local: usize,
    index: usize,
    rows: &mut ProjectRows,
) -> ProjectPlan {
    let (base_key, base_name) = spec.projects[local % spec.projects.len()];
    // Past the catalogue, names repeat with a phase: "Mobile App Redesign
    // Phase 2", key MOBILE2 (base keys have no digits, so keys stay unique).
    let round = local / spec.projects.len();
    let (key, name) = if round == 0 {
        (base_key.to_owned(), base_name.to_owned())
    } else {
        (format!("{base_key}{}", round + 1), format!("{base_name} Phase {}", round + 1))
    };
    let id = take(&mut ids.project);
    let created_at = workspace.created_at + days(7) + TimeDelta::hours(rng.random_range(0..24 * 60));
    rows.projects.push(project::Model {
        id,
        workspace_id: workspace.id,
        key: key.clone(),
        name: name.clone(),
        description: text::project_description(rng, &name),
        created_at,
        updated_at: between(rng, base() - days(20), base()),
        archived_at: None,
    });

    let members = pick_project_members(rng, &workspace.members, local);
    plan_members(ids, id, &members, rows);
    // A few projects have a review step, so a status key is not a category.
    let statuses = plan_statuses(ids, id, index % 3 == 1, rows);
    let labels = plan_labels(rng, ids, id, rows);

    ProjectPlan {
        id,
        key,
        members,
        statuses,
        labels,
        weight: rng.random_range(1..=4),
        last_number: 0,
        epics: Vec::new(),
    }
}

/// The project's members: the first a manager (unless an agent), the rest
/// participants.
fn plan_members(ids: &mut Ids, project_id: i64, members: &[Member], rows: &mut ProjectRows) {
    for (position, member) in members.iter().enumerate() {
        let role =
            if position == 0 && !is_agent(member.username) { ProjectRole::Manager } else { ProjectRole::Participant };
        rows.members.push(project_member::Model {
            id: take(&mut ids.project_member),
            project_id,
            user_id: member.id,
            role,
        });
    }
}

/// The workflow: to do, in progress, (in review,) done and canceled.
fn plan_statuses(ids: &mut Ids, project_id: i64, with_review: bool, rows: &mut ProjectRows) -> Statuses {
    let mut make = |key: &'static str, name: &str, category: StatusCategory, position: i32| {
        let status_id = take(&mut ids.status);
        rows.statuses.push(status::Model {
            id: status_id,
            project_id,
            key: key.to_owned(),
            name: name.to_owned(),
            category,
            position,
        });
        StatusRef { id: status_id, key, category }
    };
    let todo = make("todo", "To do", StatusCategory::Todo, 0);
    let in_progress = make("in_progress", "In progress", StatusCategory::InProgress, 1);
    let review = with_review.then(|| make("review", "In review", StatusCategory::InProgress, 2));
    let after = if with_review { 3 } else { 2 };
    let done = make("done", "Done", StatusCategory::Done, after);
    let canceled = make("canceled", "Canceled", StatusCategory::Canceled, after + 1);
    Statuses { todo, in_progress, review, done, canceled }
}

/// The first label of the catalogue and three to five others.
fn plan_labels(rng: &mut StdRng, ids: &mut Ids, project_id: i64, rows: &mut ProjectRows) -> Vec<(i64, &'static str)> {
    let mut others: Vec<usize> = (1..LABELS.len()).collect();
    others.shuffle(rng);
    let extra = rng.random_range(3..=5);
    let mut chosen = vec![0];
    chosen.extend(others.into_iter().take(extra));
    chosen
        .into_iter()
        .map(|l| {
            let (label_name, color) = LABELS[l];
            let label_id = take(&mut ids.label);
            rows.labels.push(label::Model {
                id: label_id,
                project_id,
                name: label_name.to_owned(),
                color: color.map(str::to_owned),
            });
            (label_id, label_name)
        })
        .collect()
}

/// Some, never all, of the workspace's members, so that who may see a
/// project matters. `demo` (the first member) manages every other project
/// and sees the rest only as workspace admin.
fn pick_project_members(rng: &mut StdRng, workspace_members: &[Member], local: usize) -> Vec<Member> {
    let (demo, others) = workspace_members.split_first().map_or((None, workspace_members), |(d, o)| (Some(*d), o));
    let mut others = others.to_vec();
    others.shuffle(rng);
    let keep = if others.len() <= 2 { others.len() } else { rng.random_range(others.len().div_ceil(2)..others.len()) };
    let mut kept: Vec<Member> = others.into_iter().take(keep).collect();
    // Humans first, so that the manager (the first member) is a person.
    kept.sort_by_key(|m| is_agent(m.username));
    let mut members = Vec::new();
    if local % 2 == 0 {
        members.extend(demo);
    }
    members.extend(kept);
    members
}
