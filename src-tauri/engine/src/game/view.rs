//! Views: what one viewer may see of a match. A [`View`] is the secrecy boundary: the
//! command layer builds the UI's match view from a `View` and the rule set's labels alone,
//! never from the [`Match`], so no rack can reach a screen that this module left out.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{
    count_tiles, ChallengeRule, ChallengeWindow, ListRef, Match, MatchResult, PlayerKind, Seat,
    Turn, TurnKind,
};
use crate::board::Board;
use crate::notation::rack_text;
use crate::rules::{ExchangePolicy, HintKind};

/// What one seat sees of a player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PlayerView {
    pub seat: Seat,
    pub name: String,
    pub kind: PlayerKind,
    /// The seat's colour as recorded at the start ([`crate::PlayerSpec::colour`]).
    pub colour: Option<String>,
    pub score: i32,
    /// The points this seat started the match with ([`crate::RuleSet::start_points`] of the
    /// rule set as played at this table size; 0 for most rule sets): the scoresheet's Start
    /// row, said here so no screen works it out from the rule set.
    pub start_points: i32,
    /// The head start the players gave this seat on the new-match form
    /// ([`crate::PlayerSpec::head_start`]), on top of `start_points` and shown on its own
    /// line (the scoresheet, the end screen, the cover's "Mia starts +60"); 0 for none.
    pub head_start: u32,
    /// The seat's total before its first move: `start_points` and `head_start` together
    /// ([`Match::start_total`]).
    pub start_total: i32,
    pub rack_count: usize,
    pub resigned: bool,
    pub hints: u32,
    /// Moves this player took back (assistance, like a hint).
    pub take_backs: u32,
}

/// What one viewer may see. Never holds another player's rack.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct View {
    pub rules_id: String,
    pub rules_label: String,
    pub candidate: bool,
    pub list: ListRef,
    pub board: Board,
    pub players: Vec<PlayerView>,
    pub bag_count: usize,
    pub turns_played: u32,
    /// The last turn; what its hints showed is blanked unless the viewer took them.
    pub last_move: Option<Turn>,
    /// Every turn so far, in the order played, taken-back ones included and marked
    /// ([`Turn::taken_back`]; [`Match::sheet`]): the scoresheet everyone at the table sees.
    /// What a hint showed is never in it.
    pub turns: Vec<Turn>,
    /// The seat that may take its last move back now, when one may
    /// ([`Match::take_back_turns`], and the table's reveal rule), with the turns it would
    /// withdraw: public, since everyone at the table saw the move.
    pub take_back: Option<TakeBackOffer>,
    /// The challenge open now ([`Match::challenge_window`]): whose play, its words, who may
    /// challenge it and whether the match's end waits on it. Public: everyone saw the play,
    /// and it says nothing of whether a word is in the list.
    pub challenge: Option<ChallengeWindow>,
    pub viewer: Option<Seat>,
    /// The viewer's own rack, only when asked for.
    pub rack: Option<String>,
    /// Tiles the viewer cannot see (bag + other racks), by letter (`?` blank); without the
    /// rack shown, the same as a spectator's (bag + every rack).
    pub unseen: BTreeMap<char, u32>,
    /// Of [`View::unseen`], the tiles that left play with players who resigned (a table of
    /// three or four): counted there, since which letters they are is nobody's to see, but
    /// never drawn again.
    pub unseen_left_play: u32,
    pub can_exchange: bool,
    pub can_pass: bool,
    pub scoreless_turns: u32,
    pub result: Option<MatchResult>,
    /// The match's best turn so far ([`Match::best_turn`]).
    pub best_turn: Option<Turn>,
    /// Per seat, the running total after each turn.
    pub progression: Vec<Vec<i32>>,
    /// Where the turn stands and what the viewer may do: flattened, so it serializes as
    /// fields of the view itself, as the UI's match view carries it unchanged.
    #[serde(flatten)]
    pub standing: Standing,
}

