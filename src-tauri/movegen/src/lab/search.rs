//! The variant search: vary a base rule set along named axes, simulate each variant at
//! every table of the search with sequential testing against targets, and report the
//! Pareto front of what was tried.
//!
//! Axes (`--vary`, each `name=values`): `bag=0.6,0.7` scales every letter count (each letter
//! the base has keeps at least one tile); `letter.E=8,10` sets one letter's count;
//! `blanks=0,1`; `rack=6,8` (the exchange limits follow the rack); `passes=2,4` (the
//! scoreless turns in a row that end a match); `board=9,11` (odd sizes; the star and the
//! premiums keep their places relative to the centre, see [`resize`]); `bingo=0,20`;
//! `start=0,2` (seat `s`, 0 first, starts with `s × K` points) or `start=0/2/4` (each
//! seat's points); `fill=1` (every letter with no tile gets that many); `premiums=…` candidate layouts, either drawn in a file or
//! `premiums=symmetric`: every layout that moves each of the base's groups of premium
//! squares (a premium kind on one orbit of the board's eight symmetries) onto another orbit
//! of the same size, kinds and counts kept. Every axis but `passes` can be given for one
//! table size, `atN.AXIS` (`at4.rack=6,7`, `at4.board=11`, `at3.start=0,2,4`,
//! `at4.premiums=FILE`, whose layouts may be drawn for another board size and then bring
//! it): the value is applied to the rule set of that table (`RuleSet::at_table`) and what it
//! changes is written into the variant's `by_table` entry for that size. The variants are
//! every combination of the axes' values, applied in the order given.
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

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use wordclub_engine::{
    ExchangePolicy, Premium, PremiumSquare, RuleSet, Square, TableChanges, MAX_START_POINTS,
};
use wordclub_lexicon::WordList;

use super::limits::{self, Shard};
use super::measure::{Measurement, Metric, Z95};
use super::tally::Tally;
use crate::bridge::Manners;
use crate::error::MovegenError;
use crate::layout::MAX_SIZE;
use crate::players::Level;
use crate::sim::play_games_each;

/// z of the interval the sequential test stops on (two-sided 99.5%).
const Z_STOP: f64 = 2.807;

fn search_error(reason: impl Into<String>) -> MovegenError {
    MovegenError::Search {
        reason: reason.into(),
    }
}

/// A premium layout to try, with a name for the report and the board size it is drawn for.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedLayout {
    pub name: String,
    pub size: u8,
    pub premiums: Vec<PremiumSquare>,
}

/// Points each seat starts with: `Step(k)` gives seat `s` (0 first) `s × k`, a komi that
/// grows with the lateness of the seat; `Seats` names every seat's points.
#[derive(Debug, Clone, PartialEq)]
pub enum StartPoints {
    Step(i32),
    Seats(Vec<i32>),
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
    /// Board sizes (odd): the star and the premiums scaled about the centre ([`resize`]).
    Board(Vec<u8>),
    Bingo(Vec<u32>),
    Start(Vec<StartPoints>),
    /// Every letter of the alphabet with no tile gets this many (`fill=1`: the whole
    /// alphabet in the bag, each letter at its value in the rule set).
    Fill(Vec<u8>),
    /// Any other axis but `passes` (the end rules are the same at every table size), for
    /// the table of that many players only (`at4.rack=6,7`): written into the variant's
    /// `by_table` entry for that size.
    AtTable(u8, Box<Axis>),
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

const AXES_USAGE: &str = "bag=0.6,0.7; letter.E=8,10; blanks=0,1; rack=6,8; passes=2,4; \
board=9,11; bingo=0,20; start=0,2 or start=0/2/4; fill=1; premiums=symmetric or premiums=FILE; \
any but passes for one table size as atN.AXIS, e.g. at4.rack=6,7";

type ReadFile<'r> = &'r dyn Fn(&str) -> Result<String, MovegenError>;

impl Axis {
    /// Reads `name=values` (see the module docs). `premiums=PATH` is read with `read`.
    pub fn parse(
        spec: &str,
        base: &RuleSet,
        read: impl Fn(&str) -> Result<String, MovegenError>,
    ) -> Result<Axis, MovegenError> {
        let Some((name, values)) = spec.split_once('=') else {
            return Err(search_error(format!(
                "--vary {spec:?}: write an axis as name=values ({AXES_USAGE})"
            )));
        };
        let table = name
            .strip_prefix("at")
            .and_then(|rest| rest.split_once('.'))
            .filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        match table {
            Some((n, inner)) => {
                let players: u8 = n.parse().map_err(|_| {
                    search_error(format!("--vary {name}: {n} is not a number of players"))
                })?;
                if !base.table_sizes().contains(&(players as usize)) {
                    return Err(search_error(format!(
                        "--vary {name}: {} seats {} to {} players, not {players}",
                        base.id, base.players.min, base.players.max
                    )));
                }
                if inner == "passes" || inner.starts_with("at") {
                    return Err(search_error(format!(
                        "--vary {name}: {inner} is the same at every table size; give it without at{players}."
                    )));
                }
                let flat = base
                    .at_table(players as usize)
                    .map_err(|e| search_error(format!("--vary {name}: {e}")))?;
                let axis = Axis::parse_one(inner, values, &flat, players as usize, true, &read)?;
                Ok(Axis::AtTable(players, Box::new(axis)))
            }
            None => Axis::parse_one(name, values, base, base.players.max as usize, false, &read),
        }
    }

