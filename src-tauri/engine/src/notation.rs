//! CGP positions and GCG move notation.
//!
//! CGP: board rows joined by `/` (digits for runs of empty squares, lower case for blanks),
//! then optionally the racks (`/`-separated, the player to move first, `?` for a blank), the
//! scores (`/`-separated), the count of consecutive scoreless turns and opcodes
//! (`lex wordclub; rules classic-15;`).
//!
//! GCG moves: `8H CAT` across from H8, `H8 CAT` down; `.` for a letter already on the board
//! (`8H ...S`), lower case for a blank.
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::error::EngineError;
use crate::rules::RuleSet;
use crate::types::{Direction, Placement, Square, Tile, BLANK};

/// A parsed CGP position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Cgp {
    /// Row by row, `None` for an empty square.
    pub rows: Vec<Vec<Option<Tile>>>,
    /// Racks as rack text (`A`–`Z`, `?`), the player to move first; may be empty.
    pub racks: Vec<String>,
    pub scores: Vec<i32>,
    pub scoreless_turns: u32,
    /// Opcodes in order, e.g. `("lex", "wordclub")`.
    pub opcodes: Vec<(String, String)>,
}

fn notation_error(input: &str, reason: impl Into<String>) -> EngineError {
    EngineError::Notation {
        input: input.to_string(),
        reason: reason.into(),
    }
}

impl Cgp {
    pub fn parse(text: &str) -> Result<Cgp, EngineError> {
        let text = text.trim();
        let (board_part, rest) = match text.split_once(char::is_whitespace) {
            Some((b, r)) => (b, r.trim_start()),
            None => (text, ""),
        };
        if board_part.is_empty() {
            return Err(notation_error(text, "empty position"));
        }
        let mut rows = Vec::new();
        for row_text in board_part.split('/') {
            let mut row = Vec::new();
            let mut digits = String::new();
            let flush = |digits: &mut String, row: &mut Vec<Option<Tile>>| {
                if !digits.is_empty() {
                    let n: usize = digits.parse().unwrap_or(0);
                    row.extend(std::iter::repeat_n(None, n));
                    digits.clear();
                }
            };
            for c in row_text.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                } else {
                    flush(&mut digits, &mut row);
                    if c.is_ascii_alphabetic() {
                        row.push(Some(Tile::from_char(c)?));
                    } else {
                        return Err(notation_error(
                            row_text,
                            format!("{c:?} is not a letter or a digit"),
                        ));
                    }
                }
                if row.len() > 26 || digits.len() > 2 {
                    return Err(notation_error(row_text, "row too long"));
                }
            }
            flush(&mut digits, &mut row);
            rows.push(row);
        }
        let width = rows[0].len();
        if rows.len() > 26 || rows.iter().any(|r| r.len() != width) || width != rows.len() {
            return Err(notation_error(
                board_part,
                "the board must be square (every row as long as the number of rows)",
            ));
        }
        let mut cgp = Cgp {
            rows,
            racks: Vec::new(),
            scores: Vec::new(),
            scoreless_turns: 0,
            opcodes: Vec::new(),
        };
        // Fields before the opcodes: racks, scores, scoreless-turn count.
        let mut rest = rest;
        let mut field = 0;
        while !rest.is_empty() && field < 3 {
            let (token, after) = match rest.split_once(char::is_whitespace) {
                Some((t, a)) => (t, a.trim_start()),
                None => (rest, ""),
            };
            // An opcode starts with a letter-only name followed by a value and a ';'.
            if token.chars().all(|c| c.is_ascii_lowercase()) && after.contains(';') && field > 0 {
                break;
            }
            match field {
                0 => {
                    if !token.contains('/') && token.chars().all(|c| c.is_ascii_lowercase()) {
                        break; // no racks: this is an opcode name
                    }
                    for rack in token.split('/') {
                        for c in rack.chars() {
                            if !(c.is_ascii_uppercase() || c == '?') {
                                return Err(notation_error(
                                    token,
                                    format!("{c:?} in a rack: racks hold A–Z and ? only"),
                                ));
                            }
                        }
                        cgp.racks.push(rack.to_string());
                    }
                }
                1 => {
                    for s in token.split('/') {
                        cgp.scores.push(
                            s.parse()
                                .map_err(|_| notation_error(token, "scores are whole numbers"))?,
                        );
                    }
                }
                _ => {
                    cgp.scoreless_turns = token.parse().map_err(|_| {
                        notation_error(token, "the scoreless-turn count is a whole number")
                    })?;
                }
            }
            field += 1;
            rest = after;
        }
        for op in rest.split(';') {
            let op = op.trim();
            if op.is_empty() {
                continue;
            }
            let (name, value) = match op.split_once(char::is_whitespace) {
                Some((n, v)) => (n, v.trim()),
                None => (op, ""),
            };
            cgp.opcodes.push((name.to_string(), value.to_string()));
        }
        Ok(cgp)
    }

    /// The value of the first opcode with this name (`lex`, `rules`).
    pub fn opcode(&self, name: &str) -> Option<&str> {
        self.opcodes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// The board laid out by `rules`, refused when the sizes differ.
    pub fn board(&self, rules: &RuleSet) -> Result<Board, EngineError> {
        let n = rules.board_size as usize;
        if self.rows.len() != n {
            return Err(EngineError::Notation {
                input: format!("{}×{} board", self.rows.len(), self.rows.len()),
                reason: format!("{} is played on a {n}×{n} board", rules.id),
            });
        }
        let mut board = Board::new(rules);
        for (r, row) in self.rows.iter().enumerate() {
            for (c, t) in row.iter().enumerate() {
                if let Some(t) = t {
                    board.place(Square::new(r as u8, c as u8), *t)?;
                }
            }
        }
        Ok(board)
    }

    /// Writes a position; empty racks/scores are written only when a later field needs them.
    pub fn format(
        board: &Board,
        racks: &[String],
        scores: &[i32],
        scoreless_turns: u32,
        opcodes: &[(String, String)],
    ) -> String {
        let rows: Vec<String> = board
            .rows()
            .iter()
            .map(|row| {
                let mut out = String::new();
                let mut run = 0;
                for c in row.chars() {
                    if c == '.' {
                        run += 1;
                    } else {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(c);
                    }
                }
                if run > 0 {
                    out.push_str(&run.to_string());
                }
                out
            })
            .collect();
        let mut text = rows.join("/");
        text.push(' ');
        text.push_str(&racks.join("/"));
        if racks.is_empty() {
            text.push('/');
        }
        text.push(' ');
        let scores: Vec<String> = scores.iter().map(|s| s.to_string()).collect();
        text.push_str(&if scores.is_empty() {
            "0/0".to_string()
        } else {
            scores.join("/")
        });
        text.push_str(&format!(" {scoreless_turns}"));
        for (name, value) in opcodes {
            text.push_str(&format!(" {name} {value};"));
        }
        text
    }
}

