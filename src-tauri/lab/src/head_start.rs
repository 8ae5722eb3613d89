//! The head start that evens a gap between computer levels (`wordclub-cli lab head-start`),
//! and its shipped evidence (`data/head_start/`, read by the app to suggest a head start on
//! the new-match form).
//!
//! **Why the median deficit.** A head start adds the same points to one seat's total from
//! the first move to the last and changes nothing else: no computer reads the scores (a
//! player's choice reads the board, its rack, the bag's size, the rule set, the match's seed
//! and turn number: `wordclub_movegen::players`; Hard's endgame counts the tiles left on its
//! own rack against itself, never the totals), nobody resigns in a simulated match, and the
//! endings (going out, the scoreless turns, a turn limit) and the end-of-match rack
//! adjustment read racks and turns, never totals. So a match played with a head start `h` for
//! the weaker seat is the same match, move for move, with that seat's total `h` higher (the
//! test `a_head_start_changes_no_move` plays both), and the weaker seat wins with `h` exactly
//! when its *deficit* — the best other seat's final total minus its own — is below `h` (a
//! tie at `h`, shared). The head start that gives it even chances is the deficit's median,
//! and the matches played without a head start measure it: one run per table, for every `h`.
//!
//! **The interval** is distribution-free: the order statistics `x(l)` and `x(N+1−l)` of the
//! `N` deficits, `l` the largest rank with P(Bin(N, ½) < l) ≤ 2.5 %, which holds the true
//! median with at least 95 % confidence whatever the deficits' shape.
//!
//! **The tables.** For each pair of levels (weaker, stronger) and each table size the rule
//! set seats (two and up): one seat of the weaker level and every other seat of the
//! stronger (at 3, Easy against Hard is Easy, Hard, Hard), the seating rotated match by
//! match as every lab run does, so the figure is an average over the seats (and over a rule
//! set's own start points, which the deficits count). A table with several weaker seats is
//! offered the same figure for each of them: an approximation the form's sentence names.
//!
//! A figure above [`MAX_HEAD_START`] is reported as measured, never clipped (`over_max`):
//! the form then offers the most it may and says the lab measured more.

use serde::{Deserialize, Serialize};
use wordclub_engine::{RuleSet, MAX_HEAD_START};
use wordclub_lexicon::WordList;
use wordclub_movegen::{play_games_each, Level, Manners};

use crate::tally::Histogram;
use crate::LabError;

/// The format of a head-start evidence file (`lab_head_start` in it).
pub const FORMAT: u32 = 1;

/// The confidence of every interval: at least this share of runs hold the true median.
pub const CONFIDENCE: f64 = 0.95;

/// The pairs of levels measured, weaker first.
pub const LEVEL_PAIRS: [(Level, Level); 3] = [
    (Level::Easy, Level::Medium),
    (Level::Easy, Level::Hard),
    (Level::Medium, Level::Hard),
];

/// One rule set's head-start evidence: what `lab head-start --json` prints and
/// `data/head_start/<id>.json` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeadStartEvidence {
    /// The file's format ([`FORMAT`]).
    pub lab_head_start: u32,
    pub rules: RuleSet,
    /// The rule set's hash when measured: a file whose rule set has changed since is refused.
    pub rules_hash: String,
    pub list: String,
    /// Match `i` of every table played seed `seed + i` (seating rotated by `i`).
    pub seed: u64,
    /// Matches per table.
    pub games: u64,
    pub cells: Vec<HeadStartCell>,
}

/// One table: a weaker seat against stronger ones, the deficits measured and their figure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeadStartCell {
    /// The levels as the first match seated them: the weaker seat first.
    pub players: Vec<String>,
    pub figure: HeadStartFigure,
    /// The weaker seat's deficit in each match: the best other final total minus its own.
    pub deficits: Histogram,
}

/// The head start that evens a table, with its interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeadStartFigure {
    /// The median deficit: with this head start the weaker seat wins about half its matches.
    pub head_start: i64,
    /// The [`CONFIDENCE`] interval of the median (order statistics).
    pub low: i64,
    pub high: i64,
    pub games: u64,
    /// Above what a seat may be given ([`MAX_HEAD_START`]): reported as measured.
    pub over_max: bool,
}