    /// One axis on `base` (the flat rule set of one table size when `per_table`), whose
    /// largest table seats `seats`.
    fn parse_one(
        name: &str,
        values: &str,
        base: &RuleSet,
        seats: usize,
        per_table: bool,
        read: ReadFile<'_>,
    ) -> Result<Axis, MovegenError> {
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
            "board" => {
                let v: Vec<u8> = numbers(name, values)?;
                if v.iter()
                    .any(|&n| n % 2 == 0 || !(5..=MAX_SIZE as u8).contains(&n))
                {
                    return Err(search_error(format!(
                        "--vary board: board sizes must be odd, 5 to {MAX_SIZE} (the star sits on \
                         the centre square)"
                    )));
                }
                Axis::Board(v)
            }
            "fill" => {
                let v: Vec<u8> = numbers(name, values)?;
                if v.iter().any(|&k| !(1..=20).contains(&k)) {
                    return Err(search_error(
                        "--vary fill: 1 to 20 tiles for each missing letter",
                    ));
                }
                Axis::Fill(v)
            }
            "bingo" => {
                let v: Vec<u32> = numbers(name, values)?;
                if v.iter().any(|&b| b > 1000) {
                    return Err(search_error("--vary bingo: a bonus must be 0 to 1000"));
                }
                Axis::Bingo(v)
            }
            "start" => {
                let mut out = Vec::new();
                for value in values.split(',') {
                    let bad = || {
                        search_error(format!(
                            "--vary start={values}: each value is a step K (seat s starts with \
                             s×K points) or every seat's points as 0/2/4, whole numbers from \
                             -{MAX_START_POINTS} to {MAX_START_POINTS}"
                        ))
                    };
                    let points = if value.contains('/') {
                        let v: Vec<i32> = value
                            .split('/')
                            .map(|p| p.trim().parse::<i32>().map_err(|_| bad()))
                            .collect::<Result<_, _>>()?;
                        if v.len() > seats {
                            return Err(search_error(format!(
                                "--vary start={values}: {value} names {} seats; the table seats {seats}",
                                v.len()
                            )));
                        }
                        if v.iter()
                            .any(|p| !(-MAX_START_POINTS..=MAX_START_POINTS).contains(p))
                        {
                            return Err(bad());
                        }
                        StartPoints::Seats(v)
                    } else {
                        let k: i32 = value.trim().parse().map_err(|_| bad())?;
                        if k.unsigned_abs() as usize * seats.saturating_sub(1)
                            > MAX_START_POINTS as usize
                        {
                            return Err(bad());
                        }
                        StartPoints::Step(k)
                    };
                    out.push(points);
                }
                Axis::Start(out)
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
            // For one table size the file's layouts may be drawn for another board: the
            // board becomes theirs (so at4.premiums=FILE of 11×11 layouts is an 11×11 board
            // at four players).
            "premiums" => Axis::Premiums(layouts_from_text(
                &read(values)?,
                (!per_table).then_some(base.board_size),
            )?),
            _ => match name.strip_prefix("letter.") {
                Some(l) if l.len() == 1 && l.as_bytes()[0].is_ascii_uppercase() => {
                    Axis::Letter(l.as_bytes()[0] as char, numbers(name, values)?)
                }
                _ => {
                    return Err(search_error(format!(
                        "--vary {name}: unknown axis ({AXES_USAGE})"
                    )))
                }
            },
        };
        Ok(axis)
    }