/// The part of a [`View`] the UI's match view carries word for word (flattened into it, as
/// into the view): whose turn it is, how far the match has gone, and what the viewer may do
/// now. Its one owner is the engine, so no screen works any of it out.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Standing {
    /// The seat to move; `None` once the match is over.
    pub to_move: Option<Seat>,
    /// Under a turn limit: turns left (for the player to move when the limit is per player).
    pub turns_left: Option<u32>,
    /// For the player to move, the first turn since they last played (1 on their first
    /// turn): the cover recaps the turns from there.
    pub recap_from: Option<u32>,
    /// For the player to move, the index in `turns` of the first row since their last turn
    /// that stands (0 on their first turn): the cover recaps `turns` from there, taken-back
    /// turns included.
    pub recap_start: Option<usize>,
    /// The match's "Allow take-backs" option.
    pub take_backs_allowed: bool,
    /// The match's challenge rule ([`crate::MatchOptions::challenges`]); `None`: words are
    /// checked as they are played.
    pub challenges: Option<ChallengeRule>,
    /// The match's "Allow hints" option (hint commands are refused when off).
    pub hints_allowed: bool,
    /// The hint this match gives ([`Match::hint_kind`]): what the hint control is named for
    /// (`words_from_rack` "Hint", `suggest_move` "Suggest a move"); `None` when there is none.
    /// The player to move may take it when `can.hint`.
    pub hint_kind: Option<HintKind>,
    /// The match is going on and the viewer is not the player to move with their rack shown:
    /// the handoff cover is up.
    pub covered: bool,
    /// What the viewer may do now: nothing unless they are the player to move with their
    /// rack shown.
    pub can: Can,
    /// The most tiles the player to move may exchange now ([`Match::exchange_range`]; 0 when
    /// they may not).
    pub exchange_max: usize,
    /// Why the player to move may not exchange now (chosen exchanges only), `None` when they
    /// may or the rule set has no such exchange ([`Match::exchange_blocked`]): for the
    /// screen to say so.
    pub exchange_blocked: Option<ExchangeBlocked>,
    /// Per seat, the scoring plays made: placements (an exchange or a pass is not one), the
    /// Word Tiles round's "scoring plays".
    pub scoring_plays: Vec<u32>,
    /// The seat that wins the match if the player to move resigns now
    /// ([`Match::resign_winner`]): the one other player still in. `None` when the others
    /// play on, when nobody else is in (a solo round) and once the match is over. What the
    /// Resign question says.
    pub resign_winner: Option<Seat>,
}

/// Why the player to move may not exchange now, where the rule set has chosen exchanges:
/// the bag holds fewer tiles than an exchange needs. The bag never grows (an exchange puts
/// back as many as it draws), so once blocked an exchange stays blocked for the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ExchangeBlocked {
    pub bag: usize,
    /// The fewest tiles the bag must hold ([`crate::ExchangePolicy::Chosen`]'s `min_bag`).
    pub min_bag: usize,
    /// The bag held too few already when the tiles were dealt (Word Club 1.0 with four
    /// players: 32 − 28 = 4): no exchange is possible at any point of this match.
    pub never: bool,
}

/// A take-back open now: who may ask for it and how many turns it withdraws (their move and
/// the computers' replies after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TakeBackOffer {
    pub seat: Seat,
    pub turns: u32,
}

/// The actions open to a viewer, each only when they are the player to move with their rack
/// shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Can {
    pub exchange: bool,
    pub pass: bool,
    /// The rule set lets a player resign.
    pub resign: bool,
    /// The viewer may take this match's hint ([`Standing::hint_kind`]) now.
    pub hint: bool,
    /// Whoever holds the device may ask for the take-back in [`View::take_back`] now.
    pub take_back: bool,
}

impl Match {
    /// Tiles `viewer` cannot see: the rule set's bag minus the board, minus the viewer's own
    /// rack. Tiles of resigned players are counted as unseen (nobody saw them).
    pub fn unseen(&self, viewer: Option<Seat>) -> BTreeMap<char, u32> {
        let mut counts: BTreeMap<u8, i64> = count_tiles(&self.rules.bag());
        for (_, t) in self.board.tiles() {
            *counts.entry(t.rack_byte()).or_insert(0) -= 1;
        }
        if let Some(rack) = viewer.and_then(|v| self.racks.get(v)) {
            for &t in rack {
                *counts.entry(t).or_insert(0) -= 1;
            }
        }
        counts
            .into_iter()
            .filter(|&(_, c)| c > 0)
            .map(|(t, c)| (t as char, c as u32))
            .collect()
    }

    /// Why the player to move may not exchange now ([`ExchangeBlocked`]): only for chosen
    /// exchanges (a solo round's whole-rack exchange turns into Pass instead), and only while
    /// the match is on.
    pub fn exchange_blocked(&self) -> Option<ExchangeBlocked> {
        let ExchangePolicy::Chosen { min_bag, .. } = self.rules.exchange else {
            return None;
        };
        let seat = self.to_move()?;
        if self.exchange_range(seat).is_some() {
            return None;
        }
        let min_bag = (min_bag as usize).max(1);
        let dealt = self.players.len() * self.rules.rack_size as usize;
        Some(ExchangeBlocked {
            bag: self.bag.len(),
            min_bag,
            never: self.rules.bag_size().saturating_sub(dealt) < min_bag,
        })
    }

    /// The seat that would win if `seat` resigned now: the one other player still in, as
    /// the match then ends by resignation with the players left as its winners
    /// (`end_check`). `None` when two or more others play on, when nobody else is in (a solo
    /// round ends with no winner), or when `seat` is out already or the match is over.
    pub fn resign_winner(&self, seat: Seat) -> Option<Seat> {
        if self.result.is_some() || self.resigned.get(seat).is_none_or(|&out| out) {
            return None;
        }
        let mut others = (0..self.players.len()).filter(|&s| s != seat && !self.resigned[s]);
        match (others.next(), others.next()) {
            (Some(one), None) => Some(one),
            _ => None,
        }
    }

