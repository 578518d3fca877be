//! What an import finds or makes beside its tasks: the project, the
//! people (matched by their account there, then by login or email, else
//! made), the labels, the status of a category, and the names change-log
//! events show.

use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, Set};

use super::*;

impl Importer<'_> {
    /// The user for a person of the other tracker, made on first sight and
    /// made a participant of the project.
    pub(super) async fn person(&mut self, origin: &Origin, person: &Person) -> Result<i64> {
        if let Some(id) = self.people.get(&person.external_id) {
            return Ok(*id);
        }
        let refused = |error: StoreError| WriteError::record(origin, error);
        let external_id = input::single_line("user", &person.external_id, 200).map_err(refused)?;
        let bound = external_user::Entity::find()
            .filter(external_user::Column::System.eq(self.system.as_str()))
            .filter(external_user::Column::ExternalId.eq(external_id.as_str()))
            .one(self.txn)
            .await?;
        let id = match bound {
            Some(binding) => binding.user_id,
            None => {
                let user = match self.matching_user(person).await? {
                    Some(user) => user,
                    None => self.new_user(origin, person).await?,
                };
                external_user::ActiveModel {
                    system: Set(self.system.as_str().to_owned()),
                    external_id: Set(external_id),
                    user_id: Set(user.id),
                    ..Default::default()
                }
                .insert(self.txn)
                .await?;
                user.id
            }
        };
        if self.members.insert(id) {
            let already = project_member::Entity::find()
                .filter(project_member::Column::ProjectId.eq(self.project.id))
                .filter(project_member::Column::UserId.eq(id))
                .one(self.txn)
                .await?;
            if already.is_none() {
                project_member::ActiveModel {
                    project_id: Set(self.project.id),
                    user_id: Set(id),
                    role: Set(ProjectRole::Participant),
                    ..Default::default()
                }
                .insert(self.txn)
                .await?;
            }
        }
        self.people.insert(person.external_id.clone(), id);
        Ok(id)
    }

    /// A GitHub login is a username; elsewhere an email says who it is.
    async fn matching_user(&self, person: &Person) -> Result<Option<user::Model>> {
        if self.system == SourceSystem::Github {
            use sea_orm::sea_query::ExprTrait;
            // Logins are the same in any case on GitHub.
            let name = input::nfc(&person.username).to_lowercase();
            let lower = sea_orm::sea_query::Func::lower(sea_orm::sea_query::Expr::col(user::Column::Username));
            let found = user::Entity::find()
                .filter(sea_orm::sea_query::Expr::expr(lower).eq(name))
                .order_by_asc(user::Column::Id)
                .one(self.txn)
                .await?;
            return Ok(found);
        }
        match &person.email {
            Some(email) => {
                Ok(user::Entity::find().filter(user::Column::Email.eq(email.as_str())).one(self.txn).await?)
            }
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
        let mut n = self.suffixes.get(&base).copied().unwrap_or(1);
        let named = |n: u32| if n == 1 { base.clone() } else { format!("{base}-{n}") };
        let mut username = named(n);
        while user::Entity::find().filter(user::Column::Username.eq(username.as_str())).one(self.txn).await?.is_some() {
            n += 1;
            username = named(n);
        }
        self.suffixes.insert(base.clone(), n + 1);
        let user = user::ActiveModel {
            username: Set(username),
            display_name: Set(display_name),
            email: Set(email),
            is_agent: Set(person.is_bot),
            created_at: Set(now()),
            ..Default::default()
        }
        .insert(self.txn)
        .await?;
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
        let bound = external_user::Entity::find()
            .filter(external_user::Column::System.eq(IMPORT_SYSTEM))
            .filter(external_user::Column::ExternalId.eq(IMPORT_USERNAME))
            .one(self.txn)
            .await?;
        let id = match bound {
            Some(binding) => binding.user_id,
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
                external_user::ActiveModel {
                    system: Set(IMPORT_SYSTEM.to_owned()),
                    external_id: Set(IMPORT_USERNAME.to_owned()),
                    user_id: Set(user.id),
                    ..Default::default()
                }
                .insert(self.txn)
                .await?;
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
        let color = wanted.color.as_deref().and_then(crate::store::sources::hex_color);
        let created = label::ActiveModel {
            project_id: Set(self.project.id),
            name: Set(name.clone()),
            color: Set(color),
            ..Default::default()
        }
        .insert(self.txn)
        .await?;
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
            for user in user::Entity::find().filter(user::Column::Id.is_in(missing)).all(self.txn).await? {
                self.usernames.insert(user.id, user.username);
            }
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
        Ok(task::Entity::find_by_id(task_id).one(self.txn).await?.map(|t| self.task_ref(t.number)))
    }
}

/// The longest username an import makes up: room for `-N` after it.
const MAX_MADE_USERNAME: usize = input::MAX_USERNAME_CHARS - 8;

/// A project for the import, in the workspace named or the only one (a
/// first workspace is made on an empty database), with the default
/// workflow.
pub(super) async fn create_project(txn: &DatabaseTransaction, to: &Destination) -> Result<project::Model> {
    let key = crate::store::project_writes::validate_key(&to.project)?;
    let name = input::single_line("name", &to.name, input::MAX_NAME_CHARS)?;
    let workspaces = workspace::Entity::find().order_by_asc(workspace::Column::Key).all(txn).await?;
    let ws = match &to.workspace {
        Some(wanted) => workspaces
            .into_iter()
            .find(|w| &w.key == wanted)
            .ok_or_else(|| StoreError::not_found(format!("no workspace with key {}", echo(wanted))))?,
        None if workspaces.is_empty() => {
            workspace::ActiveModel {
                key: Set(key.clone()),
                name: Set(name.clone()),
                created_at: Set(now()),
                ..Default::default()
            }
            .insert(txn)
            .await?
        }
        None if workspaces.len() == 1 => workspaces.into_iter().next().expect("one workspace"),
        None => {
            let keys: Vec<String> = workspaces.into_iter().map(|w| w.key).collect();
            return Err(StoreError::bad_argument(
                "workspace",
                format!("project {} does not exist and there are {} workspaces to make it in", echo(&key), keys.len()),
                format!("name one with --workspace: {}", keys.join(", ")),
            )
            .into());
        }
    };
    // Admins of the workspace see it; the people of the import become its
    // participants as they are met.
    Ok(crate::store::project_writes::insert_project(txn, ws.id, &key, &name, None).await?)
}
