//! Leave values: what the tiles kept on the rack after a move are worth, in points.
//!
//! A leave's value is a sum of three small tables, shipped as data in `data/leaves-*.tsv`:
//! a value per tile kept (`tile`), a value per extra copy of a letter (`dup`, usually a
//! penalty), and a value for the leave's vowel/consonant balance (`balance V C`, with V
//! vowels and C consonants, blanks counted in neither). The tables are derived by the
//! project from self-play (see `examples/derive_leaves.rs` and `data/README.md`): a ridge
//! regression of the score a greedy player makes on its next turn on these features of the
//! leave it kept. Two options per table say how Hard uses it (`option weight W`, `option
//! exchange yes|no`); they were set from Hard-vs-greedy trials (see `data/README.md`).

use std::sync::OnceLock;

use wordclub_engine::LeaveTableId;

use crate::layout::Rack;

const VOWELS: [usize; 5] = [1, 5, 9, 15, 21]; // A E I O U

/// Feature count: 27 tiles, 27 duplicates, 8×8 balance cells.
pub(crate) const FEATURES: usize = 27 + 27 + 64;

/// A leave table for one rule set family, with how Hard uses it.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaveTable {
    pub tile: [f32; 27],
    pub dup: [f32; 27],
    pub balance: [[f32; 8]; 8],
    /// How much a point of leave value counts against a point scored now (`option weight`).
    pub weight: f32,
    /// Whether Hard exchanges when keeping part of its rack beats every move
    /// (`option exchange yes|no`).
    pub exchanges: bool,
}

pub(crate) fn is_vowel(l: usize) -> bool {
    VOWELS.contains(&l)
}

/// Feature vector of a leave (indices into the tables, with their counts).
pub(crate) fn features(leave: &Rack, out: &mut Vec<(usize, f64)>) {
    out.clear();
    let mut vowels = 0;
    let mut consonants = 0;
    for (l, &n) in leave.counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        out.push((l, n as f64));
        if n > 1 {
            out.push((27 + l, (n - 1) as f64));
        }
        if l == 0 {
            continue;
        }
        if is_vowel(l) {
            vowels += n as usize;
        } else {
            consonants += n as usize;
        }
    }
    out.push((54 + vowels.min(7) * 8 + consonants.min(7), 1.0));
}

impl LeaveTable {
    /// A table of zeros (every leave worth nothing: a pure score player).
    pub fn zero() -> LeaveTable {
        LeaveTable {
            tile: [0.0; 27],
            dup: [0.0; 27],
            balance: [[0.0; 8]; 8],
            weight: 1.0,
            exchanges: false,
        }
    }

