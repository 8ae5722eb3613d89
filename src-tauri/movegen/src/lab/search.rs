//! The variant search: vary a base rule set along named axes, simulate each variant with
//! sequential testing against targets, and report the Pareto front of what was tried.
//!
//! Axes (`--vary`, each `name=values`): `bag=0.6,0.7` scales every letter count (each letter
//! the base has keeps at least one tile); `letter.E=8,10` sets one letter's count;
//! `blanks=0,1`; `rack=6,8` (the exchange limits follow the rack); `passes=2,4` (the
//! scoreless turns in a row that end a match); `premiums=…` candidate layouts, either drawn
//! in a file or `premiums=symmetric`: every layout that moves each of the base's groups of
//! premium squares (a premium kind on one orbit of the board's eight symmetries) onto
//! another orbit of the same size, kinds and counts kept. The variants are every
//! combination of the axes' values.
//!
//! Sequential testing: every variant plays the same seeds (so differences between variants
//! are not luck of the deal) in batches; after each batch every target's estimate gets an
//! interval at 99.5% (wider than the reported 95%, because the figures are looked at after
//! every batch), and the variant stops as soon as one interval lies wholly outside its
//! target (it cannot meet it) or every interval lies wholly inside (it clearly meets them
//! all), else at the game limit.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use wordclub_engine::{ExchangePolicy, Premium, PremiumSquare, RuleSet, Square};
use wordclub_lexicon::WordList;

use super::limits::{self, Shard};
use super::measure::{Measurement, Metric, Z95};
use super::tally::Tally;
use crate::bridge::Manners;
use crate::error::MovegenError;
use crate::players::Level;
use crate::sim::play_games_each;

/// z of the interval the sequential test stops on (two-sided 99.5%).
const Z_STOP: f64 = 2.807;

fn search_error(reason: impl Into<String>) -> MovegenError {
    MovegenError::Search {
        reason: reason.into(),
    }
}

/// A premium layout to try, with a name for the report.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedLayout {
    pub name: String,
    pub premiums: Vec<PremiumSquare>,
}

/// One named axis of variation and the values to try on it.
#[derive(Debug, Clone, PartialEq)]
pub enum Axis {
    BagScale(Vec<f64>),
    Letter(char, Vec<u8>),
    Blanks(Vec<u8>),
    Rack(Vec<u8>),
    Passes(Vec<u8>),
    Premiums(Vec<NamedLayout>),
}

fn numbers<T: std::str::FromStr>(axis: &str, values: &str) -> Result<Vec<T>, MovegenError> {
    let out: Result<Vec<T>, _> = values.split(',').map(|v| v.trim().parse::<T>()).collect();
    match out {
        Ok(v) if !v.is_empty() => Ok(v),
        _ => Err(search_error(format!(
            "--vary {axis}={values}: the values must be numbers separated by commas"
        ))),
    }
}

impl Axis {
    /// Reads `name=values` (see the module docs). `premiums=PATH` is read with `read`.
    pub fn parse(
        spec: &str,
        base: &RuleSet,
        read: impl Fn(&str) -> Result<String, MovegenError>,
    ) -> Result<Axis, MovegenError> {
        let Some((name, values)) = spec.split_once('=') else {
            return Err(search_error(format!(
                "--vary {spec:?}: write an axis as name=values (bag=0.6,0.7; letter.E=8,10; \
                 blanks=0,1; rack=6,8; passes=2,4; premiums=symmetric or premiums=FILE)"
            )));
        };
        let axis = match name {
            "bag" => {
                let v: Vec<f64> = numbers(name, values)?;
                if v.iter().any(|&f| !(0.1..=4.0).contains(&f)) {
                    return Err(search_error("--vary bag: scale factors must be 0.1 to 4"));
                }
                Axis::BagScale(v)
            }
            "blanks" => Axis::Blanks(numbers(name, values)?),
            "rack" => {
                let v: Vec<u8> = numbers(name, values)?;
                if v.iter().any(|&r| !(2..=12).contains(&r)) {
                    return Err(search_error("--vary rack: rack sizes must be 2 to 12"));
                }
                Axis::Rack(v)
            }
            "passes" => {
                let v: Vec<u8> = numbers(name, values)?;
                if v.contains(&0) {
                    return Err(search_error("--vary passes: counts must be at least 1"));
                }
                Axis::Passes(v)
            }
            "premiums" if values == "symmetric" => {
                // Counted before any is drawn: a big board's groups make astronomically many.
                let count = symmetric_layout_count(base);
                if count == 0 {
                    return Err(search_error(format!(
                        "--vary premiums=symmetric: {}'s premium groups have nowhere to move",
                        base.id
                    )));
                }
                limits::variant_count([count])?;
                Axis::Premiums(symmetric_layouts(base))
            }
            "premiums" => Axis::Premiums(layouts_from_text(&read(values)?, base.board_size)?),
            _ => match name.strip_prefix("letter.") {
                Some(l) if l.len() == 1 && l.as_bytes()[0].is_ascii_uppercase() => {
                    Axis::Letter(l.as_bytes()[0] as char, numbers(name, values)?)
                }
                _ => {
                    return Err(search_error(format!(
                    "--vary {name}: unknown axis (bag, letter.X, blanks, rack, passes, premiums)"
                )))
                }
            },
        };
        Ok(axis)
    }

