//! Writes what an importer read into one project, through the store's
//! import transaction (`store::import_writes`): tasks found by their source (so a second run of the same
//! files changes nothing and an edited file updates in place, with change
//! log events), comments found by their id there, people matched or made
//! once, labels made on first use. Rows are written a batch at a time.

use std::collections::{BTreeMap, HashMap, HashSet};

use entity::{StatusCategory, comment, label, project, status, task};

use super::records::{Body, ExternalComment, ExternalIssue, ExternalLabel, ImportedState, Origin, Person};
use crate::store::import_writes::{ImportWrites, ImportedComment, ImportedTask};
use crate::store::sources::{MAX_SOURCE_KEY_CHARS, SourceSystem};
use crate::store::task_writes::fields::RowChange;
use crate::store::task_writes::log::{Actor, Change, Changes, EventLog};
use crate::store::task_writes::rules;
use crate::store::{StoreError, input, now};

mod lookups;

/// Records written per statement.
const BATCH: usize = 500;

/// The user change-log events of a re-run are filed under: the change
/// happened in the other tracker, by someone its export does not name.
pub const IMPORT_USERNAME: &str = "import";
/// The system of the import user's binding (never an imported one).
const IMPORT_SYSTEM: &str = "tasklens";

#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// A record breaks a rule of the board; nothing is written.
    #[error("{origin}: {error}")]
    Record { origin: Origin, error: Box<StoreError> },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl WriteError {
    fn record(origin: &Origin, error: StoreError) -> Self {
        Self::Record { origin: origin.clone(), error: Box::new(error) }
    }
}

type Result<T, E = WriteError> = std::result::Result<T, E>;

/// What a run wrote, and what it left out and why.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportCounts {
    pub tasks_created: u64,
    pub tasks_updated: u64,
    pub tasks_unchanged: u64,
    pub comments_created: u64,
    pub comments_updated: u64,
    pub comments_unchanged: u64,
    pub users_created: u64,
    pub labels_created: u64,
    /// New tasks whose number was already taken in the project.
    pub renumbered: u64,
    /// Records left out, by reason ("pull requests").
    pub skipped: BTreeMap<String, u64>,
}

impl std::fmt::Display for ImportCounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "tasks: {} created, {} updated, {} unchanged; comments: {} created, {} updated, {} unchanged; \
             {} users and {} labels created",
            self.tasks_created,
            self.tasks_updated,
            self.tasks_unchanged,
            self.comments_created,
            self.comments_updated,
            self.comments_unchanged,
            self.users_created,
            self.labels_created
        )?;
        if self.renumbered > 0 {
            write!(f, "; {} tasks took a new number, theirs being taken", self.renumbered)?;
        }
        for (reason, n) in &self.skipped {
            write!(f, "; skipped {n} {reason}")?;
        }
        Ok(())
    }
}

/// Where the tasks go: an existing project, or one made on the way.
#[derive(Debug, Clone)]
pub struct Destination {
    pub project: String,
    /// The workspace of a project to make; the only one when there is one.
    pub workspace: Option<String>,
    /// The name of a project to make.
    pub name: String,
}

pub struct Importer<'a> {
    store: &'a ImportWrites,
    system: SourceSystem,
    project: project::Model,
    statuses: Vec<status::Model>,
    labels: HashMap<String, label::Model>,
    /// External id to user id.
    people: HashMap<String, i64>,
    usernames: HashMap<i64, String>,
    members: HashSet<i64>,
    /// The next `-N` to try for a made-up username taken already.
    suffixes: HashMap<String, u32>,
    import_user: Option<i64>,
    /// Source key to task id, for comments and parents.
    tasks: HashMap<String, i64>,
    /// Source keys of the issues read so far.
    seen: HashSet<String>,
    /// Tasks this run made, and tasks it changed.
    created: HashSet<i64>,
    changed: HashSet<i64>,
    /// Tasks of earlier runs found again.
    found_again: u64,
    /// Whether people are matched to users here by login or email (an
    /// operator's import) or only by their binding (a live delivery).
    match_by_name: bool,
    next_number: i32,
    issues: Vec<(Origin, ExternalIssue)>,
    comments: Vec<(Origin, ExternalComment)>,
    parents: Vec<(Origin, i64, Option<String>)>,
    log: EventLog,
    events: u64,
    pub counts: ImportCounts,
}

