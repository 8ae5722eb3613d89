//! What the command-layer tests share: an app over an in-memory history and settings, and
//! calls that must be answered or refused.
#![allow(dead_code)] // each test binary uses its own share of these

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings, Step, Unit};

/// Long enough for any machine; a wait with this timeout is reached only when the app is
/// stuck (it turns a hang into a failure).
pub const STUCK: Duration = Duration::from_secs(120);

/// The test as the app's host (`App::run_next`) on its own clock `now`: runs every unit due
/// until nothing is (a wait moves the clock on to it), and answers the units it ran. Fails when
/// the host never goes idle.
pub fn run_until_idle(app: &App, now: &mut Duration) -> Vec<Unit> {
    let mut ran = Vec::new();
    for _ in 0..5_000 {
        match app.run_next(*now) {
            Step::Ran(unit) => ran.push(unit),
            Step::Wait { until } => *now = until.max(*now + Duration::from_millis(1)),
            Step::Idle => return ran,
        }
    }
    panic!("the host never went idle: {ran:?}");
}

/// Runs `command` on its own thread; its answer (or its refusal's kind) arrives on the
/// receiver.
pub fn call_on_thread(
    app: &Arc<App>,
    command: &'static str,
    args: Value,
) -> Receiver<Result<Value, String>> {
    let (tx, rx) = channel();
    let app = Arc::clone(app);
    std::thread::spawn(move || {
        let _ = tx.send(app.call(command, args).map_err(|e| e.kind().to_string()));
    });
    rx
}

/// A scratch directory removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("wordclub-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A copy of the history file `fixture` in a scratch directory (`name`), opened by an app
/// that takes fixed deals, and the one unfinished match in it: its `match_list` row.
pub fn open_fixture_copy(name: &str, fixture: &Path) -> (TempDir, App, Value) {
    let dir = TempDir::new(name);
    let db = dir.0.join("history.db");
    std::fs::copy(fixture, &db).unwrap();
    let app = App::with_history(Box::new(MemorySettings::default()), &db).unwrap();
    app.allow_fixed_deals();
    let list = ok(&app, "match_list", json!({"status": "in_progress"}));
    let row = list["matches"][0].clone();
    (dir, app, row)
}

