//! `score --rules ID [--list ID | --list-file PATH] --position CGP --move "POS WORD"`: score one
//! move on a position with the full breakdown. A refused move is an answer (`"legal":false`
//! with the refusal), not a CLI error; unreadable input is.
//!
//! The rule set may also come from a rules-lab file (`--rules-file FILE`) or the position's
//! `rules` opcode, and the list from its `lex` opcode; the rule set's default list is used
//! otherwise. A rule set that changes with the number of players is read as a table of
//! `--players N` plays it (default: the seats the position names, else its fewest players). When the position gives racks, the
//! move's tiles must be on the first one (the player to move).
use super::lists::ChosenList;
use super::rules::{engine_error, list_for, position_rules, refusal_json};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::json;
use wordclub_engine::{
    parse_rack, score_move, Board, Cgp, EngineError, GcgMove, RuleSet, ScoredMove,
};

const USAGE: &str = "score (--rules ID | --rules-file FILE) [--players N] [--list ID | --list-file PATH] --position CGP --move \"POS WORD\"";

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
            "move",
        ],
        &[],
    )?;
    let Position {
        cgp,
        rules,
        list,
        board,
    } = read_position(&args, USAGE)?;
    let mv = GcgMove::parse(args.required("move")?).map_err(engine_error)?;
    let rack = match cgp.racks.first() {
        Some(r) if !r.is_empty() => Some(parse_rack(r).map_err(engine_error)?),
        _ => None,
    };
    let outcome = mv.placements(&board).and_then(|tiles| {
        if let Some(rack) = &rack {
            let mut left = rack.clone();
            for p in &tiles {
                let byte = p.tile.rack_byte();
                match left.iter().position(|&t| t == byte) {
                    Some(i) => {
                        left.remove(i);
                    }
                    None => {
                        return Err(EngineError::TileNotOnRack {
                            letter: byte as char,
                            rack: wordclub_engine::rack_text(rack),
                        })
                    }
                }
            }
        }
        score_move(&board, &rules, &list, &tiles)
    });
    Ok(match outcome {
        Ok(scored) => scored_json(&scored, &rules.id, list.id()),
        Err(e) => json!({
            "legal": false,
            "rules": rules.id,
            "list": list.id(),
            "error": refusal_json(&e),
        }),
    })
}

/// A position as `score` and `moves` read it.
pub struct Position {
    pub cgp: Cgp,
    pub rules: RuleSet,
    pub list: ChosenList,
    pub board: Board,
}

/// Reads `--position` with its rule set (`--rules`, else the position's `rules` opcode) and
/// word list (`--list`/`--list-file`, else the `lex` opcode, else the rule set's default).
/// Positional arguments are refused: these commands take options only.
pub fn read_position(args: &Args, usage: &str) -> Result<Position, CliError> {
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}: {usage}"
        )));
    }
    let cgp = Cgp::parse(args.required("position")?).map_err(engine_error)?;
    let seats = cgp.racks.len().max(cgp.scores.len());
    let rules = position_rules(args, cgp.opcode("rules"), seats, usage)?;
    let fallback = cgp.opcode("lex").unwrap_or(&rules.default_list).to_string();
    let list = list_for(args, &fallback)?;
    let board = cgp.board(&rules).map_err(engine_error)?;
    Ok(Position {
        cgp,
        rules,
        list,
        board,
    })
}

/// The answer for a legal move: score, bingo and each word's breakdown.
pub fn scored_json(scored: &ScoredMove, rules: &str, list: &str) -> serde_json::Value {
    let words: Vec<_> = scored
        .words
        .iter()
        .map(|w| {
            json!({
                "word": w.word,
                "score": w.score,
                "word_multiplier": w.word_multiplier,
                "start": w.start,
                "direction": w.direction,
                "letters": w.letters,
            })
        })
        .collect();
    json!({
        "legal": true,
        "rules": rules,
        "list": list,
        "move": scored.notation,
        "score": scored.score,
        "bingo": scored.bingo,
        "words": words,
    })
}
