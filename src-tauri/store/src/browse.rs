//! Reading the history without replaying: pages of match summaries (newest first, filtered)
//! and per-player statistics, straight from the derived columns.
use rusqlite::types::Value;
use rusqlite::{params, OptionalExtension, Row};
use serde::Serialize;

use crate::records::{SeatKind, Status};
use crate::time::utc_iso;
use crate::{Store, StoreError};

/// Matches per page of [`Store::list`].
pub const PAGE_SIZE: u32 = 20;

/// Which matches to list. Every field narrows the list; `None` means any.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// A player's name, matched exactly but ignoring ASCII case.
    pub player: Option<String>,
    /// A rule set id, e.g. `classic-15`.
    pub rules_id: Option<String>,
    pub status: Option<Status>,
    /// `Some(true)`: only matches where someone took a hint; `Some(false)`: only matches
    /// without any.
    pub assisted: Option<bool>,
}

/// One page of matches, newest first.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Page {
    /// 1-based.
    pub page: u32,
    pub page_size: u32,
    /// Matches matching the filter, over all pages.
    pub total: u64,
    pub pages: u32,
    pub matches: Vec<MatchSummary>,
}

/// A match as the history list shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct MatchSummary {
    pub id: i64,
    pub created_at: i64,
    pub created_at_utc: String,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    pub status: Status,
    pub rules_id: String,
    pub rules_sha256: String,
    pub list_id: String,
    pub list_sha256: String,
    pub seed: String,
    /// Set when the caller fixed the deal (a seed, or racks and draws), not the app's shuffle.
    pub fixed_deal: Option<crate::FixedDeal>,
    pub event_count: i64,
    pub turn_count: i64,
    pub hints_taken: i64,
    /// Moves taken back ([`wordclub_engine::Event::TakenBack`]), counted from the events.
    pub take_backs: i64,
    /// Words looked up from the match screen ([`wordclub_engine::Event::WordLookedUp`]: a
    /// match with challenges on), counted from the events.
    pub looked_up: i64,
    /// Someone took a hint, took a move back or looked a word up from the match screen.
    pub assisted: bool,
    /// The SHA-256 of "our words" the match pinned when it started (read from its start
    /// event); `None` for a match played without them.
    pub our_words: Option<String>,
    pub end_reason: Option<String>,
    pub best_turn: Option<BestTurn>,
    pub players: Vec<PlayerSummary>,
    /// The name an import gave a match kept beside another version of it from another device
    /// ("Ann and Ben (from another device)", schema version 6); absent for every other match.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "contract", ts(optional))]
    pub label: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// The engine's BestTurn is a turn's best move; this is a player's best turn of all.