    /// What `viewer` may see (None: a spectator, e.g. the handoff screen). The viewer's rack
    /// is included only when `reveal_rack` is set; no other rack is ever included.
    pub fn view(&self, viewer: Option<Seat>, reveal_rack: bool) -> View {
        let viewer = viewer.filter(|&v| v < self.players.len());
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| PlayerView {
                seat,
                name: p.name.clone(),
                kind: p.kind.clone(),
                colour: p.colour.clone(),
                score: self.scores[seat],
                start_points: self.rules.start_points_of(seat),
                head_start: p.head_start,
                start_total: self.start_total(seat),
                rack_count: self.racks[seat].len(),
                resigned: self.resigned[seat],
                hints: self.hints[seat],
                take_backs: self.take_backs[seat],
            })
            .collect();
        let turns_left = self.rules.end.turn_limit.map(|limit| {
            let taken = if limit.per_player {
                self.turns_taken[self.to_move]
            } else {
                self.turns_taken.iter().sum()
            };
            limit.turns.saturating_sub(taken)
        });
        let to_move = self.to_move();
        // The viewer acts now: they are the player to move, with their rack shown.
        let acting = to_move.filter(|&s| viewer == Some(s) && reveal_rack);
        View {
            rules_id: self.rules.id.clone(),
            rules_label: self.rules.label.clone(),
            candidate: self.rules.candidate,
            list: self.list.clone(),
            board: self.board.clone(),
            players,
            bag_count: self.bag.len(),
            turns_played: self.turns_taken.iter().sum(),
            last_move: self.turns.last().map(|t| {
                // What a hint showed is drawn from that player's rack: only they see it, and
                // only while their rack is shown (else the screen may be someone else's).
                if viewer == Some(t.player) && reveal_rack {
                    t.clone()
                } else {
                    t.without_shown()
                }
            }),
            // The scoresheet is for the whole table: what a hint showed never goes with it.
            turns: self.sheet.iter().map(Turn::without_shown).collect(),
            take_back: self
                .take_back_turns()
                .ok()
                .map(|(seat, turns)| TakeBackOffer { seat, turns }),
            challenge: self.challenge_window().ok(),
            viewer,
            rack: viewer
                .filter(|_| reveal_rack)
                .map(|v| rack_text(&self.racks[v])),
            // Subtracting a rack that is not shown would tell it (unseen = bag + every rack,
            // so the difference from a spectator's count is exactly that rack).
            unseen: self.unseen(viewer.filter(|_| reveal_rack)),
            unseen_left_play: self.out_of_play.len() as u32,
            can_exchange: to_move.is_some_and(|s| self.can_exchange(s)),
            can_pass: to_move.is_some_and(|s| self.can_pass(s)),
            scoreless_turns: self.scoreless_turns,
            result: self.result.clone(),
            best_turn: self.best_turn(None).cloned(),
            progression: (0..self.players.len())
                .map(|s| self.turns.iter().map(|t| t.totals[s]).collect())
                .collect(),
            standing: Standing {
                to_move,
                turns_left,
                recap_from: to_move.map(|seat| {
                    self.turns
                        .iter()
                        .rev()
                        .find(|t| t.player == seat)
                        .map_or(1, |t| t.number + 1)
                }),
                recap_start: to_move.map(|seat| {
                    self.sheet
                        .iter()
                        .rposition(|t| t.player == seat && !t.taken_back)
                        .map_or(0, |i| i + 1)
                }),
                take_backs_allowed: self.options.take_backs,
                challenges: self.options.challenges,
                hints_allowed: self.hints_allowed(),
                hint_kind: self.hint_kind(),
                covered: to_move.is_some() && acting.is_none(),
                can: Can {
                    exchange: acting.is_some_and(|s| self.can_exchange(s)),
                    pass: acting.is_some_and(|s| self.can_pass(s)),
                    resign: acting.is_some() && self.rules.end.resign,
                    hint: acting.is_some() && self.hint_kind().is_some(),
                    // The table decides who holds the device ([`crate::Table::view`]).
                    take_back: false,
                },
                exchange_max: to_move
                    .and_then(|s| self.exchange_range(s))
                    .map_or(0, |(_, most)| most),
                exchange_blocked: self.exchange_blocked(),
                scoring_plays: (0..self.players.len())
                    .map(|s| {
                        self.turns
                            .iter()
                            .filter(|t| {
                                t.player == s
                                    && t.kind == TurnKind::Place
                                    && !t.challenge.as_ref().is_some_and(|c| c.withdrawn())
                            })
                            .count() as u32
                    })
                    .collect(),
                resign_winner: to_move.and_then(|s| self.resign_winner(s)),
            },
        }
    }
}
