//! The web app's settings in the history (schema version 8, `src/settings.rs`): kept across a
//! reopen, only a JSON object let in, and never carried by an export or changed by an import.
mod common;

use common::*;
use serde_json::json;
use wordclub_store::Store;

#[test]
fn settings_are_kept_in_the_history_file_across_a_reopen() {
    let dir = TempDir::new("settings");
    let path = dir.join("history.db");
    {
        let mut store = Store::open(&path).unwrap();
        assert_eq!(store.settings().unwrap(), None, "none kept yet");
        store
            .set_settings(&json!({"theme": "dark", "player_names": ["Ann"]}))
            .unwrap();
        store
            .set_settings(&json!({"theme": "light", "future_field": 7}))
            .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(
        store.settings().unwrap(),
        Some(json!({"theme": "light", "future_field": 7})),
        "the last kept, whole, fields this build does not know included"
    );
    store.integrity_check().unwrap();
}

#[test]
fn settings_that_are_not_an_object_are_refused_and_change_nothing() {
    let mut store = Store::open_in_memory().unwrap();
    store.set_settings(&json!({"sound": false})).unwrap();
    for bad in [json!(null), json!([1, 2]), json!("dark"), json!(3)] {
        let err = store.set_settings(&bad).unwrap_err();
        assert_eq!(err.kind(), "bad_settings", "{bad}");
        assert!(err.to_string().contains("not a JSON object"), "{err}");
    }
    assert_eq!(store.settings().unwrap(), Some(json!({"sound": false})));
}

#[test]
fn an_export_leaves_the_settings_out_and_an_import_never_changes_them() {
    let mut a = Store::open_in_memory().unwrap();
    spec_cart(&mut a);
    a.set_settings(&json!({"player_names": ["Ann", "Ben"]}))
        .unwrap();
    let exported = a.export_bytes().unwrap();
    let dir = TempDir::new("settings-export");
    std::fs::write(dir.join("export.db"), &exported.bytes).unwrap();
    let file = Store::open(dir.join("export.db")).unwrap();
    assert_eq!(file.settings().unwrap(), None, "the file carries none");

    let mut fresh = Store::open_in_memory().unwrap();
    fresh.import_bytes(&exported.bytes).unwrap();
    assert_eq!(
        fresh.settings().unwrap(),
        None,
        "a new device keeps its own"
    );

    let mut b = Store::open_in_memory().unwrap();
    b.set_settings(&json!({"player_names": ["Cy"]})).unwrap();
    let report = b.import_bytes(&exported.bytes).unwrap();
    assert_eq!(report.in_file, 1);
    assert_eq!(
        b.settings().unwrap(),
        Some(json!({"player_names": ["Cy"]})),
        "the importer's settings as they were"
    );
}