impl HeadStartFigure {
    /// The figure of a table's deficits.
    pub fn of(deficits: &Histogram) -> HeadStartFigure {
        let n = deficits.count();
        let head_start = deficits.quantile(0.5);
        let l = median_rank(n);
        HeadStartFigure {
            head_start,
            low: value_at_rank(deficits, l),
            high: value_at_rank(deficits, (n + 1).saturating_sub(l)),
            games: n,
            over_max: head_start > i64::from(MAX_HEAD_START),
        }
    }
}

/// The `r`-th smallest value (1-based) of a histogram; its largest for a rank past the end.
fn value_at_rank(h: &Histogram, r: u64) -> i64 {
    let mut seen = 0;
    let mut last = 0;
    for (v, c) in h.iter() {
        seen += c;
        last = v;
        if seen >= r {
            return v;
        }
    }
    last
}

/// The largest rank `l` (1-based, at least 1) with P(Bin(n, ½) ≤ l − 1) ≤ (1 − CONFIDENCE)/2:
/// `[x(l), x(n+1−l)]` then holds the median with at least [`CONFIDENCE`]. Below about six
/// matches no rank qualifies, and the interval is the whole range (rank 1).
fn median_rank(n: u64) -> u64 {
    let tail = (1.0 - CONFIDENCE) / 2.0;
    let nf = n as f64;
    // ln P(B = k) by the recurrence ln C(n, k+1) = ln C(n, k) + ln(n−k) − ln(k+1): exact
    // enough and free of overflow for any n the lab plays.
    let mut ln_c = 0.0f64;
    let ln_half_n = nf * std::f64::consts::LN_2;
    let mut below = 0.0f64;
    let mut l = 1;
    for k in 0..n / 2 {
        below += (ln_c - ln_half_n).exp();
        // `below` is now P(B ≤ k), what rank k + 1 needs.
        if below <= tail {
            l = k + 1;
        } else {
            break;
        }
        ln_c += ((n - k) as f64).ln() - ((k + 1) as f64).ln();
    }
    l.min(n.div_ceil(2).max(1))
}

/// The weaker seat's deficit in one match: the best other final total minus its own
/// (`scores` in the order the players were given, the weaker first).
pub fn deficit(scores: &[i32]) -> i64 {
    let own = i64::from(scores.first().copied().unwrap_or(0));
    let best = scores[1..]
        .iter()
        .map(|&s| i64::from(s))
        .max()
        .unwrap_or(own);
    best - own
}

/// The players of the table measured for `weaker` against `stronger` at `seats`: the weaker
/// first, every other seat the stronger.
pub fn table_players(weaker: Level, stronger: Level, seats: usize) -> Vec<Level> {
    let mut players = vec![stronger; seats];
    if let Some(first) = players.first_mut() {
        *first = weaker;
    }
    players
}

/// The table sizes a rule set's head starts are measured at: every size it seats, from two.
pub fn table_sizes(rules: &RuleSet) -> std::ops::RangeInclusive<usize> {
    usize::from(rules.players.min.max(2))..=usize::from(rules.players.max)
}

/// Measures every table of `rules` ([`table_sizes`] × [`LEVEL_PAIRS`]): `games` matches each,
/// match `i` of seed `seed + i`, as the lab plays them (every word allowed, as `lab measure`).
/// `progress()` is called after each match.
pub fn measure(
    rules: &RuleSet,
    list: &WordList,
    seed: u64,
    games: u64,
    threads: usize,
    mut progress: impl FnMut(),
) -> Result<HeadStartEvidence, LabError> {
    let mut cells = Vec::new();
    for seats in table_sizes(rules) {
        let flat = rules.at_table(seats).map_err(LabError::Engine)?;
        for (weaker, stronger) in LEVEL_PAIRS {
            let players = table_players(weaker, stronger, seats);
            let mut deficits = Histogram::default();
            play_games_each(
                &flat,
                list,
                &players,
                Manners::AnyWord,
                seed,
                0..games as usize,
                threads,
                |_, g| {
                    deficits.add(deficit(&g.scores));
                    progress();
                },
            )?;
            cells.push(HeadStartCell {
                players: players.iter().map(|l| l.name().to_string()).collect(),
                figure: HeadStartFigure::of(&deficits),
                deficits,
            });
        }
    }
    Ok(HeadStartEvidence {
        lab_head_start: FORMAT,
        rules_hash: rules.hash(),
        rules: rules.clone(),
        list: list.info().id.clone(),
        seed,
        games,
        cells,
    })
}

