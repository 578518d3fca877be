//! The board is deterministic, counted right, refused twice, and holds the
//! edge cases the rest of the system is tested against.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

use entity::{TaskKind, WorkspaceRole};

use super::*;

const SMALL: SeedOptions = SeedOptions { projects: 3, tasks: 200, seed: 7 };

async fn fresh() -> DatabaseConnection {
    crate::db::connect("sqlite::memory:").await.expect("in-memory database")
}

async fn seeded(options: &SeedOptions) -> (DatabaseConnection, SeedReport) {
    let db = fresh().await;
    let report = seed(&db, options).await.expect("seed");
    (db, report)
}

async fn tasks_of(db: &DatabaseConnection) -> Vec<task::Model> {
    task::Entity::find().order_by_asc(task::Column::Id).all(db).await.expect("tasks")
}

#[tokio::test]
async fn the_same_options_give_the_same_board() {
    let (a, report_a) = seeded(&SMALL).await;
    let (b, report_b) = seeded(&SMALL).await;
    assert_eq!(report_a, report_b);
    // Whole rows, times included: nothing depends on the clock.
    assert_eq!(tasks_of(&a).await, tasks_of(&b).await);
    let comments =
        |db| async move { comment::Entity::find().order_by_asc(comment::Column::Id).all(db).await.expect("comments") };
    assert_eq!(comments(&a).await, comments(&b).await);
    let events = |db| async move {
        task_event::Entity::find().order_by_asc(task_event::Column::Id).all(db).await.expect("events")
    };
    assert_eq!(events(&a).await, events(&b).await);
    let pages =
        |db| async move { wiki_page::Entity::find().order_by_asc(wiki_page::Column::Id).all(db).await.expect("pages") };
    assert_eq!(pages(&a).await, pages(&b).await);

    let (c, _) = seeded(&SeedOptions { seed: 8, ..SMALL }).await;
    let titles = |tasks: Vec<task::Model>| tasks.into_iter().map(|t| t.title).collect::<Vec<_>>();
    assert_ne!(titles(tasks_of(&a).await), titles(tasks_of(&c).await), "another seed, another board");
}

#[tokio::test]
async fn the_report_counts_what_is_in_the_tables() {
    let (db, report) = seeded(&SMALL).await;
    let counted = SeedReport {
        users: user::Entity::find().count(&db).await.expect("count"),
        workspaces: workspace::Entity::find().count(&db).await.expect("count"),
        projects: project::Entity::find().count(&db).await.expect("count"),
        tasks: task::Entity::find().count(&db).await.expect("count"),
        comments: comment::Entity::find().count(&db).await.expect("count"),
        events: task_event::Entity::find().count(&db).await.expect("count"),
        wiki_pages: wiki_page::Entity::find().count(&db).await.expect("count"),
    };
    assert_eq!(report, counted);
    assert_eq!((report.projects, report.tasks), (3, 200));
    assert_eq!(report.users, 11);
    assert!(report.comments > 150, "{report:?}");
    assert!(report.events > report.tasks + report.comments, "{report:?}");
    assert_eq!(wiki_revision::Entity::find().count(&db).await.expect("count"), report.wiki_pages);
}

#[tokio::test]
async fn a_second_seed_is_refused() {
    let (db, report) = seeded(&SMALL).await;
    assert!(matches!(seed(&db, &SMALL).await, Err(DemoError::NotEmpty)));
    assert_eq!(task::Entity::find().count(&db).await.expect("count"), report.tasks);
}

#[tokio::test]
async fn tiny_boards_work() {
    let (_, report) = seeded(&SeedOptions { projects: 0, tasks: 10, seed: 1 }).await;
    assert_eq!((report.workspaces, report.projects, report.tasks), (2, 0, 0));
    let (db, report) = seeded(&SeedOptions { projects: 1, tasks: 1, seed: 1 }).await;
    assert_eq!((report.projects, report.tasks), (1, 1));
    let only = tasks_of(&db).await;
    assert!(only[0].description.as_deref().is_some_and(|d| d.chars().count() > 60_000));
    let (_, report) = seeded(&SeedOptions { projects: 2, tasks: 0, seed: 1 }).await;
    assert_eq!((report.projects, report.tasks, report.comments), (2, 0, 0));
}

#[tokio::test]
async fn many_projects_get_unique_keys() {
    let (db, _) = seeded(&SeedOptions { projects: 40, tasks: 80, seed: 3 }).await;
    let projects = project::Entity::find().all(&db).await.expect("projects");
    let mut keys: Vec<&str> = projects.iter().map(|p| p.key.as_str()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), 40);
    for key in keys {
        assert!((2..=16).contains(&key.len()), "{key}");
        assert!(key.starts_with(|c: char| c.is_ascii_uppercase()), "{key}");
        assert!(key.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()), "{key}");
    }
}

