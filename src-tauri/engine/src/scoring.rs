//! Placement rules and scoring, on a bare board: the match uses these, and so does the move
//! generator as its reference scorer.
use serde::{Deserialize, Serialize};
use wordclub_lexicon::WordList;

use crate::board::Board;
use crate::error::EngineError;
use crate::rules::RuleSet;
use crate::types::{Direction, Placement, Square, Tile};

/// One letter of a scored word.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct LetterScore {
    pub square: Square,
    pub letter: char,
    pub blank: bool,
    /// The tile's face value (0 for a blank).
    pub value: u32,
    /// 2 or 3 on a letter premium covered this turn, else 1.
    pub letter_multiplier: u32,
    /// Placed this turn (only these use premiums).
    pub placed: bool,
}

/// One word a move forms (2+ letters), with how its score is made up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct WordScore {
    pub word: String,
    pub start: Square,
    pub direction: Direction,
    pub letters: Vec<LetterScore>,
    /// Product of the word premiums covered this turn.
    pub word_multiplier: u32,
    /// Σ(value × letter multiplier) × word multiplier.
    pub score: u32,
}

/// A legal-shaped move with its full breakdown. The main word comes first in `words`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ScoredMove {
    /// GCG form: `8H CAT` (across), `H8 CAT` (down), `.` for a letter already on the board,
    /// lower case for a blank.
    pub notation: String,
    pub direction: Direction,
    /// The tiles placed, sorted along the line.
    pub tiles: Vec<Placement>,
    pub words: Vec<WordScore>,
    /// The bingo bonus earned (0 when none).
    pub bingo: u32,
    /// Sum of the words' scores plus the bingo bonus.
    pub score: u32,
}

/// Checks every placement rule except the word list, and scores the move.
///
/// ```
/// use wordclub_engine::{score_placement, Board, GcgMove, RuleSet};
///
/// let rules = RuleSet::builtin("wordclub-1.0")?;
/// let board = Board::new(&rules);
/// let cat = GcgMove::parse("5D CAT")?.placements(&board)?;
/// let scored = score_placement(&board, &rules, &cat)?;
/// assert_eq!(scored.notation, "5D CAT");
/// assert_eq!(scored.score, scored.words[0].score + scored.bingo);
/// // The first move must cover the star.
/// let off_centre = GcgMove::parse("1A CAT")?.placements(&board)?;
/// assert!(score_placement(&board, &rules, &off_centre).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Refusals, in this order: no tiles; off the board / letter / blank without a letter;
/// two tiles on one square; square occupied; not in one line; gap; first move: star not
/// covered, first word too short; later moves: not connected.
pub fn score_placement(
    board: &Board,
    rules: &RuleSet,
    tiles: &[Placement],
) -> Result<ScoredMove, EngineError> {
    if tiles.is_empty() {
        return Err(EngineError::NoTiles);
    }
    let size = board.size();
    for p in tiles {
        if !board.contains(p.square) {
            return Err(EngineError::OffBoard {
                square: p.square.to_string(),
                size,
            });
        }
        if !p.tile.letter.is_ascii_uppercase() {
            return Err(if p.tile.blank {
                EngineError::BlankWithoutLetter { square: p.square }
            } else {
                EngineError::InvalidLetter {
                    character: p.tile.letter as char,
                }
            });
        }
    }
    let mut sorted: Vec<Placement> = tiles.to_vec();
    sorted.sort_by_key(|p| (p.square.row, p.square.col));
    for w in sorted.windows(2) {
        if w[0].square == w[1].square {
            return Err(EngineError::DuplicateSquare {
                square: w[0].square,
            });
        }
    }
    if let Some(p) = sorted.iter().find(|p| board.get(p.square).is_some()) {
        return Err(EngineError::SquareOccupied { square: p.square });
    }
    let first = sorted[0].square;
    let last = sorted[sorted.len() - 1].square;
    let line = if sorted.len() == 1 {
        None
    } else if sorted.iter().all(|p| p.square.row == first.row) {
        Some(Direction::Across)
    } else if sorted.iter().all(|p| p.square.col == first.col) {
        Some(Direction::Down)
    } else {
        return Err(EngineError::NotInOneLine);
    };
    // A staged view of the board: committed tiles plus this move's.
    let staged = |sq: Square| -> Option<(Tile, bool)> {
        if let Some(t) = board.get(sq) {
            return Some((t, false));
        }
        sorted
            .binary_search_by_key(&(sq.row, sq.col), |p| (p.square.row, p.square.col))
            .ok()
            .map(|i| (sorted[i].tile, true))
    };
    if let Some(dir) = line {
        let span = match dir {
            Direction::Across => (last.col - first.col) as i32,
            Direction::Down => (last.row - first.row) as i32,
        };
        for k in 1..span {
            let sq = first.step(dir, k, size).expect("inside the span");
            if staged(sq).is_none() {
                return Err(EngineError::Gap { square: sq });
            }
        }
    }
    if board.is_empty() {
        if !sorted.iter().any(|p| p.square == rules.star) {
            return Err(EngineError::StarNotCovered { star: rules.star });
        }
        if sorted.len() < 2 {
            return Err(EngineError::FirstWordTooShort);
        }
    } else {
        let touches = sorted.iter().any(|p| {
            [Direction::Across, Direction::Down].iter().any(|&d| {
                [-1, 1].iter().any(|&s| {
                    p.square
                        .step(d, s, size)
                        .is_some_and(|n| board.get(n).is_some())
                })
            })
        });
        if !touches {
            return Err(EngineError::NotConnected);
        }
    }

    // The word along `dir` through `sq`, if it has 2+ letters.
    let word_through = |sq: Square, dir: Direction| -> Option<WordScore> {
        let mut start = sq;
        while let Some(prev) = start.step(dir, -1, size) {
            if staged(prev).is_none() {
                break;
            }
            start = prev;
        }
        let mut letters = Vec::new();
        let mut word = String::new();
        let mut sum = 0u32;
        let mut word_multiplier = 1u32;
        let mut cur = Some(start);
        while let Some(s) = cur {
            let Some((tile, placed)) = staged(s) else {
                break;
            };
            let value = if tile.blank {
                0
            } else {
                rules.value(tile.letter)
            };
            let (lm, wm) = if placed {
                let p = board.premium(s);
                (p.letter_multiplier(), p.word_multiplier())
            } else {
                (1, 1)
            };
            // Saturating: a rule set's values and premiums are data, and a stored one was
            // held to fewer bounds than a new one (`RuleBounds::Recorded`).
            sum = sum.saturating_add(value.saturating_mul(lm));
            word_multiplier = word_multiplier.saturating_mul(wm);
            word.push(tile.letter as char);
            letters.push(LetterScore {
                square: s,
                letter: tile.letter as char,
                blank: tile.blank,
                value,
                letter_multiplier: lm,
                placed,
            });
            cur = s.step(dir, 1, size);
        }
        (letters.len() >= 2).then(|| WordScore {
            word,
            start,
            direction: dir,
            letters,
            word_multiplier,
            score: sum.saturating_mul(word_multiplier),
        })
    };

    let direction = match line {
        Some(d) => d,
        // One tile: across when its across word has 2+ letters, otherwise down.
        None => {
            if word_through(first, Direction::Across).is_some() {
                Direction::Across
            } else {
                Direction::Down
            }
        }
    };
    let mut words = Vec::new();
    let main = word_through(first, direction);
    if let Some(m) = &main {
        words.push(m.clone());
    }
    for p in &sorted {
        if let Some(w) = word_through(p.square, direction.other()) {
            words.push(w);
        }
    }
    if words.is_empty() {
        // Only reachable for a lone tile with no neighbours, refused above; kept for safety.
        return Err(EngineError::NotConnected);
    }
    let bingo = if sorted.len() == rules.rack_size as usize {
        rules.bingo_bonus
    } else {
        0
    };
    let score = words
        .iter()
        .fold(bingo, |total, w| total.saturating_add(w.score));
    let notation = match &main {
        Some(m) => gcg_notation(m),
        // A lone tile with only a cross word: written along that word.
        None => gcg_notation(&words[0]),
    };
    Ok(ScoredMove {
        notation,
        direction,
        tiles: sorted,
        words,
        bingo,
        score,
    })
}

