use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;
use std::ops::Deref;
use std::path::Path;
use wordclub_lexicon::WordList;
use wordclub_movegen::Manners;

/// The list every subcommand uses when given neither `--list` nor `--list-file`.
pub const DEFAULT_LIST: &str = "wordclub";

/// The options that pick a word list; every subcommand that takes a list accepts both.
pub const LIST_OPTIONS: [&str; 2] = ["list", "list-file"];

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &[], &[])?;
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}: lists takes none"
        )));
    }
    let lists: Vec<_> = WordList::builtins().iter().map(|l| l.info()).collect();
    Ok(json!({ "lists": lists }))
}

/// A list chosen on the command line: a shipped one, or one read from a file.
pub enum ChosenList {
    Builtin(&'static WordList),
    File(Box<WordList>),
}

impl Deref for ChosenList {
    type Target = WordList;
    fn deref(&self) -> &WordList {
        match self {
            ChosenList::Builtin(list) => list,
            ChosenList::File(list) => list,
        }
    }
}

/// `--list ID` (a shipped list) or `--list-file PATH` (one word a line), not both; the
/// default list when neither is given.
pub fn chosen_list(args: &Args) -> Result<ChosenList, CliError> {
    match (args.value("list"), args.value("list-file")) {
        (Some(_), Some(_)) => Err(CliError::usage(
            "give --list ID or --list-file PATH, not both",
        )),
        (None, Some(path)) => {
            let path = Path::new(path);
            let bytes = crate::files::read_bytes(path, crate::files::LIST_FILE)?;
            Ok(ChosenList::File(Box::new(WordList::from_bytes(
                path, bytes,
            )?)))
        }
        (id, None) => Ok(ChosenList::Builtin(WordList::builtin(
            id.unwrap_or(DEFAULT_LIST),
        )?)),
    }
}

/// `--manners polite|any` (default `default`): `polite` offers exactly what the computer
/// players and the hints may offer (no word of the kept offensive list, manners version
/// [`wordclub_lexicon::MANNERS_VERSION`]); `any` every word of the list.
pub fn manners_option(args: &Args, default: Manners, usage: &str) -> Result<Manners, CliError> {
    match args.value("manners") {
        None => Ok(default),
        Some("polite") => Ok(Manners::Polite),
        Some("any") => Ok(Manners::AnyWord),
        Some(other) => Err(CliError::usage(format!(
            "--manners is polite or any, not {other:?}: {usage}"
        ))),
    }
}

/// How a [`Manners`] is named on the command line and in the JSON the commands print.
pub fn manners_name(manners: Manners) -> &'static str {
    match manners {
        Manners::Polite => "polite",
        Manners::AnyWord => "any",
    }
}
