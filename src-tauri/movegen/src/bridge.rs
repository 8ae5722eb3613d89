//! Conversions between the engine's types and the generator's compact ones, and the
//! per-list graph cache.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use wordclub_engine::{Board, Cgp, Direction, Placement, RuleSet, Square, Tile};
use wordclub_lexicon::WordList;

use crate::error::MovegenError;
use crate::gaddag::Gaddag;
use crate::layout::{code_of, letter_of, Grid, Layout, Rack, BLANK_BIT};
use crate::moves::Move;

/// The generator's view of a rule set.
pub fn layout_of(rules: &RuleSet) -> Result<Layout, MovegenError> {
    let n = rules.board_size as usize;
    let table = rules.value_table();
    let mut values = [0u8; 27];
    values[1..27].copy_from_slice(&table[..26]);
    values[0] = 0;
    let mut layout = Layout::plain(
        n,
        (rules.star.row as usize, rules.star.col as usize),
        values,
        rules.rack_size as usize,
    )?;
    for (i, p) in rules.premium_grid().iter().enumerate() {
        layout.letter_mult[i] = p.letter_multiplier() as u8;
        layout.word_mult[i] = p.word_multiplier() as u8;
    }
    layout.bingo_bonus = rules.bingo_bonus as i32;
    layout.exchange_min_bag = match rules.exchange {
        wordclub_engine::ExchangePolicy::Chosen { min_bag, .. } => Some(min_bag as usize),
        _ => None,
    };
    Ok(layout)
}

/// The generator's view of a board.
pub fn grid_of(board: &Board) -> Grid {
    let n = board.size() as usize;
    let mut grid = Grid::empty(n);
    for (sq, tile) in board.tiles() {
        grid.set(sq.row as usize, sq.col as usize, tile_code(tile));
    }
    grid
}

fn tile_code(tile: Tile) -> u8 {
    let code = tile.letter - b'A' + 1;
    if tile.blank {
        code | BLANK_BIT
    } else {
        code
    }
}

/// A rack from the engine's rack bytes (`A`–`Z`, `?`).
pub fn rack_of(bytes: &[u8]) -> Rack {
    let mut rack = Rack::default();
    for &b in bytes {
        match code_of(b) {
            Some(code) => rack.counts[code as usize] += 1,
            None => rack.counts[0] += 1,
        }
    }
    rack
}

impl Move {
    /// The engine placements of this move (blanks with their letters).
    pub fn placements(&self) -> Vec<Placement> {
        self.placed()
            .map(|(r, c, t)| {
                let letter = letter_of(t);
                let tile = if t & BLANK_BIT != 0 {
                    Tile::blank(letter)
                } else {
                    Tile::letter(letter)
                };
                Placement::new(Square::new(r as u8, c as u8), tile)
            })
            .collect()
    }

    /// The rack bytes this move uses (`?` for blanks).
    pub fn rack_bytes(&self) -> Vec<u8> {
        self.placed()
            .map(|(_, _, t)| {
                if t & BLANK_BIT != 0 {
                    b'?'
                } else {
                    letter_of(t)
                }
            })
            .collect()
    }

    /// Direction in the engine's terms.
    pub fn direction(&self) -> Direction {
        if self.down {
            Direction::Down
        } else {
            Direction::Across
        }
    }
}

/// A position read from CGP for `rules`: the board and, when given, the rack to move.
pub struct Position {
    pub board: Board,
    pub grid: Grid,
    pub rack: Option<Rack>,
    pub cgp: Cgp,
}

/// Reads a CGP position for `rules` (its size must match).
pub fn position_of(cgp: &str, rules: &RuleSet) -> Result<Position, MovegenError> {
    let bad = |reason: String| MovegenError::Position {
        position: cgp.to_string(),
        reason,
    };
    let parsed = Cgp::parse(cgp).map_err(|e| bad(e.to_string()))?;
    let board = parsed.board(rules).map_err(|e| bad(e.to_string()))?;
    let rack = match parsed.racks.first() {
        Some(r) if !r.is_empty() => Some(Rack::parse(r)?),
        _ => None,
    };
    Ok(Position {
        grid: grid_of(&board),
        board,
        rack,
        cgp: parsed,
    })
}

type Cache = Mutex<HashMap<(String, String), Arc<Gaddag>>>;

static GRAPHS: OnceLock<Cache> = OnceLock::new();

/// The generator's graph for `list`, built on first use and kept for the process's life
/// (keyed by the list's id and SHA-256).
pub fn gaddag_for(list: &WordList) -> Arc<Gaddag> {
    let key = (list.info().id.clone(), list.info().sha256.clone());
    let cache = GRAPHS.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(g) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(g);
    }
    // Built outside the lock; two threads racing both build and one result is kept.
    let built = Arc::new(Gaddag::from_fst(list.fst()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(map.entry(key).or_insert(built))
}
