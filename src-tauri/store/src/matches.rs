//! Recording engine matches and resuming them: the typed layer over [`crate::records`].
//!
//! The flow in the app: `game.apply(action, list)?` → [`Store::record`] (commits) → only then
//! answer the player. If `record` fails, the in-memory match is ahead of the history: resume it
//! again from the store rather than playing on.
use wordclub_engine::{Event, Match, PlayerKind};
use wordclub_lexicon::WordList;

use crate::records::{
    rules_hash, EventRow, Finish, FixedDeal, MatchRow, Progress, SeatKind, SeatProgress,
};
use crate::time::now_ms;
use crate::{Store, StoreError};

#[cfg(feature = "replay-count")]
std::thread_local! {
    /// How many matches this thread replayed from the history (feature `replay-count`).
    static REPLAYS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many matches this thread has replayed from the history: for tests that check that a
/// command replays a match once (feature `replay-count`, a test build's only). Per thread,
/// so tests running side by side do not count each other's.
#[cfg(feature = "replay-count")]
pub fn replays_on_this_thread() -> u64 {
    REPLAYS.with(std::cell::Cell::get)
}

/// A stored match replayed through the engine, with the word list it is pinned to.
#[derive(Debug)]
pub struct Resumed {
    pub id: i64,
    pub game: Match,
    pub list: &'static WordList,
}

/// The stored `kind` of an event (its serde tag).
pub(crate) fn event_kind(e: &Event) -> &'static str {
    match e {
        Event::Started { .. } => "started",
        Event::Placed { .. } => "placed",
        Event::Exchanged { .. } => "exchanged",
        Event::Passed { .. } => "passed",
        Event::Resigned { .. } => "resigned",
        Event::HintTaken { .. } => "hint_taken",
        Event::WordLookedUp { .. } => "word_looked_up",
        Event::RackShown { .. } => "rack_shown",
        Event::TakenBack { .. } => "taken_back",
        Event::Challenged { .. } => "challenged",
        Event::Unchallenged => "unchallenged",
        Event::Ended { .. } => "ended",
    }
}

fn encode(events: &[Event]) -> Result<Vec<EventRow>, StoreError> {
    events
        .iter()
        .map(|e| {
            Ok(EventRow {
                kind: event_kind(e).to_string(),
                body: serde_json::to_string(e).map_err(|source| StoreError::Encode { source })?,
            })
        })
        .collect()
}

/// Everything the browse columns hold, recomputed from the match.
pub(crate) fn progress_of(game: &Match) -> Result<Progress, StoreError> {
    let n = game.players().len();
    let mut seats = vec![SeatProgress::default(); n];
    for (s, seat) in seats.iter_mut().enumerate() {
        seat.score = i64::from(game.scores()[s]);
        seat.resigned = game.resigned()[s];
        seat.hints_taken = i64::from(game.hints_taken()[s]);
        // The engine's best turn: of equal scores, the earliest.
        seat.best_move = game
            .best_turn(Some(s))
            .map(|t| (t.notation.clone().unwrap_or_default(), i64::from(t.score)));
    }
    let finish = match game.result() {
        None => None,
        Some(r) => {
            let best_turn = game.best_turn(None).map(|t| {
                (
                    t.player as i64,
                    t.notation.clone().unwrap_or_default(),
                    i64::from(t.score),
                )
            });
            Some(Finish {
                end_reason: serde_json::to_value(r.reason)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
                result_json: serde_json::to_string(r)
                    .map_err(|source| StoreError::Encode { source })?,
                adjustments: r.adjustments.iter().map(|&a| i64::from(a)).collect(),
                winners: (0..n).map(|s| r.winners.contains(&s)).collect(),
                best_turn,
            })
        }
    };
    Ok(Progress {
        turn_count: game.turns().len() as i64,
        seats,
        finish,
    })
}

impl Store {
    /// Records a new match (its events so far, normally just the start) and returns its id.
    pub fn create(&mut self, game: &Match) -> Result<i64, StoreError> {
        self.create_with(game, None)
    }

