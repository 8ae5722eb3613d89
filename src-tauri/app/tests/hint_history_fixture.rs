//! `tests/fixtures/hints-history/history.db` was written by the build before hints had one
//! typed record (main at 88c7517): each kind of hint as that build stored it, through the
//! command layer and through `wordclub-cli play`, with exchanges and resigns, finished and
//! unfinished matches, and stored post-game analyses. The `expected/` files beside it are
//! what that build answered for it. Every later build must open a copy, replay, export and
//! read the analyses back the same way (since manners 3 moved the analyser's version: make them
//! again, the same but for the versions they carry); this test checks that.
//!
//! How it was made (`tests/fixtures/hints-history/make.sh` runs these steps; see its README):
//! the CLI records matches 1 and 2, then
//! `WORDCLUB_WRITE_FIXTURE=1 cargo test -p wordclub-app --test hint_history_fixture -- --ignored`
//! adds matches 3–5 through the command layer, makes the analyses and writes `expected/`.
mod common;

use std::path::{Path, PathBuf};

use common::*;
use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hints-history")
}

/// The matches of the fixture and whether each is finished. 1 and 2 were recorded by
/// `wordclub-cli play` (make.sh), 3–5 by [`write_app_matches`].
const MATCHES: [(i64, bool); 5] = [(1, true), (2, true), (3, false), (4, true), (5, true)];

/// A turn's and a player's fields that follow the manners (what is counted, ranked and named
/// among the legal moves), which moved with manners 3.
const TURN_BY_MANNERS: &[&str] = &[
    "alternatives",
    "best_by_score",
    "best_by_value",
    "best_exchange",
    "bingo_available",
    "hard_would_exchange",
    "moves",
    "points_missed",
    "rank",
    "value_rank",
];
const PLAYER_BY_MANNERS: &[&str] = &[
    "average_rank",
    "best_missed",
    "best_played",
    "bingos_available",
    "bingos_found",
    "points_missed",
];

/// Removes `fields` from `object`, returning what they held.
fn manners_dependent(object: &mut Value, fields: &[&str]) -> Vec<Value> {
    let object = object.as_object_mut().unwrap();
    fields.iter().filter_map(|f| object.remove(*f)).collect()
}

/// No word anywhere in `value` (a move's `word` or `words[].word`) is a kept offensive word.
fn assert_polite(value: &Value, name: &str) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(word)) = map.get("word") {
                assert!(
                    !wordclub_lexicon::is_offensive(word.as_bytes()),
                    "{name} names {word}"
                );
            }
            map.values().for_each(|v| assert_polite(v, name));
        }
        Value::Array(items) => items.iter().for_each(|v| assert_polite(v, name)),
        _ => {}
    }
}

/// The commands whose answers the fixture keeps, for match `id`: (file name, command, args).
fn answers(id: i64, finished: bool) -> Vec<(String, &'static str, Value)> {
    let mut out = vec![
        (
            format!("match-{id}.gcg"),
            "export_gcg",
            json!({"match_id": id, "reveal_racks": !finished}),
        ),
        (
            format!("detail-{id}.json"),
            "match_detail",
            json!({"match_id": id}),
        ),
    ];
    if finished {
        out.push((
            format!("analysis-{id}.json"),
            "match_analysis",
            json!({"match_id": id}),
        ));
        out.push((
            format!("match-{id}-analysis.gcg"),
            "export_gcg",
            json!({"match_id": id, "analysis": true}),
        ));
    }
    out
}

fn stats_answers() -> Vec<(String, &'static str, Value)> {
    vec![
        ("stats.json".to_string(), "player_stats", json!({})),
        (
            "stats-classic-15.json".to_string(),
            "player_stats",
            json!({"rules": "classic-15"}),
        ),
    ]
}

