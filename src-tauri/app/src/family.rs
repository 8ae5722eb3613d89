//! What a family asked for at the table (issue 22): taking a move back, and abandoning or
//! deleting an unfinished match. The engine decides every rule of a take-back (who may, and
//! until when: [`wordclub_engine::Table::take_back_open`]); the store keeps an abandoned
//! match marked and removes a deleted one. Both of those need `confirm: true`: the UI asks
//! the player first, naming the match.
use serde::{Deserialize, Serialize};
use wordclub_engine::{Action, Seat};

use crate::view::MatchView;
use crate::{App, AppError};

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct TakeBackArgs {
    pub match_id: i64,
    /// The seat asking: it must be the player who just moved (the view's `take_back.seat`).
    pub player: Seat,
}

#[derive(Debug, Deserialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
// An argument: a field serde fills in when it is absent may be left out.
#[cfg_attr(feature = "contract", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct ConfirmMatchArgs {
    pub match_id: i64,
    /// Must be `true`: the UI asked the player first, naming the match.
    #[serde(default)]
    #[cfg_attr(feature = "contract", ts(as = "Option<bool>", optional))]
    pub confirm: bool,
}

/// What became of a match abandoned or deleted.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "contract", derive(ts_rs::TS))]
pub struct MatchClosed {
    pub match_id: i64,
    /// `abandoned` (kept in the history, marked) or `deleted` (gone).
    pub outcome: &'static str,
}

impl App {
    /// The player who just moved takes the move back (with the computers' replies after
    /// it), where the match allows it and the next player has not shown their rack. The
    /// bag is as it was, so the same tiles come again; it counts as assistance. Answers the
    /// view, behind the cover where there is one.
    pub fn take_back(&self, args: TakeBackArgs) -> Result<MatchView, AppError> {
        self.act(
            args.match_id,
            |_| {
                Ok((
                    Some(Action::TakeBack {
                        player: args.player,
                    }),
                    (),
                ))
            },
            |m, ()| m.view(),
        )
    }

    /// Ends an unfinished match with no winner: it stays in the history, marked
    /// `abandoned`, out of the win and score statistics, and is no longer offered to
    /// continue. Needs `confirm: true`.
    pub fn abandon_match(&self, args: ConfirmMatchArgs) -> Result<MatchClosed, AppError> {
        if !args.confirm {
            return Err(AppError::ConfirmationRequired {
                what: "abandoning a match".to_string(),
            });
        }
        self.with_store(|store| store.abandon(args.match_id).map_err(AppError::from))?;
        self.forget(args.match_id);
        Ok(MatchClosed {
            match_id: args.match_id,
            outcome: "abandoned",
        })
    }

    /// Removes an unfinished (in progress or abandoned) match from the history for good; a
    /// finished one is refused (`match_finished`). Needs `confirm: true`. Nothing else ever
    /// removes a match.
    pub fn delete_match(&self, args: ConfirmMatchArgs) -> Result<MatchClosed, AppError> {
        if !args.confirm {
            return Err(AppError::ConfirmationRequired {
                what: "deleting a match".to_string(),
            });
        }
        self.with_store(|store| store.delete(args.match_id).map_err(AppError::from))?;
        self.forget(args.match_id);
        Ok(MatchClosed {
            match_id: args.match_id,
            outcome: "deleted",
        })
    }
}
