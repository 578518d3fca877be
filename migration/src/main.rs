//! Applies the migrations to `DATABASE_URL` (or the first argument) and exits.
//! The `tasklens migrate` command does the same with tasklens' pool settings.

use sea_orm_migration::{MigratorTrait, sea_orm::Database};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("DATABASE_URL").ok())
        .ok_or("usage: migration <database-url> (or set DATABASE_URL)")?;
    let db = Database::connect(&url).await?;
    migration::Migrator::up(&db, None).await?;
    println!("migrations applied");
    Ok(())
}
