//! The generator's compact view of a rule set and a position: only what move generation and
//! scoring need, in flat arrays indexed `row * size + col`.

use crate::error::MovegenError;

/// Largest board side the generator handles, and the longest rack it takes: the engine's
/// largest board ([`wordclub_engine::MAX_BOARD`]), which no new match exceeds. Its arrays are
/// sized by it; `gen` asserts that the longest rack fits them.
pub const MAX_SIZE: usize = wordclub_engine::MAX_BOARD as usize;

/// Tile code of a blank standing for a letter: the letter code (1..=26) with this bit set.
pub const BLANK_BIT: u8 = 0x80;

/// Letter code (1..=26) of an `A`–`Z` byte of either case.
#[inline]
pub fn code_of(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A' + 1),
        b'a'..=b'z' => Some(c - b'a' + 1),
        _ => None,
    }
}

/// Upper-case byte of a letter code (1..=26).
#[inline]
pub fn letter_of(code: u8) -> u8 {
    b'A' + (code & 0x1f) - 1
}

/// What the generator needs from a rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub size: usize,
    /// Star square as (row, col), 0-based.
    pub star: (usize, usize),
    /// Letter multiplier per square (1 on plain squares).
    pub letter_mult: Vec<u8>,
    /// Word multiplier per square (1 on plain squares).
    pub word_mult: Vec<u8>,
    /// Tile values: index 0 is the blank, 1..=26 are A..Z.
    pub values: [u8; 27],
    pub rack_size: usize,
    /// Bonus for playing `rack_size` tiles in one move (0 when the rule set has none).
    pub bingo_bonus: i32,
}

impl Layout {
    /// A layout with plain squares; premiums can be set afterwards.
    pub fn plain(
        size: usize,
        star: (usize, usize),
        values: [u8; 27],
        rack_size: usize,
    ) -> Result<Layout, MovegenError> {
        if !(2..=MAX_SIZE).contains(&size) {
            return Err(MovegenError::BoardSize { size });
        }
        if star.0 >= size || star.1 >= size {
            return Err(MovegenError::BoardSize { size });
        }
        Ok(Layout {
            size,
            star,
            letter_mult: vec![1; size * size],
            word_mult: vec![1; size * size],
            values,
            rack_size,
            bingo_bonus: 0,
        })
    }

    /// True when the premiums are symmetric about the main diagonal (then openings are listed
    /// across only).
    pub fn is_diagonal_symmetric(&self) -> bool {
        let n = self.size;
        (0..n).all(|r| {
            (0..n).all(|c| {
                self.letter_mult[r * n + c] == self.letter_mult[c * n + r]
                    && self.word_mult[r * n + c] == self.word_mult[c * n + r]
            })
        }) && self.star.0 == self.star.1
    }
}

/// Board contents: 0 for an empty square, a letter code, or a letter code with
/// `BLANK_BIT` for a blank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    pub size: usize,
    pub cells: Vec<u8>,
}

impl Grid {
    pub fn empty(size: usize) -> Grid {
        Grid {
            size,
            cells: vec![0; size * size],
        }
    }

    #[inline]
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.size + col]
    }

    pub fn set(&mut self, row: usize, col: usize, tile: u8) {
        self.cells[row * self.size + col] = tile;
    }

    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(|&c| c == 0)
    }
}

/// A rack as tile counts: index 0 is the blank, 1..=26 are A..Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, PartialOrd, Ord)]
pub struct Rack {
    pub counts: [u8; 27],
}

impl Rack {
    /// Parses `AB?C` (`?` or `_` for a blank; letters of either case).
    pub fn parse(text: &str) -> Result<Rack, MovegenError> {
        let mut rack = Rack::default();
        for c in text.bytes() {
            match c {
                b'?' | b'_' => rack.counts[0] += 1,
                _ => match code_of(c) {
                    Some(code) => rack.counts[code as usize] += 1,
                    None => {
                        return Err(MovegenError::Rack {
                            rack: text.to_string(),
                            reason: format!("{:?} is not a letter or ?", c as char),
                        })
                    }
                },
            }
        }
        Ok(rack)
    }

    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Letters in order, blanks as `?` at the end.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for code in 1..27u8 {
            for _ in 0..self.counts[code as usize] {
                s.push(letter_of(code) as char);
            }
        }
        for _ in 0..self.counts[0] {
            s.push('?');
        }
        s
    }

    /// Number of distinct sub-multisets of `fewest..=most` tiles: the distinct exchanges of
    /// this rack when the rule set allows that many (`RuleSet::exchange_range`).
    pub fn distinct_exchanges(&self, fewest: usize, most: usize) -> usize {
        // ways[k]: the distinct sub-multisets of k tiles of the letters counted so far.
        let mut ways = vec![0usize; self.len() + 1];
        ways[0] = 1;
        for &n in &self.counts {
            for k in (0..ways.len()).rev() {
                // Taking 1..=n more copies of this letter onto a choice of k - take tiles.
                let extra: usize = (1..=(n as usize).min(k)).map(|take| ways[k - take]).sum();
                ways[k] += extra;
            }
        }
        ways.iter().take(most.saturating_add(1)).skip(fewest).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_exchanges_count_each_choice_of_tiles_once_by_size() {
        let rack = Rack::parse("AAB?").unwrap();
        // One tile: A, B, ?. Two: AA AB A? B?. Three: AAB AA? AB?. Four: the rack.
        assert_eq!(rack.distinct_exchanges(1, 1), 3);
        assert_eq!(rack.distinct_exchanges(2, 2), 4);
        assert_eq!(rack.distinct_exchanges(3, 3), 3);
        assert_eq!(rack.distinct_exchanges(4, 4), 1);
        assert_eq!(rack.distinct_exchanges(1, 4), 3 * 2 * 2 - 1);
        assert_eq!(rack.distinct_exchanges(1, 99), 11);
        assert_eq!(rack.distinct_exchanges(5, 7), 0);
    }
}
