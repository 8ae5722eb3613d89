//! `define [--list ID | --list-file PATH] [--manners polite|any] WORD…`: what each word means
//! (offline: WordNet 3.0 compiled at build time, the project's glosses of the twos). Only the
//! list decides validity: a word it does not hold gets no meaning, one it holds but nothing
//! defines says "In the list — no definition shipped" and why it is valid. Polite manners (the
//! default, as in the app) label slurs and vulgar senses instead of glossing them.
use super::lists::{chosen_list, manners_name, manners_option};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;
use wordclub_movegen::Manners;

const USAGE: &str = "define [--list ID | --list-file PATH] [--manners polite|any] WORD…";

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &["list", "list-file", "manners"], &[])?;
    if args.positionals.is_empty() {
        return Err(CliError::usage(format!(
            "define needs at least one word: {USAGE}"
        )));
    }
    let manners = manners_option(&args, Manners::Polite, USAGE)?;
    let list = chosen_list(&args)?;
    let results = args
        .positionals
        .iter()
        .map(|word| {
            let d = wordclub_definitions::define(word, &list, manners == Manners::Polite)?;
            Ok(serde_json::to_value(d).expect("a definition serialises"))
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    Ok(json!({
        "list": list.id(),
        "manners": manners_name(manners),
        "source": "WordNet 3.0 (Princeton University, Debian wordnet-base) and Word Club's own glosses of the words it lacks (the twos, function words)",
        "results": results,
    }))
}
