//! The JSON shapes the UI receives. A match view is built from the engine's view for the
//! player to move (or for nobody, on the handoff cover) plus the rule set's labels: the only
//! rack it can hold is the one the engine put there, that player's own, once revealed.
use std::collections::BTreeMap;

use serde::Serialize;
use wordclub_lexicon::WordList;

use crate::guide::{seat_colour, RulesGuide, SeatColour};
use wordclub_engine::{
    Direction, EndRules, ExchangePolicy, HintKind, PassPolicy, PlayerKind, Premium, RuleSet, Seat,
    Square, TurnKind, TurnLimit, View, WordScore,
};

/// A square, 0-based, as the UI addresses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct Pos {
    pub row: u8,
    pub col: u8,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct RulesInfo {
    pub id: String,
    pub label: String,
    pub candidate: bool,
    /// A round for one player (no opponent, no winner).
    pub solo: bool,
    pub board_size: u8,
    pub star: Pos,
    pub rack_size: u8,
    pub players: PlayerRangeInfo,
    pub computer_seats: bool,
    /// `chosen` (pick 1..max tiles), `solo` (replace the rack), `none`.
    pub exchange: &'static str,
    pub hints: Vec<HintKind>,
    pub default_list: String,
    /// A candidate's evidence (where it comes from, what the rules lab measured), if any.
    pub evidence: Option<String>,
    pub bingo_bonus: u32,
    /// Premium squares by kind (`3W`, `2W`, `3L`, `2L`, in that order; kinds without squares
    /// left out), each with its squares named as on the board (`C3`).
    pub premiums: Vec<PremiumGroup>,
    /// The star's own premium (`2W` on solo-10 and classic), `null` when it is plain.
    pub star_premium: Option<&'static str>,
    /// The bag: every kind of tile it holds (A–Z, then `?` for the blank) with its value.
    pub tiles: Vec<TileInfo>,
    pub bag_size: usize,
    pub blanks: usize,
    /// `chosen` exchanges: the fewest tiles the bag must hold, and the most tiles at once.
    pub exchange_min_bag: Option<u8>,
    pub exchange_max_tiles: Option<u8>,
    /// `always`, or `only_when_bag_empty` (solo).
    pub pass: PassPolicy,
    /// How a match ends and what happens to the tiles left then.
    pub end: EndInfo,
    /// The points each seat starts with, in playing order, one per seat up to the most this
    /// rule set seats (all 0 for most rule sets): the scoresheet's Start row.
    pub start_points: Vec<i32>,
    /// The table size this rule set was made flat for (`RuleSet::at_table`): a match's own
    /// rule set, or a `rules_at_table` answer, of a rule set that changes with the table;
    /// `null` otherwise.
    pub table: Option<u8>,
    /// What the rule set is at each table size it seats, when something changes with the
    /// number of players (`by_table`); empty when nothing does.
    pub tables: Vec<TableInfo>,
    /// The app's words about this rule set (`guide.rs`: its plain name, what it is good for,
    /// the table sizes it is recommended for, what is unusual and why): not the rule set's.
    pub guide: RulesGuide,
}

/// A rule set at one table size (`RuleSet::at_table`), for the Rules screen and the new-match
/// screen: what a match of that many players plays, and which fields differ from the rule
/// set's own.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TableInfo {
    pub players: u8,
    pub board_size: u8,
    pub star: Pos,
    pub rack_size: u8,
    pub bag_size: usize,
    pub blanks: usize,
    pub bingo_bonus: u32,
    /// One per seat at this table, in playing order.
    pub start_points: Vec<i32>,
    /// The fields that differ at this table size from the rule set's own (`board_size`,
    /// `star`, `premiums`, `tiles`, `rack_size`, `bingo_bonus`, `exchange`, `leave`,
    /// `start_points`).
    pub changes: Vec<&'static str>,
}

