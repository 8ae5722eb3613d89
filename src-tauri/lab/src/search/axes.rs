//! The axes a search varies its base rule set along, and the variants they make.
//!
//! `--vary`, each axis `name=values`: `bag=0.6,0.7` scales every letter count (each letter
//! the base has keeps at least one tile); `letter.E=8,10` sets one letter's count;
//! `blanks=0,1`; `rack=6,8` (the exchange limits follow the rack); `passes=2,4` (the
//! scoreless turns in a row that end a match); `board=9,11` (odd sizes; the star and the
//! premiums keep their places relative to the centre, see [`resize`]); `bingo=0,20`;
//! `start=0,2` (seat `s`, 0 first, starts with `s × K` points) or `start=0/2/4` (each
//! seat's points); `fill=1` (every letter with no tile gets that many); `premiums=…`
//! candidate layouts, either drawn in a file or `premiums=symmetric`: every layout that
//! moves each of the base's groups of premium squares (a premium kind on one orbit of the
//! board's eight symmetries) onto another orbit of the same size, kinds and counts kept.
//!
//! Every axis but `passes` can be given for one table size, `atN.AXIS` (`at4.rack=6,7`,
//! `at4.board=11`, `at3.start=0,2,4`, `at4.premiums=FILE`, whose layouts may be drawn for
//! another board size and then bring it): the value is applied to the rule set of that
//! table (`RuleSet::at_table`) and what it changes is written into the variant's `by_table`
//! entry for that size. The variants are
//! every combination of the axes' values, applied in the order given.

use wordclub_engine::{ExchangePolicy, RuleSet, TableChanges, MAX_START_POINTS};
use wordclub_movegen::MAX_SIZE;

use crate::limits;
use crate::LabError;

use super::layouts::{
    layouts_from_text, resize, symmetric_layout_count, symmetric_layouts, NamedLayout,
};
use super::search_error;

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

fn numbers<T: std::str::FromStr>(axis: &str, values: &str) -> Result<Vec<T>, LabError> {
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

type ReadFile<'r> = &'r dyn Fn(&str) -> Result<String, LabError>;

impl Axis {
    /// Reads `name=values` (see the module docs). `premiums=PATH` is read with `read`.
    pub fn parse(
        spec: &str,
        base: &RuleSet,
        read: impl Fn(&str) -> Result<String, LabError>,
    ) -> Result<Axis, LabError> {
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
    ) -> Result<Axis, LabError> {
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

    pub(super) fn len(&self) -> usize {
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
    pub(super) fn apply(&self, i: usize, rules: &mut RuleSet, seats: usize) -> String {
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

/// Every combination of the axes' values, as (changes, rules).
pub(super) fn variants(base: &RuleSet, axes: &[(String, Axis)]) -> Vec<(Vec<String>, RuleSet)> {
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

#[cfg(test)]
mod tests {
    use super::super::testing::{base, no_file, twelve, variant};
    use super::*;
    use crate::measure::Letters;
    use wordclub_engine::{Leave, LeaveTableId, Square};
    use wordclub_movegen::{LeaveTable, Rack, DERIVED_GAMES, DERIVED_LAMBDA, DERIVED_SEED};

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
}