impl<'a> Importer<'a> {
    pub async fn begin(store: &'a ImportWrites, system: SourceSystem, to: &Destination) -> Result<Self> {
        let project = match store.project(&to.project).await? {
            Some(project) => project,
            None => store.create_project(&to.project, to.workspace.as_deref(), &to.name).await?,
        };
        let statuses = store.statuses(project.id).await?;
        let labels = store.labels(project.id).await?.into_iter().map(|l| (l.name.to_lowercase(), l)).collect();
        let members = store.member_ids(project.id).await?;
        let last = store.lock_numbers(project.id).await?;
        Ok(Self {
            store,
            system,
            project,
            statuses,
            labels,
            people: HashMap::new(),
            usernames: HashMap::new(),
            members,
            suffixes: HashMap::new(),
            import_user: None,
            tasks: HashMap::new(),
            seen: HashSet::new(),
            created: HashSet::new(),
            changed: HashSet::new(),
            found_again: 0,
            match_by_name: true,
            next_number: last.saturating_add(1),
            issues: Vec::new(),
            comments: Vec::new(),
            parents: Vec::new(),
            log: EventLog::default(),
            events: 0,
            counts: ImportCounts::default(),
        })
    }

    /// People not bound to a user here yet become users of their own,
    /// never the user who has their name (for deliveries anyone can cause).
    pub fn without_matching_by_name(mut self) -> Self {
        self.match_by_name = false;
        self
    }

    pub fn project(&self) -> &project::Model {
        &self.project
    }

    pub fn skip(&mut self, reason: &str) {
        *self.counts.skipped.entry(reason.to_owned()).or_default() += 1;
    }

    pub async fn issue(&mut self, origin: Origin, issue: ExternalIssue) -> Result<()> {
        // Checked first: two keys that read the same once normalized are
        // one issue.
        let issue = checked_source(issue).map_err(|error| WriteError::record(&origin, error))?;
        // An issue may come twice (a page repeated while the export ran, or
        // two exports of one repository): the first is kept.
        if !self.seen.insert(issue.key.clone()) {
            self.skip("issues listed twice (the first kept)");
            return Ok(());
        }
        self.issues.push((origin, issue));
        if self.issues.len() >= BATCH { self.flush_issues().await } else { Ok(()) }
    }

    /// Comments are written once the issues before them are.
    pub async fn comment(&mut self, origin: Origin, comment: ExternalComment) -> Result<()> {
        self.comments.push((origin, comment));
        if self.comments.len() >= BATCH {
            self.flush_issues().await?;
            self.flush_comments().await
        } else {
            Ok(())
        }
    }

    /// Writes what is pending and links parents; the caller commits (or
    /// rolls back for a dry run). Returns how many change-log events the
    /// run wrote.
    pub async fn finish(mut self) -> Result<(ImportCounts, u64)> {
        self.flush_issues().await?;
        self.flush_comments().await?;
        self.link_parents().await?;
        if self.events > 0 {
            self.store.notify().await?;
        }
        self.counts.tasks_created = self.created.len() as u64;
        self.counts.tasks_updated = self.changed.len() as u64;
        self.counts.tasks_unchanged = self.found_again - self.counts.tasks_updated;
        Ok((self.counts, self.events))
    }

