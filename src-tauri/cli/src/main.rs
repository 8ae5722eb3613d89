//! `wordclub-cli`: Word Club's headless command-line tool. Every subcommand prints one JSON
//! document on stdout. Bad input exits with status 2 and prints
//! `{"error":{"kind":"…","message":"…"}}`.
//!
//! Each subcommand lives in its own module under `commands/`; `main` only dispatches.

mod args;
mod commands;
mod error;

use std::io::Write;

use error::CliError;

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let (document, status) = match commands::dispatch(&argv) {
        Ok(json) => (json, 0),
        Err(e) => (e.to_json(), 2),
    };
    // A reader that stops early (`| head`) closes the pipe: that is not an error worth a panic.
    let mut out = std::io::stdout().lock();
    // Null: the subcommand printed a summary for people itself (`lab` without `--json`).
    if !document.is_null() {
        let _ = writeln!(out, "{document}").and_then(|()| out.flush());
    }
    std::process::exit(status);
}

pub(crate) type CliResult = Result<serde_json::Value, CliError>;
