//! First-start state: the demo users (passwords generated or fixed, kept in the data dir),
//! the JWT signing secret, instance preferences and the demo catalogue.

mod catalogue;

use std::io::Write;
use std::path::Path;

use rusqlite::Connection;

use crate::auth::{password, tokens::random_token};
use crate::db::Db;
use crate::error::{ApiError, PodError};
use crate::state::PodOptions;
use crate::store::{self, users::NewUser};
use crate::PodConfig;

pub use catalogue::large_catalogue;

const PASSWORDS_FILE: &str = "demo-passwords.txt";

struct DemoUser {
    username: &'static str,
    library: bool,
    moderation: bool,
    settings: bool,
    superuser: bool,
}

const DEMO_USERS: &[DemoUser] = &[
    DemoUser {
        username: "admin",
        library: true,
        moderation: true,
        settings: true,
        superuser: true,
    },
    DemoUser {
        username: "moderator",
        library: false,
        moderation: true,
        settings: false,
        superuser: false,
    },
    DemoUser {
        username: "listener",
        library: false,
        moderation: false,
        settings: false,
        superuser: false,
    },
];

fn api_to_pod(err: ApiError) -> PodError {
    match err {
        ApiError::Internal(message) => PodError::Media(message),
        other => PodError::Media(other.to_string()),
    }
}

/// Seeds an empty data dir and returns the JWT secret; prints the demo passwords.
pub fn ensure(db: &Db, config: &PodConfig, options: &PodOptions) -> Result<Vec<u8>, PodError> {
    let mut conn = db.conn()?;
    let secret = match store::secret(&conn, "jwt").map_err(api_to_pod)? {
        Some(secret) => secret,
        None => {
            let secret = random_token(64);
            store::set_secret(&conn, "jwt", &secret).map_err(api_to_pod)?;
            secret
        }
    };
    let passwords_path = config.data_dir.join(PASSWORDS_FILE);
    if store::users::count(&conn).map_err(api_to_pod)? == 0 {
        let passwords = seed_users(&mut conn, config, options)?;
        write_passwords(&passwords_path, &passwords)?;
        catalogue::seed(&mut conn, config, options.seed_cache.as_deref())?;
    }
    print_passwords(&passwords_path);
    Ok(secret.into_bytes())
}

fn seed_users(
    conn: &mut Connection,
    config: &PodConfig,
    options: &PodOptions,
) -> Result<Vec<(String, String)>, PodError> {
    let mut passwords = Vec::new();
    let tx = conn.transaction()?;
    for demo in DEMO_USERS {
        let password = config
            .demo_password
            .clone()
            .unwrap_or_else(|| random_token(16));
        let hash = password::hash(&password, options.fast_password_hashing)?;
        let email = format!("{}@shoal.invalid", demo.username);
        store::users::insert(
            &tx,
            &NewUser {
                username: demo.username,
                email: &email,
                password_hash: &hash,
                is_staff: demo.superuser,
                is_superuser: demo.superuser,
                perm_library: demo.library,
                perm_moderation: demo.moderation,
                perm_settings: demo.settings,
                is_active: true,
                email_verified: true,
            },
        )
        .map_err(api_to_pod)?;
        passwords.push((demo.username.to_owned(), password));
    }
    tx.commit()?;
    Ok(passwords)
}

fn write_passwords(path: &Path, passwords: &[(String, String)]) -> Result<(), PodError> {
    let io = |source| PodError::Io {
        path: path.to_owned(),
        source,
    };
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path).map_err(io)?;
    for (user, password) in passwords {
        writeln!(file, "{user} {password}").map_err(io)?;
    }
    file.sync_all().map_err(io)
}

/// One line per demo user, every start (the file is the record; changed passwords are not
/// reflected, as the pod never stores plain passwords elsewhere).
fn print_passwords(path: &Path) {
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    for line in text.lines() {
        if let Some((user, password)) = line.split_once(' ') {
            println!("demo user {user} password: {password}");
        }
    }
}
