//! The command line (clap) and the validated configuration the gateway starts from.
//!
//! The CLI is parsed into [`Cli`], then turned into a [`Config`] that can only hold usable values
//! (parsed URLs, known remote names), so the rest of the crate never re-checks its input.

use std::{
    ffi::OsString,
    path::{Path, PathBuf},
    time::Duration,
};

use clap::{Args, Parser, Subcommand};
use url::Url;

use crate::{error::ConfigError, manifest::RemoteOverrides};

/// Prefix of the environment variables that move a remote: `SHOAL_REMOTE_MANAGE=https://…`.
pub const REMOTE_ENV_PREFIX: &str = "SHOAL_REMOTE_";

#[derive(Debug, Parser)]
#[command(
    name = "shoal",
    version,
    about = "Shoal: a web client for Funkwhale pods. Serves the front ends and proxies (or embeds) the pod."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub serve: ServeArgs,
}

/// What to do. Without a command, `serve`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the gateway (the default).
    Serve,
    /// Add a large generated catalogue to the embedded pod's data directory (for benchmarks).
    Seed {
        /// How many tracks to add (with their albums and artists).
        #[arg(long, default_value_t = 100_000)]
        tracks: usize,
    },
}

/// Options of the gateway; global so that later subcommands share them (e.g. `--data`).
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(
        long,
        env = "SHOAL_LISTEN",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub listen: String,

    /// URL of a Funkwhale pod to proxy to. Without it, the embedded pod answers in-process.
    #[arg(long, env = "SHOAL_POD", global = true)]
    pub pod: Option<String>,

    /// Data directory of the embedded pod.
    #[arg(long, env = "SHOAL_DATA", default_value = "./data", global = true)]
    pub data: PathBuf,

    /// Move a micro-frontend elsewhere: NAME=URL (repeatable; also SHOAL_REMOTE_<NAME>=URL).
    #[arg(long = "remote", value_name = "NAME=URL", global = true)]
    pub remotes: Vec<String>,

    /// Folder of the built front ends (default: ./dist/web, then next to the executable).
    #[arg(long, env = "SHOAL_WEB", global = true)]
    pub web: Option<PathBuf>,

    /// The URL browsers reach this gateway at (default: http://<listen address>).
    #[arg(long, env = "SHOAL_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// Password of the embedded pod's demo accounts (generated when absent).
    #[arg(
        long,
        env = "SHOAL_DEMO_PASSWORD",
        hide_env_values = true,
        global = true
    )]
    pub demo_password: Option<String>,

    /// Lifetime in seconds of the embedded pod's OAuth access tokens (default 36000, as a real
    /// pod). Shortened by tests that watch an expired token being refreshed.
    #[arg(long, env = "SHOAL_ACCESS_TOKEN_LIFETIME", global = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub access_token_lifetime: Option<u64>,

    /// Requests per minute the embedded pod allows each caller (anonymous callers by address,
    /// signed-in ones by credential) before answering 429. Default: 3000 anonymous, 10000
    /// signed in. Benchmarks raise it; the limiter counts per gateway process.
    #[arg(long, env = "SHOAL_RATE_LIMIT", global = true, value_parser = clap::value_parser!(u32).range(1..))]
    pub rate_limit: Option<u32>,

    /// The server folder the embedded pod's owners may import music from ("import from a
    /// server folder"); default `<data>/music-import`, created at start.
    #[arg(long, env = "SHOAL_MUSIC_DIR", global = true)]
    pub music_dir: Option<PathBuf>,

    /// Seconds to wait for the pod's answer to begin once the request is sent.
    #[arg(long, env = "SHOAL_POD_TIMEOUT", default_value_t = 60, global = true)]
    pub pod_timeout: u64,
}

/// Where `/api/…` and friends are answered.
#[derive(Debug, Clone)]
pub enum PodMode {
    /// The pod crate, in this process, on this port.
    Embedded {
        data_dir: PathBuf,
        demo_password: Option<String>,
        /// `--access-token-lifetime`; the pod's default when absent.
        access_token_lifetime: Option<Duration>,
        /// `--rate-limit` (requests per minute for every caller); the pod's defaults when absent.
        rate_limit: Option<u32>,
        /// `--music-dir`; `<data>/music-import` when absent.
        music_dir: Option<PathBuf>,
    },
    /// A pod elsewhere, reached through the reverse proxy.
    Remote { url: PodUrl, timeout: Duration },
}