    async fn flush_issues(&mut self) -> Result<()> {
        if self.issues.is_empty() {
            return Ok(());
        }
        let batch = std::mem::take(&mut self.issues);
        let keys: Vec<&str> = batch.iter().map(|(_, i)| i.key.as_str()).collect();
        let existing = self.store.tasks_by_source(self.project.id, self.system, keys).await?;
        let mut fresh = Vec::new();
        for (origin, issue) in batch {
            let wanted = self.wanted(&origin, &issue).await?;
            match existing.get(&issue.key) {
                Some(current) => self.update(&origin, current, &issue, wanted).await?,
                None => fresh.push((origin, issue, wanted)),
            }
        }
        self.create(fresh).await
    }

    /// The task's values as the board stores them, checked as a write
    /// checks them.
    async fn wanted(&mut self, origin: &Origin, issue: &ExternalIssue) -> Result<Wanted> {
        let refused = |error: StoreError| WriteError::record(origin, error);
        let title = rules::title(&issue.title).map_err(refused)?;
        let description = match &issue.description {
            Some(body) => Some(stored(origin, "description", body, input::MAX_DESCRIPTION_CHARS)?),
            None => None,
        }
        .filter(|d| !d.trim().is_empty());
        let mut people = Vec::new();
        for person in &issue.assignees {
            let id = self.person(origin, person).await?;
            if !people.contains(&id) {
                people.push(id);
            }
        }
        // (At most MAX_PER_ISSUE of each: the checks above stay cheap.)
        let author = match &issue.author {
            Some(person) => Some(self.person(origin, person).await?),
            None => None,
        };
        let mut labels = Vec::new();
        for l in &issue.labels {
            let id = self.label(origin, l).await?;
            if !labels.contains(&id) {
                labels.push(id);
            }
        }
        for at in [Some(issue.created_at), Some(issue.updated_at), issue.closed_at].into_iter().flatten() {
            input::filter_instant("created_at", Some(at)).map_err(refused)?;
        }
        rules::due_date("due_date", issue.due_date).map_err(refused)?;
        let status = self.status_for(issue.category);
        let assignee = people.first().copied();
        let mut coworkers: Vec<i64> = people.into_iter().skip(1).collect();
        coworkers.sort_unstable();
        labels.sort_unstable();
        let state = ImportedState {
            title: title.clone(),
            description: description.as_deref().map(ImportedState::digest),
            category: Some(issue.category),
            priority: issue.priority,
            kind: issue.kind,
            assignee,
            coworkers: coworkers.clone(),
            labels: labels.clone(),
            due: issue.due_date,
            parent: issue.parent.clone(),
            updated: Some(issue.updated_at),
        };
        Ok(Wanted { title, description, status, assignee, coworkers, labels, author, state })
    }

    async fn create(&mut self, fresh: Vec<(Origin, ExternalIssue, Wanted)>) -> Result<()> {
        if fresh.is_empty() {
            return Ok(());
        }
        let numbers = self.numbers_for(&fresh).await?;
        let mut rows = Vec::with_capacity(fresh.len());
        for ((_, issue, wanted), number) in fresh.iter().zip(&numbers) {
            rows.push(self.new_task(issue, wanted, *number).await?);
        }
        let ids = self.store.insert_tasks(self.project.id, rows).await?;
        self.link_created(fresh, numbers, &ids).await
    }

    /// Each new task's number: its number in the other tracker when that is
    /// free here, else the next free one.
    async fn numbers_for(&mut self, fresh: &[(Origin, ExternalIssue, Wanted)]) -> Result<Vec<i32>> {
        let asked: Vec<i32> = fresh.iter().filter_map(|(_, i, _)| i.number).collect();
        let mut taken = self.store.numbers_taken(self.project.id, asked).await?;
        let mut numbers = Vec::with_capacity(fresh.len());
        for (origin, issue, _) in fresh {
            let number = match issue.number.filter(|n| *n >= 1 && !taken.contains(n)) {
                Some(n) => n,
                None => {
                    if issue.number.is_some() {
                        self.counts.renumbered += 1;
                    }
                    while taken.contains(&self.next_number) {
                        self.next_number += 1;
                    }
                    self.next_number
                }
            };
            rules::number(number).map_err(|error| WriteError::record(origin, error))?;
            taken.insert(number);
            self.next_number = self.next_number.max(number + 1);
            numbers.push(number);
        }
        Ok(numbers)
    }

