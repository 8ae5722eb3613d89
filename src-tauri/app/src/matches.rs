//! Match commands: new match, the view for the player to move, reveal, preview and the turn's
//! actions. The engine decides (the cover and who may act: its [`Table`]); this module checks
//! arguments, keeps the open matches and builds views.
use serde::{Deserialize, Serialize};
use wordclub_engine::{
    Action, ChallengePenalty, HintKind, Match, Placement, PlayerKind, PlayerSpec, RuleSet, Square,
    Table, Tile, WordScore, MAX_PLAYERS,
};
use wordclub_lexicon::WordList;
use wordclub_movegen::Level;

use crate::objects::{objects, optional_object};
use crate::view::{match_view, MatchView, RulesInfo};
use crate::AppError;

/// A match in memory: the engine's [`Table`] (the match and its cover), the word list it is
/// pinned to and the tile tracker setting of the command being answered.
pub struct OpenMatch {
    pub id: i64,
    pub table: Table,
    pub list: &'static WordList,
    /// The tile tracker setting, as of the command being answered: views carry the unseen
    /// tiles only when it is on.
    pub tile_tracker: bool,
    /// The draft the person to move staged (`keep_draft`), given back with their revealed
    /// view after a reload or (kept in the history too) a restart.
    pub(crate) draft: Option<KeptDraft>,
}

/// The draft kept with an open match: whose it is and in which turn (a turn played, by
/// anyone, makes it stale). Kept and restored by `resume.rs`; shown here, with the view.
#[derive(Debug, Clone)]
pub(crate) struct KeptDraft {
    pub seat: usize,
    pub turn: usize,
    pub tiles: Vec<wordclub_engine::HintTile>,
}

impl OpenMatch {
    /// The match, behind the cover.
    pub fn new(id: i64, game: Match) -> Result<OpenMatch, AppError> {
        let list = match_list(&game)?;
        Ok(OpenMatch {
            id,
            table: Table::new(game),
            list,
            tile_tracker: false,
            draft: None,
        })
    }

    pub fn game(&self) -> &Match {
        self.table.game()
    }

    /// The list whose move-generator graph this match will search, if it can search (a
    /// computer seat or move hints) and is not over: the app warms it up beforehand. The
    /// current lists' graphs are prebuilt (read in milliseconds); an older version's is built
    /// once (about a second) and then kept in the data folder; one graph serves both manners.
    pub(crate) fn graph_wanted(&self) -> Option<&'static WordList> {
        let game = self.game();
        let needs_generator = game.rules().hints.contains(&HintKind::SuggestMove)
            || game
                .players()
                .iter()
                .any(|p| matches!(p.kind, PlayerKind::Computer { .. }));
        (needs_generator && game.to_move().is_some()).then_some(self.list)
    }

    /// What the screen shows whoever holds the device ([`Table::view`]), with labels added.
    pub fn view(&self) -> MatchView {
        let game = self.game();
        let mut view = match_view(
            self.id,
            &self.table.view(),
            game.rules(),
            &self.list.info().name,
            self.tile_tracker,
        );
        view.draft = self.shown_draft();
        view.unchallenged = crate::view::unchallenged(game, self.list);
        crate::view::mark_best_turn(&mut view);
        view.reopened = self.table.reopened_cover();
        view
    }

    /// Applies an action of the seat that may act now; returns the events it appended.
    pub fn apply(&mut self, action: Action) -> Result<Vec<wordclub_engine::Event>, AppError> {
        let taking_back = matches!(action, Action::TakeBack { .. });
        let mut events = self.table.apply(action, self.list)?.to_vec();
        if taking_back {
            // A draft kept from before the withdrawn moves could match the turn count again;
            // it belongs to a position the player has since changed: it never comes back.
            self.draft = None;
        }
        events.extend(self.computers_on_challenge()?);
        Ok(events)
    }

    /// After a person's play in a match with challenges (issue 46), the computers answer at
    /// once: the first Hard or Medium computer round the table from the mover challenges a
    /// play with a word outside the list ([`Level::challenges`]); none challenges a play whose
    /// words are all in it. When no other person could challenge then, the play stands
    /// ([`Table::let_stand`]), so a computer's turn or the match's end is not held up;
    /// otherwise the cover offers the people "Challenge <words>". Returns the events added.
    pub(crate) fn computers_on_challenge(
        &mut self,
    ) -> Result<Vec<wordclub_engine::Event>, AppError> {
        let Ok(window) = self.game().challenge_window() else {
            return Ok(Vec::new());
        };
        let list = self.list;
        let phony = window.words.iter().any(|w| !list.contains(w.as_bytes()));
        let players = self.game().players().to_vec();
        let n = players.len();
        let challenger = (1..n).map(|step| (window.mover + step) % n).find(|s| {
            window.challengers.contains(s)
                && match &players[*s].kind {
                    PlayerKind::Computer { level } => {
                        Level::parse(level).is_ok_and(Level::challenges)
                    }
                    PlayerKind::Human => false,
                }
        });
        if let Some(player) = challenger.filter(|_| phony) {
            return Ok(self
                .table
                .apply(Action::Challenge { player }, list)?
                .to_vec());
        }
        if !self.table.person_may_challenge() {
            return Ok(self.table.let_stand()?.to_vec());
        }
        Ok(Vec::new())
    }

    /// The kept draft, for the view that shows its player's rack in the same turn: never
    /// behind the cover, never for another seat or a later turn.
    fn shown_draft(&self) -> Option<Vec<wordclub_engine::HintTile>> {
        let draft = self.draft.as_ref()?;
        let seat = self.table.acting_person().ok()?;
        (draft.seat == seat && draft.turn == self.game().turns().len()).then(|| draft.tiles.clone())
    }
}

