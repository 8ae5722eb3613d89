//! Coming back to the table after a reload or a restart (SPEC §4): which match each client
//! had on screen (kept with the settings, so a restart reopens that match and not merely the
//! newest unfinished one), and the draft the player to move had staged, kept here with the
//! match rather than in the webview — a draft is rack tiles, and the webview behind the cover
//! must hold none. The draft comes back only in the view that shows that player's rack. It
//! lives with the open match and in the history (`wordclub_store::StoredDraft`), so a restart
//! gives it back too, in the same turn to the same seat; a take-back drops it from both.
use serde::{Deserialize, Serialize};
use wordclub_engine::HintTile;
use wordclub_store::Status;

use crate::matches::{placements, KeptDraft, OpenMatch, TileArg};
use crate::settings::{OnScreen, ON_SCREEN_CLIENTS};
use crate::{App, AppError};

/// The longest client name: a browser's is a random id of 20-odd characters, the window's
/// is `window`.
const CLIENT_CHARS: usize = 64;

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct ScreenArgs {
    /// Who is asking: `window` in the app window, a browser's own id over `serve`.
    pub client: String,
    /// The match now on that client's screen; absent or `null` for any other screen.
    #[serde(default)]
    pub match_id: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ClientArgs {
    pub client: String,
}

/// The match to open on a client's screen: the one it had there, unless abandoned, else
/// `null` (the start screen, with the unfinished matches to continue).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct ScreenAnswer {
    pub match_id: Option<i64>,
}

/// The answer to `keep_draft`: how many staged tiles are kept.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct DraftKept {
    pub tiles: usize,
}

fn check_client(command: &str, client: &str) -> Result<(), AppError> {
    let fits = !client.is_empty()
        && client.len() <= CLIENT_CHARS
        && client
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fits {
        Ok(())
    } else {
        Err(AppError::bad_argument(
            command,
            format!("a client is 1 to {CLIENT_CHARS} letters, digits, '-' or '_'"),
        ))
    }
}

impl App {
    /// Records which match (or none) is on `client`'s screen, kept with the settings.
    pub fn remember_screen(&self, args: ScreenArgs) -> Result<ScreenAnswer, AppError> {
        check_client("remember_screen", &args.client)?;
        let mut settings = self.settings();
        let kept = OnScreen {
            client: args.client,
            match_id: args.match_id,
        };
        if settings.on_screen.first() == Some(&kept) {
            // Nothing changed (a redraw of the same screen): no write.
            return Ok(ScreenAnswer {
                match_id: kept.match_id,
            });
        }
        let mut next = settings.clone();
        next.on_screen.retain(|s| s.client != kept.client);
        next.on_screen.insert(0, kept.clone());
        next.on_screen.truncate(ON_SCREEN_CLIENTS);
        self.keep_settings(&mut settings, next)?;
        Ok(ScreenAnswer {
            match_id: kept.match_id,
        })
    }

    /// The match to reopen on `client`'s screen after a reload or a restart: the one it had
    /// there, in progress (behind the cover) or finished (its end screen, as it was left);
    /// `null` otherwise (an abandoned, deleted or unknown match, or another screen). An
    /// abandoned match was left on purpose: abandoning it took the screen to the history.
    pub fn screen_to_reopen(&self, args: ClientArgs) -> Result<ScreenAnswer, AppError> {
        check_client("screen_to_reopen", &args.client)?;
        let kept = self
            .settings()
            .on_screen
            .iter()
            .find(|s| s.client == args.client)
            .and_then(|s| s.match_id);
        let match_id = match kept {
            Some(id) => self
                .with_store(|store| Ok(store.status(id).ok()))?
                .filter(|status| *status != Status::Abandoned)
                .map(|_| id),
            None => None,
        };
        Ok(ScreenAnswer { match_id })
    }
}

impl OpenMatch {
    /// Keeps the staged tiles of the person to move, their rack shown (an empty list clears
    /// them). The tiles are checked as `preview` checks them; whether they make a legal move
    /// is the preview's business, not this.
    pub(crate) fn keep_draft(&mut self, tiles: &[TileArg]) -> Result<DraftKept, AppError> {
        let seat = self.table.acting_person()?;
        let checked = draft_placements(self.game(), seat, tiles)?;
        self.draft = (!checked.is_empty()).then(|| KeptDraft {
            seat,
            turn: self.game().turns().len(),
            tiles: checked.iter().map(HintTile::from).collect(),
        });
        Ok(DraftKept {
            tiles: checked.len(),
        })
    }
}

