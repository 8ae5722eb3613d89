//! Word Club rules engine (no I/O).
//!
//! The modules are private; everything public is in the `pub use` list below, by layer:
//!
//! - `types` (the bottom layer, depending on nothing): [`Square`], [`Direction`], [`Tile`],
//!   [`Placement`], [`BLANK`], [`Premium`], and [`ReadError`] for text that is none of them.
//! - `rules`: rule sets as plain data ([`RuleSet::builtin`], [`RuleSet::all`]).
//! - `board`: the [`Board`], laid out by a rule set.
//! - `scoring`: placement rules and scoring with a full breakdown, on a bare board
//!   ([`score_move`], [`score_placement`], [`check_words`]).
//! - `notation`: CGP positions ([`Cgp`]), GCG moves ([`GcgMove`]), rack text
//!   ([`parse_rack`], [`rack_text`]).
//! - `game`: a [`Match`] as a fold of [`Event`]s (the saved schema), [`Action`]s, its
//!   history of [`Turn`]s, [`View`]s and the [`MatchResult`].
//! - `table`: the [`Table`], a match played around one device: the handoff cover, who may
//!   act now and what the screen shows whoever holds it (SPEC §4's one-person rule).
//! - `error`: every refusal, typed ([`EngineError`]).
//!
//! # Choices where SPEC §2 is silent
//!
//! - Deal: the rule set's bag is shuffled with `StdRng::seed_from_u64(seed)`; racks are dealt
//!   from its front seat by seat, and every draw takes from the front. The start event records
//!   the whole order, so replay never uses the generator (whose algorithm may change).
//! - Exchange: the replacements are the bag's next tiles; the returned tiles then go back and
//!   the bag is shuffled (a generator seeded from the match seed and the event number); the
//!   resulting order is recorded in the event.
//! - Solo exchange with fewer tiles in the bag than on the rack: exactly `min(bag, rack)`
//!   tiles are swapped; the action names them, or leaves them empty for the first ones in
//!   rack order. With an empty bag the exchange is refused (Pass takes its place).
//! - The pass/exchange ending is counted per player: it ends when every active player's last
//!   three turns were passes or exchanges (6/9/12 turns in a row when nobody has resigned).
//! - Resign: any active player may resign at any time (not only on their turn); it is listed
//!   in the history but does not count as a turn for a turn limit. Solo: resigning ends the
//!   round with no winner.
//! - `classic-15-ten` ends after ten turns each, or when a player goes out (no deduction
//!   either way); the pass/exchange ending does not apply (the turn limit bounds the match).
//!   `solo-10` ends only at its turn limit (or on resign).
//! - A one-tile move runs across when its across word has 2+ letters, else down; its GCG
//!   notation follows that word (`7G Y.`).
//! - Bingo: a move that places `rack_size` (7) tiles.
//! - Best turn (a seat's, or the match's): the placement with the highest score; of equal
//!   scores the earliest turn. [`Match::best_turn`] is the one place this is decided; the
//!   result's per-seat bests, the end screen and the history all use it.
//! - Hints: only the player to move may take one; each is attached to that player's next
//!   turn in the history. A match gives one kind ([`Match::hint_kind`]) and [`Match::apply`]
//!   refuses any other; asking again in the same turn is the same hint
//!   ([`Match::hint_shown_this_turn`]), accepted with no new event (a stored history that
//!   holds a repeat replays it as recorded). What it showed is one typed record
//!   ([`HintShown`]), read in every shape an earlier build stored.
//! - Unseen tiles for a viewer: the full bag minus the board minus the viewer's own rack;
//!   tiles that left play with a resigned player stay "unseen" (nobody saw them).
//! - Several refusals at once: placement shape first, then the rack, then the word list; all
//!   words not in the list are named, once each, main word first.
//! - A rule set's hash is the SHA-256 of its JSON (fields in declaration order).
//! - Take-backs ("Allow take-backs", off by default): open only while the newest events are
//!   one person's play, exchange or pass followed by nothing but computers' turns; a hint, a
//!   resignation or a take-back since closes it, and so does the match's end. So does the
//!   next person (someone else) showing their rack: the table records that reveal as an
//!   event ([`Event::RackShown`], the only reveal recorded), so the move stands behind the
//!   cover again and after a restart (matches saved before issue 42 kept no reveal). The
//!   state after a take-back is the replay of the events before the withdrawn ones: the
//!   bag's order comes back, so the same tiles are drawn again; a redone exchange shuffles
//!   the returned tiles afresh (its generator is seeded from the event count, which the
//!   take-back raised). Hints taken before the withdrawn move wait for the turn played
//!   instead (counted once); each take-back is counted per seat ([`Match::take_backs`]).
//!   That state is kept as a checkpoint before each person's move (where take-backs are on),
//!   never rebuilt by replaying the prefix: replay stays linear in the events however many
//!   take-backs it meets (the `fold-count` feature counts the events folded, for its tests).
mod board;
mod error;
mod game;
mod notation;
mod rules;
mod scoring;
mod table;
mod types;

pub use board::Board;
pub use error::EngineError;
#[cfg(feature = "fold-count")]
pub use game::{fold_steps_on_this_thread, take_backs_by_replay_on_this_thread};
pub use game::{
    Action, BestTurn, Can, ChallengePenalty, ChallengeRule, ChallengeWindow, Deal, EndReason,
    Event, ExchangeBlocked, HintRecord, HintShown, HintTile, HintWord, ListRef, Match,
    MatchOptions, MatchResult, PlayerKind, PlayerSpec, PlayerView, Seat, Standing, TakeBackOffer,
    Turn, TurnChallenge, TurnKind, View, WordGroup, MAX_HEAD_START,
};
pub use notation::{
    gcg_head_start_note, gcg_lost_turn_note, gcg_start_points_note, parse_gcg_head_start_note,
    parse_gcg_lost_turn_note, parse_gcg_start_points_note, parse_rack, rack_text, Cgp, GcgMove,
    GCG_HEAD_START_NOTE, GCG_START_POINTS_NOTE,
};
pub use rules::{
    EndRules, ExchangePolicy, HintKind, Leave, LeaveTableId, PassPolicy, PlayerRange,
    PremiumSquare, RuleBounds, RuleProblem, RuleSet, TableChanges, TileSpec, TurnLimit,
    MAX_BINGO_BONUS, MAX_BOARD, MAX_NAME_CHARS, MAX_PLAYERS, MAX_RECORDED_BOARD, MAX_START_POINTS,
    RULE_SET_IDS,
};
pub use scoring::{
    check_words, gcg_position, score_move, score_placement, LetterScore, ScoredMove, WordScore,
};
pub use table::Table;
pub use types::{Direction, Placement, Premium, ReadError, Square, Tile, BLANK};