/// Checks every rule, the word list included, and scores the move. Words not in the list
/// are all named in one refusal.
pub fn score_move(
    board: &Board,
    rules: &RuleSet,
    list: &WordList,
    tiles: &[Placement],
) -> Result<ScoredMove, EngineError> {
    let scored = score_placement(board, rules, tiles)?;
    check_words(&scored, list)?;
    Ok(scored)
}

/// Refuses a scored move when any word it forms is not in `list`, naming each such word once.
pub fn check_words(scored: &ScoredMove, list: &WordList) -> Result<(), EngineError> {
    let mut missing: Vec<String> = Vec::new();
    for w in &scored.words {
        if !list.contains(w.word.as_bytes()) && !missing.contains(&w.word) {
            missing.push(w.word.clone());
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        let blocked = missing
            .iter()
            .filter(|w| matches!(list.our_word(w.as_bytes()), Some((false, _))))
            .cloned()
            .collect();
        Err(EngineError::NotInList {
            words: missing,
            list: list.info().name.clone(),
            blocked,
        })
    }
}

fn gcg_notation(word: &WordScore) -> String {
    let pos = gcg_position(word.start, word.direction);
    let letters: String = word
        .letters
        .iter()
        .map(|l| {
            if !l.placed {
                '.'
            } else if l.blank {
                l.letter.to_ascii_lowercase()
            } else {
                l.letter
            }
        })
        .collect();
    format!("{pos} {letters}")
}

/// `8H` for across from H8, `H8` for down from H8.
pub fn gcg_position(start: Square, direction: Direction) -> String {
    let col = (b'A' + start.col) as char;
    let row = start.row as u32 + 1;
    match direction {
        Direction::Across => format!("{row}{col}"),
        Direction::Down => format!("{col}{row}"),
    }
}
