//! Match ids are never given twice (issue 42, item 3). Before schema version 5 the history's
//! `matches.id` was a plain `INTEGER PRIMARY KEY`, which SQLite gives as one more than the
//! largest id left: deleting the newest match freed its id for the next new one, so a Pass
//! from a screen still showing the deleted match landed in a new match of other players and
//! another rule set, and `screen_to_reopen` sent that screen there.
//!
//! `tests/fixtures/history-v4/` is a history written by the build before the fix (schema
//! version 4, main at 6bb9422) with its settings file, and what that build answered for it
//! (`expected/`): every build after must open it with every match, id, row, draft and
//! analysis as they were. How it was made: `WORDCLUB_WRITE_FIXTURE=1 cargo test -p
//! wordclub-app --test adversarial -- --ignored write_v4_fixture` with that build (its
//! README).
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use wordclub_app::{App, FileSettings};

use crate::common::*;

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/history-v4")
}

/// The matches left in the fixture and whether each is finished; 3 and 6 were deleted.
const KEPT: [(i64, bool); 4] = [(1, true), (2, false), (4, false), (5, false)];

/// An app over the history and the settings file in `dir`, taking fixed deals.
fn open_in(dir: &Path) -> App {
    let app = App::with_history(
        Box::new(FileSettings::new(dir.join("settings.json"))),
        &dir.join("history.db"),
    )
    .unwrap();
    app.allow_fixed_deals();
    app
}

/// The answers the fixture keeps: (file name, command, args).
fn answers() -> Vec<(String, &'static str, Value)> {
    let mut out = vec![("list.json".to_string(), "match_list", json!({}))];
    for (id, finished) in KEPT {
        out.push((
            format!("detail-{id}.json"),
            "match_detail",
            json!({"match_id": id}),
        ));
        out.push((
            format!("match-{id}.gcg"),
            "export_gcg",
            json!({"match_id": id, "reveal_racks": !finished}),
        ));
        if finished {
            out.push((
                format!("analysis-{id}.json"),
                "match_analysis",
                json!({"match_id": id}),
            ));
        }
    }
    out
}

/// A GCG answer is kept as its text; anything else as pretty JSON.
fn file_text(name: &str, answer: &Value) -> String {
    if name.ends_with(".gcg") {
        answer["gcg"].as_str().unwrap().to_string()
    } else {
        serde_json::to_string_pretty(answer).unwrap() + "\n"
    }
}

/// What that build answered, with the deliberate changes made since: manners 3 moved the
/// analyser's version (issue 44), so the analysis that build kept (analyser 1) is made again
/// at its next request and the detail says it is not ready until then; and (issue 45) the
/// detail names the rule set in plain words and gives each seat a colour, which a match
/// recorded before colours shows in each seat's default.
fn since_the_fixture(name: &str, kept: String, answer: &Value) -> String {
    if name.ends_with(".gcg") {
        return kept;
    }
    let mut kept: Value = serde_json::from_str(&kept).unwrap();
    if name == "list.json" {
        // Each row also names its rule set in plain words (issue 45).
        let rows = kept["matches"].as_array_mut().unwrap();
        for (row, now) in rows.iter_mut().zip(answer["matches"].as_array().unwrap()) {
            let plain = now["rules_name"].as_str().unwrap();
            assert!(!plain.is_empty() && !plain.contains("candidate"), "{plain}");
            row["rules_name"] = json!(plain);
        }
        return serde_json::to_string_pretty(&kept).unwrap() + "\n";
    }
    let analyser = json!(wordclub_movegen::analysis::ANALYSER_VERSION);
    if name.starts_with("detail-") {
        let analysis = &mut kept["analysis"];
        assert_eq!(analysis["analyser_version"], 1, "{name}");
        analysis["analyser_version"] = analyser;
        if analysis["ready"] == true {
            analysis["ready"] = json!(false);
        }
        let guide = &answer["rules"]["guide"];
        assert!(
            guide["name"].as_str().is_some_and(|n| !n.is_empty()),
            "{name}"
        );
        kept["rules"]["guide"] = guide.clone();
        assert_eq!(answer["summary"]["rules_name"], guide["name"], "{name}");
        kept["summary"]["rules_name"] = guide["name"].clone();
        let colours = answer["colours"].as_array().expect("colours");
        let defaults: Vec<&str> = wordclub_app::SEAT_COLOURS
            .iter()
            .take(colours.len())
            .map(|c| c.id)
            .collect();
        let ids: Vec<&str> = colours.iter().map(|c| c["id"].as_str().unwrap()).collect();
        assert_eq!(ids, defaults, "{name}");
        kept["colours"] = answer["colours"].clone();
        // The plays that stood outside the list unchallenged (issue 46): none in a match of
        // that build, which had no challenges.
        assert_eq!(answer["unchallenged"], json!([]), "{name}");
        kept["unchallenged"] = json!([]);
        // A match recorded before head starts (issue 46) has none: its first totals are the
        // rule set's start points.
        let n = colours.len();
        assert_eq!(answer["head_starts"], json!(vec![0; n]), "{name}");
        kept["head_starts"] = answer["head_starts"].clone();
        let starts: Vec<i64> = (0..n)
            .map(|s| kept["rules"]["start_points"][s].as_i64().unwrap_or(0))
            .collect();
        assert_eq!(answer["start_totals"], json!(starts), "{name}");
        kept["start_totals"] = answer["start_totals"].clone();
    } else {
        assert_eq!(kept["analyser_version"], 1, "{name}");
        kept["analyser_version"] = analyser;
        kept["manners_version"] = json!(wordclub_lexicon::MANNERS_VERSION);
    }
    serde_json::to_string_pretty(&kept).unwrap() + "\n"
}

