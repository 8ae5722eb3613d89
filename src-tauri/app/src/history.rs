//! The match history (wordclub-store) as the UI sees it: lists, details, statistics and GCG
//! export, with everything that could reveal a hidden rack left out of unfinished matches
//! (a GCG export of one only when the caller accepts that it shows the racks).
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use wordclub_engine::{Match, RuleSet};
use wordclub_movegen::analysis::ANALYSER_VERSION;
use wordclub_store::{Filter, MatchSummary as StoredSummary, Status, Store, TurnDetail};

use crate::view::{Pos, RulesInfo};
use crate::AppError;

#[derive(Debug, Default, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct MatchListArgs {
    /// `in_progress`, `finished` or `abandoned`; any when absent.
    #[serde(default)]
    pub status: Option<String>,
    /// Only matches with a player of this name (ignoring case).
    #[serde(default)]
    pub player: Option<String>,
    /// Only matches of this rule set id.
    #[serde(default)]
    pub rules: Option<String>,
    /// `true`: only matches where someone took a hint or a move back; `false`: only
    /// unassisted ones.
    #[serde(default)]
    pub assisted: Option<bool>,
    /// 1-based; the first page when absent.
    #[serde(default)]
    pub page: Option<u32>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct MatchList {
    pub page: u32,
    pub pages: u32,
    pub total: u64,
    pub matches: Vec<MatchSummary>,
}

/// A match as the history list shows it. Unlike the stored summary it has no seed: the seed
/// rebuilds the whole bag order, every rack included.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct MatchSummary {
    pub id: i64,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    pub status: Status,
    pub rules: String,
    /// The rule set's full label, version and all ("Word Club 1.3 (candidate, …)").
    pub rules_label: String,
    /// Its plain name as a family knows it ("Family table", the guide's): what the history,
    /// the "Continue" entries and the detail's heading show.
    pub rules_name: String,
    pub list: String,
    /// The list's display name (its id when the list is no longer shipped).
    pub list_name: String,
    pub turns: i64,
    pub hints: i64,
    /// Moves taken back (assistance, like hints); left out when none, so the answers about
    /// matches with no take-back stay as they were.
    #[serde(skip_serializing_if = "no_take_backs")]
    #[cfg_attr(feature = "contract", ts(optional, as = "Option<i64>"))]
    pub take_backs: i64,
    /// Words looked up from the match screen (assistance, like hints: a match with
    /// challenges on); left out when none, so the answers about other matches stay as they
    /// were.
    #[serde(skip_serializing_if = "no_take_backs")]
    #[cfg_attr(feature = "contract", ts(optional, as = "Option<i64>"))]
    pub looked_up: i64,
    /// The match was played with "our words" (the family's additions and blocks it pinned
    /// when it started); left out when not, so the answers about other matches stay as they
    /// were.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "contract", ts(optional, as = "Option<bool>"))]
    pub our_words: bool,
    pub end_reason: Option<String>,
    pub players: Vec<SummaryPlayer>,
    pub winners: Vec<i64>,
    /// `seed` or `deal` when the caller fixed the deal (a test), `null` for the app's shuffle.
    pub fixed_deal: Option<wordclub_store::FixedDeal>,
    /// The name an import gave a match kept beside another version of it ("Ann and Ben (from
    /// another device)"); left out for every other match, so their answers stay as they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub label: Option<String>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct SummaryPlayer {
    pub seat: i64,
    pub name: String,
    pub computer: Option<String>,
    pub score: i64,
    pub adjustment: Option<i64>,
    pub winner: bool,
    pub resigned: bool,
    pub hints: i64,
}

fn no_take_backs(n: &i64) -> bool {
    *n == 0
}

fn summary(s: StoredSummary) -> MatchSummary {
    MatchSummary {
        id: s.id,
        created_at: s.created_at,
        updated_at: s.updated_at,
        finished_at: s.finished_at,
        status: s.status,
        rules_label: RuleSet::builtin(&s.rules_id).map_or_else(|_| s.rules_id.clone(), |r| r.label),
        rules_name: RuleSet::builtin(&s.rules_id).map_or_else(
            |_| s.rules_id.clone(),
            |r| crate::RulesGuide::of(&r).name.to_string(),
        ),
        rules: s.rules_id,
        // The name of the version the match is pinned to ("Word Club list 1"), not today's.
        // A list of one's own not opened in this process: its name is its id's.
        list_name: wordclub_lexicon::WordList::pinned(&s.list_id, &s.list_sha256).map_or_else(
            |_| {
                s.list_id
                    .strip_prefix("own:")
                    .unwrap_or(&s.list_id)
                    .to_string()
            },
            |l| l.info().name.clone(),
        ),
        our_words: s.our_words.is_some(),
        list: s.list_id,
        turns: s.turn_count,
        hints: s.hints_taken,
        take_backs: s.take_backs,
        looked_up: s.looked_up,
        end_reason: s.end_reason,
        fixed_deal: s.fixed_deal,
        label: s.label,
        winners: s
            .players
            .iter()
            .filter(|p| p.winner)
            .map(|p| p.seat)
            .collect(),
        players: s
            .players
            .into_iter()
            .map(|p| SummaryPlayer {
                seat: p.seat,
                name: p.name,
                computer: p.level,
                score: p.score,
                adjustment: p.adjustment,
                winner: p.winner,
                resigned: p.resigned,
                hints: p.hints_taken,
            })
            .collect(),
    }
}

