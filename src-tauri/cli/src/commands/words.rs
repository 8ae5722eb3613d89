//! `words [--list ID | --list-file PATH] --rack RACK`: every word spellable from the rack
//! (`?` is a blank), longest first, each with the letters its blanks stand for.
use super::lists::{chosen_list, LIST_OPTIONS};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &[LIST_OPTIONS[0], LIST_OPTIONS[1], "rack"], &[])?;
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}: words [--list ID | --list-file PATH] --rack RACK"
        )));
    }
    let rack = args.required("rack")?;
    let list = chosen_list(&args)?;
    let words = list.rack_words(rack)?;
    Ok(json!({ "list": list.id(), "words": words }))
}
