//! A match: state = fold(events).
//!
//! The first event ([`Event::Started`]) records the whole rule set, the word list reference,
//! the players, the seed and the full initial bag order; every later event records the tiles
//! it drew (and an exchange the bag order after its shuffle), so replaying never uses the
//! random number generator. An accepted action appends its event, plus [`Event::Ended`] when
//! it ends the match; a refused action changes nothing.
use std::collections::BTreeMap;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use wordclub_lexicon::WordList;

use crate::board::{Board, Placement};
use crate::error::EngineError;
use crate::notation::{parse_rack, rack_text};
use crate::rules::{ExchangePolicy, HintKind, PassPolicy, RuleSet};
use crate::scoring::{check_words, score_placement, ScoredMove, WordScore};

/// A seat number, 0-based, in turn order.
pub type Seat = usize;

/// The word list a match is pinned to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListRef {
    pub id: String,
    pub sha256: String,
}

impl ListRef {
    pub fn of(list: &WordList) -> ListRef {
        ListRef {
            id: list.info().id.clone(),
            sha256: list.info().sha256.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PlayerKind {
    Human,
    /// A computer seat; `level` is the move generator's name for it (`easy`, `hard`, …).
    Computer {
        level: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSpec {
    pub name: String,
    pub kind: PlayerKind,
}

impl PlayerSpec {
    pub fn human(name: &str) -> PlayerSpec {
        PlayerSpec {
            name: name.to_string(),
            kind: PlayerKind::Human,
        }
    }

    pub fn computer(name: &str, level: &str) -> PlayerSpec {
        PlayerSpec {
            name: name.to_string(),
            kind: PlayerKind::Computer {
                level: level.to_string(),
            },
        }
    }
}

/// A fixed deal for tests and reproducible scenarios. Unset parts come from the seed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// Each seat's starting rack (exactly `rack_size` tiles each, `?` for a blank).
    pub racks: Option<Vec<String>>,
    /// The first tiles drawn after the deal, in order; the rest of the bag is shuffled.
    pub draw_order: String,
}

/// What a player asks to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    Place {
        player: Seat,
        tiles: Vec<Placement>,
    },
    /// Tiles to return, as rack text (`?` for a blank). Solo (whole-rack exchange): empty
    /// means the first `min(bag, rack)` rack tiles; otherwise exactly that many.
    Exchange {
        player: Seat,
        tiles: String,
    },
    Pass {
        player: Seat,
    },
    /// Leave the match (any time, by any active player; confirmation is the UI's job).
    Resign {
        player: Seat,
    },
    /// A hint was shown to the player to move; `shown` is what they saw.
    HintTaken {
        player: Seat,
        kind: HintKind,
        shown: serde_json::Value,
    },
}

/// One accepted change; a match is the fold of its events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Started {
        rules: RuleSet,
        rules_hash: String,
        list: ListRef,
        players: Vec<PlayerSpec>,
        seed: u64,
        /// The full initial bag order; racks are dealt from the front, seat by seat, then
        /// every draw takes from the front.
        bag: String,
        /// The racks that deal gave, seat by seat.
        racks: Vec<String>,
    },
    Placed {
        player: Seat,
        tiles: Vec<Placement>,
        notation: String,
        words: Vec<WordScore>,
        bingo: u32,
        score: u32,
        drawn: String,
    },
    Exchanged {
        player: Seat,
        returned: String,
        drawn: String,
        /// The bag's order after the old tiles went back and it was shuffled.
        bag: String,
    },
    Passed {
        player: Seat,
    },
    Resigned {
        player: Seat,
    },
    HintTaken {
        player: Seat,
        kind: HintKind,
        shown: serde_json::Value,
    },
    Ended {
        result: MatchResult,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnKind {
    Place,
    Exchange,
    Pass,
    Resign,
}

/// A hint taken, as recorded against a turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HintRecord {
    pub kind: HintKind,
    pub shown: serde_json::Value,
}

/// One turn of the match history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// 1-based, over the whole match.
    pub number: u32,
    pub player: Seat,
    pub kind: TurnKind,
    /// GCG notation of a placement (`8H CAT`).
    pub notation: Option<String>,
    pub words: Vec<WordScore>,
    pub bingo: u32,
    pub score: u32,
    /// Number of tiles exchanged (exchange turns only).
    pub exchanged: u32,
    /// Every seat's score after this turn.
    pub totals: Vec<i32>,
    /// Hints this player took before this turn.
    pub hints: Vec<HintRecord>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    WentOut,
    /// Every active player passed or exchanged the set number of times in a row.
    ScorelessTurns,
    Resigned,
    TurnLimit,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestTurn {
    pub turn: u32,
    pub notation: String,
    pub score: u32,
}

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchResult {
    pub reason: EndReason,
    /// The seat that went out (reason `went_out`).
    pub went_out: Option<Seat>,
    pub scores_before_adjustment: Vec<i32>,
    /// Per seat: + the others' rack values for going out, − own rack value otherwise.
    pub adjustments: Vec<i32>,
    pub final_scores: Vec<i32>,
    /// Equal highest scores share the win; a resigned player never wins.
    pub winners: Vec<Seat>,
    pub resigned: Vec<bool>,
    pub best_turns: Vec<Option<BestTurn>>,
    /// Hints taken per seat.
    pub hints: Vec<u32>,
    pub turns: u32,
}

/// What one seat sees of a player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub name: String,
    pub kind: PlayerKind,
    pub score: i32,
    pub rack_count: usize,
    pub resigned: bool,
    pub hints: u32,
}