fn is_whole_micros(at: DateTime<Utc>) -> bool {
    at.timestamp_subsec_nanos() % 1_000 == 0
}

#[tokio::test]
async fn the_board_holds_the_edge_cases() {
    let (db, _) = seeded(&SMALL).await;
    let tasks = tasks_of(&db).await;
    let statuses: HashMap<i64, status::Model> =
        status::Entity::find().all(&db).await.expect("statuses").into_iter().map(|s| (s.id, s)).collect();
    let projects: HashMap<i64, project::Model> =
        project::Entity::find().all(&db).await.expect("projects").into_iter().map(|p| (p.id, p)).collect();
    let category = |t: &task::Model| statuses[&t.status_id].category;
    let today = base().date_naive();

    let first = tasks.iter().find(|t| t.number == 1 && projects[&t.project_id].key == "MOBILE").expect("MOBILE-1");
    assert!(first.description.as_deref().is_some_and(|d| d.chars().count() > 60_000));
    let long = tasks.iter().filter(|t| t.description.as_deref().is_some_and(|d| d.chars().count() > 20_000)).count();
    assert!(long >= 3, "{long} long descriptions");

    assert_eq!(tasks.iter().filter(|t| t.deleted_at.is_some()).count(), 4, "2 % tombstones");
    let done = tasks.iter().filter(|t| category(t) == StatusCategory::Done).count();
    assert!((40..=80).contains(&done), "{done} done of 200");
    let overdue = tasks
        .iter()
        .filter(|t| t.deleted_at.is_none() && !category(t).is_closed() && t.due_date.is_some_and(|d| d < today))
        .count();
    assert!(overdue >= 5, "{overdue} overdue");
    let unscheduled = tasks.iter().filter(|t| t.due_date.is_none()).count();
    assert!((45..=90).contains(&unscheduled), "{unscheduled} unscheduled");
    assert!(tasks.iter().any(|t| t.due_date.is_some_and(|d| d > today)));
    assert!(tasks.iter().any(|t| t.description.is_none()));
    assert!(tasks.iter().any(|t| t.description.as_deref() == Some("")));
    assert!(tasks.iter().any(|t| t.parent_id.is_some()));
    assert!(statuses.values().any(|s| s.key == "review" && s.category == StatusCategory::InProgress));

    let mean_title = tasks.iter().map(|t| t.title.chars().count()).sum::<usize>() / tasks.len();
    assert!((45..=65).contains(&mean_title), "titles average {mean_title} characters");

    for t in &tasks {
        assert!(t.updated_at >= t.created_at, "{}", t.id);
        assert!(t.created_at <= base() && t.updated_at <= base());
        assert!(
            [t.created_at, t.updated_at].into_iter().chain(t.completed_at).chain(t.deleted_at).all(is_whole_micros)
        );
        assert_eq!(t.completed_at.is_some(), category(t).is_closed(), "{}", t.id);
        if let Some(completed) = t.completed_at {
            assert!(t.created_at <= completed && completed <= t.updated_at);
        }
        if let Some(parent) = t.parent_id {
            let parent = tasks.iter().find(|p| p.id == parent).expect("parent");
            assert_eq!(parent.project_id, t.project_id);
            assert_eq!(parent.kind, TaskKind::Epic);
        }
    }

    let texts: String = tasks.iter().filter_map(|t| t.description.as_deref()).collect();
    assert!(texts.chars().any(|c| c > '\u{FFFF}'), "astral emoji");
    assert!(texts.contains('\u{200D}'), "ZWJ sequence");
    assert!(texts.contains("👍🏽"), "skin tone");
    assert!(texts.chars().any(|c| ('\u{300}'..='\u{36F}').contains(&c)), "combining marks");
    assert!(
        texts.contains("&amp;") && texts.contains("&lt;") && texts.contains("&eacute;") && texts.contains("&#8212;")
    );
    assert!(texts.contains(r#"<a class="mention" href="/users/"#));
    assert!(texts.contains("<ul><li>") && texts.contains("<a href=\"https://"));
    assert_no_bare_ampersand(&texts);
    let comments: String =
        comment::Entity::find().all(&db).await.expect("comments").into_iter().map(|c| c.body).collect();
    assert_no_bare_ampersand(&comments);
}

/// Every `&` in generated HTML starts an entity: the HTML is well formed
/// enough for a strict parser.
fn assert_no_bare_ampersand(html: &str) {
    for (at, _) in html.match_indices('&') {
        let rest = &html[at + 1..];
        let entity = rest.find(';').map(|end| &rest[..end]);
        let ok = entity.is_some_and(|e| {
            (!e.is_empty() && e.len() <= 8 && e.chars().all(|c| c.is_ascii_alphabetic()))
                || e.strip_prefix('#').is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        });
        assert!(ok, "bare & before {:?}", &rest[..rest.len().min(20)]);
    }
}

#[test]
fn the_progress_template_parses() {
    assert!(ProgressStyle::with_template(PROGRESS_TEMPLATE).is_ok());
}

#[tokio::test]
async fn events_and_comments_follow_their_task() {
    let (db, _) = seeded(&SMALL).await;
    let tasks: HashMap<i64, task::Model> = tasks_of(&db).await.into_iter().map(|t| (t.id, t)).collect();
    let projects: HashMap<i64, project::Model> =
        project::Entity::find().all(&db).await.expect("projects").into_iter().map(|p| (p.id, p)).collect();
    let events = task_event::Entity::find().order_by_asc(task_event::Column::Id).all(&db).await.expect("events");
    let created: Vec<&task_event::Model> = events.iter().filter(|e| e.field == "created").collect();
    assert_eq!(created.len(), tasks.len());
    for event in &events {
        let t = &tasks[&event.task_id];
        assert_eq!(event.project_id, t.project_id);
        assert!(t.created_at <= event.at && event.at <= t.updated_at, "event {} outside its task", event.id);
        assert!(is_whole_micros(event.at));
        if event.field == "created" {
            let reference = format!("{}-{}", projects[&t.project_id].key, t.number);
            assert_eq!(event.new_value.as_deref(), Some(reference.as_str()));
        }
    }
    assert!(events.iter().any(|e| e.field == "status" && e.old_value.as_deref() == Some("todo")));

    let members: Vec<project_member::Model> = project_member::Entity::find().all(&db).await.expect("members");
    let is_member =
        |project_id: i64, user_id: i64| members.iter().any(|m| m.project_id == project_id && m.user_id == user_id);
    for t in tasks.values() {
        if let Some(assignee) = t.assignee_id {
            assert!(is_member(t.project_id, assignee), "assignee of {} is no member", t.id);
        }
    }
    let comments = comment::Entity::find().all(&db).await.expect("comments");
    for c in &comments {
        let t = &tasks[&c.task_id];
        assert!(t.created_at <= c.created_at && c.created_at <= c.updated_at);
        assert!(is_member(t.project_id, c.author_id));
        let id = c.id.to_string();
        assert!(
            events
                .iter()
                .any(|e| e.field == "comment" && e.task_id == c.task_id && e.new_value.as_deref() == Some(id.as_str()))
        );
    }
    // Not everyone is in every project: visibility has something to decide.
    let users = user::Entity::find().count(&db).await.expect("count");
    for p in projects.values() {
        let count = members.iter().filter(|m| m.project_id == p.id).count() as u64;
        assert!(count >= 2 && count < users, "{} has {count} members", p.key);
    }
}

#[tokio::test]
async fn the_wiki_has_frontmatter_code_and_a_long_page() {
    let (db, _) = seeded(&SMALL).await;
    let pages = wiki_page::Entity::find().all(&db).await.expect("pages");
    let workspaces = workspace::Entity::find().all(&db).await.expect("workspaces");
    for w in &workspaces {
        let count = pages.iter().filter(|p| p.workspace_id == w.id).count();
        assert!((4..=8).contains(&count), "{} has {count} pages", w.key);
    }
    assert!(pages.iter().any(|p| p.path == "guides/setup/linux"));
    assert!(pages.iter().any(|p| p.content.chars().count() > 30_000));
    for page in &pages {
        assert!(page.content.starts_with(&format!("---\ntitle: {}\ntags: [", page.title)), "{}", page.path);
        assert!(page.content.contains("\n```bash\n# "), "a fenced line starting with #");
        assert!(page.content.contains("\n## ") && page.content.contains("\n### "));
        let revision = wiki_revision::Entity::find()
            .filter(wiki_revision::Column::PageId.eq(page.id))
            .one(&db)
            .await
            .expect("revision")
            .expect("a revision per page");
        assert_eq!((revision.revision, &revision.content, revision.author_id), (1, &page.content, page.updated_by_id));
    }
    let all: String = pages.iter().map(|p| p.content.as_str()).collect();
    assert!(all.contains('\u{301}') && all.contains("👩‍💻"));
}

#[tokio::test]
async fn demo_administers_every_workspace() {
    let (db, _) = seeded(&SMALL).await;
    let demo = user::Entity::find()
        .filter(user::Column::Username.eq(DEMO_USERNAME))
        .one(&db)
        .await
        .expect("query")
        .expect("demo");
    assert_eq!(demo.display_name, "Demo User");
    let workspaces = workspace::Entity::find().count(&db).await.expect("count");
    let admin_of = workspace_member::Entity::find()
        .filter(workspace_member::Column::UserId.eq(demo.id))
        .filter(workspace_member::Column::Role.eq(WorkspaceRole::Admin))
        .count(&db)
        .await
        .expect("count");
    assert_eq!(admin_of, workspaces);
    let agents = user::Entity::find().filter(user::Column::IsAgent.eq(true)).count(&db).await.expect("count");
    assert_eq!(agents, 2);
}
