//! Word Club's match history in SQLite: every match — finished or not — kept safe, resumable
//! and browsable. No Tauri here; the app and the CLI both use this crate.
//!
//! - The schema lives in `migrations/*.sql`, versioned by `PRAGMA user_version`.
//! - The database runs in WAL mode with `synchronous=FULL`: once a write returns `Ok`, it has
//!   reached the disk.
//! - The engine's events are the truth. A match row also carries what the events say (scores,
//!   result, hints) so the history can be browsed without replaying; tests check those columns
//!   against a replay.
//! - A file that is not a usable history is moved aside, never deleted ([`Store::moved_aside`]).
//! - Every text (names, rule sets, events) goes into SQL as a parameter, never formatted in.

mod browse;
mod detail;
mod error;
mod gcg;
mod matches;
mod migrate;
mod open;
mod records;
mod time;

pub use browse::{BestTurn, Filter, MatchSummary, Page, PlayerStats, PlayerSummary, PAGE_SIZE};
pub use detail::{MatchDetail, PendingHint, TurnDetail};
pub use error::StoreError;
pub use matches::Resumed;
pub use migrate::SCHEMA_VERSION;
pub use open::{MovedAside, Store};
pub use records::{SeatKind, Status};
pub use time::utc_iso;

#[cfg(test)]
mod tests {
    /// The app keeps the store in its state, behind a mutex, across threads.
    #[test]
    fn store_can_move_between_threads() {
        fn assert_send<T: Send>() {}
        assert_send::<crate::Store>();
    }
}