/// The base URL of an upstream pod: http(s), no query, no fragment, kept without a trailing
/// slash so that request paths (`/api/…`) can be appended as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodUrl(Url);

impl PodUrl {
    pub fn parse(raw: &str) -> Result<Self, ConfigError> {
        let invalid = |reason: &str| ConfigError::InvalidUrl {
            what: "--pod",
            value: raw.to_owned(),
            reason: reason.to_owned(),
        };
        let url = Url::parse(raw.trim()).map_err(|e| invalid(&e.to_string()))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(invalid("the pod must be an http or https URL"));
        }
        if url.host_str().is_none() {
            return Err(invalid("the URL has no host"));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(invalid("the pod URL cannot have a query or a fragment"));
        }
        Ok(Self(url))
    }

    pub fn url(&self) -> &Url {
        &self.0
    }

    /// The base as text, without its trailing slash (`https://pod.example/sub`).
    pub fn base(&self) -> &str {
        self.0.as_str().trim_end_matches('/')
    }
}

impl std::fmt::Display for PodUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.base())
    }
}

/// A validated gateway configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub listen: String,
    pub pod: PodMode,
    /// The folder of built front ends, when one was found.
    pub web_dir: Option<PathBuf>,
    /// Explicit public URL; otherwise derived from the bound address at start.
    pub public_url: Option<Url>,
    pub remotes: RemoteOverrides,
}

impl Config {
    /// A configuration for tests and embedding: listen address and pod mode, nothing else.
    pub fn new(listen: impl Into<String>, pod: PodMode) -> Self {
        Self {
            listen: listen.into(),
            pod,
            web_dir: None,
            public_url: None,
            remotes: RemoteOverrides::default(),
        }
    }

    /// Builds the configuration from parsed arguments and the process environment.
    pub fn from_args(
        args: ServeArgs,
        env: impl IntoIterator<Item = (OsString, OsString)>,
    ) -> Result<Self, ConfigError> {
        let pod = match args.pod.as_deref().map(str::trim) {
            Some(url) if !url.is_empty() => {
                if args.pod_timeout == 0 {
                    return Err(ConfigError::PodTimeout);
                }
                PodMode::Remote {
                    url: PodUrl::parse(url)?,
                    timeout: Duration::from_secs(args.pod_timeout),
                }
            }
            _ => PodMode::Embedded {
                data_dir: args.data,
                demo_password: args.demo_password.filter(|p| !p.is_empty()),
                access_token_lifetime: args.access_token_lifetime.map(Duration::from_secs),
                rate_limit: args.rate_limit,
                music_dir: args.music_dir,
            },
        };

        let mut remotes = RemoteOverrides::default();
        // Environment first, so that a command-line flag wins over a variable for the same remote.
        for (key, value) in env {
            let (Some(key), Some(value)) = (key.to_str(), value.to_str()) else {
                continue;
            };
            if let Some(name) = key.strip_prefix(REMOTE_ENV_PREFIX) {
                remotes.insert(name, value, key)?;
            }
        }
        for spec in &args.remotes {
            remotes.insert_spec(spec, "--remote")?;
        }

        let public_url = args
            .public_url
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty())
            .map(parse_public_url)
            .transpose()?;

        let web_dir = match args.web {
            Some(dir) => Some(dir),
            None => default_web_dir(
                std::env::current_dir().ok().as_deref(),
                std::env::current_exe().ok().as_deref(),
            ),
        };

        Ok(Self {
            listen: args.listen,
            pod,
            web_dir,
            public_url,
            remotes,
        })
    }
}