impl TableInfo {
    /// Every table size of a rule set with per-table changes, fewest players first; none for
    /// one without (or a rule set the engine refuses to make flat: its matches are refused).
    pub fn all_of(r: &RuleSet) -> Vec<TableInfo> {
        if r.by_table.is_empty() {
            return Vec::new();
        }
        r.table_sizes()
            .filter_map(|n| {
                let flat = r.at_table(n).ok()?;
                Some(TableInfo {
                    players: n as u8,
                    board_size: flat.board_size,
                    star: Pos {
                        row: flat.star.row,
                        col: flat.star.col,
                    },
                    rack_size: flat.rack_size,
                    bag_size: flat.bag_size(),
                    blanks: flat.blank_count(),
                    bingo_bonus: flat.bingo_bonus,
                    start_points: (0..n).map(|s| flat.start_points_of(s)).collect(),
                    // What differs from the rule set's own facts, not what the entry
                    // names: an entry that repeats a field (1.3 names its leave table at
                    // every size) changes nothing a player needs told.
                    changes: [
                        ("board_size", flat.board_size != r.board_size),
                        ("star", flat.star != r.star),
                        ("premiums", flat.premiums != r.premiums),
                        ("tiles", flat.tiles != r.tiles),
                        ("rack_size", flat.rack_size != r.rack_size),
                        ("bingo_bonus", flat.bingo_bonus != r.bingo_bonus),
                        ("exchange", flat.exchange != r.exchange),
                        ("leave", flat.leave() != r.leave()),
                        ("start_points", flat.start_points != r.start_points),
                    ]
                    .into_iter()
                    .filter_map(|(name, differs)| differs.then_some(name))
                    .collect(),
                })
            })
            .collect()
    }
}

/// The engine's [`EndRules`] as the UI reads them.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct EndInfo {
    /// The bag is empty and a player uses their last tile.
    pub going_out: bool,
    /// Every active player passes or exchanges this many times in a row.
    pub scoreless_turns_in_a_row: Option<u8>,
    pub resign: bool,
    pub turn_limit: Option<TurnLimit>,
    /// Tiles left at the end count against scores (going out: the others' go to the one who
    /// went out; passes: each loses their own). Named without "rack": a rack field in a view
    /// is always a player's tiles.
    pub deduct_tiles_left: bool,
}