fn all_answers() -> Vec<(String, &'static str, Value)> {
    let mut out: Vec<_> = MATCHES
        .iter()
        .flat_map(|&(id, finished)| answers(id, finished))
        .collect();
    out.extend(stats_answers());
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

fn open(db: &Path) -> App {
    let app = App::with_history(Box::new(MemorySettings::default()), db).unwrap();
    app.allow_fixed_deals();
    app
}

fn staged(answer: &Value) -> Value {
    Value::Array(
        answer["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| json!({"row": t["row"], "col": t["col"], "letter": t["letter"], "blank": t["blank"]}))
            .collect(),
    )
}

/// Matches 3–5, through the command layer as the window plays them.
fn write_app_matches(app: &App) {
    let id_of = |v: Value| v["id"].as_i64().unwrap();
    let m = |id: i64| json!({"match_id": id});
    // 3: Word Club 1.0, three people. Ann asks for the words hint twice (one hint), plays CAT;
    // Ben exchanges; Cid resigns (the match goes on); Ann takes a hint for a turn not played.
    let three = id_of(new_match(
        app,
        json!({"rules": "wordclub-1.0", "seed": 31,
               "players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid"}],
               "deal": {"racks": ["CATEIOL", "SNNDBGL", "RRTTEAS"], "draw_order": "ARTE"}}),
    ));
    assert_eq!(three, 3);
    reveal(app, three);
    let first = ok(app, "hint", m(three));
    assert_eq!(
        ok(app, "hint", m(three)),
        first,
        "a repeat is the same hint"
    );
    ok(
        app,
        "play",
        json!({"match_id": three, "tiles": cat_tiles()}),
    );
    reveal(app, three);
    ok(
        app,
        "exchange",
        json!({"match_id": three, "tiles": ["B", "G", "D"]}),
    );
    reveal(app, three);
    ok(app, "resign", json!({"match_id": three, "confirm": true}));
    reveal(app, three);
    ok(app, "hint", m(three));

    // 4: Word Club 1.0, Ann v Ben. Ann takes the words hint and plays CAT; Ben exchanges;
    // Ann takes it again and passes; Ben resigns (the match is over).
    let four = id_of(new_match(
        app,
        json!({"rules": "wordclub-1.0", "seed": 41,
               "players": [{"name": "Ann"}, {"name": "Ben"}],
               "deal": {"racks": ["CATEIOL", "SNNDBGL"], "draw_order": "ARTE"}}),
    ));
    reveal(app, four);
    ok(app, "hint", m(four));
    ok(app, "play", json!({"match_id": four, "tiles": cat_tiles()}));
    reveal(app, four);
    ok(
        app,
        "exchange",
        json!({"match_id": four, "tiles": ["N", "N", "B"]}),
    );
    reveal(app, four);
    ok(app, "hint", m(four));
    ok(app, "pass", m(four));
    reveal(app, four);
    ok(app, "resign", json!({"match_id": four, "confirm": true}));

    // 5: classic-15, Ann v Ben. Ann takes "Suggest a move" and plays it; Ben passes; Ann
    // takes it again, plays it, and resigns on her next turn (the match is over).
    let five = id_of(new_match(
        app,
        json!({"rules": "classic-15", "seed": 51,
               "players": [{"name": "Ann"}, {"name": "Ben"}],
               "deal": {"racks": ["CATEELN", "SBDGIOO"], "draw_order": "RSTUVWX"}}),
    ));
    for _ in 0..2 {
        reveal(app, five);
        let suggested = ok(app, "hint", m(five));
        assert_eq!(suggested["kind"], "move", "{suggested}");
        ok(
            app,
            "play",
            json!({"match_id": five, "tiles": staged(&suggested)}),
        );
        reveal(app, five);
        ok(app, "pass", m(five));
    }
    reveal(app, five);
    ok(app, "resign", json!({"match_id": five, "confirm": true}));
}

#[test]
#[ignore = "adds the command-layer matches to the fixture and writes expected/; run by make.sh"]
fn write_fixture() {
    if std::env::var("WORDCLUB_WRITE_FIXTURE").is_err() {
        return;
    }
    let dir = fixture_dir();
    let app = open(&dir.join("history.db"));
    write_app_matches(&app);
    let expected = dir.join("expected");
    std::fs::create_dir_all(&expected).unwrap();
    // The analyses first, so each match's detail says its analysis is kept.
    for &(id, finished) in &MATCHES {
        if finished {
            ok(&app, "match_analysis", json!({"match_id": id}));
        }
    }
    for (name, command, args) in all_answers() {
        let answer = ok(&app, command, args);
        std::fs::write(expected.join(&name), file_text(&name, &answer)).unwrap();
    }
}

/// What the UI (history.js) and a reader of the record take from a hint's `shown`: the words,
/// or the move's notation and score, or that there was no move. The same for every shape.
fn meaning(shown: &Value) -> Value {
    let word = |w: &Value| {
        w.as_str()
            .or_else(|| w["word"].as_str())
            .map(str::to_string)
    };
    match shown {
        Value::Null => Value::Null,
        Value::Array(items) => json!({"words": items.iter().map(word).collect::<Vec<_>>()}),
        _ if shown["kind"] == "words" => json!({"words": shown["words"]}),
        _ if shown["kind"] == "no_move" || shown.get("move") == Some(&Value::Null) => {
            json!("no move")
        }
        _ => json!({"move": shown.get("notation").or(shown.get("move")), "score": shown["score"]}),
    }
}

/// Every hint's `shown` in a detail answer (taken out of it), turn by turn.
fn take_shown(detail: &mut Value) -> Vec<Option<Value>> {
    let mut out = Vec::new();
    for turn in detail["turns"].as_array_mut().unwrap() {
        for hint in turn["hints"].as_array_mut().unwrap() {
            out.push(hint.as_object_mut().unwrap().remove("shown"));
        }
    }
    out
}

