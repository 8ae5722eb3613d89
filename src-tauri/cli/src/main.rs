//! `wordclub-cli`: Word Club's headless command-line tool. Every subcommand prints one JSON
//! document on stdout. Bad input exits with status 2 and prints
//! `{"error":{"kind":"…","message":"…"}}`.
//!
//! Each subcommand lives in its own module under `commands/`; `main` only dispatches.

mod args;
mod commands;
mod error;

use error::CliError;

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match commands::dispatch(&argv) {
        Ok(json) => println!("{json}"),
        Err(e) => {
            println!("{}", e.to_json());
            std::process::exit(2);
        }
    }
}

pub(crate) type CliResult = Result<serde_json::Value, CliError>;
