use std::process::ExitCode;

use clap::Parser;
use gateway::{
    config::{Cli, Command, Config},
    startup::Application,
    telemetry,
};

#[actix_web::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    telemetry::init();
    match cli.command {
        None | Some(Command::Serve) => serve(cli).await,
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