/// What one viewer may see. Never holds another player's rack.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    pub rules_id: String,
    pub rules_label: String,
    pub candidate: bool,
    pub list: ListRef,
    pub board: Board,
    pub players: Vec<PlayerView>,
    pub bag_count: usize,
    /// None once the match is over.
    pub to_move: Option<Seat>,
    pub turns_played: u32,
    /// Under a turn limit: turns left (for the player to move when the limit is per player).
    pub turns_left: Option<u32>,
    /// The last turn; what its hints showed is blanked unless the viewer took them.
    pub last_move: Option<Turn>,
    pub viewer: Option<Seat>,
    /// The viewer's own rack, only when asked for.
    pub rack: Option<String>,
    /// Tiles the viewer cannot see (bag + other racks), by letter (`?` blank); without the
    /// rack shown, the same as a spectator's (bag + every rack).
    pub unseen: BTreeMap<char, u32>,
    pub can_exchange: bool,
    pub can_pass: bool,
    pub scoreless_turns: u32,
    pub result: Option<MatchResult>,
}

/// A match in progress or finished.
#[derive(Debug, Clone)]
pub struct Match {
    rules: RuleSet,
    list: ListRef,
    players: Vec<PlayerSpec>,
    seed: u64,
    board: Board,
    /// Front = next tile drawn.
    bag: Vec<u8>,
    racks: Vec<Vec<u8>>,
    scores: Vec<i32>,
    resigned: Vec<bool>,
    /// Tiles of resigned players, out of play.
    out_of_play: Vec<u8>,
    to_move: Seat,
    /// Consecutive passes/exchanges per seat.
    streaks: Vec<u32>,
    turns_taken: Vec<u32>,
    /// Consecutive scoreless turns across the table (for CGP).
    scoreless_turns: u32,
    turns: Vec<Turn>,
    pending_hints: Vec<Vec<HintRecord>>,
    hints: Vec<u32>,
    events: Vec<Event>,
    result: Option<MatchResult>,
}

fn count_tiles(tiles: &[u8]) -> BTreeMap<u8, i64> {
    let mut m = BTreeMap::new();
    for &t in tiles {
        *m.entry(t).or_insert(0) += 1;
    }
    m
}

/// Removes each tile of `take` from `from`; on a missing tile, `from` is left unchanged.
fn take_tiles(from: &mut Vec<u8>, take: &[u8]) -> Result<(), EngineError> {
    let mut left = from.clone();
    for &t in take {
        match left.iter().position(|&x| x == t) {
            Some(i) => {
                left.remove(i);
            }
            None => {
                return Err(EngineError::TileNotOnRack {
                    letter: t as char,
                    rack: rack_text(from),
                })
            }
        }
    }
    *from = left;
    Ok(())
}