pub fn list(store: &Store, args: MatchListArgs) -> Result<MatchList, AppError> {
    let status = args
        .status
        .as_deref()
        .map(Status::parse)
        .transpose()
        .map_err(|e| AppError::bad_argument("match_list", e.to_string()))?;
    let filter = Filter {
        player: args.player,
        rules_id: args.rules,
        status,
        assisted: args.assisted,
    };
    let page = args.page.unwrap_or(1);
    if page == 0 {
        return Err(AppError::bad_argument("match_list", "pages start at 1"));
    }
    let p = store.list(&filter, page)?;
    Ok(MatchList {
        page: p.page,
        pages: p.pages,
        total: p.total,
        matches: p.matches.into_iter().map(summary).collect(),
    })
}

/// The board after one turn, as the history's step-through shows it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TurnBoard {
    /// 1-based, as the turn's `number`.
    pub turn: u32,
    /// The rows: `.` for an empty square, upper case letters, lower case for a blank.
    pub rows: Vec<String>,
    /// The squares this turn covered (a play; empty otherwise).
    pub placed: Vec<Pos>,
}

/// Adds the board after the turn `m` just added to `boards` (one entry per turn, in order),
/// shown each step of the engine's replay of the match's events.
fn add_turn_board(boards: &mut Vec<TurnBoard>, m: &Match) {
    // Hints are events too, but not turns: a board is kept only when a turn was added.
    if m.turns().len() == boards.len() {
        return;
    }
    // A take-back withdrew the newest turns: their boards go with them.
    if m.turns().len() < boards.len() {
        boards.truncate(m.turns().len());
        return;
    }
    let placed = m
        .turns()
        .last()
        .map(|t| {
            t.squares
                .iter()
                .map(|sq| Pos {
                    row: sq.row,
                    col: sq.col,
                })
                .collect()
        })
        .unwrap_or_default();
    boards.push(TurnBoard {
        turn: m.turns().len() as u32,
        rows: m.board().rows(),
        placed,
    });
}

/// A match turn by turn, as the history's detail shows it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct MatchDetail {
    pub summary: MatchSummary,
    /// The match's own rule set (stored with it), not today's built-in of the same id.
    pub rules: RulesInfo,
    pub premiums: Vec<Vec<Option<&'static str>>>,
    pub letter_values: BTreeMap<char, u8>,
    /// Each seat's colour and mark, as the match view serves them (`PlayerBrief::colour`).
    pub colours: Vec<crate::guide::SeatColour>,
    /// Each seat's head start, chosen on the new-match form (0 for none, and for every match
    /// recorded before head starts): the detail's Head start row, apart from the rule set's
    /// start points.
    pub head_starts: Vec<u32>,
    /// Each seat's total before its first move (the rule set's start points and the head
    /// start): where the replay's chart begins.
    pub start_totals: Vec<i32>,
    /// The store's turns; while the match is unfinished each hint's `shown` is left out
    /// ([`wordclub_engine::Turn::without_shown`]: words from a rack tell what is still on it).
    pub turns: Vec<TurnDetail>,
    /// The board after each turn.
    pub boards: Vec<TurnBoard>,
    /// The board's rows now.
    pub board: Vec<String>,
    pub result: Option<wordclub_engine::MatchResult>,
    /// Once the match is over: the plays that stood with words outside the list, nobody
    /// having challenged them (matches with challenges on).
    pub unchallenged: Vec<crate::view::UnchallengedTurn>,
    pub analysis: AnalysisStatus,
}

/// Whether a match's post-game analysis is kept (`ready`) or can be made (`available`).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct AnalysisStatus {
    pub available: bool,
    pub ready: bool,
    pub analyser_version: u32,
}

