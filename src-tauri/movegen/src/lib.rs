//! Word Club's move generator, suggested moves, computer players and simulator.
//!
//! - [`Gaddag`]: the generator's own graph, built once per word list from its fst.
//! - [`Generator`]: every legal placement of a rack on a [`Grid`] under a [`Layout`], with
//!   scores; [`Generator::best_move`] for the "suggest a move" hint.

pub mod bridge;
pub mod error;
pub mod gaddag;
pub mod gen;
pub mod layout;
pub mod leave;
pub mod moves;
pub mod players;
pub mod sim;

pub use bridge::{gaddag_for, grid_of, layout_of, position_of, rack_of, Position};
pub use error::MovegenError;
pub use gaddag::Gaddag;
pub use gen::{BestScore, Count, Found, Generator, Sink};
pub use layout::{Grid, Layout, Rack};
pub use leave::LeaveTable;
pub use moves::{sort_moves, Move};
pub use players::{computer_action, decide, suggest, Decision, Level, Situation};
pub use sim::{simulate, SimConfig, SimReport};
