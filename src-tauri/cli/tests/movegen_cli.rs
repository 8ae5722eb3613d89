//! `moves` and `simulate` through the built binary.
use serde_json::Value;

mod common;
use common::cli;

fn listed(json: &Value) -> Vec<(String, i64)> {
    json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["score"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn cat_on_an_empty_classic_board_lists_every_opening_across() {
    let empty = vec!["15"; 15].join("/");
    let (code, json) = cli(&[
        "moves",
        "--rules",
        "classic-15",
        "--position",
        &empty,
        "--rack",
        "CAT",
    ]);
    assert_eq!(code, 0, "{json}");
    let moves = listed(&json);
    // ACT and CAT three ways each through the star (2W): (3+1+1)×2 = 10; AT and TA two ways
    // each: (1+1)×2 = 4. Across only: the layout is symmetric about the diagonal.
    assert_eq!(json["count"], 10);
    assert_eq!(
        moves,
        vec![
            ("8F ACT".to_string(), 10),
            ("8F CAT".to_string(), 10),
            ("8G ACT".to_string(), 10),
            ("8G CAT".to_string(), 10),
            ("8H ACT".to_string(), 10),
            ("8H CAT".to_string(), 10),
            ("8G AT".to_string(), 4),
            ("8G TA".to_string(), 4),
            ("8H AT".to_string(), 4),
            ("8H TA".to_string(), 4),
        ]
    );
    // Three different tiles: 7 distinct non-empty exchanges, and a full bag.
    assert_eq!(json["exchanges"], 7);
}

/// A 9×9 board with `filled` tiles, row by row from the top (the letters do not matter here:
/// only how many tiles are out of the bag).
fn board_with(filled: usize) -> String {
    (0..9)
        .map(|row| match filled.saturating_sub(row * 9).min(9) {
            9 => "AAAAAAAAA".to_string(),
            0 => "9".to_string(),
            n => format!("{}{}", "A".repeat(n), 9 - n),
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn exchanges(rules: &str, position: &str) -> Value {
    let (code, json) = cli(&["moves", "--rules", rules, "--position", position]);
    assert_eq!(code, 0, "{json}");
    json["exchanges"].clone()
}

#[test]
fn a_solo_exchange_is_the_whole_rack_or_as_many_tiles_as_the_bag_holds() {
    // solo-10: 70 tiles. An empty board leaves 63 in the bag: the one whole-rack exchange.
    assert_eq!(
        exchanges("solo-10", &format!("{} BCDFGHJ", board_with(0))),
        1
    );
    // 60 on the board: the bag holds 3, so any 3 of the 7 different tiles go back: C(7,3).
    assert_eq!(
        exchanges("solo-10", &format!("{} BCDFGHJ", board_with(60))),
        35
    );
    // 63 on the board: the bag is empty, and an exchange with it.
    assert_eq!(
        exchanges("solo-10", &format!("{} BCDFGHJ", board_with(63))),
        0
    );
}

#[test]
fn the_bag_counts_a_rack_for_every_other_player_at_the_table() {
    // wordclub-1.1: 93 tiles, exchange while the bag holds 7. With 70 on the board and 7 on
    // the rack, one opponent's rack leaves 9 in the bag (any of the 127 non-empty choices of
    // 7 different tiles); two opponents' leave 2, too few to exchange.
    let two = format!("{} BCDFGHJ/ 0/0", board_with(70));
    assert_eq!(exchanges("wordclub-1.1", &two), 127);
    let three = format!("{} BCDFGHJ// 0/0/0", board_with(70));
    assert_eq!(exchanges("wordclub-1.1", &three), 0);
}

#[test]
fn worked_example_cats_and_a_single_tile_down_word() {
    // wordclub-1.0: CAT across the centre (D5–F5); an S makes CATS for 4 (SPEC §2).
    let pos = "9/9/9/9/3CAT3/9/9/9/9";
    let (code, json) = cli(&[
        "moves",
        "--rules",
        "wordclub-1.0",
        "--position",
        pos,
        "--rack",
        "S",
        "--limit",
        "50",
    ]);
    assert_eq!(code, 0, "{json}");
    let moves = listed(&json);
    assert!(moves.contains(&("5D ...S".to_string(), 4)), "{moves:?}");
    assert!(
        moves.contains(&("5C S...".to_string(), 4)),
        "SCAT: {moves:?}"
    );
    // An S under the A forms only the down word AS: listed once, down, for 2.
    assert!(moves.contains(&("E5 .S".to_string(), 2)), "{moves:?}");
    assert!(!moves.iter().any(|(m, _)| m.starts_with("6E")), "{moves:?}");
    // Sorted by score, then notation.
    let mut sorted = moves.clone();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    assert_eq!(moves, sorted);
}

#[test]
fn blanks_are_lower_case_and_breakdown_comes_from_the_scorer() {
    let pos = "9/9/9/9/3CAT3/9/9/9/9";
    let (code, json) = cli(&[
        "moves",
        "--rules",
        "wordclub-1.1",
        "--position",
        pos,
        "--rack",
        "?",
        "--limit",
        "3",
        "--breakdown",
    ]);
    assert_eq!(code, 0, "{json}");
    let first = &json["moves"][0];
    let notation = first["move"].as_str().unwrap();
    assert!(
        notation.chars().any(|c| c.is_ascii_lowercase()),
        "{notation}"
    );
    assert_eq!(first["breakdown"]["score"], first["score"]);
    assert_eq!(first["breakdown"]["legal"], true);
    assert_eq!(json["moves"].as_array().unwrap().len(), 3);
}

#[test]
fn bad_input_is_a_typed_error() {
    let empty = vec!["15"; 15].join("/");
    let (code, json) = cli(&[
        "moves",
        "--rules",
        "classic-15",
        "--position",
        &empty,
        "--rack",
        "C4T",
    ]);
    assert_eq!(code, 2);
    assert_eq!(json["error"]["kind"], "bad_rack");
    let (code, json) = cli(&["moves", "--position", &empty, "--rack", "CAT"]);
    assert_eq!(code, 2);
    assert_eq!(json["error"]["kind"], "usage");
    let (code, json) = cli(&[
        "simulate",
        "--rules",
        "classic-15",
        "--games",
        "1",
        "--seed",
        "1",
        "--players",
        "hard,wizard",
    ]);
    assert_eq!(code, 2);
    assert_eq!(json["error"]["kind"], "unknown_player");
    let (code, json) = cli(&[
        "simulate",
        "--rules",
        "solo-10",
        "--games",
        "1",
        "--seed",
        "1",
        "--players",
        "hard",
    ]);
    assert_eq!(code, 2);
    assert_eq!(json["error"]["kind"], "unsupported");
}

#[test]
fn simulate_reports_every_figure_and_is_deterministic() {
    let args = [
        "simulate",
        "--rules",
        "wordclub-1.1",
        "--games",
        "6",
        "--seed",
        "42",
        "--players",
        "hard,greedy,easy",
    ];
    let (code, a) = cli(&args);
    assert_eq!(code, 0, "{a}");
    let (_, b) = cli(&args);
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("games_per_second");
        v
    };
    assert_eq!(strip(a.clone()), strip(b));
    assert_eq!(a["games"], 6);
    let players = a["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    let wins: u64 = players.iter().map(|p| p["wins"].as_u64().unwrap()).sum();
    assert!(wins <= 6);
    let reasons = &a["end_reasons"];
    let ended: u64 = ["went_out", "passes", "turn_limit", "resign"]
        .iter()
        .map(|k| reasons[k].as_u64().unwrap())
        .sum();
    assert_eq!(ended, 6);
    for key in [
        "first_player_win_rate",
        "mean_bag_left",
        "mean_squares_filled",
        "mean_turns",
        "games_per_second",
    ] {
        assert!(a[key].is_number(), "{key}");
    }
    assert!(a["mean_squares_filled"].as_f64().unwrap() > 0.0);
}

#[test]
fn moves_with_polite_manners_lists_only_what_the_computer_may_play() {
    let empty = vec!["15"; 15].join("/");
    let moves = |manners: &str| {
        let (code, json) = cli(&[
            "moves",
            "--rules",
            "classic-15",
            "--position",
            &empty,
            "--rack",
            "FAGGOTS",
            "--manners",
            manners,
        ]);
        assert_eq!(code, 0, "{json}");
        assert_eq!(json["manners"], manners);
        listed(&json)
    };
    let word = |m: &(String, i64)| m.0.split(' ').nth(1).unwrap().to_string();
    let any = moves("any");
    let polite = moves("polite");
    assert!(any.iter().any(|m| word(m) == "FAGGOTS"), "a legal play");
    assert!(polite
        .iter()
        .all(|m| !wordclub_lexicon::is_offensive(word(m).as_bytes())));
    assert!(polite.iter().any(|m| word(m) == "GOATS"));
    let kept: Vec<_> = any
        .iter()
        .filter(|m| !wordclub_lexicon::is_offensive(word(m).as_bytes()))
        .cloned()
        .collect();
    assert_eq!(polite, kept, "on an empty board each move forms one word");
}

/// `moves --level` answers what that computer plays here (the search the web app's bench times
/// on both targets): Greedy plays the best-scoring move `moves` lists first, Hard a legal move
/// of the list, and `--time N` adds one decision's time; `--time` alone, a zero count and an
/// unknown level are refused with a typed error.
#[test]
fn moves_with_a_level_answers_that_computers_decision() {
    let position = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../movegen/tests/positions/seeded-classic-15-s10-t11-rack.cgp"
    ))
    .unwrap();
    let position = position.trim();
    let (code, all) = cli(&["moves", "--position", position, "--manners", "polite"]);
    assert_eq!(code, 0, "{all}");
    let listed = listed(&all);
    let (best, best_score) = &listed[0];

    let (code, greedy) = cli(&["moves", "--position", position, "--level", "greedy"]);
    assert_eq!(code, 0, "{greedy}");
    assert_eq!(greedy["level"], "greedy");
    assert_eq!(greedy["decision"], format!("{best} {best_score}"));
    assert!(greedy.get("ms").is_none(), "{greedy}");

    let (code, hard) = cli(&[
        "moves",
        "--position",
        position,
        "--level",
        "hard",
        "--time",
        "3",
    ]);
    assert_eq!(code, 0, "{hard}");
    let decision = hard["decision"].as_str().unwrap();
    assert!(
        listed.iter().any(|(m, s)| decision == format!("{m} {s}")),
        "Hard's {decision} is not a listed move"
    );
    assert!(hard["ms"].as_f64().unwrap() > 0.0, "{hard}");
    assert_eq!(hard["runs"], 3);

    for (args, kind) in [
        (vec!["--time", "3"], "usage"),
        (vec!["--level", "hard", "--time", "0"], "usage"),
        (vec!["--level", "wizard"], "unknown_player"),
    ] {
        let mut argv = vec!["moves", "--position", position];
        argv.extend(args);
        let (code, json) = cli(&argv);
        assert_ne!(code, 0, "{json}");
        assert_eq!(json["error"]["kind"], kind, "{json}");
    }
}
