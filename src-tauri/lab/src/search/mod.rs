//! The variant search: vary a base rule set along named axes, simulate each variant at
//! every table of the search with sequential testing against targets, and report the
//! Pareto front of what was tried.
//!
//! Tables and targets: every variant is played at each table of the search (`--players
//! "hard,hard;hard,hard,hard"`, mixed seats allowed), each over the same seeds. A target
//! (`worst_seat<=3%`) holds at every table, or with `@N` at the tables of N players, or with
//! `@hard,medium` at the table of exactly those players ([`Scope`]); each (target, table)
//! pair is judged on its own.
//!
//! Sequential testing: every variant plays the same seeds (so differences between variants
//! are not luck of the deal) in batches; after each batch every (target, table)'s estimate
//! gets an interval at 99.5% (wider than the reported 95%, because the figures are looked at
//! after every batch), and the variant stops as soon as one interval lies wholly outside its
//! target (it cannot meet it) or every interval lies wholly inside (it clearly meets them
//! all), else at the game limit. A table whose own intervals all lie inside stops there
//! while the others play on (its figures are settled, and the slowest table — four
//! players, a big board — is then the only one still paying); each table's matches are
//! always the first of the same seeds.
//!
//! The parts: [`Axis`] and the variants the axes make (`axes.rs`); premium layouts to try
//! and boards resized about their centre ([`NamedLayout`], [`resize`]: `layouts.rs`);
//! [`Target`]s and the tables each is judged at ([`Scope`]: `targets.rs`); here, the search
//! itself: playing the variants, the sequential test, the report and its Pareto front. The
//! files a search writes are [`crate::shard`]'s.

use serde::Serialize;
use wordclub_engine::RuleSet;
use wordclub_lexicon::WordList;
use wordclub_movegen::{play_games_each, Level, Manners};

use crate::limits::{self, Shard};
use crate::measure::{Measurement, Z95};
use crate::shard::{SearchHead, SearchShard, VariantRun};
use crate::tally::Tally;
use crate::LabError;

mod axes;
mod layouts;
mod targets;

use axes::variants;
pub use axes::{Axis, StartPoints};
pub use layouts::{
    layouts_from_text, resize, symmetric_layout_count, symmetric_layouts, NamedLayout,
};
pub use targets::{table_name, target_tables, Scope, Target};

/// z of the interval the sequential test stops on (two-sided 99.5%).
const Z_STOP: f64 = 2.807;

fn search_error(reason: impl Into<String>) -> LabError {
    LabError::Search {
        reason: reason.into(),
    }
}

/// What to search.
pub struct SearchConfig<'a> {
    pub base: RuleSet,
    pub list: &'a WordList,
    pub axes: Vec<(String, Axis)>,
    pub targets: Vec<Target>,
    /// The tables every variant is measured at (`--players "hard,hard;hard,hard,hard"`),
    /// each over the same seeds.
    pub tables: Vec<Vec<Level>>,
    pub seed: u64,
    /// Games per batch (at each table), and at most per variant and table.
    pub batch: usize,
    pub max_games: usize,
    pub threads: usize,
    /// Which variants this run tries: every `n`th from `k - 1` ([`Shard::WHOLE`]: all).
    pub shard: Shard,
    /// The text of every file an axis read (`premiums=FILE`), by the path its spec names:
    /// written into the shards, so `lab merge` parses the same axes.
    pub axis_files: std::collections::BTreeMap<String, String>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TargetResult {
    pub target: String,
    /// The table it is judged at (`hard,hard,hard`) and its number of players.
    pub table: String,
    pub players: usize,
    pub estimate: f64,
    pub ci95: [f64; 2],
    /// Distance of the estimate outside the target (points for shares), 0 inside.
    pub shortfall: f64,
    /// `clearly_met` (95% interval inside), `met` (estimate inside), `missed`, `clearly_missed`.
    pub verdict: &'static str,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct VariantResult {
    pub index: usize,
    pub name: String,
    pub changes: Vec<String>,
    /// The most matches played at any table, and the matches at each (a table whose
    /// targets were all clearly met stops before the others).
    pub games: usize,
    pub games_per_table: Vec<usize>,
    /// Why simulating stopped: `outside` (a target clearly missed at a table), `inside`
    /// (every target clearly met at every table) or `game_limit`.
    pub stopped: String,
    /// One row per (target, table).
    pub targets: Vec<TargetResult>,
    /// Every estimate lies inside its target.
    pub meets_targets: bool,
    /// Each missed (target, table), by how much: `worst_seat <= 3.0% at hard,hard,hard: 4.2
    /// points over`.
    pub misses: Vec<String>,
    /// Sum of the shortfalls, each over its target's tolerance.
    pub weighted_shortfall: f64,
    /// Tiles in the bag at each table.
    pub bag_sizes: Vec<usize>,
    /// The full figures at each table and the rule set, for the variants on the Pareto
    /// front.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measurements: Option<Vec<Measurement>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<RuleSet>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SearchReport {
    pub base: String,
    pub list: String,
    /// The tables, each as its players' levels.
    pub tables: Vec<Vec<String>>,
    pub seed: u64,
    pub axes: Vec<String>,
    pub targets: Vec<String>,
    pub batch: usize,
    pub max_games: usize,
    pub variants: Vec<VariantResult>,
    /// Indices of the variants no other variant beats on every (target, table)'s shortfall.
    pub pareto_front: Vec<usize>,
    /// The front's best: the least weighted shortfall, then the most targets met with their
    /// whole 95% interval (the safest margin), then the fewest changes from the base, then
    /// the estimates nearest the middle of two-sided targets.
    pub best: Option<usize>,
    /// Matches played over every variant and table.
    pub games_played: usize,
}

