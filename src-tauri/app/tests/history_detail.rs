//! The history's match detail (a board per turn from the engine's replay), GCG export of an
//! unfinished match (only when the caller accepts showing the racks) and the rule-set facts
//! the Rules screen shows, all through `App::call`.
mod common;

use common::{app, cat_match, cat_tiles, history_app, new_match, no_premiums, ok, reveal, tile};
use serde_json::{json, Value};
use wordclub_app::App;
use wordclub_engine::{Event, Match};

/// SPEC §2's Word Club 1.0 example with fixed racks: Ann CAT across the centre (D5–F5), Ben
/// takes a hint and then adds S at G5 (CATS), Ann plays A R T down from the C (CART, D5–D8),
/// Ben passes. Four turns; the hint is an event but not a turn.
fn cat_cats_cart(app: &App) -> i64 {
    let id = cat_match(app);
    let turn = |command: &str, args: Value| {
        reveal(app, id);
        let mut args = args;
        args["match_id"] = json!(id);
        ok(app, command, args);
    };
    turn("play", json!({"tiles": cat_tiles()}));
    reveal(app, id);
    ok(app, "hint", json!({"match_id": id}));
    turn("play", json!({"tiles": [tile(4, 6, "S")]}));
    turn(
        "play",
        json!({"tiles": [tile(5, 3, "A"), tile(6, 3, "R"), tile(7, 3, "T")]}),
    );
    turn("pass", json!({}));
    id
}

