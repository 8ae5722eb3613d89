//! `wordclub-cli`: Word Club's headless command-line tool. Every subcommand prints one JSON
//! document on stdout. Bad input exits with status 2 and prints
//! `{"error":{"kind":"…","message":"…"}}`.
//!
//! Each subcommand lives in its own module under `commands/`; `main` only dispatches.

mod args;
mod commands;
mod error;
mod files;
mod graphs;

use std::io::Write;

use error::CliError;

fn main() {
    graphs::use_data_folder();
    let (document, status) = match utf8_args().and_then(|argv| commands::dispatch(&argv)) {
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

/// The arguments as text; one that is not UTF-8 is a usage error (`std::env::args` would
/// panic on it).
fn utf8_args() -> Result<Vec<String>, CliError> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|raw| {
                CliError::usage(format!(
                    "argument {} ({}) is not UTF-8 text",
                    i + 1,
                    raw.to_string_lossy()
                ))
            })
        })
        .collect()
}

pub(crate) type CliResult = Result<serde_json::Value, CliError>;