/// The flat rule set of each table (`RuleSet::at_table`): what its matches are played and
/// measured under.
fn flat_rules(rules: &RuleSet, tables: &[Vec<Level>]) -> Result<Vec<RuleSet>, LabError> {
    tables
        .iter()
        .map(|t| {
            rules
                .at_table(t.len())
                .map_err(|e| search_error(format!("{} at {} players: {e}", rules.id, t.len())))
        })
        .collect()
}

/// Checks the search's numbers against their bounds (`lab::limits`).
fn check_bounds(config: &SearchConfig<'_>) -> Result<(), LabError> {
    if config.targets.is_empty() {
        return Err(search_error("give at least one --target"));
    }
    if config.tables.is_empty() {
        return Err(search_error("give at least one table to --players"));
    }
    limits::bounded(
        "--games",
        config.max_games as u64,
        1,
        limits::MAX_GAMES,
        limits::WHY_GAMES,
    )?;
    limits::bounded(
        "--batch",
        config.batch as u64,
        1,
        limits::MAX_BATCH,
        limits::WHY_GAMES,
    )?;
    limits::bounded(
        "--threads",
        config.threads as u64,
        1,
        limits::MAX_THREADS,
        limits::WHY_THREADS,
    )?;
    limits::variant_count(config.axes.iter().map(|(_, a)| a.len()))?;
    Ok(())
}

/// Every variant of the axes on `base` (changes, rules), each checked as a rule file is,
/// and its flat rule set at each table.
#[allow(clippy::type_complexity)] // the variants as `variants` gives them, and their flats
fn checked_variants(
    base: &RuleSet,
    axes: &[(String, Axis)],
    tables: &[Vec<Level>],
) -> Result<(Vec<(Vec<String>, RuleSet)>, Vec<Vec<RuleSet>>), LabError> {
    let tried = variants(base, axes);
    let mut flats = Vec::with_capacity(tried.len());
    for (changes, rules) in &tried {
        let name = || changes.join(", ");
        crate::rules_file::check(rules)
            .map_err(|e| search_error(format!("variant {}: {e}", name())))?;
        let flat = flat_rules(rules, tables)?;
        for (f, table) in flat.iter().zip(tables) {
            crate::rules_file::check(f).map_err(|e| {
                search_error(format!(
                    "variant {} at {} players: {e}",
                    name(),
                    table.len()
                ))
            })?;
        }
        flats.push(flat);
    }
    Ok((tried, flats))
}

