//! GCG game records (the `.gcg` format of John Chew's annotated games).
//!
//! - `#player1`/`#player2` as GCG defines them; a 3- or 4-player match adds `#player3`/
//!   `#player4`, which GCG does not define: the `#description` line says so.
//! - Each move: `>Nick: RACK 8H CAT +3 3` (rack before the move, position, word with `.` for
//!   tiles already on the board and lower case for blanks, score, cumulative score); an
//!   exchange `>Nick: RACK -ABC +0 33`; a pass `>Nick: RACK - +0 33`.
//! - A hint taken is a `#note` after the turn it was taken for, and so is a word looked up
//!   from the match screen (challenges on): `#note Ben looked up QI: in the list`.
//! - End-of-match rack adjustments as GCG records them: the player who went out gains the
//!   others' racks, `>Nick: (RACKS) +6 250`; a player who loses their rack's value,
//!   `>Nick: RACK (RACK) -3 190`.
//! - A resignation is a `#note`; an unfinished match is marked `#incomplete`.
//! - Seats that start with points (the rule set's `start_points`): a `#note Start points
//!   (counted in the totals): Ann 0, Ben 5` line before the first move, and every total
//!   counts them (the engine's `GCG_START_POINTS_NOTE`).
//! - A take-back withdraws the newest moves with GCG's withdrawn-move line, newest first:
//!   `>Nick: RACK -- -10 23` (the rack the move was made from, minus its score, the total
//!   after), the one GCG writes for tiles challenged off; an exchange or pass withdrawn is
//!   `-- -0`. A `#note` after each says it was taken back, and for a computer's move that
//!   it went with the person's take-back. The move played instead follows as usual.
//! - A challenge (matches with challenges on, issue 46): a withdrawn play is the same `--`
//!   line, written where the challenge came, with a `#note NICK challenged: WORD not in the
//!   list, the play was withdrawn` (the turn stays, scoring 0, as GCG readers take it); a
//!   play that stood gains its bonus on GCG's own line, `>Nick: RACK (challenge) +5 81`, and
//!   a `#note` says who challenged (and, under "lose the next turn", who loses it: that turn
//!   has no move line).
use std::collections::BTreeMap;
use std::fmt::Write;

use wordclub_engine::{
    gcg_head_start_note, gcg_lost_turn_note, gcg_start_points_note, Event, HintKind, HintShown,
    Match, Seat,
};

use crate::browse::MatchSummary;
use crate::time::utc_iso;
use crate::{Store, StoreError};

impl Store {
    /// The match as a GCG game record.
    pub fn export_gcg(&self, id: i64) -> Result<String, StoreError> {
        let summary = self.summary(id)?;
        let (game, _) = self.replay(id)?;
        Ok(write_gcg(&summary, &game))
    }

    /// The match as a GCG record with `notes[turn]` written as `#note` lines after that
    /// turn's move (the post-game analysis: `#note best: 8H QUIXOTE 96`).
    pub fn export_gcg_with_notes(
        &self,
        id: i64,
        notes: &BTreeMap<u32, Vec<String>>,
    ) -> Result<String, StoreError> {
        let summary = self.summary(id)?;
        let (game, _) = self.replay(id)?;
        Ok(write_gcg_notes(&summary, &game, notes))
    }
}

/// A GCG nickname: one token (no spaces, no `:`), unique in the match.
fn nicknames(names: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (seat, name) in names.iter().enumerate() {
        let mut nick: String = name
            .trim()
            .chars()
            .map(|c| {
                if c.is_whitespace() || c == ':' || c == '#' {
                    '_'
                } else {
                    c
                }
            })
            .collect();
        if nick.is_empty() {
            nick = format!("Player{}", seat + 1);
        }
        if out.iter().any(|n| n == &nick) {
            nick = format!("{nick}_{}", seat + 1);
        }
        out.push(nick);
    }
    out
}

fn flush(out: &mut String, seat: Seat, pending: &mut [Vec<String>]) {
    for note in pending[seat].drain(..) {
        let _ = writeln!(out, "{note}");
    }
}

/// Rack text sorted, blanks (`?`) last, as GCG records usually show racks.
fn rack(tiles: &[u8]) -> String {
    let mut t = tiles.to_vec();
    t.sort_by_key(|&b| (b == b'?', b));
    t.iter().map(|&b| b as char).collect()
}

