//! `words [--list ID | --list-file PATH] --rack RACK [--manners polite|any]`: every word
//! spellable from the rack (`?` is a blank), longest first, each with the letters its blanks
//! stand for. `--manners polite` leaves out the kept offensive words, exactly as "Words from
//! rack" and the hints do; the default `any` lists every word.
use super::lists::{chosen_list, manners_name, manners_option, LIST_OPTIONS};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;
use wordclub_movegen::Manners;

const USAGE: &str = "words [--list ID | --list-file PATH] --rack RACK [--manners polite|any]";

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &[LIST_OPTIONS[0], LIST_OPTIONS[1], "rack", "manners"],
        &[],
    )?;
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}: {USAGE}"
        )));
    }
    let manners = manners_option(&args, Manners::AnyWord, USAGE)?;
    let rack = args.required("rack")?;
    let list = chosen_list(&args)?;
    let mut words = list.rack_words(rack)?;
    if manners == Manners::Polite {
        words.retain(|w| !wordclub_lexicon::is_offensive(w.word.as_bytes()));
    }
    Ok(json!({ "list": list.id(), "manners": manners_name(manners), "words": words }))
}
