//! Coming back to the table after a reload or a restart (SPEC §4): which match each client
//! had on screen (kept with the settings, so a restart reopens that match and not merely the
//! newest unfinished one), and the draft the player to move had staged, kept here with the
//! match rather than in the webview — a draft is rack tiles, and the webview behind the cover
//! must hold none. The draft comes back only in the view that shows that player's rack, and
//! only after a reload: it lives in memory with the open match, not in the history, so a
//! restart of the app starts the turn again with every tile on the rack.
use serde::{Deserialize, Serialize};
use wordclub_engine::HintTile;
use wordclub_store::Status;

use crate::matches::{placements, TileArg};
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

/// The draft kept with an open match: whose it is and in which turn (a turn played, by
/// anyone, makes it stale).
#[derive(Debug, Clone)]
pub(crate) struct KeptDraft {
    pub seat: usize,
    pub turn: usize,
    pub tiles: Vec<HintTile>,
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

impl crate::matches::OpenMatch {
    /// Keeps the staged tiles of the person to move, their rack shown (an empty list clears
    /// them). The tiles are checked as `preview` checks them; whether they make a legal move
    /// is the preview's business, not this.
    pub(crate) fn keep_draft(&mut self, tiles: &[TileArg]) -> Result<DraftKept, AppError> {
        let seat = self.table.acting_person()?;
        let checked = placements("keep_draft", self.game().rules(), tiles)?;
        let rack = self.game().rack(seat).unwrap_or_default();
        if !fits_rack(rack, &checked) {
            return Err(AppError::bad_argument(
                "keep_draft",
                "the staged tiles are not all on the rack",
            ));
        }
        self.draft = (!checked.is_empty()).then(|| KeptDraft {
            seat,
            turn: self.game().turns().len(),
            tiles: checked.iter().map(HintTile::from).collect(),
        });
        Ok(DraftKept {
            tiles: checked.len(),
        })
    }

    /// The kept draft, for the view that shows its player's rack in the same turn: never
    /// behind the cover, never for another seat or a later turn.
    pub(crate) fn shown_draft(&self) -> Option<Vec<HintTile>> {
        let draft = self.draft.as_ref()?;
        let seat = self.table.acting_person().ok()?;
        (draft.seat == seat && draft.turn == self.game().turns().len()).then(|| draft.tiles.clone())
    }
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

impl App {
    /// Keeps the staged draft of the player to move with the match (in memory, with the open
    /// match), so a reload gives it back once their rack is shown again.
    pub fn keep_draft(&self, args: crate::TilesArgs) -> Result<DraftKept, AppError> {
        self.with_match(args.match_id, |m| m.keep_draft(&args.tiles))
    }
}
