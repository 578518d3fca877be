//! What an import finds or makes beside its tasks: the project, the
//! people (matched by their account there, then by login or email, else
//! made), the labels, the status of a category, and the names change-log
//! events show.

use entity::user;

use super::*;
use crate::store::users::NewUser;

impl Importer<'_> {
    /// The user for a person of the other tracker, made on first sight and
    /// made a participant of the project.
    pub(super) async fn person(&mut self, origin: &Origin, person: &Person) -> Result<i64> {
        if let Some(id) = self.people.get(&person.external_id) {
            return Ok(*id);
        }
        let refused = |error: StoreError| WriteError::record(origin, error);
        let external_id = input::single_line("user", &person.external_id, 200).map_err(refused)?;
        let id = match self.store.bound_user(self.system.as_str(), &external_id).await? {
            Some(id) => id,
            None => {
                let user = match self.matching_user(person).await? {
                    Some(user) => user,
                    None => self.new_user(origin, person).await?,
                };
                self.store.bind_user(self.system.as_str(), external_id, user.id).await?;
                user.id
            }
        };
        if self.members.insert(id) {
            self.store.ensure_member(self.project.id, id).await?;
        }
        self.people.insert(person.external_id.clone(), id);
        Ok(id)
    }

    /// A GitHub login is a username; elsewhere an email says who it is.
    /// (Not for a live delivery: anyone may open an issue on a public
    /// repository under a login that is someone's username here.)
    async fn matching_user(&self, person: &Person) -> Result<Option<user::Model>> {
        if !self.match_by_name {
            return Ok(None);
        }
        if self.system == SourceSystem::Github {
            return Ok(self.store.user_named_in_any_case(&person.username).await?);
        }
        match &person.email {
            Some(email) => Ok(self.store.user_with_email(email).await?),
            None => Ok(None),
        }
    }

    async fn new_user(&mut self, origin: &Origin, person: &Person) -> Result<user::Model> {
        let refused = |error: StoreError| WriteError::record(origin, error);
        let base: String = input::nfc(&person.username).chars().take(MAX_MADE_USERNAME).collect();
        let base = input::single_line("username", &base, MAX_MADE_USERNAME).map_err(refused)?;
        let display = person.display_name.as_deref().unwrap_or(&base);
        let display_name = input::single_line("display_name", display, input::MAX_NAME_CHARS).map_err(refused)?;
        let email = match &person.email {
            Some(email) => Some(input::single_line("email", email, 320).map_err(refused)?),
            None => None,
        };
        // A name already held by someone else gets a number.
        // Numbers this run gave are not tried again: a thousand people
        // named alike cost a thousand lookups, not half a million.
        let from = self.suffixes.get(&base).copied().unwrap_or(1);
        let (username, n) = self.store.free_username(&base, from).await?;
        self.suffixes.insert(base.clone(), n + 1);
        let new = NewUser { username, display_name, email, is_agent: person.is_bot };
        let user = self.store.insert_user(new).await?;
        self.counts.users_created += 1;
        Ok(user)
    }

    /// The user the events of a re-run are filed under: an agent bound to
    /// the account `tasklens/import`, named `import` unless that name is
    /// someone's.
    pub(super) async fn import_user(&mut self) -> Result<i64> {
        if let Some(id) = self.import_user {
            return Ok(id);
        }
        let id = match self.store.bound_user(IMPORT_SYSTEM, IMPORT_USERNAME).await? {
            Some(id) => id,
            None => {
                let person = Person {
                    external_id: IMPORT_USERNAME.to_owned(),
                    username: IMPORT_USERNAME.to_owned(),
                    display_name: Some("Import".to_owned()),
                    email: None,
                    is_bot: true,
                };
                let origin = Origin { file: String::new(), record: String::new() };
                let user = self.new_user(&origin, &person).await?;
                self.counts.users_created -= 1;
                self.store.bind_user(IMPORT_SYSTEM, IMPORT_USERNAME.to_owned(), user.id).await?;
                user.id
            }
        };
        self.import_user = Some(id);
        Ok(id)
    }

    /// The project's label of that name (any case), made on first use.
    pub(super) async fn label(&mut self, origin: &Origin, wanted: &ExternalLabel) -> Result<i64> {
        let refused = |error: StoreError| WriteError::record(origin, error);
        let name = input::single_line("labels", &wanted.name, 100).map_err(refused)?;
        if let Some(found) = self.labels.get(&name.to_lowercase()) {
            return Ok(found.id);
        }
        let created = self.store.insert_label(self.project.id, name.clone(), wanted.color.as_deref()).await?;
        self.counts.labels_created += 1;
        let id = created.id;
        self.labels.insert(name.to_lowercase(), created);
        Ok(id)
    }

    /// The project's first status of the category; a workflow without
    /// that category takes the nearest one it has.
    pub(super) fn status_for(&self, category: StatusCategory) -> status::Model {
        let fallbacks: &[StatusCategory] = match category {
            StatusCategory::Todo => &[StatusCategory::Todo, StatusCategory::InProgress],
            StatusCategory::InProgress => &[StatusCategory::InProgress, StatusCategory::Todo],
            StatusCategory::Done => &[StatusCategory::Done, StatusCategory::Canceled],
            StatusCategory::Canceled => &[StatusCategory::Canceled, StatusCategory::Done],
        };
        fallbacks
            .iter()
            .find_map(|c| self.statuses.iter().find(|s| s.category == *c))
            .or_else(|| self.statuses.first())
            .cloned()
            .unwrap_or_else(|| status::Model {
                id: 0,
                project_id: self.project.id,
                key: String::new(),
                name: String::new(),
                category,
                position: 0,
            })
    }

    /// Usernames, sorted and joined as change-log values are.
    pub(super) async fn names_of(&mut self, ids: Vec<i64>) -> Result<Option<String>> {
        let missing: Vec<i64> = ids.iter().copied().filter(|id| !self.usernames.contains_key(id)).collect();
        if !missing.is_empty() {
            self.usernames.extend(self.store.usernames(missing).await?);
        }
        let mut names: Vec<&str> = ids.iter().filter_map(|id| self.usernames.get(id).map(String::as_str)).collect();
        names.sort_unstable();
        Ok((!names.is_empty()).then(|| names.join(",")))
    }

    pub(super) fn label_names(&self, ids: &[i64]) -> Option<String> {
        let mut names: Vec<&str> =
            self.labels.values().filter(|l| ids.contains(&l.id)).map(|l| l.name.as_str()).collect();
        names.sort_unstable();
        (!names.is_empty()).then(|| names.join(","))
    }

    /// `KEY-12` for a task of the project.
    pub(super) async fn ref_of(&self, task_id: i64) -> Result<Option<String>> {
        Ok(self.store.task_number(task_id).await?.map(|number| self.task_ref(number)))
    }
}

/// The longest username an import makes up: room for `-N` after it.
const MAX_MADE_USERNAME: usize = input::MAX_USERNAME_CHARS - 8;