/// The start of the `#note` line a GCG record of a match whose seats start with points
/// (`RuleSet::start_points`) carries before its first move, then `nick points` per seat,
/// comma-separated: `#note Start points (counted in the totals): Ann 0, Ben 5`. GCG has no
/// field for it; the totals on the move lines include these points, and a reader that knows
/// the line (the analyser's GCG import) starts each seat's total from them.
pub const GCG_START_POINTS_NOTE: &str = "#note Start points (counted in the totals):";

/// The start of the `#note` line a GCG record carries, after the start points', when the
/// players gave seats a head start (`PlayerSpec::head_start`): `#note Head start (counted in
/// the totals): Ann 0, Ben 60`. A line of its own, so a record says which points the rule
/// set gave and which the table chose; the analyser's GCG import adds both to each seat's
/// first total.
pub const GCG_HEAD_START_NOTE: &str = "#note Head start (counted in the totals):";

/// The `#note` that follows a lost turn's pass line in a GCG record: under "lose the next
/// turn" (`ChallengePenalty::LoseTurn`) a failed challenger's next turn is written as GCG
/// writes a turn with no move, `>Cal: RACK - +0 TOTAL`, and this note says it was no choice
/// of theirs, so the analyser's GCG import skips it as the match's own replay does, and the
/// turns after it keep the match's numbers. `nick` is the challenger's.
pub fn gcg_lost_turn_note(nick: &str) -> String {
    format!("#note {nick}{GCG_LOST_TURN_SUFFIX}")
}

const GCG_LOST_TURN_SUFFIX: &str = " lost this turn to a failed challenge";