impl EndInfo {
    fn of(e: &EndRules) -> EndInfo {
        EndInfo {
            going_out: e.going_out,
            scoreless_turns_in_a_row: e.scoreless_turns_in_a_row,
            resign: e.resign,
            turn_limit: e.turn_limit,
            deduct_tiles_left: e.rack_adjustment,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PremiumGroup {
    pub premium: &'static str,
    pub squares: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TileInfo {
    pub letter: char,
    pub count: u8,
    pub value: u8,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PlayerRangeInfo {
    pub min: u8,
    pub max: u8,
}

impl RulesInfo {
    pub fn of(r: &RuleSet) -> RulesInfo {
        RulesInfo {
            id: r.id.clone(),
            label: r.label.clone(),
            candidate: r.candidate,
            solo: r.is_solo(),
            board_size: r.board_size,
            star: Pos {
                row: r.star.row,
                col: r.star.col,
            },
            rack_size: r.rack_size,
            players: PlayerRangeInfo {
                min: r.players.min,
                max: r.players.max,
            },
            computer_seats: r.computer_seats,
            exchange: match r.exchange {
                ExchangePolicy::None => "none",
                ExchangePolicy::Chosen { .. } => "chosen",
                ExchangePolicy::WholeRack => "solo",
            },
            hints: r.hints.clone(),
            default_list: r.default_list.clone(),
            evidence: r.evidence.clone(),
            bingo_bonus: r.bingo_bonus,
            premiums: [
                Premium::TripleWord,
                Premium::DoubleWord,
                Premium::TripleLetter,
                Premium::DoubleLetter,
            ]
            .into_iter()
            .filter_map(|kind| {
                let squares: Vec<String> = r
                    .premiums
                    .iter()
                    .filter(|p| p.premium == kind)
                    .map(|p| p.square.to_string())
                    .collect();
                let premium = kind.label()?;
                (!squares.is_empty()).then_some(PremiumGroup { premium, squares })
            })
            .collect(),
            star_premium: r.premium_at(r.star).label(),
            tiles: r
                .tiles
                .iter()
                .filter(|t| t.count > 0)
                .map(|t| TileInfo {
                    letter: t.letter,
                    count: t.count,
                    value: t.value,
                })
                .collect(),
            bag_size: r.bag_size(),
            blanks: r.blank_count(),
            exchange_min_bag: match r.exchange {
                ExchangePolicy::Chosen { min_bag, .. } => Some(min_bag),
                _ => None,
            },
            exchange_max_tiles: match r.exchange {
                ExchangePolicy::Chosen { max_tiles, .. } => Some(max_tiles),
                _ => None,
            },
            pass: r.pass,
            end: EndInfo::of(&r.end),
            start_points: (0..usize::from(r.table.unwrap_or(r.players.max)))
                .map(|s| r.start_points_of(s))
                .collect(),
            table: r.table,
            tables: TableInfo::all_of(r),
            guide: RulesGuide::of(r),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ListBrief {
    pub id: String,
    pub name: String,
    pub sha256: String,
}

/// A tile on the board or on the rack: `letter` is `A`–`Z` (`?` for an unplayed blank).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TileView {
    pub letter: String,
    pub blank: bool,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PlayerBrief {
    pub seat: Seat,
    pub name: String,
    /// The seat's colour and mark, drawn wherever the player is named: the one recorded in
    /// the match's start, or (a match recorded before colours) the seat's default.
    pub colour: SeatColour,
    /// The computer level, `null` for a person.
    pub computer: Option<String>,
    pub score: i32,
    /// The points this seat started with (the engine's `PlayerView::start_points`): the
    /// scoresheet's Start row, drawn when any seat's is not 0.
    pub start_points: i32,
    /// The head start the players gave this seat (the engine's `PlayerView::head_start`): its
    /// own row on the scoresheet and column on the end screen, and the cover's "Mia starts
    /// +60"; 0 for none.
    pub head_start: u32,
    /// The seat's total before its first move: `start_points` and `head_start` together,
    /// where the score chart's line begins.
    pub start_total: i32,
    pub rack_count: usize,
    pub resigned: bool,
    pub hints: u32,
    /// Moves this player took back (assistance, like a hint).
    pub take_backs: u32,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct LastMove {
    pub seat: Seat,
    pub name: String,
    /// `play`, `exchange`, `pass` or `resign`.
    pub action: &'static str,
    pub notation: Option<String>,
    pub words: Vec<String>,
    pub score: u32,
    /// Tiles exchanged (exchange only): the engine's `Turn::exchanged`.
    #[serde(rename = "count")]
    pub exchanged: u32,
    /// The squares the play covered, along its line (play only).
    pub squares: Vec<Pos>,
    /// The line the play runs along, `across` or `down` (a one-tile play: across when its
    /// across word has 2+ letters), `null` for other turns.
    pub direction: Option<Direction>,
}

/// One row of the scoresheet: a turn as everybody at the table saw it (never a rack: an
/// exchange is its count, a hint is only counted).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TurnRow {
    /// 1-based, over the whole match.
    pub number: u32,
    pub seat: Seat,
    pub name: String,
    /// The computer level, `null` for a person.
    pub computer: Option<String>,
    /// `play`, `exchange`, `pass` or `resign`.
    pub action: &'static str,
    pub notation: Option<String>,
    /// Every word the play formed, main word first, with the scorer's breakdown.
    pub words: Vec<WordScore>,
    pub bingo: u32,
    pub score: u32,
    /// Tiles exchanged (exchange only).
    pub count: u32,
    pub squares: Vec<Pos>,
    pub direction: Option<Direction>,
    /// Every seat's score after this turn.
    pub totals: Vec<i32>,
    /// Hints this player took during this turn.
    pub hints: u32,
    /// Words this player looked up from the match screen during this turn (a match with
    /// challenges on): assistance, only counted, like hints.
    pub looked_up: u32,
    /// The turn was taken back: shown struck through, it counts for nothing.
    pub taken_back: bool,
    /// The play was challenged (issue 46): by whom, the words the list lacks (not empty: the
    /// play was withdrawn, scoring 0) and the bonus it gained when it stood.
    pub challenge: Option<wordclub_engine::TurnChallenge>,
    /// The turn a failed challenge cost this player (scoreless, like a pass).
    pub lost_turn: bool,
}

/// A play that stood with words outside the list, unchallenged
/// ([`wordclub_engine::Match::unchallenged_words`]).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct UnchallengedTurn {
    pub turn: u32,
    pub words: Vec<String>,
}

/// [`UnchallengedTurn`]s of a finished match (none while it is on).
pub fn unchallenged(game: &wordclub_engine::Match, list: &WordList) -> Vec<UnchallengedTurn> {
    if !game.is_over() {
        return Vec::new();
    }
    game.unchallenged_words(list)
        .into_iter()
        .map(|(turn, words)| UnchallengedTurn { turn, words })
        .collect()
}

/// The words of `view`'s best turn that stood outside the list, unchallenged, from its
/// `unchallenged` (one owner of the fact: the engine's [`unchallenged`]).
pub fn mark_best_turn(view: &mut MatchView) {
    let marks = &view.unchallenged;
    if let Some(best) = view.result.as_mut().and_then(|r| r.best_turn.as_mut()) {
        best.unchallenged = marks
            .iter()
            .find(|u| u.turn == best.turn)
            .map(|u| u.words.clone())
            .unwrap_or_default();
    }
}

/// A person who may challenge, by seat and name.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ChallengerView {
    pub seat: Seat,
    pub name: String,
}

/// The challenge open now ([`wordclub_engine::Match::challenge_window`]), for the cover:
/// "Challenge <words>" for each person who may, before "Show my rack" (or on a "Challenge?"
/// cover of its own before a computer's turn or the match's end). Public: the play is on the
/// board, and nothing here says whether a word is in the list.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ChallengeView {
    pub mover: Seat,
    pub mover_name: String,
    pub words: Vec<String>,
    /// The people who may challenge (every other person still in the match; computers
    /// answered as soon as the play was made).
    pub challengers: Vec<ChallengerView>,
    /// The play ends the match unless a challenge withdraws it: the cover is the last one.
    pub ends_match: bool,
    /// A computer moves next: the cover asks "Challenge?" first ("No challenge": `let_stand`).
    pub before_computer: bool,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ResultPlayer {
    pub seat: Seat,
    pub name: String,
    /// Final score (after the adjustment).
    pub score: i32,
    /// The score before the end-of-match adjustment (the engine's
    /// `MatchResult::scores_before_adjustment`): the end screen's Score column.
    pub score_before_adjustment: i32,
    pub adjustment: i32,
    pub resigned: bool,
    pub hints: u32,
    /// Moves this player took back.
    pub take_backs: u32,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct BestTurnView {
    pub seat: Seat,
    pub name: String,
    pub notation: String,
    /// The main word it formed and where that word starts, as a move's notation writes it
    /// (`ZAX`, `6B` across or `B6` down), as the analysis places its moves.
    pub word: String,
    pub at: String,
    pub score: u32,
    /// The turn in words, as every screen says a best turn (`SATAI at E3 for 13`: the end
    /// screen, the statistics): [`best_turn_text`].
    pub text: String,
    /// The turn's number in the match.
    pub turn: u32,
    /// Its words outside the list, when it stood with them and nobody challenged it (a match
    /// with challenges on; the end screen marks them "not in the list, not challenged" as the
    /// scoresheet does): `unchallenged`'s words for this turn, empty for most best turns.
    pub unchallenged: Vec<String>,
}

/// A turn's main word and where it starts (`ZAX`, `6B` across or `B6` down), or `None` for a
/// turn that placed no tiles.
pub fn main_word(t: &wordclub_engine::Turn) -> Option<(String, String)> {
    t.words.first().map(|w| {
        (
            w.word.clone(),
            wordclub_engine::gcg_position(w.start, w.direction),
        )
    })
}

/// A best turn in words: `SATAI at E3 for 13`, the main word spelled out (a GCG `SA.AI`
/// hides the tile played through) and where it starts. The one wording of a best turn: the
/// end screen's and the statistics' (`history::stats`).
pub fn best_turn_text(t: &wordclub_engine::Turn) -> String {
    match main_word(t) {
        Some((word, at)) => format!("{word} at {at} for {}", t.score),
        None => format!(
            "{} for {}",
            t.notation.as_deref().unwrap_or_default(),
            t.score
        ),
    }
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ResultView {
    /// `went_out`, `scoreless_turns`, `resigned` or `turn_limit`.
    pub reason: wordclub_engine::EndReason,
    /// The seat that used its last tile with the bag empty (reason `went_out`), else `null`.
    pub went_out: Option<Seat>,
    pub players: Vec<ResultPlayer>,
    pub winners: Vec<Seat>,
    pub best_turn: Option<BestTurnView>,
    /// Per seat, the running total after each turn of the match, then the final score
    /// (after the end adjustments), so each line ends where the match did.
    pub progression: Vec<Vec<i32>>,
}

/// Everything the match screen draws.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct MatchView {
    pub id: i64,
    pub rules: RulesInfo,
    pub list: ListBrief,
    /// Rows of squares; `null` for an empty square.
    pub board: Vec<Vec<Option<TileView>>>,
    /// Rows of premium labels (`2L`, `3L`, `2W`, `3W`) or `null`.
    pub premiums: Vec<Vec<Option<&'static str>>>,
    pub letter_values: BTreeMap<char, u8>,
    pub players: Vec<PlayerBrief>,
    pub bag: usize,
    /// Turns played so far (plays, exchanges and passes).
    pub turn: u32,
    pub turn_limit: Option<u32>,
    pub last_move: Option<LastMove>,
    /// The scoresheet: every turn so far, in the order played, taken-back turns included
    /// (`taken_back`, struck through). Sent whole with every view rather than
    /// as changes: a classic match against Hard measured 19 KB of view JSON at 10 turns and
    /// 38 KB at its end (24 turns), `match_view` answering in under 3 ms over `serve` (debug
    /// build), so the UI keeps no copy to keep in step.
    pub turns: Vec<TurnRow>,
    /// The take-back open now, when one is (`can.take_back`): who may take their move back
    /// and how many turns go with it (their move and the computers' replies after it).
    pub take_back: Option<TakeBackView>,
    /// The challenge open now, when one is and a person may make it.
    pub challenge: Option<ChallengeView>,
    /// Once the match is over (empty before): the plays that stood with words outside the
    /// list, nobody having challenged them ("not in the list, not challenged").
    pub unchallenged: Vec<UnchallengedTurn>,
    pub over: bool,
    /// The rack of the player to move: present only once they revealed it.
    pub rack: Option<Vec<TileView>>,
    /// Unseen tiles from the revealed player's side (the bag and other racks together), or
    /// from nobody's side while covered. Only with the tile tracker on: absent when it is off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unseen: Option<BTreeMap<char, u32>>,
    /// Of `unseen`, the tiles that left play with resigned players (never drawn again), with
    /// `unseen` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unseen_left_play: Option<u32>,
    /// The draft the player to move had staged before a reload (`keep_draft`): only with
    /// their rack shown, in the same turn.
    pub draft: Option<Vec<wordclub_engine::HintTile>>,
    /// The cover is up only because the match was (re)opened on this screen, at a table with
    /// one person: the screen says `"<name>'s turn"`, not `"Pass to <name>"`.
    pub reopened: bool,
    /// What the cover says when it has no turn to recap (`recap_start` is the end of
    /// `turns`): the match's first move, or a solo round going on (nobody else moves, so
    /// nothing happened since its player's last turn). `null` while there is a turn to
    /// recap, or nobody to move.
    pub recap_note: Option<String>,
    pub result: Option<ResultView>,
    /// Whose turn it is, how far the match has gone and what the viewer may do now, as the
    /// engine's view has it (`to_move`, `turns_left`, `covered`, `can`, `exchange_max`,
    /// `resign_winner` and the rest): carried whole, flattened into this view's fields, so
    /// nothing here re-declares them.
    #[serde(flatten)]
    pub standing: wordclub_engine::Standing,
}

/// A take-back open now: the player who may ask for it, by seat and name, and the turns it
/// withdraws.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct TakeBackView {
    pub seat: Seat,
    pub name: String,
    pub turns: u32,
}

/// [`MatchView::recap_note`]: only when the cover has no row to recap.
fn recap_note(v: &View, rules: &RuleSet) -> Option<String> {
    let start = v.standing.recap_start?;
    if start < v.turns.len() {
        return None;
    }
    let round = if rules.is_solo() { "round" } else { "match" };
    if v.turns.is_empty() {
        return Some(format!("First move of the {round}."));
    }
    // Only a solo round gets here with turns played: any other table's recap holds at least
    // the turn of the player who moved before.
    let points = v.players.first().map_or(0, |p| p.score);
    Some(format!(
        "The {round} goes on: turn {} next, {points} point{} so far.",
        v.turns_played + 1,
        if points == 1 { "" } else { "s" }
    ))
}

/// Squares as the UI addresses them.
pub fn positions(squares: &[wordclub_engine::Square]) -> Vec<Pos> {
    squares
        .iter()
        .map(|sq| Pos {
            row: sq.row,
            col: sq.col,
        })
        .collect()
}

fn action_name(kind: TurnKind) -> &'static str {
    match kind {
        TurnKind::Place => "play",
        TurnKind::Exchange => "exchange",
        TurnKind::Pass => "pass",
        TurnKind::Resign => "resign",
    }
}

fn turn_row(v: &View, t: &wordclub_engine::Turn) -> TurnRow {
    TurnRow {
        number: t.number,
        seat: t.player,
        name: v.players[t.player].name.clone(),
        computer: computer_level(&v.players[t.player].kind),
        action: action_name(t.kind),
        notation: t.notation.clone(),
        words: t.words.clone(),
        bingo: t.bingo,
        score: t.score,
        count: t.exchanged,
        squares: positions(&t.squares),
        direction: t.direction,
        totals: t.totals.clone(),
        hints: t.hints.len() as u32,
        looked_up: t.looked_up,
        taken_back: t.taken_back,
        challenge: t.challenge.clone(),
        lost_turn: t.lost_turn,
    }
}

pub fn computer_level(kind: &PlayerKind) -> Option<String> {
    match kind {
        PlayerKind::Human => None,
        PlayerKind::Computer { level } => Some(level.clone()),
    }
}

pub fn rack_tiles(rack: &[u8]) -> Vec<TileView> {
    rack.iter()
        .map(|&b| TileView {
            letter: (b as char).to_string(),
            blank: b == wordclub_engine::BLANK,
        })
        .collect()
}

/// The UI's view of a match, from the engine's [`View`] (what the viewer may see: the
/// secrecy boundary) and the match's own rule set (public labels) alone: nothing here reads
/// the match itself, so nothing here can add a rack the engine left out. `tile_tracker`: the
/// setting is on, so the view carries the unseen tiles.
pub fn match_view(
    id: i64,
    v: &View,
    rules: &RuleSet,
    list_name: &str,
    tile_tracker: bool,
) -> MatchView {
    let n = rules.board_size;
    let board = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    v.board.get(Square::new(r, c)).map(|t| TileView {
                        letter: (t.letter as char).to_string(),
                        blank: t.blank,
                    })
                })
                .collect()
        })
        .collect();
    let name = |seat: Seat| v.players[seat].name.clone();
    let players: Vec<PlayerBrief> = v
        .players
        .iter()
        .map(|p| PlayerBrief {
            seat: p.seat,
            name: p.name.clone(),
            colour: seat_colour(p.colour.as_deref(), p.seat),
            computer: computer_level(&p.kind),
            score: p.score,
            start_points: p.start_points,
            head_start: p.head_start,
            start_total: p.start_total,
            rack_count: p.rack_count,
            resigned: p.resigned,
            hints: p.hints,
            take_backs: p.take_backs,
        })
        .collect();
    let turns: Vec<TurnRow> = v.turns.iter().map(|t| turn_row(v, t)).collect();
    let last_move = v.last_move.as_ref().map(|t| LastMove {
        seat: t.player,
        name: name(t.player),
        action: action_name(t.kind),
        notation: t.notation.clone(),
        words: t.words.iter().map(|w: &WordScore| w.word.clone()).collect(),
        score: t.score,
        exchanged: t.exchanged,
        squares: positions(&t.squares),
        direction: t.direction,
    });
    MatchView {
        id,
        rules: RulesInfo::of(rules),
        list: ListBrief {
            id: v.list.id.clone(),
            name: list_name.to_string(),
            sha256: v.list.sha256.clone(),
        },
        board,
        premiums: rules.premium_labels(),
        letter_values: rules.letter_values(),
        players,
        bag: v.bag_count,
        turn: v.turns_played,
        turn_limit: rules.end.turn_limit.map(|l| l.turns),
        last_move,
        turns,
        take_back: v.take_back.map(|o| TakeBackView {
            seat: o.seat,
            name: name(o.seat),
            turns: o.turns,
        }),
        challenge: v.challenge.as_ref().and_then(|w| {
            let people: Vec<ChallengerView> = w
                .challengers
                .iter()
                .filter(|&&s| v.players[s].kind == PlayerKind::Human)
                .map(|&s| ChallengerView {
                    seat: s,
                    name: name(s),
                })
                .collect();
            (!people.is_empty()).then(|| ChallengeView {
                mover: w.mover,
                mover_name: name(w.mover),
                words: w.words.clone(),
                challengers: people,
                ends_match: w.ends_match,
                before_computer: v
                    .standing
                    .to_move
                    .is_some_and(|s| v.players[s].kind != PlayerKind::Human),
            })
        }),
        unchallenged: Vec::new(),
        over: v.result.is_some(),
        rack: v.rack.as_deref().map(|r| rack_tiles(r.as_bytes())),
        unseen: tile_tracker.then(|| v.unseen.clone()),
        unseen_left_play: tile_tracker.then_some(v.unseen_left_play),
        draft: None,
        reopened: false,
        recap_note: recap_note(v, rules),
        result: v.result.as_ref().map(|r| ResultView {
            reason: r.reason,
            went_out: r.went_out,
            players: (0..v.players.len())
                .map(|s| ResultPlayer {
                    seat: s,
                    name: name(s),
                    score: r.final_scores[s],
                    score_before_adjustment: r.scores_before_adjustment[s],
                    adjustment: r.adjustments[s],
                    resigned: r.resigned[s],
                    hints: r.hints[s],
                    take_backs: v.players[s].take_backs,
                })
                .collect(),
            winners: r.winners.clone(),
            best_turn: v.best_turn.as_ref().map(|t| {
                let (word, at) = main_word(t).unwrap_or_default();
                BestTurnView {
                    seat: t.player,
                    name: name(t.player),
                    notation: t.notation.clone().unwrap_or_default(),
                    word,
                    at,
                    score: t.score,
                    text: best_turn_text(t),
                    turn: t.number,
                    // Filled beside `unchallenged`, which needs the match's list
                    // (`OpenMatch::view`, `mark_best_turn`).
                    unchallenged: Vec::new(),
                }
            }),
            // Each line ends at the final score (the end's adjustments as a last point).
            progression: v
                .progression
                .iter()
                .zip(&r.final_scores)
                .map(|(line, &last)| line.iter().copied().chain([last]).collect())
                .collect(),
        }),
        standing: v.standing.clone(),
    }
}