    /// A task the import makes (its parent linked once all are in).
    async fn new_task(&mut self, issue: &ExternalIssue, wanted: &Wanted, number: i32) -> Result<ImportedTask> {
        let closed = wanted.status.category.is_closed();
        let created_by = match wanted.author {
            Some(author) => author,
            None => self.import_user().await?,
        };
        Ok(ImportedTask {
            project_id: self.project.id,
            number,
            title: wanted.title.clone(),
            description: wanted.description.clone(),
            status_id: wanted.status.id,
            priority: issue.priority.unwrap_or(entity::Priority::None),
            kind: issue.kind.unwrap_or(entity::TaskKind::Task),
            assignee_id: wanted.assignee,
            due_date: issue.due_date,
            created_by_id: created_by,
            created_at: issue.created_at,
            updated_at: issue.updated_at.max(issue.created_at),
            completed_at: closed.then(|| issue.closed_at.unwrap_or(issue.updated_at)),
            source_system: self.system,
            source_key: issue.key.clone(),
            source_url: issue.url.clone(),
            source_state: serde_json::to_string(&wanted.state).ok(),
        })
    }

    /// The labels, coworkers and `created` events of the tasks just made
    /// (by their numbers), and each one noted for parents and comments.
    async fn link_created(
        &mut self,
        fresh: Vec<(Origin, ExternalIssue, Wanted)>,
        numbers: Vec<i32>,
        ids: &HashMap<i32, i64>,
    ) -> Result<()> {
        let mut links = Vec::new();
        let mut coworkers = Vec::new();
        for ((origin, issue, wanted), number) in fresh.into_iter().zip(numbers) {
            let Some(&id) = ids.get(&number) else {
                let error = StoreError::conflict("the task was not written", "run the import again");
                return Err(WriteError::record(&origin, error));
            };
            self.tasks.insert(issue.key.clone(), id);
            if issue.parent.is_some() {
                self.parents.push((origin, id, issue.parent.clone()));
            }
            links.push((id, wanted.labels));
            coworkers.push((id, wanted.coworkers));
            let user_id = match wanted.author {
                Some(author) => author,
                None => self.import_user().await?,
            };
            let created = Change { field: "created", old: None, new: Some(self.task_ref(number)) };
            self.log.file_one(id, self.project.id, Actor { user_id, at: issue.created_at }, created, Some(1));
            self.created.insert(id);
        }
        self.store.insert_links(&links, &coworkers).await?;
        self.write_log().await
    }

    async fn update(
        &mut self,
        origin: &Origin,
        current: &task::Model,
        issue: &ExternalIssue,
        wanted: Wanted,
    ) -> Result<()> {
        self.found_again += 1;
        if current.deleted_at.is_some() {
            // Deleted here on purpose: the import does not bring it back,
            // nor comment on it, nor make it a parent.
            return Ok(());
        }
        self.tasks.insert(issue.key.clone(), current.id);
        let since = Since {
            last: current.source_state.as_deref().and_then(|s| serde_json::from_str(s).ok()),
            new: &wanted.state,
        };
        if since.is_older() {
            self.skip("issues older than the version imported (unchanged)");
            return Ok(());
        }
        if since.moved(|s| key(&s.parent)) {
            self.parents.push((origin.clone(), current.id, issue.parent.clone()));
        }
        let mut change = RowChange::of(current.clone());
        self.field_changes(issue, &wanted, &since, &mut change).await?;
        if since.moved(|s| key(&s.coworkers)) {
            if let Some(replaced) = self.store.replace_coworkers(current.id, &wanted.coworkers).await? {
                let (old, new) = (self.names_of(replaced.old).await?, self.names_of(replaced.new).await?);
                change.changes.record("coworkers", old, new);
            }
        }
        if since.moved(|s| key(&s.labels)) {
            if let Some(replaced) = self.store.replace_labels(current.id, &wanted.labels).await? {
                let (old, new) = (self.label_names(&replaced.old), self.label_names(&replaced.new));
                change.changes.record("labels", old, new);
            }
        }
        self.save_update(issue, &wanted.state, change).await
    }

