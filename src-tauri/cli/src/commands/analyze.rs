//! `analyze …`: the post-game analysis.
//!
//! - `analyze ID --db PATH` → the analysis of a finished match in the history, as JSON (kept
//!   in the history the first time, read back after). An unfinished match is refused
//!   (`match_in_progress`).
//! - `analyze --all --db PATH` → analyses every finished match that lacks this analyser
//!   version's analysis, one progress line per match on stderr
//!   (`{"progress":{"done":3,"total":10,"match_id":7}}`), then `{"analysed","failed","total"}`.
//! - `analyze --gcg FILE --rules ID --list ID` → the analysis of a GCG record (two to four players) from
//!   elsewhere (Quackle, Woogles, a Word Club export), so the analyser can be checked
//!   against other tools. Nothing is stored.
use std::io::Write;

use serde_json::json;
use wordclub_app::analysis::get_or_make;
use wordclub_app::AppError;
use wordclub_engine::{ListRef, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::analysis::{gcg::positions_of_gcg, Analyser, ANALYSER_VERSION};
use wordclub_store::{Store, StoreError};

use crate::{args::Args, error::CliError, CliResult};

const USAGE: &str = "analyze ID --db PATH
       analyze --all --db PATH
       analyze --gcg FILE --rules ID [--list ID]";

fn app_error(e: wordclub_app::AppError) -> CliError {
    CliError::from(e)
}

fn json_of<T: serde::Serialize>(value: &T) -> CliResult {
    serde_json::to_value(value).map_err(|e| CliError::new("internal", e.to_string()))
}

/// The history at `path` to analyse in (analyses are kept in it). A path with no history is
/// refused (`no_history`), as every other command that reads one does: a typo must not
/// create a folder and an empty history.
fn open(path: &str) -> Result<Store, CliError> {
    if !std::path::Path::new(path).exists() {
        return Err(StoreError::NoHistory {
            path: path.to_string(),
        }
        .into());
    }
    let store = Store::open(path).map_err(CliError::from)?;
    if let Some(moved) = store.moved_aside() {
        eprintln!("{moved}");
    }
    Ok(store)
}

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &["db", "gcg", "rules", "list"], &["all"])?;
    if let Some(file) = args.value("gcg") {
        if args.value("db").is_some() || args.switch("all") || !args.positionals.is_empty() {
            return Err(CliError::usage(format!(
                "--gcg analyses a record file: no match id, --db or --all\n{USAGE}"
            )));
        }
        return gcg(file, args.required("rules")?, args.value("list"));
    }
    if args.value("rules").is_some() || args.value("list").is_some() {
        return Err(CliError::usage(format!(
            "--rules and --list are for --gcg\n{USAGE}"
        )));
    }
    let db = args.required("db")?;
    if args.switch("all") {
        if let Some(extra) = args.positionals.first() {
            return Err(CliError::usage(format!(
                "--all takes no match id ({extra:?})\n{USAGE}"
            )));
        }
        return all(db);
    }
    let id = match args.positionals.as_slice() {
        [one] => one
            .parse::<i64>()
            .map_err(|_| CliError::usage(format!("{one:?} is not a match id (a whole number)")))?,
        [] => return Err(CliError::usage(format!("a match id is needed\n{USAGE}"))),
        [_, extra, ..] => {
            return Err(CliError::usage(format!(
                "unexpected argument {extra:?}\n{USAGE}"
            )))
        }
    };
    let mut store = open(db)?;
    json_of(&get_or_make(&mut store, id).map_err(app_error)?)
}

fn all(db: &str) -> CliResult {
    let mut store = open(db)?;
    let todo = store
        .matches_needing_analysis(ANALYSER_VERSION)
        .map_err(CliError::from)?;
    let total = todo.len();
    let mut failed = Vec::new();
    let mut err = std::io::stderr().lock();
    for (i, id) in todo.into_iter().enumerate() {
        if let Err(e) = get_or_make(&mut store, id) {
            failed.push(json!({ "match_id": id, "kind": e.kind(), "message": e.to_string() }));
        }
        let line = json!({ "progress": { "done": i + 1, "total": total, "match_id": id } });
        let _ = writeln!(err, "{line}");
    }
    Ok(json!({
        "analyser_version": ANALYSER_VERSION,
        "total": total,
        "analysed": total - failed.len(),
        "failed": failed,
    }))
}

fn gcg(file: &str, rules: &str, list: Option<&str>) -> CliResult {
    let rules = RuleSet::builtin(rules).map_err(CliError::from)?;
    let list = WordList::builtin(list.unwrap_or(&rules.default_list))?;
    let text = crate::files::read_gcg(std::path::Path::new(file))?;
    let record = positions_of_gcg(&text, &rules).map_err(|e| CliError::from(AppError::from(e)))?;
    // The record's own table: the rule set as that many players play it.
    let mut analyser =
        Analyser::new(&record.rules, list).map_err(|e| CliError::from(AppError::from(e)))?;
    json_of(&analyser.analyse(ListRef::of(list), &record.names, &record.positions))
}
