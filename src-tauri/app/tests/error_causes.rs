//! A refusal from a lower crate keeps its cause: `source()` is the engine's or the store's
//! own typed error (and the store's `source()` the SQLite error behind it), while the kind
//! and the sentence the UI sees are that error's own, as they were when it was a string.
mod common;

use std::error::Error;

use serde_json::json;
use wordclub_app::AppError;
use wordclub_engine::EngineError;
use wordclub_store::StoreError;

fn refusal(app: &wordclub_app::App, command: &str, args: serde_json::Value) -> AppError {
    app.call(command, args)
        .expect_err("the command should be refused")
}

#[test]
fn a_match_the_history_lacks_is_unknown_match_caused_by_the_stores_error() {
    let app = common::app();
    let e = refusal(&app, "match_detail", json!({"match_id": 4242}));
    assert_eq!(e.kind(), "unknown_match");
    let cause = e
        .source()
        .and_then(|s| s.downcast_ref::<StoreError>())
        .expect("the store's error is the cause");
    assert!(matches!(cause, StoreError::MatchNotFound { id: 4242 }));
    assert_eq!(
        e.to_string(),
        cause.to_string(),
        "the sentence is the store's"
    );
    assert_eq!(e.body().message, cause.to_string());
}

#[test]
fn an_engine_refusal_keeps_its_kind_its_sentence_and_the_words_it_names() {
    let app = common::app();
    let id = common::cat_match(&app);
    // Behind the cover: the engine's `rack_hidden`.
    let hidden = refusal(
        &app,
        "play",
        json!({"match_id": id, "tiles": common::cat_tiles()}),
    );
    assert_eq!(hidden.kind(), "rack_hidden");
    assert_eq!(
        hidden
            .source()
            .and_then(|s| s.downcast_ref::<EngineError>()),
        Some(&EngineError::RackHidden)
    );
    // A word not in the list: the engine's error, its words in the details for the UI.
    common::ok(&app, "reveal_rack", json!({"match_id": id}));
    let tiles = vec![
        common::tile(4, 3, "C"),
        common::tile(4, 4, "T"),
        common::tile(4, 5, "A"),
    ];
    let e = refusal(&app, "play", json!({"match_id": id, "tiles": tiles}));
    assert_eq!(e.kind(), "not_in_list");
    let cause = e
        .source()
        .and_then(|s| s.downcast_ref::<EngineError>())
        .expect("the engine's error is the cause");
    assert_eq!(cause.words(), ["CTA"]);
    let body = e.body();
    assert_eq!(body.message, cause.to_string());
    assert_eq!(body.details, Some(json!({"words": ["CTA"]})));
}

#[test]
fn an_error_of_the_app_itself_has_no_cause() {
    let app = common::app();
    let e = refusal(&app, "resign", json!({"match_id": 1, "confirm": false}));
    assert_eq!(e.kind(), "confirmation_required");
    assert!(e.source().is_none());
}