/// Plays this shard's variants; `progress(variant, variants, games_so_far)` after each
/// batch.
pub fn search_shard(
    config: &SearchConfig<'_>,
    mut progress: impl FnMut(usize, usize, usize),
) -> Result<SearchShard, LabError> {
    check_bounds(config)?;
    let checks = target_tables(&config.targets, &config.tables)?;
    for table in &config.tables {
        wordclub_movegen::check_players(&config.base, table)?;
    }
    let (tried, flats) = checked_variants(&config.base, &config.axes, &config.tables)?;
    let mut runs = Vec::new();
    for (index, (changes, rules)) in tried.iter().enumerate() {
        if !config.shard.owns(index) {
            continue;
        }
        let flat = &flats[index];
        let mut tallies: Vec<Tally> = config.tables.iter().map(|t| Tally::new(t.len())).collect();
        // A table whose every target is already clearly met stops there (its figures are
        // settled; playing it on would only spend time), while the others play on: each
        // table's games are still the first of the same seeds. A table no target names
        // plays along until the variant stops, for its figures.
        let judged: Vec<bool> = (0..config.tables.len())
            .map(|k| checks.iter().any(|&(_, c)| c == k))
            .collect();
        let mut live = vec![true; config.tables.len()];
        let stopped = loop {
            // Every table plays the same seeds, and every variant too: a difference between
            // tables or variants is the rules', not the deal's.
            for (k, ((table, rules), tally)) in
                config.tables.iter().zip(flat).zip(&mut tallies).enumerate()
            {
                let from = tally.games as usize;
                let to = (from + config.batch).min(config.max_games);
                if !live[k] || from >= to {
                    continue;
                }
                play_games_each(
                    rules,
                    config.list,
                    table,
                    // The lab measures the rules: the computers may play every word of the list.
                    Manners::AnyWord,
                    config.seed,
                    from..to,
                    config.threads,
                    |_, g| tally.add(&g),
                )?;
            }
            let most = tallies.iter().map(|t| t.games as usize).max().unwrap_or(0);
            progress(index, tried.len(), most);
            let intervals: Vec<(usize, &Target, [f64; 2])> = checks
                .iter()
                .map(|&(ti, k)| {
                    let t = &config.targets[ti];
                    let (_, ci) =
                        t.metric
                            .estimate(&tallies[k], &flat[k], &config.tables[k], Z_STOP);
                    (k, t, ci)
                })
                .collect();
            let outside = intervals
                .iter()
                .any(|(_, t, [lo, hi])| *hi < t.lo || *lo > t.hi);
            if outside {
                break "outside";
            }
            for (k, live) in live.iter_mut().enumerate() {
                let settled = intervals
                    .iter()
                    .filter(|(c, _, _)| *c == k)
                    .all(|(_, t, [lo, hi])| *lo >= t.lo && *hi <= t.hi);
                if judged[k] && settled {
                    *live = false;
                }
            }
            if (0..live.len()).all(|k| !judged[k] || !live[k]) {
                break "inside";
            }
            let limit = (0..live.len())
                .filter(|&k| judged[k] && live[k])
                .all(|k| tallies[k].games as usize >= config.max_games);
            if limit {
                break "game_limit";
            }
        };
        runs.push(VariantRun {
            index,
            changes: changes.clone(),
            changed: changed(changes, &config.base, &config.axes),
            stopped: stopped.to_string(),
            rules: rules.clone(),
            tallies,
        });
    }
    Ok(SearchShard {
        shard: config.shard,
        head: SearchHead {
            base: config.base.id.clone(),
            base_hash: config.base.hash(),
            base_rules: Some(config.base.clone()),
            axis_files: config.axis_files.clone(),
            list: config.list.info().id.clone(),
            tables: config
                .tables
                .iter()
                .map(|t| t.iter().map(|l| l.name().to_string()).collect())
                .collect(),
            seed: config.seed,
            axes: config.axes.iter().map(|(spec, _)| spec.clone()).collect(),
            targets: config.targets.iter().map(Target::spec).collect(),
            batch: config.batch,
            max_games: config.max_games,
            variants: tried.len(),
        },
        runs,
    })
}

/// Runs the whole search; `progress(variant, variants, games_so_far)` after each batch.
pub fn search(
    config: &SearchConfig<'_>,
    progress: impl FnMut(usize, usize, usize),
) -> Result<SearchReport, LabError> {
    let shard = search_shard(config, progress)?;
    report(&shard.head, &shard.runs)
}

