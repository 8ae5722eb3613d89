//! The turns of a GCG game record from elsewhere (Quackle, Woogles, Word Club's own export),
//! so the analyser can be checked against other tools.
//!
//! Read:
//! - `#player1`/`#player2` (nick, then the full name), and `#player3`/`#player4`, Word Club's
//!   extension for a table of three or four: in order, before the first move. The record is
//!   read under the rule set made flat for that many players ([`RuleSet::at_table`], which
//!   refuses a count the rule set does not seat).
//! - Each move line: `>nick: RACK 8H WORD +score total` (a placement), `>nick: RACK -ABC +0
//!   total` (an exchange), `>nick: RACK - +0 total` (a pass), `>nick: RACK -- -score total`
//!   (the newest move withdrawn after a challenge: the board goes back and that turn counts
//!   as scoring nothing; `-- -0` for an exchange or a pass).
//! - Word Club's take-back: the same `--` line followed by `#note NICK took this move back`
//!   (or `#note NICK's reply was withdrawn with …`, a computer's reply that went with it). That
//!   turn is gone, as the match's own replay has it, and the move played instead follows.
//! - `#note NICK resigned`: a turn of its own (the engine numbers resignations as turns); no
//!   later move line may come from that seat.
//! - A turn a failed challenge cost (Word Club's "lose the next turn"): a pass line followed
//!   by `#note NICK lost this turn to a failed challenge` (the engine's
//!   [`wordclub_engine::gcg_lost_turn_note`]). A turn in the numbering, as the engine has it,
//!   but no choice of the player's, so no position; a take-back's `--` may withdraw it.
//!
//! Lines in parentheses — end-of-game rack points `(RACK)`, `(challenge)` bonuses, `(time)`
//! penalties — and other `#` lines change no position and are skipped.
//!
//! Seats that start with points (Word Club's export writes `#note Start points (counted in
//! the totals): Ann 0, Ben 5`, the engine's `GCG_START_POINTS_NOTE`, before the first move)
//! start their totals there. Every line's points (`+score`, `-score`, end-of-game and
//! challenge points alike) add to its seat's total, which must be the total the line
//! records: a record whose totals do not add up (a start point left out) is refused by line.
//!
//! The bag is not in a GCG record: it is worked out by the engine ([`RuleSet::bag_left`]) as
//! the rule set's tiles minus the board, minus the rack to move, minus a full rack for each
//! other seat (fewer when fewer are left). A seat that resigned counts too: it took its rack
//! out of play, and that rack was full whenever the bag still holds tiles (every rack is
//! refilled while it does). Whether the player could exchange is the engine's rule for that
//! bag and rack ([`RuleSet::exchange_range`]).
//! Every placement is scored by the engine and must score what the record says; its words
//! are not checked against the list (the record may come from another lexicon).
use wordclub_engine::{score_placement, Board, GcgMove, RuleSet, Seat, MAX_PLAYERS};

use super::{AnalysisError, Played, TurnPosition};

/// A GCG record read into positions: the players' names and every move turn.
#[derive(Debug, Clone)]
pub struct GcgRecord {
    pub names: Vec<String>,
    /// The rule set as a table of this many players plays it ([`RuleSet::at_table`]): what
    /// the record was read under, and so what its analysis must use.
    pub rules: RuleSet,
    pub positions: Vec<TurnPosition>,
    /// Each seat's start points (the start-points note; 0 without one).
    pub start_points: Vec<i32>,
    /// Each seat's head start (Word Club's head-start note; 0 without one).
    pub head_starts: Vec<i32>,
    /// Each seat's total at the record's end: its start points, its head start and every
    /// line's points.
    pub scores: Vec<i64>,
}

/// The points a move line adds and the total it records (its last two tokens:
/// `+24 250`, `-3 190`), when it has them.
fn line_points(tokens: &[&str]) -> Option<(i64, i64)> {
    match tokens {
        [.., points, total] if points.starts_with(['+', '-']) => {
            Some((points.parse().ok()?, total.parse().ok()?))
        }
        _ => None,
    }
}

fn gcg_error(line: usize, reason: impl Into<String>) -> AnalysisError {
    AnalysisError::Gcg {
        line,
        reason: reason.into(),
    }
}

