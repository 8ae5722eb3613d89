//! Rack words (the Word Club hint): every word of a list spellable from a rack, found by a
//! depth-first walk of the list's `fst` that spends the rack's tiles, so the work grows with
//! the words reachable from the rack, not with the list.
use fst::raw::{Fst, Node};
use serde::Serialize;

use crate::LexiconError;

/// The most tiles a rack holds, under any rule set: the one owner of this limit. The engine
/// refuses a rule set whose `rack_size` is larger (and the rules lab's check names the field),
/// and any tile of a rack may be a blank, so every rack a playable rule set deals is one
/// [`crate::WordList::rack_words`] answers. 15 is the longest rack the move generator takes
/// (its widest board); the shipped rule sets deal 7.
pub const RACK_MAX: usize = 15;

/// A word spellable from a rack. Serialized (as `wordclub-cli words` prints it), `CAT` from
/// the rack `TA?` is `{"word":"CAT","blanks":[{"position":0,"letter":"C"}]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct RackWord {
    /// The word, upper-case `A`–`Z`.
    pub word: String,
    /// The blanks the word needs, in word order: as few as possible (a real tile is always
    /// used where one is left), and where a letter occurs more often in the word than on the
    /// rack, the real tiles take its earliest occurrences and the blanks the later ones.
    pub blanks: Vec<BlankUse>,
}

/// One blank of a [`RackWord`]: it stands for `letter` at `position` (0-based) of the word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct BlankUse {
    pub position: usize,
    pub letter: char,
}

/// A checked rack: how many of each letter, and how many blanks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rack {
    counts: [u8; 26],
    blanks: u8,
}

impl Rack {
    fn is_empty(&self) -> bool {
        self.blanks == 0 && self.counts.iter().all(|&c| c == 0)
    }

    /// Reads 1..=[`RACK_MAX`] tiles, letters in either case and `?` for a blank.
    pub(crate) fn parse(rack: &str) -> Result<Rack, LexiconError> {
        let bad = |reason: String| LexiconError::BadRack {
            rack: rack.to_string(),
            reason,
        };
        let mut parsed = Rack {
            counts: [0; 26],
            blanks: 0,
        };
        let mut tiles = 0usize;
        for c in rack.chars() {
            match c {
                'A'..='Z' | 'a'..='z' => {
                    parsed.counts[(c.to_ascii_uppercase() as u8 - b'A') as usize] += 1
                }
                '?' => parsed.blanks += 1,
                other => {
                    return Err(bad(format!(
                        "{other:?} is not a tile: use the letters A-Z and ? for a blank"
                    )))
                }
            }
            tiles += 1;
            if tiles > RACK_MAX {
                break;
            }
        }
        if tiles == 0 || tiles > RACK_MAX {
            let count = rack.chars().count();
            return Err(bad(format!(
                "a rack holds 1 to {RACK_MAX} tiles, this one has {count}"
            )));
        }
        Ok(parsed)
    }
}

/// Every word of `fst` spellable from `rack`, longest first, then alphabetically.
pub(crate) fn rack_words<D: AsRef<[u8]>>(fst: &Fst<D>, rack: Rack) -> Vec<RackWord> {
    let mut walk = Walk {
        fst,
        rack,
        word: Vec::with_capacity(RACK_MAX),
        blank_at: Vec::with_capacity(usize::from(rack.blanks)),
        found: Vec::new(),
    };
    walk.visit(fst.root());
    // The walk meets words in byte order, so a stable sort by length keeps them alphabetical.
    walk.found.sort_by_key(|w| std::cmp::Reverse(w.word.len()));
    walk.found
}

struct Walk<'f, D> {
    fst: &'f Fst<D>,
    /// What is left on the rack.
    rack: Rack,
    /// The path from the root: the word so far.
    word: Vec<u8>,
    /// Positions in `word` taken by blanks.
    blank_at: Vec<usize>,
    found: Vec<RackWord>,
}

impl<D: AsRef<[u8]>> Walk<'_, D> {
    fn visit(&mut self, node: Node<'_>) {
        if node.is_final() && !self.word.is_empty() {
            self.found.push(RackWord {
                word: self.word.iter().map(|&b| char::from(b)).collect(),
                blanks: self
                    .blank_at
                    .iter()
                    .map(|&position| BlankUse {
                        position,
                        letter: self.word[position] as char,
                    })
                    .collect(),
            });
        }
        if self.rack.is_empty() {
            return;
        }
        if self.rack.blanks > 0 {
            // A blank can be any letter: every transition may lead somewhere.
            for t in node.transitions() {
                if let Some(letter) = t.inp.checked_sub(b'A').filter(|&l| l < 26) {
                    self.step(usize::from(letter), t.addr);
                } // keys are A-Z by construction; anything else cannot be spelled
            }
        } else {
            // Only the letters left on the rack: look each up instead of decoding every
            // transition. Ascending letters keep the walk in byte order.
            for letter in 0..26 {
                if self.rack.counts[letter] > 0 {
                    if let Some(i) = node.find_input(b'A' + letter as u8) {
                        self.step(letter, node.transition_addr(i));
                    }
                }
            }
        }
    }

    /// Spends a tile on `letter` (a real one whenever one is left: each word is then reached
    /// by exactly one path, the one with the fewest blanks), visits `addr`, and takes it back.
    fn step(&mut self, letter: usize, addr: fst::raw::CompiledAddr) {
        let real = self.rack.counts[letter] > 0;
        if real {
            self.rack.counts[letter] -= 1;
        } else if self.rack.blanks > 0 {
            self.rack.blanks -= 1;
            self.blank_at.push(self.word.len());
        } else {
            return;
        }
        self.word.push(b'A' + letter as u8);
        self.visit(self.fst.node(addr));
        self.word.pop();
        if real {
            self.rack.counts[letter] += 1;
        } else {
            self.rack.blanks += 1;
            self.blank_at.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_letters_in_either_case_and_blanks() {
        let r = Rack::parse("aE?z").unwrap();
        assert_eq!(r.counts[0], 1);
        assert_eq!(r.counts[4], 1);
        assert_eq!(r.counts[25], 1);
        assert_eq!(r.blanks, 1);
    }

    #[test]
    fn refuses_bad_racks_with_a_reason() {
        for (rack, says) in [
            ("", "1 to 15 tiles"),
            ("ABCDEFGHIJKLMNOP", "this one has 16"),
            ("????????????????", "this one has 16"),
            ("AB3", "'3' is not a tile"),
            ("A B", "' ' is not a tile"),
            ("É", "'É' is not a tile"),
        ] {
            let err = Rack::parse(rack).unwrap_err();
            assert_eq!(err.kind(), "bad_rack", "{rack}");
            assert!(err.to_string().contains(says), "{rack}: {err}");
        }
    }
}
