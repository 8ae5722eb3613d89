//! Faults around the history file: a history moved aside is announced until acknowledged,
//! read-only opens change nothing, a lock or a deleted/replaced file is a typed error, and
//! nothing but a proven, damaged Word Club history is ever moved.
mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::*;
use wordclub_engine::RuleSet;
use wordclub_store::{FixedDeal, Store, SCHEMA_VERSION};

/// Every file in `dir`: name → SHA-256 of its bytes.
fn files(dir: &Path) -> BTreeMap<String, String> {
    use sha2::{Digest, Sha256};
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let bytes = std::fs::read(e.path()).unwrap_or_default();
            (
                e.file_name().to_string_lossy().into_owned(),
                format!("{:x}", Sha256::digest(&bytes)),
            )
        })
        .collect()
}

/// A history with 30 matches whose middle pages are scribbled over: proven Word Club's by
/// its header, damaged in its pages.
fn damaged_history(path: &Path) -> Vec<u8> {
    {
        let mut store = Store::open(path).unwrap();
        for _ in 0..30 {
            spec_cart(&mut store);
        }
    }
    let mut bytes = std::fs::read(path).unwrap();
    for b in &mut bytes[4096..12 * 4096] {
        *b = 0xA5;
    }
    std::fs::write(path, &bytes).unwrap();
    bytes
}

#[test]
fn a_history_moved_aside_is_announced_until_acknowledged() {
    let dir = TempDir::new("notice");
    let path = dir.join("history.db");
    let bytes = damaged_history(&path);
    let moved = Store::open(&path)
        .unwrap()
        .moved_aside()
        .cloned()
        .expect("moved aside");
    assert_eq!(std::fs::read(&moved.moved_to).unwrap(), bytes);
    // Every later open (to play, or to read) still tells, and says where the file went.
    for _ in 0..2 {
        let store = Store::open(&path).unwrap();
        assert!(store.moved_aside().is_none(), "not moved again");
        let notices = store.notices().unwrap();
        assert_eq!(notices.len(), 1);
        assert_eq!(notices[0].moved_to, moved.moved_to);
        assert!(notices[0].to_string().contains("moved to"));
        let read = Store::open_read_only(&path).unwrap();
        assert_eq!(read.notices().unwrap(), notices);
    }
    let mut store = Store::open(&path).unwrap();
    assert_eq!(
        store.acknowledge("/no/such/file").unwrap_err().kind(),
        "bad_query"
    );
    store
        .acknowledge(&moved.moved_to.display().to_string())
        .unwrap();
    assert!(store.notices().unwrap().is_empty());
    drop(store);
    assert!(Store::open(&path).unwrap().notices().unwrap().is_empty());
    assert_eq!(
        std::fs::read(&moved.moved_to).unwrap(),
        bytes,
        "acknowledging keeps the old file as it was"
    );
}

#[test]
fn a_file_moved_aside_by_a_run_that_stopped_is_announced_too() {
    let dir = TempDir::new("unrecorded");
    let path = dir.join("history.db");
    drop(Store::open(&path).unwrap());
    // What a crash right after the rename leaves: the old file beside a fresh history.
    let stray = dir.join("history.db.unreadable-20260101T000000Z");
    std::fs::write(&stray, b"old bytes").unwrap();
    std::fs::write(dir.join("history.db.unreadable-20260101T000000Z-wal"), b"w").unwrap();
    let mut store = Store::open(&path).unwrap();
    let notices = store.notices().unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].moved_to, stray);
    store.acknowledge(&stray.display().to_string()).unwrap();
    assert!(store.notices().unwrap().is_empty());
    assert_eq!(std::fs::read(&stray).unwrap(), b"old bytes");
}

#[test]
fn reading_creates_moves_and_migrates_nothing() {
    let dir = TempDir::new("readonly");
    // Nothing there: refused, and nothing created.
    let missing = dir.join("missing/history.db");
    let err = Store::open_read_only(&missing).err().expect("refused");
    assert_eq!(err.kind(), "no_history");
    assert!(!dir.join("missing").exists());
    // A schema-1 history is read through a migrated copy; the file keeps version 1.
    let v1 = dir.join("v1.db");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/history-v1.db"),
        &v1,
    )
    .unwrap();
    let before = files(dir.path());
    let store = Store::open_read_only(&v1).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(store.list(&Default::default(), 1).unwrap().total, 6);
    assert!(store.notices().unwrap().is_empty());
    drop(store);
    assert_eq!(
        files(dir.path()),
        before,
        "no byte written, no -wal or -shm left"
    );
    // A damaged history is refused as damaged, not moved.
    let damaged = dir.join("damaged.db");
    let bytes = damaged_history(&damaged);
    let err = Store::open_read_only(&damaged).err().expect("refused");
    assert_eq!(err.kind(), "damaged_history", "{err}");
    assert_eq!(std::fs::read(&damaged).unwrap(), bytes);
    assert!(!files(dir.path()).keys().any(|n| n.contains("unreadable")));
}