    /// The task's own fields the other tracker changed since the last
    /// import and the board holds otherwise.
    async fn field_changes(
        &mut self,
        issue: &ExternalIssue,
        wanted: &Wanted,
        since: &Since<'_>,
        change: &mut RowChange,
    ) -> Result<()> {
        if since.moved(|s| key(&s.title)) && wanted.title != change.current.title {
            change.title(&wanted.title);
        }
        if since.moved(|s| key(&s.description)) && wanted.description != change.current.description {
            change.description(wanted.description.as_deref());
        }
        let old_status = self.statuses.iter().find(|s| s.id == change.current.status_id);
        if since.moved(|s| key(&s.category)) && old_status.map(|s| s.category) != Some(wanted.status.category) {
            let completed_at = wanted.status.category.is_closed().then(|| issue.closed_at.unwrap_or(issue.updated_at));
            change.status(old_status, &wanted.status, Some(completed_at));
        }
        if let Some(priority) =
            issue.priority.filter(|p| *p != change.current.priority && since.moved(|s| key(&s.priority)))
        {
            change.priority(priority);
        }
        if let Some(kind) = issue.kind.filter(|k| *k != change.current.kind && since.moved(|s| key(&s.kind))) {
            change.kind(kind);
        }
        if since.moved(|s| key(&s.due)) && issue.due_date != change.current.due_date {
            change.due_date(issue.due_date);
        }
        if since.moved(|s| key(&s.assignee)) && wanted.assignee != change.current.assignee_id {
            let old = self.names_of(change.current.assignee_id.into_iter().collect()).await?;
            let new = self.names_of(wanted.assignee.into_iter().collect()).await?;
            change.assignee(wanted.assignee, old, new);
        }
        Ok(())
    }

    /// Writes the row when anything moved, and the change log of what
    /// changed (filed when it reaches the board: the export does not say
    /// when each field changed, nor who changed it).
    async fn save_update(&mut self, issue: &ExternalIssue, state: &ImportedState, mut change: RowChange) -> Result<()> {
        let at = now();
        let current = &change.current;
        let state = serde_json::to_string(state).ok();
        let state_moved = state != current.source_state;
        let url_moved = issue.url != current.source_url;
        let later = issue.updated_at > current.updated_at;
        let changed = !change.changes.is_empty();
        if !changed && !later && !url_moved && !state_moved {
            return Ok(());
        }
        let current_id = current.id;
        change.source(state, issue.url.clone());
        if changed {
            change.touched(at);
            self.changed.insert(current_id);
        } else if later {
            // Active there (a comment, say) with nothing to change here.
            change.touched(issue.updated_at);
        }
        let (task, changes) = self.store.write_change(change).await?;
        self.file(&task, at, changes).await
    }

