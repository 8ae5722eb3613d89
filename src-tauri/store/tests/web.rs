//! The history in a browser's dedicated worker (wasm32 only): `scripts/test-web-store.sh` runs
//! this in headless Chromium through `wasm-bindgen-test-runner`. The same worker holds both
//! storages; each test installs the one it tests (the last installed is the one used).
#![cfg(target_arch = "wasm32")]

use rusqlite::{Connection, OpenFlags};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use wordclub_engine::{Action, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_store::web::{self, Backend};
use wordclub_store::{Store, SCHEMA_VERSION};

wasm_bindgen_test_configure!(run_in_dedicated_worker);

/// A name no earlier run used (the browser profile may be kept between runs).
fn fresh(tag: &str) -> String {
    format!("test-{tag}-{}.sqlite3", js_sys::Date::now() as u64)
}

/// A new match of two, `passes` passes recorded; its id and the match in hand.
fn play(store: &mut Store, passes: usize) -> (i64, Match) {
    let rules = RuleSet::builtin("wordclub-1.0").unwrap();
    let list = WordList::builtin(&rules.default_list).unwrap();
    let players = vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")];
    let mut game = Match::new(rules, ListRef::of(list), players, 7).unwrap();
    let id = store.create(&game).unwrap();
    pass(store, id, &mut game, passes);
    (id, game)
}

fn pass(store: &mut Store, id: i64, game: &mut Match, passes: usize) {
    let list = WordList::builtin(&game.rules().default_list).unwrap();
    for _ in 0..passes {
        let player = game.to_move().unwrap();
        game.apply(Action::Pass { player }, list).unwrap();
        store.record(id, game).unwrap();
    }
}

fn events(store: &Store, id: i64) -> usize {
    store.resume(id).unwrap().game.events().len()
}

#[wasm_bindgen_test]
async fn opfs_keeps_a_match_across_a_reopen_with_a_rollback_journal() {
    assert_eq!(web::install_opfs().await.unwrap(), Backend::Opfs);
    let name = fresh("opfs");
    let (id, game) = {
        let mut store = Store::open_in_browser(&name).unwrap();
        assert_eq!(
            store.durability().unwrap(),
            ("delete".to_string(), "full".to_string())
        );
        play(&mut store, 3)
    };
    web::flush().await.unwrap();
    let store = Store::open_in_browser(&name).unwrap();
    assert!(store.moved_aside().is_none());
    assert_eq!(events(&store, id), game.events().len());
    assert_eq!(store.unfinished().unwrap(), [id]);
    drop(store);
    assert!(web::files().unwrap().contains(&name));
}

#[wasm_bindgen_test]
async fn indexeddb_keeps_what_was_flushed_and_only_that_across_a_reload() {
    assert_eq!(web::install_idb().await.unwrap(), Backend::IndexedDb);
    let name = fresh("idb");
    let (id, saved) = {
        let mut store = Store::open_in_browser(&name).unwrap();
        let (id, mut game) = play(&mut store, 2);
        web::flush().await.unwrap();
        let saved = game.events().len();
        // Recorded but never flushed: a worker killed here has not answered it, and a new
        // worker does not find it.
        pass(&mut store, id, &mut game, 1);
        assert_eq!(events(&store, id), saved + 1);
        (id, saved)
    };
    // What a new worker finds: IndexedDB loaded into a fresh page store.
    web::install_idb().await.unwrap();
    let mut store = Store::open_in_browser(&name).unwrap();
    assert_eq!(events(&store, id), saved, "only the flushed commits");
    let mut game = store.resume(id).unwrap().game;
    pass(&mut store, id, &mut game, 2);
    web::flush().await.unwrap();
    drop(store);
    web::install_idb().await.unwrap();
    let store = Store::open_in_browser(&name).unwrap();
    assert_eq!(events(&store, id), saved + 2);
    assert!(store.integrity_check().is_ok());
}

#[wasm_bindgen_test]
async fn a_history_from_a_newer_word_club_is_refused_and_left_as_it_is() {
    for install in [Backend::IndexedDb, Backend::Opfs] {
        let vfs = match install {
            Backend::IndexedDb => {
                web::install_idb().await.unwrap();
                "wordclub-idb"
            }
            Backend::Opfs => {
                web::install_opfs().await.unwrap();
                "wordclub-opfs"
            }
        };
        let name = fresh(install.name());
        drop(Store::open_in_browser(&name).unwrap());
        {
            let conn =
                Connection::open_with_flags_and_vfs(&name, OpenFlags::SQLITE_OPEN_READ_WRITE, vfs)
                    .unwrap();
            conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
                .unwrap();
        }
        web::flush().await.unwrap();
        let before = web::read_file(&name).unwrap();
        let err = Store::open_in_browser(&name).err().expect("refused");
        assert_eq!(err.kind(), "newer_schema", "{err}");
        assert_eq!(web::read_file(&name).unwrap(), before, "left as it is");
        let aside = format!("{name}.unreadable-");
        assert!(
            !web::files().unwrap().iter().any(|f| f.starts_with(&aside)),
            "nothing set aside"
        );
    }
}

#[wasm_bindgen_test]
async fn a_damaged_history_is_kept_under_another_name_and_offered() {
    web::install_idb().await.unwrap();
    let name = fresh("damaged");
    {
        let mut store = Store::open_in_browser(&name).unwrap();
        play(&mut store, 2);
    }
    {
        // Damage SQLite finds: a table whose definition no longer parses.
        let conn = Connection::open_with_flags_and_vfs(
            &name,
            OpenFlags::SQLITE_OPEN_READ_WRITE,
            "wordclub-idb",
        )
        .unwrap();
        conn.execute_batch(
            "PRAGMA writable_schema = ON;
             UPDATE sqlite_schema SET sql = 'CREATE TABLE events (' WHERE name = 'events';",
        )
        .unwrap();
    }
    web::flush().await.unwrap();
    web::install_idb().await.unwrap();
    let bytes = web::read_file(&name).unwrap();
    let store = Store::open_in_browser(&name).unwrap();
    let moved = store.moved_aside().expect("set aside").clone();
    let aside = moved.moved_to.display().to_string();
    assert!(aside.starts_with(&format!("{name}.unreadable-")), "{aside}");
    assert_eq!(web::read_file(&aside).unwrap(), bytes, "kept byte for byte");
    assert_eq!(store.notices().unwrap(), [moved]);
    assert_eq!(
        store.unfinished().unwrap(),
        Vec::<i64>::new(),
        "a new history"
    );
    web::flush().await.unwrap();
    drop(store);
    // The copy is in IndexedDB too, under its new name.
    web::install_idb().await.unwrap();
    assert_eq!(web::read_file(&aside).unwrap(), bytes);
}

#[wasm_bindgen_test]
async fn an_opfs_history_with_a_journal_left_beside_it_still_opens() {
    web::install_opfs().await.unwrap();
    let name = fresh("journal");
    let (id, game) = {
        let mut store = Store::open_in_browser(&name).unwrap();
        play(&mut store, 2)
    };
    {
        // A journal that outlives its connection (what a worker stopped mid-write leaves, or
        // one kept by PERSIST): the pool will not export the file while it is there.
        let conn = Connection::open_with_flags_and_vfs(
            &name,
            OpenFlags::SQLITE_OPEN_READ_WRITE,
            "wordclub-opfs",
        )
        .unwrap();
        conn.execute_batch("PRAGMA journal_mode = PERSIST").unwrap();
        conn.execute("UPDATE matches SET id = id WHERE id = ?1", [id])
            .unwrap();
    }
    assert!(web::files().unwrap().contains(&name));
    let store = Store::open_in_browser(&name).unwrap();
    assert!(store.moved_aside().is_none());
    assert_eq!(events(&store, id), game.events().len());
}
