//! Wiki pages: a small tree per workspace, each page at revision 1 with its
//! matching `wiki_revision` row.

use crate::store::StoreError;
use crate::store::seeding::Seeding;
use chrono::TimeDelta;
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use entity::{wiki_page, wiki_revision};

use super::{Ids, SeedReport, WorkspacePlan, days, take, text};

/// (path, title, tags, project-scoped). Parents come before their children,
/// so any prefix of the list is a well-formed tree.
const WIKI_PAGES: &[(&str, &str, &[&str], bool)] = &[
    ("handbook", "Team handbook", &["handbook", "team"], false),
    ("guides", "Guides", &["guides"], false),
    ("guides/setup", "Setting up your machine", &["guides", "setup"], false),
    ("guides/setup/linux", "Linux setup", &["guides", "setup", "linux"], false),
    ("roadmap", "Roadmap", &["planning", "roadmap"], true),
    ("handbook/onboarding", "Onboarding checklist", &["handbook", "onboarding"], false),
    ("guides/setup/macos", "macOS setup", &["guides", "setup", "macos"], false),
    ("runbooks", "Runbooks", &["ops", "runbooks"], false),
];

pub(super) async fn write_wiki(
    txn: &Seeding,
    rng: &mut StdRng,
    ids: &mut Ids,
    workspaces: &[WorkspacePlan],
    report: &mut SeedReport,
) -> Result<(), StoreError> {
    let mut pages = Vec::new();
    let mut revisions = Vec::new();
    for (w, workspace) in workspaces.iter().enumerate() {
        let count = rng.random_range(4..=WIKI_PAGES.len());
        for (position, &(path, title, tags, scoped)) in WIKI_PAGES[..count].iter().enumerate() {
            // The Linux setup guide of the first workspace is the long page.
            let min_chars = if w == 0 && path == "guides/setup/linux" { 31_000 } else { rng.random_range(600..4_000) };
            let content = text::wiki_markdown(rng, title, tags, min_chars);
            // Every workspace has `demo` at least; the fallback is never used.
            let author = workspace.members.choose(rng).map_or(1, |m| m.id);
            let at =
                workspace.created_at + days(2 + 3 * position as i64) + TimeDelta::minutes(rng.random_range(0..600));
            let id = take(&mut ids.wiki_page);
            revisions.push(wiki_revision::Model {
                id: take(&mut ids.wiki_revision),
                page_id: id,
                revision: 1,
                content: content.clone(),
                author_id: author,
                at,
            });
            pages.push(wiki_page::Model {
                id,
                workspace_id: workspace.id,
                project_id: if scoped { workspace.first_project } else { None },
                path: path.to_owned(),
                title: title.to_owned(),
                content,
                revision: 1,
                created_at: at,
                updated_at: at,
                updated_by_id: author,
                deleted_at: None,
            });
        }
    }
    report.wiki_pages = pages.len() as u64;
    txn.insert::<wiki_page::ActiveModel>(pages).await?;
    txn.insert::<wiki_revision::ActiveModel>(revisions).await?;
    Ok(())
}
