//! `moves --rules ID [--list ID | --list-file PATH] --position CGP --rack RACK [--limit N]
//! [--breakdown] [--manners polite|any]`: every legal placement with its score, best first
//! (then by notation), and the number of distinct exchanges. `--manners polite` lists only
//! the placements the computer players and hints may make (none forms a kept offensive word);
//! the default `any` lists every legal one.
//!
//! The rule set may also come from the position's `rules` opcode, the list from its `lex`
//! opcode and the rack from its first rack. Moves are in GCG notation: `.` for a tile already
//! on the board, lower case for a blank. `--breakdown` adds each listed move's words scored by
//! the engine's scorer. Exchanges are counted (not listed) by the engine's rule
//! (`RuleSet::exchange_range`) for the bag the position leaves (`RuleSet::bag_left`: the
//! unseen tiles minus a full rack for every other player; the players are the position's racks
//! or scores, at least the rule set's fewest).
use super::lists::{manners_name, manners_option};
use super::rules::engine_error;
use super::score::{read_position, scored_json, Position};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;
use wordclub_engine::score_move;
use wordclub_movegen::{grid_of, layout_of, sort_moves, Generator, Manners, MovegenError, Rack};

const USAGE: &str = "moves (--rules ID | --rules-file FILE) [--players N] [--list ID | --list-file PATH] --position CGP --rack RACK [--limit N] [--breakdown] [--manners polite|any]";

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
    // The table size the rule set was made flat for, else the position's seats.
    let seats = rules.table.map_or_else(
        || {
            cgp.racks
                .len()
                .max(cgp.scores.len())
                .max(usize::from(rules.players.min))
        },
        usize::from,
    );
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
