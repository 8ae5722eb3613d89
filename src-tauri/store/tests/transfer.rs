//! Carrying a history between devices: the whole history exported as one file and imported
//! into another (`src/transfer.rs`). Two histories stand for two devices.
mod common;

use std::path::PathBuf;

use common::*;
use wordclub_store::{Filter, ImportReport, Status, Store, StoreError, SCHEMA_VERSION};

/// Every match of a history as an import must keep it, by identity: its events, status,
/// seats and scores (ids left out: each history numbers its own).
fn matches_of(store: &Store) -> Vec<String> {
    let mut out = Vec::new();
    let mut page = 1;
    loop {
        let list = store.list(&Filter::default(), page).unwrap();
        for m in &list.matches {
            let game = store.replayed(m.id).unwrap();
            let events = serde_json::to_string(game.events()).unwrap();
            let players: Vec<(String, i64, bool)> = m
                .players
                .iter()
                .map(|p| (p.name.clone(), p.score, p.winner))
                .collect();
            out.push(format!(
                "{} {:?} {} {} {} {:?} {:?} {events}",
                store.uid(m.id).unwrap(),
                m.status,
                m.rules_id,
                m.rules_sha256,
                m.list_sha256,
                m.fixed_deal,
                players,
            ));
        }
        if page >= list.pages {
            break;
        }
        page += 1;
    }
    out.sort();
    out
}

/// A device with a few matches: one in progress, three finished, one abandoned.
fn device_a() -> Store {
    let mut store = Store::open_in_memory().unwrap();
    spec_cart(&mut store);
    goes_out(&mut store);
    three_with_resigns(&mut store);
    six_passes(&mut store, ["Cy", "Di"]);
    let (abandoned, _) = spec_cart(&mut store);
    store.abandon(abandoned).unwrap();
    store
}

fn report(added: u64, extended: u64, unchanged: u64, second: u64) -> (u64, u64, u64, u64) {
    (added, extended, unchanged, second)
}

fn counts(r: &ImportReport) -> (u64, u64, u64, u64) {
    (r.added, r.extended, r.unchanged, r.kept_as_second)
}

#[test]
fn a_history_exported_and_imported_into_an_empty_one_is_the_same_history() {
    let a = device_a();
    let file = a.export_bytes().unwrap();
    assert_eq!(file.matches, 5);
    assert_eq!(&file.bytes[..16], b"SQLite format 3\0");
    assert_eq!((file.bytes[18], file.bytes[19]), (1, 1), "rollback journal");
    let mut b = Store::open_in_memory().unwrap();
    let r = b.import_bytes(&file.bytes).unwrap();
    assert_eq!(r.in_file, 5);
    assert_eq!(counts(&r), report(5, 0, 0, 0));
    assert_eq!(matches_of(&b), matches_of(&a));
    // Pinned to their rule sets: a custom one (the tiny rules) as well as built-ins.
    let list = b.list(&Filter::default(), 1).unwrap();
    assert!(list.matches.iter().any(|m| m.rules_id == "tiny-test"));
    // An unfinished match goes on there.
    let unfinished = b.unfinished().unwrap();
    assert_eq!(unfinished.len(), 1);
    let mut game = b.resume(unfinished[0]).unwrap().game;
    act(&mut game, "pass");
    assert_eq!(b.record(unfinished[0], &game).unwrap(), 1);
    // And back: A sees the longer version.
    let mut a = a;
    let r = a.import_bytes(&b.export_bytes().unwrap().bytes).unwrap();
    assert_eq!(counts(&r), report(0, 1, 4, 0));
    assert_eq!(matches_of(&a), matches_of(&b));
}

#[test]
fn the_same_match_twice_is_one_match() {
    let a = device_a();
    let file = a.export_bytes().unwrap().bytes;
    let mut b = Store::open_in_memory().unwrap();
    b.import_bytes(&file).unwrap();
    let once = matches_of(&b);
    let r = b.import_bytes(&file).unwrap();
    assert_eq!(counts(&r), report(0, 0, 5, 0));
    assert!(r.changed_ids.is_empty());
    assert_eq!(matches_of(&b), once);
    // A history imported into itself is itself.
    let mut a = a;
    let before = matches_of(&a);
    let r = a.import_bytes(&file).unwrap();
    assert_eq!(counts(&r), report(0, 0, 5, 0));
    assert_eq!(matches_of(&a), before);
}