fn check_rule_set(rules: &RuleSet) -> Result<(), EngineError> {
    let bad = |reason: &str| {
        Err(EngineError::InvalidRuleSet {
            reason: reason.to_string(),
        })
    };
    if !(2..=26).contains(&rules.board_size) {
        return bad("the board must be 2 to 26 squares wide");
    }
    if rules.star.row >= rules.board_size || rules.star.col >= rules.board_size {
        return bad("the star is off the board");
    }
    if rules.rack_size == 0 {
        return bad("the rack size must be at least 1");
    }
    if rules.players.min == 0 || rules.players.min > rules.players.max {
        return bad("the player range is empty");
    }
    Ok(())
}

impl Match {
    /// A new match with a deal shuffled from `seed`.
    pub fn new(
        rules: RuleSet,
        list: ListRef,
        players: Vec<PlayerSpec>,
        seed: u64,
    ) -> Result<Match, EngineError> {
        Match::with_deal(rules, list, players, seed, Deal::default())
    }

    /// A new match with some or all of the deal fixed.
    pub fn with_deal(
        rules: RuleSet,
        list: ListRef,
        players: Vec<PlayerSpec>,
        seed: u64,
        deal: Deal,
    ) -> Result<Match, EngineError> {
        check_rule_set(&rules)?;
        let n = players.len();
        if n < rules.players.min as usize || n > rules.players.max as usize {
            return Err(EngineError::PlayerCount {
                given: n,
                min: rules.players.min,
                max: rules.players.max,
            });
        }
        if !rules.computer_seats
            && players
                .iter()
                .any(|p| matches!(p.kind, PlayerKind::Computer { .. }))
        {
            return Err(EngineError::ComputerSeatNotAllowed {
                rules: rules.id.clone(),
            });
        }
        let bad = |reason: String| EngineError::BadDeal { reason };
        let mut fixed: Vec<u8> = Vec::new();
        if let Some(racks) = &deal.racks {
            if racks.len() != n {
                return Err(bad(format!("{} racks for {n} players", racks.len())));
            }
            for r in racks {
                let tiles = parse_rack(r)?;
                if tiles.len() != rules.rack_size as usize {
                    return Err(bad(format!(
                        "rack {r:?} has {} tiles; a rack holds {}",
                        tiles.len(),
                        rules.rack_size
                    )));
                }
                fixed.extend(tiles);
            }
        }
        let draw_order = parse_rack(&deal.draw_order)?;
        let mut rest = rules.bag();
        let mut used = fixed.clone();
        used.extend(&draw_order);
        for &t in &used {
            match rest.iter().position(|&x| x == t) {
                Some(i) => {
                    rest.remove(i);
                }
                None => {
                    return Err(bad(format!(
                        "more {} tiles than {}'s bag holds",
                        t as char, rules.id
                    )))
                }
            }
        }
        let mut rng = StdRng::seed_from_u64(seed);
        rest.shuffle(&mut rng);
        let mut bag = Vec::with_capacity(rules.bag_size());
        if deal.racks.is_some() {
            bag.extend(&fixed);
        } else {
            let dealt = (n * rules.rack_size as usize).min(rest.len());
            bag.extend(rest.drain(..dealt));
        }
        bag.extend(&draw_order);
        bag.extend(&rest);
        let rack_size = rules.rack_size as usize;
        let racks: Vec<String> = (0..n)
            .map(|s| {
                let from = (s * rack_size).min(bag.len());
                let to = ((s + 1) * rack_size).min(bag.len());
                rack_text(&bag[from..to])
            })
            .collect();
        let start = Event::Started {
            rules_hash: rules.hash(),
            rules,
            list,
            players,
            seed,
            bag: rack_text(&bag),
            racks,
        };
        Match::start(&start)
    }

    /// Rebuilds a match from its events (never consulting a random number generator).
    pub fn replay(events: &[Event]) -> Result<Match, EngineError> {
        Match::replay_with(events, |_| {})
    }