    fn len(&self) -> usize {
        match self {
            Axis::BagScale(v) => v.len(),
            Axis::Letter(_, v) | Axis::Blanks(v) | Axis::Rack(v) | Axis::Passes(v) => v.len(),
            Axis::Premiums(v) => v.len(),
        }
    }

    /// Applies value `i` to `rules`; returns its label for the variant's name.
    fn apply(&self, i: usize, rules: &mut RuleSet) -> String {
        match self {
            Axis::BagScale(v) => {
                for t in rules.tiles.iter_mut().filter(|t| t.letter != '?') {
                    if t.count > 0 {
                        t.count = ((t.count as f64 * v[i]).round() as u8).max(1);
                    }
                }
                format!("bag×{}", v[i])
            }
            Axis::Letter(l, v) => {
                if let Some(t) = rules.tiles.iter_mut().find(|t| t.letter == *l) {
                    t.count = v[i];
                }
                format!("{l}×{}", v[i])
            }
            Axis::Blanks(v) => {
                if let Some(t) = rules.tiles.iter_mut().find(|t| t.letter == '?') {
                    t.count = v[i];
                }
                format!("blanks {}", v[i])
            }
            Axis::Rack(v) => {
                let old = rules.rack_size;
                rules.rack_size = v[i];
                if let ExchangePolicy::Chosen { min_bag, max_tiles } = &mut rules.exchange {
                    *max_tiles = v[i];
                    if *min_bag == old {
                        *min_bag = v[i];
                    }
                }
                format!("rack {}", v[i])
            }
            Axis::Passes(v) => {
                rules.end.scoreless_turns_in_a_row = Some(v[i]);
                format!("passes {}", v[i])
            }
            Axis::Premiums(v) => {
                rules.premiums = v[i].premiums.clone();
                format!("premiums {}", v[i].name)
            }
        }
    }
}

/// The board's eight symmetries applied to a square (its orbit), sorted.
fn orbit(sq: Square, n: u8) -> Vec<Square> {
    let (r, c, m) = (sq.row, sq.col, n - 1);
    let mut out: Vec<Square> = [
        (r, c),
        (c, r),
        (m - r, c),
        (c, m - r),
        (r, m - c),
        (m - c, r),
        (m - r, m - c),
        (m - c, m - r),
    ]
    .iter()
    .map(|&(r, c)| Square::new(r, c))
    .collect();
    out.sort();
    out.dedup();
    out
}

/// A layout's name: each premium kind with one square of each orbit it covers (`2W C3 3L E1`).
fn layout_name(premiums: &[PremiumSquare], n: u8) -> String {
    let code = |p: Premium| match p {
        Premium::DoubleLetter => "2L",
        Premium::TripleLetter => "3L",
        Premium::DoubleWord => "2W",
        Premium::TripleWord => "3W",
        Premium::None => "-",
    };
    let mut sorted = premiums.to_vec();
    sorted.sort_by_key(|p| (p.square.row, p.square.col));
    let mut covered = BTreeSet::new();
    let mut named = Vec::new();
    for p in &sorted {
        if covered.contains(&p.square) {
            continue;
        }
        covered.extend(orbit(p.square, n));
        named.push(format!("{} {}", code(p.premium), p.square));
    }
    named.join(" ")
}

/// The base's groups of premiums (one kind on one orbit), the orbits a group may move to
/// (every orbit without the star), and the premiums on the star's own orbit, which stay
/// where they are (classic's centre square: no other orbit is the star's).
type Groups = (
    Vec<(Premium, Vec<Square>)>,
    Vec<Vec<Square>>,
    Vec<PremiumSquare>,
);

