//! `house …`: issue 46's house words in a history database, for scripts and tests (SPEC §5),
//! through the app's own commands (`wordclub_app::App::call`), so every check, refusal and
//! answer is the app's:
//!
//! - `house our-words --db PATH` → our words (`{"added","blocked","sha256","max_len"}`);
//! - `house add WORD [--block] [--note TEXT] --db PATH` → add a word to our words (or block it
//!   at our table), answering our words;
//! - `house remove WORD --db PATH` → drop a word from them;
//! - `house import-words FILE --db PATH` → merge an exported file (a bad line named, nothing
//!   changed); `house export-words --db PATH` → `{"text","file_name"}`;
//! - `house lists --db PATH` → the word lists of one's own, each with the matches using it;
//! - `house import-list NAME FILE --db PATH` → import one (checked, the first bad line named);
//! - `house remove-list ID --db PATH` → remove one (`own_list_in_use` while a match uses it).
//!
//! A refusal changes nothing and exits 2 with its kind and sentence, as every command does.
use std::path::Path;

use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

use crate::files::{read_text, FileArg};
use crate::{args::Args, error::CliError, CliResult};

const USAGE: &str = "house our-words --db PATH
       house add WORD [--block] [--note TEXT] --db PATH
       house remove WORD --db PATH
       house import-words FILE --db PATH
       house export-words --db PATH
       house lists --db PATH
       house import-list NAME FILE --db PATH
       house remove-list ID --db PATH";

/// An exported "our words" file is a few thousand words at most; a list of one's own is
/// bounded by the lexicon's own cap (checked again there, naming the limit).
const WORDS_FILE: FileArg = FileArg::new("house import-words FILE", "file", 1 << 20);
const LIST_FILE: FileArg = FileArg::new(
    "house import-list FILE",
    "file",
    wordclub_lexicon::OWN_LIST_MAX_BYTES as u64,
);

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &["db", "note"], &["block"])?;
    let Some(sub) = args.positionals.first().map(String::as_str) else {
        return Err(CliError::usage(USAGE));
    };
    let positionals = match sub {
        "our-words" | "export-words" | "lists" => 1,
        "add" | "remove" | "import-words" | "remove-list" => 2,
        "import-list" => 3,
        other => {
            return Err(CliError::usage(format!(
                "unknown house command {other:?}\n{USAGE}"
            )))
        }
    };
    if args.positionals.len() != positionals {
        return Err(CliError::usage(format!(
            "house {sub} takes {} argument{}\n{USAGE}",
            positionals - 1,
            if positionals == 2 { "" } else { "s" }
        )));
    }
    if sub != "add" && (args.switch("block") || args.value("note").is_some()) {
        return Err(CliError::usage(format!(
            "--block and --note are for house add\n{USAGE}"
        )));
    }
    let db = args.required("db")?;
    let at = |i: usize| args.positionals[i].clone();
    let (command, body): (&str, Value) = match sub {
        "our-words" => ("our_words", json!({})),
        "export-words" => ("export_our_words", json!({})),
        "lists" => ("own_lists", json!({})),
        "add" => (
            "add_our_word",
            json!({"word": at(1), "blocked": args.switch("block"), "note": args.value("note")}),
        ),
        "remove" => ("remove_our_word", json!({"word": at(1)})),
        "import-words" => (
            "import_our_words",
            json!({"text": read_text(Path::new(&at(1)), WORDS_FILE)?}),
        ),
        "import-list" => (
            "import_own_list",
            json!({"name": at(1), "text": read_text(Path::new(&at(2)), LIST_FILE)?}),
        ),
        _ => ("remove_own_list", json!({"id": at(1)})),
    };
    let app = App::with_history(Box::new(MemorySettings::default()), Path::new(db))?;
    Ok(app.call(command, body)?)
}