/// A draft's tiles as placements, checked as `preview` checks them and each a tile of
/// `seat`'s rack: what `keep_draft` keeps, and what a restart gives back.
fn draft_placements(
    game: &wordclub_engine::Match,
    seat: usize,
    tiles: &[TileArg],
) -> Result<Vec<wordclub_engine::Placement>, AppError> {
    let checked = placements("keep_draft", game.rules(), tiles)?;
    // A draft is tiles staged on empty squares, one each: anything else (a forged command,
    // a forged history) would come back as a draft no screen could have made.
    for (i, p) in checked.iter().enumerate() {
        let (row, col) = (p.square.row, p.square.col);
        let twice = checked[..i].iter().any(|q| q.square == p.square);
        if twice || game.board().get(p.square).is_some() {
            let why = if twice {
                "holds two staged tiles"
            } else {
                "already holds a tile on the board"
            };
            return Err(AppError::bad_argument(
                "keep_draft",
                format!("the square at row {row} col {col} {why}"),
            ));
        }
    }
    if !fits_rack(game.rack(seat).unwrap_or_default(), &checked) {
        return Err(AppError::bad_argument(
            "keep_draft",
            "the staged tiles are not all on the rack",
        ));
    }
    Ok(checked)
}

/// Each staged tile is a tile of the rack (a blank for a blank), each rack tile used once.
fn fits_rack(rack: &[u8], tiles: &[wordclub_engine::Placement]) -> bool {
    let mut left = rack.to_vec();
    tiles.iter().all(|p| {
        let want = p.tile.rack_byte();
        match left.iter().position(|&t| t == want) {
            Some(i) => {
                left.swap_remove(i);
                true
            }
            None => false,
        }
    })
}

impl KeptDraft {
    /// As the history keeps it ([`wordclub_store::StoredDraft`]): the tiles as JSON.
    fn stored(&self) -> Option<wordclub_store::StoredDraft> {
        Some(wordclub_store::StoredDraft {
            seat: self.seat as i64,
            turn: self.turn as i64,
            tiles: serde_json::to_string(&self.tiles).ok()?,
        })
    }

    /// The draft the history kept for `game`, if it is still its player's to see: the seat
    /// to move, in the same turn, every tile on that rack (else it is stale, and dropped).
    pub(crate) fn restored(
        game: &wordclub_engine::Match,
        kept: wordclub_store::StoredDraft,
    ) -> Option<KeptDraft> {
        let draft = KeptDraft {
            seat: usize::try_from(kept.seat).ok()?,
            turn: usize::try_from(kept.turn).ok()?,
            tiles: serde_json::from_str(&kept.tiles).ok()?,
        };
        let current = draft.turn == game.turns().len() && game.to_move() == Some(draft.seat);
        let tiles: Vec<TileArg> = draft
            .tiles
            .iter()
            .map(|t| TileArg {
                row: t.row,
                col: t.col,
                letter: t.letter.clone(),
                blank: t.blank,
            })
            .collect();
        let fits = draft_placements(game, draft.seat, &tiles).is_ok();
        (current && fits).then_some(draft)
    }
}

impl App {
    /// Keeps the staged draft of the player to move with the match, in memory and in the
    /// history, so a reload or a restart gives it back once their rack is shown again.
    pub fn keep_draft(&self, args: crate::TilesArgs) -> Result<DraftKept, AppError> {
        let (kept, draft) = self.with_match(args.match_id, |m| {
            Ok((m.keep_draft(&args.tiles)?, m.draft.clone()))
        })?;
        // Written once the match's lock is let go: the write waits for the disk (synchronous
        // commits), and the preview of the same drop, sent beside it, must not wait for that.
        // A keep that lands late holds an older draft, which a restart checks before giving
        // it back (`KeptDraft::restored`).
        self.keep_draft_in_history(args.match_id, draft.as_ref());
        Ok(kept)
    }

    /// Writes an open match's draft to the history (`None`: drops it), under no match's
    /// lock. A draft that cannot be written is kept in memory only and said in the log
    /// without its tiles: it is a convenience, never a move, so the command it rides on is
    /// still answered.
    pub(crate) fn keep_draft_in_history(&self, id: i64, draft: Option<&KeptDraft>) {
        let stored = draft.and_then(KeptDraft::stored);
        let mut history = self.history();
        let kept = history
            .store()
            .and_then(|store| Ok(store.keep_draft(id, stored.as_ref())?));
        if let Err(e) = kept {
            eprintln!(
                "cannot keep match {id}'s draft in the history: {}",
                e.kind()
            );
        }
    }
}