/// The draft Ben staged in match 2: an S after CAT.
fn ben_draft() -> Value {
    json!([{"row": 4, "col": 6, "letter": "S"}])
}

fn id_of(view: Value) -> i64 {
    view["id"].as_i64().unwrap()
}

/// The fixture's matches, through the command layer as the window plays them.
fn write_matches(app: &App) {
    let on = json!({"allow_take_backs": true});
    let m = |id: i64| json!({"match_id": id});
    // 1: CAT, Ben resigns: finished, its analysis kept.
    let one = cat_match(app);
    reveal(app, one);
    ok(app, "play", json!({"match_id": one, "tiles": cat_tiles()}));
    reveal(app, one);
    ok(app, "resign", json!({"match_id": one, "confirm": true}));
    ok(app, "match_analysis", m(one));
    // 2: take-backs on; CAT taken back and played again; Ben shows his rack and stages an S
    // (a kept draft). The window's screen.
    let two = cat_match_with(app, on.clone());
    reveal(app, two);
    ok(app, "play", json!({"match_id": two, "tiles": cat_tiles()}));
    ok(app, "take_back", json!({"match_id": two, "player": 0}));
    reveal(app, two);
    ok(app, "play", json!({"match_id": two, "tiles": cat_tiles()}));
    reveal(app, two);
    ok(
        app,
        "keep_draft",
        json!({"match_id": two, "tiles": ben_draft()}),
    );
    // 3: deleted (a gap among the ids).
    let three = cat_match(app);
    // 4: a pass, then abandoned.
    let four = cat_match(app);
    reveal(app, four);
    ok(app, "pass", m(four));
    ok(
        app,
        "abandon_match",
        json!({"match_id": four, "confirm": true}),
    );
    // 5: take-backs on; CAT, and Ben has shown his rack.
    let five = cat_match_with(app, on);
    reveal(app, five);
    ok(app, "play", json!({"match_id": five, "tiles": cat_tiles()}));
    reveal(app, five);
    // 6: Ann against a computer at classic-15, on a browser's screen, then deleted: the
    // newest id, which that build gave again.
    let six = id_of(new_match(
        app,
        json!({"rules": "classic-15", "seed": 6,
               "players": [{"name": "Ann"}, {"name": "Bot", "computer": "easy"}]}),
    ));
    assert_eq!((three, six), (3, 6));
    ok(
        app,
        "remember_screen",
        json!({"client": "b-stale", "match_id": six}),
    );
    ok(
        app,
        "remember_screen",
        json!({"client": "window", "match_id": two}),
    );
    for gone in [three, six] {
        ok(
            app,
            "delete_match",
            json!({"match_id": gone, "confirm": true}),
        );
    }
}

