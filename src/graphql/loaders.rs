//! DataLoaders, one set per operation: every related record a page needs is read in one
//! statement per kind, so a page's statement count does not grow with its
//! size. Loaders carry the viewer, and read through the store's visibility.

use std::collections::HashMap;
use std::sync::Arc;

use async_graphql::Context;
use async_graphql::dataloader::{DataLoader, HashMapCache, Loader};

use entity::{label, project, status, task, user, workspace};

use crate::store::Viewer;
use crate::store::tasks::TaskColumns;
use crate::store::{Store, StoreError, comments, projects, tasks, workspaces};

pub type LoadError = Arc<StoreError>;

pub struct Batch {
    store: Store,
    viewer: Viewer,
}

/// The loaders of one request. Each key is read once per request: a page
/// resolver loads the relations its selection needs for all its rows in one
/// batch, and the items then read from the cache. A subscription keeps its
/// loaders for its whole life and forgets what they read at each event.
#[derive(Clone)]
pub struct Loaders(pub Arc<DataLoader<Batch, HashMapCache>>);

impl Loaders {
    pub fn new(store: Store, viewer: Viewer) -> Self {
        Self(Arc::new(DataLoader::with_cache(Batch { store, viewer }, tokio::spawn, HashMapCache::default())))
    }

    /// Loads `ids` (as keys made by `key`) in one statement, now, and puts
    /// the results in the cache: a page primes what its items will ask for
    /// without the loader's batching delay.
    pub async fn prime<K, V>(&self, ids: Vec<i64>, key: fn(i64) -> K) -> Result<HashMap<K, V>, LoadError>
    where
        K: std::hash::Hash + Eq + Copy + Send + Sync + 'static,
        V: Clone + Send + Sync + 'static,
        Batch: Loader<K, Value = V, Error = LoadError>,
    {
        let keys: Vec<K> = ids.into_iter().collect::<std::collections::BTreeSet<i64>>().into_iter().map(key).collect();
        if keys.is_empty() {
            return Ok(HashMap::new());
        }
        let found = self.0.loader().load(&keys).await?;
        self.0.feed_many(found.clone()).await;
        Ok(found)
    }
}

/// The key types, and `Loaders::forget` over every one of them: a kind
/// added here is forgotten with the rest.
macro_rules! key {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        $(
            $(#[$doc])*
            #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
            pub struct $name(pub i64);
        )*

        impl Loaders {
            /// Forgets every record read so far: the next read of each is fresh.
            pub fn forget(&self) {
                $(self.0.clear::<$name>();)*
            }
        }
    };
}

key!(
    UserKey,
    WorkspaceKey,
    ProjectKey,
    StatusKey,
    /// A task without its description.
    TaskKey,
    DescriptionKey,
    StatusesOf,
    LabelsOf,
    TaskLabelsOf,
    CoworkersOf,
    CommentCountOf,
    OpenTaskCountOf,
    /// An agent session by its row id (a claim's).
    AgentSessionKey,
);

fn ids<K: Copy>(keys: &[K], id: impl Fn(K) -> i64) -> Vec<i64> {
    keys.iter().map(|k| id(*k)).collect()
}

fn grouped<K: std::hash::Hash + Eq + Copy, V>(
    keys: &[K],
    rows: impl IntoIterator<Item = (K, V)>,
) -> HashMap<K, Vec<V>> {
    let mut map: HashMap<K, Vec<V>> = keys.iter().map(|k| (*k, Vec::new())).collect();
    for (key, value) in rows {
        map.entry(key).or_default().push(value);
    }
    map
}

/// Counts for every key, zero where the database returned no row, so the
/// zeros are cached too.
fn with_zeros<K: std::hash::Hash + Eq + Copy>(keys: &[K], rows: impl IntoIterator<Item = (K, i64)>) -> HashMap<K, i64> {
    let mut map: HashMap<K, i64> = keys.iter().map(|k| (*k, 0)).collect();
    map.extend(rows);
    map
}

impl Loader<UserKey> for Batch {
    type Value = user::Model;
    type Error = LoadError;
    async fn load(&self, keys: &[UserKey]) -> Result<HashMap<UserKey, user::Model>, LoadError> {
        let rows = workspaces::users_by_ids(&self.store, &ids(keys, |k| k.0)).await?;
        Ok(rows.into_iter().map(|u| (UserKey(u.id), u)).collect())
    }
}

impl Loader<AgentSessionKey> for Batch {
    type Value = entity::agent_session::Model;
    type Error = LoadError;
    async fn load(
        &self,
        keys: &[AgentSessionKey],
    ) -> Result<HashMap<AgentSessionKey, entity::agent_session::Model>, LoadError> {
        let rows = crate::store::agents::by_ids(&self.store, &ids(keys, |k| k.0)).await?;
        Ok(rows.into_iter().map(|s| (AgentSessionKey(s.id), s)).collect())
    }
}

impl Loader<WorkspaceKey> for Batch {
    type Value = workspace::Model;
    type Error = LoadError;
    async fn load(&self, keys: &[WorkspaceKey]) -> Result<HashMap<WorkspaceKey, workspace::Model>, LoadError> {
        let rows = workspaces::by_ids(&self.store, &self.viewer, &ids(keys, |k| k.0)).await?;
        Ok(rows.into_iter().map(|w| (WorkspaceKey(w.id), w)).collect())
    }
}