fn groups_and_orbits(base: &RuleSet) -> Groups {
    let n = base.board_size;
    let mut groups: Vec<(Premium, Vec<Square>)> = Vec::new();
    let mut fixed = Vec::new();
    for p in &base.premiums {
        let o = orbit(p.square, n);
        if o.contains(&base.star) {
            fixed.push(*p);
            continue;
        }
        if groups.iter().any(|(_, g)| g.contains(&p.square)) {
            continue;
        }
        groups.push((p.premium, o));
    }
    let mut orbits: Vec<Vec<Square>> = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let o = orbit(Square::new(r, c), n);
            if !o.contains(&base.star) && !orbits.contains(&o) {
                orbits.push(o);
            }
        }
    }
    (groups, orbits, fixed)
}

/// How many layouts [`symmetric_layouts`] would draw, without drawing them: for each orbit
/// size, the ways to put that size's groups on distinct orbits of it (a falling factorial),
/// multiplied; saturating at `usize::MAX`.
pub fn symmetric_layout_count(base: &RuleSet) -> usize {
    let (groups, orbits, _) = groups_and_orbits(base);
    let sizes: BTreeSet<usize> = groups.iter().map(|(_, o)| o.len()).collect();
    let mut total: usize = 1;
    for size in sizes {
        let g = groups.iter().filter(|(_, o)| o.len() == size).count();
        let o = orbits.iter().filter(|x| x.len() == size).count();
        if g > o {
            return 0;
        }
        for k in 0..g {
            total = total.saturating_mul(o - k);
        }
    }
    total
}

/// Every layout that moves each group of the base's premiums (one kind on one orbit) onto
/// another orbit of the same size that holds neither the star nor another group, keeping the
/// kinds and the counts. The base layout is among them.
pub fn symmetric_layouts(base: &RuleSet) -> Vec<NamedLayout> {
    let n = base.board_size;
    let (groups, orbits, fixed) = groups_and_orbits(base);
    let mut out = Vec::new();
    let mut chosen: Vec<usize> = Vec::new();
    // Each argument is one part of the layout being drawn.
    #[allow(clippy::too_many_arguments)]
    fn place(
        n: u8,
        g: usize,
        groups: &[(Premium, Vec<Square>)],
        orbits: &[Vec<Square>],
        fixed: &[PremiumSquare],
        chosen: &mut Vec<usize>,
        out: &mut Vec<NamedLayout>,
    ) {
        if g == groups.len() {
            let mut premiums: Vec<PremiumSquare> = chosen
                .iter()
                .zip(groups)
                .flat_map(|(&o, (kind, _))| {
                    orbits[o].iter().map(|&square| PremiumSquare {
                        square,
                        premium: *kind,
                    })
                })
                .chain(fixed.iter().copied())
                .collect();
            premiums.sort_by_key(|p| (p.square.row, p.square.col));
            out.push(NamedLayout {
                name: layout_name(&premiums, n),
                premiums,
            });
            return;
        }
        for (i, o) in orbits.iter().enumerate() {
            if o.len() == groups[g].1.len() && !chosen.contains(&i) {
                chosen.push(i);
                place(n, g + 1, groups, orbits, fixed, chosen, out);
                chosen.pop();
            }
        }
    }
    if symmetric_layout_count(base) > 0 {
        place(n, 0, &groups, &orbits, &fixed, &mut chosen, &mut out);
    }
    out
}

/// Layouts drawn as text, `board_size` rows each (`.` plain, `d` 2L, `t` 3L, `D` 2W, `T` 3W),
/// separated by blank lines; a line starting with `#` before a layout names it.
pub fn layouts_from_text(text: &str, board_size: u8) -> Result<Vec<NamedLayout>, MovegenError> {
    let n = board_size as usize;
    let mut out = Vec::new();
    let mut rows: Vec<&str> = Vec::new();
    let mut name: Option<String> = None;
    let mut finish =
        |rows: &mut Vec<&str>, name: &mut Option<String>| -> Result<(), MovegenError> {
            if rows.is_empty() {
                return Ok(());
            }
            let which = out.len() + 1;
            if rows.len() != n {
                return Err(search_error(format!(
                    "premium layout {which}: {} rows, the board has {n}",
                    rows.len()
                )));
            }
            let mut premiums = Vec::new();
            for (r, row) in rows.iter().enumerate() {
                if row.chars().count() != n {
                    return Err(search_error(format!(
                        "premium layout {which}, row {}: {} squares, the board has {n}",
                        r + 1,
                        row.chars().count()
                    )));
                }
                for (c, ch) in row.chars().enumerate() {
                    let premium = match ch {
                        '.' => continue,
                        'd' => Premium::DoubleLetter,
                        't' => Premium::TripleLetter,
                        'D' => Premium::DoubleWord,
                        'T' => Premium::TripleWord,
                        other => {
                            return Err(search_error(format!(
                                "premium layout {which}, row {}: {other:?} is not one of . d t D T",
                                r + 1
                            )))
                        }
                    };
                    premiums.push(PremiumSquare {
                        square: Square::new(r as u8, c as u8),
                        premium,
                    });
                }
            }
            out.push(NamedLayout {
                name: name
                    .take()
                    .unwrap_or_else(|| layout_name(&premiums, board_size)),
                premiums,
            });
            rows.clear();
            Ok(())
        };
    for line in text.lines() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            finish(&mut rows, &mut name)?;
            name = Some(comment.trim().to_string());
        } else if line.is_empty() {
            finish(&mut rows, &mut name)?;
        } else {
            rows.push(line);
        }
    }
    finish(&mut rows, &mut name)?;
    if out.is_empty() {
        return Err(search_error("the premium layout file holds no layout"));
    }
    Ok(out)
}

