//! Word Club's rules lab: how a rule set plays over simulated matches, and a search of its
//! variants towards balance targets (`wordclub-cli lab measure`, `lab search`, `lab merge`).
//! It drives the move generator's players (crate `wordclub-movegen`) and is no part of it:
//! the lab can grow without touching what the app ships. The app reads only the shipped
//! evidence ([`evidence`]), with the default feature `search` off (see `Cargo.toml`).
//!
//! - [`measure`]: the figures of a set of simulated matches ([`Measurement`]): endings, board
//!   fill, tiles left, first-player and per-seat win rates with 95% intervals, scores and
//!   winning margins, turns, bingos, blanks, turns without a legal placement.
//! - [`rules_file`] (feature `search`): a rule set read from JSON (the format `wordclub-cli
//!   rules` prints), checked field by field so a mistake is named.
//! - [`tally`]: the integer counts and histograms every match is folded into as it ends
//!   ([`Tally`]): memory flat in the number of matches, and shards that add up exactly.
//! - [`limits`]: every number's bound, and the shards of a run ([`Shard`]).
//! - [`shard`]: the files `--shard K/N` writes (a measure's or a search's) and `lab merge`
//!   adds up.
//! - [`report`]: the charts of a run (`--report FILE.html`, and the Rules screen's).
//! - [`evidence`]: the shipped evidence files (measure shards) read back and charted.
//! - [`head_start`]: the head start that evens a weaker computer level against a stronger
//!   one (the median deficit, with its interval), and its shipped evidence.
//! - [`search`](mod@search) (feature `search`): variants of a base rule set along named axes
//!   ([`Axis`]), simulated with sequential testing against [`Target`]s, and the Pareto front
//!   of what was tried.
//! - [`LabError`]: every error of the lab, with a stable [`LabError::kind`].
//!
//! Every simulation goes through [`wordclub_movegen::play_games_each`]: one match per thread,
//! each decided by its seed alone, so every figure is the same whatever the number of threads.

// The modules are public, as they were inside movegen: the CLI reads the lab's bounds
// (`limits`), figures (`measure`) and charts (`report`) by module, and with the feature
// `search` off every item the search alone uses stays exported, not dead code.
mod error;
pub mod evidence;
pub mod head_start;
pub mod limits;
pub mod measure;
pub mod report;
#[cfg(feature = "search")]
pub mod rules_file;
#[cfg(feature = "search")]
pub mod search;
pub mod shard;
pub mod tally;

pub use error::LabError;
pub use limits::Shard;
pub use measure::{Measurement, Metric};
#[cfg(feature = "search")]
pub use rules_file::rule_set_from_json;
#[cfg(feature = "search")]
pub use search::{merge_search, search, search_shard, Axis, SearchConfig, SearchReport, Target};
pub use shard::{merge_measure, LabShard, MeasureShard, SearchHead, SearchShard, VariantRun};
pub use tally::{Histogram, Tally};
