//! SQLite access: a small connection pool, versioned migrations, and the bridge that keeps
//! blocking SQLite calls off the actix workers.

use std::path::Path;
use std::time::Duration;

use r2d2::Pool;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::Connection;

use crate::error::{ApiError, PodError};

/// Ordered migrations; the index + 1 is the schema version stored in `PRAGMA user_version`.
const MIGRATIONS: &[&str] = &[
    include_str!("../migrations/0001_init.sql"),
    include_str!("../migrations/0002_listening.sql"),
    include_str!("../migrations/0003_track_search.sql"),
    include_str!("../migrations/0004_content.sql"),
    include_str!("../migrations/0005_fetches.sql"),
    include_str!("../migrations/0006_visibility_index.sql"),
    include_str!("../migrations/0007_fs_import.sql"),
    include_str!("../migrations/0008_external_channels.sql"),
    include_str!("../migrations/0009_track_search_generation.sql"),
    include_str!("../migrations/0010_rss_refresh.sql"),
];

#[derive(Clone, Debug)]
pub struct Db {
    pool: Pool<SqliteConnectionManager>,
}

/// Prepared statements kept per connection: a catalogue list runs about ten (count, page,
/// uploads, tags, covers, albums…), and re-preparing the large visibility queries on every
/// request cost more than running them.
const STATEMENT_CACHE: usize = 64;

fn init_connection(conn: &mut Connection) -> Result<(), rusqlite::Error> {
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    // WAL: readers never block the writer; synchronous=FULL: an acknowledged commit survives
    // a crash or power loss.
    conn.execute_batch(
        "PRAGMA journal_mode = WAL;
         PRAGMA synchronous = FULL;
         PRAGMA foreign_keys = ON;
         PRAGMA busy_timeout = 5000;",
    )
}

impl Db {
    pub fn open(path: &Path) -> Result<Self, PodError> {
        let manager = SqliteConnectionManager::file(path).with_init(init_connection);
        let pool = Pool::builder()
            .max_size(8)
            // Connections open when load asks for them, not all at start: each one holds its own
            // parsed schema and page cache, and an idle pod should stay small.
            .min_idle(Some(1))
            .connection_timeout(Duration::from_secs(10))
            .build(manager)?;
        let db = Self { pool };
        let mut conn = db.pool.get()?;
        migrate(&mut conn)?;
        Ok(db)
    }

    pub fn conn(&self) -> Result<r2d2::PooledConnection<SqliteConnectionManager>, PodError> {
        Ok(self.pool.get()?)
    }

    /// Runs `f` with a pooled connection on the blocking thread pool.
    pub async fn run<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, ApiError> + Send + 'static,
    {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = pool.get()?;
            f(&mut conn)
        })
        .await
        .map_err(ApiError::internal)?
    }
}

fn migrate(conn: &mut Connection) -> Result<(), PodError> {
    let current: i64 = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    for (index, sql) in MIGRATIONS.iter().enumerate() {
        let version = i64::try_from(index).unwrap_or(i64::MAX) + 1;
        if version <= current {
            continue;
        }
        let tx = conn.transaction()?;
        tx.execute_batch(sql)
            .and_then(|()| tx.execute_batch(&format!("PRAGMA user_version = {version}")))
            .map_err(|source| PodError::Migration { version, source })?;
        tx.commit()?;
        tracing::info!(version, "applied pod database migration");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_apply_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pod.sqlite3");
        let db = Db::open(&path).unwrap();
        let version: i64 = db
            .conn()
            .unwrap()
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATIONS.len() as i64);
        drop(db);
        // Re-opening must not try to re-create the tables.
        let again = Db::open(&path).unwrap();
        let mode: String = again
            .conn()
            .unwrap()
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
    }
}
