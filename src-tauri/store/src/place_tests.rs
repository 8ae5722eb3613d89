//! The portable open path ([`Store::open_in`], the browser's) tested natively: a folder on disk
//! behind SQLite's own `unix` VFS stands in for the browser's storage, so the checks, the
//! journal and the setting aside are the ones the browser runs, on files a test can inspect.
use std::path::PathBuf;

use wordclub_engine::{Action, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;

use crate::open::Place;
use crate::{Store, StoreError, APPLICATION_ID, SCHEMA_VERSION};

/// A folder as a flat storage: names are the files' full paths.
struct Folder(PathBuf);

impl Place for Folder {
    fn vfs(&self) -> &str {
        "unix"
    }

    fn head(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(std::fs::read(name)
            .ok()
            .map(|b| b.into_iter().take(100).collect()))
    }

    fn set_aside(&self, from: &str, to: &str) -> Result<(), StoreError> {
        std::fs::rename(from, to).map_err(|e| StoreError::Storage {
            reason: e.to_string(),
        })
    }

    fn names(&self) -> Result<Vec<String>, StoreError> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().path().display().to_string())
            .collect();
        names.sort();
        Ok(names)
    }

    fn read(&self, name: &str) -> Result<Vec<u8>, StoreError> {
        std::fs::read(name).map_err(|e| StoreError::Storage {
            reason: e.to_string(),
        })
    }
}

fn folder(tag: &str) -> (&'static Folder, String) {
    let dir = std::env::temp_dir().join(format!(
        "wordclub-place-{tag}-{}-{}",
        std::process::id(),
        crate::time::now_ms()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let name = dir.join("history.sqlite3").display().to_string();
    (Box::leak(Box::new(Folder(dir))), name)
}

/// A match of two with `passes` passes recorded.
fn play(store: &mut Store, passes: usize) -> (i64, Match) {
    let rules = RuleSet::builtin("wordclub-1.0").unwrap();
    let list = WordList::builtin(&rules.default_list).unwrap();
    let players = vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")];
    let mut game = Match::new(rules, ListRef::of(list), players, 7).unwrap();
    let id = store.create(&game).unwrap();
    for _ in 0..passes {
        let player = game.to_move().unwrap();
        game.apply(Action::Pass { player }, list).unwrap();
        store.record(id, &game).unwrap();
    }
    (id, game)
}

#[test]
fn a_history_in_a_place_keeps_its_matches_with_a_rollback_journal_and_full_sync() {
    let (place, name) = folder("reopen");
    let (id, game) = {
        let mut store = Store::open_in(place, &name).unwrap();
        assert_eq!(
            store.durability().unwrap(),
            ("delete".to_string(), "full".to_string())
        );
        play(&mut store, 3)
    };
    let store = Store::open_in(place, &name).unwrap();
    assert!(store.moved_aside().is_none());
    let resumed = store.resume(id).unwrap().game;
    assert_eq!(resumed.to_move(), game.to_move());
    assert_eq!(store.unfinished().unwrap(), [id]);
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(
        place.names().unwrap(),
        std::slice::from_ref(&name),
        "no journal left behind"
    );
}

#[test]
fn a_damaged_history_in_a_place_is_set_aside_whole_and_said_until_acknowledged() {
    let (place, name) = folder("damaged");
    {
        let mut store = Store::open_in(place, &name).unwrap();
        for _ in 0..40 {
            play(&mut store, 2);
        }
    }
    let mut bytes = std::fs::read(&name).unwrap();
    assert!(bytes.len() > 12 * 4096, "{}", bytes.len());
    for b in &mut bytes[4096..10 * 4096] {
        *b = 0xA5;
    }
    std::fs::write(&name, &bytes).unwrap();
    let mut store = Store::open_in(place, &name).unwrap();
    let moved = store.moved_aside().expect("set aside").clone();
    let aside = moved.moved_to.display().to_string();
    assert!(aside.starts_with(&format!("{name}.unreadable-")), "{aside}");
    assert_eq!(place.read(&aside).unwrap(), bytes, "kept byte for byte");
    assert_eq!(store.list(&Default::default(), 1).unwrap().total, 0);
    assert_eq!(store.notices().unwrap(), std::slice::from_ref(&moved));
    store.acknowledge(&aside).unwrap();
    assert!(store.notices().unwrap().is_empty());
    drop(store);
    // A file set aside that the history does not record (a worker stopped right after) is
    // said too.
    std::fs::write(format!("{name}.unreadable-20260101T000000Z"), b"x").unwrap();
    let store = Store::open_in(place, &name).unwrap();
    let notices = store.notices().unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0]
        .moved_to
        .display()
        .to_string()
        .ends_with(".unreadable-20260101T000000Z"));
}

#[test]
fn a_newer_or_foreign_file_in_a_place_is_refused_and_left_as_it_is() {
    let (place, name) = folder("newer");
    drop(Store::open_in(place, &name).unwrap());
    {
        let conn = rusqlite::Connection::open(&name).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
    }
    let before = std::fs::read(&name).unwrap();
    let err = Store::open_in(place, &name).err().expect("refused");
    assert_eq!(err.kind(), "newer_schema", "{err}");
    assert_eq!(std::fs::read(&name).unwrap(), before);
    assert_eq!(
        place.names().unwrap(),
        std::slice::from_ref(&name),
        "nothing set aside"
    );

    let (place, name) = folder("foreign");
    {
        let conn = rusqlite::Connection::open(&name).unwrap();
        conn.pragma_update(None, "application_id", APPLICATION_ID + 1)
            .unwrap();
        conn.execute_batch("CREATE TABLE notes (x)").unwrap();
    }
    let before = std::fs::read(&name).unwrap();
    let err = Store::open_in(place, &name).err().expect("refused");
    assert_eq!(err.kind(), "not_a_history", "{err}");
    assert_eq!(std::fs::read(&name).unwrap(), before);

    let (place, name) = folder("text");
    std::fs::write(&name, "not a database at all, just some words").unwrap();
    let err = Store::open_in(place, &name).err().expect("refused");
    assert_eq!(err.kind(), "not_a_history", "{err}");
    assert_eq!(place.names().unwrap(), [name]);
}