#[test]
#[ignore = "writes the schema-v4 fixture; only ever with the build before schema version 5"]
fn write_v4_fixture() {
    if std::env::var("WORDCLUB_WRITE_FIXTURE").is_err() {
        return;
    }
    assert_eq!(
        wordclub_store::SCHEMA_VERSION,
        4,
        "the fixture is version 4's"
    );
    let dir = fixture_dir();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("expected")).unwrap();
    {
        let app = open_in(&dir);
        write_matches(&app);
    }
    // A restart, as the old build answered after it.
    let app = open_in(&dir);
    for (name, command, args) in answers() {
        let answer = ok(&app, command, args);
        std::fs::write(dir.join("expected").join(&name), file_text(&name, &answer)).unwrap();
    }
    let shown = reveal(&app, 2);
    assert_eq!(shown["draft"].as_array().map(Vec::len), Some(1), "{shown}");
    std::fs::write(
        dir.join("expected/draft-2.json"),
        serde_json::to_string_pretty(&shown["draft"]).unwrap() + "\n",
    )
    .unwrap();
    drop(app);
    assert!(!dir.join("history.db-wal").exists(), "checkpointed");
}

/// Every row of every table of the history at `db` (SQLite's own bookkeeping left out), in
/// a stable order, as text. Read from a copy of the file and its journal: an app that has the
/// history open holds it locked.
fn all_rows(db: &Path) -> Vec<String> {
    let copy = db.with_extension("rows.db");
    let copy_wal = copy.with_extension("db-wal");
    let _ = std::fs::remove_file(&copy_wal);
    std::fs::copy(db, &copy).unwrap();
    if db.with_extension("db-wal").exists() {
        std::fs::copy(db.with_extension("db-wal"), &copy_wal).unwrap();
    }
    let rows = rows_of(&copy);
    for file in [copy.clone(), copy_wal, copy.with_extension("db-shm")] {
        let _ = std::fs::remove_file(file);
    }
    rows
}

/// `rows` with the columns schema 6 added to `matches` taken off each match's row (a new
/// match's identity, none of the two others for a match of before), and those identities.
fn without_identities(rows: Vec<String>) -> (Vec<String>, Vec<String>) {
    let mut identities = Vec::new();
    let rows = rows
        .into_iter()
        .map(|row| {
            if !row.starts_with("matches:") {
                return row;
            }
            let cells: Vec<&str> = row.split(" | ").collect();
            let (old, added) = cells.split_at(cells.len() - 3);
            assert_eq!(&added[1..], ["Null", "Null"], "{row}");
            identities.push(added[0].to_string());
            old.join(" | ")
        })
        .collect();
    (rows, identities)
}

fn rows_of(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = Vec::new();
    for table in tables {
        let mut stmt = conn
            .prepare(&format!("SELECT * FROM \"{table}\" ORDER BY 1, 2"))
            .unwrap();
        let n = stmt.column_count();
        let mut rows = stmt.query([]).unwrap();
        while let Some(row) = rows.next().unwrap() {
            let cells: Vec<String> = (0..n)
                .map(|i| format!("{:?}", row.get_ref(i).unwrap()))
                .collect();
            out.push(format!("{table}: {}", cells.join(" | ")));
        }
    }
    out
}

/// A match of one person against a computer at classic-15 (no cover: a pass needs no
/// reveal): the kind of match a stale screen's Pass landed in. Its id.
fn against_a_computer(app: &App) -> i64 {
    id_of(new_match(
        app,
        json!({"rules": "classic-15", "seed": 9,
               "players": [{"name": "Cid"}, {"name": "Bot", "computer": "easy"}]}),
    ))
}

/// A Pass from a screen still showing match `id`, which was deleted: refused, whatever
/// match was started since.
#[track_caller]
fn stale_pass_is_refused(app: &App, id: i64) {
    refuses(app, "pass", json!({"match_id": id}), "unknown_match");
}

