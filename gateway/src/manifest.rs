//! The remotes manifest (`/remotes.json`): which micro-frontend owns which routes, and where its
//! `remoteEntry.js` lives. The host reads it at run time, so moving a remote to another origin is
//! a matter of configuration (`--remote manage=https://cdn.example/apps/manage/`), not a rebuild.

use std::{collections::BTreeMap, fmt, str::FromStr};

use serde::Serialize;
use url::Url;

use crate::error::ConfigError;

/// The four micro-frontends the host knows about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RemoteName {
    Listen,
    Content,
    Settings,
    Manage,
}

impl RemoteName {
    pub const ALL: [RemoteName; 4] = [
        RemoteName::Listen,
        RemoteName::Content,
        RemoteName::Settings,
        RemoteName::Manage,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Listen => "listen",
            Self::Content => "content",
            Self::Settings => "settings",
            Self::Manage => "manage",
        }
    }

    fn known() -> String {
        Self::ALL.map(Self::as_str).join(", ")
    }

    /// Parses a remote's name as the user wrote it; `source_hint` says where, for the message.
    pub fn parse(name: &str, source_hint: &str) -> Result<Self, ConfigError> {
        name.parse().map_err(|()| ConfigError::UnknownRemote {
            name: name.to_owned(),
            source_hint: source_hint.to_owned(),
            known: Self::known(),
        })
    }
}

impl FromStr for RemoteName {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|name| name.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or(())
    }
}

impl fmt::Display for RemoteName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The permission a route needs before the host even downloads the remote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Requires {
    Login,
    Settings,
    Library,
    Moderation,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct RemoteRoute {
    pub path: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requires: Option<Requires>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct RemoteEntry {
    pub name: &'static str,
    pub entry: String,
    pub routes: Vec<RemoteRoute>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Manifest {
    pub remotes: Vec<RemoteEntry>,
}

/// Where the remotes moved away from the gateway live: the URL of each one's `remoteEntry.js`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RemoteOverrides(BTreeMap<RemoteName, Url>);

impl RemoteOverrides {
    /// Reads one `NAME=URL` (from `--remote` or, with the name already split off, an env var).
    /// A URL ending in `.js` is the entry itself; otherwise it is the folder that holds
    /// `remoteEntry.js`, as a remote's build output is published whole.
    pub fn insert_spec(&mut self, spec: &str, source_hint: &str) -> Result<(), ConfigError> {
        let (name, url) = spec
            .split_once('=')
            .ok_or_else(|| ConfigError::RemoteSpec {
                spec: spec.to_owned(),
                source_hint: source_hint.to_owned(),
            })?;
        self.insert(name, url, source_hint)
    }

    pub fn insert(&mut self, name: &str, url: &str, source_hint: &str) -> Result<(), ConfigError> {
        let name = RemoteName::parse(name, source_hint)?;
        let entry = entry_url(url.trim())?;
        self.0.insert(name, entry);
        Ok(())
    }

    pub fn get(&self, name: RemoteName) -> Option<&Url> {
        self.0.get(&name)
    }

    /// The origins scripts are loaded from besides the gateway's own, for the CSP.
    pub fn origins(&self) -> Vec<String> {
        let mut origins: Vec<String> = self
            .0
            .values()
            .map(|url| url.origin().ascii_serialization())
            .collect();
        origins.sort();
        origins.dedup();
        origins
    }
}

fn entry_url(raw: &str) -> Result<Url, ConfigError> {
    let invalid = |reason: &str| ConfigError::InvalidUrl {
        what: "remote",
        value: raw.to_owned(),
        reason: reason.to_owned(),
    };
    let mut url = Url::parse(raw).map_err(|e| invalid(&e.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid("only http and https URLs can serve a remote"));
    }
    if url.host_str().is_none() {
        return Err(invalid("the URL has no host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(invalid(
            "credentials in the URL would be sent to every browser",
        ));
    }
    if url.path().ends_with(".js") {
        return Ok(url);
    }
    if !url.path().ends_with('/') {
        let folder = format!("{}/", url.path());
        url.set_path(&folder);
    }
    url.join("remoteEntry.js")
        .map_err(|e| invalid(&e.to_string()))
}

fn route(path: &'static str, requires: Option<Requires>) -> RemoteRoute {
    RemoteRoute { path, requires }
}

fn routes_of(name: RemoteName) -> Vec<RemoteRoute> {
    use Requires::*;
    match name {
        RemoteName::Listen => vec![
            route("/library", None),
            route("/search", None),
            route("/favorites", Some(Login)),
            route("/subscriptions", None),
            route("/channels", None),
            route("/@*", None),
        ],
        RemoteName::Content => vec![route("/content", None), route("/upload", None)],
        RemoteName::Settings => vec![route("/settings", None)],
        // Most specific first: the host matches the first prefix that fits.
        RemoteName::Manage => vec![
            route("/manage/settings", Some(Settings)),
            route("/manage/users", Some(Settings)),
            route("/manage/library", Some(Library)),
            route("/manage/moderation", Some(Moderation)),
            route("/manage", None),
        ],
    }
}

impl Manifest {
    pub fn new(overrides: &RemoteOverrides) -> Self {
        let remotes = RemoteName::ALL
            .into_iter()
            .map(|name| RemoteEntry {
                name: name.as_str(),
                entry: overrides
                    .get(name)
                    .map(Url::to_string)
                    .unwrap_or_else(|| format!("/apps/{name}/remoteEntry.js")),
                routes: routes_of(name),
            })
            .collect();
        Self { remotes }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn folder_urls_get_the_entry_file_appended() {
        let mut o = RemoteOverrides::default();
        o.insert_spec("manage=https://cdn.example/apps/manage", "--remote")
            .unwrap();
        assert_eq!(
            o.get(RemoteName::Manage).unwrap().as_str(),
            "https://cdn.example/apps/manage/remoteEntry.js"
        );
        o.insert_spec("LISTEN=https://cdn.example:8443/x/entry.js", "--remote")
            .unwrap();
        assert_eq!(
            o.get(RemoteName::Listen).unwrap().as_str(),
            "https://cdn.example:8443/x/entry.js"
        );
        assert_eq!(
            o.origins(),
            vec!["https://cdn.example", "https://cdn.example:8443"]
        );
    }

    #[test]
    fn bad_specs_are_errors() {
        let mut o = RemoteOverrides::default();
        assert!(matches!(
            o.insert_spec("player=https://x.example/", "--remote"),
            Err(ConfigError::UnknownRemote { .. })
        ));
        assert!(matches!(
            o.insert_spec("manage", "--remote"),
            Err(ConfigError::RemoteSpec { .. })
        ));
        assert!(o.insert_spec("manage=/apps/x/", "--remote").is_err());
        assert!(o
            .insert_spec("manage=javascript:alert(1)", "--remote")
            .is_err());
        assert!(o
            .insert_spec("manage=https://u:p@cdn.example/", "--remote")
            .is_err());
    }

    #[test]
    fn manifest_omits_absent_requirements() {
        let json = serde_json::to_value(Manifest::new(&RemoteOverrides::default())).unwrap();
        assert_eq!(
            json["remotes"][0]["routes"][0],
            serde_json::json!({"path": "/library"})
        );
        assert_eq!(
            json["remotes"][0]["routes"][2],
            serde_json::json!({"path": "/favorites", "requires": "login"})
        );
    }
}