    fn len(&self) -> usize {
        match self {
            Axis::BagScale(v) => v.len(),
            Axis::Letter(_, v)
            | Axis::Blanks(v)
            | Axis::Rack(v)
            | Axis::Passes(v)
            | Axis::Fill(v) => v.len(),
            Axis::Board(v) => v.len(),
            Axis::Bingo(v) => v.len(),
            Axis::Start(v) => v.len(),
            Axis::Premiums(v) => v.len(),
            Axis::AtTable(_, a) => a.len(),
        }
    }

    /// Applies value `i` to `rules`, whose largest table seats `seats`; returns its label
    /// for the variant's name.
    fn apply(&self, i: usize, rules: &mut RuleSet, seats: usize) -> String {
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
                if v[i].size != rules.board_size {
                    resize(rules, v[i].size);
                }
                rules.premiums = v[i].premiums.clone();
                format!("premiums {}", v[i].name)
            }
            Axis::Board(v) => {
                resize(rules, v[i]);
                format!("board {}", v[i])
            }
            Axis::Fill(v) => {
                for t in rules.tiles.iter_mut() {
                    if t.letter != '?' && t.count == 0 {
                        t.count = v[i];
                    }
                }
                format!("fill {}", v[i])
            }
            Axis::Bingo(v) => {
                rules.bingo_bonus = v[i];
                format!("bingo {}", v[i])
            }
            Axis::Start(v) => {
                let mut points = match &v[i] {
                    StartPoints::Step(k) => (0..seats as i32).map(|s| s * k).collect(),
                    StartPoints::Seats(p) => p.clone(),
                };
                // Seats not listed start at 0: trailing zeros say nothing (and `start=0` is
                // the base's empty list, not a different rule set).
                while points.last() == Some(&0) {
                    points.pop();
                }
                let label = if points.is_empty() {
                    "0".to_string()
                } else {
                    points
                        .iter()
                        .map(i32::to_string)
                        .collect::<Vec<_>>()
                        .join("/")
                };
                rules.start_points = points;
                format!("start {label}")
            }
            Axis::AtTable(n, axis) => {
                // The size was checked against the base when parsed; were the rule set's
                // entries refused now, the variant's own check (`flat_rules`) names why,
                // before a match is played.
                let mut flat = rules
                    .at_table(*n as usize)
                    .unwrap_or_else(|_| rules.clone());
                let label = axis.apply(i, &mut flat, *n as usize);
                write_table(rules, *n, &flat);
                format!("{label} @{n}")
            }
        }
    }
}

/// Writes what `flat` (the rule set at the table of `players`, changed) differs from `rules`
/// in as `rules`' `by_table` entry for that size, replacing the entry there was; an entry
/// that changes nothing is dropped, so a variant equal to its base compares equal to it.
fn write_table(rules: &mut RuleSet, players: u8, flat: &RuleSet) {
    fn diff<T: PartialEq + Clone>(flat: &T, base: &T) -> Option<T> {
        (flat != base).then(|| flat.clone())
    }
    let entry = TableChanges {
        players,
        board_size: diff(&flat.board_size, &rules.board_size),
        star: diff(&flat.star, &rules.star),
        premiums: diff(&flat.premiums, &rules.premiums),
        tiles: diff(&flat.tiles, &rules.tiles),
        rack_size: diff(&flat.rack_size, &rules.rack_size),
        bingo_bonus: diff(&flat.bingo_bonus, &rules.bingo_bonus),
        exchange: diff(&flat.exchange, &rules.exchange),
        leave: if flat.leave != rules.leave {
            flat.leave
        } else {
            None
        },
        start_points: diff(&flat.start_points, &rules.start_points),
    };
    rules.by_table.retain(|c| c.players != players);
    let nothing = TableChanges {
        players,
        ..TableChanges::default()
    };
    if entry != nothing {
        rules.by_table.push(entry);
        rules.by_table.sort_by_key(|c| c.players);
    }
}

