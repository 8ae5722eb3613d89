//! `moves --rules ID [--list ID | --list-file PATH] --position CGP --rack RACK [--limit N]
//! [--breakdown] [--manners polite|any] [--level LEVEL [--time N]]`: every legal placement with
//! its score, best first (then by notation), and the number of distinct exchanges.
//! `--manners polite` lists only the placements the computer players and hints may make (none
//! forms a kept offensive word); the default `any` lists every legal one.
//!
//! The rule set may also come from the position's `rules` opcode, the list from its `lex`
//! opcode and the rack from its first rack. Moves are in GCG notation: `.` for a tile already
//! on the board, lower case for a blank. `--breakdown` adds each listed move's words scored by
//! the engine's scorer. Exchanges are counted (not listed) by the engine's rule
//! (`RuleSet::exchange_range`) for the bag the position leaves (`RuleSet::bag_left`: the
//! unseen tiles minus a full rack for every other player; the players are the position's racks
//! or scores, at least the rule set's fewest).
//!
//! `--level easy|medium|hard|greedy` answers instead what that computer does here (polite, seed
//! 0: `wordclub_movegen::decide_at`, a computer's turn without a match), and `--time N` adds
//! `ms`, the time of one decision: after an untimed one (which loads the graph and the leave
//! table), five rounds of N in a row, each round's mean, the median round. The native side of
//! the web app's bench (tests/web/bench.mjs), which times the same search in the worker on the
//! same positions.
use super::lists::{manners_name, manners_option};
use super::rules::engine_error;
use super::score::{read_position, scored_json, Position};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;
use std::time::Instant;
use wordclub_engine::score_move;
use wordclub_engine::{Board, Cgp, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::{
    decide_at, grid_of, layout_of, position_seats, sort_moves, Generator, Level, Manners,
    MovegenError, Rack,
};

const USAGE: &str = "moves (--rules ID | --rules-file FILE) [--players N] [--list ID | --list-file PATH] --position CGP --rack RACK [--limit N] [--breakdown] [--manners polite|any] [--level LEVEL [--time N]]";

pub fn movegen_error(e: MovegenError) -> CliError {
    CliError::from(e)
}

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &[
            "rules",
            "rules-file",
            "players",
            "list",
            "list-file",
            "position",
            "rack",
            "limit",
            "manners",
            "level",
            "time",
        ],
        &["breakdown"],
    )?;
    let manners = manners_option(&args, Manners::AnyWord, USAGE)?;
    let Position {
        cgp,
        rules,
        list,
        board,
    } = read_position(&args, USAGE)?;
    let rack_text = match (args.value("rack"), cgp.racks.first()) {
        (Some(r), _) => r.to_string(),
        (None, Some(r)) if !r.is_empty() => r.clone(),
        _ => return Err(CliError::usage(format!("--rack is required: {USAGE}"))),
    };
    let rack = Rack::parse(&rack_text).map_err(movegen_error)?;
    if rack.len() > rules.rack_size as usize {
        return Err(CliError::new(
            "bad_rack",
            format!(
                "a {} rack holds at most {} tiles",
                rules.id, rules.rack_size
            ),
        ));
    }
    if let Some(level) = args.value("level") {
        return level_answer(&args, level, &rules, &list, &cgp, &board, &rack);
    }
    if args.value("time").is_some() {
        return Err(CliError::usage(format!(
            "--time goes with --level: {USAGE}"
        )));
    }
    let limit = match args.value("limit") {
        Some(n) => Some(
            n.parse::<usize>()
                .map_err(|_| CliError::usage(format!("--limit takes a whole number, not {n:?}")))?,
        ),
        None => None,
    };
    let layout = layout_of(&rules).map_err(movegen_error)?;
    let grid = grid_of(&board);
    // A list from a file may be too large for the graph: a typed error, not a panic.
    let g = crate::graphs::graph_for(&list, manners).map_err(movegen_error)?;
    let mut moves = Generator::new().all_moves(&g, &layout, &grid, &rack);
    sort_moves(&mut moves);
    let count = moves.len();
    let shown = limit.unwrap_or(count).min(count);
    let mut listed = Vec::with_capacity(shown);
    for m in &moves[..shown] {
        let mut entry = json!({ "move": m.notation(), "score": m.score });
        if args.switch("breakdown") {
            let scored =
                score_move(&board, &rules, &list, &m.placements()).map_err(engine_error)?;
            entry["breakdown"] = scored_json(&scored, &rules.id, list.id());
        }
        listed.push(entry);
    }
    let seats = position_seats(&rules, &cgp);
    let bag = rules.bag_left(board.filled(), rack.len(), seats.saturating_sub(1));
    let exchanges = rules
        .exchange_range(bag, rack.len())
        .map_or(0, |(fewest, most)| rack.distinct_exchanges(fewest, most));
    Ok(json!({
        "rules": rules.id,
        "list": list.id(),
        "rack": rack.text(),
        "manners": manners_name(manners),
        "count": count,
        "moves": listed,
        "exchanges": exchanges,
    }))
}

/// Rounds of `--time N` decisions each.
const ROUNDS: usize = 5;

/// `--level LEVEL [--time N]`: what that computer decides at the position, and with `--time`
/// the time of one decision (module header).
fn level_answer(
    args: &Args,
    level: &str,
    rules: &RuleSet,
    list: &WordList,
    cgp: &Cgp,
    board: &Board,
    rack: &Rack,
) -> CliResult {
    let level = Level::parse(level).map_err(movegen_error)?;
    let runs = match args.value("time") {
        Some(n) => match n.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => {
                return Err(CliError::usage(format!(
                    "--time takes a whole number of runs above 0, not {n:?}"
                )))
            }
        },
        None => 0,
    };
    // A list from a file may be too large for the graph: a typed error here, before the
    // search asks for it.
    crate::graphs::graph_for(list, Manners::Polite).map_err(movegen_error)?;
    let decision = decide_at(level, rules, list, cgp, board, rack).map_err(movegen_error)?;
    let mut answer = json!({
        "rules": rules.id,
        "list": list.id(),
        "rack": rack.text(),
        "level": level.name(),
        "decision": decision.describe(),
    });
    if runs > 0 {
        // A decision takes from tens of microseconds (a warm board) to milliseconds: each
        // round times `runs` in a row, so the clock's grain (a browser's is 0.1 ms) is small
        // beside it; the median round tells a load that came and went.
        let mut rounds: Vec<f64> = Vec::with_capacity(ROUNDS);
        for _ in 0..ROUNDS {
            let started = Instant::now();
            for _ in 0..runs {
                let again =
                    decide_at(level, rules, list, cgp, board, rack).map_err(movegen_error)?;
                std::hint::black_box(again);
            }
            rounds.push(started.elapsed().as_secs_f64() * 1000.0 / runs as f64);
        }
        rounds.sort_by(f64::total_cmp);
        answer["runs"] = json!(runs);
        answer["rounds"] = json!(ROUNDS);
        answer["ms"] = json!(rounds[ROUNDS / 2]);
    }
    Ok(answer)
}