fn rows(board: &Value) -> Vec<String> {
    board["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

/// The letter on a square named like `D5` in board rows ('.' when empty).
fn at(rows: &[String], name: &str) -> char {
    let col = (name.as_bytes()[0] - b'A') as usize;
    let row: usize = name[1..].parse::<usize>().unwrap() - 1;
    rows[row].as_bytes()[col] as char
}

/// `match_detail` replays the match once: the store's detail, the rules and the board after
/// every turn come from the same replay (three replays before). The count is this thread's,
/// so tests running beside it do not add to it.
#[test]
fn the_detail_replays_the_match_once() {
    let app = app();
    let id = cat_cats_cart(&app);
    let before = wordclub_store::replays_on_this_thread();
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    assert_eq!(wordclub_store::replays_on_this_thread() - before, 1);
    assert_eq!(detail["boards"].as_array().unwrap().len(), 4);
}

#[test]
fn the_detail_has_the_board_after_every_turn() {
    let app = app();
    let id = cat_cats_cart(&app);
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let turns = detail["turns"].as_array().unwrap();
    let boards = detail["boards"].as_array().unwrap();
    assert_eq!(turns.len(), 4, "three plays and a pass");
    assert_eq!(boards.len(), turns.len(), "one board per turn");
    for (i, b) in boards.iter().enumerate() {
        assert_eq!(b["turn"], turns[i]["number"]);
        assert_eq!(rows(b).len(), 9, "9×9 board");
    }

    // After turn 1: CAT across D5–F5 and nothing else.
    let first = rows(&boards[0]);
    assert_eq!(first[4], "...CAT...");
    assert_eq!(first.iter().filter(|r| *r != ".........").count(), 1);
    assert_eq!(
        boards[0]["placed"],
        json!([{"row": 4, "col": 3}, {"row": 4, "col": 4}, {"row": 4, "col": 5}])
    );
    // Turn 2 (after Ben's hint, which is no turn): the S of CATS appears at G5.
    let second = rows(&boards[1]);
    assert_eq!(at(&first, "G5"), '.');
    assert_eq!(at(&second, "G5"), 'S');
    assert_eq!(second[4], "...CATS..");
    assert_eq!(boards[1]["placed"], json!([{"row": 4, "col": 6}]));
    // Turn 3: CART down column D from the C.
    let third = rows(&boards[2]);
    let column_d: String = ["D5", "D6", "D7", "D8"]
        .iter()
        .map(|s| at(&third, s))
        .collect();
    assert_eq!(column_d, "CART");
    assert_eq!(at(&second, "D6"), '.', "no A below the C before turn 3");
    // Turn 4 is a pass: the board is unchanged and nothing was placed.
    assert_eq!(rows(&boards[3]), third);
    assert_eq!(boards[3]["placed"], json!([]));
    // The last board is the match's board now.
    assert_eq!(rows(&boards[3]), rows(&json!({"rows": detail["board"]})));

    // What the step-through needs to draw it like the match board: the match's rule set and
    // premiums (none on 1.0) and the letter values (all 1 on 1.0).
    assert_eq!(detail["rules"]["id"], "wordclub-1.0");
    assert_eq!(detail["premiums"].as_array().unwrap().len(), 9);
    assert!(no_premiums(&detail["premiums"]));
    assert_eq!(detail["letter_values"]["Z"], 1);
}

/// Each turn's board equals the board of the engine replaying the match's events up to that
/// turn (read back from the history file on its own), checked on a classic match where Ann
/// plays the suggested move (a hint: an event that is no turn) and a computer answers.
#[test]
fn each_turn_board_is_the_replay_up_to_that_turn() {
    let (app, db) = history_app("history-detail");
    let dir = db.parent().unwrap().to_path_buf();
    let id = new_match(
        &app,
        json!({
            "rules": "classic-15",
            "players": [{"name": "Ann"}, {"name": "Robo", "computer": "easy"}],
            "seed": 11
        }),
    )["id"]
        .as_i64()
        .unwrap();
    for _ in 0..4 {
        reveal(&app, id);
        let hint = ok(&app, "hint", json!({"match_id": id}));
        if hint["tiles"].is_array() {
            ok(
                &app,
                "play",
                json!({"match_id": id, "tiles": hint["tiles"]}),
            );
        } else {
            ok(&app, "pass", json!({"match_id": id}));
        }
        ok(&app, "computer_turn", json!({"match_id": id}));
    }
    let detail = ok(&app, "match_detail", json!({"match_id": id}));
    let boards = detail["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 8);

    // The app holds its history locked: a second reader reads it as the CLI does.
    let store = wordclub_store::Store::open_read_only(&db).unwrap();
    let events = store.replayed(id).unwrap().events().to_vec();
    let turn_ends: Vec<usize> = events
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            matches!(
                e,
                Event::Placed { .. }
                    | Event::Exchanged { .. }
                    | Event::Passed { .. }
                    | Event::Resigned { .. }
            )
        })
        .map(|(i, _)| i)
        .collect();
    assert_eq!(turn_ends.len(), boards.len());
    let mut tiles_before = 0;
    for (board, end) in boards.iter().zip(turn_ends) {
        let replayed = Match::replay(&events[..=end]).unwrap();
        assert_eq!(
            rows(board),
            replayed.board().rows(),
            "turn {}",
            board["turn"]
        );
        let tiles: usize = rows(board)
            .iter()
            .map(|r| r.chars().filter(|c| *c != '.').count())
            .sum();
        assert_eq!(
            tiles - tiles_before,
            board["placed"].as_array().unwrap().len(),
            "the squares a turn covered are the tiles it added"
        );
        tiles_before = tiles;
    }
    assert!(
        tiles_before >= 4,
        "words were played ({tiles_before} tiles)"
    );
    drop(app);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unfinished_match_exports_only_when_the_racks_may_show() {
    let app = app();
    let id = cat_cats_cart(&app);

    let refusal = app
        .call("export_gcg", json!({"match_id": id}))
        .expect_err("an unfinished match is not exported without reveal_racks");
    assert_eq!(refusal.kind(), "match_in_progress");
    assert!(
        refusal.to_string().contains("racks"),
        "the message says the racks would show: {refusal}"
    );
    let refusal = app
        .call("export_gcg", json!({"match_id": id, "reveal_racks": false}))
        .expect_err("reveal_racks: false is a refusal too");
    assert_eq!(refusal.kind(), "match_in_progress");
    let bad = app
        .call("export_gcg", json!({"match_id": id, "reveal": true}))
        .expect_err("an unknown argument is refused");
    assert_eq!(bad.kind(), "bad_argument");
    // Refusing changed nothing: the match is still going and Ann is to move.
    let list = ok(&app, "match_list", json!({"status": "in_progress"}));
    assert_eq!(list["total"], 1);
    assert_eq!(
        ok(&app, "match_view", json!({"match_id": id}))["to_move"],
        0
    );

    let export = ok(
        &app,
        "export_gcg",
        json!({"match_id": id, "reveal_racks": true}),
    );
    assert_eq!(export["incomplete"], true);
    let gcg = export["gcg"].as_str().unwrap();
    let lines: Vec<&str> = gcg.lines().collect();
    assert!(lines.contains(&"#incomplete"), "{gcg}");
    // GCG move lines: rack before the move (sorted), position, word, score, total. Ann's dealt
    // rack CATEIOL is shown: exactly what a finished match's record would show.
    assert!(lines.contains(&">Ann: ACEILOT 5D CAT +3 3"), "{gcg}");
    assert!(lines.contains(&">Ben: BDGLNNS 5D ...S +4 4"), "{gcg}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(">Ben: ") && l.contains(" - +0 4")),
        "Ben's pass: {gcg}"
    );

    // Once over, it exports without the flag and without the mark.
    reveal(&app, id);
    ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    let export = ok(&app, "export_gcg", json!({"match_id": id}));
    assert_eq!(export["incomplete"], false);
    assert!(!export["gcg"].as_str().unwrap().contains("#incomplete"));
}

fn rule_set(app: &App, id: &str) -> Value {
    ok(app, "rule_sets", Value::Null)
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap_or_else(|| panic!("no rule set {id}"))
        .clone()
}

fn premium_squares(rules: &Value, premium: &str) -> Vec<String> {
    rules["premiums"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["premium"] == premium)
        .map(|g| {
            g["squares"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn tile_fact(rules: &Value, letter: &str, field: &str) -> Value {
    rules["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["letter"] == letter)
        .map_or(Value::Null, |t| t[field].clone())
}

/// SPEC §2's table, row by row, for what the Rules screen explains.
#[test]
fn rule_set_facts_follow_the_spec_tables() {
    let app = app();

    let one = rule_set(&app, "wordclub-1.0");
    assert_eq!(one["board_size"], 9);
    assert_eq!(one["star"], json!({"row": 4, "col": 4}), "star E5");
    assert_eq!(one["star_premium"], Value::Null, "no premium on the star");
    assert_eq!(one["premiums"], json!([]), "no premium squares");
    assert_eq!(one["rack_size"], 7);
    assert_eq!(one["bag_size"], 32);
    assert_eq!(one["blanks"], 0);
    assert_eq!(tile_fact(&one, "A", "count"), 5);
    assert_eq!(
        tile_fact(&one, "F", "count"),
        Value::Null,
        "no F in the bag"
    );
    assert!(one["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["value"] == 1));
    assert_eq!(one["bingo_bonus"], 0);
    assert_eq!(one["exchange"], "chosen");
    assert_eq!(one["exchange_min_bag"], 7);
    assert_eq!(one["exchange_max_tiles"], 7);
    assert_eq!(one["pass"], "always");
    assert_eq!(one["end"]["going_out"], true);
    assert_eq!(one["end"]["scoreless_turns_in_a_row"], 3);
    assert_eq!(one["end"]["resign"], true);
    assert_eq!(one["end"]["turn_limit"], Value::Null);
    assert_eq!(one["end"]["deduct_tiles_left"], true);
    assert_eq!(one["hints"], json!(["words_from_rack"]));
    assert_eq!(one["players"], json!({"min": 2, "max": 4}));
    assert_eq!(one["computer_seats"], true);

    let candidate = rule_set(&app, "wordclub-1.1");
    assert_eq!(candidate["candidate"], true);
    let mut doubles = premium_squares(&candidate, "2W");
    doubles.sort();
    assert_eq!(doubles, ["C3", "C7", "G3", "G7"]);
    let mut triples = premium_squares(&candidate, "3L");
    triples.sort();
    assert_eq!(triples, ["A5", "E1", "E9", "I5"]);
    assert_eq!(candidate["bag_size"], 93);
    assert_eq!(candidate["blanks"], 2);
    assert_eq!(tile_fact(&candidate, "Q", "value"), 9, "table A");

    let solo = rule_set(&app, "solo-10");
    assert_eq!(solo["players"], json!({"min": 1, "max": 1}));
    assert_eq!(solo["star_premium"], "2W");
    assert_eq!(solo["bag_size"], 70);
    assert_eq!(solo["exchange"], "solo");
    assert_eq!(solo["exchange_min_bag"], Value::Null);
    assert_eq!(solo["pass"], "only_when_bag_empty");
    assert_eq!(
        solo["end"]["turn_limit"],
        json!({"turns": 10, "per_player": false})
    );
    assert_eq!(solo["end"]["deduct_tiles_left"], false);
    assert_eq!(solo["hints"], json!([]), "the word checker, no hint");
    assert_eq!(solo["computer_seats"], false);
    assert_eq!(solo["default_list"], "enable-2-9");
    assert!(premium_squares(&solo, "2L").contains(&"C5".to_string()));

    let classic = rule_set(&app, "classic-15");
    assert_eq!(classic["board_size"], 15);
    assert_eq!(classic["star"], json!({"row": 7, "col": 7}), "star H8");
    assert_eq!(classic["star_premium"], "2W");
    assert_eq!(premium_squares(&classic, "3W").len(), 8);
    assert_eq!(classic["bingo_bonus"], 50);
    assert_eq!(classic["bag_size"], 100);
    assert_eq!(tile_fact(&classic, "Z", "value"), 10, "table B");
    assert_eq!(tile_fact(&classic, "?", "count"), 2);
    assert_eq!(classic["hints"], json!(["suggest_move"]));

    let ten = rule_set(&app, "classic-15-ten");
    assert_eq!(ten["players"], json!({"min": 2, "max": 2}));
    assert_eq!(
        ten["end"]["turn_limit"],
        json!({"turns": 10, "per_player": true})
    );
    assert_eq!(ten["end"]["deduct_tiles_left"], false, "no rack deduction");
    assert_eq!(ten["end"]["going_out"], true);
}

/// Issue 45, defect 7: the statistics say a player's best move as the end screen says a best
/// turn, in the backend's words (`CATS at 5D for 4`), not in GCG (`5D ...S (4)`, whose dot
/// hides the tile played through).
#[test]
fn the_statistics_say_the_best_turn_as_the_end_screen_does() {
    let app = app();
    let id = cat_cats_cart(&app);
    reveal(&app, id);
    ok(&app, "resign", json!({"match_id": id, "confirm": true}));
    let view = ok(&app, "match_view", json!({"match_id": id}));
    let end = view["result"]["best_turn"]["text"]
        .as_str()
        .unwrap()
        .to_string();
    let stats = ok(&app, "player_stats", json!({}));
    let best = |name: &str| {
        stats["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .map(|p| p["best_turn"].clone())
            .unwrap()
    };
    // Ann's CART (D5 down, 4) ties Ben's CATS (5D across, 4): the match's best is the earlier.
    assert_eq!(end, "CATS at 5D for 4");
    assert_eq!(best("Ben"), json!(end));
    assert_eq!(best("Ann"), json!("CART at D5 for 4"));
}

/// Issue 45, defect 3: a solo round continued after turn 1 has no turn to recap (nobody else
/// moves); its cover says the round goes on, never "First move of the match.".
#[test]
fn a_solo_round_continued_says_it_goes_on() {
    let app = app();
    let id = new_match(
        &app,
        json!({"rules": "solo-10", "players": [{"name": "Ann"}], "deal": {"racks": ["DUMBSEA"]}}),
    )["id"]
        .as_i64()
        .unwrap();
    let first = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(first["recap_note"], json!("First move of the round."));
    reveal(&app, id);
    // SPEC §2's solo example: DUMB at 5C, through the star.
    ok(
        &app,
        "play",
        json!({"match_id": id, "tiles": [tile(4, 2, "D"), tile(4, 3, "U"), tile(4, 4, "M"), tile(4, 5, "B")]}),
    );
    let view = ok(&app, "match_view", json!({"match_id": id}));
    let points = view["players"][0]["score"].as_i64().unwrap();
    assert_eq!(
        view["recap_note"],
        json!(format!(
            "The round goes on: turn 2 next, {points} points so far."
        ))
    );
    // A table of two always has a turn to recap: no note.
    let pair = cat_match(&app);
    reveal(&app, pair);
    ok(
        &app,
        "play",
        json!({"match_id": pair, "tiles": cat_tiles()}),
    );
    let ben = ok(&app, "match_view", json!({"match_id": pair}));
    assert_eq!(ben["recap_note"], Value::Null);
}