/// A hint note as the old build wrote it, as this build writes it. The old writer guessed
/// keys (the issue this fixture guards): for the command layer's words hint it found none and
/// wrote the whole JSON (`{"groups":…}`), for a suggestion without a move the JSON
/// `{"move":null}`. This build writes the words (at most 30, then the count) and `no move`;
/// every other line stays byte for byte.
fn note_now(old: &str) -> String {
    let Some((head, json)) = old.split_once("): {") else {
        return old.to_string();
    };
    let shown: Value = serde_json::from_str(&format!("{{{json}")).unwrap();
    let what = match meaning(&shown) {
        Value::String(s) => s,
        m => {
            let words: Vec<&str> = m["words"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_str().unwrap())
                .collect();
            let mut listed = words[..words.len().min(30)].join(" ");
            if words.len() > 30 {
                listed.push_str(&format!(" … ({} in all)", words.len()));
            }
            listed
        }
    };
    format!("{head}): {what}")
}

/// Takes every `rules_name` out of an answer (the plain name a match row carries since issue
/// 45), each checked to be one: no version, no "candidate".
fn take_rules_names(v: &mut Value, name: &str) {
    match v {
        Value::Object(fields) => {
            if let Some(plain) = fields.remove("rules_name") {
                let plain = plain.as_str().unwrap_or_default();
                assert!(
                    !plain.is_empty() && !plain.contains("candidate") && !plain.contains("1."),
                    "{name}: {plain}"
                );
            }
            for item in fields.values_mut() {
                take_rules_names(item, name);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| take_rules_names(i, name)),
        _ => {}
    }
}

/// Opens a copy of the fixture with this build and asks every kept question again: the
/// answers must be the ones the old build gave (JSON compared parsed, so key order aside),
/// with four deliberate differences, each checked here: a hint's `shown` in `match_detail` is
/// the typed record (the command layer's records read back as they were stored; older CLI
/// shapes read as the same words, move and score), the GCG hint notes `note_now` names, the
/// rule set's start points and table sizes, described since, the statistics' best move in
/// words, and (issue 45) the rule set's guide and the seats' colours, the defaults here.
#[test]
fn a_history_with_every_kind_of_hint_opens_replays_and_exports_as_before() {
    let db = temp_db("hint-fixture");
    std::fs::copy(fixture_dir().join("history.db"), &db).unwrap();
    let app = open(&db);
    let expected = fixture_dir().join("expected");
    let mut notes_rewritten = 0;
    for (name, command, args) in all_answers() {
        let mut answer = ok(&app, command, args);
        let want = std::fs::read_to_string(expected.join(&name)).unwrap();
        if name.ends_with(".gcg") {
            let got: Vec<&str> = answer["gcg"].as_str().unwrap().lines().collect();
            let want: Vec<&str> = want.lines().collect();
            assert_eq!(got.len(), want.len(), "{name}");
            for (got, want) in got.iter().zip(&want) {
                // The analysis's notes count and rank the moves manners 3 allows (its best
                // move's line is the one that follows): the note stays, its figures are new.
                if want.starts_with("#note best: ") {
                    assert!(got.starts_with("#note best: "), "{name}: {got}");
                    continue;
                }
                assert_eq!(*got, note_now(want), "{name}");
                notes_rewritten += usize::from(got != want);
            }
            continue;
        }
        let mut want: Value = serde_json::from_str(&want).unwrap();
        // Added after the fixture (issue 45): every match row names its rule set in plain
        // words beside its label.
        take_rules_names(&mut answer, &name);
        if name.starts_with("stats") {
            // Added after the fixture (issue 45): each best move in words, read from the match
            // it was played in; the GCG columns stay as they were.
            for p in answer["players"].as_array_mut().unwrap() {
                let words = p.as_object_mut().unwrap().remove("best_turn");
                let expected = match p["best_move"].as_str() {
                    Some("8G LATENCE") => json!("LATENCE at 8G for 74"),
                    Some("5D ...S") => json!("CATS at 5D for 4"),
                    None => Value::Null,
                    Some(other) => panic!("{name}: an unexpected best move {other}"),
                };
                assert_eq!(words, Some(expected), "{name}");
                // Added after the fixture (issue 46): the best move's words that stood
                // unchallenged outside the list, and the head starts (none before either).
                let p = p.as_object_mut().unwrap();
                assert_eq!(
                    p.remove("best_turn_unchallenged"),
                    Some(json!([])),
                    "{name}"
                );
                assert_eq!(p.remove("head_start_matches"), Some(json!(0)), "{name}");
                assert_eq!(p.remove("head_start_points"), Some(json!(0)), "{name}");
            }
        }
        // Manners 3 moved the analyser's version (issue 44): an analysis that build kept
        // (analyser 1, before manners had a version) is made again on its next request, the
        // same in every turn but for the versions it carries; until then the detail says it
        // is not ready.
        let analyser = wordclub_movegen::analysis::ANALYSER_VERSION;
        if name.starts_with("detail-") {
            let analysis = want["analysis"].as_object_mut().unwrap();
            assert_eq!(
                analysis.insert("analyser_version".into(), json!(analyser)),
                Some(json!(1))
            );
            analysis.insert("ready".into(), json!(false));
        }
        if name.starts_with("analysis-") {
            assert_eq!(want["analyser_version"], 1, "{name}");
            assert_eq!(want.get("manners_version"), None, "{name}");
            want["analyser_version"] = json!(analyser);
            want["manners_version"] = json!(wordclub_lexicon::MANNERS_VERSION);
            // What the manners decide (the moves counted, ranked and named) is made anew and
            // names no word the polite computer leaves alone; what was played is as before.
            for (object, polite) in [(&mut answer, true), (&mut want, false)] {
                for (key, fields) in [("turns", TURN_BY_MANNERS), ("players", PLAYER_BY_MANNERS)] {
                    for item in object[key].as_array_mut().unwrap() {
                        for named in manners_dependent(item, fields) {
                            if polite {
                                assert_polite(&named, &name);
                            }
                        }
                    }
                }
            }
        }
        if name.starts_with("detail-") {
            // Added to the rule set's description after the fixture (issue 23: what changes
            // with the number of players): these rule sets start every seat at 0 and change
            // nothing with the table; everything else is as the old build answered.
            let rules = answer["rules"].as_object_mut().unwrap();
            let seats = rules["players"]["max"].as_u64().unwrap() as usize;
            assert_eq!(
                rules.remove("start_points"),
                Some(json!(vec![0; seats])),
                "{name}"
            );
            assert_eq!(rules.remove("table"), Some(Value::Null), "{name}");
            assert_eq!(rules.remove("tables"), Some(json!([])), "{name}");
            // Added after the fixture (issue 45): the app's plain words about the rule set,
            // and each seat's colour, which a match recorded before colours shows in the
            // seat's default.
            let guide = rules.remove("guide").expect("a guide");
            assert!(
                guide["name"].as_str().is_some_and(|n| !n.is_empty()),
                "{name}"
            );
            // The plays that stood outside the list unchallenged (issue 46): none in these
            // matches, which had no challenges.
            let unchallenged = answer.as_object_mut().unwrap().remove("unchallenged");
            assert_eq!(unchallenged, Some(json!([])), "{name}");
            // Added after the fixture (issue 46): each seat's head start, none in a match
            // recorded before them, and the totals before turn 1, the rule set's start points.
            let n = answer["colours"].as_array().map_or(0, Vec::len);
            let heads = answer.as_object_mut().unwrap().remove("head_starts");
            assert_eq!(heads, Some(json!(vec![0; n])), "{name}");
            let totals = answer.as_object_mut().unwrap().remove("start_totals");
            assert_eq!(totals, Some(json!(vec![0; n])), "{name}: no start points");
            let colours = answer.as_object_mut().unwrap().remove("colours");
            let ids: Vec<Value> = colours
                .expect("colours")
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["id"].clone())
                .collect();
            let defaults: Vec<Value> = wordclub_app::SEAT_COLOURS
                .iter()
                .take(ids.len())
                .map(|c| json!(c.id))
                .collect();
            assert_eq!(ids, defaults, "{name}");
            let (got_shown, want_shown) = (take_shown(&mut answer), take_shown(&mut want));
            assert_eq!(got_shown.len(), want_shown.len(), "{name}");
            for (got, want) in got_shown.iter().zip(&want_shown) {
                match (got, want) {
                    (None, None) => {}
                    // The command layer's shape is the one written: it reads back as stored.
                    (Some(got), Some(want)) if want.get("kind").is_some() => {
                        assert_eq!(got, want, "{name}")
                    }
                    (Some(got), Some(want)) => {
                        assert_eq!(meaning(got), meaning(want), "{name}: {want}")
                    }
                    _ => panic!("{name}: shown {got:?}, was {want:?}"),
                }
            }
        }
        assert_eq!(answer, want, "{name}");
    }
    // The command layer's words hints (2 in match 3, 2 in each export of match 4) and the
    // CLI's suggestion without a move (in each export of match 2).
    assert_eq!(notes_rewritten, 8, "hint notes written anew");
    // The analyses made again are kept: each finished match says so.
    for &(id, finished) in &MATCHES {
        let detail = ok(&app, "match_detail", json!({"match_id": id}));
        assert_eq!(detail["analysis"]["ready"], finished, "match {id}");
    }
}
