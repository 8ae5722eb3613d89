//! Shard files: what `lab measure --shard K/N` and `lab search --shard K/N` write, and
//! `lab merge` reads back into exactly the figures of one run. A game depends on its seed
//! alone and a [`Tally`] adds up exactly, so the split never shows in the figures.

use serde::{Deserialize, Serialize};
use wordclub_engine::RuleSet;

use crate::limits::Shard;
use crate::measure::Measurement;
use crate::tally::Tally;
use crate::LabError;
use wordclub_movegen::Level;

fn shard_error(reason: impl Into<String>) -> LabError {
    LabError::Search {
        reason: reason.into(),
    }
}

/// One shard of a `lab measure` run: its games `range` of the run's `games`, tallied.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct MeasureShard {
    pub shard: Shard,
    pub rules: RuleSet,
    pub rules_hash: String,
    pub list: String,
    pub players: Vec<String>,
    pub seed: u64,
    /// Games in the whole run (every shard's).
    pub games: u64,
    pub range: [u64; 2],
    pub tally: Tally,
}

/// One variant as it was played: what a search shard writes, and all `lab merge` needs to
/// give the figures a whole search gives.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct VariantRun {
    pub index: usize,
    pub changes: Vec<String>,
    /// How many of the changes actually differ from the base (a tie-break for the best).
    pub changed: usize,
    pub stopped: String,
    pub rules: RuleSet,
    /// One tally per table, in the search's table order.
    pub tallies: Vec<Tally>,
}

/// What a search is, apart from the variants' results: written in every shard, and the
/// same in every shard of one search.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SearchHead {
    pub base: String,
    pub base_hash: String,
    /// The base rule set itself, so `lab merge` re-derives every variant from it and the
    /// axes instead of taking a shard's rule sets on trust (`None`: a shard of an older
    /// version, which merge refuses).
    #[serde(default)]
    pub base_rules: Option<RuleSet>,
    /// The text of every file an axis read (`premiums=FILE`), by the path the axis names,
    /// so the axes read the same at the merge, wherever it runs.
    #[serde(default)]
    pub axis_files: std::collections::BTreeMap<String, String>,
    pub list: String,
    pub tables: Vec<Vec<String>>,
    pub seed: u64,
    pub axes: Vec<String>,
    /// Each target as `Target::spec` writes it.
    pub targets: Vec<String>,
    pub batch: usize,
    pub max_games: usize,
    /// Variants in the whole search (every shard's).
    pub variants: usize,
}

/// One shard of a search (`lab search --shard K/N`): its variants, each with its tallies.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SearchShard {
    pub shard: Shard,
    pub head: SearchHead,
    pub runs: Vec<VariantRun>,
}

/// A shard file of either kind; `"lab_shard"` says which.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "lab_shard", rename_all = "snake_case")]
pub enum LabShard {
    // Boxed, both: each holds rule sets and tallies inline, of very different sizes.
    Measure(Box<MeasureShard>),
    Search(Box<SearchShard>),
}

impl MeasureShard {
    /// The players, read back as computer levels.
    pub fn levels(&self) -> Result<Vec<Level>, LabError> {
        self.players.iter().map(|p| Ok(Level::parse(p)?)).collect()
    }
}

/// Adds the shards of one `lab measure` run together: the same run in each (rule set, list,
/// players, seed, games, number of shards), every shard once, each with the games its
/// range says. Answers the run's figures, exactly as one unsharded run gives them, and the
/// tally they came from.
pub fn merge_measure(shards: &[MeasureShard]) -> Result<(Measurement, Tally), LabError> {
    let Some(first) = shards.first() else {
        return Err(shard_error("no measure shard to merge"));
    };
    let n = first.shard.n;
    crate::limits::bounded(
        "a shard's N",
        n,
        1,
        crate::limits::MAX_SHARDS,
        crate::limits::WHY_SHARDS,
    )?;
    let mut seen = vec![false; n as usize];
    let mut tally = Tally::new(first.players.len());
    for s in shards {
        if s.rules_hash != first.rules_hash
            || s.rules.hash() != s.rules_hash
            || s.list != first.list
            || s.players != first.players
            || s.seed != first.seed
            || s.games != first.games
            || s.shard.n != n
        {
            return Err(shard_error(format!(
                "shard {}/{} is of another run than shard {}/{} (rule set, list, players, \
                 seed, games or number of shards differ)",
                s.shard.k, s.shard.n, first.shard.k, first.shard.n
            )));
        }
        let k = s.shard.k;
        if k == 0 || k > n {
            return Err(shard_error(format!("shard {k}/{n} does not exist")));
        }
        if std::mem::replace(&mut seen[k as usize - 1], true) {
            return Err(shard_error(format!("shard {k}/{n} is given twice")));
        }
        s.tally
            .check()
            .map_err(|e| shard_error(format!("shard {k}/{n}: {e}")))?;
        let r = s.shard.range(s.games);
        if [r.start as u64, r.end as u64] != s.range || s.tally.games != s.range[1] - s.range[0] {
            return Err(shard_error(format!(
                "shard {k}/{n} holds {} games; its part of the run is games {}..{}",
                s.tally.games, r.start, r.end
            )));
        }
        tally.merge(&s.tally).map_err(shard_error)?;
    }
    if let Some(missing) = seen.iter().position(|&s| !s) {
        return Err(shard_error(format!(
            "shard {}/{n} is missing: merge every shard of the run",
            missing + 1
        )));
    }
    // The figures are of the rule set the table played: its size's changes applied.
    let flat = first
        .rules
        .at_table(first.players.len())
        .map_err(|e| shard_error(format!("shard {}/{n}: {e}", first.shard.k)))?;
    let m = Measurement::of(&flat, &first.list, &first.levels()?, first.seed, &tally);
    Ok((m, tally))
}