fn parse_public_url(raw: &str) -> Result<Url, ConfigError> {
    let invalid = |reason: &str| ConfigError::InvalidUrl {
        what: "--public-url",
        value: raw.to_owned(),
        reason: reason.to_owned(),
    };
    let mut url = Url::parse(raw).map_err(|e| invalid(&e.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(invalid("it must be an http or https URL with a host"));
    }
    if !url.path().ends_with('/') {
        let path = format!("{}/", url.path());
        url.set_path(&path);
    }
    Ok(url)
}

/// The first folder of built front ends that exists: `./dist/web` (started from the repository
/// root), `<exe>/../../dist/web` (`target/release/shoal`), then `<exe dir>/web` (a deployment
/// that ships the binary beside its folder).
pub fn default_web_dir(cwd: Option<&Path>, exe: Option<&Path>) -> Option<PathBuf> {
    let exe_dir = exe.and_then(Path::parent);
    let candidates = [
        cwd.map(|d| d.join("dist").join("web")),
        exe_dir.map(|d| d.join("..").join("..").join("dist").join("web")),
        exe_dir.map(|d| d.join("web")),
    ];
    candidates.into_iter().flatten().find(|p| p.is_dir())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn parse(args: &[&str]) -> ServeArgs {
        let mut argv = vec!["shoal"];
        argv.extend_from_slice(args);
        Cli::try_parse_from(argv).unwrap().serve
    }

    #[test]
    fn pod_flag_selects_the_proxy() {
        let config = Config::from_args(
            parse(&["--pod", "https://pod.example/", "--pod-timeout", "5"]),
            [],
        )
        .unwrap();
        match config.pod {
            PodMode::Remote { url, timeout } => {
                assert_eq!(url.base(), "https://pod.example");
                assert_eq!(timeout, Duration::from_secs(5));
            }
            PodMode::Embedded { .. } => panic!("expected the proxy"),
        }
    }

    #[test]
    fn access_token_lifetime_reaches_the_embedded_pod() {
        let config = Config::from_args(parse(&["--access-token-lifetime", "5"]), []).unwrap();
        match config.pod {
            PodMode::Embedded {
                access_token_lifetime,
                ..
            } => assert_eq!(access_token_lifetime, Some(Duration::from_secs(5))),
            PodMode::Remote { .. } => panic!("expected the embedded pod"),
        }
        let default = Config::from_args(parse(&[]), []).unwrap();
        assert!(matches!(
            default.pod,
            PodMode::Embedded {
                access_token_lifetime: None,
                rate_limit: None,
                ..
            }
        ));
        let limited = Config::from_args(parse(&["--rate-limit", "100000"]), []).unwrap();
        assert!(matches!(
            limited.pod,
            PodMode::Embedded {
                rate_limit: Some(100_000),
                ..
            }
        ));
        let music = Config::from_args(parse(&["--music-dir", "/srv/music"]), []).unwrap();
        assert!(matches!(
            music.pod,
            PodMode::Embedded { music_dir: Some(ref dir), .. } if dir == Path::new("/srv/music")
        ));
        // Zero would make every token expired at birth: refused at parse time.
        assert!(Cli::try_parse_from(["shoal", "--access-token-lifetime", "0"]).is_err());
    }

    #[test]
    fn flag_wins_over_environment_for_remotes() {
        let env = [(
            OsString::from("SHOAL_REMOTE_MANAGE"),
            OsString::from("https://env.example/"),
        )];
        let config =
            Config::from_args(parse(&["--remote", "manage=https://flag.example/m/"]), env).unwrap();
        assert_eq!(
            config
                .remotes
                .get(crate::manifest::RemoteName::Manage)
                .unwrap()
                .as_str(),
            "https://flag.example/m/remoteEntry.js"
        );
    }

    #[test]
    fn unknown_remote_in_environment_is_an_error() {
        let env = [(
            OsString::from("SHOAL_REMOTE_PLAYER"),
            OsString::from("https://env.example/"),
        )];
        let err = Config::from_args(parse(&[]), env).unwrap_err();
        assert!(err.to_string().contains("SHOAL_REMOTE_PLAYER"), "{err}");
    }

    #[test]
    fn subcommand_takes_the_global_options() {
        let cli = Cli::try_parse_from(["shoal", "serve", "--listen", "127.0.0.1:0"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Serve)));
        assert_eq!(cli.serve.listen, "127.0.0.1:0");
    }

    #[test]
    fn bad_pod_urls_are_rejected() {
        assert!(PodUrl::parse("ftp://pod.example").is_err());
        assert!(PodUrl::parse("pod.example").is_err());
        assert!(PodUrl::parse("https://pod.example/?x=1").is_err());
    }

    #[test]
    fn public_url_gets_a_trailing_slash() {
        assert_eq!(
            parse_public_url("https://shoal.example/sub")
                .unwrap()
                .as_str(),
            "https://shoal.example/sub/"
        );
    }
}
