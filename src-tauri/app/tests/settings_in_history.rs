//! The web app's settings kept in the history (schema version 8,
//! `App::with_settings_in_history`): earlier settings copied in once, every change committed
//! there, the history's winning over an earlier copy, and a history that cannot be written
//! refusing a change that then changes nothing.
mod common;

use common::{ok, refused};
use serde_json::{json, Value};
use wordclub_app::App;
use wordclub_store::{Store, StoreError};

fn folder(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "wordclub-settings-in-history-{tag}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn settings(app: &App) -> Value {
    ok(app, "get_settings", Value::Null)
}

#[test]
fn earlier_settings_are_copied_into_the_history_once_and_changes_are_kept_there() {
    let dir = folder("copy");
    let path = dir.join("history.db");
    let earlier = json!({"theme": "dark", "player_names": ["Zed", "Yva"]});
    {
        let app = App::with_settings_in_history(Store::open(&path), Some(earlier.clone()));
        assert!(app.history_holds_settings(), "copied");
        let shown = settings(&app);
        assert_eq!(shown["theme"], "dark");
        assert_eq!(shown["player_names"], json!(["Zed", "Yva"]));
        ok(&app, "update_settings", json!({"sound": false}));
    }
    // The history holds them, with the change: an earlier copy still offered (not cleared
    // yet) does not win over it.
    let kept = Store::open(&path).unwrap().settings().unwrap().unwrap();
    assert_eq!(kept["theme"], "dark");
    assert_eq!(kept["sound"], false);
    let app = App::with_settings_in_history(Store::open(&path), Some(json!({"theme": "light"})));
    let shown = settings(&app);
    assert_eq!(
        (&shown["theme"], &shown["sound"]),
        (&json!("dark"), &json!(false))
    );
    drop(app);

    // A fresh history with nothing earlier: the defaults, nothing kept until a change.
    let fresh = dir.join("fresh.db");
    let app = App::with_settings_in_history(Store::open(&fresh), Some(json!("not an object")));
    assert!(!app.history_holds_settings());
    assert_eq!(
        settings(&app),
        settings(&App::new(Box::new(wordclub_app::MemorySettings::default())).unwrap())
    );
    ok(&app, "update_settings", json!({"theme": "dark"}));
    assert!(app.history_holds_settings());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_history_the_earlier_settings_are_shown_and_a_change_is_refused() {
    let unopened: Result<Store, StoreError> = Err(StoreError::NoBrowserStorage {
        reason: "none here".into(),
    });
    let earlier = json!({"theme": "dark"});
    let app = App::with_settings_in_history(unopened, Some(earlier));
    assert!(!app.history_holds_settings(), "the host keeps its copy");
    assert_eq!(settings(&app)["theme"], "dark");
    assert_eq!(
        refused(&app, "update_settings", json!({"theme": "light"})),
        "no_browser_storage"
    );
    assert_eq!(settings(&app)["theme"], "dark", "nothing changed");
}
