//! Squares, tiles and the board.
//!
//! Internally rows and columns are 0-based. People and notation see `E5` (column letter,
//! 1-based row); GCG moves see `8H` (across, row first) and `H8` (down, column first).
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::EngineError;
use crate::rules::{Premium, RuleSet};

/// The rack byte for a blank tile.
pub const BLANK: u8 = b'?';

/// One square; `row` and `col` are 0-based. Serialised as its display name (`"E5"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub row: u8,
    pub col: u8,
}

impl Square {
    pub const fn new(row: u8, col: u8) -> Square {
        Square { row, col }
    }

    /// Parses `E5` (column letter then 1-based row), case-insensitive.
    pub fn parse(text: &str) -> Result<Square, EngineError> {
        let bad = |reason: &str| EngineError::Notation {
            input: text.to_string(),
            reason: reason.to_string(),
        };
        let t = text.trim();
        let mut chars = t.chars();
        let c = chars.next().ok_or_else(|| bad("empty square"))?;
        if !c.is_ascii_alphabetic() {
            return Err(bad(
                "a square is a column letter then a row number, e.g. E5",
            ));
        }
        let row: u8 = chars
            .as_str()
            .parse()
            .map_err(|_| bad("a square is a column letter then a row number, e.g. E5"))?;
        if row == 0 {
            return Err(bad("rows start at 1"));
        }
        Ok(Square {
            row: row - 1,
            col: c.to_ascii_uppercase() as u8 - b'A',
        })
    }

    /// The square `step` places further in `direction` (None when it would leave `0..size`).
    pub fn step(self, direction: Direction, step: i32, size: u8) -> Option<Square> {
        let (r, c) = match direction {
            Direction::Across => (self.row as i32, self.col as i32 + step),
            Direction::Down => (self.row as i32 + step, self.col as i32),
        };
        if r < 0 || c < 0 || r >= size as i32 || c >= size as i32 {
            None
        } else {
            Some(Square::new(r as u8, c as u8))
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col) as char, self.row as u32 + 1)
    }
}

impl FromStr for Square {
    type Err = EngineError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Square::parse(s)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Square::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Across (left to right) or down (top to bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Across,
    Down,
}

impl Direction {
    pub fn other(self) -> Direction {
        match self {
            Direction::Across => Direction::Down,
            Direction::Down => Direction::Across,
        }
    }
}

/// A tile on the board: its letter (`b'A'..=b'Z'`) and whether it is a blank standing for it.
/// Serialised as one character, lower case for a blank (`"C"`, `"c"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    pub letter: u8,
    pub blank: bool,
}

impl Tile {
    pub const fn letter(letter: u8) -> Tile {
        Tile {
            letter,
            blank: false,
        }
    }

    pub const fn blank(letter: u8) -> Tile {
        Tile {
            letter,
            blank: true,
        }
    }

    /// From CGP/GCG style: upper case = letter, lower case = blank. Anything else is refused.
    pub fn from_char(c: char) -> Result<Tile, EngineError> {
        if c.is_ascii_uppercase() {
            Ok(Tile::letter(c as u8))
        } else if c.is_ascii_lowercase() {
            Ok(Tile::blank(c.to_ascii_uppercase() as u8))
        } else {
            Err(EngineError::InvalidLetter { character: c })
        }
    }

    /// Upper case for a letter, lower case for a blank.
    pub fn to_char(self) -> char {
        if self.blank {
            (self.letter as char).to_ascii_lowercase()
        } else {
            self.letter as char
        }
    }

    /// The rack byte this tile came from: its letter, or [`BLANK`].
    pub fn rack_byte(self) -> u8 {
        if self.blank {
            BLANK
        } else {
            self.letter
        }
    }
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 4];
        s.serialize_str(self.to_char().encode_utf8(&mut buf))
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Tile::from_char(c).map_err(serde::de::Error::custom),
            _ => Err(serde::de::Error::custom("a tile is one letter")),
        }
    }
}

/// One staged or committed tile on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    pub square: Square,
    pub tile: Tile,
}

impl Placement {
    pub fn new(square: Square, tile: Tile) -> Placement {
        Placement { square, tile }
    }
}

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