impl Loader<ProjectKey> for Batch {
    type Value = project::Model;
    type Error = LoadError;
    async fn load(&self, keys: &[ProjectKey]) -> Result<HashMap<ProjectKey, project::Model>, LoadError> {
        let rows = projects::by_ids(&self.store, &self.viewer, &ids(keys, |k| k.0)).await?;
        Ok(rows.into_iter().map(|p| (ProjectKey(p.id), p)).collect())
    }
}

impl Loader<StatusKey> for Batch {
    type Value = status::Model;
    type Error = LoadError;
    async fn load(&self, keys: &[StatusKey]) -> Result<HashMap<StatusKey, status::Model>, LoadError> {
        let rows = projects::statuses_by_ids(&self.store, &ids(keys, |k| k.0)).await?;
        Ok(rows.into_iter().map(|s| (StatusKey(s.id), s)).collect())
    }
}

impl Loader<TaskKey> for Batch {
    type Value = task::Model;
    type Error = LoadError;
    async fn load(&self, keys: &[TaskKey]) -> Result<HashMap<TaskKey, task::Model>, LoadError> {
        let rows = tasks::by_ids(&self.store, &self.viewer, &ids(keys, |k| k.0), TaskColumns::default()).await?;
        Ok(rows.into_iter().map(|t| (TaskKey(t.id), t)).collect())
    }
}

impl Loader<DescriptionKey> for Batch {
    type Value = Option<String>;
    type Error = LoadError;
    async fn load(&self, keys: &[DescriptionKey]) -> Result<HashMap<DescriptionKey, Option<String>>, LoadError> {
        let rows = tasks::descriptions(&self.store, &self.viewer, &ids(keys, |k| k.0)).await?;
        Ok(rows.into_iter().map(|(id, d)| (DescriptionKey(id), d)).collect())
    }
}

impl Loader<StatusesOf> for Batch {
    type Value = Vec<status::Model>;
    type Error = LoadError;
    async fn load(&self, keys: &[StatusesOf]) -> Result<HashMap<StatusesOf, Vec<status::Model>>, LoadError> {
        let rows = projects::statuses(&self.store, &ids(keys, |k| k.0)).await?;
        Ok(grouped(keys, rows.into_iter().map(|s| (StatusesOf(s.project_id), s))))
    }
}

impl Loader<LabelsOf> for Batch {
    type Value = Vec<label::Model>;
    type Error = LoadError;
    async fn load(&self, keys: &[LabelsOf]) -> Result<HashMap<LabelsOf, Vec<label::Model>>, LoadError> {
        let rows = projects::labels(&self.store, &ids(keys, |k| k.0)).await?;
        Ok(grouped(keys, rows.into_iter().map(|l| (LabelsOf(l.project_id), l))))
    }
}

impl Loader<TaskLabelsOf> for Batch {
    type Value = Vec<label::Model>;
    type Error = LoadError;
    async fn load(&self, keys: &[TaskLabelsOf]) -> Result<HashMap<TaskLabelsOf, Vec<label::Model>>, LoadError> {
        let rows = tasks::labels_of(&self.store, &ids(keys, |k| k.0)).await?;
        Ok(grouped(keys, rows.into_iter().map(|(task, l)| (TaskLabelsOf(task), l))))
    }
}

impl Loader<CoworkersOf> for Batch {
    type Value = Vec<i64>;
    type Error = LoadError;
    async fn load(&self, keys: &[CoworkersOf]) -> Result<HashMap<CoworkersOf, Vec<i64>>, LoadError> {
        let rows = tasks::coworkers_of(&self.store, &ids(keys, |k| k.0)).await?;
        Ok(grouped(keys, rows.into_iter().map(|(task, user)| (CoworkersOf(task), user))))
    }
}

impl Loader<CommentCountOf> for Batch {
    type Value = i64;
    type Error = LoadError;
    async fn load(&self, keys: &[CommentCountOf]) -> Result<HashMap<CommentCountOf, i64>, LoadError> {
        let rows = comments::counts(&self.store, &ids(keys, |k| k.0)).await?;
        Ok(with_zeros(keys, rows.into_iter().map(|(task, n)| (CommentCountOf(task), n))))
    }
}

impl Loader<OpenTaskCountOf> for Batch {
    type Value = i64;
    type Error = LoadError;
    async fn load(&self, keys: &[OpenTaskCountOf]) -> Result<HashMap<OpenTaskCountOf, i64>, LoadError> {
        let rows = projects::open_task_counts(&self.store, &ids(keys, |k| k.0)).await?;
        Ok(with_zeros(keys, rows.into_iter().map(|(project, n)| (OpenTaskCountOf(project), n))))
    }
}

/// One value through the request's loaders (batched with the others of
/// its kind, and cached for the request).
pub(super) async fn load<K, V>(ctx: &Context<'_>, key: K) -> async_graphql::Result<Option<V>>
where
    K: Send + Sync + std::hash::Hash + Eq + Clone + 'static,
    Batch: async_graphql::dataloader::Loader<K, Value = V, Error = LoadError>,
    V: Send + Sync + Clone + 'static,
{
    let loader: &DataLoader<Batch, HashMapCache> = &super::loaders(ctx)?.0;
    loader.load_one(key).await.map_err(|err| async_graphql::ErrorExtensions::extend(err.as_ref()))
}
