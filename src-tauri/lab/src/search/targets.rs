//! A search's targets (`--target`, each on one figure) and the tables each is judged at.
//!
//! Every variant is played at each table of the search (`--players
//! "hard,hard;hard,hard,hard"`, mixed seats allowed), each over the same seeds. A target
//! (`worst_seat<=3%`) holds at every table, or with `@N` at the tables of N players, or with
//! `@hard,medium` at the table of exactly those players ([`Scope`]); each (target, table)
//! pair is judged on its own.

use wordclub_movegen::Level;

use crate::measure::Metric;
use crate::LabError;

use super::search_error;

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
    fn parse(text: &str) -> Result<Scope, LabError> {
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

    pub(super) fn matches(&self, table: &[Level]) -> bool {
        match self {
            Scope::All => true,
            Scope::Players(n) => table.len() == *n,
            Scope::Table(t) => t == table,
        }
    }

    /// `""`, `"@4"` or `"@hard,medium"`: what [`Scope::parse`] reads back.
    pub(super) fn suffix(&self) -> String {
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
    pub fn parse(spec: &str) -> Result<Target, LabError> {
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
        let num = |t: &str| -> Result<f64, LabError> {
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
    pub(super) fn shortfall(&self, x: f64) -> f64 {
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
    pub(super) fn tolerance(&self) -> f64 {
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

    pub(super) fn describe_figure(&self) -> String {
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
    pub(super) fn describe(&self) -> String {
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
) -> Result<Vec<(usize, usize)>, LabError> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
