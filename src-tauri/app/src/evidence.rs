//! The Rules screen's lab evidence (`rules_evidence`): for a rule set, the rules lab's
//! measure of it as shipped in `src-tauri/lab/data/evidence/` (embedded by `build.rs`),
//! as the headline figures of each table measured and the charts `lab measure --report`
//! draws (`wordclub_lab::report`, their one drawing). The UI draws no chart and
//! computes no figure: it shows these.
use serde::{Deserialize, Serialize};
use wordclub_engine::RuleSet;
use wordclub_lab::evidence::{self, EvidenceTable};
use wordclub_lab::report::Chart;

use crate::AppError;

mod files {
    include!(concat!(env!("OUT_DIR"), "/evidence_files.rs"));
}

/// The shipped evidence files: (file name, text), in name order.
pub fn shipped_files() -> &'static [(&'static str, &'static str)] {
    files::FILES
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct RulesEvidenceArgs {
    pub rules: String,
}

/// A rule set's shipped lab evidence. `shipped: false` (no tables) is an answer, not an
/// error: `note` says no lab evidence is shipped for it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct RulesEvidence {
    pub rules: String,
    pub shipped: bool,
    /// One sentence: where the evidence comes from, or that there is none.
    pub note: String,
    /// The tables measured: one computer level in every seat first, by table size, then the
    /// mixed tables (the skill signal).
    pub tables: Vec<EvidenceTableView>,
}

/// One table the lab measured: its headline figures and its charts.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct EvidenceTableView {
    /// The evidence file it comes from (`wordclub-1.2.hard-hard.json`).
    pub file: String,
    /// `2 players: hard, hard`.
    pub heading: String,
    /// Players of different levels (the skill signal), as opposed to one level in every seat.
    pub mixed: bool,
    /// The computer level in each seat of the first match (the seating rotates match by match).
    pub players: Vec<String>,
    pub games: usize,
    /// The simulated matches' seeds: match `i` played `lab_seed + i` (named apart from a
    /// match's own `seed`, which no answer holds while the match is played).
    pub lab_seed: u64,
    pub list: String,
    /// The command that made the file (run it to regenerate it and compare).
    pub command: String,
    /// Each seat's share of the wins (seat 1 moves first), with its 95% and 99.5% intervals.
    pub seats: Vec<SeatShare>,
    /// A fair share: 1 / players.
    pub fair_share: f64,
    /// Each player's share of the wins, in `players`' order (on a mixed table: the skill
    /// signal, for example Hard against Medium).
    pub per_player: Vec<PlayerShare>,
    pub moves_per_player: f64,
    /// Shares of matches: ended by going out; ended with the board jammed, tiles in the bag.
    pub went_out: f64,
    pub board_jams: f64,
    pub charts: Vec<ChartView>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct SeatShare {
    pub seat: usize,
    pub win: f64,
    pub ci95: [f64; 2],
    pub ci995: [f64; 2],
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PlayerShare {
    pub player: String,
    pub win: f64,
    pub ci95: [f64; 2],
}

/// One chart as the lab's report draws it: `svg` is one `<svg>` element whose every text is
/// escaped, made of `svg`, `g`, `rect`, `line`, `polyline`, `text` and `title` elements with
/// presentation attributes only (no script, link or style attribute); `description` is its
/// text alternative, the figures it draws in words.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ChartView {
    /// `seat-wins`, `endings`, `length`, `heat-map`, `scores` or `margin`.
    pub id: String,
    pub title: String,
    pub svg: String,
    pub caption: String,
    pub description: String,
}

impl From<Chart> for ChartView {
    fn from(c: Chart) -> ChartView {
        ChartView {
            id: c.id.to_string(),
            title: c.title,
            svg: c.svg,
            caption: c.caption,
            description: c.description,
        }
    }
}

fn view(t: &EvidenceTable) -> EvidenceTableView {
    let (m, s) = (&t.figures, &t.shard);
    EvidenceTableView {
        file: t.file.clone(),
        heading: format!("{} players: {}", m.per_seat.len(), m.players.join(", ")),
        mixed: !t.same_level(),
        players: m.players.clone(),
        games: m.games,
        lab_seed: m.seed,
        list: m.list.clone(),
        command: format!(
            "wordclub-cli lab measure --rules {} --list {} --players {} --games {} --seed {} \
             --shard 1/1",
            s.rules.id,
            s.list,
            s.players.join(","),
            s.games,
            s.seed
        ),
        seats: m
            .per_seat
            .iter()
            .map(|seat| SeatShare {
                seat: seat.seat,
                win: seat.win.rate,
                ci95: seat.win.ci95,
                ci995: seat.win_ci995,
            })
            .collect(),
        fair_share: m.table.fair_share,
        per_player: m
            .per_player
            .iter()
            .map(|p| PlayerShare {
                player: p.player.clone(),
                win: p.win_rate.rate,
                ci95: p.win_rate.ci95,
            })
            .collect(),
        moves_per_player: m.table.moves_per_player,
        went_out: m.endings.went_out.rate,
        board_jams: m.table.board_jams.rate,
        charts: t.charts().into_iter().map(ChartView::from).collect(),
    }
}

/// The evidence of rule set `args.rules`: an unknown id is refused (`unknown_rules`); a
/// rule set without shipped evidence answers `shipped: false`.
pub fn rules_evidence(args: RulesEvidenceArgs) -> Result<RulesEvidence, AppError> {
    let rules = RuleSet::builtin(&args.rules)?;
    let tables = evidence::tables_of(&rules.id, shipped_files())?;
    let games: std::collections::BTreeSet<usize> = tables.iter().map(|t| t.figures.games).collect();
    let note = if tables.is_empty() {
        format!("No lab evidence shipped for {}.", rules.label)
    } else {
        let games: Vec<String> = games.iter().map(|g| g.to_string()).collect();
        format!(
            "Measured by the rules lab with the computer players: {} matches per table (the \
             seating rotates match by match, so every player sits in every seat).",
            games.join(" or ")
        )
    };
    Ok(RulesEvidence {
        rules: rules.id.clone(),
        shipped: !tables.is_empty(),
        note,
        tables: tables.iter().map(view).collect(),
    })
}