#[test]
fn a_history_locked_by_another_program_is_a_typed_error_and_left_alone() {
    let dir = TempDir::new("locked");
    let path = dir.join("history.db");
    {
        let mut store = Store::open(&path).unwrap();
        spec_cart(&mut store);
    }
    let holder = rusqlite::Connection::open(&path).unwrap();
    holder
        .execute_batch("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;")
        .unwrap();
    let err = Store::open(&path).err().expect("refused while locked");
    assert_eq!(err.kind(), "cannot_open", "{err}");
    assert!(err.to_string().contains("cannot be opened"), "{err}");
    assert!(!files(dir.path()).keys().any(|n| n.contains("unreadable")));
    drop(holder);
    let store = Store::open(&path).unwrap();
    assert!(store.moved_aside().is_none());
    assert_eq!(store.list(&Default::default(), 1).unwrap().total, 1);
}

#[test]
fn a_history_deleted_or_replaced_while_open_refuses_to_record() {
    for replace in [false, true] {
        let dir = TempDir::new("gone");
        let path = dir.join("history.db");
        let mut store = Store::open(&path).unwrap();
        let (id, mut game) = spec_cart(&mut store);
        std::fs::remove_file(&path).unwrap();
        let _ = std::fs::remove_file(dir.join("history.db-wal"));
        let _ = std::fs::remove_file(dir.join("history.db-shm"));
        if replace {
            drop(Store::open(&path).unwrap());
        }
        act(&mut game, "pass");
        let err = store.record(id, &game).unwrap_err();
        assert_eq!(err.kind(), "history_gone", "{err}");
        assert!(err.to_string().contains("not saved"), "{err}");
        let err = store.create(&game).unwrap_err();
        assert_eq!(err.kind(), "history_gone");
        if replace {
            // The new file at the path never got the old store's writes.
            let fresh = Store::open(&path).unwrap();
            assert_eq!(fresh.list(&Default::default(), 1).unwrap().total, 0);
        }
    }
}

#[test]
fn a_match_dealt_by_its_caller_is_marked_in_the_history() {
    let mut store = Store::open_in_memory().unwrap();
    let game = new_match(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        &["Ann", "Ben"],
        &["CATEELN", "SBDGIOO"],
        "",
    );
    let random = store.create(&game).unwrap();
    let seeded = store.create_with(&game, Some(FixedDeal::Seed)).unwrap();
    let dealt = store.create_with(&game, Some(FixedDeal::Deal)).unwrap();
    assert_eq!(store.summary(random).unwrap().fixed_deal, None);
    assert_eq!(
        store.summary(seeded).unwrap().fixed_deal,
        Some(FixedDeal::Seed)
    );
    assert_eq!(
        store.summary(dealt).unwrap().fixed_deal,
        Some(FixedDeal::Deal)
    );
}

/// What a history file can suffer from another program while Word Club has it open.
#[derive(Debug, Clone, Copy)]
enum Fault {
    Delete,
    /// Cut to half its size in place (same file, fewer bytes).
    Truncate,
}

