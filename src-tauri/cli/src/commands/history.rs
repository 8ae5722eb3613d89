//! `history …`: the match history in a SQLite database (wordclub-store).
//!
//! - `history list [--player NAME] [--rules ID] [--status S] [--assisted yes|no] [--page N] --db PATH`
//!   → a page of matches, newest first (`{"page","page_size","total","pages","matches"}`).
//! - `history show ID --db PATH` → the match and every turn (words, breakdown, totals, hints).
//! - `history stats --db PATH` → per-player statistics.
//! - `history export-gcg ID --db PATH` → the GCG record as plain text (`--json` wraps it as
//!   `{"gcg": "…"}`; `--analysis` adds the post-game analysis as `#note` lines, finished
//!   matches only: the kept one, or one made for the export and not kept).
//! - `history acknowledge MOVED_TO --db PATH` → the notice about a history moved aside to
//!   `MOVED_TO` is no longer shown (the file stays there).
//!
//! The read commands (`list`, `show`, `stats`, `export-gcg`) never create, move or migrate
//! anything: a missing, foreign or damaged file is refused with exit 2 and left as it is.
//! Until acknowledged, each history moved aside is named on stderr and in the JSON
//! (`history_notices`).
//!
//! Also `record`, which `play --db PATH` calls to store the match it played.
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;
use wordclub_engine::Match;
use wordclub_store::{Filter, Status, Store};

const USAGE: &str = "history list [--player NAME] [--rules ID] [--status in_progress|finished|abandoned] [--assisted yes|no] [--page N] --db PATH
       history show ID --db PATH
       history stats --db PATH
       history export-gcg ID --db PATH [--json] [--analysis]
       history acknowledge MOVED_TO --db PATH";

/// Opens the history to write to it (a damaged Word Club history is moved aside and a new
/// one started; anything else unusable is refused).
fn open(path: &str) -> Result<Store, CliError> {
    Ok(Store::open(path)?)
}

/// The histories moved aside and not yet acknowledged: each on stderr, and as JSON for the
/// command's output.
pub fn notices(store: &Store) -> Result<serde_json::Value, CliError> {
    let notices = store.notices()?;
    for n in &notices {
        eprintln!("{n}");
    }
    Ok(notices
        .iter()
        .map(|n| {
            json!({
                "original": n.original.display().to_string(),
                "moved_to": n.moved_to.display().to_string(),
                "reason": n.reason,
                "message": n.to_string(),
            })
        })
        .collect())
}

fn match_id(args: &Args) -> Result<i64, CliError> {
    let text = args
        .positionals
        .get(1)
        .ok_or_else(|| CliError::usage(format!("a match id is needed\n{USAGE}")))?;
    text.parse()
        .map_err(|_| CliError::usage(format!("{text:?} is not a match id (a whole number)")))
}

fn json_of<T: serde::Serialize>(value: &T) -> CliResult {
    serde_json::to_value(value).map_err(|e| CliError::new("internal", e.to_string()))
}

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &["db", "player", "rules", "status", "assisted", "page"],
        &["json", "analysis"],
    )?;
    let Some(sub) = args.positionals.first().map(String::as_str) else {
        return Err(CliError::usage(USAGE));
    };
    let expected_positionals = match sub {
        "list" | "stats" => 1,
        "show" | "export-gcg" | "acknowledge" => 2,
        other => {
            return Err(CliError::usage(format!(
                "unknown history command {other:?}\n{USAGE}"
            )))
        }
    };
    if let Some(extra) = args.positionals.get(expected_positionals) {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}\n{USAGE}"
        )));
    }
    let only_for_list = ["player", "rules", "status", "assisted", "page"];
    if sub != "list" {
        if let Some(o) = only_for_list.iter().find(|o| args.value(o).is_some()) {
            return Err(CliError::usage(format!(
                "--{o} is for history list\n{USAGE}"
            )));
        }
    }
    if let Some(s) = ["json", "analysis"]
        .iter()
        .find(|s| sub != "export-gcg" && args.switch(s))
    {
        return Err(CliError::usage(format!(
            "--{s} is for history export-gcg\n{USAGE}"
        )));
    }
    let db = args.required("db")?;
    if sub == "acknowledge" {
        let mut store = open(db)?;
        store.acknowledge(&args.positionals[1])?;
        return Ok(
            json!({ "acknowledged": args.positionals[1], "history_notices": notices(&store)? }),
        );
    }
    let store = Store::open_read_only(db)?;
    let history_notices = notices(&store)?;
    let with_notices = |mut v: serde_json::Value| {
        v["history_notices"] = history_notices.clone();
        v
    };
    match sub {
        "list" => {
            let status = args.value("status").map(Status::parse).transpose()?;
            let assisted = match args.value("assisted") {
                None => None,
                Some("yes") => Some(true),
                Some("no") => Some(false),
                Some(other) => {
                    return Err(CliError::usage(format!(
                        "--assisted is yes or no, not {other:?}"
                    )))
                }
            };
            let page: u32 = match args.value("page") {
                None => 1,
                Some(p) => p
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| CliError::usage("--page is a whole number from 1"))?,
            };
            let filter = Filter {
                player: args.value("player").map(str::to_string),
                rules_id: args.value("rules").map(str::to_string),
                status,
                assisted,
            };
            json_of(&store.list(&filter, page)?).map(with_notices)
        }
        "show" => json_of(&store.detail(match_id(&args)?)?).map(with_notices),
        "stats" => {
            // Each best move in words too, as the app's statistics say it.
            let mut players = store.stats()?;
            wordclub_app::word_best_turns(&store, &mut players);
            Ok(with_notices(json!({ "players": players })))
        }
        _ => {
            let id = match_id(&args)?;
            let gcg = if args.switch("analysis") {
                // A read command writes nothing: the kept analysis, or one made just for this.
                let analysis =
                    wordclub_app::analysis::stored_or_made(&store, id).map_err(CliError::from)?;
                let notes = wordclub_app::analysis::gcg_notes(&analysis);
                store.export_gcg_with_notes(id, &notes)?
            } else {
                store.export_gcg(id)?
            };
            if args.switch("json") {
                return Ok(with_notices(json!({ "gcg": gcg })));
            }
            // GCG is the output itself, not JSON: print it and finish here.
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            if out
                .write_all(gcg.as_bytes())
                .and_then(|_| out.flush())
                .is_err()
            {
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }
}

/// `play --db PATH`: records the match just played (all its events, result included; its
/// deal fixed by the script's seed and racks) and returns its id in the history, with the
/// notices of histories moved aside.
pub fn record(
    db: &str,
    game: &Match,
    fixed: wordclub_store::FixedDeal,
) -> Result<(i64, serde_json::Value), CliError> {
    let mut store = open(db)?;
    let id = store.create_with(game, Some(fixed))?;
    Ok((id, notices(&store)?))
}
