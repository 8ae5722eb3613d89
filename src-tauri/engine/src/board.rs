//! The board: which tile lies on each square, and the premiums printed on it.
use serde::{Serialize, Serializer};

use crate::error::EngineError;
use crate::rules::RuleSet;
use crate::types::{Premium, Square, Tile};

/// A square board of tiles with its premium squares (taken from the rule set).
///
/// Serialised for views as `{"size":N,"rows":["..CAT...", …]}` (`.` empty, lower case blank).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Tile>>,
    premiums: Vec<Premium>,
    filled: usize,
}

impl Board {
    /// An empty board laid out by `rules`.
    pub fn new(rules: &RuleSet) -> Board {
        let size = rules.board_size;
        Board {
            size,
            cells: vec![None; size as usize * size as usize],
            premiums: rules.premium_grid(),
            filled: 0,
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    #[inline]
    fn index(&self, sq: Square) -> usize {
        sq.row as usize * self.size as usize + sq.col as usize
    }

    pub fn contains(&self, sq: Square) -> bool {
        sq.row < self.size && sq.col < self.size
    }

    /// The tile on `sq` (None when empty or off the board).
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Tile> {
        if self.contains(sq) {
            self.cells[self.index(sq)]
        } else {
            None
        }
    }

    /// The premium printed on `sq` (whether or not it is already covered).
    #[inline]
    pub fn premium(&self, sq: Square) -> Premium {
        if self.contains(sq) {
            self.premiums[self.index(sq)]
        } else {
            Premium::None
        }
    }

    /// Puts a tile on an empty square. Occupied or off-board squares are refused.
    pub fn place(&mut self, sq: Square, tile: Tile) -> Result<(), EngineError> {
        if !self.contains(sq) {
            return Err(EngineError::OffBoard {
                square: sq.to_string(),
                size: self.size,
            });
        }
        let i = self.index(sq);
        if self.cells[i].is_some() {
            return Err(EngineError::SquareOccupied { square: sq });
        }
        self.cells[i] = Some(tile);
        self.filled += 1;
        Ok(())
    }

    /// True when no tile has been placed yet.
    pub fn is_empty(&self) -> bool {
        self.filled == 0
    }

    /// Number of filled squares.
    pub fn filled(&self) -> usize {
        self.filled
    }

    /// Every filled square with its tile, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (Square, Tile)> + '_ {
        let n = self.size;
        self.cells.iter().enumerate().filter_map(move |(i, t)| {
            t.map(|t| {
                (
                    Square::new((i / n as usize) as u8, (i % n as usize) as u8),
                    t,
                )
            })
        })
    }

    /// The rows as text: `.` for empty, upper case letters, lower case blanks.
    pub fn rows(&self) -> Vec<String> {
        (0..self.size)
            .map(|r| {
                (0..self.size)
                    .map(|c| self.get(Square::new(r, c)).map_or('.', Tile::to_char))
                    .collect()
            })
            .collect()
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Board", 2)?;
        st.serialize_field("size", &self.size)?;
        st.serialize_field("rows", &self.rows())?;
        st.end()
    }
}

/// In the UI's contract a board is what it serialises to: its size and its rows.
#[cfg(feature = "contract")]
impl ts_rs::TS for Board {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(_: &ts_rs::Config) -> String {
        "{ size: number, rows: Array<string> }".to_owned()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        <Self as ts_rs::TS>::name(cfg)
    }
}