/// Item 3, live: the newest match deleted, a new one does not take its id, so the Pass of
/// a screen still showing the deleted match is refused and that screen does not reopen in
/// the new match. Across a restart too, with the newest match deleted just before it.
#[test]
fn a_deleted_matchs_id_is_never_given_again() {
    let dir = TempDir::new("adv-ids-live");
    let app = open_in(&dir.0);
    let first = cat_match(&app);
    let second = cat_match(&app);
    ok(
        &app,
        "remember_screen",
        json!({"client": "b-tablet", "match_id": second}),
    );
    ok(
        &app,
        "delete_match",
        json!({"match_id": second, "confirm": true}),
    );
    stale_pass_is_refused(&app, second);
    let third = against_a_computer(&app);
    assert!(third > second, "match {third} took a deleted match's id");
    stale_pass_is_refused(&app, second);
    let reopen = |app: &App, client: &str| {
        ok(app, "screen_to_reopen", json!({"client": client}))["match_id"].clone()
    };
    assert_eq!(reopen(&app, "b-tablet"), Value::Null);
    // A screen remembering an id far past any a history gives (a forged settings file) does
    // not use up the ids.
    ok(
        &app,
        "remember_screen",
        json!({"client": "b-far", "match_id": 1_i64 << 40}),
    );
    ok(
        &app,
        "delete_match",
        json!({"match_id": third, "confirm": true}),
    );
    drop(app);

    let app = open_in(&dir.0);
    let fourth = against_a_computer(&app);
    assert_eq!(fourth, third + 1, "after a restart too");
    stale_pass_is_refused(&app, third);
    assert_eq!(reopen(&app, "b-tablet"), Value::Null);
    assert_eq!(
        ok(&app, "match_list", json!({}))["matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        [fourth, first]
    );
}

/// Item 3 on a history of the build before the fix (`fixtures/history-v4`, its README): it
/// opens with every row of every table as it was (ids, drafts, analyses, abandoned and
/// deleted matches' gaps), answers as that build did, gives the draft back, and never gives
/// id 3 or 6 again — not even 6, the newest deleted, which no row names any more but a
/// browser's screen still remembers.
#[test]
fn an_old_history_keeps_every_row_and_id_and_never_gives_a_deleted_id() {
    let dir = TempDir::new("adv-ids-v4");
    for file in ["history.db", "settings.json"] {
        std::fs::copy(fixture_dir().join(file), dir.0.join(file)).unwrap();
    }
    let db = dir.0.join("history.db");
    let before = all_rows(&db);
    assert!(before.iter().any(|r| r.starts_with("drafts: Integer(2) |")));
    assert!(before
        .iter()
        .any(|r| r.starts_with("analyses: Integer(1) |")));

    let app = open_in(&dir.0);
    // Schema 6 adds each match's identity across devices (`uid`, `copy_of`, `label`, the last
    // columns) and the empty record of exports: every row and id of before, and each match's
    // identity the SHA-256 of its start event.
    let (rows, identities) = without_identities(all_rows(&db));
    assert_eq!(rows, before, "every row and id as it was");
    assert_eq!(
        identities.len(),
        before.iter().filter(|r| r.starts_with("matches:")).count()
    );
    // SQLite's text shows as its bytes: `sha256:` first.
    let sha256 = format!("Text({:?}", b"sha256:");
    for identity in &identities {
        assert!(
            identity.starts_with(&sha256[..sha256.len() - 1]),
            "{identity}"
        );
    }
    let expected = fixture_dir().join("expected");
    for (name, command, args) in answers() {
        let answer = ok(&app, command, args);
        let kept = std::fs::read_to_string(expected.join(&name)).unwrap();
        assert_eq!(
            file_text(&name, &answer),
            since_the_fixture(&name, kept, &answer),
            "{name}"
        );
    }
    let reopen =
        |client: &str| ok(&app, "screen_to_reopen", json!({"client": client}))["match_id"].clone();
    assert_eq!(reopen("window"), 2);
    assert_eq!(reopen("b-stale"), Value::Null);
    let shown = reveal(&app, 2);
    let draft: Value =
        serde_json::from_str(&std::fs::read_to_string(expected.join("draft-2.json")).unwrap())
            .unwrap();
    assert_eq!(shown["draft"], draft, "the draft comes back");

    let new = against_a_computer(&app);
    assert_eq!(new, 7, "past 6, the newest id that build gave");
    stale_pass_is_refused(&app, 6);
    stale_pass_is_refused(&app, 3);
    assert_eq!(reopen("b-stale"), Value::Null);
    drop(app);
    let app = open_in(&dir.0);
    assert_eq!(against_a_computer(&app), 8);
}