fn bad(file: &str, reason: impl Into<String>) -> LabError {
    LabError::Evidence {
        file: file.to_string(),
        reason: reason.into(),
    }
}

impl HeadStartCell {
    /// The weaker level, the stronger one and the table size, read back from `players`.
    pub fn levels(&self) -> Option<(Level, Level, usize)> {
        let levels: Vec<Level> = self
            .players
            .iter()
            .map(|p| Level::parse(p).ok())
            .collect::<Option<_>>()?;
        let (&weaker, rest) = levels.split_first()?;
        let &stronger = rest.first()?;
        let rank = |l: Level| Level::SEATS.iter().position(|&s| s == l);
        (rest.iter().all(|&l| l == stronger) && rank(weaker)? < rank(stronger)?).then_some((
            weaker,
            stronger,
            levels.len(),
        ))
    }
}

/// Reads one head-start evidence file (`<rule-set id>.json`): its format, its rule set's
/// hash (the one recorded is the one of the rule set inside), every table a weaker level
/// against a stronger one, each with `games` deficits and the figure they give. Anything
/// else is an `Evidence` error naming the file.
pub fn parse(file: &str, text: &str) -> Result<HeadStartEvidence, LabError> {
    let e: HeadStartEvidence = serde_json::from_str(text)
        .map_err(|err| bad(file, format!("not a lab head-start file: {err}")))?;
    if e.lab_head_start != FORMAT {
        return Err(bad(
            file,
            format!("format {} (this build reads {FORMAT})", e.lab_head_start),
        ));
    }
    let id = &e.rules.id;
    if file != format!("{id}.json") {
        return Err(bad(
            file,
            format!("it holds rule set {id}: name it {id}.json"),
        ));
    }
    if e.rules.hash() != e.rules_hash {
        return Err(bad(
            file,
            "its rule set's hash is not the one recorded with it",
        ));
    }
    for cell in &e.cells {
        let named = cell.players.join(",");
        if cell.levels().is_none() {
            return Err(bad(
                file,
                format!("table {named}: one weaker level first, then one stronger level"),
            ));
        }
        if cell.deficits.count() != e.games {
            return Err(bad(
                file,
                format!(
                    "table {named} holds {} matches, not {}",
                    cell.deficits.count(),
                    e.games
                ),
            ));
        }
        if HeadStartFigure::of(&cell.deficits) != cell.figure {
            return Err(bad(
                file,
                format!("table {named}: its figure is not its deficits' median and interval"),
            ));
        }
    }
    Ok(e)
}

/// Checks a file's evidence against the rule set as shipped: the same hash, or the file is
/// evidence of rules that have changed since (an error naming it).
pub fn check_against(file: &str, e: &HeadStartEvidence, shipped: &RuleSet) -> Result<(), LabError> {
    if shipped.hash() != e.rules_hash {
        return Err(bad(
            file,
            format!(
                "measured on {} of hash {}, but the rule set as shipped has hash {}: measure \
                 it again",
                e.rules.id,
                e.rules_hash,
                shipped.hash()
            ),
        ));
    }
    Ok(())
}