#[test]
fn a_match_continued_on_another_device_is_extended_and_one_behind_is_left_alone() {
    let mut a = Store::open_in_memory().unwrap();
    let (id, mut game) = spec_cart(&mut a);
    let mut b = Store::open_in_memory().unwrap();
    b.import_bytes(&a.export_bytes().unwrap().bytes).unwrap();
    // A plays on to the end (Ben resigns).
    act(&mut game, "pass");
    a.record(id, &game).unwrap();
    act(&mut game, "resign 1");
    a.record(id, &game).unwrap();
    assert!(game.is_over());
    let behind = b.export_bytes().unwrap().bytes;
    let r = b.import_bytes(&a.export_bytes().unwrap().bytes).unwrap();
    assert_eq!(counts(&r), report(0, 1, 0, 0));
    let bid = b.unfinished().unwrap();
    assert!(bid.is_empty(), "finished there, finished here");
    assert_eq!(matches_of(&b), matches_of(&a));
    let only = b.list(&Filter::default(), 1).unwrap().matches[0].clone();
    assert_eq!(only.status, Status::Finished);
    assert_eq!(r.changed_ids, [only.id]);
    assert_eq!(
        b.replayed(only.id).unwrap().events(),
        game.events(),
        "every event of the longer version"
    );
    // B's old file, behind A: nothing changes on A.
    let before = matches_of(&a);
    let r = a.import_bytes(&behind).unwrap();
    assert_eq!(counts(&r), report(0, 0, 1, 0));
    assert_eq!(matches_of(&a), before);
}

#[test]
fn a_match_that_went_two_ways_is_kept_as_a_second_named_match() {
    let mut a = Store::open_in_memory().unwrap();
    let (id, mut on_a) = spec_cart(&mut a);
    let mut b = Store::open_in_memory().unwrap();
    b.import_bytes(&a.export_bytes().unwrap().bytes).unwrap();
    let bid = b.unfinished().unwrap()[0];
    // On A Ben passes; on B he resigns.
    act(&mut on_a, "pass");
    a.record(id, &on_a).unwrap();
    let mut on_b = b.resume(bid).unwrap().game;
    act(&mut on_b, "resign 1");
    b.record(bid, &on_b).unwrap();
    let b_before = b.replayed(bid).unwrap().events().to_vec();

    let file = a.export_bytes().unwrap().bytes;
    let r = b.import_bytes(&file).unwrap();
    assert_eq!(counts(&r), report(0, 0, 0, 1));
    assert_eq!(
        b.replayed(bid).unwrap().events(),
        &b_before[..],
        "B's own untouched"
    );
    let second = r.changed_ids[0];
    assert_ne!(second, bid);
    assert_eq!(b.replayed(second).unwrap().events(), on_a.events());
    let summary = b.summary(second).unwrap();
    assert_eq!(
        summary.label.as_deref(),
        Some("Ann and Ben (from another device)")
    );
    assert_eq!(summary.status, Status::InProgress);
    assert_ne!(b.uid(second).unwrap(), b.uid(bid).unwrap());
    // The same file again: the second is found, not made a third time.
    let r = b.import_bytes(&file).unwrap();
    assert_eq!(counts(&r), report(0, 0, 1, 0));
    // A plays on in its version: the second is extended, B's own still untouched.
    act(&mut on_a, "pass");
    a.record(id, &on_a).unwrap();
    let r = b.import_bytes(&a.export_bytes().unwrap().bytes).unwrap();
    assert_eq!(counts(&r), report(0, 1, 0, 0));
    assert_eq!(r.changed_ids, [second]);
    assert_eq!(b.replayed(second).unwrap().events(), on_a.events());
    assert_eq!(b.replayed(bid).unwrap().events(), &b_before[..]);
    // And B's history, both versions, imported back on A: A's own is unchanged, B's is the
    // second there.
    let r = a.import_bytes(&b.export_bytes().unwrap().bytes).unwrap();
    assert_eq!(counts(&r), report(0, 0, 1, 1));
    assert_eq!(a.list(&Filter::default(), 1).unwrap().total, 2);
}