/// A match turn by turn. While it is unfinished, what a hint showed stays out; once it is
/// over, everything is history. The board is public at every turn, so each turn's board is
/// there either way.
pub fn detail(store: &Store, id: i64) -> Result<MatchDetail, AppError> {
    // One replay gives the store's detail, the match's rules and the board after each turn.
    let mut boards = Vec::new();
    let (d, game) = store.detail_with(id, |m| add_turn_board(&mut boards, m))?;
    let status = d.summary.status;
    let turns = if status == Status::InProgress {
        d.turns
            .into_iter()
            .map(|t| TurnDetail {
                turn: t.turn.without_shown(),
                ..t
            })
            .collect()
    } else {
        d.turns
    };
    let finished = status == Status::Finished;
    let rules = game.rules();
    Ok(MatchDetail {
        summary: summary(d.summary),
        rules: RulesInfo::of(rules),
        premiums: rules.premium_labels(),
        letter_values: rules.letter_values(),
        colours: game
            .players()
            .iter()
            .enumerate()
            .map(|(seat, p)| crate::guide::seat_colour(p.colour.as_deref(), seat))
            .collect(),
        head_starts: game.players().iter().map(|p| p.head_start).collect(),
        start_totals: (0..game.players().len())
            .map(|seat| game.start_total(seat))
            .collect(),
        turns,
        boards,
        board: d.board,
        result: d.result,
        unchallenged: crate::matches::match_list(&game)
            .ok()
            .map(|list| crate::view::unchallenged(&game, list))
            .unwrap_or_default(),
        analysis: AnalysisStatus {
            available: finished,
            ready: finished && store.has_analysis(id, ANALYSER_VERSION)?,
            analyser_version: ANALYSER_VERSION,
        },
    })
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct ExportGcgArgs {
    pub match_id: i64,
    /// Needed for an unfinished match: its record shows every player's rack so far.
    #[serde(default)]
    #[cfg_attr(feature = "contract", ts(as = "Option<bool>", optional))]
    pub reveal_racks: bool,
    /// Add the post-game analysis as `#note` lines (finished matches only).
    #[serde(default)]
    #[cfg_attr(feature = "contract", ts(as = "Option<bool>", optional))]
    pub analysis: bool,
}

/// A match's GCG record.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct GcgExport {
    pub id: i64,
    pub gcg: String,
    /// The match is unfinished (exported with `reveal_racks: true`; marked `#incomplete`).
    pub incomplete: bool,
    /// The record carries the post-game analysis as `#note` lines (only said when it does).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub analysis: bool,
}

/// A match as a GCG record (the same writer as `wordclub-cli history export-gcg`). GCG writes
/// each player's rack before each move, and in an unfinished match those tiles may still be on
/// that player's rack: such a match is exported only when the call says `reveal_racks: true`,
/// and its record is marked `#incomplete`. Notes (`analysis`) are the caller's.
pub fn export_gcg(
    store: &Store,
    args: &ExportGcgArgs,
    notes: Option<&BTreeMap<u32, Vec<String>>>,
) -> Result<GcgExport, AppError> {
    let id = args.match_id;
    let s = store.summary(id)?;
    let unfinished = s.status == Status::InProgress;
    if unfinished && !args.reveal_racks {
        return Err(AppError::Backend {
            kind: "match_in_progress".to_string(),
            message: "this match is not over: its GCG record would show every player's racks \
                      so far (export with reveal_racks: true to show them)"
                .to_string(),
            details: Some(serde_json::json!({ "reveal_racks": "required" })),
        });
    }
    let gcg = match notes {
        Some(notes) => store.export_gcg_with_notes(id, notes)?,
        None => store.export_gcg(id)?,
    };
    Ok(GcgExport {
        id,
        gcg,
        incomplete: unfinished,
        analysis: notes.is_some(),
    })
}

/// `player_stats`: optionally one rule set's matches only.
#[derive(Debug, Default, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct StatsArgs {
    /// A rule set id; every match when absent.
    #[serde(default)]
    pub rules: Option<String>,
}

/// Every player's statistics over the history, or over one rule set's matches.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PlayerStats {
    pub rules: Option<String>,
    pub players: Vec<wordclub_store::PlayerStats>,
}

pub fn stats(store: &Store, args: StatsArgs) -> Result<PlayerStats, AppError> {
    if let Some(id) = &args.rules {
        wordclub_engine::RuleSet::builtin(id)?;
    }
    let mut players = store.stats_for(args.rules.as_deref())?;
    word_best_turns(store, &mut players);
    Ok(PlayerStats {
        players,
        rules: args.rules,
    })
}

/// Fills each record's `best_turn`, the best move in the end screen's words: the app's
/// statistics and `wordclub-cli history stats` say it the same way.
pub fn word_best_turns(store: &Store, players: &mut [wordclub_store::PlayerStats]) {
    for p in players {
        (p.best_turn, p.best_turn_unchallenged) = best_turn_words(store, p);
    }
}

/// A player's best move in the end screen's words (`view::best_turn_text`), read from the
/// match it was played in: one replay per player, the statistics' rows being a table's
/// few players. A match that cannot be replayed keeps the record's notation and score.
/// With it, the move's words that stood outside the list, nobody having challenged them
/// (`view::unchallenged`, as the end screen marks them).
fn best_turn_words(
    store: &Store,
    p: &wordclub_store::PlayerStats,
) -> (Option<String>, Vec<String>) {
    let Some((id, seat)) = p.best_move_in else {
        return (None, Vec::new());
    };
    let from_match = store.replayed(id).ok().and_then(|game| {
        let t = game.best_turn(Some(usize::try_from(seat).ok()?))?;
        let marked = crate::matches::match_list(&game)
            .ok()
            .and_then(|list| {
                crate::view::unchallenged(&game, list)
                    .into_iter()
                    .find(|u| u.turn == t.number)
            })
            .map(|u| u.words)
            .unwrap_or_default();
        Some((crate::view::best_turn_text(t), marked))
    });
    match from_match {
        Some((text, marked)) => (Some(text), marked),
        None => (
            p.best_move
                .as_deref()
                .zip(p.best_move_score)
                .map(|(mv, score)| format!("{mv} for {score}")),
            Vec::new(),
        ),
    }
}
