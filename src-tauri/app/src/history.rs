//! The match history (wordclub-store) as the UI sees it: lists, details, statistics and GCG
//! export, with everything that could reveal a hidden rack left out of unfinished matches
//! (a GCG export of one only when the caller accepts that it shows the racks).
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wordclub_engine::{Match, RuleSet};
use wordclub_store::{Filter, MatchSummary as StoredSummary, Status, Store, StoreError};

use crate::matches::engine;
use crate::view::{Pos, RulesInfo};
use crate::AppError;

pub fn store_error(e: StoreError) -> AppError {
    let kind = match &e {
        StoreError::MatchNotFound { .. } => "unknown_match",
        other => other.kind(),
    };
    AppError::Backend {
        kind: kind.to_string(),
        message: e.to_string(),
        details: None,
    }
}

#[derive(Debug, Default, Deserialize)]
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
    /// `true`: only matches where someone took a hint; `false`: only unassisted ones.
    #[serde(default)]
    pub assisted: Option<bool>,
    /// 1-based; the first page when absent.
    #[serde(default)]
    pub page: Option<u32>,
}

#[derive(Debug, Serialize)]
pub struct MatchList {
    pub page: u32,
    pub pages: u32,
    pub total: u64,
    pub matches: Vec<MatchSummary>,
}

/// A match as the history list shows it. Unlike the stored summary it has no seed: the seed
/// rebuilds the whole bag order, every rack included.
#[derive(Debug, Serialize)]
pub struct MatchSummary {
    pub id: i64,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    pub status: Status,
    pub rules: String,
    pub rules_label: String,
    pub list: String,
    /// The list's display name (its id when the list is no longer shipped).
    pub list_name: String,
    pub turns: i64,
    pub hints: i64,
    pub end_reason: Option<String>,
    pub players: Vec<SummaryPlayer>,
    pub winners: Vec<i64>,
    /// `seed` or `deal` when the caller fixed the deal (a test), `null` for the app's shuffle.
    pub fixed_deal: Option<wordclub_store::FixedDeal>,
}

#[derive(Debug, Serialize)]
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

fn summary(s: StoredSummary) -> MatchSummary {
    MatchSummary {
        id: s.id,
        created_at: s.created_at,
        updated_at: s.updated_at,
        finished_at: s.finished_at,
        status: s.status,
        rules_label: RuleSet::builtin(&s.rules_id).map_or_else(|_| s.rules_id.clone(), |r| r.label),
        rules: s.rules_id,
        // The name of the version the match is pinned to ("Word Club list 1"), not today's.
        list_name: wordclub_lexicon::WordList::pinned(&s.list_id, &s.list_sha256)
            .map_or_else(|_| s.list_id.clone(), |l| l.info().name.clone()),
        list: s.list_id,
        turns: s.turn_count,
        hints: s.hints_taken,
        end_reason: s.end_reason,
        fixed_deal: s.fixed_deal,
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
    let p = store.list(&filter, page).map_err(store_error)?;
    Ok(MatchList {
        page: p.page,
        pages: p.pages,
        total: p.total,
        matches: p.matches.into_iter().map(summary).collect(),
    })
}

/// The board after one turn, as the history's step-through shows it.
#[derive(Debug, Serialize)]
pub struct TurnBoard {
    /// 1-based, as the turn's `number`.
    pub turn: u32,
    /// The rows: `.` for an empty square, upper case letters, lower case for a blank.
    pub rows: Vec<String>,
    /// The squares this turn covered (a play; empty otherwise).
    pub placed: Vec<Pos>,
}

/// The board after every turn, from the engine's replay of the match's events: one entry per
/// turn, in order.
fn turn_boards(game: &Match) -> Result<Vec<TurnBoard>, AppError> {
    let mut boards: Vec<TurnBoard> = Vec::with_capacity(game.turns().len());
    Match::replay_with(game.events(), |m| {
        // Hints are events too, but not turns: a board is kept only when a turn was added.
        if m.turns().len() == boards.len() {
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
    })
    .map_err(engine)?;
    Ok(boards)
}

/// A match turn by turn. While it is unfinished, what a hint showed stays out (words from a
/// rack tell what is still on it); once it is over, everything is history. The board is
/// public at every turn, so each turn's board is there either way.
pub fn detail(store: &Store, id: i64) -> Result<Value, AppError> {
    let d = store.detail(id).map_err(store_error)?;
    let game = store.replayed(id).map_err(store_error)?;
    let finished = d.summary.status != Status::InProgress;
    let turns = serde_json::to_value(&d.turns).unwrap_or(Value::Null);
    let mut turns = turns;
    if !finished {
        if let Value::Array(list) = &mut turns {
            for turn in list {
                if let Some(Value::Array(hints)) = turn.get_mut("hints") {
                    for hint in hints {
                        if let Some(h) = hint.as_object_mut() {
                            h.remove("shown");
                        }
                    }
                }
            }
        }
    }
    // The match's own rule set (stored with it), not today's built-in of the same id.
    let rules = game.rules();
    Ok(serde_json::json!({
        "summary": summary(d.summary),
        "rules": RulesInfo::of(rules),
        "premiums": rules.premium_labels(),
        "letter_values": rules.letter_values(),
        "turns": turns,
        "boards": turn_boards(&game)?,
        "board": d.board,
        "result": d.result,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportGcgArgs {
    pub match_id: i64,
    /// Needed for an unfinished match: its record shows every player's rack so far.
    #[serde(default)]
    pub reveal_racks: bool,
    /// Add the post-game analysis as `#note` lines (finished matches only).
    #[serde(default)]
    pub analysis: bool,
}

/// A match as a GCG record (the same writer as `wordclub-cli history export-gcg`). GCG writes
/// each player's rack before each move, and in an unfinished match those tiles may still be on
/// that player's rack: such a match is exported only when the call says `reveal_racks: true`,
/// and its record is marked `#incomplete`.
pub fn export_gcg(store: &Store, args: ExportGcgArgs) -> Result<Value, AppError> {
    let id = args.match_id;
    let s = store.summary(id).map_err(store_error)?;
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
    let gcg = store.export_gcg(id).map_err(store_error)?;
    Ok(serde_json::json!({ "id": id, "gcg": gcg, "incomplete": unfinished }))
}

/// `player_stats`: optionally one rule set's matches only.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatsArgs {
    /// A rule set id; every match when absent.
    #[serde(default)]
    pub rules: Option<String>,
}

pub fn stats(store: &Store, args: StatsArgs) -> Result<Value, AppError> {
    if let Some(id) = &args.rules {
        wordclub_engine::RuleSet::builtin(id).map_err(crate::matches::engine)?;
    }
    let stats = store
        .stats_for(args.rules.as_deref())
        .map_err(store_error)?;
    Ok(serde_json::json!({ "rules": args.rules, "players": stats }))
}