    /// The value of keeping `leave`.
    #[inline]
    pub fn value(&self, leave: &Rack) -> f32 {
        let mut v = 0.0;
        let mut vowels = 0usize;
        let mut consonants = 0usize;
        for (l, &n) in leave.counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            v += self.tile[l] * n as f32;
            if n > 1 {
                v += self.dup[l] * (n - 1) as f32;
            }
            if l != 0 {
                if is_vowel(l) {
                    vowels += n as usize;
                } else {
                    consonants += n as usize;
                }
            }
        }
        v + self.balance[vowels.min(7)][consonants.min(7)]
    }

    /// The coefficient vector of this table (see `features`): what
    /// [`LeaveTable::from_coefficients`] reads.
    pub fn coefficients(&self) -> Vec<f64> {
        let mut beta = vec![0.0; FEATURES];
        for l in 0..27 {
            beta[l] = f64::from(self.tile[l]);
            beta[27 + l] = f64::from(self.dup[l]);
        }
        for v in 0..8 {
            for c in 0..8 {
                beta[54 + v * 8 + c] = f64::from(self.balance[v][c]);
            }
        }
        beta
    }

    /// From a fitted coefficient vector (see `features`).
    pub fn from_coefficients(beta: &[f64]) -> LeaveTable {
        let mut t = LeaveTable::zero();
        for l in 0..27 {
            t.tile[l] = beta[l] as f32;
            t.dup[l] = beta[27 + l] as f32;
        }
        for v in 0..8 {
            for c in 0..8 {
                t.balance[v][c] = beta[54 + v * 8 + c] as f32;
            }
        }
        t
    }

    /// Reads the shipped text form (`tile A 1.25`, `dup E -2.5`, `balance 2 3 1.0`; `#`
    /// comments). Unknown or malformed lines are an error naming the line.
    pub fn parse(text: &str) -> Result<LeaveTable, String> {
        let mut t = LeaveTable::zero();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = line.split_whitespace().collect();
            let bad = || format!("leave table line {}: {line:?}", i + 1);
            let letter = |s: &str| -> Option<usize> {
                match s.as_bytes() {
                    [b'?'] => Some(0),
                    [c @ b'A'..=b'Z'] => Some((c - b'A' + 1) as usize),
                    _ => None,
                }
            };
            match f.as_slice() {
                ["tile", l, v] => {
                    t.tile[letter(l).ok_or_else(bad)?] = v.parse().map_err(|_| bad())?
                }
                ["dup", l, v] => {
                    t.dup[letter(l).ok_or_else(bad)?] = v.parse().map_err(|_| bad())?
                }
                ["option", "weight", v] => t.weight = v.parse().map_err(|_| bad())?,
                ["option", "exchange", "yes"] => t.exchanges = true,
                ["option", "exchange", "no"] => t.exchanges = false,
                ["balance", a, b, v] => {
                    let a: usize = a.parse().map_err(|_| bad())?;
                    let b: usize = b.parse().map_err(|_| bad())?;
                    if a > 7 || b > 7 {
                        return Err(bad());
                    }
                    t.balance[a][b] = v.parse().map_err(|_| bad())?;
                }
                _ => return Err(bad()),
            }
        }
        Ok(t)
    }

    /// The text form [`LeaveTable::parse`] reads.
    pub fn to_text(&self, header: &str) -> String {
        let mut s = String::new();
        for line in header.lines() {
            s.push_str(&format!("# {line}\n"));
        }
        let name = |l: usize| {
            if l == 0 {
                '?'
            } else {
                (b'A' + l as u8 - 1) as char
            }
        };
        for l in 0..27 {
            s.push_str(&format!("tile {} {:.2}\n", name(l), self.tile[l]));
        }
        for l in 0..27 {
            s.push_str(&format!("dup {} {:.2}\n", name(l), self.dup[l]));
        }
        for v in 0..8 {
            for c in 0..8 {
                if v + c <= 7 {
                    s.push_str(&format!("balance {v} {c} {:.2}\n", self.balance[v][c]));
                }
            }
        }
        s
    }

    /// A shipped table (`data/leaves-NAME.tsv`), read once per process. Which one a rule set
    /// uses is in its data: see [`LeaveTable::for_rules`].
    pub fn shipped(id: LeaveTableId) -> &'static LeaveTable {
        static TABLES: OnceLock<[LeaveTable; 3]> = OnceLock::new();
        let tables = TABLES.get_or_init(|| {
            // The shipped files are checked by a unit test; a bad file would make Hard greedy.
            let read = |text: &str| LeaveTable::parse(text).unwrap_or_else(|_| LeaveTable::zero());
            [
                read(include_str!("../data/leaves-classic-15.tsv")),
                read(include_str!("../data/leaves-wordclub-1.1.tsv")),
                read(include_str!("../data/leaves-wordclub-1.0.tsv")),
            ]
        });
        match id {
            LeaveTableId::Classic15 => &tables[0],
            LeaveTableId::Wordclub11 => &tables[1],
            LeaveTableId::Wordclub10 => &tables[2],
        }
    }
}

/// Least squares with a small ridge term: accumulates `XᵀX` and `Xᵀy` from sparse rows.
pub(crate) struct Regression {
    xtx: Vec<f64>,
    xty: Vec<f64>,
    n: usize,
    pub samples: usize,
}

impl Regression {
    pub fn new(n: usize) -> Regression {
        Regression {
            xtx: vec![0.0; n * n],
            xty: vec![0.0; n],
            n,
            samples: 0,
        }
    }