#[cfg_attr(feature = "contract", ts(rename = "PlayersBestTurn"))]
pub struct BestTurn {
    pub seat: i64,
    pub player: String,
    #[serde(rename = "move")]
    pub mv: String,
    pub score: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PlayerSummary {
    pub seat: i64,
    pub name: String,
    pub kind: SeatKind,
    pub level: Option<String>,
    /// Current score; the final score once the match is finished.
    pub score: i64,
    /// The end-of-match rack adjustment (finished matches).
    pub adjustment: Option<i64>,
    pub winner: bool,
    pub resigned: bool,
    pub hints_taken: i64,
    pub best_move: Option<String>,
    pub best_move_score: Option<i64>,
}

/// One player's record over the whole history. Players are told apart by name (ignoring ASCII
/// case) and by human/computer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// The app's answer is PlayerStats; this is one player's record in it.
#[cfg_attr(feature = "contract", ts(rename = "PlayerRecord"))]
pub struct PlayerStats {
    pub name: String,
    pub kind: SeatKind,
    /// Every match they sat in, whatever its status.
    pub matches: u64,
    pub finished: u64,
    pub wins: u64,
    /// Over finished matches.
    pub average_score: Option<f64>,
    pub best_score: Option<i64>,
    /// Over finished matches: the highest-scoring move, of equal scores the earliest (the
    /// match started first, then within it the engine's best turn, the earliest turn).
    pub best_move: Option<String>,
    pub best_move_score: Option<i64>,
    /// Where that move was played, the match and the seat, so the app can say it in words
    /// (a GCG `SA.AI` hides the tile played through): `history::stats` fills `best_turn`.
    #[serde(skip)]
    pub best_move_in: Option<(i64, i64)>,
    /// The best move in words (`SATAI at E3 for 13`), as the end screen says a best turn:
    /// filled by the app from the match itself; the store leaves it `None`.
    pub best_turn: Option<String>,
    /// Of that move's words, those outside the list that stood unchallenged (a match with
    /// challenges on), which the statistics mark "not in the list, not challenged": filled
    /// by the app with `best_turn`; the store leaves it empty.
    pub best_turn_unchallenged: Vec<String>,
    pub hints_taken: i64,
    /// Over finished matches: how many the player started with a head start (chosen on the
    /// new-match form, apart from the rule set's start points), and those head starts'
    /// points in all. The average and best scores count them, as the match's scores do;
    /// the statistics show them on a line of their own.
    pub head_start_matches: u64,
    pub head_start_points: i64,
}

const SUMMARY_COLUMNS: &str = "m.id, m.created_at, m.updated_at, m.finished_at, m.status,
     m.rules_id, m.rules_sha256, m.list_id, m.list_sha256, m.seed, m.event_count, m.turn_count,
     m.hints_taken, m.end_reason, m.best_turn_seat, m.best_turn_move, m.best_turn_score,
     m.fixed_deal,
     (SELECT count(*) FROM events e WHERE e.match_id = m.id AND e.kind = 'taken_back'),
     m.label,
     (SELECT json_extract(e.body, '$.options.our_words.sha256') FROM events e
      WHERE e.match_id = m.id AND e.seq = 0),
     (SELECT count(*) FROM events e WHERE e.match_id = m.id AND e.kind = 'word_looked_up')";

fn summary_from_row(r: &Row<'_>) -> rusqlite::Result<MatchSummary> {
    let status: String = r.get(4)?;
    let best_turn = match (
        r.get::<_, Option<i64>>(14)?,
        r.get::<_, Option<String>>(15)?,
        r.get::<_, Option<i64>>(16)?,
    ) {
        (Some(seat), Some(mv), Some(score)) => Some(BestTurn {
            seat,
            player: String::new(),
            mv,
            score,
        }),
        _ => None,
    };
    let created_at: i64 = r.get(1)?;
    let hints_taken: i64 = r.get(12)?;
    let take_backs: i64 = r.get(18)?;
    let looked_up: i64 = r.get(21)?;
    Ok(MatchSummary {
        id: r.get(0)?,
        created_at,
        created_at_utc: utc_iso(created_at),
        updated_at: r.get(2)?,
        finished_at: r.get(3)?,
        status: Status::parse(&status).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(4, rusqlite::types::Type::Text, e.into())
        })?,
        rules_id: r.get(5)?,
        rules_sha256: r.get(6)?,
        list_id: r.get(7)?,
        list_sha256: r.get(8)?,
        seed: r.get(9)?,
        fixed_deal: r
            .get::<_, Option<String>>(17)?
            .as_deref()
            .and_then(crate::records::FixedDeal::parse),
        event_count: r.get(10)?,
        turn_count: r.get(11)?,
        hints_taken,
        take_backs,
        // A word looked up from the match screen is assistance too (issue 46).
        assisted: hints_taken > 0 || take_backs > 0 || looked_up > 0,
        looked_up,
        our_words: r.get(20)?,
        end_reason: r.get(13)?,
        best_turn,
        players: Vec::new(),
        label: r.get(19)?,
    })
}

fn player_from_row(r: &Row<'_>) -> rusqlite::Result<(i64, PlayerSummary)> {
    let kind: String = r.get(3)?;
    Ok((
        r.get(0)?,
        PlayerSummary {
            seat: r.get(1)?,
            name: r.get(2)?,
            kind: if kind == "computer" {
                SeatKind::Computer
            } else {
                SeatKind::Human
            },
            level: r.get(4)?,
            score: r.get(5)?,
            adjustment: r.get(6)?,
            winner: r.get(7)?,
            resigned: r.get(8)?,
            hints_taken: r.get(9)?,
            best_move: r.get(10)?,
            best_move_score: r.get(11)?,
        },
    ))
}