/// Every word of every turn of a match's detail, in order.
pub fn words_played(detail: &Value) -> Vec<String> {
    detail["turns"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["words"].as_array().cloned().unwrap_or_default())
        .map(|w| w["word"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// An app with an in-memory history and settings that takes fixed deals (a test caller).
pub fn app() -> App {
    let app = window_app();
    app.allow_fixed_deals();
    app
}

/// An app as the window builds it: in-memory history and settings, random deals only.
pub fn window_app() -> App {
    App::new(Box::new(MemorySettings::default())).unwrap()
}

/// The answer to a command that must be accepted.
pub fn ok(app: &App, command: &str, args: Value) -> Value {
    app.call(command, args)
        .unwrap_or_else(|e| panic!("{command} refused: {} ({})", e, e.kind()))
}

/// The error kind of a command that must be refused.
pub fn refused(app: &App, command: &str, args: Value) -> String {
    match app.call(command, args) {
        Ok(v) => panic!("{command} should be refused, got {v}"),
        Err(e) => e.kind().to_string(),
    }
}

/// A tile to place, as `preview` and `play` take it.
pub fn tile(row: u8, col: u8, letter: &str) -> Value {
    json!({"row": row, "col": col, "letter": letter})
}

/// Ann and Ben at Word Club 1.0 with the deal fixed: their racks, the first draws after them
/// and the seed of the shuffle behind those. Answers the match id.
pub fn dealt_pair(app: &App, seed: u64, racks: [&str; 2], draw_order: &str) -> i64 {
    dealt_pair_with(app, seed, racks, draw_order, json!({}))
}

/// [`dealt_pair`] with more `new_match` arguments (`extra`'s fields, which win).
pub fn dealt_pair_with(
    app: &App,
    seed: u64,
    racks: [&str; 2],
    draw_order: &str,
    extra: Value,
) -> i64 {
    let mut args = json!({"rules": "wordclub-1.0", "players": [{"name": "Ann"}, {"name": "Ben"}],
                          "seed": seed, "deal": {"racks": racks, "draw_order": draw_order}});
    for (k, v) in extra.as_object().unwrap() {
        args[k] = v.clone();
    }
    ok(app, "new_match", args)["id"].as_i64().unwrap()
}

/// SPEC §2's Word Club 1.0 example, dealt: Ann holds CATEIOL, Ben SNNDBGL, then A R T E are
/// drawn (CAT, CATS, CART).
pub fn cat_match(app: &App) -> i64 {
    cat_match_with(app, json!({}))
}

/// [`cat_match`] with more `new_match` arguments (`extra`'s fields, which win).
pub fn cat_match_with(app: &App, extra: Value) -> i64 {
    dealt_pair_with(app, 3, ["CATEIOL", "SNNDBGL"], "ARTE", extra)
}

/// Ann's first move in [`cat_match`]: CAT across at 5D, through the star.
pub fn cat_tiles() -> Vec<Value> {
    vec![tile(4, 3, "C"), tile(4, 4, "A"), tile(4, 5, "T")]
}

/// A fresh folder for this test binary and `name`, and the path of a history file in it.
pub fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wordclub-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("wordclub.db")
}

/// Whether every square of a rows-of-premiums answer is plain (`null`).
pub fn no_premiums(rows: &Value) -> bool {
    rows.as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .all(Value::is_null)
}

/// Asserts that a command is refused with the error kind `kind`.
#[track_caller]
pub fn refuses(app: &App, command: &str, args: Value, kind: &str) {
    assert_eq!(refused(app, command, args), kind, "{command} refused");
}

/// "Show my rack" for the player to move of match `id`: answers the view they then see.
pub fn reveal(app: &App, id: i64) -> Value {
    ok(app, "reveal_rack", json!({"match_id": id}))
}

/// The letters of a view's rack in the order it shows them (the deal's order).
pub fn rack_letters(view: &Value) -> String {
    view["rack"]
        .as_array()
        .expect("a view with a rack")
        .iter()
        .map(|t| t["letter"].as_str().unwrap())
        .collect()
}

/// The letters of a view's rack in alphabetical order (`?` first), or `None` when it holds
/// no rack.
pub fn sorted_rack(view: &Value) -> Option<String> {
    let mut letters: Vec<&str> = view["rack"]
        .as_array()?
        .iter()
        .map(|t| t["letter"].as_str().unwrap())
        .collect();
    letters.sort();
    Some(letters.concat())
}

/// `new_match` with these arguments, which must be accepted: the new match's view.
pub fn new_match(app: &App, args: Value) -> Value {
    ok(app, "new_match", args)
}

/// An app over a history file in a fresh folder ([`temp_db`]) that takes fixed deals, and
/// that file's path.
pub fn history_app(name: &str) -> (App, std::path::PathBuf) {
    let db = temp_db(name);
    let app = App::with_history(Box::new(wordclub_app::MemorySettings::default()), &db).unwrap();
    app.allow_fixed_deals();
    (app, db)
}

/// A fresh test app ([`app`]) with one new match: the app and the match's view.
pub fn app_with(args: Value) -> (App, Value) {
    let app = app();
    let view = new_match(&app, args);
    (app, view)
}

/// SPEC §2's CAT example ([`cat_match`]) with Ann's rack shown: its id.
pub fn revealed_cat_match(app: &App) -> i64 {
    let id = cat_match(app);
    reveal(app, id);
    id
}

/// [`cat_match`] finished at once: Ann resigns on her first turn (Ben wins). Its id.
pub fn resigned_cat_match(app: &App) -> i64 {
    let id = revealed_cat_match(app);
    ok(app, "resign", json!({ "match_id": id, "confirm": true }));
    id
}

/// Writes a list fixture (`WORDCLUB_WRITE_FIXTURE=1` only; a test run leaves it alone): a
/// history at `path` holding one match of `deal` with `moves` played in turn, recorded
/// while the current `wordclub` list is the one of SHA-256 `sha256` (`version` for the
/// message). Dropping the app closes the history, which checkpoints the WAL into the file.
pub fn write_list_fixture(
    path: &Path,
    version: u32,
    sha256: &str,
    deal: Value,
    moves: &[&[Value]],
) {
    if std::env::var("WORDCLUB_WRITE_FIXTURE").is_err() {
        return;
    }
    assert_eq!(
        wordclub_lexicon::WordList::builtin("wordclub")
            .unwrap()
            .info()
            .sha256,
        sha256,
        "the fixture is recorded under version {version} of the wordclub list"
    );
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let _ = std::fs::remove_file(path);
    {
        let app = App::with_history(Box::new(MemorySettings::default()), path).unwrap();
        app.allow_fixed_deals();
        let id = new_match(&app, deal)["id"].as_i64().unwrap();
        for tiles in moves {
            reveal(&app, id);
            ok(&app, "play", json!({"match_id": id, "tiles": tiles}));
        }
    }
    assert!(!PathBuf::from(format!("{}-wal", path.display())).exists());
}