    async fn flush_comments(&mut self) -> Result<()> {
        if self.comments.is_empty() {
            return Ok(());
        }
        let batch = std::mem::take(&mut self.comments);
        self.find_tasks(batch.iter().map(|(_, c)| c.issue_key.as_str())).await?;
        let mut on_tasks = Vec::new();
        for (origin, mut comment) in batch {
            comment.key = input::single_line("comment id", &comment.key, MAX_SOURCE_KEY_CHARS)
                .map_err(|error| WriteError::record(&origin, error))?;
            match self.tasks.get(&comment.issue_key) {
                Some(task_id) => on_tasks.push((origin, *task_id, comment)),
                None => self.skip("comments on issues not imported (or deleted here)"),
            }
        }
        let existing = self.imported_comments(on_tasks.iter().map(|(_, id, _)| *id)).await?;
        let mut fresh = Vec::new();
        let mut seen = HashSet::new();
        for (origin, task_id, comment) in on_tasks {
            if !seen.insert((task_id, comment.key.clone())) {
                continue;
            }
            let body = stored(&origin, "body", &comment.body, input::MAX_COMMENT_CHARS)?;
            let author = match &comment.author {
                Some(person) => self.person(&origin, person).await?,
                None => self.import_user().await?,
            };
            for at in [comment.created_at, comment.updated_at] {
                input::filter_instant("created_at", Some(at)).map_err(|error| WriteError::record(&origin, error))?;
            }
            match existing.get(&(task_id, comment.key.clone())) {
                Some(current) if current.body == body && current.author_id == author => {
                    self.counts.comments_unchanged += 1;
                }
                Some(current) => {
                    let updated_at = comment.updated_at.max(current.created_at);
                    self.store.update_comment(current, body, author, updated_at).await?;
                    self.counts.comments_updated += 1;
                }
                None => fresh.push((task_id, author, body, comment)),
            }
        }
        if fresh.is_empty() {
            return Ok(());
        }
        let rows = fresh
            .iter()
            .map(|(task_id, author, body, c)| ImportedComment {
                task_id: *task_id,
                author_id: *author,
                body: body.clone(),
                created_at: c.created_at,
                updated_at: c.updated_at.max(c.created_at),
                source_key: c.key.clone(),
            })
            .collect();
        self.store.insert_comments(rows).await?;
        let ids: HashMap<(i64, String), i64> =
            self.imported_comments(fresh.iter().map(|(t, ..)| *t)).await?.into_iter().map(|(k, c)| (k, c.id)).collect();
        for (task_id, author, _, c) in &fresh {
            let id = ids.get(&(*task_id, c.key.clone())).copied().unwrap_or_default();
            let event = Change { field: "comment", old: None, new: Some(id.to_string()) };
            let by = Actor { user_id: *author, at: c.created_at };
            self.log.file_one(*task_id, self.project.id, by, event, None);
            self.counts.comments_created += 1;
        }
        self.write_log().await
    }

    /// The imported comments of these tasks, by task and source key.
    async fn imported_comments(
        &self,
        task_ids: impl Iterator<Item = i64>,
    ) -> Result<HashMap<(i64, String), comment::Model>> {
        Ok(self.store.imported_comments(task_ids.collect()).await?)
    }

