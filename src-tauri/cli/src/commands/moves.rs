//! `moves --rules ID [--list ID | --list-file PATH] --position CGP --rack RACK [--limit N]
//! [--breakdown]`: every legal placement with its score, best first (then by notation), and
//! the number of distinct exchanges.
//!
//! The rule set may also come from the position's `rules` opcode, the list from its `lex`
//! opcode and the rack from its first rack. Moves are in GCG notation: `.` for a tile already
//! on the board, lower case for a blank. `--breakdown` adds each listed move's words scored by
//! the engine's scorer. Exchanges are counted (not listed) when the rule set allows them and
//! the bag can hold enough tiles: the unseen tiles minus one opponent's rack must reach the
//! rule set's minimum bag for exchanging.
use super::rules::engine_error;
use super::score::{read_position, scored_json, Position};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;
use wordclub_engine::{score_move, ExchangePolicy};
use wordclub_movegen::{
    grid_of, layout_of, sort_moves, try_graph_for, Generator, Manners, MovegenError, Rack,
};

const USAGE: &str = "moves --rules ID [--list ID | --list-file PATH] --position CGP --rack RACK [--limit N] [--breakdown]";

pub fn movegen_error(e: MovegenError) -> CliError {
    CliError::new(e.kind(), e.to_string())
}

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &["rules", "list", "list-file", "position", "rack", "limit"],
        &["breakdown"],
    )?;
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
    let g = try_graph_for(&list, Manners::AnyWord).map_err(movegen_error)?;
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
    let exchanges = match rules.exchange {
        ExchangePolicy::Chosen { min_bag, max_tiles } => {
            let unseen = rules.bag_size().saturating_sub(board.filled() + rack.len());
            let bag = unseen.saturating_sub(rules.rack_size as usize);
            if bag >= min_bag as usize {
                distinct_exchanges(&rack, max_tiles as usize)
            } else {
                0
            }
        }
        _ => 0,
    };
    Ok(json!({
        "rules": rules.id,
        "list": list.id(),
        "rack": rack.text(),
        "count": count,
        "moves": listed,
        "exchanges": exchanges,
    }))
}

/// Distinct multisets of 1..=max tiles drawn from the rack.
fn distinct_exchanges(rack: &Rack, max: usize) -> usize {
    // ways[k] = number of distinct sub-multisets with k tiles.
    let mut ways = vec![0usize; rack.len() + 1];
    ways[0] = 1;
    for &n in rack.counts.iter() {
        let mut next = vec![0usize; ways.len()];
        for (k, &w) in ways.iter().enumerate() {
            for take in 0..=n as usize {
                if k + take < next.len() {
                    next[k + take] += w;
                }
            }
        }
        ways = next;
    }
    ways.iter().skip(1).take(max).sum()
}
