//! Word Club's move generator, suggested moves, computer players and simulator.
//!
//! The modules are private; everything public is in the `pub use` list below:
//!
//! - [`Gaddag`]: the generator's own graph (crate `wordclub-graph`): prebuilt into the binary
//!   for the default lists, else kept on disk ([`set_graph_cache_dir`]) or by the host (the web
//!   app: [`keep_graphs_in_host`]) or built once per list
//!   ([`gaddag_for`] caches one per list for the process; [`polite_gaddag_for`] is its view
//!   without the kept offensive words).
//! - [`Generator`]: every legal placement of a rack on a [`Grid`] under a [`Layout`], with
//!   scores, fed to a [`Sink`] (a `Vec<Move>`, [`BestScore`], [`Count`] or your own);
//!   [`Generator::best_move`] searches anchors in order of an upper bound and stops early.
//!   Moves list in [`sort_moves`] order (score, then notation); [`Move::notation`] is GCG.
//! - `bridge`: the engine's rule sets, boards and racks in the generator's terms
//!   ([`layout_of`], [`grid_of`], [`rack_of`], [`position_of`] for CGP) and back
//!   ([`Move::placements`]).
//! - `players`: [`suggest`] (the best move for a hint), the computer players ([`Level`]:
//!   easy, medium, hard, greedy) and [`computer_action`], the action a computer seat takes in
//!   a match.
//! - `hints`: [`hint_answer`], what a hint shows the player to move (rack words or the
//!   suggested move, with the player's manners): the one answer the app and the CLI give.
//! - `leave`, `fit`: the leave tables, shipped ([`LeaveTable::shipped`]) or fitted by
//!   self-play ([`LeaveTable::fit`]); which one a rule set plays with is in its data
//!   ([`LeaveTable::for_rules`]: a variant without its own gets one derived from its base's,
//!   fitted with [`DERIVED_GAMES`], [`DERIVED_SEED`] and [`DERIVED_LAMBDA`]).
//! - [`analysis`]: the post-game analysis of a finished match or a GCG record
//!   ([`analysis::analyse_match`], [`analysis::ANALYSER_VERSION`]).
//! - `sim`: [`simulate`] plays matches between computer players through the engine, one
//!   per thread on every core, and reports the figures (`wordclub-cli simulate`).
//!
//! The rules lab is a crate of its own (`wordclub-lab`): it drives the players through
//! [`play_games_each`] and varies rule sets up to [`MAX_SIZE`] squares a side, and nothing
//! here exists for it alone.

pub mod analysis;
mod bridge;
mod error;
mod fit;
use wordclub_graph as gaddag;
mod gen;
mod hints;
mod layout;
mod leave;
mod moves;
mod players;
mod prebuilt;
mod sim;

pub use bridge::{
    gaddag_for, graph_for, graph_requested, grid_of, layout_of, polite_gaddag_for, position_of,
    rack_of, try_graph_for, try_graph_with_progress, Manners, Position,
};
pub use error::MovegenError;
pub use fit::{DERIVED_GAMES, DERIVED_LAMBDA, DERIVED_SEED};
pub use gaddag::{Gaddag, Progress as GraphProgress};
pub use gen::{BestScore, Count, Found, Generator, Ranked, Sink};
pub use hints::hint_answer;
pub use layout::{Grid, Layout, Rack, MAX_SIZE};
pub use leave::LeaveTable;
pub use moves::{sort_moves, Move};
pub use players::{
    computer_action, computer_action_with, computer_decision, decide, decide_at, position_seats,
    suggest, suggest_with, Decision, Level, Situation,
};
pub use prebuilt::{
    graph_cache_dir, host_graph_counts, is_prebuilt, keep_graphs_in_host, offer_kept_graph,
    set_graph_cache_dir, take_graphs_to_keep, GraphSource, HostGraphCounts,
};
pub use sim::{
    check_players, default_threads, play_games, play_games_each, simulate, GameOutcome, SimConfig,
    SimReport,
};