    /// [`Store::create`] for a match whose deal the caller fixed (`Some`): its history says so.
    pub fn create_with(
        &mut self,
        game: &Match,
        fixed_deal: Option<FixedDeal>,
    ) -> Result<i64, StoreError> {
        let rules_json =
            serde_json::to_string(game.rules()).map_err(|source| StoreError::Encode { source })?;
        let row = MatchRow {
            rules_id: game.rules().id.clone(),
            rules_json,
            list_id: game.list().id.clone(),
            list_sha256: game.list().sha256.clone(),
            seed: game.seed(),
            fixed_deal,
            seats: game
                .players()
                .iter()
                .map(|p| crate::records::SeatRow {
                    name: p.name.clone(),
                    kind: match p.kind {
                        PlayerKind::Human => SeatKind::Human,
                        PlayerKind::Computer { .. } => SeatKind::Computer,
                    },
                    level: match &p.kind {
                        PlayerKind::Human => None,
                        PlayerKind::Computer { level } => Some(level.clone()),
                    },
                })
                .collect(),
            created_at: now_ms(),
        };
        let events = encode(game.events())?;
        let progress = progress_of(game)?;
        self.insert_match(&row, &events, &progress)
    }

    /// Appends the events `game` has beyond what is stored for match `id` (its accepted actions
    /// since the last call, `Ended` included), with the scores and result they lead to, in one
    /// transaction. Returns how many events were appended, once they are committed to disk.
    /// A `game` behind the store, or one whose history differs from the stored one, is refused
    /// (`out_of_sequence`, `diverged`): resume the match from the store instead.
    pub fn record(&mut self, id: i64, game: &Match) -> Result<usize, StoreError> {
        let events = game.events();
        let progress = progress_of(game)?;
        self.append_rows(id, events.len(), |range| encode(&events[range]), &progress)
    }

    /// Replays a stored match through the engine: the state it had when its last event was
    /// recorded, ready to play on. Refuses a match whose word list version is not shipped.
    pub fn resume(&self, id: i64) -> Result<Resumed, StoreError> {
        let (game, list) = self.replay(id)?;
        let list = list.map_err(|shipped_sha256| StoreError::ListNotShipped {
            match_id: id,
            list_id: game.list().id.clone(),
            sha256: game.list().sha256.clone(),
            shipped_sha256,
        })?;
        Ok(Resumed { id, game, list })
    }

    /// Replays a stored match for reading (whatever word list it was played with).
    pub fn replayed(&self, id: i64) -> Result<Match, StoreError> {
        self.replay(id).map(|(game, _)| game)
    }

    /// Replays a stored match (for reading: works whatever list it was played with). Also
    /// returns its word list if that exact version is shipped (an older version of an id
    /// counts: it stays shipped for its matches), else the SHA-256 of the id's current list,
    /// if any.
    pub(crate) fn replay(
        &self,
        id: i64,
    ) -> Result<(Match, Result<&'static WordList, Option<String>>), StoreError> {
        self.replay_with(id, |_| {})
    }

    /// [`Store::replay`], showing `after_each` the match after every action event
    /// ([`Match::replay_with`]): a caller that reads more than the end state (the board turn
    /// by turn) replays once.
    pub(crate) fn replay_with(
        &self,
        id: i64,
        after_each: impl FnMut(&Match),
    ) -> Result<(Match, Result<&'static WordList, Option<String>>), StoreError> {
        #[cfg(feature = "replay-count")]
        REPLAYS.with(|n| n.set(n.get() + 1));
        let raw = self.raw(id)?;
        // A list of one's own is opened from the history (once per process), so the engine
        // finds it by its pin as it finds a shipped list.
        self.own_word_list(&raw.list_id, &raw.list_sha256)?;
        if rules_hash(&raw.rules_json) != raw.rules_sha256 {
            return Err(StoreError::RulesTampered { match_id: id });
        }
        let events: Vec<Event> = raw
            .events
            .iter()
            .enumerate()
            .map(|(seq, body)| {
                serde_json::from_str(body).map_err(|source| StoreError::DecodeEvent {
                    match_id: id,
                    seq,
                    source,
                })
            })
            .collect::<Result<_, _>>()?;
        match events.first() {
            Some(Event::Started {
                rules_hash, list, ..
            }) if *rules_hash == raw.rules_sha256
                && list.id == raw.list_id
                && list.sha256 == raw.list_sha256 => {}
            _ => {
                return Err(StoreError::Decode {
                    match_id: id,
                    reason: "the first event does not start this match's rules and word list"
                        .into(),
                })
            }
        }
        let game =
            Match::replay_with(&events, after_each).map_err(|source| StoreError::Replay {
                match_id: id,
                source,
            })?;
        // The match's words: its list, with the additions and blocks it pinned if any.
        let list = match game.word_list() {
            Ok(list) => Ok(list),
            Err(e @ wordclub_lexicon::LexiconError::OurWords { .. }) => {
                return Err(StoreError::Decode {
                    match_id: id,
                    reason: e.to_string(),
                })
            }
            Err(_) => Err(WordList::builtin(&raw.list_id)
                .ok()
                .map(|l| l.info().sha256.clone())),
        };
        Ok((game, list))
    }
}
