//! The draft the player to move has staged: kept, replaced, dropped, read back after the
//! history is opened again (a restart), and gone with its match.
mod common;

use common::*;
use wordclub_engine::RuleSet;
use wordclub_store::{Store, StoredDraft};

fn draft(seat: i64, turn: i64, tiles: &str) -> StoredDraft {
    StoredDraft {
        seat,
        turn,
        tiles: tiles.to_string(),
    }
}

#[test]
fn a_kept_draft_is_replaced_dropped_and_read_back_after_a_restart() {
    let dir = TempDir::new("drafts");
    let path = dir.join("history.db");
    let game = new_match(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        &["Ann", "Ben"],
        &["CATEELN", "SBDGIOO"],
        "ARTE",
    );
    let id = {
        let mut store = Store::open(&path).unwrap();
        let id = store.create(&game).unwrap();
        assert_eq!(store.draft(id).unwrap(), None);
        store.keep_draft(id, Some(&draft(0, 0, "[1]"))).unwrap();
        // The next keep replaces it: one draft per match.
        store.keep_draft(id, Some(&draft(0, 0, "[1,2]"))).unwrap();
        id
    };
    let mut store = Store::open(&path).unwrap();
    assert_eq!(store.draft(id).unwrap(), Some(draft(0, 0, "[1,2]")));
    store.keep_draft(id, None).unwrap();
    assert_eq!(store.draft(id).unwrap(), None);
    // A match not in the history keeps nothing.
    assert_eq!(
        store
            .keep_draft(id + 1, Some(&draft(0, 0, "[]")))
            .unwrap_err()
            .kind(),
        "match_not_found"
    );
    // Deleted with its match.
    store.keep_draft(id, Some(&draft(1, 1, "[3]"))).unwrap();
    store.delete(id).unwrap();
    assert_eq!(store.draft(id).unwrap(), None);
}
