//! A generated placement and its GCG notation.

use std::cmp::Ordering;
use std::fmt;

use crate::layout::{letter_of, Grid, BLANK_BIT, MAX_SIZE};

/// One legal placement. `tiles[i]` is the square `i` steps from the start: 0 for a tile
/// already on the board, else the letter code placed (with `BLANK_BIT` for a blank).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub row: u8,
    pub col: u8,
    pub down: bool,
    pub len: u8,
    pub tiles: [u8; MAX_SIZE],
    pub score: i32,
}

impl Move {
    /// The move's main word with every letter spelled out (board tiles filled in from `grid`);
    /// the analysis names a move by it when the scorer gives no word.
    pub fn word_on(&self, grid: &Grid) -> String {
        self.squares()
            .zip(self.tiles.iter())
            .map(|((r, c), &t)| {
                let t = if t == 0 { grid.get(r, c) } else { t };
                letter_of(t) as char
            })
            .collect()
    }

    /// The squares (row, col) this move spans, first to last.
    pub fn squares(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len as usize).map(move |i| {
            if self.down {
                (self.row as usize + i, self.col as usize)
            } else {
                (self.row as usize, self.col as usize + i)
            }
        })
    }

    /// The tiles placed this turn: (row, col, tile code).
    pub fn placed(&self) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        self.squares()
            .zip(self.tiles.iter())
            .filter(|(_, &t)| t != 0)
            .map(|((r, c), &t)| (r, c, t))
    }

    /// The coordinate part of the notation: `8H` across, `H8` down.
    fn write_coordinate(&self, out: &mut [u8; 24]) -> usize {
        let col = b'A' + self.col;
        let row = self.row + 1;
        let mut n = 0;
        let push_row = |out: &mut [u8; 24], n: &mut usize| {
            if row >= 10 {
                out[*n] = b'0' + row / 10;
                *n += 1;
            }
            out[*n] = b'0' + row % 10;
            *n += 1;
        };
        if self.down {
            out[n] = col;
            n += 1;
            push_row(out, &mut n);
        } else {
            push_row(out, &mut n);
            out[n] = col;
            n += 1;
        }
        n
    }

    /// GCG notation without allocating: `8H CA.`, blanks in lower case, `.` for board tiles.
    pub fn notation_bytes(&self) -> ([u8; 24], usize) {
        let mut out = [0u8; 24];
        let mut n = self.write_coordinate(&mut out);
        out[n] = b' ';
        n += 1;
        for &t in &self.tiles[..self.len as usize] {
            out[n] = match t {
                0 => b'.',
                t if t & BLANK_BIT != 0 => letter_of(t).to_ascii_lowercase(),
                t => letter_of(t),
            };
            n += 1;
        }
        (out, n)
    }

    /// GCG notation: `8H CAT`, `H8 CAT`, `.` for tiles already on the board.
    pub fn notation(&self) -> String {
        let (bytes, n) = self.notation_bytes();
        String::from_utf8_lossy(&bytes[..n]).into_owned()
    }

    /// The list order: score descending, then notation ascending (byte order).
    pub fn list_order(a: &Move, b: &Move) -> Ordering {
        b.score.cmp(&a.score).then_with(|| {
            let (x, xn) = a.notation_bytes();
            let (y, yn) = b.notation_bytes();
            x[..xn].cmp(&y[..yn])
        })
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.notation(), self.score)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// Sorts moves into the list order (score descending, then notation).
pub fn sort_moves(moves: &mut [Move]) {
    moves.sort_unstable_by(Move::list_order);
}
