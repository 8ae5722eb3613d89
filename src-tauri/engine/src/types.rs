//! The bottom layer: squares, directions, tiles, placements and premiums. It depends on
//! nothing else in the engine (its one error, [`ReadError`], becomes an
//! [`EngineError`](crate::EngineError) one layer up), so the board, the rules and the error
//! type can all name these without importing each other.
//!
//! Internally rows and columns are 0-based. People and notation see `E5` (column letter,
//! 1-based row); GCG moves see `8H` (across, row first) and `H8` (down, column first).
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Text that is not a square (`E5`) or not a tile letter. The engine reports the first as
/// [`EngineError::Notation`](crate::EngineError::Notation), the second as
/// [`EngineError::InvalidLetter`](crate::EngineError::InvalidLetter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    Square { input: String, reason: &'static str },
    Letter { character: char },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Square { input, reason } => write!(f, "cannot read {input:?}: {reason}"),
            ReadError::Letter { character } => write!(f, "{character:?} is not a letter A–Z"),
        }
    }
}

impl std::error::Error for ReadError {}

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
    pub fn parse(text: &str) -> Result<Square, ReadError> {
        let bad = |reason: &'static str| ReadError::Square {
            input: text.to_string(),
            reason,
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
    type Err = ReadError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Square::parse(s)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// In the UI's contract a square is its name, as it is serialised ("H8").
#[cfg(feature = "contract")]
impl ts_rs::TS for Square {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(_: &ts_rs::Config) -> String {
        "string".to_owned()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        <Self as ts_rs::TS>::name(cfg)
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
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
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
    pub fn from_char(c: char) -> Result<Tile, ReadError> {
        if c.is_ascii_uppercase() {
            Ok(Tile::letter(c as u8))
        } else if c.is_ascii_lowercase() {
            Ok(Tile::blank(c.to_ascii_uppercase() as u8))
        } else {
            Err(ReadError::Letter { character: c })
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

/// In the UI's contract a tile is its letter, as it is serialised (`?` a blank on a rack).
#[cfg(feature = "contract")]
impl ts_rs::TS for Tile {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(_: &ts_rs::Config) -> String {
        "string".to_owned()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        <Self as ts_rs::TS>::name(cfg)
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
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Placement {
    pub square: Square,
    pub tile: Tile,
}

impl Placement {
    pub fn new(square: Square, tile: Tile) -> Placement {
        Placement { square, tile }
    }
}

/// What a square adds when a tile is placed on it this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Premium {
    #[default]
    None,
    DoubleLetter,
    TripleLetter,
    DoubleWord,
    TripleWord,
}

impl Premium {
    pub fn letter_multiplier(self) -> u32 {
        match self {
            Premium::DoubleLetter => 2,
            Premium::TripleLetter => 3,
            _ => 1,
        }
    }

    pub fn word_multiplier(self) -> u32 {
        match self {
            Premium::DoubleWord => 2,
            Premium::TripleWord => 3,
            _ => 1,
        }
    }

    /// The label printed on the square (`2L`, `3L`, `2W`, `3W`); `None` for a plain square.
    pub fn label(self) -> Option<&'static str> {
        match self {
            Premium::None => None,
            Premium::DoubleLetter => Some("2L"),
            Premium::TripleLetter => Some("3L"),
            Premium::DoubleWord => Some("2W"),
            Premium::TripleWord => Some("3W"),
        }
    }
}