/// Reads a [`gcg_lost_turn_note`] back: the nick it names, `None` for any other line.
pub fn parse_gcg_lost_turn_note(line: &str) -> Option<&str> {
    line.trim()
        .strip_prefix("#note ")?
        .strip_suffix(GCG_LOST_TURN_SUFFIX)
        .filter(|nick| !nick.is_empty() && !nick.contains(char::is_whitespace))
}

/// The `#note` line naming each seat's start points (`nicks` in playing order), `None` when
/// every seat starts at 0 (the line is then left out, as records had it before).
pub fn gcg_start_points_note(nicks: &[String], points: &[i32]) -> Option<String> {
    points_note(GCG_START_POINTS_NOTE, nicks, points)
}

/// The `#note` line naming each seat's head start, `None` when no seat has one.
pub fn gcg_head_start_note(nicks: &[String], points: &[i32]) -> Option<String> {
    points_note(GCG_HEAD_START_NOTE, nicks, points)
}

fn points_note(prefix: &str, nicks: &[String], points: &[i32]) -> Option<String> {
    if nicks
        .iter()
        .enumerate()
        .all(|(s, _)| points.get(s).copied().unwrap_or(0) == 0)
    {
        return None;
    }
    let seats: Vec<String> = nicks
        .iter()
        .enumerate()
        .map(|(s, nick)| format!("{nick} {}", points.get(s).copied().unwrap_or(0)))
        .collect();
    Some(format!("{prefix} {}", seats.join(", ")))
}

/// Reads a [`gcg_start_points_note`] line back as `(nick, points)` pairs; `None` for any other
/// line, an error naming what is wrong for a line that starts like one but does not read.
pub fn parse_gcg_start_points_note(line: &str) -> Option<Result<Vec<(String, i32)>, String>> {
    parse_points_note(GCG_START_POINTS_NOTE, "start points", line)
}

/// Reads a [`gcg_head_start_note`] line back, as [`parse_gcg_start_points_note`] does.
pub fn parse_gcg_head_start_note(line: &str) -> Option<Result<Vec<(String, i32)>, String>> {
    parse_points_note(GCG_HEAD_START_NOTE, "head starts", line)
}

fn parse_points_note(
    prefix: &str,
    what: &str,
    line: &str,
) -> Option<Result<Vec<(String, i32)>, String>> {
    let rest = line.trim().strip_prefix(prefix)?;
    Some(
        rest.split(',')
            .map(|seat| {
                let mut parts = seat.split_whitespace();
                match (
                    parts.next(),
                    parts.next().map(str::parse::<i32>),
                    parts.next(),
                ) {
                    (Some(nick), Some(Ok(points)), None) => Ok((nick.to_string(), points)),
                    _ => Err(format!(
                        "{what} are `nick points` per seat, not {:?}",
                        seat.trim()
                    )),
                }
            })
            .collect(),
    )
}

/// A GCG move as written: where the word starts, its direction and its letters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GcgMove {
    pub start: Square,
    pub direction: Direction,
    /// Letters as written: `.` through-tile, upper case letter, lower case blank.
    pub word: String,
}

impl GcgMove {
    /// Parses `8H CAT` / `H8 CAT` / `8H ...S`.
    pub fn parse(text: &str) -> Result<GcgMove, EngineError> {
        let t = text.trim();
        let (pos, word) = t
            .split_once(char::is_whitespace)
            .ok_or_else(|| notation_error(t, "a move is a position then a word, e.g. 8H CAT"))?;
        let word = word.trim();
        let (start, direction) = parse_position(pos)?;
        if word.is_empty() {
            return Err(notation_error(t, "the move has no letters"));
        }
        Ok(GcgMove {
            start,
            direction,
            word: word.to_string(),
        })
    }

