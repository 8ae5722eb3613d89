//! The engine subcommands (`rules`, `score`, `play`) through the built binary.
use serde_json::Value;

mod common;
use common::cli;

fn empty(size: usize) -> String {
    vec![size.to_string(); size].join("/")
}

fn score(rules: &str, position: &str, mv: &str) -> Value {
    let (code, json) = cli(&[
        "score",
        "--rules",
        rules,
        "--position",
        position,
        "--move",
        mv,
    ]);
    assert_eq!(code, 0, "{json}");
    json
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wordclub-engine-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn rules_lists_every_rule_set_as_data() {
    let (code, json) = cli(&["rules"]);
    assert_eq!(code, 0);
    let sets = json["rule_sets"].as_array().unwrap();
    let ids: Vec<&str> = sets.iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "wordclub-1.0",
            "wordclub-1.1",
            "wordclub-1.2",
            "wordclub-1.3",
            "solo-10",
            "classic-15",
            "classic-15-ten"
        ]
    );
    let candidates: Vec<bool> = sets
        .iter()
        .map(|s| s["candidate"].as_bool().unwrap())
        .collect();
    assert_eq!(candidates, [false, true, true, true, false, false, false]);
    let bags: Vec<u64> = sets
        .iter()
        .map(|s| s["bag_size"].as_u64().unwrap())
        .collect();
    assert_eq!(bags, [32, 93, 47, 78, 70, 100, 100]);
    assert_eq!(sets[5]["bingo_bonus"], 50);
    assert_eq!(sets[4]["default_list"], "enable-2-9");
    assert_eq!(sets[0]["hash"].as_str().unwrap().len(), 64);
    let (code, json) = cli(&["rules", "nope"]);
    assert_eq!(
        (code, json["error"]["kind"].as_str()),
        (2, Some("unknown_rule_set"))
    );
}

#[test]
fn score_worked_examples() {
    let cat = score("wordclub-1.0", &empty(9), "5D CAT");
    assert_eq!(
        (cat["legal"].as_bool(), cat["score"].as_u64()),
        (Some(true), Some(3))
    );
    let cats = score("wordclub-1.0", "9/9/9/9/3CAT3/9/9/9/9", "5D ...S");
    assert_eq!(cats["score"], 4);
    assert_eq!(cats["words"][0]["word"], "CATS");
    assert_eq!(cats["words"][0]["letters"][3]["placed"], true);
    assert_eq!(cats["words"][0]["letters"][0]["placed"], false);
    let cart = score("wordclub-1.0", "9/9/9/9/3CATS2/9/9/9/9", "D5 .ART");
    assert_eq!(
        (cart["score"].as_u64(), cart["words"][0]["word"].as_str()),
        (Some(4), Some("CART"))
    );
    let house = score("wordclub-1.1", &empty(9), "5A HOUSE");
    assert_eq!(house["score"], 16);
    assert_eq!(house["words"][0]["letters"][0]["letter_multiplier"], 3);
    let dumb = score("solo-10", &empty(9), "5C DUMB");
    assert_eq!(
        (dumb["score"].as_u64(), dumb["list"].as_str()),
        (Some(22), Some("enable-2-9"))
    );
    let fame = score("solo-10", "9/9/9/9/2DUMB3/9/9/9/9", "E3 FA.E");
    assert_eq!(fame["score"], 13);
    let classic = score("classic-15", &empty(15), "8G CAT");
    assert_eq!(
        (classic["score"].as_u64(), classic["bingo"].as_u64()),
        (Some(10), Some(0))
    );
    assert_eq!(classic["words"][0]["word_multiplier"], 2);
    let bingo = score("classic-15", &empty(15), "8D RETAINS");
    assert_eq!(
        (bingo["score"].as_u64(), bingo["bingo"].as_u64()),
        (Some(66), Some(50))
    );
}

