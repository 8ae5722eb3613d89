//! The rules lab: how a rule set plays over simulated matches, and a search of its variants
//! towards balance targets (`wordclub-cli lab measure`, `lab search`).
//!
//! - [`measure`]: the figures of a set of simulated matches ([`Measurement`]): endings, board
//!   fill, tiles left, first-player and per-seat win rates with 95% intervals, scores and
//!   winning margins, turns, bingos, blanks, turns without a legal placement.
//! - [`rules_file`]: a rule set read from JSON (the format `wordclub-cli rules` prints),
//!   checked field by field so a mistake is named.
//! - [`search`]: variants of a base rule set along named axes ([`Axis`]), simulated with
//!   sequential testing against [`Target`]s, and the Pareto front of what was tried.
//!
//! Every simulation goes through [`crate::sim::play_games`]: one match per thread, each
//! decided by its seed alone, so every figure is the same whatever the number of threads.

pub mod measure;
pub mod rules_file;
pub mod search;

pub use measure::{Measurement, Metric};
pub use rules_file::rule_set_from_json;
pub use search::{search, Axis, SearchConfig, SearchReport, Target};