/// Combines the shards of one search into its report: every shard must have the same head
/// and every variant must be played by exactly one of them.
pub fn merge_search(shards: &[SearchShard]) -> Result<SearchReport, LabError> {
    let Some(first) = shards.first() else {
        return Err(search_error("no search shard to merge"));
    };
    limits::variant_count([first.head.variants])?;
    let mut runs: Vec<Option<&VariantRun>> = vec![None; first.head.variants];
    let tried = rederived_variants(&first.head)?;
    for s in shards {
        if s.head != first.head {
            return Err(search_error(
                "the shards are of different searches (base, list, players, seed, axes, \
                 targets, batch or games differ)",
            ));
        }
        for r in &s.runs {
            // Not taken on trust: the variant the search's axes make of its base, with the
            // same label and count of changes.
            let derived = tried.get(r.index).map(|(changes, rules, changed)| {
                *changes == r.changes && *rules == r.rules && *changed == r.changed
            });
            if derived == Some(false) {
                return Err(search_error(format!(
                    "variant {} ({}) is not its base with the search's axes applied: its \
                     rule set, its changes or their count were edited",
                    r.index + 1,
                    r.changes.join(", ")
                )));
            }
            let fits = r.tallies.len() == first.head.tables.len()
                && r.tallies.iter().zip(&first.head.tables).all(|(t, table)| {
                    t.seats == table.len() && t.games <= first.head.max_games as u64
                });
            if !fits {
                return Err(search_error(format!(
                    "variant {}: its tallies are not of the search's tables",
                    r.index + 1
                )));
            }
            for t in &r.tallies {
                t.check()
                    .map_err(|e| search_error(format!("variant {}: {e}", r.index + 1)))?;
            }
            match runs.get_mut(r.index) {
                Some(slot @ None) => *slot = Some(r),
                Some(Some(_)) => {
                    return Err(search_error(format!(
                        "variant {} is in two shards",
                        r.index + 1
                    )))
                }
                None => {
                    return Err(search_error(format!(
                        "variant {} is past the search's {} variants",
                        r.index + 1,
                        first.head.variants
                    )))
                }
            }
        }
    }
    if let Some(missing) = runs.iter().position(Option::is_none) {
        return Err(search_error(format!(
            "variant {} is in no shard: merge every shard of the search",
            missing + 1
        )));
    }
    let runs: Vec<VariantRun> = runs.into_iter().flatten().cloned().collect();
    report(&first.head, &runs)
}

/// The variants a search's head makes, as `search_shard` made them: (changes, rules, how
/// many changes differ from the base), from the base rule set the head holds (checked
/// against its id and hash) and its axes, parsed again with the files they read then.
fn rederived_variants(head: &SearchHead) -> Result<Vec<(Vec<String>, RuleSet, usize)>, LabError> {
    let Some(base) = &head.base_rules else {
        return Err(search_error(
            "the shards hold no base rule set (written by an older version): run the \
             search's shards again with this one",
        ));
    };
    if base.id != head.base || base.hash() != head.base_hash {
        return Err(search_error(format!(
            "the shards' base rule set is not {} as they name it (its id or hash differs)",
            head.base
        )));
    }
    let axes = head
        .axes
        .iter()
        .map(|spec| {
            let axis = Axis::parse(spec, base, |path| {
                head.axis_files.get(path).cloned().ok_or_else(|| {
                    search_error(format!("the shards do not hold the file {path} of --vary"))
                })
            })?;
            Ok((spec.clone(), axis))
        })
        .collect::<Result<Vec<_>, LabError>>()?;
    let tables: Vec<Vec<Level>> = head
        .tables
        .iter()
        .map(|t| t.iter().map(|p| Level::parse(p)).collect())
        .collect::<Result<_, _>>()?;
    let (tried, _) = checked_variants(base, &axes, &tables)?;
    if tried.len() != head.variants {
        return Err(search_error(format!(
            "the search's axes make {} variants; the shards say {}",
            tried.len(),
            head.variants
        )));
    }
    Ok(tried
        .into_iter()
        .map(|(changes, rules)| {
            let n = changed(&changes, base, &axes);
            (changes, rules, n)
        })
        .collect())
}

