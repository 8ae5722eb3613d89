//! `check [--list ID | --list-file PATH] WORD…`: is each word in the list?
//! A word that is not made of the letters A-Z (`cats'`, `e-mail`) is an error naming the word
//! and the character, not a "no": the list cannot hold it at all.
use super::lists::{chosen_list, LIST_OPTIONS};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &LIST_OPTIONS, &[])?;
    if args.positionals.is_empty() {
        return Err(CliError::usage(
            "check needs at least one word: check [--list ID | --list-file PATH] WORD…",
        ));
    }
    let list = chosen_list(&args)?;
    let results = args
        .positionals
        .iter()
        .map(|word| Ok(json!({ "word": word, "valid": list.check(word)? })))
        .collect::<Result<Vec<_>, CliError>>()?;
    Ok(json!({ "list": list.id(), "results": results }))
}
