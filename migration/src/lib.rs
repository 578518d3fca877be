//! Migrations of the tasklens schema; identical on SQLite and PostgreSQL.
//!
//! Each keyset order of `store/` has an index here whose columns follow the
//! order's sort key and end with `id`, so a page at any depth is an index
//! range scan.

pub use sea_orm_migration::prelude::*;

mod m20261129_000001_create_tables;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![Box::new(m20261129_000001_create_tables::Migration)]
    }
}
