//! The rules lab: how a rule set plays over simulated matches, and a search of its variants
//! towards balance targets (`wordclub-cli lab measure`, `lab search`).
//!
//! - [`measure`]: the figures of a set of simulated matches ([`Measurement`]): endings, board
//!   fill, tiles left, first-player and per-seat win rates with 95% intervals, scores and
//!   winning margins, turns, bingos, blanks, turns without a legal placement.
//! - [`rules_file`]: a rule set read from JSON (the format `wordclub-cli rules` prints),
//!   checked field by field so a mistake is named.
//! - [`tally`]: the integer counts and histograms every match is folded into as it ends
//!   ([`Tally`]): memory flat in the number of matches, and shards that add up exactly.
//! - [`limits`]: every number's bound, and the shards of a run ([`Shard`]).
//! - [`shard`]: the files `--shard K/N` writes and `lab merge` adds up.
//! - [`report`]: the charts of a run (`--report FILE.html`, and the Rules screen's).
//! - [`evidence`]: the shipped evidence files (measure shards) read back and charted.
//! - [`search`](mod@search): variants of a base rule set along named axes ([`Axis`]), simulated with
//!   sequential testing against [`Target`]s, and the Pareto front of what was tried.
//!
//! Every simulation goes through [`crate::sim::play_games_each`]: one match per thread, each
//! decided by its seed alone, so every figure is the same whatever the number of threads.

pub mod evidence;
pub mod limits;
pub mod measure;
pub mod report;
pub mod rules_file;
pub mod search;
pub mod shard;
pub mod tally;

pub use limits::Shard;
pub use measure::{Measurement, Metric};
pub use rules_file::rule_set_from_json;
pub use search::{
    merge_search, search, search_shard, Axis, SearchConfig, SearchReport, SearchShard, Target,
};
pub use shard::{merge_measure, LabShard, MeasureShard};
pub use tally::{Histogram, Tally};