/// How a miss reads: `worst_seat <= 3.0% at hard,hard,hard: 4.2 points over`.
fn miss_text(t: &Target, r: &TargetResult) -> String {
    let side = if r.estimate < t.lo { "under" } else { "over" };
    let amount = if t.metric.is_share() {
        format!("{:.1} points", r.shortfall)
    } else {
        format!("{:.2}", r.shortfall)
    };
    format!("{} at {}: {amount} {side}", t.describe_figure(), r.table)
}

/// The report of a search from its played variants (all of them, in index order).
fn report(head: &SearchHead, runs: &[VariantRun]) -> Result<SearchReport, LabError> {
    let targets: Vec<Target> = head
        .targets
        .iter()
        .map(|t| Target::parse(t))
        .collect::<Result<_, _>>()?;
    let tables: Vec<Vec<Level>> = head
        .tables
        .iter()
        .map(|t| t.iter().map(|p| Level::parse(p)).collect())
        .collect::<Result<_, _>>()?;
    let checks = target_tables(&targets, &tables)?;
    let mut results = Vec::new();
    let mut flats = Vec::new();
    for run in runs {
        let flat = flat_rules(&run.rules, &tables)?;
        let rows: Vec<TargetResult> = checks
            .iter()
            .map(|&(ti, k)| {
                let t = &targets[ti];
                let (estimate, ci95) =
                    t.metric
                        .estimate(&run.tallies[k], &flat[k], &tables[k], Z95);
                let inside = estimate >= t.lo && estimate <= t.hi;
                let verdict = if ci95[0] >= t.lo && ci95[1] <= t.hi {
                    "clearly_met"
                } else if inside {
                    "met"
                } else if ci95[1] < t.lo || ci95[0] > t.hi {
                    "clearly_missed"
                } else {
                    "missed"
                };
                TargetResult {
                    target: t.describe(),
                    table: head.tables[k].join(","),
                    players: tables[k].len(),
                    estimate,
                    ci95,
                    shortfall: t.shortfall(estimate),
                    verdict,
                }
            })
            .collect();
        let weighted_shortfall = checks
            .iter()
            .zip(&rows)
            .map(|(&(ti, _), r)| r.shortfall / targets[ti].tolerance())
            .sum();
        let misses = checks
            .iter()
            .zip(&rows)
            .filter(|(_, r)| r.shortfall > 0.0)
            .map(|(&(ti, _), r)| miss_text(&targets[ti], r))
            .collect();
        results.push(VariantResult {
            index: run.index,
            name: if run.changes.is_empty() {
                format!("{} (base)", head.base)
            } else {
                run.changes.join(", ")
            },
            changes: run.changes.clone(),
            games: run
                .tallies
                .iter()
                .map(|t| t.games as usize)
                .max()
                .unwrap_or(0),
            games_per_table: run.tallies.iter().map(|t| t.games as usize).collect(),
            stopped: run.stopped.clone(),
            meets_targets: rows.iter().all(|r| r.shortfall == 0.0),
            misses,
            targets: rows,
            weighted_shortfall,
            bag_sizes: flat.iter().map(RuleSet::bag_size).collect(),
            measurements: None,
            rules: None,
        });
        flats.push(flat);
    }
    let front = pareto_front(&results);
    let centrality = |v: &VariantResult| -> f64 {
        checks
            .iter()
            .map(|&(ti, _)| &targets[ti])
            .zip(&v.targets)
            .filter(|(t, _)| t.lo.is_finite() && t.hi.is_finite() && t.hi > t.lo)
            .map(|(t, r)| ((r.estimate - (t.lo + t.hi) / 2.0) / (t.hi - t.lo)).abs())
            .sum()
    };
    let best = front.iter().copied().min_by(|&a, &b| {
        let (x, y) = (&results[a], &results[b]);
        let clear = |v: &VariantResult| {
            v.targets
                .iter()
                .filter(|t| t.verdict == "clearly_met")
                .count()
        };
        x.weighted_shortfall
            .total_cmp(&y.weighted_shortfall)
            .then(clear(y).cmp(&clear(x)))
            .then(runs[a].changed.cmp(&runs[b].changed))
            .then(centrality(x).total_cmp(&centrality(y)))
            .then(a.cmp(&b))
    });
    for &i in &front {
        let run = &runs[i];
        results[i].measurements = Some(
            flats[i]
                .iter()
                .zip(&tables)
                .zip(&run.tallies)
                .map(|((flat, players), tally)| {
                    Measurement::of(flat, &head.list, players, head.seed, tally)
                })
                .collect(),
        );
        results[i].rules = Some(run.rules.clone());
    }
    Ok(SearchReport {
        base: head.base.clone(),
        list: head.list.clone(),
        tables: head.tables.clone(),
        seed: head.seed,
        axes: head.axes.clone(),
        targets: targets.iter().map(Target::describe).collect(),
        batch: head.batch,
        max_games: head.max_games,
        games_played: runs
            .iter()
            .flat_map(|r| &r.tallies)
            .map(|t| t.games as usize)
            .sum(),
        variants: results,
        pareto_front: front,
        best,
    })
}