/// A target on one figure: the estimate should lie in `lo..=hi`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Target {
    pub metric: Metric,
    pub lo: f64,
    pub hi: f64,
}

impl Target {
    /// Reads `went_out>=90%`, `bag_emptied>=0.95`, `first_win=50%±3%`, `turns=20..30`,
    /// `margin<=40`.
    pub fn parse(spec: &str) -> Result<Target, MovegenError> {
        let names: Vec<&str> = Metric::ALL.iter().map(|m| m.name()).collect();
        let usage = || {
            search_error(format!(
                "--target {spec:?}: write NAME>=X, NAME<=X, NAME=A..B or NAME=X±D, with NAME one of {}",
                names.join(", ")
            ))
        };
        let (name, op, rest) = if let Some((n, r)) = spec.split_once(">=") {
            (n, ">=", r)
        } else if let Some((n, r)) = spec.split_once("<=") {
            (n, "<=", r)
        } else if let Some((n, r)) = spec.split_once('=') {
            (n, "=", r)
        } else {
            return Err(usage());
        };
        let metric = Metric::parse(name.trim()).ok_or_else(usage)?;
        let num = |t: &str| -> Result<f64, MovegenError> {
            let t = t.trim();
            match t.strip_suffix('%') {
                Some(p) => p.trim().parse::<f64>().map(|v| v / 100.0),
                None => t.parse::<f64>(),
            }
            .map_err(|_| usage())
        };
        let (lo, hi) = match op {
            ">=" => (num(rest)?, f64::INFINITY),
            "<=" => (f64::NEG_INFINITY, num(rest)?),
            _ => {
                if let Some((a, b)) = rest.split_once("..") {
                    (num(a)?, num(b)?)
                } else if let Some((x, d)) = rest.split_once('±').or_else(|| rest.split_once("+-"))
                {
                    let (x, d) = (num(x)?, num(d)?);
                    (x - d, x + d)
                } else {
                    let x = num(rest)?;
                    (x, x)
                }
            }
        };
        if lo > hi {
            return Err(usage());
        }
        Ok(Target { metric, lo, hi })
    }

    /// How far `x` lies outside the target (0 inside), in points for shares.
    fn shortfall(&self, x: f64) -> f64 {
        let d = if x < self.lo {
            self.lo - x
        } else if x > self.hi {
            x - self.hi
        } else {
            0.0
        };
        if self.metric.is_share() {
            d * 100.0
        } else {
            d
        }
    }

    /// The scale a shortfall is divided by when targets are weighed together: half the
    /// range when it is finite, else 5 points for a share and a tenth of the bound for a mean.
    fn tolerance(&self) -> f64 {
        let unit = if self.metric.is_share() { 100.0 } else { 1.0 };
        if self.lo.is_finite() && self.hi.is_finite() && self.hi > self.lo {
            (self.hi - self.lo) / 2.0 * unit
        } else if self.metric.is_share() {
            5.0
        } else {
            let bound = if self.lo.is_finite() {
                self.lo
            } else {
                self.hi
            };
            (bound.abs() / 10.0).max(1.0)
        }
    }

    /// The target written so that [`Target::parse`] reads it back exactly (a shard file
    /// carries its targets this way: `{}` prints the shortest text of an `f64` that reads
    /// back as the same number).
    pub fn spec(&self) -> String {
        let m = self.metric.name();
        match (self.lo.is_finite(), self.hi.is_finite()) {
            (true, false) => format!("{m}>={}", self.lo),
            (false, true) => format!("{m}<={}", self.hi),
            _ => format!("{m}={}..{}", self.lo, self.hi),
        }
    }

    fn describe(&self) -> String {
        let f = |x: f64| {
            if self.metric.is_share() {
                format!("{:.1}%", x * 100.0)
            } else {
                format!("{x}")
            }
        };
        match (self.lo.is_finite(), self.hi.is_finite()) {
            (true, false) => format!("{} >= {}", self.metric.name(), f(self.lo)),
            (false, true) => format!("{} <= {}", self.metric.name(), f(self.hi)),
            _ => format!("{} in {}..{}", self.metric.name(), f(self.lo), f(self.hi)),
        }
    }
}