impl Store {
    /// A page (1-based) of matches, newest first (by start time, then id).
    pub fn list(&self, filter: &Filter, page: u32) -> Result<Page, StoreError> {
        if page == 0 {
            return Err(StoreError::BadQuery {
                reason: "pages are numbered from 1".into(),
            });
        }
        // Only fixed SQL fragments are joined; every value is a parameter.
        let mut conditions: Vec<&str> = Vec::new();
        let mut values: Vec<Value> = Vec::new();
        if let Some(name) = &filter.player {
            conditions.push(
                "EXISTS (SELECT 1 FROM players p WHERE p.match_id = m.id
                         AND p.name = ? COLLATE NOCASE)",
            );
            values.push(Value::Text(name.clone()));
        }
        if let Some(rules) = &filter.rules_id {
            conditions.push("m.rules_id = ?");
            values.push(Value::Text(rules.clone()));
        }
        if let Some(status) = filter.status {
            conditions.push("m.status = ?");
            values.push(Value::Text(status.as_str().to_string()));
        }
        match filter.assisted {
            Some(true) => conditions.push(
                "(m.hints_taken > 0 OR EXISTS (SELECT 1 FROM events e WHERE e.match_id = m.id
                                               AND e.kind IN ('taken_back', 'word_looked_up')))",
            ),
            Some(false) => conditions.push(
                "(m.hints_taken = 0 AND NOT EXISTS (SELECT 1 FROM events e
                                                     WHERE e.match_id = m.id
                                                       AND e.kind IN ('taken_back',
                                                                      'word_looked_up')))",
            ),
            None => {}
        }
        let where_clause = if conditions.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", conditions.join(" AND "))
        };
        let total: i64 = self
            .conn
            .prepare_cached(&format!("SELECT count(*) FROM matches m {where_clause}"))
            .and_then(|mut s| s.query_row(rusqlite::params_from_iter(values.iter()), |r| r.get(0)))
            .map_err(StoreError::db("counting matches"))?;
        let offset = i64::from(page - 1) * i64::from(PAGE_SIZE);
        let mut page_values = values.clone();
        page_values.push(Value::Integer(i64::from(PAGE_SIZE)));
        page_values.push(Value::Integer(offset));
        let mut matches: Vec<MatchSummary> = self
            .conn
            .prepare_cached(&format!(
                "SELECT {SUMMARY_COLUMNS} FROM matches m {where_clause}
                 ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?"
            ))
            .and_then(|mut s| {
                s.query_map(
                    rusqlite::params_from_iter(page_values.iter()),
                    summary_from_row,
                )?
                .collect()
            })
            .map_err(StoreError::db("listing matches"))?;
        self.attach_players(&mut matches)?;
        Ok(Page {
            page,
            page_size: PAGE_SIZE,
            total: total as u64,
            pages: (total as u64).div_ceil(u64::from(PAGE_SIZE)) as u32,
            matches,
        })
    }

    /// One match's summary.
    pub fn summary(&self, id: i64) -> Result<MatchSummary, StoreError> {
        let one = self
            .conn
            .prepare_cached(&format!(
                "SELECT {SUMMARY_COLUMNS} FROM matches m WHERE m.id = ?1"
            ))
            .and_then(|mut s| s.query_row([id], summary_from_row).optional())
            .map_err(StoreError::db("reading a match"))?
            .ok_or(StoreError::MatchNotFound { id })?;
        let mut v = vec![one];
        self.attach_players(&mut v)?;
        Ok(v.pop().expect("one summary"))
    }

    fn attach_players(&self, matches: &mut [MatchSummary]) -> Result<(), StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT match_id, seat, name, kind, level, score, adjustment, winner, resigned,
                        hints_taken, best_move, best_move_score
                 FROM players WHERE match_id = ?1 ORDER BY seat",
            )
            .map_err(StoreError::db("reading players"))?;
        for m in matches.iter_mut() {
            m.players = stmt
                .query_map([m.id], player_from_row)
                .and_then(|rows| rows.map(|r| r.map(|(_, p)| p)).collect())
                .map_err(StoreError::db("reading players"))?;
            if let Some(bt) = &mut m.best_turn {
                if let Some(p) = m.players.iter().find(|p| p.seat == bt.seat) {
                    bt.player = p.name.clone();
                }
            }
        }
        Ok(())
    }

    /// Every player's record, most matches first, then by name.
    pub fn stats(&self) -> Result<Vec<PlayerStats>, StoreError> {
        self.stats_for(None)
    }

    /// [`Store::stats`] over the matches of one rule set only (`None`: every match), so an
    /// average never mixes a 9×9 match with a 15×15 one.
    pub fn stats_for(&self, rules_id: Option<&str>) -> Result<Vec<PlayerStats>, StoreError> {
        // SQLite takes the bare column (name) from the row holding the MAX(): the name shown
        // is the one written in the player's newest match. A seat's best move is the engine's
        // (`Match::best_turn`: of equal scores, the earliest turn); across matches the tie
        // goes the same way, to the match started first (then the lower id), and only finished
        // matches count, as for the best score.
        let sql = "
            WITH seats AS (
                SELECT p.match_id, p.seat, p.name, p.kind, p.score, p.winner, p.hints_taken,
                       p.best_move, p.best_move_score, m.status, m.created_at,
                       -- The seat's head start, as the start event records it (absent: 0).
                       coalesce((SELECT json_extract(e.body,
                                                     '$.players[' || p.seat || '].head_start')
                                 FROM events e WHERE e.match_id = p.match_id AND e.seq = 0),
                                0) AS head_start
                FROM players p JOIN matches m ON m.id = p.match_id
                WHERE ?1 IS NULL OR m.rules_id = ?1
            ),
            totals AS (
                SELECT name COLLATE NOCASE AS key, kind,
                       count(*) AS matches,
                       sum(status = 'finished') AS finished,
                       sum(CASE WHEN status = 'finished' THEN winner ELSE 0 END) AS wins,
                       avg(CASE WHEN status = 'finished' THEN score END) AS average_score,
                       max(CASE WHEN status = 'finished' THEN score END) AS best_score,
                       sum(hints_taken) AS hints_taken,
                       sum(status = 'finished' AND head_start > 0) AS head_start_matches,
                       sum(CASE WHEN status = 'finished' THEN head_start ELSE 0 END)
                           AS head_start_points
                FROM seats GROUP BY name COLLATE NOCASE, kind
            ),
            best AS (
                SELECT key, kind, best_move, best_move_score, match_id, seat FROM (
                    SELECT name COLLATE NOCASE AS key, kind, best_move, best_move_score,
                           match_id, seat,
                           row_number() OVER (
                               PARTITION BY name COLLATE NOCASE, kind
                               ORDER BY best_move_score DESC, created_at, match_id
                           ) AS place
                    FROM seats WHERE status = 'finished' AND best_move_score IS NOT NULL
                ) WHERE place = 1
            ),
            latest AS (
                SELECT name COLLATE NOCASE AS key, kind, name, max(match_id)
                FROM seats GROUP BY name COLLATE NOCASE, kind
            )
            SELECT latest.name, totals.kind, totals.matches, totals.finished, totals.wins,
                   totals.average_score, totals.best_score, best.best_move, best.best_move_score,
                   totals.hints_taken, best.match_id, best.seat,
                   totals.head_start_matches, totals.head_start_points
            FROM totals
            JOIN latest ON latest.key = totals.key AND latest.kind = totals.kind
            LEFT JOIN best ON best.key = totals.key AND best.kind = totals.kind
            ORDER BY totals.matches DESC, latest.name COLLATE NOCASE, totals.kind";
        let mut stmt = self
            .conn
            .prepare_cached(sql)
            .map_err(StoreError::db("computing statistics"))?;
        let rows = stmt
            .query_map(params![rules_id], |r| {
                let kind: String = r.get(1)?;
                Ok(PlayerStats {
                    name: r.get(0)?,
                    kind: if kind == "computer" {
                        SeatKind::Computer
                    } else {
                        SeatKind::Human
                    },
                    matches: r.get::<_, i64>(2)? as u64,
                    finished: r.get::<_, i64>(3)? as u64,
                    wins: r.get::<_, i64>(4)? as u64,
                    average_score: r.get(5)?,
                    best_score: r.get(6)?,
                    best_move: r.get(7)?,
                    best_move_score: r.get(8)?,
                    best_move_in: match (r.get::<_, Option<i64>>(10)?, r.get::<_, Option<i64>>(11)?)
                    {
                        (Some(m), Some(s)) => Some((m, s)),
                        _ => None,
                    },
                    best_turn: None,
                    best_turn_unchallenged: Vec::new(),
                    hints_taken: r.get(9)?,
                    head_start_matches: r.get::<_, i64>(12)? as u64,
                    head_start_points: r.get(13)?,
                })
            })
            .and_then(|rows| rows.collect())
            .map_err(StoreError::db("computing statistics"))?;
        Ok(rows)
    }

    /// The ids of unfinished matches, most recently played first (for "continue").
    pub fn unfinished(&self) -> Result<Vec<i64>, StoreError> {
        self.conn
            .prepare_cached(
                "SELECT id FROM matches WHERE status = 'in_progress'
                 ORDER BY updated_at DESC, id DESC",
            )
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(StoreError::db("listing unfinished matches"))
    }
}

/// A stored match read back raw: header and event bodies in order.
pub(crate) struct RawMatch {
    pub rules_json: String,
    pub rules_sha256: String,
    pub list_id: String,
    pub list_sha256: String,
    pub events: Vec<String>,
}

impl Store {
    pub(crate) fn raw(&self, id: i64) -> Result<RawMatch, StoreError> {
        let (rules_json, rules_sha256, list_id, list_sha256) = self
            .conn
            .prepare_cached(
                "SELECT rules_json, rules_sha256, list_id, list_sha256 FROM matches WHERE id = ?1",
            )
            .and_then(|mut s| {
                s.query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
                    .optional()
            })
            .map_err(StoreError::db("reading a match"))?
            .ok_or(StoreError::MatchNotFound { id })?;
        let events = self
            .conn
            .prepare_cached("SELECT body FROM events WHERE match_id = ?1 ORDER BY seq")
            .and_then(|mut s| s.query_map([id], |r| r.get(0))?.collect())
            .map_err(StoreError::db("reading events"))?;
        Ok(RawMatch {
            rules_json,
            rules_sha256,
            list_id,
            list_sha256,
            events,
        })
    }
}