#[test]
fn score_refusals_are_answers() {
    let bad = score("wordclub-1.0", "9/9/9/9/3CAT3/9/9/9/9", "5D ...XZ");
    assert_eq!(bad["legal"], false);
    assert_eq!(bad["error"]["kind"], "not_in_list");
    assert_eq!(bad["error"]["words"][0], "CATXZ");
    assert!(bad["error"]["message"]
        .as_str()
        .unwrap()
        .contains("not in this match's word list"));
    let star = score("classic-15", &empty(15), "1A CAT");
    assert_eq!(star["error"]["kind"], "star_not_covered");
    let occupied = score("wordclub-1.0", "9/9/9/9/3CAT3/9/9/9/9", "5D DOG");
    assert_eq!(occupied["error"]["kind"], "square_occupied");
    // A rack in the position: the tiles must be on it.
    let rack = score("classic-15", &format!("{} DOG/ 0/0 0", empty(15)), "8G CAT");
    assert_eq!(rack["error"]["kind"], "tile_not_on_rack");
    // Rules and list from the position's opcodes.
    let (code, json) = cli(&[
        "score",
        "--position",
        &format!("{} CAT?/ 0/0 0 lex enable2k; rules classic-15;", empty(15)),
        "--move",
        "8G CAt",
    ]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(
        (json["score"].as_u64(), json["list"].as_str()),
        (Some(8), Some("enable2k"))
    );
    // Unreadable input is a CLI error.
    let (code, json) = cli(&[
        "score",
        "--rules",
        "classic-15",
        "--position",
        "9/9",
        "--move",
        "8G CAT",
    ]);
    assert_eq!(
        (code, json["error"]["kind"].as_str()),
        (2, Some("notation"))
    );
    let (code, _) = cli(&["score", "--rules", "classic-15", "--position", &empty(15)]);
    assert_eq!(code, 2);
}

#[test]
fn score_accepts_a_list_file() {
    let path = temp_file("tiny.txt", "cat\ncats\n");
    let path = path.to_str().unwrap();
    let args = |mv: &'static str| {
        vec![
            "score",
            "--rules",
            "wordclub-1.0",
            "--list-file",
            path,
            "--position",
            "9/9/9/9/9/9/9/9/9",
            "--move",
            mv,
        ]
    };
    let (code, json) = cli(&args("5D CAT"));
    assert_eq!((code, json["score"].as_u64()), (0, Some(3)));
    let (_, json) = cli(&args("5D DOG"));
    assert_eq!(
        json["error"]["message"],
        "DOG: not in this match's word list (tiny.txt)"
    );
}

#[test]
fn play_a_scripted_match_with_fixed_racks() {
    let script = temp_file(
        "one.txt",
        "# CAT, CATS, CART\n5D CAT\npass\n5D ...S\nD5 .ART\nhint words\nexchange BDG\n",
    );
    let (code, json) = cli(&[
        "play",
        "--rules",
        "wordclub-1.0",
        "--players",
        "Ann,Ben",
        "--seed",
        "3",
        "--script",
        script.to_str().unwrap(),
        "--racks",
        "CATSBDG,ARTEEEE",
        "--bag",
        "LNOI",
    ]);
    assert_eq!(code, 0, "{json}");
    let events = json["events"].as_array().unwrap();
    let types: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "started",
            "placed",
            "passed",
            "placed",
            "placed",
            "hint_taken",
            "exchanged"
        ]
    );
    assert_eq!(events[1]["drawn"], "LNO");
    assert_eq!(events[0]["racks"][1], "ARTEEEE");
    assert_eq!(json["state"]["players"][0]["score"], 7);
    assert_eq!(json["state"]["players"][1]["score"], 4);
    assert_eq!(json["state"]["players"][0]["hints"], 1);
    assert_eq!(json["turns"][3]["words"][0]["word"], "CART");
    assert_eq!(json["turns"][3]["totals"][1], 4);
    assert_eq!(json["state"]["to_move"], 1);
    assert!(json["result"].is_null());
}

#[test]
fn play_solo_to_the_turn_limit() {
    let mut lines = String::from("5C DUMB\nE3 FA.E\n");
    for _ in 0..8 {
        lines.push_str("exchange\n");
    }
    let script = temp_file("solo.txt", &lines);
    let (code, json) = cli(&[
        "play",
        "--rules",
        "solo-10",
        "--players",
        "Sol",
        "--seed",
        "5",
        "--script",
        script.to_str().unwrap(),
        "--racks",
        "DUMBFAE",
    ]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["result"]["reason"], "turn_limit");
    assert_eq!(json["result"]["final_scores"][0], 35);
    assert_eq!(json["result"]["best_turns"][0]["score"], 22);
    assert_eq!(json["list"]["id"], "enable-2-9");
}