    /// [`Match::replay`], showing `after_each` the state after every action event (a
    /// history's board, turn by turn).
    pub fn replay_with(
        events: &[Event],
        mut after_each: impl FnMut(&Match),
    ) -> Result<Match, EngineError> {
        let Some(first) = events.first() else {
            return Err(EngineError::BadEvents {
                index: 0,
                reason: "no events".into(),
            });
        };
        let mut m = Match::start(first)?;
        for (index, event) in events.iter().enumerate().skip(1) {
            let wrap = |e: EngineError| match e {
                EngineError::BadEvents { .. } => e,
                other => EngineError::BadEvents {
                    index,
                    reason: other.to_string(),
                },
            };
            match event {
                Event::Started { .. } => {
                    return Err(EngineError::BadEvents {
                        index,
                        reason: "a second start".into(),
                    })
                }
                Event::Ended { result } => {
                    if m.events.last() != Some(event) {
                        return Err(EngineError::BadEvents {
                            index,
                            reason: format!(
                                "recorded end {:?} differs from the replayed one",
                                result.reason
                            ),
                        });
                    }
                }
                _ => {
                    if m.result.is_some() {
                        return Err(EngineError::BadEvents {
                            index,
                            reason: "an action after the match ended".into(),
                        });
                    }
                    m.fold(event.clone()).map_err(wrap)?;
                    after_each(&m);
                }
            }
        }
        Ok(m)
    }

    /// The state right after [`Event::Started`], checking it is consistent.
    fn start(event: &Event) -> Result<Match, EngineError> {
        let bad = |reason: String| EngineError::BadEvents { index: 0, reason };
        let Event::Started {
            rules,
            rules_hash,
            list,
            players,
            seed,
            bag,
            racks,
        } = event
        else {
            return Err(bad("the first event must be the start".into()));
        };
        check_rule_set(rules)?;
        if &rules.hash() != rules_hash {
            return Err(bad("the rule set does not match its recorded hash".into()));
        }
        let mut bag = parse_rack(bag)?;
        if count_tiles(&bag) != count_tiles(&rules.bag()) {
            return Err(bad("the bag is not the rule set's bag".into()));
        }
        let n = players.len();
        if n == 0 || racks.len() != n {
            return Err(bad("one rack per player is needed".into()));
        }
        let mut dealt = Vec::with_capacity(n);
        for recorded in racks {
            let k = (rules.rack_size as usize).min(bag.len());
            let rack: Vec<u8> = bag.drain(..k).collect();
            if &rack_text(&rack) != recorded {
                return Err(bad(
                    "the recorded racks are not the bag's first tiles".into()
                ));
            }
            dealt.push(rack);
        }
        Ok(Match {
            board: Board::new(rules),
            rules: rules.clone(),
            list: list.clone(),
            players: players.clone(),
            seed: *seed,
            bag,
            racks: dealt,
            scores: vec![0; n],
            resigned: vec![false; n],
            out_of_play: Vec::new(),
            to_move: 0,
            streaks: vec![0; n],
            turns_taken: vec![0; n],
            scoreless_turns: 0,
            turns: Vec::new(),
            pending_hints: vec![Vec::new(); n],
            hints: vec![0; n],
            events: vec![event.clone()],
            result: None,
        })
    }