    pub fn add(&mut self, x: &[(usize, f64)], y: f64) {
        for &(i, a) in x {
            self.xty[i] += a * y;
            for &(j, b) in x {
                self.xtx[i * self.n + j] += a * b;
            }
        }
        self.samples += 1;
    }

    /// Solves `(XᵀX + λI) β = Xᵀy` by Gaussian elimination with partial pivoting.
    pub fn solve(&self, lambda: f64) -> Vec<f64> {
        let n = self.n;
        let mut a = self.xtx.clone();
        let mut b = self.xty.clone();
        for i in 0..n {
            a[i * n + i] += lambda;
        }
        for col in 0..n {
            let pivot = (col..n)
                .max_by(|&x, &y| a[x * n + col].abs().total_cmp(&a[y * n + col].abs()))
                .unwrap_or(col);
            if a[pivot * n + col].abs() < 1e-12 {
                continue;
            }
            if pivot != col {
                for k in 0..n {
                    a.swap(col * n + k, pivot * n + k);
                }
                b.swap(col, pivot);
            }
            for row in col + 1..n {
                let f = a[row * n + col] / a[col * n + col];
                if f == 0.0 {
                    continue;
                }
                for k in col..n {
                    a[row * n + k] -= f * a[col * n + k];
                }
                b[row] -= f * b[col];
            }
        }
        let mut x = vec![0.0; n];
        for row in (0..n).rev() {
            let mut s = b[row];
            for k in row + 1..n {
                s -= a[row * n + k] * x[k];
            }
            let d = a[row * n + row];
            x[row] = if d.abs() < 1e-12 { 0.0 } else { s / d };
        }
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_tables_parse_and_value_the_blank_above_the_q() {
        for id in ["classic-15", "wordclub-1.1", "wordclub-1.0"] {
            let text = match id {
                "classic-15" => include_str!("../data/leaves-classic-15.tsv"),
                "wordclub-1.1" => include_str!("../data/leaves-wordclub-1.1.tsv"),
                _ => include_str!("../data/leaves-wordclub-1.0.tsv"),
            };
            LeaveTable::parse(text).unwrap();
        }
        assert!(LeaveTable::shipped(LeaveTableId::Classic15).exchanges);
        assert!(!LeaveTable::shipped(LeaveTableId::Wordclub11).exchanges);
        assert_eq!(LeaveTable::shipped(LeaveTableId::Wordclub11).weight, 0.5);
        let t = LeaveTable::shipped(LeaveTableId::Classic15);
        assert_eq!(
            &LeaveTable::from_coefficients(&t.coefficients()).tile,
            &t.tile
        );
        let q = Rack::parse("Q").unwrap();
        let blank = Rack::parse("?").unwrap();
        assert!(t.value(&blank) > t.value(&q));
        // A second E or I on the rack is a liability, and so is a leave of consonants only.
        assert!(t.dup[5] < 0.0 && t.dup[9] < 0.0);
        let consonants = Rack::parse("BCDF").unwrap();
        let balanced = Rack::parse("BCEA").unwrap();
        assert!(t.value(&balanced) > t.value(&consonants));
    }

    #[test]
    fn regression_recovers_a_known_linear_rule() {
        // y = 2·x0 − 3·x1 + 0.5·x2, exactly.
        let mut r = Regression::new(3);
        for i in 0..50 {
            let x = [
                (0, (i % 5) as f64),
                (1, (i % 3) as f64),
                (2, (i % 7) as f64),
            ];
            let y = 2.0 * x[0].1 - 3.0 * x[1].1 + 0.5 * x[2].1;
            r.add(&x, y);
        }
        let beta = r.solve(1e-9);
        assert!((beta[0] - 2.0).abs() < 1e-6 && (beta[1] + 3.0).abs() < 1e-6);
        assert!((beta[2] - 0.5).abs() < 1e-6);
    }

    #[test]
    fn malformed_lines_are_refused_with_their_number() {
        let err = LeaveTable::parse("tile A 1\nbogus line\n").unwrap_err();
        assert!(err.contains("line 2"), "{err}");
        assert!(LeaveTable::parse("balance 9 0 1.0").is_err());
    }
}