/// What the history holds, every match by identity with its events: unchanged by a refusal.
fn snapshot(store: &Store) -> (Vec<String>, Option<i64>) {
    (matches_of(store), store.last_export().unwrap())
}

fn refused(store: &mut Store, bytes: &[u8], kind: &str, says: &str) {
    let before = snapshot(store);
    let err = store.import_bytes(bytes).unwrap_err();
    assert_eq!(err.kind(), kind, "{err}");
    let text = err.to_string();
    assert!(text.contains(says), "{text}");
    assert!(text.contains("was not changed"), "{text}");
    assert_eq!(snapshot(store), before, "nothing changed");
}

/// `bytes` written to a file, changed by `sql` through SQLite, read back.
fn edited(bytes: &[u8], sql: &str) -> Vec<u8> {
    let dir = TempDir::new("transfer-edit");
    let path = dir.join("edited.db");
    std::fs::write(&path, bytes).unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(sql).unwrap();
    drop(conn);
    std::fs::read(&path).unwrap()
}

#[test]
fn a_damaged_foreign_or_newer_file_is_refused_and_nothing_changes() {
    let mut b = device_a();
    b.record_export(5).unwrap();
    let good = device_a().export_bytes().unwrap().bytes;

    refused(&mut b, b"", "import_not_a_history", "empty");
    refused(
        &mut b,
        b"hello, this is a text file and not a history at all, though long enough for a header....",
        "import_not_a_history",
        "not an SQLite database",
    );
    // Another program's database, with its own application id; and one without any, laid
    // out like nothing Word Club wrote, though it has a `matches` table.
    let other = edited(
        b"",
        "PRAGMA application_id = 42; CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('a');",
    );
    refused(&mut b, &other, "import_not_a_history", "another program");
    let lookalike = edited(
        b"",
        "PRAGMA user_version = 1; CREATE TABLE matches (id INTEGER PRIMARY KEY, x TEXT);",
    );
    refused(&mut b, &lookalike, "import_not_a_history", "not laid out");
    // A Word Club history with one more table than this build's layout.
    let extra = edited(&good, "CREATE TABLE surprise (x INTEGER);");
    refused(&mut b, &extra, "import_not_a_history", "not laid out");

    // From a newer Word Club.
    let newer = edited(
        &good,
        &format!("PRAGMA user_version = {};", SCHEMA_VERSION + 1),
    );
    refused(&mut b, &newer, "import_too_new", "newer Word Club");

    // Damaged: a page in the middle overwritten.
    let mut damaged = good.clone();
    let page = 4096.min(damaged.len() / 4);
    let at = damaged.len() / 2 / page * page;
    for byte in &mut damaged[at..at + page] {
        *byte = 0xA5;
    }
    refused(&mut b, &damaged, "import_damaged", "damaged");
    // Cut short.
    refused(&mut b, &good[..good.len() / 2], "import_damaged", "damaged");

    // Whole, but one match does not replay (an event edited by hand): the whole file is
    // refused, the matches before it too.
    let forged = edited(
        &good,
        "UPDATE events SET body = replace(body, '\"score\":3', '\"score\":300') \
         WHERE kind = 'placed' AND match_id = (SELECT max(match_id) FROM events WHERE kind = 'placed');",
    );
    assert_ne!(forged, good);
    refused(&mut b, &forged, "import_damaged", "cannot be kept");
    let unknown_rules = edited(
        &good,
        "UPDATE matches SET rules_json = rules_json || ' ' WHERE id = 2;",
    );
    refused(&mut b, &unknown_rules, "import_damaged", "match 2");
}

fn fixture_v1() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/history-v1.db")
}

