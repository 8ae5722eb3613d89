//! The post-game analysis through the command layer: refused while a match is on, made
//! once and kept, flagged in `match_detail`, its ghost moves scored on the right board, in
//! the GCG export as `#note` lines, and re-made in the background for a history file.
mod common;

use common::*;
use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

/// Classic-15, Ann (CATEIOL) v Ben (SNNDBGL): Ann plays CAT through the star, then all
/// passes (the scoreless ending after six). Returns the id; `finish: false` stops one short.
fn cat_then_passes(app: &App, finish: bool) -> i64 {
    let view = new_match(
        app,
        json!({"rules": "classic-15", "players": [{"name": "Ann"}, {"name": "Ben"}],
               "deal": {"racks": ["CATEIOL", "SNNDBGL"], "draw_order": ""}}),
    );
    let id = view["id"].as_i64().unwrap();
    reveal(app, id);
    ok(
        app,
        "play",
        json!({"match_id": id, "tiles": [tile(7, 6, "C"), tile(7, 7, "A"), tile(7, 8, "T")]}),
    );
    for _ in 0..if finish { 6 } else { 5 } {
        reveal(app, id);
        ok(app, "pass", json!({"match_id": id}));
    }
    id
}

#[test]
fn an_unfinished_match_is_refused_and_nothing_is_kept() {
    let app = app();
    let id = cat_then_passes(&app, false);
    let err = app
        .call("match_analysis", json!({"match_id": id}))
        .unwrap_err();
    assert_eq!(err.kind(), "match_in_progress");
    assert!(err.to_string().contains("in progress"), "{err}");
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(detail["analysis"]["available"], false);
    assert_eq!(detail["analysis"]["ready"], false);
    for (command, args) in [
        (
            "analysis_move",
            json!({"match_id": id, "turn": 1, "move": "8G CAT"}),
        ),
        ("export_gcg", json!({"match_id": id, "analysis": true})),
        (
            "export_gcg",
            json!({"match_id": id, "analysis": true, "reveal_racks": true}),
        ),
    ] {
        assert_eq!(
            refused(&app, command, args),
            "match_in_progress",
            "{command}"
        );
    }
    refuses(
        &app,
        "match_analysis",
        json!({"match_id": 99}),
        "unknown_match",
    );
    refuses(
        &app,
        "match_analysis",
        json!({"match_id": id, "x": 1}),
        "bad_argument",
    );
}