/// The words a match is played with ([`Match::word_list`]: the list it is pinned to, with the
/// additions and blocks of ours it pinned); a list version no longer shipped is refused
/// rather than played on with another list. A list of one's own must have been opened from
/// the history first (`Store::resume` does).
pub fn match_list(game: &Match) -> Result<&'static WordList, AppError> {
    let list = game.list();
    game.word_list().map_err(|e| match e {
        wordclub_lexicon::LexiconError::VersionNotShipped { .. } => AppError::Backend {
            kind: "list_not_shipped".to_string(),
            message: format!(
                "this match uses a version of the word list {:?} that this app does not ship",
                list.id
            ),
            details: None,
        },
        other => other.into(),
    })
}

// ---- arguments ---------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct NewMatchArgs {
    pub rules: String,
    /// A word list id; the rule set's default when absent.
    #[serde(default)]
    pub list: Option<String>,
    #[serde(deserialize_with = "objects")]
    pub players: Vec<SeatArgs>,
    /// Fixes the shuffle (tests, replays of a scenario); random when absent. Refused unless
    /// the app allows fixed deals (never the window).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Fixes the starting racks and the first draws (reproducible scenarios, tests); refused
    /// like `seed`.
    #[serde(default, deserialize_with = "optional_object")]
    pub deal: Option<DealArgs>,
    /// "Allow hints" (on when absent): off, the engine refuses hints for this match.
    #[serde(default)]
    pub allow_hints: Option<bool>,
    /// "Allow take-backs" (off when absent): on, the player who just moved may take the move
    /// back until the next player shows their rack.
    #[serde(default)]
    pub allow_take_backs: Option<bool>,
    /// "Challenges" (off when absent): on, a person's play is accepted whatever its words and
    /// any other person may challenge it before the next player shows their rack; the value
    /// is what a failed challenge costs (`none`, `lose_turn`, `plus5`, `plus10`).
    #[serde(default)]
    pub challenges: Option<ChallengePenalty>,
    /// Who plays first: a seat of `players` (0-based), or `"random"`; the first seat when
    /// absent. The players are recorded in playing order, so the one who starts is seat 0
    /// of the match and the others follow round the table as given.
    #[serde(default)]
    pub first: Option<FirstPlayer>,
    /// "Use our words": the match pins the family's additions and blocks as they are now
    /// (`our_words`). Absent: on once the family has any, off while there are none.
    #[serde(default)]
    pub use_our_words: Option<bool>,
}

