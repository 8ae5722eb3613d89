//! `play (--rules ID | --rules-file FILE) [--list ID | --list-file PATH] --players Ann,Ben[,…]
//! --seed N --script FILE [--racks R1,R2[,…]] [--bag TILES] [--manners polite|any]`: plays a
//! scripted match and prints its events, the final state and the result. A rule set from a rules-lab file is checked as
//! the lab checks it; one that changes with the table plays as its number of players does.
//!
//! One action a line, for the player to move: a GCG move (`5D CAT`, `H8 .ART`, lower case for
//! a blank), `exchange ABC` (solo: `exchange` alone swaps the whole rack), `pass`, `resign`,
//! `hint words` or `hint suggest`. `@N ` before a line acts as seat N (1-based) instead, e.g.
//! `@3 resign`. Blank lines and `#` comments are skipped. A refused line stops the script
//! with the engine's typed error and the line number. A hint shows what the app's would
//! ([`wordclub_movegen::hint_answer`]) with `--manners` as the app's "Polite computer" setting
//! (polite by default, as the setting is: no kept offensive word; `any` offers every word);
//! asked again in the same turn it is the same hint, and the engine records nothing new.
//!
//! `--racks` fixes each player's starting rack (in seat order) and `--bag` the first tiles
//! drawn after the deal; the rest of the bag is shuffled from the seed.
use super::lists::manners_option;
use super::rules::{engine_error, list_for};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;
use wordclub_engine::{
    rack_text, Action, Deal, EngineError, GcgMove, HintKind, ListRef, Match, PlayerSpec, Seat,
};
use wordclub_lexicon::WordList;
use wordclub_movegen::{Manners, MovegenError};

const USAGE: &str = "play (--rules ID | --rules-file FILE) [--list ID | --list-file PATH] --players Ann,Ben[,…] --seed N --script FILE [--racks R1,R2[,…]] [--bag TILES] [--manners polite|any] [--db PATH]";

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &[
            "rules",
            "rules-file",
            "list",
            "list-file",
            "players",
            "seed",
            "script",
            "racks",
            "bag",
            "manners",
            "db",
        ],
        &[],
    )?;
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}: {USAGE}"
        )));
    }
    let rules = super::rules::chosen_rule_set(&args, super::rules::RULES_OPTIONS, None, USAGE)?;
    let list = list_for(&args, &rules.default_list.clone())?;
    // Every name as given: the engine's name rule (`Match::with_deal`) trims and checks them,
    // as for the app's forms, so an empty one is refused rather than dropped.
    let players: Vec<PlayerSpec> = args
        .required("players")?
        .split(',')
        .map(PlayerSpec::human)
        .collect();
    let seed: u64 = args
        .required("seed")?
        .parse()
        .map_err(|_| CliError::usage("--seed is a whole number ≥ 0"))?;
    let manners = manners_option(&args, Manners::Polite, USAGE)?;
    let path = args.required("script")?;
    let script = crate::files::read_text(std::path::Path::new(path), crate::files::SCRIPT)?;
    let fixed = if args.value("racks").is_some() || args.value("bag").is_some() {
        wordclub_store::FixedDeal::Deal
    } else {
        wordclub_store::FixedDeal::Seed
    };
    let deal = Deal {
        racks: args
            .value("racks")
            .map(|r| r.split(',').map(|s| s.trim().to_string()).collect()),
        draw_order: args.value("bag").unwrap_or("").to_string(),
    };
    let mut m =
        Match::with_deal(rules, ListRef::of(&list), players, seed, deal).map_err(engine_error)?;
    play_script(&mut m, &list, &script, manners)?;
    let mut out = match_json(&m);
    // `--db PATH` (history, issue 5): record the match; its id is `match_id`.
    if let Some(db) = args.value("db") {
        let (id, notices) = super::history::record(db, &m, fixed)?;
        out["match_id"] = json!(id);
        out["history_notices"] = notices;
    }
    Ok(out)
}

/// Applies each line of `script` in turn (a hint answered with `manners`); stops at the first
/// refused line.
pub fn play_script(
    m: &mut Match,
    list: &WordList,
    script: &str,
    manners: Manners,
) -> Result<(), CliError> {
    for (index, raw) in script.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let at_line =
            |e: CliError| CliError::new(&e.kind, format!("line {number} ({line}): {}", e.message));
        let action = parse_line(m, list, line, manners).map_err(at_line)?;
        m.apply(action, list).map_err(|e| at_line(e.into()))?;
    }
    Ok(())
}

fn bad_line(line: &str, reason: &str) -> EngineError {
    EngineError::Notation {
        input: line.to_string(),
        reason: reason.to_string(),
    }
}

/// One script line as an action.
fn parse_line(
    m: &Match,
    list: &WordList,
    line: &str,
    manners: Manners,
) -> Result<Action, CliError> {
    let (player, rest): (Seat, &str) = match line.strip_prefix('@') {
        Some(after) => {
            let (seat, rest) = after
                .split_once(char::is_whitespace)
                .ok_or_else(|| bad_line(line, "@N must be followed by an action"))?;
            let seat: usize = seat
                .parse()
                .ok()
                .filter(|&s| s >= 1)
                .ok_or_else(|| bad_line(line, "@N names a seat from 1"))?;
            (seat - 1, rest.trim())
        }
        // Once the match is over the engine answers `match_over` whoever acts.
        None => (m.to_move().unwrap_or(0), line),
    };
    let (word, arg) = match rest.split_once(char::is_whitespace) {
        Some((w, a)) => (w, a.trim()),
        None => (rest, ""),
    };
    Ok(match word.to_ascii_lowercase().as_str() {
        "pass" if arg.is_empty() => Action::Pass { player },
        "resign" if arg.is_empty() => Action::Resign { player },
        "exchange" => Action::Exchange {
            player,
            tiles: arg.to_string(),
        },
        "hint" => {
            let kind = match arg {
                "words" => HintKind::WordsFromRack,
                "suggest" => HintKind::SuggestMove,
                _ => return Err(bad_line(line, "hint words or hint suggest").into()),
            };
            // What the app would show, in the one shape the engine records (the kind the
            // match gives, and a repeat in the same turn, are the engine's to judge when the
            // action is applied).
            let shown = wordclub_movegen::hint_answer(m, list, player, kind, manners)
                .map_err(hint_error)?;
            Action::HintTaken {
                player,
                kind,
                shown,
            }
        }
        _ => Action::Place {
            player,
            tiles: GcgMove::parse(rest)?.placements(m.board())?,
        },
    })
}

/// A hint's failure: the engine's own refusal keeps its kind (`player_not_in_match` for a
/// seat the match does not have), anything else is the generator's.
fn hint_error(e: MovegenError) -> CliError {
    match e {
        MovegenError::Engine(e) => e.into(),
        other => other.into(),
    }
}

/// Events, the turn history, the final state (a spectator's view plus every rack: this is a
/// test tool, and the events already hold the whole deal) and the result.
pub fn match_json(m: &Match) -> serde_json::Value {
    let racks: Vec<String> = (0..m.players().len())
        .map(|s| rack_text(m.rack(s).unwrap_or_default()))
        .collect();
    json!({
        "rules": m.rules().id,
        "list": m.list(),
        "players": m.players(),
        "seed": m.seed(),
        "events": m.events(),
        "turns": m.turns(),
        "state": m.view(None, false),
        "racks": racks,
        "result": m.result(),
    })
}