#[test]
fn play_stops_at_a_refused_line() {
    let script = temp_file("bad.txt", "5D CAT\n\n5D ...XZ\npass\n");
    let (code, json) = cli(&[
        "play",
        "--rules",
        "wordclub-1.0",
        "--players",
        "Ann,Ben",
        "--seed",
        "3",
        "--script",
        script.to_str().unwrap(),
        "--racks",
        "CATSBDG,ARTEEEE",
    ]);
    assert_eq!(code, 2);
    assert_eq!(json["error"]["kind"], "tile_not_on_rack");
    assert!(
        json["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("line 3"),
        "{json}"
    );
    let script = temp_file("turn.txt", "@2 pass\n");
    let (code, json) = cli(&[
        "play",
        "--rules",
        "classic-15",
        "--players",
        "Ann,Ben",
        "--seed",
        "3",
        "--script",
        script.to_str().unwrap(),
    ]);
    assert_eq!(
        (code, json["error"]["kind"].as_str()),
        (2, Some("not_your_turn"))
    );
    let script = temp_file("words.txt", "@2 exchange EEE\n5D CAT\n5D ...XZ\n");
    let (_, json) = cli(&[
        "play",
        "--rules",
        "wordclub-1.0",
        "--players",
        "Ann,Ben",
        "--seed",
        "3",
        "--script",
        script.to_str().unwrap(),
        "--racks",
        "CATSBDG,ARTEEEE",
    ]);
    assert_eq!(json["error"]["kind"], "not_your_turn");
}

#[test]
fn play_accepts_a_list_file_and_pins_the_match_to_it() {
    let words = temp_file("family.txt", "cat\ncats\n");
    let script = temp_file("family-script.txt", "5D CAT\n5D ...S\n");
    let (code, json) = cli(&[
        "play",
        "--rules",
        "wordclub-1.0",
        "--list-file",
        words.to_str().unwrap(),
        "--players",
        "Ann,Ben",
        "--seed",
        "1",
        "--script",
        script.to_str().unwrap(),
        "--racks",
        "CATBDGE,SAEEEER",
    ]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["list"]["id"], "file:family.txt");
    assert_eq!(json["list"]["sha256"].as_str().unwrap().len(), 64);
    assert_eq!(json["state"]["players"][1]["score"], 4);
    let script = temp_file("family-bad.txt", "5D CAT\nD5 .AR\n");
    let (code, json) = cli(&[
        "play",
        "--rules",
        "wordclub-1.0",
        "--list-file",
        words.to_str().unwrap(),
        "--players",
        "Ann,Ben",
        "--seed",
        "1",
        "--script",
        script.to_str().unwrap(),
        "--racks",
        "CATBDGE,SAEEEER",
    ]);
    assert_eq!(
        (code, json["error"]["kind"].as_str()),
        (2, Some("not_in_list"))
    );
    let message = json["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("line 2"), "{message}");
    assert!(
        message.contains("CAR: not in this match's word list (family.txt)"),
        "{message}"
    );
}

#[test]
fn play_records_the_suggested_move_a_hint_showed() {
    // AEINRST on an empty classic board: the best plays are seven-letter words through the
    // star (2W) with one letter on a 2L: (7 + 1) × 2 + 50 = 66, worked out by hand.
    let script = temp_file("suggest.txt", "hint suggest\npass\n");
    let (code, json) = cli(&[
        "play",
        "--rules",
        "classic-15",
        "--players",
        "Ann,Ben",
        "--seed",
        "4",
        "--script",
        script.to_str().unwrap(),
        "--racks",
        "AEINRST,EEOOUUL",
    ]);
    assert_eq!(code, 0, "{json}");
    let hint = json["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["type"] == "hint_taken")
        .unwrap_or_else(|| panic!("no hint event: {json}"));
    // The one shape the engine records, as the app answers "Suggest a move".
    assert_eq!(hint["shown"]["kind"], "move", "{hint}");
    assert_eq!(hint["shown"]["score"], 66, "{hint}");
    let notation = hint["shown"]["notation"].as_str().expect("a move");
    assert!(
        notation.starts_with("8") && notation.len() == 10,
        "{notation}"
    );
    assert_eq!(
        hint["shown"]["tiles"].as_array().unwrap().len(),
        7,
        "{hint}"
    );
}

/// `play`'s events for a Word Club 1.0 match whose first rack spells TITS (and SIT, OATS …),
/// the script asking the words hint twice in Ann's turn, with `--manners` when given.
fn rack_words_played(manners: Option<&str>) -> Value {
    let script = temp_file(
        "manners.txt",
        "hint words
hint words
5D SIT
hint words
",
    );
    let mut args = vec![
        "play",
        "--rules",
        "wordclub-1.0",
        "--players",
        "Ann,Ben",
        "--seed",
        "5",
        "--script",
        script.to_str().unwrap(),
        "--racks",
        "TITSAEO,TTSNERL",
    ];
    if let Some(manners) = manners {
        args.extend(["--manners", manners]);
    }
    let (code, json) = cli(&args);
    assert_eq!(code, 0, "{json}");
    json
}

fn hint_events(json: &Value) -> Vec<&Value> {
    json["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["type"] == "hint_taken")
        .collect()
}

fn shown_words(hint: &Value) -> Vec<String> {
    hint["shown"]["words"]
        .as_array()
        .unwrap_or_else(|| panic!("{hint}"))
        .iter()
        .map(|w| w.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn play_answers_hints_with_the_manners_asked_polite_by_default() {
    let polite = rack_words_played(None);
    assert_eq!(
        rack_words_played(Some("polite"))["events"],
        polite["events"]
    );
    let any = rack_words_played(Some("any"));
    // Ann asked twice in one turn: one hint; Ben's is a new one.
    for json in [&polite, &any] {
        let hints = hint_events(json);
        assert_eq!(hints.len(), 2, "{hints:?}");
        assert_eq!(
            (hints[0]["player"].as_u64(), hints[1]["player"].as_u64()),
            (Some(0), Some(1))
        );
        assert_eq!(json["state"]["players"][0]["hints"], 1);
    }
    let polite_words = shown_words(hint_events(&polite)[0]);
    let any_words = shown_words(hint_events(&any)[0]);
    assert!(
        polite_words.contains(&"SIT".to_string()),
        "{polite_words:?}"
    );
    assert!(
        !polite_words.contains(&"TITS".to_string()),
        "{polite_words:?}"
    );
    assert!(any_words.contains(&"TITS".to_string()), "{any_words:?}");
    let (code, json) = cli(&[
        "play",
        "--rules",
        "wordclub-1.0",
        "--players",
        "Ann,Ben",
        "--seed",
        "5",
        "--script",
        "none.txt",
        "--manners",
        "rude",
    ]);
    assert_eq!(code, 2, "{json}");
    assert_eq!(json["error"]["kind"], "usage", "{json}");
}

/// The test rule set that changes with the number of players (`tests/rules/table-scaled.json`).
fn table_scaled() -> String {
    format!(
        "{}/../../tests/rules/table-scaled.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `rules --rules-file` shows what changes at each table size and the start points;
/// `--players N` prints the rule set as a table of N plays it (flat, `table` set).
#[test]
fn rules_shows_what_changes_with_the_number_of_players() {
    let file = table_scaled();
    let (code, json) = cli(&["rules", "--rules-file", &file]);
    assert_eq!(code, 0, "{json}");
    let set = &json["rule_sets"][0];
    assert_eq!(set["start_points"], serde_json::json!([0, 3]));
    let tables = set["tables"].as_array().unwrap();
    let sizes: Vec<(u64, u64, u64, u64)> = tables
        .iter()
        .map(|t| {
            (
                t["players"].as_u64().unwrap(),
                t["board_size"].as_u64().unwrap(),
                t["rack_size"].as_u64().unwrap(),
                t["bag_size"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(sizes, [(2, 9, 7, 32), (3, 9, 6, 32), (4, 11, 5, 48)]);
    assert_eq!(tables[0]["start_points"], serde_json::json!([0, 3]));
    assert_eq!(tables[2]["start_points"], serde_json::json!([0, 2, 4, 6]));
    assert_eq!(tables[0]["changes"], serde_json::json!([]));
    assert!(tables[2]["changes"]
        .as_array()
        .unwrap()
        .contains(&"board_size".into()));

    let (code, json) = cli(&["rules", "--rules-file", &file, "--players", "4"]);
    assert_eq!(code, 0, "{json}");
    let flat = &json["rule_sets"][0];
    assert_eq!(
        (flat["board_size"].as_u64(), flat["table"].as_u64()),
        (Some(11), Some(4))
    );
    assert!(flat.get("by_table").is_none() && flat.get("tables").is_none());
    // Built-ins do not change with the table: the same at every size.
    let (_, plain) = cli(&["rules", "wordclub-1.0"]);
    let (_, at3) = cli(&["rules", "wordclub-1.0", "--players", "3"]);
    assert_eq!(plain, at3);
    assert!(plain["rule_sets"][0].get("tables").is_none());
    let (code, refused) = cli(&["rules", "wordclub-1.0", "--players", "5"]);
    assert_ne!(code, 0);
    assert_eq!(refused["error"]["kind"], "player_count", "{refused}");
}

/// `score` and `moves` read a position under the flat rule set of `--players N` (default:
/// the seats the position names, else the fewest): the 4-player table's board is 11×11.
#[test]
fn score_and_moves_pick_the_rule_set_of_the_table_size() {
    let file = table_scaled();
    let nine = empty(9);
    let eleven = empty(11);
    let (code, json) = cli(&[
        "score",
        "--rules-file",
        &file,
        "--position",
        &nine,
        "--move",
        "5D CAT",
    ]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(
        (json["legal"].as_bool(), json["score"].as_u64()),
        (Some(true), Some(3))
    );
    // At 4 players the star is F6 on an 11×11 board: a 9×9 position does not fit it.
    let (code, json) = cli(&[
        "score",
        "--rules-file",
        &file,
        "--players",
        "4",
        "--position",
        &nine,
        "--move",
        "6D CAT",
    ]);
    assert_ne!(code, 0, "{json}");
    let (code, json) = cli(&[
        "score",
        "--rules-file",
        &file,
        "--players",
        "4",
        "--position",
        &eleven,
        "--move",
        "6D CAT",
    ]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["legal"], true, "{json}");
    // Racks of 5 at 4 players: a 6-tile rack is refused there, fine at 3 (racks of 6).
    let moves = |players: &str| {
        cli(&[
            "moves",
            "--rules-file",
            &file,
            "--players",
            players,
            "--position",
            if players == "4" { &eleven } else { &nine },
            "--rack",
            "CATSEN",
        ])
    };
    let (code, json) = moves("4");
    assert_ne!(code, 0, "{json}");
    assert_eq!(json["error"]["kind"], "bad_rack", "{json}");
    let (code, json) = moves("3");
    assert_eq!(code, 0, "{json}");
    assert!(json["count"].as_u64().unwrap() > 0);
    let (code, json) = cli(&[
        "score",
        "--rules-file",
        &file,
        "--players",
        "5",
        "--position",
        &nine,
        "--move",
        "5D CAT",
    ]);
    assert_ne!(code, 0);
    assert_eq!(json["error"]["kind"], "player_count", "{json}");
}

/// A rule file is checked by the engine's one validator through `--rules-file`: every mistake
/// is named by its field at once, and numbers past their bound are refused by field however
/// large (`i32::MIN` once passed "at most 1000 either way"; a bingo bonus of `u32::MAX` once
/// made a seven-tile bingo score 6).
#[test]
fn a_rule_file_is_refused_with_every_faulty_field_named() {
    let (_, printed) = cli(&["rules", "wordclub-1.3"]);
    let base = printed["rule_sets"][0].clone();
    let refused = |name: &str, v: &Value| {
        let path = temp_file(name, &v.to_string());
        let (code, json) = cli(&["rules", "--rules-file", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{json}");
        assert_eq!(json["error"]["kind"], "invalid_rule_set", "{json}");
        json["error"]["message"].as_str().unwrap().to_string()
    };
    let mut five = base.clone();
    five["start_points"] = serde_json::json!([0, i32::MIN]);
    five["bingo_bonus"] = serde_json::json!(u32::MAX);
    five["by_table"][0]["bingo_bonus"] = serde_json::json!(u32::MAX);
    five["tiles"][4]["letter"] = "A".into();
    five["default_list"] = "no-such-list".into();
    let message = refused("five.json", &five);
    for field in [
        "start_points[1]",
        "bingo_bonus",
        "by_table[0].bingo_bonus",
        "tiles[4].letter",
        "default_list",
    ] {
        assert!(
            message.contains(&format!("`{field}`: ")),
            "{field}: {message}"
        );
    }
    assert_eq!(message.matches("`: ").count(), 5, "{message}");

    for (field, value, path) in [
        (
            "start_points",
            serde_json::json!([i32::MIN]),
            "start_points[0]",
        ),
        ("bingo_bonus", serde_json::json!(u32::MAX), "bingo_bonus"),
    ] {
        let mut v = base.clone();
        v[field] = value;
        let message = refused(&format!("{field}.json"), &v);
        assert!(message.contains(&format!("`{path}`: ")), "{message}");
        assert_eq!(message.matches("`: ").count(), 1, "{message}");
    }
}