/// Puts `rules` on an `m`×`m` board: every square (the star and each premium) keeps its
/// place relative to the centre, its offset scaled by (m − 1) / (n − 1) and rounded away
/// from the centre, so a layout symmetric on the old board is symmetric on the new one and
/// a centre star stays on the centre. Growing never sends two squares to one; shrinking
/// may, and then the stronger premium stays (3W, 2W, 3L, 2L). Why scale rather than draw:
/// a layout searched on 9×9 keeps its shape (double words on the diagonals, triple letters
/// on the edges) with no hand-drawn board per size; `atN.premiums=FILE` draws one instead.
pub fn resize(rules: &mut RuleSet, m: u8) {
    let n = rules.board_size;
    if n == m {
        return;
    }
    let scale = if n > 1 {
        (m as f64 - 1.0) / (n as f64 - 1.0)
    } else {
        1.0
    };
    let (cn, cm) = ((n as f64 - 1.0) / 2.0, (m as f64 - 1.0) / 2.0);
    let place = |x: u8| -> u8 {
        let moved = ((x as f64 - cn) * scale).round() + cm;
        moved.clamp(0.0, m as f64 - 1.0) as u8
    };
    let at = |sq: Square| Square::new(place(sq.row), place(sq.col));
    let strength = |p: Premium| match p {
        Premium::TripleWord => 4,
        Premium::DoubleWord => 3,
        Premium::TripleLetter => 2,
        Premium::DoubleLetter => 1,
        Premium::None => 0,
    };
    let mut premiums: Vec<PremiumSquare> = Vec::new();
    for p in &rules.premiums {
        let square = at(p.square);
        match premiums.iter_mut().find(|q| q.square == square) {
            Some(q) if strength(p.premium) > strength(q.premium) => q.premium = p.premium,
            Some(_) => {}
            None => premiums.push(PremiumSquare {
                square,
                premium: p.premium,
            }),
        }
    }
    premiums.sort_by_key(|p| (p.square.row, p.square.col));
    rules.board_size = m;
    rules.star = at(rules.star);
    rules.premiums = premiums;
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
                size: n,
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
/// separated by blank lines; a line starting with `#` before a layout names it. With no
/// `board_size`, the first layout's rows give it (every layout of a file has the same).
pub fn layouts_from_text(
    text: &str,
    board_size: Option<u8>,
) -> Result<Vec<NamedLayout>, MovegenError> {
    let first_rows = text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty() || l.starts_with('#'))
        .take_while(|l| !l.is_empty() && !l.starts_with('#'))
        .count();
    let board_size = match board_size {
        Some(n) => n,
        None if (2..=MAX_SIZE).contains(&first_rows) => first_rows as u8,
        None => {
            return Err(search_error(format!(
                "premium layout 1: {first_rows} rows; a board has 2 to {MAX_SIZE}"
            )))
        }
    };
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
                size: board_size,
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

/// Which tables of a search a target is judged at: `@all` (or no suffix) every table, `@N`
/// every table of N players, `@hard,medium` the table of exactly those players in that
/// order (a mixed table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    All,
    Players(usize),
    Table(Vec<Level>),
}

impl Scope {
    fn parse(text: &str) -> Result<Scope, MovegenError> {
        let text = text.trim();
        if text == "all" {
            return Ok(Scope::All);
        }
        if let Ok(n) = text.parse::<usize>() {
            if (1..=4).contains(&n) {
                return Ok(Scope::Players(n));
            }
        }
        let levels: Result<Vec<Level>, _> = text.split(',').map(Level::parse).collect();
        match levels {
            Ok(l) if !l.is_empty() => Ok(Scope::Table(l)),
            _ => Err(search_error(format!(
                "--target …@{text}: after @ write all, a number of players (1 to 4) or a \
                 table's players (hard,medium)"
            ))),
        }
    }

    fn matches(&self, table: &[Level]) -> bool {
        match self {
            Scope::All => true,
            Scope::Players(n) => table.len() == *n,
            Scope::Table(t) => t == table,
        }
    }

    /// `""`, `"@4"` or `"@hard,medium"`: what [`Scope::parse`] reads back.
    fn suffix(&self) -> String {
        match self {
            Scope::All => String::new(),
            Scope::Players(n) => format!("@{n}"),
            Scope::Table(t) => format!("@{}", table_name(t)),
        }
    }
}

/// A table's players as `--players` writes them: `hard,hard,medium`.
pub fn table_name(players: &[Level]) -> String {
    players
        .iter()
        .map(|l| l.name())
        .collect::<Vec<_>>()
        .join(",")
}