    /// The tiles this move places on `board`. A `.` must sit on a filled square; a letter on a
    /// filled square is accepted as a through-tile when it matches, else the square is occupied.
    pub fn placements(&self, board: &Board) -> Result<Vec<Placement>, EngineError> {
        let mut out = Vec::new();
        let size = board.size();
        for (i, c) in self.word.chars().enumerate() {
            let sq = self
                .start
                .step(self.direction, i as i32, size)
                .filter(|s| board.contains(*s))
                .ok_or_else(|| EngineError::OffBoard {
                    square: describe_offboard(self.start, self.direction, i),
                    size,
                })?;
            let existing = board.get(sq);
            match c {
                '.' => {
                    if existing.is_none() {
                        return Err(notation_error(
                            &self.word,
                            format!("'.' at {sq} but that square is empty"),
                        ));
                    }
                }
                '?' => return Err(EngineError::BlankWithoutLetter { square: sq }),
                c => {
                    let tile = Tile::from_char(c)?;
                    match existing {
                        Some(t) if t.letter == tile.letter => {}
                        Some(_) => return Err(EngineError::SquareOccupied { square: sq }),
                        None => out.push(Placement::new(sq, tile)),
                    }
                }
            }
        }
        Ok(out)
    }
}

fn describe_offboard(start: Square, direction: Direction, i: usize) -> String {
    let (r, c) = match direction {
        Direction::Across => (start.row as usize, start.col as usize + i),
        Direction::Down => (start.row as usize + i, start.col as usize),
    };
    if c < 26 {
        format!("{}{}", (b'A' + c as u8) as char, r + 1)
    } else {
        format!("column {} row {}", c + 1, r + 1)
    }
}

/// `8H` → (H8, across); `H8` → (H8, down).
pub fn parse_position(pos: &str) -> Result<(Square, Direction), EngineError> {
    let bad = || notation_error(pos, "a position is 8H (across) or H8 (down)");
    let first = pos.chars().next().ok_or_else(bad)?;
    if !first.is_ascii_alphanumeric() {
        return Err(bad());
    }
    let (letter, digits, direction) = if first.is_ascii_digit() {
        let split = pos.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        (&pos[split..], &pos[..split], Direction::Across)
    } else {
        (&pos[..1], &pos[1..], Direction::Down)
    };
    if letter.len() != 1 || !letter.as_bytes()[0].is_ascii_alphabetic() {
        return Err(bad());
    }
    let row: u8 = digits.parse().map_err(|_| bad())?;
    if row == 0 {
        return Err(bad());
    }
    let col = letter.as_bytes()[0].to_ascii_uppercase() - b'A';
    Ok((Square::new(row - 1, col), direction))
}

/// Parses rack text (`A`–`Z`, `?` for a blank; lower case folded) into rack bytes.
pub fn parse_rack(text: &str) -> Result<Vec<u8>, EngineError> {
    text.trim()
        .chars()
        .map(|c| {
            if c == '?' {
                Ok(BLANK)
            } else if c.is_ascii_alphabetic() {
                Ok(c.to_ascii_uppercase() as u8)
            } else {
                Err(EngineError::InvalidLetter { character: c })
            }
        })
        .collect()
}

/// Rack bytes as text.
pub fn rack_text(rack: &[u8]) -> String {
    rack.iter().map(|&b| b as char).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn positions_parse_both_ways() {
        assert_eq!(
            parse_position("8H").unwrap(),
            (Square::new(7, 7), Direction::Across)
        );
        assert_eq!(
            parse_position("h8").unwrap(),
            (Square::new(7, 7), Direction::Down)
        );
        assert_eq!(
            parse_position("15A").unwrap(),
            (Square::new(14, 0), Direction::Across)
        );
        for bad in ["", "H", "8", "0H", "H0", "éH", "8é", "HH8", "8HH", "-1A"] {
            assert_eq!(parse_position(bad).unwrap_err().kind(), "notation", "{bad}");
        }
    }

    /// Arbitrary text never panics any parser; it is read or refused with a typed error.
    #[test]
    fn random_text_never_panics() {
        let alphabet: Vec<char> = "AZaz09/ .;?-é8H15\tx".chars().collect();
        let mut rng = StdRng::seed_from_u64(3);
        let rules = RuleSet::builtin("wordclub-1.0").unwrap();
        let board = Board::new(&rules);
        for _ in 0..20_000 {
            let len = rng.gen_range(0..24);
            let text: String = (0..len)
                .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
                .collect();
            if let Ok(cgp) = Cgp::parse(&text) {
                let _ = cgp.board(&rules);
            }
            if let Ok(mv) = GcgMove::parse(&text) {
                let _ = mv.placements(&board);
            }
            let _ = Square::parse(&text);
            let _ = parse_rack(&text);
        }
    }
}
