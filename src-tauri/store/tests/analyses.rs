//! The `analyses` table (schema version 2): kept per finished match and analyser version,
//! refused for an unfinished one, added to a schema-version-1 history by its migration.
mod common;

use common::*;
use wordclub_store::Store;

#[test]
fn an_analysis_is_kept_per_match_and_version_and_only_for_finished_matches() {
    let mut store = Store::open_in_memory().unwrap();
    let (finished, _) = goes_out(&mut store);
    let (unfinished, _) = spec_cart(&mut store);
    assert_eq!(store.matches_needing_analysis(1).unwrap(), [finished]);
    assert_eq!(store.finished_count().unwrap(), 1);

    assert_eq!(store.analysis(finished, 1).unwrap(), None);
    assert!(!store.has_analysis(finished, 1).unwrap());
    store.save_analysis(finished, 1, r#"{"v":1}"#).unwrap();
    assert_eq!(
        store.analysis(finished, 1).unwrap().as_deref(),
        Some(r#"{"v":1}"#)
    );
    assert!(store.has_analysis(finished, 1).unwrap());
    assert!(store.matches_needing_analysis(1).unwrap().is_empty());

    // A newer analyser version needs its own; the old one stays.
    assert_eq!(store.analysis(finished, 2).unwrap(), None);
    assert_eq!(store.matches_needing_analysis(2).unwrap(), [finished]);
    store.save_analysis(finished, 2, r#"{"v":2}"#).unwrap();
    assert_eq!(
        store.analysis(finished, 1).unwrap().as_deref(),
        Some(r#"{"v":1}"#)
    );
    assert_eq!(
        store.analysis(finished, 2).unwrap().as_deref(),
        Some(r#"{"v":2}"#)
    );

    // An unfinished match: refused both ways, nothing written.
    let err = store.save_analysis(unfinished, 1, "{}").unwrap_err();
    assert_eq!(err.kind(), "match_in_progress");
    assert!(err.to_string().contains("in progress"), "{err}");
    assert_eq!(
        store.analysis(unfinished, 1).unwrap_err().kind(),
        "match_in_progress"
    );
    assert!(!store.has_analysis(unfinished, 1).unwrap());
    store.abandon(unfinished).unwrap();
    let err = store.save_analysis(unfinished, 1, "{}").unwrap_err();
    assert_eq!(err.kind(), "match_in_progress");
    assert!(err.to_string().contains("abandoned"), "{err}");
    assert_eq!(
        store.save_analysis(99, 1, "{}").unwrap_err().kind(),
        "match_not_found"
    );
    assert_eq!(store.analysis(99, 1).unwrap_err().kind(), "match_not_found");
}

#[test]
fn a_schema_v1_history_gains_the_table_and_analyses_survive_reopening() {
    let dir = TempDir::new("analyses");
    let path = dir.join("history.db");
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/history-v1.db"),
        &path,
    )
    .unwrap();
    {
        let mut store = Store::open(&path).unwrap();
        assert_eq!(
            store.schema_version().unwrap(),
            wordclub_store::SCHEMA_VERSION
        );
        // The fixture's finished matches (2, 3, 4) have no analysis yet.
        assert_eq!(store.matches_needing_analysis(1).unwrap(), [2, 3, 4]);
        store.save_analysis(3, 1, r#"{"kept":true}"#).unwrap();
        assert_eq!(store.path().unwrap(), path);
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(
        store.analysis(3, 1).unwrap().as_deref(),
        Some(r#"{"kept":true}"#)
    );
    assert_eq!(store.matches_needing_analysis(1).unwrap(), [2, 4]);
    store.integrity_check().unwrap();
    assert!(Store::open_in_memory().unwrap().path().is_none());
}