/// Every file of an open history (the database, its `-wal`), deleted or truncated in place
/// between two moves: the next move is refused with `history_gone` (nothing answered as saved
/// that a restart would not find), and every move answered before the fault that a restart
/// can still find is exactly what was answered (nothing altered). When only the `-wal` was
/// deleted, the moves answered before it are kept: the store folds them into the history
/// before it refuses. There is no `-shm` to take away: the store keeps the journal's index in
/// its own memory.
#[test]
fn a_fault_matrix_of_the_history_files_never_answers_a_lost_move() {
    for suffix in ["", "-wal"] {
        for fault in [Fault::Delete, Fault::Truncate] {
            let case = format!("{fault:?} history.db{suffix}");
            let dir = TempDir::new("matrix");
            let path = dir.join("history.db");
            let mut store = Store::open(&path).unwrap();
            let (id, mut game) = spec_cart(&mut store);
            let answered = game.events().len();
            let target = dir.join(&format!("history.db{suffix}"));
            assert!(target.exists(), "{case}: the file is there while open");
            assert!(
                !dir.join("history.db-shm").exists(),
                "{case}: no -shm while open"
            );
            match fault {
                Fault::Delete => std::fs::remove_file(&target).unwrap(),
                Fault::Truncate => {
                    let len = std::fs::metadata(&target).unwrap().len();
                    std::fs::OpenOptions::new()
                        .write(true)
                        .open(&target)
                        .unwrap()
                        .set_len(len / 2)
                        .unwrap();
                }
            }
            act(&mut game, "pass");
            let err = store.record(id, &game).unwrap_err();
            assert_eq!(err.kind(), "history_gone", "{case}: {err}");
            assert!(err.to_string().contains("not saved"), "{case}: {err}");
            drop(store);
            // After a restart: whatever opens holds only moves that were answered.
            let Ok(reopened) = Store::open(&path) else {
                continue;
            };
            let Ok(summary) = reopened.list(&Default::default(), 1) else {
                continue;
            };
            if let Some(found) = summary.matches.first() {
                let resumed = reopened.replayed(found.id).unwrap();
                assert!(
                    resumed.events().len() <= answered,
                    "{case}: a refused move was saved"
                );
                assert_eq!(
                    resumed.events(),
                    &game.events()[..resumed.events().len()],
                    "{case}: what was kept is what was answered"
                );
            }
            if suffix == "-wal" && matches!(fault, Fault::Delete) {
                let kept = summary.matches.first().expect("the match is kept");
                let resumed = reopened.replayed(kept.id).unwrap();
                assert_eq!(
                    resumed.events().len(),
                    answered,
                    "{case}: every answered move was folded into the history"
                );
            }
        }
    }
}

/// Issue 42, item 5: the history rewritten in place at its own size (an older copy of it put
/// back by a sync client, padded to the size the store last saw — which another connection may
/// have grown it to): the next move is refused with `history_gone`, not answered into a journal
/// that no longer matches the file (the build before checked only that the file had not
/// shrunk, and answered it).
#[test]
fn a_history_rewritten_in_place_at_its_own_size_refuses_to_record() {
    let dir = TempDir::new("rewritten");
    let path = dir.join("history.db");
    {
        let mut store = Store::open(&path).unwrap();
        spec_cart(&mut store);
    }
    let older = std::fs::read(&path).unwrap();
    {
        let mut store = Store::open(&path).unwrap();
        for _ in 0..5 {
            spec_cart(&mut store);
        }
    }
    let mut store = Store::open(&path).unwrap();
    let (id, mut game) = spec_cart(&mut store);
    let len = std::fs::metadata(&path).unwrap().len() as usize;
    assert!(older.len() <= len, "{} > {len}", older.len());
    let mut copy = older;
    copy.resize(len, 0);
    // In place: the same file, the same size, other bytes.
    std::fs::write(&path, &copy).unwrap();
    act(&mut game, "pass");
    let err = store.record(id, &game).unwrap_err();
    assert_eq!(err.kind(), "history_gone", "{err}");
    assert!(err.to_string().contains("another program"), "{err}");
}

/// Issue 42, item 2: a backup renamed over the history while a run was killed (its journal,
/// holding the newer matches, left at the path). A read finds the backup as it is and changes
/// nothing; an open to play on sets the journal aside — kept byte for byte, and said — and
/// never replays it into the backup (the build before read and opened the backup overlaid
/// with the newer matches).
#[test]
fn a_journal_of_another_file_is_set_aside_and_never_replayed() {
    let dir = TempDir::new("stray");
    let path = dir.join("history.db");
    {
        let mut store = Store::open(&path).unwrap();
        spec_cart(&mut store);
    }
    let backup = dir.join("backup.db");
    std::fs::copy(&path, &backup).unwrap();
    let mut store = Store::open(&path).unwrap();
    spec_cart(&mut store);
    spec_cart(&mut store);
    // Killed: the connection never closes (its descriptors stay open until the test ends).
    std::mem::forget(store);
    std::fs::rename(&backup, &path).unwrap();
    let journal = std::fs::read(dir.join("history.db-wal")).unwrap();
    assert!(journal.len() > 32, "the journal holds the newer matches");

    let before = files(dir.path());
    let read = Store::open_read_only(&path).unwrap();
    assert_eq!(read.list(&Default::default(), 1).unwrap().total, 1);
    drop(read);
    assert_eq!(files(dir.path()), before, "a read changes nothing");

    let store = Store::open(&path).unwrap();
    assert_eq!(store.list(&Default::default(), 1).unwrap().total, 1);
    store.integrity_check().unwrap();
    let notices = store.notices().unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].original, dir.join("history.db-wal"));
    assert!(notices[0].to_string().contains("journal"), "{}", notices[0]);
    assert_eq!(std::fs::read(&notices[0].moved_to).unwrap(), journal);
}