/// A target on one figure: the estimate should lie in `lo..=hi` at every table of `scope`.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub metric: Metric,
    pub lo: f64,
    pub hi: f64,
    pub scope: Scope,
}

impl Target {
    /// Reads `went_out>=90%`, `bag_emptied>=0.95`, `first_win=50%±3%`, `turns=20..30`,
    /// `margin<=40`, each optionally followed by `@all`, `@N` or `@LEVEL,LEVEL…`
    /// ([`Scope`]).
    pub fn parse(spec: &str) -> Result<Target, MovegenError> {
        let mut names: Vec<String> = Metric::ALL.iter().map(|m| m.name()).collect();
        names.push("win.LEVEL (win.hard)".into());
        let usage = || {
            search_error(format!(
                "--target {spec:?}: write NAME>=X, NAME<=X, NAME=A..B or NAME=X±D, then \
                 optionally @all, @N (players) or @hard,medium (a table), with NAME one of {}",
                names.join(", ")
            ))
        };
        let (body, scope) = match spec.rsplit_once('@') {
            Some((body, scope)) => (body, Scope::parse(scope)?),
            None => (spec, Scope::All),
        };
        let (name, op, rest) = if let Some((n, r)) = body.split_once(">=") {
            (n, ">=", r)
        } else if let Some((n, r)) = body.split_once("<=") {
            (n, "<=", r)
        } else if let Some((n, r)) = body.split_once('=') {
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
        if lo > hi || lo.is_nan() || hi.is_nan() {
            return Err(usage());
        }
        Ok(Target {
            metric,
            lo,
            hi,
            scope,
        })
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
        let body = match (self.lo.is_finite(), self.hi.is_finite()) {
            (true, false) => format!("{m}>={}", self.lo),
            (false, true) => format!("{m}<={}", self.hi),
            _ => format!("{m}={}..{}", self.lo, self.hi),
        };
        body + &self.scope.suffix()
    }

    fn describe_figure(&self) -> String {
        let f = |x: f64| {
            if self.metric.is_share() {
                format!("{:.1}%", x * 100.0)
            } else {
                format!("{x}")
            }
        };
        let m = self.metric.name();
        match (self.lo.is_finite(), self.hi.is_finite()) {
            (true, false) => format!("{m} >= {}", f(self.lo)),
            (false, true) => format!("{m} <= {}", f(self.hi)),
            _ => format!("{m} in {}..{}", f(self.lo), f(self.hi)),
        }
    }

    /// `worst_seat <= 3.0%`, with ` @4` or ` @hard,medium` when it is not for every table.
    fn describe(&self) -> String {
        let scope = self.scope.suffix();
        if scope.is_empty() {
            self.describe_figure()
        } else {
            format!("{} {scope}", self.describe_figure())
        }
    }
}

/// Every (target, table) pair a search judges, target by target and table by table in
/// `--players` order. A target that reaches no table, or asks `win.LEVEL` of a table without
/// that level, is refused: it would silently judge nothing.
pub fn target_tables(
    targets: &[Target],
    tables: &[Vec<Level>],
) -> Result<Vec<(usize, usize)>, MovegenError> {
    let mut out = Vec::new();
    for (ti, t) in targets.iter().enumerate() {
        let before = out.len();
        for (k, table) in tables.iter().enumerate() {
            if !t.scope.matches(table) {
                continue;
            }
            if let Metric::Win(level) = t.metric {
                if !table.contains(&level) {
                    return Err(search_error(format!(
                        "--target {}: the table {} has no {} player; say which table \
                         (…@{},…)",
                        t.spec(),
                        table_name(table),
                        level.name(),
                        level.name()
                    )));
                }
            }
            out.push((ti, k));
        }
        if out.len() == before {
            let tables: Vec<String> = tables.iter().map(|t| table_name(t)).collect();
            return Err(search_error(format!(
                "--target {}: no table of --players is {}; the tables are {}",
                t.spec(),
                &t.scope.suffix()[1..],
                tables.join("; ")
            )));
        }
    }
    Ok(out)
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
    pub list: String,
    pub tables: Vec<Vec<String>>,
    pub seed: u64,
    pub axes: Vec<String>,
    /// Each target as [`Target::spec`] writes it.
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

/// Every combination of the axes' values, as (changes, rules).
fn variants(base: &RuleSet, axes: &[(String, Axis)]) -> Vec<(Vec<String>, RuleSet)> {
    let seats = base.players.max as usize;
    let mut out = vec![(Vec::new(), base.clone())];
    for (_, axis) in axes {
        let mut next = Vec::new();
        for (changes, rules) in &out {
            for i in 0..axis.len() {
                let mut r = rules.clone();
                let label = axis.apply(i, &mut r, seats);
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

/// The flat rule set of each table (`RuleSet::at_table`): what its matches are played and
/// measured under.
fn flat_rules(rules: &RuleSet, tables: &[Vec<Level>]) -> Result<Vec<RuleSet>, MovegenError> {
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
fn check_bounds(config: &SearchConfig<'_>) -> Result<(), MovegenError> {
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

/// Plays this shard's variants; `progress(variant, variants, games_so_far)` after each
/// batch.
pub fn search_shard(
    config: &SearchConfig<'_>,
    mut progress: impl FnMut(usize, usize, usize),
) -> Result<SearchShard, MovegenError> {
    check_bounds(config)?;
    let checks = target_tables(&config.targets, &config.tables)?;
    for table in &config.tables {
        crate::sim::check_players(&config.base, table)?;
    }
    let tried = variants(&config.base, &config.axes);
    let mut flats = Vec::with_capacity(tried.len());
    for (changes, rules) in &tried {
        let name = || changes.join(", ");
        super::rules_file::check(rules)
            .map_err(|e| search_error(format!("variant {}: {e}", name())))?;
        let flat = flat_rules(rules, &config.tables)?;
        for (f, table) in flat.iter().zip(&config.tables) {
            super::rules_file::check(f).map_err(|e| {
                search_error(format!(
                    "variant {} at {} players: {e}",
                    name(),
                    table.len()
                ))
            })?;
        }
        flats.push(flat);
    }
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
            changed: changes.iter().filter(|c| !is_base_value(c, config)).count(),
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
fn report(head: &SearchHead, runs: &[VariantRun]) -> Result<SearchReport, MovegenError> {
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

/// Whether a change label leaves the base as it is (for example `blanks 2` on a base with two).
fn is_base_value(change: &str, config: &SearchConfig<'_>) -> bool {
    let seats = config.base.players.max as usize;
    for (_, axis) in &config.axes {
        for i in 0..axis.len() {
            let mut r = config.base.clone();
            if axis.apply(i, &mut r, seats) == change {
                return r == config.base;
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

#[cfg(test)]
mod tests {
    use super::super::measure::Letters;
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
        bag.apply(0, &mut r, 4);
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
        Axis::parse("rack=8", &b, no_file)
            .unwrap()
            .apply(0, &mut r, 4);
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
            .apply(0, &mut r, 4);
        assert_eq!(r.bag_size(), b.bag_size() - 3);
        let mut r = b.clone();
        Axis::parse("passes=2", &b, no_file)
            .unwrap()
            .apply(0, &mut r, 4);
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
        let l = layouts_from_text(text, Some(9)).unwrap();
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].name, "corners");
        assert_eq!(l[0].premiums.len(), 4);
        let short = "D.......D\n.........\n";
        let e = layouts_from_text(short, Some(9)).unwrap_err().to_string();
        assert!(e.contains("2 rows"), "{e}");
        let odd = text.replace("D.......D\n.........", "D...x...D\n.........");
        assert!(layouts_from_text(&odd, Some(9))
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

    fn twelve() -> RuleSet {
        RuleSet::builtin("wordclub-1.2").unwrap()
    }

    /// Every premium's mirror images carry the same premium: the layout has the board's
    /// eight symmetries.
    fn symmetric(r: &RuleSet) -> bool {
        r.premiums.iter().all(|p| {
            orbit(p.square, r.board_size)
                .iter()
                .all(|&sq| r.premium_at(sq) == p.premium)
        })
    }

    #[test]
    fn targets_name_their_tables_and_read_back_from_their_spec() {
        let t = Target::parse("worst_seat<=3%@4").unwrap();
        assert_eq!(
            (t.metric, t.scope.clone()),
            (Metric::WorstSeat, Scope::Players(4))
        );
        assert_eq!(t.describe(), "worst_seat <= 3.0% @4");
        let t = Target::parse("win.hard>=60%@hard,medium").unwrap();
        assert_eq!(t.metric, Metric::Win(Level::Hard));
        assert_eq!(t.scope, Scope::Table(vec![Level::Hard, Level::Medium]));
        assert_eq!(
            Target::parse("went_out>=90%@all").unwrap().scope,
            Scope::All
        );
        for spec in [
            "worst_seat<=3%@4",
            "first_win=50%±3%@2",
            "win.hard>=60%@hard,medium",
            "missing_letters<=0",
            "moves_per_player>=8@all",
        ] {
            let t = Target::parse(spec).unwrap();
            assert_eq!(Target::parse(&t.spec()).unwrap(), t, "{spec}");
        }
        for bad in [
            "worst_seat<=3%@9",
            "worst_seat<=3%@",
            "win.wizard>=60%",
            "went_out>=90%@hard,x",
        ] {
            assert_eq!(
                Target::parse(bad).unwrap_err().kind(),
                "bad_search",
                "{bad}"
            );
        }
    }

    #[test]
    fn a_target_is_judged_at_the_tables_its_scope_names_and_nowhere_else() {
        let (h, m) = (Level::Hard, Level::Medium);
        let tables = vec![vec![h, h], vec![h, h, h], vec![h, h, h, h], vec![h, m]];
        let t = |s: &str| Target::parse(s).unwrap();
        let checks = target_tables(
            &[
                t("worst_seat<=3%"),
                t("moves_per_player>=8@4"),
                t("first_win=50%±3%@2"),
                t("win.hard>=60%@hard,medium"),
            ],
            &tables,
        )
        .unwrap();
        assert_eq!(
            checks,
            vec![
                (0, 0),
                (0, 1),
                (0, 2),
                (0, 3),
                (1, 2),
                (2, 0),
                (2, 3),
                (3, 3)
            ]
        );
        // A target that judges nothing is refused, with the tables there are.
        let e = target_tables(&[t("went_out>=90%@3")], &[vec![h, h]]).unwrap_err();
        assert!(e.to_string().contains("hard,hard"), "{e}");
        // win.medium asked of a table without a Medium player.
        let e = target_tables(&[t("win.medium>=10%")], &tables).unwrap_err();
        assert!(e.to_string().contains("no medium player"), "{e}");
    }

    #[test]
    fn an_axis_for_one_table_size_changes_that_table_only() {
        let b = twelve();
        let r = variant(&b, "at4.rack=6");
        assert_eq!(r.by_table.len(), 1);
        let four = r.at_table(4).unwrap();
        assert_eq!(four.rack_size, 6);
        assert_eq!(
            four.exchange,
            ExchangePolicy::Chosen {
                min_bag: 6,
                max_tiles: 6
            }
        );
        for n in [2, 3] {
            let flat = r.at_table(n).unwrap();
            assert_eq!((flat.rack_size, &flat.exchange), (7, &b.exchange), "{n}");
            assert_eq!(flat.tiles, b.tiles);
        }
        // The base's own value writes no entry: the variant is the base (but its id).
        let same = variant(&b, "at4.rack=7");
        assert!(same.by_table.is_empty());
        let cfg_axes = vec![(
            "at4.rack=6,7".to_string(),
            Axis::parse("at4.rack=6,7", &b, no_file).unwrap(),
        )];
        let tried = variants(&b, &cfg_axes);
        assert_eq!(tried[0].0, vec!["rack 6 @4".to_string()]);
        assert_eq!(tried[0].1.id, "wordclub-1.2+rack6@4");
        // A bag for three players, a komi for three: both in the same entry.
        let mut r = b.clone();
        Axis::parse("at3.bag=1.5", &b, no_file)
            .unwrap()
            .apply(0, &mut r, 4);
        Axis::parse("at3.start=3", &b, no_file)
            .unwrap()
            .apply(0, &mut r, 4);
        assert_eq!(r.by_table.len(), 1);
        let three = r.at_table(3).unwrap();
        assert_eq!(three.start_points, vec![0, 3, 6]);
        assert!(three.bag_size() > b.bag_size());
        assert_eq!(r.at_table(2).unwrap().bag_size(), b.bag_size());
        assert!(r.at_table(2).unwrap().start_points.is_empty());
        // Explicit seats, and start=0 is the base's empty list.
        assert_eq!(
            variant(&b, "at4.start=0/1/2/5")
                .at_table(4)
                .unwrap()
                .start_points,
            vec![0, 1, 2, 5]
        );
        assert!(variant(&b, "start=0").start_points.is_empty());
        // fill=1 puts 1.2's five missing letters back, one each, at four players only.
        let full = variant(&b, "at4.fill=1");
        let four = full.at_table(4).unwrap();
        assert_eq!(four.bag_size(), b.bag_size() + 5);
        assert!(Letters::of(&four).missing.is_empty());
        assert_eq!(Letters::of(&full.at_table(2).unwrap()).missing, "JQVXZ");
        assert_eq!(variant(&b, "start=2").start_points, vec![0, 2, 4, 6]);
        for bad in [
            "at5.rack=6",
            "at4.passes=2",
            "at1.rack=6",
            "at4.size=3",
            "at4.start=0/1/2/3/4",
            "at3.start=600",
            "board=10",
            "board=17",
            "fill=0",
        ] {
            assert_eq!(
                Axis::parse(bad, &b, no_file).unwrap_err().kind(),
                "bad_search",
                "{bad}"
            );
        }
    }

    #[test]
    fn a_bigger_board_keeps_its_layout_s_shape_about_a_centre_star() {
        let b = twelve();
        let r = variant(&b, "at4.board=11");
        let four = r.at_table(4).unwrap();
        assert_eq!(four.board_size, 11);
        assert_eq!(four.star, Square::new(5, 5));
        assert_eq!(four.premiums.len(), b.premiums.len());
        assert!(symmetric(&four));
        // 1.2's double words at B2 (one in from the corner) land one in from 11×11's corner;
        // its triple letters at the middle of each edge stay there.
        assert_eq!(four.premium_at(Square::new(1, 1)), Premium::DoubleWord);
        assert_eq!(four.premium_at(Square::new(0, 5)), Premium::TripleLetter);
        assert_eq!(r.at_table(2).unwrap().board_size, 9);
        super::super::rules_file::check(&four).unwrap();
        // Axes apply in order: each symmetric layout, then at four players that layout
        // scaled to 11×11.
        let axes: Vec<(String, Axis)> = ["premiums=symmetric", "at4.board=11"]
            .iter()
            .map(|s| (s.to_string(), Axis::parse(s, &b, no_file).unwrap()))
            .collect();
        let tried = variants(&b, &axes);
        assert_eq!(tried.len(), symmetric_layout_count(&b));
        let mut fours = BTreeSet::new();
        for (_, r) in &tried {
            let four = r.at_table(4).unwrap();
            let mut two = r.at_table(2).unwrap();
            resize(&mut two, 11);
            assert_eq!(four.premiums, two.premiums);
            fours.insert(format!("{:?}", four.premiums));
        }
        assert_eq!(
            fours.len(),
            tried.len(),
            "every layout scaled to its own 11×11 layout"
        );
        // Classic-15 shrunk to 9×9: symmetric still, the star at the centre, and no square
        // twice (where two premiums meet, the stronger stays).
        let mut small = RuleSet::builtin("classic-15").unwrap();
        resize(&mut small, 9);
        assert_eq!(small.star, Square::new(4, 4));
        assert!(symmetric(&small));
        let squares: BTreeSet<Square> = small.premiums.iter().map(|p| p.square).collect();
        assert_eq!(squares.len(), small.premiums.len());
        assert_eq!(small.premium_at(Square::new(0, 0)), Premium::TripleWord);
    }

    #[test]
    fn a_layout_file_for_one_table_brings_its_board_size() {
        let mut text = String::from("# eleven\n");
        for r in 0..11 {
            let row: String = (0..11)
                .map(|c| {
                    if (r, c) == (0, 0) || (r, c) == (10, 10) {
                        'D'
                    } else {
                        '.'
                    }
                })
                .collect();
            text += &row;
            text += "\n";
        }
        let read = |_: &str| Ok(text.clone());
        let b = twelve();
        let axis = Axis::parse("at4.premiums=eleven.txt", &b, read).unwrap();
        let mut r = b.clone();
        assert_eq!(axis.apply(0, &mut r, 4), "premiums eleven @4");
        let four = r.at_table(4).unwrap();
        assert_eq!((four.board_size, four.star), (11, Square::new(5, 5)));
        assert_eq!(four.premiums.len(), 2);
        // For every table the base's size is required, as before.
        let e = Axis::parse("premiums=eleven.txt", &b, read).unwrap_err();
        assert!(e.to_string().contains("the board has 9"), "{e}");
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