    /// Learns the ids of tasks imported by earlier runs, by source key.
    async fn find_tasks<'k>(&mut self, keys: impl Iterator<Item = &'k str>) -> Result<()> {
        let missing: HashSet<&str> = keys.filter(|k| !self.tasks.contains_key(*k)).collect();
        if missing.is_empty() {
            return Ok(());
        }
        let found = self.store.task_ids_by_source(self.project.id, self.system, missing).await?;
        self.tasks.extend(found);
        Ok(())
    }

    /// Sets each task's parent once every task of the run is in.
    async fn link_parents(&mut self) -> Result<()> {
        let parents = std::mem::take(&mut self.parents);
        for chunk in parents.chunks(BATCH) {
            self.find_tasks(chunk.iter().filter_map(|(_, _, p)| p.as_deref())).await?;
            let ids: Vec<i64> = chunk.iter().map(|(_, id, _)| *id).collect();
            let current = self.store.tasks_locked(ids).await?;
            for (origin, id, parent_key) in chunk {
                let Some(task) = current.get(id) else { continue };
                let parent = match parent_key {
                    Some(key) => match self.tasks.get(key) {
                        Some(parent) if parent != id => Some(*parent),
                        Some(_) => {
                            return Err(WriteError::Record {
                                origin: origin.clone(),
                                error: Box::new(StoreError::bad_argument(
                                    "parent",
                                    "the issue is its own parent",
                                    "fix the parent",
                                )),
                            });
                        }
                        None => {
                            self.skip("parents not imported (or deleted here)");
                            continue;
                        }
                    },
                    None => None,
                };
                if parent == task.parent_id || task.deleted_at.is_some() {
                    continue;
                }
                let old = match task.parent_id {
                    Some(p) => self.ref_of(p).await?,
                    None => None,
                };
                let new = match parent {
                    Some(p) => self.ref_of(p).await?,
                    None => None,
                };
                let mut change = RowChange::of(task.clone());
                change.parent(parent, old, new);
                // A task made by this run is born with its parent: no event.
                let at = now();
                if self.created.contains(&task.id) {
                    change.changes = Changes::default();
                } else {
                    change.touched(at);
                    self.changed.insert(task.id);
                }
                let (task, changes) = self.store.write_change(change).await?;
                self.file(&task, at, changes).await?;
            }
        }
        Ok(())
    }

    /// Files a re-run's changes of a task under the import user (made
    /// only when there is a change to file), and writes them.
    async fn file(&mut self, task: &task::Model, at: chrono::DateTime<chrono::Utc>, changes: Changes) -> Result<()> {
        if changes.is_empty() {
            return Ok(());
        }
        let user_id = self.import_user().await?;
        self.log.file(task, Actor { user_id, at }, changes);
        self.write_log().await
    }

    async fn write_log(&mut self) -> Result<()> {
        self.events += self.store.write_log(&mut self.log).await?;
        Ok(())
    }

    fn task_ref(&self, number: i32) -> String {
        format!("{}-{number}", self.project.key)
    }
}

/// What the import recorded last time and what it reads now: a field the
/// other tracker did not change since is left as the board has it.
struct Since<'a> {
    last: Option<ImportedState>,
    new: &'a ImportedState,
}

impl Since<'_> {
    /// Whether the other tracker changed the field since the last import
    /// (always, when none is recorded).
    fn moved(&self, field: impl Fn(&ImportedState) -> Vec<u8>) -> bool {
        self.last.as_ref().is_none_or(|last| field(last) != field(self.new))
    }

    /// Whether what is read now is an older version than the last import's.
    fn is_older(&self) -> bool {
        match (self.last.as_ref().and_then(|l| l.updated), self.new.updated) {
            (Some(last), Some(new)) => new < last,
            _ => false,
        }
    }
}

fn key<T: serde::Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_default()
}

/// A task's values as the board stores them.
struct Wanted {
    title: String,
    description: Option<String>,
    status: status::Model,
    assignee: Option<i64>,
    coworkers: Vec<i64>,
    labels: Vec<i64>,
    author: Option<i64>,
    state: ImportedState,
}

/// Labels or people one issue may name; more is not an issue but an attack.
const MAX_PER_ISSUE: usize = 100;

/// The source key and address checked as names are, the address an
/// http(s) one; the lists of one issue bounded.
fn checked_source(mut issue: ExternalIssue) -> crate::store::Result<ExternalIssue> {
    issue.key = input::single_line("key", &issue.key, MAX_SOURCE_KEY_CHARS)?;
    if let Some(url) = &issue.url {
        issue.url = Some(crate::store::sources::source_url("url", url)?);
    }
    if let Some(parent) = &issue.parent {
        issue.parent = Some(input::single_line("parent", parent, MAX_SOURCE_KEY_CHARS)?);
    }
    for (what, n) in [("labels", issue.labels.len()), ("assignees", issue.assignees.len())] {
        if n > MAX_PER_ISSUE {
            return Err(StoreError::bad_argument(
                what,
                format!("{n} {what}; an issue may have {MAX_PER_ISSUE}"),
                "remove the extra ones from the export",
            ));
        }
    }
    Ok(issue)
}

fn stored(origin: &Origin, argument: &str, body: &Body, max: usize) -> Result<String> {
    body.stored(argument, max).map_err(|error| WriteError::record(origin, error))
}