#[test]
fn an_old_history_gets_identities_from_its_start_events_the_same_in_every_migration() {
    let dir = TempDir::new("transfer-v1");
    let uids = |name: &str| -> Vec<String> {
        let path = dir.join(name);
        std::fs::copy(fixture_v1(), &path).unwrap();
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
        (1..=6).map(|id| store.uid(id).unwrap()).collect()
    };
    let first = uids("one.db");
    let second = uids("two.db");
    assert_eq!(
        first, second,
        "two migrations of one file, the same identities"
    );
    for uid in &first {
        assert!(uid.starts_with("sha256:"), "{uid}");
    }
    // Matches 1 and 6 have the same start event (the same fixed deal): told apart.
    assert_eq!(first[5], format!("{}-2", first[0]));
    let distinct: std::collections::BTreeSet<&String> = first.iter().collect();
    assert_eq!(distinct.len(), 6);
    // Reopened, nothing is given again.
    let store = Store::open(dir.join("one.db")).unwrap();
    assert_eq!(
        (1..=6).map(|id| store.uid(id).unwrap()).collect::<Vec<_>>(),
        first
    );

    // The old file itself imported (its bytes, never migrated in place) into the history
    // migrated from it: the same six matches.
    let mut store = store;
    let raw = std::fs::read(fixture_v1()).unwrap();
    let before = matches_of(&store);
    let r = store.import_bytes(&raw).unwrap();
    assert_eq!(counts(&r), report(0, 0, 6, 0));
    assert_eq!(matches_of(&store), before);
    assert_eq!(
        std::fs::read(fixture_v1()).unwrap(),
        raw,
        "the file untouched"
    );
    // And into an empty history: all six, with the same identities.
    let mut empty = Store::open_in_memory().unwrap();
    let r = empty.import_bytes(&raw).unwrap();
    assert_eq!(counts(&r), report(6, 0, 0, 0));
    assert_eq!(matches_of(&empty), before);
}

#[test]
fn a_history_file_open_to_play_on_exports_whole_and_new_matches_get_uuids() {
    let dir = TempDir::new("transfer-file");
    let mut store = Store::open(dir.join("history.db")).unwrap();
    let (id, _) = spec_cart(&mut store);
    goes_out(&mut store);
    let uid = store.uid(id).unwrap();
    assert_eq!(uid.len(), 36, "{uid}");
    assert_eq!(&uid[14..15], "4", "a version 4 UUID: {uid}");
    assert_eq!(store.last_export().unwrap(), None);
    let file = store.export_bytes().unwrap();
    store.record_export(file.matches).unwrap();
    assert!(store.last_export().unwrap().is_some());
    // Written out, the file opens as a history on its own (no -wal), the same matches; its
    // own record of exports is this device's, not carried.
    let copy = dir.join("copy.db");
    std::fs::write(&copy, &file.bytes).unwrap();
    let opened = Store::open_read_only(&copy).unwrap();
    assert_eq!(matches_of(&opened), matches_of(&store));
    assert_eq!(opened.last_export().unwrap(), None);
    // A raw history file in WAL mode imports as well.
    drop(store);
    let raw = std::fs::read(dir.join("history.db")).unwrap();
    assert_eq!((raw[18], raw[19]), (2, 2), "the history is in WAL mode");
    let mut other = Store::open_in_memory().unwrap();
    let r = other.import_bytes(&raw).unwrap();
    assert_eq!(counts(&r), report(2, 0, 0, 0));
    assert_eq!(matches_of(&other), matches_of(&opened));
}

/// The engine's events are the import's truth: the file's derived columns are never copied.
#[test]
fn an_imported_match_columns_come_from_its_replay_not_the_file() {
    let a = device_a();
    let good = a.export_bytes().unwrap().bytes;
    let lying = edited(&good, "UPDATE players SET score = 999, name = 'Mallory';");
    let mut b = Store::open_in_memory().unwrap();
    b.import_bytes(&lying).unwrap();
    assert_eq!(matches_of(&b), matches_of(&a));
    let names = b.list(&Filter::default(), 1).unwrap();
    assert!(names.matches.iter().all(|m| m
        .players
        .iter()
        .all(|p| p.name != "Mallory" && p.score != 999)));
}

#[test]
fn a_refused_import_never_holds_the_error_as_a_panic() {
    // Random bytes with a valid SQLite header: refused with a kind, never a panic.
    let good = device_a().export_bytes().unwrap().bytes;
    let mut b = Store::open_in_memory().unwrap();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for round in 0..40 {
        let mut bytes = good.clone();
        for _ in 0..(1 + round % 7) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let at = 100 + (state as usize) % (bytes.len() - 100);
            bytes[at] ^= (state >> 32) as u8 | 1;
        }
        match b.import_bytes(&bytes) {
            Ok(_) => {}
            Err(e @ StoreError::ImportRefused { .. }) => assert!(!e.to_string().is_empty()),
            Err(e) => panic!("round {round}: {} {e}", e.kind()),
        }
    }
}
