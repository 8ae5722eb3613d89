//! The Rules screen's worked examples (SPEC §2): each a short sequence of moves on an empty
//! board of its rule set, scored by the engine's scorer here — the page draws what this
//! answers and writes no score of its own.
use serde::{Deserialize, Serialize};
use wordclub_engine::{score_move, GcgMove, RuleSet, Square, WordScore};
use wordclub_lexicon::WordList;

use crate::view::{positions, Pos, TileView};
use crate::AppError;

/// SPEC §2's worked examples, by rule set: each is moves played in turn on an empty board.
const EXAMPLES: &[(&str, &[&[&str]])] = &[
    ("wordclub-1.0", &[&["5D CAT", "5D ...S", "D5 .ART"]]),
    ("wordclub-1.1", &[&["5A HOUSE"]]),
    ("solo-10", &[&["5C DUMB", "E3 FA.E"]]),
    ("classic-15", &[&["8G CAT"]]),
];

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct RulesExamplesArgs {
    pub rules: String,
}

/// One move of an example with the scorer's breakdown and the board after it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ExampleStep {
    /// GCG notation (`5D CAT`, `.` for a tile already on the board).
    pub notation: String,
    pub words: Vec<WordScore>,
    pub bingo: u32,
    pub score: u32,
    /// The squares this move covered.
    pub placed: Vec<Pos>,
    /// Rows of squares after the move; `null` for an empty one.
    pub board: Vec<Vec<Option<TileView>>>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Example {
    pub steps: Vec<ExampleStep>,
    /// The sum of the steps' scores.
    pub total: u32,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct RulesExamples {
    pub rules: String,
    /// The word list the words are checked in (the rule set's default).
    pub list: String,
    pub premiums: Vec<Vec<Option<&'static str>>>,
    pub examples: Vec<Example>,
}

/// The worked examples of rule set `args.rules` (none for a rule set without any).
pub fn examples(args: RulesExamplesArgs) -> Result<RulesExamples, AppError> {
    let rules = RuleSet::builtin(&args.rules)?;
    let list = WordList::builtin(&rules.default_list)?;
    let sequences = EXAMPLES
        .iter()
        .find(|(id, _)| *id == rules.id)
        .map_or(&[][..], |(_, e)| *e);
    let mut examples = Vec::new();
    for moves in sequences {
        let mut board = wordclub_engine::Board::new(&rules);
        let mut steps = Vec::new();
        for text in *moves {
            let tiles = GcgMove::parse(text).and_then(|m| m.placements(&board))?;
            let scored = score_move(&board, &rules, list, &tiles)?;
            for p in &scored.tiles {
                board.place(p.square, p.tile)?;
            }
            steps.push(ExampleStep {
                notation: scored.notation.clone(),
                words: scored.words.clone(),
                bingo: scored.bingo,
                score: scored.score,
                placed: positions(&scored.tiles.iter().map(|p| p.square).collect::<Vec<_>>()),
                board: board_rows(&board),
            });
        }
        let total = steps.iter().map(|s| s.score).sum();
        examples.push(Example { steps, total });
    }
    Ok(RulesExamples {
        rules: rules.id.clone(),
        list: list.info().name.clone(),
        premiums: rules.premium_labels(),
        examples,
    })
}

fn board_rows(board: &wordclub_engine::Board) -> Vec<Vec<Option<TileView>>> {
    let n = board.size();
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    board.get(Square::new(r, c)).map(|t| TileView {
                        letter: (t.letter as char).to_string(),
                        blank: t.blank,
                    })
                })
                .collect()
        })
        .collect()
}