fn take(rack: &mut Vec<u8>, tiles: impl IntoIterator<Item = u8>) {
    for t in tiles {
        if let Some(i) = rack.iter().position(|&x| x == t) {
            rack.remove(i);
        }
    }
}

/// At most this many words of a words hint are written into its note.
const NOTE_ITEMS: usize = 30;

/// A hint's note: `#note Ann took a hint (words_from_rack): DOGS CAT …`, `… (suggest_move):
/// 8H CAT (10)`, `… (suggest_move): no move`; a record this build cannot read is written as
/// its JSON text, one that kept nothing as the bare note.
fn hint_note(nick: &str, kind: HintKind, shown: Option<&HintShown>) -> String {
    let what = match shown {
        None => String::new(),
        Some(words @ HintShown::Words { .. }) => {
            let all: Vec<&str> = words.listed_words().collect();
            let mut listed: Vec<String> =
                all.iter().take(NOTE_ITEMS).map(|w| w.to_string()).collect();
            if all.len() > NOTE_ITEMS {
                listed.push(format!("… ({} in all)", all.len()));
            }
            listed.join(" ")
        }
        Some(HintShown::Move {
            notation, score, ..
        }) => format!("{notation} ({score})"),
        Some(HintShown::NoMove) => "no move".to_string(),
        Some(HintShown::Unrecognised { raw }) => raw.clone(),
    };
    let what = what.replace(['\n', '\r'], " ");
    if what.is_empty() {
        format!("#note {nick} took a hint ({})", kind.as_str())
    } else {
        format!("#note {nick} took a hint ({}): {what}", kind.as_str())
    }
}

/// A turn a failed challenge cost, in GCG's line for a turn with no move and the note that
/// says so (the engine's [`gcg_lost_turn_note`], which the analyser's GCG import reads).
fn lost_turn_lines(out: &mut String, nick: &str, held: &[u8], total: i64) {
    let _ = writeln!(out, ">{nick}: {} - +0 {total}", rack(held));
    let _ = writeln!(out, "{}", gcg_lost_turn_note(nick));
}

/// Per event index, the seats whose turn a failed challenge cost ([`Turn::lost_turn`]) as
/// that event was folded, in order: the engine records such a turn when the turn passes on,
/// with no event of its own, so the record learns them from a replay (one more, linear, as
/// the export's own). Empty for a match without "lose the next turn".
///
/// [`Turn::lost_turn`]: wordclub_engine::Turn::lost_turn
fn lost_turns(game: &Match) -> BTreeMap<usize, Vec<Seat>> {
    let mut lost: BTreeMap<usize, Vec<Seat>> = BTreeMap::new();
    let loses_turns = game
        .options()
        .challenges
        .is_some_and(|r| r.penalty == wordclub_engine::ChallengePenalty::LoseTurn);
    if !loses_turns {
        return lost;
    }
    let mut seen = 0usize;
    let _ = Match::replay_with(game.events(), |now| {
        let turns = now.turns();
        // A take-back withdrew turns: they are read again as they come back.
        seen = seen.min(turns.len());
        // The event just folded (an end the engine added after it is not the one).
        let index = now
            .events()
            .iter()
            .rposition(|e| !matches!(e, Event::Ended { .. }))
            .unwrap_or(0);
        for t in &turns[seen..] {
            if t.lost_turn {
                lost.entry(index).or_default().push(t.player);
            }
        }
        seen = turns.len();
    });
    lost
}

pub(crate) fn write_gcg(summary: &MatchSummary, game: &Match) -> String {
    write_gcg_notes(summary, game, &BTreeMap::new())
}

/// Writes `notes` for a turn (one line each, no line breaks inside) after its move line.
fn turn_notes(out: &mut String, turn: u32, notes: &BTreeMap<u32, Vec<String>>) {
    for note in notes.get(&turn).into_iter().flatten() {
        let _ = writeln!(out, "#note {}", note.replace(['\n', '\r'], " "));
    }
}

