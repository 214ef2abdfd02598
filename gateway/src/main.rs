use std::process::ExitCode;

use clap::Parser;
use gateway::{
    config::{Cli, Command, Config, PodMode},
    startup::Application,
    telemetry,
};

#[actix_web::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    telemetry::init();
    match cli.command {
        None | Some(Command::Serve) => serve(cli).await,
        Some(Command::Seed { tracks }) => seed(cli, tracks).await,
    }
}

/// Fills the embedded pod's data directory with `tracks` generated tracks, then exits.
async fn seed(cli: Cli, tracks: usize) -> ExitCode {
    let config = match Config::from_args(cli.serve, std::env::vars_os()) {
        Ok(config) => config,
        Err(err) => {
            eprintln!("shoal: {err}");
            return ExitCode::from(2);
        }
    };
    let PodMode::Embedded {
        data_dir,
        demo_password,
        ..
    } = config.pod
    else {
        eprintln!("shoal: seed fills the embedded pod; it cannot be used with --pod");
        return ExitCode::from(2);
    };
    let public_url = config
        .public_url
        .map(|url| url.as_str().trim_end_matches('/').to_owned())
        .unwrap_or_else(|| format!("http://{}", config.listen));
    let pod_config = pod::PodConfig {
        data_dir,
        demo_password,
        public_url,
    };
    let started = std::time::Instant::now();
    match pod::seed_large_catalogue(&pod_config, tracks).await {
        Ok(()) => {
            println!(
                "added {tracks} tracks to {} in {:.1} s",
                pod_config.data_dir.display(),
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("shoal: {err}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(cli: Cli) -> ExitCode {
    let config = match Config::from_args(cli.serve, std::env::vars_os()) {
        Ok(config) => config,
        Err(err) => {
            eprintln!("shoal: {err}");
            return ExitCode::from(2);
        }
    };
    let app = match Application::build(config).await {
        Ok(app) => app,
        Err(err) => {
            eprintln!("shoal: {err}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "Shoal is listening on http://{}/ (public URL {}, API answered by {})",
        app.local_addr(),
        app.public_url(),
        app.upstream()
    );
    match app.run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("shoal: {err}");
            ExitCode::FAILURE
        }
    }
}