/// The seat a Word Club take-back note names (`#note Ann took this move back`, `#note Cal's
/// reply was withdrawn with Ann's take-back`), as its export writes them after a `--` line.
fn take_back_note<'a>(line: &'a str, nicks: &[String]) -> Option<&'a str> {
    let note = line.strip_prefix("#note ")?;
    let nick = note.strip_suffix(" took this move back").or_else(|| {
        note.split_once("'s reply was withdrawn with ")
            .map(|(n, _)| n)
    })?;
    nicks.iter().any(|n| n == nick).then_some(nick)
}

/// The table the first move line opens: the rule set at this many seats, and its empty board.
fn open_table(
    rules: &RuleSet,
    seats: usize,
    line: usize,
) -> Result<(RuleSet, Board), AnalysisError> {
    if seats == 0 {
        return Err(gcg_error(
            line,
            "the record names no #player before its moves",
        ));
    }
    let flat = rules.at_table(seats).map_err(|e| {
        let lines = if seats == 1 { "line" } else { "lines" };
        gcg_error(line, format!("the record has {seats} #player {lines}: {e}"))
    })?;
    let board = Board::new(&flat);
    Ok((flat, board))
}

/// Reads a GCG record of as many players as `rules` seats (two to four; `#player1` alone for
/// a solo rule set) under `rules` made flat for that table.
pub fn positions_of_gcg(text: &str, rules: &RuleSet) -> Result<GcgRecord, AnalysisError> {
    let mut nicks: Vec<String> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    // Opened by the first move line, once every #player is known.
    let mut table: Option<(RuleSet, Board)> = None;
    let mut positions: Vec<TurnPosition> = Vec::new();
    // Per move line still standing, newest last: its position (none for a lost turn) and the
    // board before it, so a `--` line can withdraw it.
    let mut undo: Vec<(Option<usize>, Board)> = Vec::new();
    // Turns a failed challenge cost so far: numbered, with no position.
    let mut lost_turns = 0u32;
    // The position the previous line withdrew (`--`), which a take-back note removes.
    let mut withdrawn: Option<usize> = None;
    let mut resigned: Vec<bool> = Vec::new();
    let mut resignations = 0u32;
    let mut start_notes: Vec<(String, i32)> = Vec::new();
    let mut head_notes: Vec<(String, i32)> = Vec::new();
    // Per seat, the total so far; the start points join it when the first move opens the table.
    let mut totals: Vec<i64> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if let Some(note) = wordclub_engine::parse_gcg_start_points_note(line) {
            if table.is_some() {
                return Err(gcg_error(
                    line_no,
                    "the start points come before the first move",
                ));
            }
            start_notes = note.map_err(|reason| gcg_error(line_no, reason))?;
            for (nick, _) in &start_notes {
                if !nicks.contains(nick) {
                    return Err(gcg_error(
                        line_no,
                        format!("the start points name {nick:?}, not a #player"),
                    ));
                }
            }
            continue;
        }
        // The head starts (Word Club's own note): counted in the first totals beside the
        // start points, and kept apart from them in the record.
        if let Some(note) = wordclub_engine::parse_gcg_head_start_note(line) {
            if table.is_some() {
                return Err(gcg_error(
                    line_no,
                    "the head starts come before the first move",
                ));
            }
            head_notes = note.map_err(|reason| gcg_error(line_no, reason))?;
            for (nick, _) in &head_notes {
                if !nicks.contains(nick) {
                    return Err(gcg_error(
                        line_no,
                        format!("the head starts name {nick:?}, not a #player"),
                    ));
                }
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("#player") {
            if table.is_some() {
                return Err(gcg_error(
                    line_no,
                    "the #player lines come before the first move",
                ));
            }
            let mut parts = rest.splitn(3, char::is_whitespace);
            let seat: usize = parts
                .next()
                .and_then(|n| n.parse().ok())
                .filter(|n| (1..=usize::from(MAX_PLAYERS)).contains(n))
                .ok_or_else(|| {
                    gcg_error(
                        line_no,
                        format!("only #player1 to #player{MAX_PLAYERS} are read"),
                    )
                })?;
            let nick = parts
                .next()
                .filter(|n| !n.is_empty())
                .ok_or_else(|| gcg_error(line_no, "a #player line names a nick"))?;
            let name = parts.next().map(str::trim).filter(|n| !n.is_empty());
            if seat != nicks.len() + 1 {
                return Err(gcg_error(
                    line_no,
                    format!(
                        "#player{seat} is out of order: #player{} comes next",
                        nicks.len() + 1
                    ),
                ));
            }
            if nicks.iter().any(|n| n == nick) {
                return Err(gcg_error(
                    line_no,
                    format!("two #players are called {nick:?}"),
                ));
            }
            nicks.push(nick.to_string());
            names.push(name.unwrap_or(nick).to_string());
            totals.push(0);
            resigned.push(false);
            continue;
        }
        if let Some(nick) = take_back_note(line, &nicks) {
            // A take-back, not a challenge: the withdrawn turn leaves the match.
            if let Some(index) = withdrawn.take() {
                if positions.len() == index + 1 && nicks[positions[index].player] == nick {
                    positions.pop();
                }
            }
            continue;
        }
        if let Some(nick) = wordclub_engine::parse_gcg_lost_turn_note(line) {
            // The pass line just read was a turn the challenge cost that seat: numbered, but
            // not a position to analyse.
            let last = undo.last_mut().filter(|(index, _)| {
                index.is_some_and(|i| {
                    i + 1 == positions.len()
                        && nicks[positions[i].player] == nick
                        && matches!(positions[i].played, Played::Pass)
                })
            });
            let Some(entry) = last else {
                return Err(gcg_error(
                    line_no,
                    format!("{nick}'s lost turn follows no pass line of theirs"),
                ));
            };
            entry.0 = None;
            positions.pop();
            lost_turns += 1;
            withdrawn = None;
            continue;
        }
        if let Some(nick) = line
            .strip_prefix("#note ")
            .and_then(|n| n.strip_suffix(" resigned"))
        {
            if let Some(seat) = nicks.iter().position(|n| n == nick) {
                resigned[seat] = true;
                resignations += 1;
                // A resignation cannot be taken back: what came before stands.
                undo.clear();
                withdrawn = None;
            }
            continue;
        }
        let Some(rest) = line.strip_prefix('>') else {
            continue;
        };
        withdrawn = None;
        let (nick, body) = rest
            .split_once(':')
            .ok_or_else(|| gcg_error(line_no, "a move line is >nick: RACK MOVE +SCORE TOTAL"))?;
        let player: Seat = nicks
            .iter()
            .position(|n| n == nick.trim())
            .ok_or_else(|| gcg_error(line_no, format!("{:?} is not a #player", nick.trim())))?;
        let tokens: Vec<&str> = body.split_whitespace().collect();
        let (rules, board) = match table {
            Some(ref mut t) => t,
            None => {
                // The first move line: the table is set, and every seat starts from its start
                // points.
                for (nick, points) in &start_notes {
                    if let Some(seat) = nicks.iter().position(|n| n == nick) {
                        totals[seat] = i64::from(*points);
                    }
                }
                for (nick, points) in &head_notes {
                    if let Some(seat) = nicks.iter().position(|n| n == nick) {
                        totals[seat] += i64::from(*points);
                    }
                }
                table.insert(open_table(rules, nicks.len(), line_no)?)
            }
        };
        if let Some((points, total)) = line_points(&tokens) {
            totals[player] += points;
            if totals[player] != total {
                return Err(gcg_error(
                    line_no,
                    format!(
                        "the total is recorded as {total}, but the start points and the lines \
                         before add up to {}",
                        totals[player]
                    ),
                ));
            }
        }
        // End-of-game rack points: `(RACK) +6 250`.
        if tokens.first().is_some_and(|t| t.starts_with('(')) {
            continue;
        }
        let (rack_text, moves) = tokens
            .split_first()
            .ok_or_else(|| gcg_error(line_no, "the move line has no rack"))?;
        if moves.first().is_some_and(|t| t.starts_with('(')) {
            continue; // (challenge), (time), a lost rack's (RACK)
        }
        if resigned[player] {
            return Err(gcg_error(
                line_no,
                format!("{} resigned earlier and has no more moves", nicks[player]),
            ));
        }
        let rack = wordclub_engine::parse_rack(rack_text)
            .map_err(|e| gcg_error(line_no, format!("rack {rack_text:?}: {e}")))?;
        if rack.len() > rules.rack_size as usize {
            return Err(gcg_error(
                line_no,
                format!("rack {rack_text:?} is too long"),
            ));
        }
        let turn = positions.len() as u32 + resignations + lost_turns + 1;
        let others = nicks.len() - 1;
        let bag_len = rules.bag_left(board.filled(), rack.len(), others);
        let can_exchange = rules.exchange_range(bag_len, rack.len()).is_some();
        let mv = moves.first().copied().unwrap_or("");
        let played = if mv == "--" {
            // The newest move was withdrawn: that turn scored nothing, like a pass (and a
            // take-back note next removes it).
            let (index, previous) = undo
                .pop()
                .ok_or_else(|| gcg_error(line_no, "'--' but no move to withdraw"))?;
            let Some(index) = index else {
                // A lost turn that went with a take-back: it leaves the numbering.
                lost_turns -= 1;
                continue;
            };
            if positions[index].player != player {
                return Err(gcg_error(
                    line_no,
                    format!(
                        "'--' withdraws the newest move, which is {}'s",
                        nicks[positions[index].player]
                    ),
                ));
            }
            *board = previous;
            positions[index].played = Played::Pass;
            withdrawn = Some(index);
            continue;
        } else if mv == "-" {
            Played::Pass
        } else if let Some(tiles) = mv.strip_prefix('-') {
            let tiles = tiles.to_ascii_uppercase();
            wordclub_engine::parse_rack(&tiles)
                .map_err(|e| gcg_error(line_no, format!("exchange {mv:?}: {e}")))?;
            Played::Exchange { tiles }
        } else {
            let word = moves
                .get(1)
                .ok_or_else(|| gcg_error(line_no, "a placement is a position then a word"))?;
            let notation = format!("{mv} {word}");
            let gm = GcgMove::parse(&notation).map_err(|e| gcg_error(line_no, e.to_string()))?;
            let tiles = gm
                .placements(board)
                .map_err(|e| gcg_error(line_no, e.to_string()))?;
            let scored = score_placement(board, rules, &tiles)
                .map_err(|e| gcg_error(line_no, e.to_string()))?;
            if let Some(recorded) = moves.get(2).and_then(|s| s.parse::<i64>().ok()) {
                if recorded != i64::from(scored.score) {
                    return Err(gcg_error(
                        line_no,
                        format!(
                            "{notation} is recorded for {recorded} but scores {} under {}",
                            scored.score, rules.id
                        ),
                    ));
                }
            }
            let mut left = rack.clone();
            for p in &scored.tiles {
                let b = p.tile.rack_byte();
                match left.iter().position(|&x| x == b) {
                    Some(i) => {
                        left.remove(i);
                    }
                    None => {
                        return Err(gcg_error(
                            line_no,
                            format!(
                                "{notation} uses a {} the rack {rack_text} does not hold",
                                b as char
                            ),
                        ))
                    }
                }
            }
            undo.push((Some(positions.len()), board.clone()));
            let position_board = board.clone();
            for p in &scored.tiles {
                board
                    .place(p.square, p.tile)
                    .map_err(|e| gcg_error(line_no, e.to_string()))?;
            }
            positions.push(TurnPosition {
                turn,
                player,
                board: position_board,
                rack,
                bag_len,
                can_exchange,
                played: Played::Place {
                    notation: scored.notation,
                    score: scored.score,
                    tiles: scored.tiles,
                },
                hint_taken: false,
            });
            continue;
        };
        undo.push((Some(positions.len()), board.clone()));
        positions.push(TurnPosition {
            turn,
            player,
            board: board.clone(),
            rack,
            bag_len,
            can_exchange,
            played,
            hint_taken: false,
        });
    }
    let end = text.lines().count().max(1);
    let (rules, _) = match table {
        Some(t) => t,
        None => open_table(rules, nicks.len(), end)?,
    };
    let of = |notes: &[(String, i32)], s: usize| {
        notes
            .iter()
            .find(|(nick, _)| *nick == nicks[s])
            .map_or(0, |(_, p)| *p)
    };
    let start_points = (0..nicks.len()).map(|s| of(&start_notes, s)).collect();
    let head_starts = (0..nicks.len()).map(|s| of(&head_notes, s)).collect();
    Ok(GcgRecord {
        names,
        rules,
        positions,
        start_points,
        head_starts,
        scores: totals,
    })
}