/// How many of a variant's changes differ from the base (a tie-break for the best).
fn changed(changes: &[String], base: &RuleSet, axes: &[(String, Axis)]) -> usize {
    changes
        .iter()
        .filter(|c| !is_base_value(c, base, axes))
        .count()
}

/// Whether a change label leaves the base as it is (for example `blanks 2` on a base with two).
fn is_base_value(change: &str, base: &RuleSet, axes: &[(String, Axis)]) -> bool {
    let seats = base.players.max as usize;
    for (_, axis) in axes {
        for i in 0..axis.len() {
            let mut r = base.clone();
            if axis.apply(i, &mut r, seats) == change {
                return r == *base;
            }
        }
    }
    false
}

/// The variants that no other variant dominates (no larger shortfall on any target and a
/// smaller one on some), in index order.
fn pareto_front(results: &[VariantResult]) -> Vec<usize> {
    let dominates = |a: &VariantResult, b: &VariantResult| {
        let pairs = || a.targets.iter().zip(&b.targets);
        pairs().all(|(x, y)| x.shortfall <= y.shortfall)
            && pairs().any(|(x, y)| x.shortfall < y.shortfall)
    };
    (0..results.len())
        .filter(|&i| !results.iter().any(|o| dominates(o, &results[i])))
        .collect()
}

/// What the tests of every part of the search start from.
#[cfg(test)]
mod testing {
    use wordclub_engine::RuleSet;

    use super::{search_error, variants, Axis};
    use crate::LabError;

    pub(super) fn base() -> RuleSet {
        RuleSet::builtin("wordclub-1.1").unwrap()
    }

    pub(super) fn twelve() -> RuleSet {
        RuleSet::builtin("wordclub-1.2").unwrap()
    }

    pub(super) fn no_file(_: &str) -> Result<String, LabError> {
        Err(search_error("no file"))
    }