    // ---- reading -------------------------------------------------------------------------

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    pub fn list(&self) -> &ListRef {
        &self.list
    }
    pub fn players(&self) -> &[PlayerSpec] {
        &self.players
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }
    pub fn resigned(&self) -> &[bool] {
        &self.resigned
    }
    /// Tiles that left play with resigned players.
    pub fn out_of_play(&self) -> &[u8] {
        &self.out_of_play
    }
    /// The seat to move, None once the match is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.result.is_none().then_some(self.to_move)
    }
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }
    pub fn result(&self) -> Option<&MatchResult> {
        self.result.as_ref()
    }
    /// Consecutive scoreless turns across the table.
    pub fn scoreless_turns(&self) -> u32 {
        self.scoreless_turns
    }
    /// A seat's rack (rack bytes, `?` blank), for computer players and hints. Never put this
    /// in anything another player sees; [`Match::view`] is what players get.
    pub fn rack(&self, seat: Seat) -> Option<&[u8]> {
        self.racks.get(seat).map(|r| r.as_slice())
    }

    /// Whether `seat` could exchange now (its turn, policy and bag allow it).
    pub fn can_exchange(&self, seat: Seat) -> bool {
        self.check_turn(seat).is_ok() && self.exchange_size_range(seat).is_ok()
    }

    /// Whether `seat` could pass now.
    pub fn can_pass(&self, seat: Seat) -> bool {
        self.check_turn(seat).is_ok() && self.check_pass().is_ok()
    }

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
                score: self.scores[seat],
                rack_count: self.racks[seat].len(),
                resigned: self.resigned[seat],
                hints: self.hints[seat],
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
        View {
            rules_id: self.rules.id.clone(),
            rules_label: self.rules.label.clone(),
            candidate: self.rules.candidate,
            list: self.list.clone(),
            board: self.board.clone(),
            players,
            bag_count: self.bag.len(),
            to_move,
            turns_played: self.turns_taken.iter().sum(),
            turns_left,
            last_move: self.turns.last().map(|t| {
                let mut t = t.clone();
                // What a hint showed is drawn from that player's rack: only they see it, and
                // only while their rack is shown (else the screen may be someone else's).
                if viewer != Some(t.player) || !reveal_rack {
                    for h in &mut t.hints {
                        h.shown = serde_json::Value::Null;
                    }
                }
                t
            }),
            viewer,
            rack: viewer
                .filter(|_| reveal_rack)
                .map(|v| rack_text(&self.racks[v])),
            // Subtracting a rack that is not shown would tell it (unseen = bag + every rack,
            // so the difference from a spectator's count is exactly that rack).
            unseen: self.unseen(viewer.filter(|_| reveal_rack)),
            can_exchange: to_move.is_some_and(|s| self.can_exchange(s)),
            can_pass: to_move.is_some_and(|s| self.can_pass(s)),
            scoreless_turns: self.scoreless_turns,
            result: self.result.clone(),
        }
    }

    // ---- acting --------------------------------------------------------------------------

    /// The match is still on and `player` is in it (resigning needs no more than this).
    fn check_active(&self, player: Seat) -> Result<(), EngineError> {
        if self.result.is_some() {
            return Err(EngineError::MatchOver);
        }
        if player >= self.players.len() || self.resigned[player] {
            return Err(EngineError::PlayerNotInMatch {
                player,
                players: self.players.len(),
            });
        }
        Ok(())
    }

    fn check_turn(&self, player: Seat) -> Result<(), EngineError> {
        self.check_active(player)?;
        if player != self.to_move {
            return Err(EngineError::NotYourTurn {
                player,
                to_move: self.to_move,
            });
        }
        Ok(())
    }

    fn check_list(&self, list: &WordList) -> Result<(), EngineError> {
        let info = list.info();
        if info.id != self.list.id || info.sha256 != self.list.sha256 {
            let given = ListRef::of(list);
            return Err(EngineError::WrongWordList {
                expected: format!("{} ({})", self.list.id, self.list.sha256),
                given: format!("{} ({})", given.id, given.sha256),
            });
        }
        Ok(())
    }

    /// How many tiles `seat` may exchange now, as (min, max).
    fn exchange_size_range(&self, seat: Seat) -> Result<(usize, usize), EngineError> {
        let bag = self.bag.len();
        let rack = self.racks[seat].len();
        match self.rules.exchange {
            ExchangePolicy::None => Err(EngineError::ExchangeNotAllowed { bag, min_bag: 0 }),
            ExchangePolicy::Chosen { min_bag, max_tiles } => {
                if bag < min_bag as usize || rack == 0 {
                    Err(EngineError::ExchangeNotAllowed {
                        bag,
                        min_bag: min_bag as usize,
                    })
                } else {
                    Ok((1, (max_tiles as usize).min(rack)))
                }
            }
            ExchangePolicy::WholeRack => {
                let n = bag.min(rack);
                if n == 0 {
                    Err(EngineError::ExchangeNotAllowed { bag, min_bag: 1 })
                } else {
                    Ok((n, n))
                }
            }
        }
    }

    fn check_pass(&self) -> Result<(), EngineError> {
        match self.rules.pass {
            PassPolicy::Always => Ok(()),
            PassPolicy::OnlyWhenBagEmpty if self.bag.is_empty() => Ok(()),
            PassPolicy::OnlyWhenBagEmpty => Err(EngineError::PassNotAllowed {
                bag: self.bag.len(),
            }),
        }
    }

    /// Scores staged tiles for `player` without committing anything (every rule checked).
    pub fn preview(
        &self,
        player: Seat,
        tiles: &[Placement],
        list: &WordList,
    ) -> Result<ScoredMove, EngineError> {
        self.check_list(list)?;
        self.check_turn(player)?;
        let scored = score_placement(&self.board, &self.rules, tiles)?;
        let used: Vec<u8> = scored.tiles.iter().map(|p| p.tile.rack_byte()).collect();
        take_tiles(&mut self.racks[player].clone(), &used)?;
        check_words(&scored, list)?;
        Ok(scored)
    }

    /// Applies an action. Accepted: returns the events it appended (its own, then `Ended`
    /// when it ended the match). Refused: a typed error, and the match is unchanged.
    pub fn apply(&mut self, action: Action, list: &WordList) -> Result<&[Event], EngineError> {
        self.check_list(list)?;
        let event = match action {
            Action::Place { player, tiles } => {
                let scored = self.preview(player, &tiles, list)?;
                let n = self.draw_count(player, scored.tiles.len());
                Event::Placed {
                    player,
                    tiles: scored.tiles,
                    notation: scored.notation,
                    words: scored.words,
                    bingo: scored.bingo,
                    score: scored.score,
                    drawn: rack_text(&self.bag[..n]),
                }
            }
            Action::Exchange { player, tiles } => {
                self.check_turn(player)?;
                let (min, max) = self.exchange_size_range(player)?;
                let mut returned = parse_rack(&tiles)?;
                if returned.is_empty()
                    && min == max
                    && self.rules.exchange == ExchangePolicy::WholeRack
                {
                    returned = self.racks[player][..min].to_vec();
                }
                if returned.len() < min || returned.len() > max {
                    return Err(EngineError::ExchangeCount {
                        given: returned.len(),
                        min,
                        max,
                    });
                }
                take_tiles(&mut self.racks[player].clone(), &returned)?;
                let k = returned.len();
                let drawn = self.bag[..k].to_vec();
                let mut bag = self.bag[k..].to_vec();
                bag.extend(&returned);
                // Fresh generator per event, from the seed and the event number: the
                // resulting order is recorded, so replay never depends on it.
                let mut rng = StdRng::seed_from_u64(
                    self.seed ^ (self.events.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                );
                bag.shuffle(&mut rng);
                Event::Exchanged {
                    player,
                    returned: rack_text(&returned),
                    drawn: rack_text(&drawn),
                    bag: rack_text(&bag),
                }
            }
            Action::Pass { player } => {
                self.check_turn(player)?;
                self.check_pass()?;
                Event::Passed { player }
            }
            Action::Resign { player } => {
                self.check_active(player)?;
                if !self.rules.end.resign {
                    return Err(EngineError::ResignNotAllowed {
                        rules: self.rules.id.clone(),
                    });
                }
                Event::Resigned { player }
            }
            Action::HintTaken {
                player,
                kind,
                shown,
            } => {
                self.check_turn(player)?;
                if !self.rules.offers_hint(kind) {
                    return Err(EngineError::HintNotAllowed {
                        kind: kind.as_str().to_string(),
                        rules: self.rules.id.clone(),
                    });
                }
                Event::HintTaken {
                    player,
                    kind,
                    shown,
                }
            }
        };
        let before = self.events.len();
        // `fold` checks everything before it changes anything, so even an (impossible)
        // inconsistency here would leave the match unchanged.
        self.fold(event)?;
        Ok(&self.events[before..])
    }

    fn draw_count(&self, player: Seat, placed: usize) -> usize {
        let left = self.racks[player].len().saturating_sub(placed);
        (self.rules.rack_size as usize)
            .saturating_sub(left)
            .min(self.bag.len())
    }

    /// The one place state changes: applies an action event (already validated when live;
    /// checked for consistency when replayed), then ends the match if an end condition holds.
    fn fold(&mut self, event: Event) -> Result<(), EngineError> {
        let index = self.events.len();
        let bad = |reason: String| EngineError::BadEvents { index, reason };
        match &event {
            Event::Placed {
                player,
                tiles,
                notation,
                words,
                bingo,
                score,
                drawn,
            } => {
                // Every check first, then the changes: a bad event leaves the match as it was.
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                let scored = score_placement(&self.board, &self.rules, tiles)?;
                if scored.score != *score || scored.bingo != *bingo {
                    return Err(bad(format!(
                        "recorded score {score} but the move scores {}",
                        scored.score
                    )));
                }
                if &scored.words != words || &scored.notation != notation {
                    return Err(bad(format!(
                        "recorded words or notation ({notation}) differ from the move's ({})",
                        scored.notation
                    )));
                }
                let used: Vec<u8> = tiles.iter().map(|p| p.tile.rack_byte()).collect();
                let mut rack = self.racks[player].clone();
                take_tiles(&mut rack, &used)?;
                let drawn = parse_rack(drawn)?;
                let expected = self.draw_count(player, used.len());
                if drawn.len() != expected || self.bag[..expected] != drawn[..] {
                    return Err(bad("the recorded draw is not the bag's next tiles".into()));
                }
                for p in &scored.tiles {
                    self.board.place(p.square, p.tile)?;
                }
                rack.extend(self.bag.drain(..expected));
                self.racks[player] = rack;
                self.scores[player] += scored.score as i32;
                self.streaks[player] = 0;
                self.scoreless_turns = 0;
                self.turns_taken[player] += 1;
                self.record_turn(player, TurnKind::Place, Some(&scored), 0);
            }
            Event::Exchanged {
                player,
                returned,
                drawn,
                bag,
            } => {
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                let returned = parse_rack(returned)?;
                let drawn = parse_rack(drawn)?;
                let k = returned.len();
                if drawn.len() != k || k > self.bag.len() || self.bag[..k] != drawn[..] {
                    return Err(bad(
                        "an exchange draws the bag's next tiles, as many as it returns".into(),
                    ));
                }
                let mut rack = self.racks[player].clone();
                take_tiles(&mut rack, &returned)?;
                let new_bag = parse_rack(bag)?;
                let mut expected = self.bag[k..].to_vec();
                expected.extend(&returned);
                if count_tiles(&expected) != count_tiles(&new_bag) {
                    return Err(bad("the bag after the exchange lost or gained tiles".into()));
                }
                rack.extend(drawn);
                self.racks[player] = rack;
                self.bag = new_bag;
                self.scoreless_turn(player);
                self.record_turn(player, TurnKind::Exchange, None, k as u32);
            }
            Event::Passed { player } => {
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                self.scoreless_turn(player);
                self.record_turn(player, TurnKind::Pass, None, 0);
            }
            Event::Resigned { player } => {
                let player = *player;
                if player >= self.players.len() || self.resigned[player] || !self.rules.end.resign {
                    return Err(bad(format!("player {} cannot resign", player + 1)));
                }
                self.resigned[player] = true;
                let rack = std::mem::take(&mut self.racks[player]);
                self.out_of_play.extend(rack);
                self.record_turn(player, TurnKind::Resign, None, 0);
            }
            Event::HintTaken {
                player,
                kind,
                shown,
            } => {
                let player = *player;
                self.check_turn(player).map_err(|e| bad(e.to_string()))?;
                self.hints[player] += 1;
                self.pending_hints[player].push(HintRecord {
                    kind: *kind,
                    shown: shown.clone(),
                });
                self.events.push(event);
                return Ok(());
            }
            Event::Started { .. } | Event::Ended { .. } => {
                return Err(bad("not an action event".into()));
            }
        }
        let actor = match &event {
            Event::Placed { player, .. }
            | Event::Exchanged { player, .. }
            | Event::Passed { player }
            | Event::Resigned { player } => *player,
            _ => unreachable!("handled above"),
        };
        self.events.push(event);
        if let Some(result) = self.end_check(actor) {
            self.result = Some(result.clone());
            self.scores = result.final_scores.clone();
            self.events.push(Event::Ended { result });
        } else if actor == self.to_move {
            self.advance();
        }
        Ok(())
    }

    fn scoreless_turn(&mut self, player: Seat) {
        self.streaks[player] += 1;
        self.scoreless_turns += 1;
        self.turns_taken[player] += 1;
    }

    fn record_turn(
        &mut self,
        player: Seat,
        kind: TurnKind,
        scored: Option<&ScoredMove>,
        exchanged: u32,
    ) {
        let hints = std::mem::take(&mut self.pending_hints[player]);
        self.turns.push(Turn {
            number: self.turns.len() as u32 + 1,
            player,
            kind,
            notation: scored.map(|s| s.notation.clone()),
            words: scored.map(|s| s.words.clone()).unwrap_or_default(),
            bingo: scored.map_or(0, |s| s.bingo),
            score: scored.map_or(0, |s| s.score),
            exchanged,
            totals: self.scores.clone(),
            hints,
        });
    }

    /// Next seat after the current one that has not resigned.
    fn advance(&mut self) {
        let n = self.players.len();
        for step in 1..=n {
            let s = (self.to_move + step) % n;
            if !self.resigned[s] {
                self.to_move = s;
                return;
            }
        }
    }

    fn active(&self) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|&s| !self.resigned[s])
            .collect()
    }

    fn rack_value(&self, seat: Seat) -> i32 {
        self.racks[seat]
            .iter()
            .map(|&t| self.rules.value(t) as i32)
            .sum()
    }

    /// The result if the last action (by `actor`) ended the match.
    fn end_check(&self, actor: Seat) -> Option<MatchResult> {
        let end = self.rules.end;
        let active = self.active();
        let n = self.players.len();
        let mut adjustments = vec![0i32; n];
        let (reason, went_out) = if self.resigned[actor] && active.len() <= 1 {
            (EndReason::Resigned, None)
        } else if end.going_out
            && !self.resigned[actor]
            && self.bag.is_empty()
            && self.racks[actor].is_empty()
            && matches!(self.turns.last(), Some(t) if t.kind == TurnKind::Place)
        {
            if end.rack_adjustment {
                for &s in &active {
                    if s != actor {
                        let v = self.rack_value(s);
                        adjustments[s] -= v;
                        adjustments[actor] += v;
                    }
                }
            }
            (EndReason::WentOut, Some(actor))
        } else if end.scoreless_turns_in_a_row.is_some_and(|k| {
            !active.is_empty() && active.iter().all(|&s| self.streaks[s] >= k as u32)
        }) {
            if end.rack_adjustment {
                for &s in &active {
                    adjustments[s] -= self.rack_value(s);
                }
            }
            (EndReason::ScorelessTurns, None)
        } else if end.turn_limit.is_some_and(|limit| {
            if limit.per_player {
                active.iter().all(|&s| self.turns_taken[s] >= limit.turns)
            } else {
                self.turns_taken.iter().sum::<u32>() >= limit.turns
            }
        }) {
            (EndReason::TurnLimit, None)
        } else {
            return None;
        };
        let final_scores: Vec<i32> = (0..n).map(|s| self.scores[s] + adjustments[s]).collect();
        let winners = if reason == EndReason::Resigned {
            active.clone()
        } else {
            let best = active.iter().map(|&s| final_scores[s]).max();
            active
                .iter()
                .copied()
                .filter(|&s| Some(final_scores[s]) == best)
                .collect()
        };
        let best_turns = (0..n)
            .map(|s| {
                self.turns
                    .iter()
                    .filter(|t| t.player == s && t.kind == TurnKind::Place)
                    .fold(None::<&Turn>, |best, t| match best {
                        Some(b) if b.score >= t.score => Some(b),
                        _ => Some(t),
                    })
                    .map(|t| BestTurn {
                        turn: t.number,
                        notation: t.notation.clone().unwrap_or_default(),
                        score: t.score,
                    })
            })
            .collect();
        Some(MatchResult {
            reason,
            went_out,
            scores_before_adjustment: self.scores.clone(),
            adjustments,
            final_scores,
            winners,
            resigned: self.resigned.clone(),
            best_turns,
            hints: self.hints.clone(),
            turns: self.turns.len() as u32,
        })
    }
}