#[test]
fn a_finished_match_is_analysed_once_and_kept() {
    let app = app();
    let id = cat_then_passes(&app, true);
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(detail["analysis"]["available"], true);
    assert_eq!(detail["analysis"]["ready"], false);
    let a = ok(&app, "match_analysis", json!({"match_id": id}));
    assert_eq!(a["rules_id"], "classic-15");
    assert_eq!(a["list"]["id"], "wordclub");
    assert_eq!(
        a["analyser_version"],
        wordclub_movegen::analysis::ANALYSER_VERSION
    );
    assert_eq!(a["manners_version"], wordclub_lexicon::MANNERS_VERSION);
    let turns = a["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 7, "CAT and six passes");
    assert_eq!(turns[0]["rack"], "ACEILOT");
    assert_eq!(turns[0]["played"]["notation"], "8G CAT");
    assert_eq!(turns[0]["played"]["score"], 10);
    let best = turns[0]["best_by_score"]["score"].as_u64().unwrap();
    assert_eq!(turns[0]["points_missed"].as_u64().unwrap(), best - 10);
    assert!(turns[0]["rank"].as_u64().unwrap() > 1);
    // Ben passed with SNNDBGL: the best placement he had is what he missed.
    assert_eq!(turns[1]["played"]["kind"], "pass");
    assert_eq!(turns[1]["rank"], Value::Null);
    assert_eq!(
        turns[1]["points_missed"],
        turns[1]["best_by_score"]["score"]
    );
    let ben = &a["players"][1];
    assert_eq!(ben["turns"], 3);
    assert!(ben["best_missed"]["points_missed"].as_u64().unwrap() > 0);
    // Kept: the detail says so, and the second answer is the same.
    assert_eq!(
        ok(&app, "match_detail", json!({"match_id": id}))["analysis"]["ready"],
        true
    );
    assert_eq!(ok(&app, "match_analysis", json!({"match_id": id})), a);
}

#[test]
fn an_alternative_is_scored_on_the_board_before_its_turn() {
    let app = app();
    let id = cat_then_passes(&app, true);
    let a = ok(&app, "match_analysis", json!({"match_id": id}));
    let alt = &a["turns"][1]["alternatives"][0];
    let m = ok(
        &app,
        "analysis_move",
        json!({"match_id": id, "turn": 2, "move": alt["notation"]}),
    );
    assert_eq!(m["scored"]["score"], alt["score"]);
    assert_eq!(m["scored"]["notation"], alt["notation"]);
    let words: Vec<&str> = m["scored"]["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = alt["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(words, expected);
    let ghost = m["ghost"].as_array().unwrap();
    assert!(!ghost.is_empty());
    assert!(
        ghost
            .iter()
            .all(|g| !(g["row"] == 7 && (6..=8).contains(&g["col"].as_u64().unwrap()))),
        "no ghost tile on CAT's squares"
    );
    // Before turn 1 the board was empty: CAT itself scores there, and nothing off the star.
    let cat = ok(
        &app,
        "analysis_move",
        json!({"match_id": id, "turn": 1, "move": "8G CAT"}),
    );
    assert_eq!(cat["scored"]["score"], 10);
    for (turn, notation, kind) in [
        (1, "1A CAT", "star_not_covered"),
        (2, "8G CAT", "no_tiles"),
        (2, "8G", "notation"),
        (40, "8G CAT", "bad_argument"),
        (2, "H9 ZZ", "not_in_list"),
    ] {
        let args = json!({"match_id": id, "turn": turn, "move": notation});
        refuses(&app, "analysis_move", args, kind);
    }
}

#[test]
fn the_gcg_export_carries_the_analysis_as_notes() {
    let app = app();
    let id = cat_then_passes(&app, true);
    let plain = ok(&app, "export_gcg", json!({"match_id": id}))["gcg"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(!plain.contains("#note best"));
    let noted = ok(
        &app,
        "export_gcg",
        json!({"match_id": id, "analysis": true}),
    );
    let gcg = noted["gcg"].as_str().unwrap();
    let a = ok(&app, "match_analysis", json!({"match_id": id}));
    let lines: Vec<&str> = gcg.lines().collect();
    let cat = lines.iter().position(|l| l.contains("8G CAT +10")).unwrap();
    let best = &a["turns"][0]["best_by_score"];
    let coordinate = best["notation"]
        .as_str()
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(
        lines[cat + 1],
        format!(
            "#note best: {coordinate} {} {}; rank {} of {}, {} points missed",
            best["word"].as_str().unwrap(),
            best["score"],
            a["turns"][0]["rank"],
            a["turns"][0]["moves"],
            a["turns"][0]["points_missed"]
        )
    );
    assert_eq!(gcg.matches("#note best:").count(), 7, "one note per turn");
    // Without the notes it is the plain record.
    let stripped: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with("#note best:"))
        .collect();
    assert_eq!(stripped.join("\n") + "\n", plain);
}

#[test]
fn a_history_file_is_reanalysed_in_the_background_with_progress() {
    let (app, path) = history_app("analysis-bg");
    let dir = path.parent().unwrap().to_path_buf();
    let ids: Vec<i64> = (0..3).map(|_| cat_then_passes(&app, true)).collect();
    let open = cat_then_passes(&app, false);
    let p = ok(&app, "analysis_progress", json!({}));
    assert_eq!(
        (p["missing"].as_u64(), p["running"].as_bool()),
        (Some(3), Some(false))
    );
    assert_eq!(p["background"], true);
    let p = ok(&app, "analysis_progress", json!({"start": true}));
    assert_eq!(p["total"], 3);
    // A move in another match goes on while it runs (it is the last: that match ends).
    reveal(&app, open);
    ok(&app, "pass", json!({"match_id": open}));
    let started = std::time::Instant::now();
    loop {
        let p = ok(&app, "analysis_progress", json!({}));
        if !p["running"].as_bool().unwrap() {
            // The match that just finished is the only one left: it came after the start.
            assert_eq!(
                (p["done"].as_u64(), p["missing"].as_u64()),
                (Some(3), Some(1))
            );
            assert_eq!(p["failed"], json!([]));
            break;
        }
        assert!(
            started.elapsed().as_secs() < 120,
            "background run stuck: {p}"
        );
        // The test is the host: it runs the app's units itself, one at a time.
        app.run_next(started.elapsed());
    }
    for id in ids {
        assert_eq!(
            ok(&app, "match_detail", json!({"match_id": id}))["analysis"]["ready"],
            true
        );
    }
    let p = ok(&app, "analysis_progress", json!({"start": true}));
    assert_eq!(p["total"], 1, "a new run takes the one left");
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn matches_of_a_schema_v1_history_get_their_analysis_on_first_request() {
    let path = temp_db("analysis-v1");
    let dir = path.parent().unwrap().to_path_buf();
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../store/tests/fixtures/history-v1.db"),
        &path,
    )
    .unwrap();
    let app = App::with_history(Box::new(MemorySettings::default()), &path).unwrap();
    app.allow_fixed_deals();
    // Matches 2, 3 and 4 of the fixture are finished (2 with its own 3-tile-rack rules).
    for id in [2, 3, 4] {
        let detail = ok(&app, "match_detail", json!({"match_id": id}));
        assert_eq!(detail["analysis"]["ready"], false, "match {id}");
        let a = ok(&app, "match_analysis", json!({"match_id": id}));
        assert_eq!(
            a["turns"].as_array().unwrap().len(),
            detail["turns"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|t| t["kind"] != "resign")
                .count(),
            "match {id}: every turn but resignations"
        );
        assert_eq!(a["rules_id"], detail["summary"]["rules"]);
        assert_eq!(
            ok(&app, "match_detail", json!({"match_id": id}))["analysis"]["ready"],
            true
        );
    }
    // Unfinished (1, 5) and abandoned (6): refused.
    for id in [1, 5, 6] {
        assert_eq!(
            refused(&app, "match_analysis", json!({"match_id": id})),
            "match_in_progress",
            "match {id}"
        );
    }
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_named_best_moves_leave_the_offensive_words_alone() {
    // Ann holds FAGGOTS, a slur's plural (a bingo a person may play) and passes; so does Ben,
    // until the match ends. The analysis must not name it as her best move.
    let app = app();
    let view = new_match(
        &app,
        json!({"rules": "classic-15", "players": [{"name": "Ann"}, {"name": "Ben"}],
               "deal": {"racks": ["FAGGOTS", "SNNDBGL"], "draw_order": ""}}),
    );
    let id = view["id"].as_i64().unwrap();
    for _ in 0..6 {
        reveal(&app, id);
        ok(&app, "pass", json!({"match_id": id}));
    }
    let a = ok(&app, "match_analysis", json!({"match_id": id}));
    assert_eq!(a["manners_version"], wordclub_lexicon::MANNERS_VERSION);
    let first = &a["turns"][0];
    assert_eq!(first["rack"], "AFGGOST");
    let mut named: Vec<&Value> = vec![&first["best_by_score"], &first["best_by_value"]];
    named.extend(first["alternatives"].as_array().unwrap());
    assert!(named.len() > 2, "Ann had moves: {first}");
    for m in named {
        for w in m["words"].as_array().unwrap() {
            let word = w["word"].as_str().unwrap();
            assert!(
                !wordclub_lexicon::is_offensive(word.as_bytes()),
                "{word} named in {m}"
            );
        }
    }
    // FAGGOTS would be the best by score without manners: a 7-tile bingo through the star.
    assert_ne!(first["best_by_score"]["word"], "FAGGOTS");
    assert_eq!(
        first["bingo_available"], false,
        "no polite bingo in FAGGOTS"
    );
}

#[test]
fn an_analysis_kept_under_older_manners_is_made_again() {
    // Ann holds GRINGAS, a slur's plural manners 2 let the named best moves offer (a bingo
    // through the star), and passes; so does Ben, until the match ends.
    let path = temp_db("analysis-older-manners");
    let dir = path.parent().unwrap().to_path_buf();
    let app = App::with_history(Box::new(MemorySettings::default()), &path).unwrap();
    app.allow_fixed_deals();
    let view = new_match(
        &app,
        json!({"rules": "classic-15", "players": [{"name": "Ann"}, {"name": "Ben"}],
               "deal": {"racks": ["GRINGAS", "SNNDBGL"], "draw_order": ""}}),
    );
    let id = view["id"].as_i64().unwrap();
    for _ in 0..6 {
        reveal(&app, id);
        ok(&app, "pass", json!({"match_id": id}));
    }
    let made = ok(&app, "match_analysis", json!({"match_id": id}));
    drop(app);
    // What the build before manners 3 kept: analyser 1 under manners 2, naming GRINGAS. Its
    // history holds only that analysis.
    let mut old = made.clone();
    old["analyser_version"] = json!(1);
    old["manners_version"] = json!(2);
    old["turns"][0]["best_by_score"]["word"] = json!("GRINGAS");
    let db = rusqlite::Connection::open(&path).unwrap();
    db.execute("DELETE FROM analyses WHERE match_id = ?1", [id])
        .unwrap();
    drop(db);
    let mut store = wordclub_store::Store::open(&path).unwrap();
    store.save_analysis(id, 1, &old.to_string()).unwrap();
    drop(store);

    let app = App::with_history(Box::new(MemorySettings::default()), &path).unwrap();
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(
        detail["analysis"]["ready"], false,
        "an older analysis is not this one"
    );
    let a = ok(&app, "match_analysis", json!({"match_id": id}));
    assert_eq!(
        a["analyser_version"],
        wordclub_movegen::analysis::ANALYSER_VERSION
    );
    assert_eq!(a["manners_version"], wordclub_lexicon::MANNERS_VERSION);
    let first = &a["turns"][0];
    assert_eq!(first["rack"], "AGGINRS");
    assert_ne!(first["best_by_score"]["word"], "GRINGAS");
    let mut named: Vec<&Value> = vec![&first["best_by_score"], &first["best_by_value"]];
    named.extend(first["alternatives"].as_array().unwrap());
    for m in named {
        for w in m["words"].as_array().unwrap() {
            let word = w["word"].as_str().unwrap();
            assert!(
                !wordclub_lexicon::is_offensive(word.as_bytes()),
                "{word} named in {m}"
            );
        }
    }
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A match whose seats start with points, through the store's GCG export and back through
/// the analyser's GCG import: the start-points note makes the record's totals add up to the
/// match's final scores; without the note the first total that counts them is refused by
/// line, never read as other scores.
#[test]
fn a_gcg_record_with_start_points_reads_back_to_the_same_scores() {
    use wordclub_engine::{Action, Deal, GcgMove, ListRef, Match, PlayerSpec, RuleSet};
    use wordclub_movegen::analysis::gcg::positions_of_gcg;

    let mut rules = RuleSet::builtin("wordclub-1.0").unwrap();
    rules.id = "start-points-test".into();
    rules.start_points = vec![0, 5];
    let list = wordclub_lexicon::WordList::builtin("wordclub").unwrap();
    let mut game = Match::with_deal(
        rules.clone(),
        ListRef::of(list),
        vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")],
        7,
        Deal {
            racks: Some(vec!["CATEELN".into(), "SBDGIOO".into()]),
            draw_order: "ARTE".into(),
        },
    )
    .unwrap();
    let mut store = wordclub_store::Store::open_in_memory().unwrap();
    let id = store.create(&game).unwrap();
    for line in ["5D CAT", "5D ...S", "D5 .ART"] {
        let player = game.to_move().unwrap();
        let tiles = GcgMove::parse(line)
            .unwrap()
            .placements(game.board())
            .unwrap();
        game.apply(Action::Place { player, tiles }, list).unwrap();
        store.record(id, &game).unwrap();
    }
    for _ in 0..6 {
        let player = game.to_move().unwrap();
        game.apply(Action::Pass { player }, list).unwrap();
        store.record(id, &game).unwrap();
    }
    let finals = game.result().unwrap().final_scores.clone();
    assert_eq!(game.scores(), &finals[..]);
    let text = store.export_gcg(id).unwrap();
    assert!(
        text.contains("#note Start points (counted in the totals): Ann 0, Ben 5\n"),
        "{text}"
    );
    let record = positions_of_gcg(&text, game.rules()).unwrap();
    assert_eq!(record.start_points, vec![0, 5]);
    let read: Vec<i32> = record.scores.iter().map(|&s| s as i32).collect();
    assert_eq!(read, finals);
    assert_eq!(record.positions.len(), 9);

    let without: String = text
        .lines()
        .filter(|l| !l.starts_with("#note Start points"))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = positions_of_gcg(&without, game.rules()).unwrap_err();
    assert_eq!(err.kind(), "bad_gcg");
    assert!(err.to_string().contains("add up to"), "{err}");
}

/// Plays a `rules` match of these seats (`None`: a person, whose moves a Greedy player picks)
/// to its end: the person takes back their second move and passes instead, and with four
/// seats the last resigns while another is to move. Every step is recorded in `store`.
fn mixed_table(
    store: &mut wordclub_store::Store,
    rules: &str,
    seats: &[Option<wordclub_movegen::Level>],
    seed: u64,
) -> (i64, wordclub_engine::Match) {
    use wordclub_engine::{Action, Deal, ListRef, Match, MatchOptions, PlayerSpec, RuleSet};
    use wordclub_movegen::{computer_action, Level};
    let list = wordclub_lexicon::WordList::builtin("wordclub").unwrap();
    let names = ["Ann", "Ben", "Cal", "Dee"];
    let players = seats
        .iter()
        .zip(names)
        .map(|(level, name)| match level {
            Some(l) => PlayerSpec::computer(name, l.name()),
            None => PlayerSpec::human(name),
        })
        .collect();
    let options = MatchOptions {
        take_backs: true,
        ..MatchOptions::default()
    };
    let rules = RuleSet::builtin(rules).unwrap();
    let mut game = Match::with_options(
        rules,
        ListRef::of(list),
        players,
        seed,
        Deal::default(),
        options,
    )
    .unwrap();
    let id = store.create(&game).unwrap();
    let (mut person_moves, mut taken_back, mut resigned) = (0, false, false);
    while let Some(seat) = game.to_move() {
        if !taken_back && person_moves == 2 && game.take_back_turns().is_ok() {
            let (player, _) = game.take_back_turns().unwrap();
            game.apply(Action::TakeBack { player }, list).unwrap();
            store.record(id, &game).unwrap();
            taken_back = true;
            game.apply(Action::Pass { player }, list).unwrap();
            store.record(id, &game).unwrap();
            continue;
        }
        if seats.len() == 4 && !resigned && game.turns().len() >= 6 && seat != 3 {
            game.apply(Action::Resign { player: 3 }, list).unwrap();
            store.record(id, &game).unwrap();
            resigned = true;
            continue;
        }
        let level = seats[seat].unwrap_or(Level::Greedy);
        if seats[seat].is_none() {
            person_moves += 1;
        }
        let action = computer_action(&game, seat, list, level).unwrap();
        game.apply(action, list).unwrap();
        store.record(id, &game).unwrap();
    }
    assert!(taken_back, "the person took a move back");
    assert_eq!(resigned, seats.len() == 4);
    (id, game)
}

/// Tables of two, three and four with mixed seats, a take-back and (at four) a resignation:
/// the GCG export read back gives every analysed turn exactly as the match's own replay does
/// (turn numbers, seat, board, rack, bag, exchange allowed, what was played), and the same
/// final scores.
#[test]
fn a_gcg_record_of_every_table_size_reads_back_to_the_replayed_turns() {
    use wordclub_movegen::analysis::{gcg::positions_of_gcg, positions_of};
    use wordclub_movegen::Level::{Easy, Hard, Medium};
    let mut store = wordclub_store::Store::open_in_memory().unwrap();
    let tables: [(&str, &[Option<wordclub_movegen::Level>]); 3] = [
        ("classic-15", &[None, Some(Hard)]),
        ("wordclub-1.1", &[Some(Medium), None, Some(Easy)]),
        ("classic-15", &[None, Some(Hard), Some(Easy), Some(Medium)]),
    ];
    for (seed, (rules, seats)) in tables.into_iter().enumerate() {
        let (id, game) = mixed_table(&mut store, rules, seats, 40 + seed as u64);
        let text = store.export_gcg(id).unwrap();
        let base = wordclub_engine::RuleSet::builtin(rules).unwrap();
        let record = positions_of_gcg(&text, &base).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(&record.rules, game.rules(), "{} seats", seats.len());
        assert_eq!(record.names.len(), seats.len());
        assert!(text.contains(" took this move back\n"), "{text}");
        assert_eq!(text.contains(" resigned\n"), seats.len() == 4, "{text}");
        let replayed = positions_of(&game).unwrap();
        assert!(replayed.len() > 2 * seats.len(), "{text}");
        assert_eq!(record.positions.len(), replayed.len(), "{text}");
        for (read, played) in record.positions.iter().zip(&replayed) {
            let at = format!("{} seats, turn {}", seats.len(), played.turn);
            assert_eq!(read.turn, played.turn, "{at}");
            assert_eq!(read.player, played.player, "{at}");
            assert_eq!(read.board, played.board, "{at}");
            // The record writes a rack's tiles in its own order.
            let sorted = |r: &[u8]| {
                let mut r = r.to_vec();
                r.sort_unstable();
                r
            };
            assert_eq!(sorted(&read.rack), sorted(&played.rack), "{at}");
            assert_eq!(read.bag_len, played.bag_len, "{at}");
            assert_eq!(read.can_exchange, played.can_exchange, "{at}");
            assert_eq!(read.played, played.played, "{at}");
        }
        let finals = &game.result().unwrap().final_scores;
        let read: Vec<i32> = record.scores.iter().map(|&s| s as i32).collect();
        assert_eq!(&read, finals, "{text}");
    }
}

/// What a GCG record of a table cannot say is refused by line, typed: a fifth player, a
/// player named after the moves began, a move from a seat that resigned, more players than
/// the rule set seats, the same nick twice.
#[test]
fn a_gcg_record_the_table_cannot_hold_is_refused_by_line() {
    use wordclub_movegen::analysis::gcg::positions_of_gcg;
    let rules = wordclub_engine::RuleSet::builtin("classic-15").unwrap();
    let four = "#player1 A Ann\n#player2 B Ben\n#player3 C Cal\n#player4 D Dee\n";
    let cases = [
        (format!("{four}#player5 E Eve\n"), 5, "#player4"),
        (
            format!("{four}>A: CATXYZQ 8H CAT +10 10\n#player5 E Eve\n"),
            6,
            "before the first move",
        ),
        (
            format!("{four}#note B resigned\n>B: CATXYZQ 8H CAT +10 10\n"),
            6,
            "resigned",
        ),
        (
            "#player1 A Ann\n#player1 A Ann\n".to_string(),
            2,
            "out of order",
        ),
        (
            "#player1 A Ann\n#player2 A Ann\n".to_string(),
            2,
            "two #players",
        ),
    ];
    for (text, line, says) in cases {
        let err = positions_of_gcg(&text, &rules).unwrap_err();
        assert_eq!(err.kind(), "bad_gcg", "{text}");
        assert!(err.to_string().contains(&format!("line {line}")), "{err}");
        assert!(err.to_string().contains(says), "{err}");
    }
    let two_only = wordclub_engine::RuleSet::builtin("classic-15-ten").unwrap();
    let err =
        positions_of_gcg(&format!("{four}>A: CATXYZQ 8H CAT +10 10\n"), &two_only).unwrap_err();
    assert_eq!(err.kind(), "bad_gcg");
    assert!(err.to_string().contains("4 #player lines"), "{err}");
    // A three-player record under a rule set that seats three reads.
    let three = "#player1 A Ann\n#player2 B Ben\n#player3 C Cal\n>A: CATXYZQ 8H CAT +10 10\n";
    let record = positions_of_gcg(three, &rules).unwrap();
    assert_eq!((record.names.len(), record.positions.len()), (3, 1));
}

/// The analysis a finished match gets the first time (made now) is the one it gets every time
/// after (read back from the history): the kept body's numbers are not re-rounded on the way
/// back. The CLI's fixture (`fixtures/cli-history`) holds two averages of ranks whose shortest
/// decimal form a best-effort float parser reads one bit off (matches 1 and 4).
#[test]
fn an_analysis_answers_the_same_made_and_read_back() {
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cli-history/history.db");
    let dir = TempDir::new("analysis-made-and-kept");
    let file = dir.0.join("history.db");
    std::fs::copy(&fixture, &file).unwrap();
    let kept = rusqlite::Connection::open(&file).unwrap();
    kept.execute("DELETE FROM analyses", []).unwrap();
    drop(kept);
    let app = App::with_history(Box::new(MemorySettings::default()), &file).unwrap();
    let finished = ok(&app, "match_list", json!({"status": "finished"}));
    let ids: Vec<i64> = finished["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert!(ids.len() >= 2, "{finished}");
    let mut averages = 0;
    for id in ids {
        let made = ok(&app, "match_analysis", json!({"match_id": id}));
        averages += made["players"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["average_rank"].is_f64())
            .count();
        let read_back = ok(&app, "match_analysis", json!({"match_id": id}));
        assert_eq!(
            first_difference(&made, &read_back, String::new()),
            None,
            "match {id}: made, then read back"
        );
        assert_eq!(read_back, made);
    }
    assert!(averages > 0, "the fixture's analyses carry averages");
}

/// Where two JSON values first differ (a JSON pointer and both values), if they do.
fn first_difference(a: &Value, b: &Value, at: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
            x.iter().find_map(|(k, v)| match y.get(k) {
                Some(w) => first_difference(v, w, format!("{at}/{k}")),
                None => Some(format!("{at}/{k}: absent from the second")),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (v, w))| first_difference(v, w, format!("{at}/{i}"))),
        _ if a == b => None,
        _ => Some(format!("{at}: {a} then {b}")),
    }
}