impl HeadStartEvidence {
    /// The table of `seats` players measuring `weaker` against `stronger`, if measured.
    pub fn cell(&self, seats: usize, weaker: Level, stronger: Level) -> Option<&HeadStartCell> {
        self.cells
            .iter()
            .find(|c| c.levels() == Some((weaker, stronger, seats)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hist(values: &[i64]) -> Histogram {
        let mut h = Histogram::default();
        for &v in values {
            h.add(v);
        }
        h
    }

    /// The exact binomial ranks: n = 10 gives rank 2 (P(B ≤ 1) = 11/1024 ≈ 1.1 %, P(B ≤ 2) =
    /// 56/1024 ≈ 5.5 %), n = 100 gives 40 (the tables' x(40), x(61)), below 6 the whole range.
    #[test]
    fn the_median_interval_takes_the_binomial_ranks() {
        assert_eq!(median_rank(10), 2);
        assert_eq!(median_rank(100), 40);
        assert_eq!(median_rank(5), 1);
        assert_eq!(median_rank(1), 1);
        let h = hist(&(1..=100).collect::<Vec<_>>());
        let f = HeadStartFigure::of(&h);
        assert_eq!((f.head_start, f.low, f.high, f.games), (50, 40, 61, 100));
    }

    #[test]
    fn a_deficit_is_the_best_other_total_less_the_weaker_seats() {
        assert_eq!(deficit(&[100, 160, 130]), 60);
        assert_eq!(deficit(&[200, 160]), -40);
    }

    /// The reasoning behind the median deficit: a head start changes no move. The same
    /// matches (Easy against Hard on classic at two and 1.3 at four, every seating) played
    /// with and without a head start for the Easy seat take the same actions, and end with
    /// that seat's total exactly the head start higher and every other total the same.
    #[test]
    fn a_head_start_changes_no_move() {
        use wordclub_engine::{Deal, ListRef, Match, MatchOptions, PlayerSpec};
        for (id, seats, seed) in [("classic-15", 2, 11u64), ("wordclub-1.3", 4, 12)] {
            let rules = RuleSet::builtin(id).unwrap().at_table(seats).unwrap();
            let list = WordList::builtin(&rules.default_list).unwrap();
            let levels = table_players(Level::Easy, Level::Hard, seats);
            for weak_seat in 0..seats {
                let play = |head: u32| {
                    let specs: Vec<PlayerSpec> = (0..seats)
                        .map(|s| {
                            let level = if s == weak_seat { levels[0] } else { levels[1] };
                            let p = PlayerSpec::computer(&format!("P{s}"), level.name());
                            p.with_head_start(if s == weak_seat { head } else { 0 })
                        })
                        .collect();
                    let mut m = Match::with_options(
                        rules.clone(),
                        ListRef::of(list),
                        specs,
                        seed,
                        Deal::default(),
                        MatchOptions::default(),
                    )
                    .unwrap();
                    let mut actions = Vec::new();
                    while let Some(seat) = m.to_move() {
                        let level = if seat == weak_seat {
                            levels[0]
                        } else {
                            levels[1]
                        };
                        let action = wordclub_movegen::computer_action_with(
                            &m,
                            seat,
                            list,
                            level,
                            Manners::AnyWord,
                        )
                        .unwrap();
                        actions.push(format!("{action:?}"));
                        m.apply(action, list).unwrap();
                    }
                    (actions, m.result().unwrap().final_scores.clone())
                };
                let (plain, plain_scores) = play(0);
                let (given, given_scores) = play(MAX_HEAD_START);
                assert!(
                    plain.len() > 10,
                    "{id}: a whole match ({} turns)",
                    plain.len()
                );
                assert_eq!(plain, given, "{id} at {seats}, Easy in seat {weak_seat}");
                let mut expected = plain_scores.clone();
                expected[weak_seat] += MAX_HEAD_START as i32;
                assert_eq!(given_scores, expected, "{id}: only the total moves");
            }
        }
    }

    #[test]
    fn a_figure_over_the_most_a_seat_may_have_is_reported_not_clipped() {
        let f = HeadStartFigure::of(&hist(&[250, 260, 270]));
        assert_eq!(f.head_start, 260);
        assert!(f.over_max);
    }
}