pub(crate) fn write_gcg_notes(
    summary: &MatchSummary,
    game: &Match,
    notes: &BTreeMap<u32, Vec<String>>,
) -> String {
    let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
    let nicks = nicknames(&names);
    let n = names.len();
    let mut out = String::new();
    let _ = writeln!(out, "#character-encoding UTF-8");
    for (seat, (nick, name)) in nicks.iter().zip(&names).enumerate() {
        let full = name.replace(['\n', '\r'], " ");
        let _ = writeln!(out, "#player{} {nick} {}", seat + 1, full.trim());
    }
    let _ = writeln!(
        out,
        "#title Word Club match {} ({})",
        summary.id,
        game.rules().label.replace(['\n', '\r'], " ")
    );
    let mut description = format!(
        "#description Word Club match {}, rule set {} (SHA-256 {}), word list {} (SHA-256 {}), \
         started {}",
        summary.id,
        game.rules().id,
        summary.rules_sha256,
        game.list().id,
        game.list().sha256,
        utc_iso(summary.created_at)
    );
    if let Some(ours) = game.our_words() {
        let _ = write!(
            description,
            ", with our words (SHA-256 {}: {} added, {} blocked)",
            ours.sha256,
            ours.added.len(),
            ours.blocked.len()
        );
    }
    if n > 2 {
        let extra: Vec<String> = (3..=n).map(|k| format!("#player{k}")).collect();
        let _ = write!(
            description,
            ". Extension: this match has {n} players; {} {} GCG, which defines two",
            extra.join(" and "),
            if extra.len() == 1 {
                "extends"
            } else {
                "extend"
            }
        );
    }
    let _ = writeln!(out, "{description}");
    let _ = writeln!(out, "#id wordclub {}", summary.id);
    let _ = writeln!(out, "#lexicon {}", game.list().id);
    if game.result().is_none() {
        let _ = writeln!(out, "#incomplete");
    }
    // Seats that start with points (komi): GCG has no field for it, so a note says so, and
    // every total below counts them, as the match's scores do.
    let start: Vec<i32> = (0..n).map(|s| game.rules().start_points_of(s)).collect();
    if let Some(note) = gcg_start_points_note(&nicks, &start) {
        let _ = writeln!(out, "{note}");
    }
    // The head starts the players chose, on a line of their own: the record tells the rule
    // set's points from the table's choice, and the totals count both.
    let head: Vec<i32> = game
        .players()
        .iter()
        .map(|p| i32::try_from(p.head_start).unwrap_or(i32::MAX))
        .collect();
    if let Some(note) = gcg_head_start_note(&nicks, &head) {
        let _ = writeln!(out, "{note}");
    }

    let mut racks: Vec<Vec<u8>> = vec![Vec::new(); n];
    let mut totals: Vec<i64> = (0..n).map(|s| i64::from(game.start_total(s))).collect();
    let mut pending: Vec<Vec<String>> = vec![Vec::new(); n];
    // Per move line written: the seat, its rack and total before it, its score, and whether
    // it was a turn a failed challenge cost, so a take-back can write `--` lines and restore
    // them.
    let mut written: Vec<(Seat, Vec<u8>, i64, u32, bool)> = Vec::new();
    // Turns in the engine's numbering (placements, exchanges, passes, resignations, and
    // turns a failed challenge cost).
    let mut turn = 0u32;
    let lost = lost_turns(game);
    for (index, event) in game.events().iter().enumerate() {
        // The turns a failed challenge cost that the previous event brought (the engine
        // takes them as the turn passes on: no event of their own), in GCG's line for a turn
        // with no move.
        if let Some(seats) = index.checked_sub(1).and_then(|i| lost.get(&i)) {
            for &s in seats {
                turn += 1;
                written.push((s, racks[s].clone(), totals[s], 0, true));
                lost_turn_lines(&mut out, &nicks[s], &racks[s], totals[s]);
            }
        }
        if matches!(
            event,
            Event::Placed { .. }
                | Event::Exchanged { .. }
                | Event::Passed { .. }
                | Event::Resigned { .. }
        ) {
            turn += 1;
        }
        match event {
            Event::Placed { player, score, .. } => written.push((
                *player,
                racks[*player].clone(),
                totals[*player],
                *score,
                false,
            )),
            Event::Exchanged { player, .. } | Event::Passed { player } => {
                written.push((*player, racks[*player].clone(), totals[*player], 0, false))
            }
            _ => {}
        }
        match event {
            Event::TakenBack { player, turns } => {
                let mut left = *turns;
                while left > 0 {
                    let Some((s, before, total, score, lost_turn)) = written.pop() else {
                        break;
                    };
                    let _ = writeln!(out, ">{}: {} -- -{score} {total}", nicks[s], rack(&before));
                    if lost_turn {
                        // A turn a failed challenge cost, between the moves taken back: it
                        // goes with them (the engine owes it again) and is not one of them.
                        let _ = writeln!(
                            out,
                            "#note {}'s lost turn went with {}'s take-back",
                            nicks[s], nicks[*player]
                        );
                        turn -= 1;
                        continue;
                    }
                    left -= 1;
                    if s == *player {
                        let _ = writeln!(out, "#note {} took this move back", nicks[s]);
                    } else {
                        let _ = writeln!(
                            out,
                            "#note {}'s reply was withdrawn with {}'s take-back",
                            nicks[s], nicks[*player]
                        );
                    }
                    racks[s] = before;
                    totals[s] = total;
                    turn -= 1;
                }
            }
            Event::Started { racks: dealt, .. } => {
                for (seat, r) in dealt.iter().enumerate().take(n) {
                    racks[seat] = r.bytes().collect();
                }
            }
            Event::Placed {
                player,
                tiles,
                notation,
                score,
                drawn,
                ..
            } => {
                let s = *player;
                totals[s] += i64::from(*score);
                let _ = writeln!(
                    out,
                    ">{}: {} {} +{} {}",
                    nicks[s],
                    rack(&racks[s]),
                    notation,
                    score,
                    totals[s]
                );
                turn_notes(&mut out, turn, notes);
                take(&mut racks[s], tiles.iter().map(|p| p.tile.rack_byte()));
                racks[s].extend(drawn.bytes());
                flush(&mut out, s, &mut pending);
            }
            Event::Exchanged {
                player,
                returned,
                drawn,
                ..
            } => {
                let s = *player;
                let _ = writeln!(
                    out,
                    ">{}: {} -{} +0 {}",
                    nicks[s],
                    rack(&racks[s]),
                    rack(returned.as_bytes()),
                    totals[s]
                );
                turn_notes(&mut out, turn, notes);
                take(&mut racks[s], returned.bytes());
                racks[s].extend(drawn.bytes());
                flush(&mut out, s, &mut pending);
            }
            Event::Passed { player } => {
                let s = *player;
                let _ = writeln!(out, ">{}: {} - +0 {}", nicks[s], rack(&racks[s]), totals[s]);
                turn_notes(&mut out, turn, notes);
                flush(&mut out, s, &mut pending);
            }
            Event::Resigned { player } => {
                let s = *player;
                let _ = writeln!(out, "#note {} resigned", nicks[s]);
                racks[s].clear();
                flush(&mut out, s, &mut pending);
            }
            // A rack shown is no move, nor is "No challenge": the record has nothing to say.
            Event::RackShown { .. } | Event::Unchallenged => {}
            // A challenge in GCG's own lines: a withdrawn play is `>NICK: RACK -- -SCORE
            // TOTAL` (its rack before it, the total back where it was), a bonus for a play
            // that stood `>NICK: RACK (challenge) +5 TOTAL`; a `#note` says who challenged and
            // what came of it.
            Event::Challenged {
                player,
                not_in_list,
            } => {
                let Some((s, before, total, score, _)) = written.last().cloned() else {
                    continue;
                };
                if !not_in_list.is_empty() {
                    let _ = writeln!(out, ">{}: {} -- -{score} {total}", nicks[s], rack(&before));
                    let _ = writeln!(
                        out,
                        "#note {} challenged: {} not in the list, the play was withdrawn",
                        nicks[*player],
                        not_in_list.join(", ")
                    );
                    racks[s] = before.clone();
                    totals[s] = total;
                    // The withdrawn play stays a turn (scoring 0); it cannot be taken back.
                    written.pop();
                    written.push((s, before.clone(), total, 0, false));
                } else {
                    let bonus = game.options().challenges.map_or(0, |r| r.penalty.bonus());
                    if bonus > 0 {
                        totals[s] += i64::from(bonus);
                        let _ = writeln!(
                            out,
                            ">{}: {} (challenge) +{bonus} {}",
                            nicks[s],
                            rack(&before),
                            totals[s]
                        );
                    }
                    let lost = game
                        .options()
                        .challenges
                        .is_some_and(|r| r.penalty == wordclub_engine::ChallengePenalty::LoseTurn);
                    let _ = writeln!(
                        out,
                        "#note {} challenged; every word is in the list, the play stands{}",
                        nicks[*player],
                        if lost {
                            format!(" and {} loses their next turn", nicks[*player])
                        } else {
                            String::new()
                        }
                    );
                }
            }
            Event::HintTaken {
                player,
                kind,
                shown,
            } => {
                if let Some(p) = pending.get_mut(*player) {
                    p.push(hint_note(&nicks[*player], *kind, shown.as_ref()));
                }
            }
            // A word looked up from the match screen: assistance, noted after the turn it
            // was looked up for, as a hint is.
            Event::WordLookedUp {
                player,
                word,
                in_list,
            } => {
                if let Some(p) = pending.get_mut(*player) {
                    p.push(format!(
                        "#note {} looked up {word}: {}",
                        nicks[*player],
                        if *in_list {
                            "in the list"
                        } else {
                            "not in the list"
                        }
                    ));
                }
            }
            Event::Ended { result } => {
                let order: Vec<Seat> = match result.went_out {
                    Some(out_seat) => std::iter::once(out_seat)
                        .chain((0..n).filter(|&s| s != out_seat))
                        .collect(),
                    None => (0..n).collect(),
                };
                for s in order {
                    let adj = i64::from(result.adjustments.get(s).copied().unwrap_or(0));
                    if adj == 0 {
                        continue;
                    }
                    totals[s] += adj;
                    if Some(s) == result.went_out {
                        let others: Vec<u8> = (0..n)
                            .filter(|&o| {
                                o != s && !result.resigned.get(o).copied().unwrap_or(false)
                            })
                            .flat_map(|o| racks[o].clone())
                            .collect();
                        let _ = writeln!(
                            out,
                            ">{}: ({}) +{} {}",
                            nicks[s],
                            rack(&others),
                            adj,
                            totals[s]
                        );
                    } else {
                        let r = rack(&racks[s]);
                        let _ = writeln!(out, ">{}: {r} ({r}) {adj} {}", nicks[s], totals[s]);
                    }
                }
            }
        }
    }
    // The turns the newest event cost (a match still going, its next seat's turn lost).
    if let Some(seats) = game
        .events()
        .len()
        .checked_sub(1)
        .and_then(|i| lost.get(&i))
    {
        for &s in seats {
            lost_turn_lines(&mut out, &nicks[s], &racks[s], totals[s]);
        }
    }
    // Hints taken for a turn not played (the match ended or is still going).
    for s in 0..n {
        flush(&mut out, s, &mut pending);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nicknames_are_single_unique_tokens() {
        let names = [
            "Ann Lee".to_string(),
            "Ann_Lee".into(),
            "".into(),
            "a:b#c".into(),
        ];
        assert_eq!(
            nicknames(&names),
            ["Ann_Lee", "Ann_Lee_2", "Player3", "a_b_c"]
        );
    }

    fn words(words: &[&str]) -> HintShown {
        let rules = wordclub_engine::RuleSet::builtin("classic-15").unwrap();
        HintShown::words(
            &rules,
            words.iter().map(|w| (w.to_string(), vec![])).collect(),
        )
    }

    #[test]
    fn hint_notes_name_words_and_moves() {
        assert_eq!(
            hint_note(
                "Ann",
                HintKind::WordsFromRack,
                Some(&words(&["CAT", "DOGS"]))
            ),
            "#note Ann took a hint (words_from_rack): DOGS CAT"
        );
        let mv = HintShown::Move {
            notation: "8H CAT".to_string(),
            score: 10,
            tiles: Vec::new(),
        };
        assert_eq!(
            hint_note("Ben", HintKind::SuggestMove, Some(&mv)),
            "#note Ben took a hint (suggest_move): 8H CAT (10)"
        );
        assert_eq!(
            hint_note("Ben", HintKind::SuggestMove, Some(&HintShown::NoMove)),
            "#note Ben took a hint (suggest_move): no move"
        );
        assert_eq!(
            hint_note("Ben", HintKind::SuggestMove, None),
            "#note Ben took a hint (suggest_move)"
        );
        let odd = HintShown::Unrecognised {
            raw: "{\"a\":\"x\\ny\"}".to_string(),
        };
        assert_eq!(
            hint_note("Ben", HintKind::SuggestMove, Some(&odd)),
            "#note Ben took a hint (suggest_move): {\"a\":\"x\\ny\"}",
            "its JSON text, on one line"
        );
        let many: Vec<String> = (0..40).map(|i| format!("W{i:02}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let note = hint_note("Cy", HintKind::WordsFromRack, Some(&words(&many)));
        assert!(note.ends_with("W29 … (40 in all)"), "{note}");
    }

    #[test]
    fn racks_are_sorted_with_blanks_last() {
        assert_eq!(rack(b"T?CA"), "ACT?");
    }
}