    /// The variant `lab search` makes of `base` along `axis` (its only value).
    pub(super) fn variant(base: &RuleSet, spec: &str) -> RuleSet {
        let axis = Axis::parse(spec, base, no_file).unwrap();
        let mut tried = variants(base, &[(spec.to_string(), axis)]);
        assert_eq!(tried.len(), 1);
        tried.pop().unwrap().1
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{no_file, twelve};
    use super::*;

    #[test]
    fn the_pareto_front_drops_dominated_variants() {
        let v = |s: &[f64]| VariantResult {
            index: 0,
            name: String::new(),
            changes: Vec::new(),
            games: 1,
            games_per_table: vec![1],
            stopped: "game_limit".into(),
            targets: s
                .iter()
                .map(|&x| TargetResult {
                    target: String::new(),
                    table: String::new(),
                    players: 2,
                    estimate: 0.0,
                    ci95: [0.0, 0.0],
                    shortfall: x,
                    verdict: "met",
                })
                .collect(),
            meets_targets: false,
            misses: Vec::new(),
            weighted_shortfall: 0.0,
            bag_sizes: Vec::new(),
            measurements: None,
            rules: None,
        };
        let results = vec![
            v(&[1.0, 5.0]),
            v(&[2.0, 2.0]),
            v(&[3.0, 3.0]),
            v(&[1.0, 5.0]),
        ];
        assert_eq!(pareto_front(&results), vec![0, 1, 3]);
    }

    #[test]
    fn every_table_plays_the_same_seeds_and_a_table_s_axis_moves_that_table_s_figures_only() {
        let b = twelve();
        let list = WordList::builtin(&b.default_list).unwrap();
        let g = Level::Greedy;
        let axes = vec![(
            "at3.rack=7,5".to_string(),
            Axis::parse("at3.rack=7,5", &b, no_file).unwrap(),
        )];
        let config = SearchConfig {
            base: b.clone(),
            list,
            axes,
            targets: vec![
                Target::parse("worst_seat<=100%").unwrap(),
                Target::parse("moves_per_player>=1000@3").unwrap(),
                Target::parse("missing_letters<=0").unwrap(),
            ],
            tables: vec![vec![g, g], vec![g, g, g]],
            seed: 5,
            batch: 6,
            max_games: 12,
            threads: 1,
            shard: Shard::WHOLE,
            axis_files: Default::default(),
        };
        let shard = search_shard(&config, |_, _, _| {}).unwrap();
        let (same, small) = (&shard.runs[0], &shard.runs[1]);
        assert_eq!(same.changed, 0);
        assert_eq!(small.changed, 1);
        // The two-player table is the same rule set in both variants, dealt the same seeds.
        assert_eq!(same.tallies[0], small.tallies[0]);
        assert_ne!(same.tallies[1], small.tallies[1]);
        // moves_per_player>=1000 at three players is clearly missed after one batch.
        assert_eq!(
            (same.stopped.as_str(), same.tallies[1].games),
            ("outside", 6)
        );
        let r = report(&shard.head, &shard.runs).unwrap();
        let v = &r.variants[0];
        // worst_seat at both tables, moves at three, missing letters at both.
        let at: Vec<(&str, usize)> = v
            .targets
            .iter()
            .map(|t| (t.target.split(' ').next().unwrap(), t.players))
            .collect();
        assert_eq!(
            at,
            vec![
                ("worst_seat", 2),
                ("worst_seat", 3),
                ("moves_per_player", 3),
                ("missing_letters", 2),
                ("missing_letters", 3)
            ]
        );
        // 1.2 has no J Q V X Z: five letters missing at every table, and said so.
        assert_eq!(v.targets[3].estimate, 5.0);
        assert!(
            v.misses
                .iter()
                .any(|m| m.starts_with("missing_letters <= 0 at greedy,greedy: 5.00 over")),
            "{:?}",
            v.misses
        );
        assert!(
            v.misses
                .iter()
                .any(|m| m.starts_with("moves_per_player >= 1000 at greedy,greedy,greedy")),
            "{:?}",
            v.misses
        );
        assert!(!v.misses.iter().any(|m| m.starts_with("worst_seat")));
        let figures = r.variants[r.pareto_front[0]].measurements.as_ref().unwrap();
        assert_eq!(figures.len(), 2);
        assert_eq!(figures[1].per_seat.len(), 3);
    }

    #[test]
    fn a_table_whose_targets_are_clearly_met_stops_while_the_others_play_on() {
        let b = twelve();
        let list = WordList::builtin(&b.default_list).unwrap();
        let g = Level::Greedy;
        let config = SearchConfig {
            base: b.clone(),
            list,
            axes: Vec::new(),
            targets: vec![
                // Known from the rules: clearly met after the first batch.
                Target::parse("missing_letters<=5@2").unwrap(),
                // Twelve matches cannot settle a seat's share within 20 points either way.
                Target::parse("worst_seat<=20%@3").unwrap(),
            ],
            tables: vec![vec![g, g], vec![g, g, g]],
            seed: 9,
            batch: 6,
            max_games: 12,
            threads: 1,
            shard: Shard::WHOLE,
            axis_files: Default::default(),
        };
        let shard = search_shard(&config, |_, _, _| {}).unwrap();
        let run = &shard.runs[0];
        assert_eq!(run.stopped, "game_limit");
        assert_eq!((run.tallies[0].games, run.tallies[1].games), (6, 12));
        let r = report(&shard.head, &shard.runs).unwrap();
        assert_eq!(r.variants[0].games_per_table, vec![6, 12]);
        assert_eq!(r.games_played, 18);
        // The two-player table's six are the six a search of six matches plays there.
        let short = SearchConfig {
            max_games: 6,
            ..config
        };
        let first = search_shard(&short, |_, _, _| {}).unwrap();
        assert_eq!(first.runs[0].tallies[0], run.tallies[0]);
    }
}
