//! Word Club's match history in SQLite: every match — finished or not — kept safe, resumable
//! and browsable. No Tauri here; the app and the CLI both use this crate.
//!
//! - The schema lives in `migrations/*.sql`, versioned by `PRAGMA user_version`.
//! - The database runs in WAL mode with `synchronous=FULL`: once a write returns `Ok`, it has
//!   reached the disk. A history open to play on is locked for as long as it is open (no
//!   `-shm`), its files are checked before every write ([`Store::check_file`], `history_gone`)
//!   and its journal is folded into the file it had open before it is let go; a `-wal` that
//!   belongs to another file is never replayed into the history (`files.rs`).
//! - The engine's events are the truth. A match row also carries what the events say (scores,
//!   result, hints) so the history can be browsed without replaying; tests check those columns
//!   against a replay.
//! - Only a history proven to be Word Club's and damaged is moved aside, never deleted
//!   ([`Store::moved_aside`], [`Store::notices`] until acknowledged); anything else that cannot
//!   be used is refused and left where it is. Read commands use [`Store::open_read_only`].
//! - Every text (names, rule sets, events) goes into SQL as a parameter, never formatted in.
//! - In a browser (wasm32-unknown-unknown), `web` installs the storage (OPFS, else IndexedDB)
//!   and `Store::open_in_browser` opens the history there with the same checks, a rollback
//!   journal and no file watch (desktop-only, like moving files aside on disk: `files.rs`);
//!   the worker awaits `web::flush` after each command, before it answers.
//!
//! The API, in the order a match lives it:
//! - [`Store::open`] (or [`Store::open_in_memory`]); [`Store::moved_aside`] says whether an
//!   unusable file was set aside.
//! - [`Store::create`] a new engine match, then after every accepted action
//!   `game.apply(action, list)?` → [`Store::record`] (committed when it returns) → answer.
//! - [`Store::keep_draft`] the tiles the player to move has staged (not an action: nothing of
//!   the match changes), so that [`Store::draft`] gives them back after a restart.
//! - [`Store::unfinished`], [`Store::resume`] (typed `list_not_shipped` refusal), [`Store::abandon`],
//!   [`Store::delete`] (an id is never given twice; [`Store::retire_ids`] keeps new matches off
//!   the ids a screen remembers from before that was so).
//! - [`Store::list`] pages with a [`Filter`], [`Store::summary`], [`Store::detail`] (or
//!   [`Store::detail_with`], the board turn by turn from the same replay),
//!   [`Store::stats`], [`Store::export_gcg`].
//! - [`utc_file_stamp`]: the UTC time in the name of a file set aside (`*.unreadable-*`; the
//!   app's damaged settings, `*.damaged-*`).
//! - Once a match is over: [`Store::analysis`] / [`Store::save_analysis`] keep its post-game
//!   analysis by analyser version; [`Store::matches_needing_analysis`] lists what is left to do.
//! - Between devices: [`Store::uid`] (a match's identity wherever it is carried),
//!   [`Store::export_bytes`] (the whole history as one file) and [`Store::record_export`] /
//!   [`Store::last_export`] (when it was last exported), [`Store::import_bytes`] (such a file
//!   merged in, all or nothing, with an [`ImportReport`]; a refusal is
//!   [`StoreError::ImportRefused`]).
//! - The web app's settings (schema version 8): [`Store::settings`] / [`Store::set_settings`],
//!   a JSON object kept on this device only (never exported, never imported).
//!
//! `src/bin/crash_writer.rs` is a test helper for `tests/kill_test.rs`, not part of the app.

mod analyses;
mod browse;
mod detail;
mod drafts;
mod error;
#[cfg(not(target_arch = "wasm32"))]
mod files;
mod gcg;
mod house;
mod identity;
mod matches;
mod migrate;
mod open;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod pages;
mod records;
mod settings;
mod time;
mod transfer;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use browse::{BestTurn, Filter, MatchSummary, Page, PlayerStats, PlayerSummary, PAGE_SIZE};
pub use detail::{MatchDetail, PendingHint, TurnDetail};
pub use drafts::StoredDraft;
pub use error::{ImportRefusal, StoreError};
pub use house::OwnListRow;
#[cfg(feature = "replay-count")]
pub use matches::replays_on_this_thread;
pub use matches::Resumed;
pub use migrate::{APPLICATION_ID, SCHEMA_VERSION};
pub use open::{MovedAside, Store};
pub use records::{FixedDeal, SeatKind, Status};
pub use time::utc_file_stamp;
pub use transfer::{Exported, ImportReport, MAX_IMPORT_BYTES};

#[cfg(all(test, not(target_arch = "wasm32")))]
mod place_tests;

#[cfg(test)]
mod tests {
    /// The app keeps the store in its state, behind a mutex, across threads.
    #[test]
    fn store_can_move_between_threads() {
        fn assert_send<T: Send>() {}
        assert_send::<crate::Store>();
    }
}