/// What to search.
pub struct SearchConfig<'a> {
    pub base: RuleSet,
    pub list: &'a WordList,
    pub axes: Vec<(String, Axis)>,
    pub targets: Vec<Target>,
    pub players: Vec<Level>,
    pub seed: u64,
    /// Games per batch, and at most per variant.
    pub batch: usize,
    pub max_games: usize,
    pub threads: usize,
    /// Which variants this run tries: every `n`th from `k - 1` ([`Shard::WHOLE`]: all).
    pub shard: Shard,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TargetResult {
    pub target: String,
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
    pub games: usize,
    /// Why simulating stopped: `outside` (a target clearly missed), `inside` (every target
    /// clearly met) or `game_limit`.
    pub stopped: String,
    pub targets: Vec<TargetResult>,
    /// Every estimate lies inside its target.
    pub meets_targets: bool,
    /// Sum of the shortfalls, each over its target's tolerance.
    pub weighted_shortfall: f64,
    pub bag_size: usize,
    /// The full figures and the rule set, for the variants on the Pareto front.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measurement: Option<Measurement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<RuleSet>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SearchReport {
    pub base: String,
    pub list: String,
    pub players: Vec<String>,
    pub seed: u64,
    pub axes: Vec<String>,
    pub targets: Vec<String>,
    pub batch: usize,
    pub max_games: usize,
    pub variants: Vec<VariantResult>,
    /// Indices of the variants no other variant beats on every target's shortfall.
    pub pareto_front: Vec<usize>,
    /// The front's best: the least weighted shortfall, then the most targets met with their
    /// whole 95% interval (the safest margin), then the fewest changes from the base, then
    /// the estimates nearest the middle of two-sided targets.
    pub best: Option<usize>,
    pub games_played: usize,
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
    pub tally: Tally,
}

/// What a search is, apart from the variants' results: written in every shard, and the
/// same in every shard of one search.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SearchHead {
    pub base: String,
    pub base_hash: String,
    pub list: String,
    pub players: Vec<String>,
    pub seed: u64,
    pub axes: Vec<String>,
    /// Each target as [`Target::spec`] writes it.
    pub targets: Vec<String>,
    pub batch: usize,
    pub max_games: usize,
    /// Variants in the whole search (every shard's).
    pub variants: usize,
}

/// One shard of a search (`lab search --shard K/N`): its variants, each with its tally.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SearchShard {
    pub shard: Shard,
    pub head: SearchHead,
    pub runs: Vec<VariantRun>,
}

/// Every combination of the axes' values, as (changes, rules).
fn variants(base: &RuleSet, axes: &[(String, Axis)]) -> Vec<(Vec<String>, RuleSet)> {
    let mut out = vec![(Vec::new(), base.clone())];
    for (_, axis) in axes {
        let mut next = Vec::new();
        for (changes, rules) in &out {
            for i in 0..axis.len() {
                let mut r = rules.clone();
                let label = axis.apply(i, &mut r);
                let mut c = changes.clone();
                c.push(label);
                next.push((c, r));
            }
        }
        out = next;
    }
    for (changes, rules) in &mut out {
        let tag: String = changes
            .iter()
            .map(|c| c.replace([' ', '×'], ""))
            .collect::<Vec<_>>()
            .join("+");
        if !tag.is_empty() {
            rules.id = format!("{}+{tag}", base.id);
            rules.label = format!("{} ({})", base.label, changes.join(", "));
            // No table of its own: its base's, re-fitted if the bag or the rack changed.
            rules.leave = Some(base.leave().for_variant());
        }
    }
    out
}