/// `new_match`'s `first`: `{"seat": 2}` or `"random"`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum FirstPlayer {
    Seat(u8),
    Random,
}

#[derive(Debug, Default, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct DealArgs {
    /// Each seat's starting rack, `?` for a blank.
    #[serde(default)]
    pub racks: Option<Vec<String>>,
    /// The first tiles drawn after the deal, in order.
    #[serde(default)]
    #[cfg_attr(feature = "contract", ts(as = "Option<String>", optional))]
    pub draw_order: String,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct SeatArgs {
    pub name: String,
    /// `easy`, `medium` or `hard` for a computer seat; absent or null for a person.
    #[serde(default)]
    pub computer: Option<String>,
    /// The seat's colour (`app_info.limits.seat_colours`); absent or null: the first one
    /// no other seat took, in their order.
    #[serde(default)]
    pub colour: Option<String>,
    /// The seat's head start, 0 to `app_info.limits.max_head_start` points on top of the rule
    /// set's own start points; absent or null: none. Out of range: `bad_head_start`.
    #[serde(default)]
    pub head_start: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct MatchIdArgs {
    pub match_id: i64,
}

/// `challenge`: who challenges the newest play (a seat, 0-based).
#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ChallengeArgs {
    pub match_id: i64,
    pub player: u8,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct MatchViewArgs {
    pub match_id: i64,
    /// Set when the match is being (re)opened on screen (start-up, "Continue"): the cover
    /// goes back up, since the person at the screen may not be the one who revealed.
    #[serde(default)]
    #[cfg_attr(feature = "contract", ts(as = "Option<bool>", optional))]
    pub cover: bool,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct TilesArgs {
    pub match_id: i64,
    #[serde(deserialize_with = "objects")]
    pub tiles: Vec<TileArg>,
}

/// A staged tile: a 0-based square, the letter shown, and whether it is a blank.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct TileArg {
    pub row: u8,
    pub col: u8,
    pub letter: String,
    #[serde(default)]
    #[cfg_attr(feature = "contract", ts(as = "Option<bool>", optional))]
    pub blank: bool,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct ExchangeArgs {
    pub match_id: i64,
    /// The rack tiles to return, one letter each (`?` for a blank).
    pub tiles: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct ResignArgs {
    pub match_id: i64,
    /// Must be `true`: the UI asked the player first.
    #[serde(default)]
    #[cfg_attr(feature = "contract", ts(as = "Option<bool>", optional))]
    pub confirm: bool,
}

/// The answer to `preview`: the score breakdown, or why the move would be refused. A refusal
/// is an answer here (the UI shows it while the player stages), not a command failure.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct PreviewAnswer {
    pub legal: bool,
    pub score: u32,
    pub bingo: u32,
    pub notation: Option<String>,
    pub words: Vec<WordScore>,
    pub error: Option<crate::ErrorBody>,
}

/// What a hint showed the player to move: the engine's one typed record, answered as it is
/// recorded ([`wordclub_engine::HintShown`]).
pub use wordclub_engine::HintShown as HintAnswer;

// ---- checking ----------------------------------------------------------------------------

/// Checks and builds the players of a new match.
pub fn player_specs(seats: &[SeatArgs]) -> Result<Vec<PlayerSpec>, AppError> {
    let bad = |reason: String| AppError::bad_argument("new_match", reason);
    if seats.is_empty() || seats.len() > usize::from(MAX_PLAYERS) {
        return Err(bad(format!("1 to {MAX_PLAYERS} players")));
    }
    let mut specs = Vec::with_capacity(seats.len());
    for seat in seats {
        let name = &seat.name;
        let head_start = PlayerSpec::check_head_start(seat.head_start.unwrap_or(0))?;
        specs.push(
            match seat.computer.as_deref() {
                None => PlayerSpec::human(name),
                Some(level) if Level::SEATS.iter().any(|l| l.name() == level) => {
                    PlayerSpec::computer(name, level)
                }
                Some(level) => {
                    return Err(bad(format!(
                        "no computer level {level:?} ({})",
                        level_names()
                    )))
                }
            }
            .with_head_start(head_start),
        );
    }
    // Every seat a colour of its own: the chosen ones, then the first free ones in order.
    let mut colours: Vec<Option<&'static str>> = Vec::with_capacity(seats.len());
    for seat in seats {
        let colour = match seat.colour.as_deref() {
            Some(c) => Some(crate::guide::known_colour(c).map_err(bad)?),
            None => None,
        };
        if colour.is_some() && colours.contains(&colour) {
            return Err(bad(format!(
                "two players have the colour {}",
                colour.unwrap_or_default()
            )));
        }
        colours.push(colour);
    }
    for i in 0..colours.len() {
        if colours[i].is_none() {
            colours[i] = crate::guide::SEAT_COLOURS
                .iter()
                .map(|c| Some(c.id))
                .find(|c| !colours.contains(c))
                .flatten();
        }
    }
    let specs = specs
        .into_iter()
        .zip(colours)
        .map(|(p, c)| p.with_colour(c.map(str::to_string)))
        .collect();
    // The engine's name rule, answered as this command's argument refusal (the form shows
    // its reason beside the names).
    let specs = PlayerSpec::clean_all(specs).map_err(|e| bad(e.to_string()))?;
    if specs.iter().all(|p| p.kind != PlayerKind::Human) {
        return Err(bad("at least one player must be a person".to_string()));
    }
    Ok(specs)
}

/// The computer levels a seat may have, in words: `easy, medium or hard`.
fn level_names() -> String {
    let names: Vec<&str> = Level::SEATS.iter().map(|l| l.name()).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Checks staged tiles and turns them into engine placements (the engine checks the rest).
/// More tiles than a rack holds are refused before any is read.
pub fn placements(
    command: &str,
    rules: &RuleSet,
    tiles: &[TileArg],
) -> Result<Vec<Placement>, AppError> {
    let bad = |reason: String| AppError::bad_argument(command, reason);
    let size = rules.board_size;
    if tiles.len() > usize::from(rules.rack_size) {
        return Err(bad(format!(
            "too many tiles: a move places at most {}",
            rules.rack_size
        )));
    }
    tiles
        .iter()
        .map(|t| {
            if t.row >= size || t.col >= size {
                return Err(bad(format!(
                    "square row {} col {} is off the {size}×{size} board",
                    t.row, t.col
                )));
            }
            let letter = single_letter(&t.letter)
                .filter(u8::is_ascii_uppercase)
                .ok_or_else(|| bad(format!("{:?} is not one letter A-Z", t.letter)))?;
            let tile = if t.blank {
                Tile::blank(letter)
            } else {
                Tile::letter(letter)
            };
            Ok(Placement::new(Square::new(t.row, t.col), tile))
        })
        .collect()
}

/// Rack text for an exchange: one `A`–`Z` or `?` per tile, at most a rack's worth.
pub fn exchange_text(tiles: &[String], rack_size: u8) -> Result<String, AppError> {
    let bad = |reason: String| AppError::bad_argument("exchange", reason);
    if tiles.len() > usize::from(rack_size) {
        return Err(bad(format!("at most {rack_size} tiles")));
    }
    tiles
        .iter()
        .map(|t| {
            // The letter rule of `play` and `preview`: one capital A–Z (or `?`, the blank).
            single_letter(t)
                .filter(|b| b.is_ascii_uppercase() || *b == b'?')
                .map(char::from)
                .ok_or_else(|| bad(format!("{t:?} is not a tile (A-Z or ?)")))
        })
        .collect()
}

fn single_letter(s: &str) -> Option<u8> {
    match s.as_bytes() {
        [b] => Some(*b),
        _ => None,
    }
}

pub fn rules_info() -> Vec<RulesInfo> {
    RuleSet::all().iter().map(RulesInfo::of).collect()
}