/// Checks the search's numbers against their bounds (`lab::limits`).
fn check_bounds(config: &SearchConfig<'_>) -> Result<(), MovegenError> {
    if config.targets.is_empty() {
        return Err(search_error("give at least one --target"));
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

/// Plays this shard's variants; `progress(variant, variants, games_so_far)` after each
/// batch.
pub fn search_shard(
    config: &SearchConfig<'_>,
    mut progress: impl FnMut(usize, usize, usize),
) -> Result<SearchShard, MovegenError> {
    check_bounds(config)?;
    let tried = variants(&config.base, &config.axes);
    for (changes, rules) in &tried {
        super::rules_file::check(rules)
            .map_err(|e| search_error(format!("variant {}: {e}", changes.join(", "))))?;
    }
    let seats = config.players.len();
    let mut runs = Vec::new();
    for (index, (changes, rules)) in tried.iter().enumerate() {
        if !config.shard.owns(index) {
            continue;
        }
        let mut tally = Tally::new(seats);
        let stopped = loop {
            let from = tally.games as usize;
            let to = (from + config.batch).min(config.max_games);
            play_games_each(
                rules,
                config.list,
                &config.players,
                // The lab measures the rules: the computers may play every word of the list.
                Manners::AnyWord,
                config.seed,
                from..to,
                config.threads,
                |_, g| tally.add(&g),
            )?;
            progress(index, tried.len(), tally.games as usize);
            let intervals: Vec<[f64; 2]> = config
                .targets
                .iter()
                .map(|t| t.metric.estimate(&tally, Z_STOP).1)
                .collect();
            let outside = config
                .targets
                .iter()
                .zip(&intervals)
                .any(|(t, [lo, hi])| *hi < t.lo || *lo > t.hi);
            let inside = config
                .targets
                .iter()
                .zip(&intervals)
                .all(|(t, [lo, hi])| *lo >= t.lo && *hi <= t.hi);
            if outside {
                break "outside";
            }
            if inside {
                break "inside";
            }
            if tally.games as usize >= config.max_games {
                break "game_limit";
            }
        };
        runs.push(VariantRun {
            index,
            changes: changes.clone(),
            changed: changes.iter().filter(|c| !is_base_value(c, config)).count(),
            stopped: stopped.to_string(),
            rules: rules.clone(),
            tally,
        });
    }
    Ok(SearchShard {
        shard: config.shard,
        head: SearchHead {
            base: config.base.id.clone(),
            base_hash: config.base.hash(),
            list: config.list.info().id.clone(),
            players: config
                .players
                .iter()
                .map(|l| l.name().to_string())
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
) -> Result<SearchReport, MovegenError> {
    let shard = search_shard(config, progress)?;
    report(&shard.head, &shard.runs)
}

/// Combines the shards of one search into its report: every shard must have the same head
/// and every variant must be played by exactly one of them.
pub fn merge_search(shards: &[SearchShard]) -> Result<SearchReport, MovegenError> {
    let Some(first) = shards.first() else {
        return Err(search_error("no search shard to merge"));
    };
    limits::variant_count([first.head.variants])?;
    let mut runs: Vec<Option<&VariantRun>> = vec![None; first.head.variants];
    for s in shards {
        if s.head != first.head {
            return Err(search_error(
                "the shards are of different searches (base, list, players, seed, axes, \
                 targets, batch or games differ)",
            ));
        }
        for r in &s.runs {
            r.tally
                .check()
                .map_err(|e| search_error(format!("variant {}: {e}", r.index + 1)))?;
            if r.tally.seats != first.head.players.len() {
                return Err(search_error(format!(
                    "variant {}: its tally is not of the search's table",
                    r.index + 1
                )));
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

/// The report of a search from its played variants (all of them, in index order).
fn report(head: &SearchHead, runs: &[VariantRun]) -> Result<SearchReport, MovegenError> {
    let targets: Vec<Target> = head
        .targets
        .iter()
        .map(|t| Target::parse(t))
        .collect::<Result<_, _>>()?;
    let players: Vec<Level> = head
        .players
        .iter()
        .map(|p| Level::parse(p))
        .collect::<Result<_, _>>()?;
    let mut results = Vec::new();
    for run in runs {
        let tally = &run.tally;
        let rows: Vec<TargetResult> = targets
            .iter()
            .map(|t| {
                let (estimate, ci95) = t.metric.estimate(tally, Z95);
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
                    estimate,
                    ci95,
                    shortfall: t.shortfall(estimate),
                    verdict,
                }
            })
            .collect();
        let weighted_shortfall = targets
            .iter()
            .zip(&rows)
            .map(|(t, r)| r.shortfall / t.tolerance())
            .sum();
        results.push(VariantResult {
            index: run.index,
            name: if run.changes.is_empty() {
                format!("{} (base)", head.base)
            } else {
                run.changes.join(", ")
            },
            changes: run.changes.clone(),
            games: tally.games as usize,
            stopped: run.stopped.clone(),
            meets_targets: rows.iter().all(|r| r.shortfall == 0.0),
            targets: rows,
            weighted_shortfall,
            bag_size: run.rules.bag_size(),
            measurement: None,
            rules: None,
        });
    }
    let front = pareto_front(&results);
    let centrality = |v: &VariantResult| -> f64 {
        targets
            .iter()
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
        results[i].measurement = Some(Measurement::of(
            &run.rules, &head.list, &players, head.seed, &run.tally,
        ));
        results[i].rules = Some(run.rules.clone());
    }
    Ok(SearchReport {
        base: head.base.clone(),
        list: head.list.clone(),
        players: head.players.clone(),
        seed: head.seed,
        axes: head.axes.clone(),
        targets: targets.iter().map(Target::describe).collect(),
        batch: head.batch,
        max_games: head.max_games,
        games_played: results.iter().map(|v| v.games).sum(),
        variants: results,
        pareto_front: front,
        best,
    })
}

/// Whether a change label leaves the base as it is (for example `blanks 2` on a base with two).
fn is_base_value(change: &str, config: &SearchConfig<'_>) -> bool {
    let mut probe = config.base.clone();
    for (_, axis) in &config.axes {
        for i in 0..axis.len() {
            let mut r = config.base.clone();
            if axis.apply(i, &mut r) == change {
                probe = r;
            }
        }
    }
    probe.tiles == config.base.tiles
        && probe.premiums == config.base.premiums
        && probe.rack_size == config.base.rack_size
        && probe.end == config.base.end
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::{DERIVED_GAMES, DERIVED_LAMBDA, DERIVED_SEED};
    use crate::layout::Rack;
    use crate::leave::LeaveTable;
    use wordclub_engine::{Leave, LeaveTableId};

    fn base() -> RuleSet {
        RuleSet::builtin("wordclub-1.1").unwrap()
    }

    fn no_file(_: &str) -> Result<String, MovegenError> {
        Err(search_error("no file"))
    }

    /// The variant `lab search` makes of `base` along `axis` (its only value).
    fn variant(base: &RuleSet, spec: &str) -> RuleSet {
        let axis = Axis::parse(spec, base, no_file).unwrap();
        let mut tried = variants(base, &[(spec.to_string(), axis)]);
        assert_eq!(tried.len(), 1);
        tried.pop().unwrap().1
    }

    #[test]
    fn a_variant_with_the_same_bag_and_rack_inherits_its_base_s_table() {
        let base = base();
        let moved = variant(&base, "passes=2");
        assert_eq!(
            moved.leave,
            Some(Leave::DerivedFrom(LeaveTableId::Wordclub11))
        );
        let table = LeaveTable::for_rules(&moved).unwrap();
        assert_eq!(table, LeaveTable::shipped(LeaveTableId::Wordclub11));
        assert_ne!(table, &LeaveTable::zero());
    }

    #[test]
    fn a_variant_with_another_bag_gets_a_table_re_fitted_from_its_base_s() {
        let base = base();
        let half = variant(&base, "bag=0.5");
        assert_ne!(half.tiles, base.tiles);
        let shipped = LeaveTable::shipped(LeaveTableId::Wordclub11);
        let table = LeaveTable::for_rules(&half).unwrap();
        assert_ne!(table, shipped, "re-fitted");
        assert_ne!(table.tile, LeaveTable::zero().tile);
        // How Hard uses it is the base's; the blank is still worth more than the Q.
        assert_eq!(
            (table.weight, table.exchanges),
            (shipped.weight, shipped.exchanges)
        );
        let q = Rack::parse("Q").unwrap();
        let blank = Rack::parse("?").unwrap();
        assert!(table.value(&blank) > table.value(&q));
        // Made once per process, from the rule set alone.
        assert!(std::ptr::eq(table, LeaveTable::for_rules(&half).unwrap()));
        // And the same whatever fitted it: a fit depends on the rules and the seed only.
        let (again, samples) = LeaveTable::fit(
            &half,
            Some(shipped),
            DERIVED_GAMES,
            DERIVED_SEED,
            DERIVED_LAMBDA,
        )
        .unwrap();
        assert_eq!(&again, table);
        assert!(samples > 1000, "{samples} samples");
        // A bigger rack re-fits too.
        let rack = variant(&base, "rack=8");
        assert_ne!(LeaveTable::for_rules(&rack).unwrap(), shipped);
    }

    #[test]
    fn targets_read_every_form() {
        let t = Target::parse("went_out>=90%").unwrap();
        assert_eq!(
            (t.metric, t.lo, t.hi),
            (Metric::WentOut, 0.9, f64::INFINITY)
        );
        let t = Target::parse("first_win=50%±3%").unwrap();
        assert!((t.lo - 0.47).abs() < 1e-12 && (t.hi - 0.53).abs() < 1e-12);
        let t = Target::parse("turns=20..30").unwrap();
        assert_eq!((t.lo, t.hi), (20.0, 30.0));
        let t = Target::parse("margin<=40").unwrap();
        assert_eq!((t.lo, t.hi), (f64::NEG_INFINITY, 40.0));
        for bad in ["wins>=3", "turns", "turns=30..20", "went_out>=lots"] {
            assert_eq!(
                Target::parse(bad).unwrap_err().kind(),
                "bad_search",
                "{bad}"
            );
        }
        assert_eq!(t.shortfall(45.0), 5.0);
        assert_eq!(
            Target::parse("went_out>=90%").unwrap().shortfall(0.85),
            5.000000000000004
        );
    }

    #[test]
    fn axes_change_only_what_they_name() {
        let b = base();
        let mut r = b.clone();
        let bag = Axis::parse("bag=0.5", &b, no_file).unwrap();
        bag.apply(0, &mut r);
        // Every letter at least one tile; blanks untouched; about half the letters.
        assert!(r
            .tiles
            .iter()
            .filter(|t| t.letter != '?')
            .all(|t| t.count >= 1));
        assert_eq!(r.blank_count(), 2);
        assert!((44..=52).contains(&(r.bag_size() - 2)), "{}", r.bag_size());
        assert_eq!(r.premiums, b.premiums);

        let mut r = b.clone();
        Axis::parse("rack=8", &b, no_file).unwrap().apply(0, &mut r);
        assert_eq!(r.rack_size, 8);
        assert_eq!(
            r.exchange,
            ExchangePolicy::Chosen {
                min_bag: 8,
                max_tiles: 8
            }
        );
        let mut r = b.clone();
        Axis::parse("letter.E=7", &b, no_file)
            .unwrap()
            .apply(0, &mut r);
        assert_eq!(r.bag_size(), b.bag_size() - 3);
        let mut r = b.clone();
        Axis::parse("passes=2", &b, no_file)
            .unwrap()
            .apply(0, &mut r);
        assert_eq!(r.end.scoreless_turns_in_a_row, Some(2));
        for bad in [
            "bag",
            "size=3",
            "bag=lots",
            "rack=40",
            "letter.e=3",
            "premiums=nofile",
        ] {
            assert!(Axis::parse(bad, &b, no_file).is_err(), "{bad}");
        }
    }

    #[test]
    fn symmetric_layouts_keep_kinds_and_counts_and_include_the_base() {
        let b = base();
        let layouts = symmetric_layouts(&b);
        // 1.1 has two groups of four squares (2W, 3L); a 9×9 board has eight orbits of four
        // (four on the diagonals, four on the middle lines): 8 × 7 placements.
        assert_eq!(layouts.len(), 56);
        // Counted without drawing them, as the search's bound checks it.
        assert_eq!(symmetric_layout_count(&b), 56);
        let classic = RuleSet::builtin("classic-15").unwrap();
        assert!(symmetric_layout_count(&classic) > limits::MAX_VARIANTS as usize);
        let mut sorted_base = b.premiums.clone();
        sorted_base.sort_by_key(|p| (p.square.row, p.square.col));
        assert!(layouts.iter().any(|l| l.premiums == sorted_base));
        for l in &layouts {
            let count = |k| l.premiums.iter().filter(|p| p.premium == k).count();
            assert_eq!(
                (count(Premium::DoubleWord), count(Premium::TripleLetter)),
                (4, 4)
            );
            assert!(l.premiums.iter().all(|p| p.square != b.star));
        }
        let names: BTreeSet<&str> = layouts.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names.len(), 56, "every layout has its own name");
    }

    #[test]
    fn layouts_read_from_text_and_bad_ones_are_named() {
        let text = "# corners\nD.......D\n.........\n.........\n.........\n.........\n.........\n.........\n.........\nD.......D\n";
        let l = layouts_from_text(text, 9).unwrap();
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].name, "corners");
        assert_eq!(l[0].premiums.len(), 4);
        let short = "D.......D\n.........\n";
        let e = layouts_from_text(short, 9).unwrap_err().to_string();
        assert!(e.contains("2 rows"), "{e}");
        let odd = text.replace("D.......D\n.........", "D...x...D\n.........");
        assert!(layouts_from_text(&odd, 9)
            .unwrap_err()
            .to_string()
            .contains("'x'"));
    }

    #[test]
    fn the_pareto_front_drops_dominated_variants() {
        let v = |s: &[f64]| VariantResult {
            index: 0,
            name: String::new(),
            changes: Vec::new(),
            games: 1,
            stopped: "game_limit".into(),
            targets: s
                .iter()
                .map(|&x| TargetResult {
                    target: String::new(),
                    estimate: 0.0,
                    ci95: [0.0, 0.0],
                    shortfall: x,
                    verdict: "met",
                })
                .collect(),
            meets_targets: false,
            weighted_shortfall: 0.0,
            bag_size: 0,
            measurement: None,
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
}
