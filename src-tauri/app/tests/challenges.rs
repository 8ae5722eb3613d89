//! Challenges through the command layer (issue 46): `new_match`'s `challenges`, a phony
//! accepted and nobody told (`preview` names no word, `define` withholds the play's words
//! while it can be challenged), `challenge` and `let_stand`, the computers' answers (Hard and
//! Medium challenge a phony at once, none a valid play), the cover's "Challenge?" before a
//! computer's turn, the scoresheet's marks and the GCG record's own lines, read back.
mod common;

use common::{app, dealt_pair_with, ok, refuses, reveal, tile};
use serde_json::{json, Value};
use wordclub_app::App;

/// TCA across at 5D from Ann's CATEIOL: not in the list.
fn phony() -> Vec<Value> {
    vec![tile(4, 3, "T"), tile(4, 4, "C"), tile(4, 5, "A")]
}

fn cat() -> Vec<Value> {
    vec![tile(4, 3, "C"), tile(4, 4, "A"), tile(4, 5, "T")]
}

fn pair(app: &App, penalty: &str) -> i64 {
    dealt_pair_with(
        app,
        3,
        ["CATEIOL", "SNNDBGL"],
        "ARTE",
        json!({ "challenges": penalty }),
    )
}

fn with_seats(app: &App, players: Value, penalty: &str) -> i64 {
    let racks = &["CATEIOL", "SNNDBGL", "AAERRST"][..players.as_array().unwrap().len()];
    ok(
        app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": players, "seed": 3, "challenges": penalty,
               "deal": {"racks": racks, "draw_order": "ARTE"}}),
    )["id"]
        .as_i64()
        .unwrap()
}

fn play(app: &App, id: i64, tiles: Vec<Value>) -> Value {
    reveal(app, id);
    ok(app, "play", json!({ "match_id": id, "tiles": tiles }))
}

#[test]
fn a_phony_is_played_and_nobody_is_told_until_a_challenge() {
    let app = app();
    let id = pair(&app, "none");
    reveal(&app, id);
    let preview = ok(&app, "preview", json!({ "match_id": id, "tiles": phony() }));
    assert_eq!(preview["legal"], true, "{preview}");
    assert!(preview["error"].is_null());
    // A placement fault is still refused and named.
    let apart = ok(
        &app,
        "preview",
        json!({ "match_id": id, "tiles": [tile(0, 0, "C"), tile(0, 1, "A")] }),
    );
    assert_eq!(apart["legal"], false);
    assert_eq!(apart["error"]["kind"], "star_not_covered");
    let view = ok(&app, "play", json!({ "match_id": id, "tiles": phony() }));
    assert!(!view.to_string().contains("not_in_list"));
    assert_eq!(view["challenge"]["words"], json!(["TCA"]));
    assert_eq!(view["challenge"]["challengers"][0]["name"], "Ben");
    assert_eq!(view["challenge"]["before_computer"], false);
    assert_eq!(view["challenges"]["penalty"], "none");
    // The meaning waits: it would tell whether the word is in the list.
    refuses(
        &app,
        "define",
        json!({ "words": ["tca"], "match_id": id }),
        "withheld_until_challenged",
    );
    // Ben challenges, behind the cover: the play is withdrawn, Ann's rack stays covered.
    let view = ok(&app, "challenge", json!({ "match_id": id, "player": 1 }));
    let t = &view["turns"][0];
    assert_eq!(t["challenge"]["not_in_list"], json!(["TCA"]));
    assert_eq!(
        (t["score"].as_u64(), t["totals"][0].as_i64()),
        (Some(0), Some(0))
    );
    assert!(view["rack"].is_null() && view["covered"] == true);
    assert!(
        view["board"].to_string().chars().all(|c| c != 'T'),
        "the board is empty again"
    );
    assert_eq!(view["to_move"], 1);
    assert!(view["challenge"].is_null());
    // Now the meaning may be asked.
    ok(&app, "define", json!({ "words": ["tca"], "match_id": id }));
    let gcg = ok(
        &app,
        "export_gcg",
        json!({ "match_id": id, "reveal_racks": true }),
    );
    let text = gcg["gcg"].as_str().unwrap_or_else(|| panic!("{gcg}"));
    assert!(text.contains(" -- -"), "{text}");
}

#[test]
fn refusals_are_typed_and_change_nothing() {
    let app = app();
    let id = with_seats(
        &app,
        json!([{"name": "Ann"}, {"name": "Ben"}, {"name": "Bot", "computer": "easy"}]),
        "lose_turn",
    );
    refuses(
        &app,
        "challenge",
        json!({"match_id": id, "player": 1}),
        "nothing_to_challenge",
    );
    play(&app, id, cat());
    let before = ok(&app, "match_view", json!({"match_id": id}));
    refuses(
        &app,
        "challenge",
        json!({"match_id": id, "player": 0}),
        "challenge_own_move",
    );
    refuses(
        &app,
        "challenge",
        json!({"match_id": id, "player": 2}),
        "computer_to_move",
    );
    refuses(
        &app,
        "challenge",
        json!({"match_id": id, "player": 9}),
        "player_not_in_match",
    );
    assert_eq!(ok(&app, "match_view", json!({"match_id": id})), before);
    ok(&app, "challenge", json!({"match_id": id, "player": 1}));
    refuses(
        &app,
        "challenge",
        json!({"match_id": id, "player": 1}),
        "already_challenged",
    );
    refuses(
        &app,
        "let_stand",
        json!({"match_id": id}),
        "already_challenged",
    );
    // CAT stood: Ben loses his turn, so the computer is to move.
    let view = ok(&app, "match_view", json!({"match_id": id}));
    assert_eq!(view["to_move"], 2);
    assert_eq!(view["turns"][1]["lost_turn"], true);
    // After the next reveal a challenge is closed.
    let other = pair(&app, "none");
    play(&app, other, cat());
    reveal(&app, other);
    refuses(
        &app,
        "challenge",
        json!({"match_id": other, "player": 1}),
        "challenge_closed",
    );
    // Without the option there is nothing to challenge.
    let off = dealt_pair_with(&app, 3, ["CATEIOL", "SNNDBGL"], "ARTE", json!({}));
    play(&app, off, cat());
    refuses(
        &app,
        "challenge",
        json!({"match_id": off, "player": 1}),
        "challenges_off",
    );
    refuses(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0", "players": [{"name": "A"}, {"name": "B"}],
               "challenges": "plus7"}),
        "bad_argument",
    );
}

#[test]
fn a_failed_challenge_gives_its_bonus_in_the_view_and_the_game_record() {
    let app = app();
    let id = pair(&app, "plus10");
    play(&app, id, cat());
    let view = ok(&app, "challenge", json!({ "match_id": id, "player": 1 }));
    let t = &view["turns"][0];
    assert_eq!(t["challenge"]["bonus"], 10);
    assert_eq!(t["challenge"]["not_in_list"], json!([]));
    assert_eq!(t["totals"][0], t["score"].as_i64().unwrap() + 10);
    let gcg = ok(
        &app,
        "export_gcg",
        json!({ "match_id": id, "reveal_racks": true }),
    );
    let text = gcg["gcg"].as_str().unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("(challenge)"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.ends_with(&format!("+10 {}", t["totals"][0])), "{line}");
    // The analyser's GCG reader reads it back: the bonus in Ann's total.
    let rules = wordclub_engine::RuleSet::builtin("wordclub-1.0").unwrap();
    let record = wordclub_movegen::analysis::gcg::positions_of_gcg(text, &rules).unwrap();
    assert_eq!(record.scores[0], t["totals"][0].as_i64().unwrap());
}

#[test]
fn a_withdrawn_play_in_the_game_record_reads_back_as_a_scoreless_turn() {
    let app = app();
    let id = pair(&app, "none");
    play(&app, id, phony());
    ok(&app, "challenge", json!({ "match_id": id, "player": 1 }));
    // Ben, to move, passes.
    reveal(&app, id);
    ok(&app, "pass", json!({ "match_id": id }));
    play(&app, id, cat());
    let text = ok(
        &app,
        "export_gcg",
        json!({ "match_id": id, "reveal_racks": true }),
    )["gcg"]
        .as_str()
        .unwrap()
        .to_string();
    let rules = wordclub_engine::RuleSet::builtin("wordclub-1.0").unwrap();
    let record = wordclub_movegen::analysis::gcg::positions_of_gcg(&text, &rules).unwrap();
    let played: Vec<String> = record
        .positions
        .iter()
        .map(|p| format!("{:?}", p.played))
        .collect();
    assert_eq!(record.positions.len(), 3, "{played:?}\n{text}");
    assert!(played[0].starts_with("Pass"), "{played:?}");
    assert!(played[2].contains("CAT"), "{played:?}");
}

#[test]
fn hard_challenges_a_phony_at_once_and_never_a_valid_play() {
    let app = app();
    let id = with_seats(
        &app,
        json!([{"name": "Ann"}, {"name": "Bot", "computer": "hard"}]),
        "lose_turn",
    );
    let view = play(&app, id, phony());
    let t = &view["turns"][0];
    assert_eq!(t["challenge"]["by"], 1, "{t}");
    assert_eq!(t["challenge"]["not_in_list"], json!(["TCA"]));
    assert!(view["challenge"].is_null());
    // A valid play: no computer challenges; nobody else would, so it stands at once and the
    // computer moves.
    let id = with_seats(
        &app,
        json!([{"name": "Ann"}, {"name": "Bot", "computer": "hard"}]),
        "lose_turn",
    );
    let view = play(&app, id, cat());
    assert!(view["turns"][0]["challenge"].is_null());
    let view = ok(&app, "computer_turn", json!({ "match_id": id }));
    assert_eq!(view["turns"].as_array().unwrap().len(), 2);
    // Easy never challenges, even a phony.
    let id = with_seats(
        &app,
        json!([{"name": "Ann"}, {"name": "Bot", "computer": "easy"}]),
        "none",
    );
    let view = play(&app, id, phony());
    assert!(view["turns"][0]["challenge"].is_null());
    assert!(view["turns"][0]["score"].as_u64().unwrap() > 0);
    // It stood; while the match is on nothing says it is not in the list.
    assert_eq!(view["unchallenged"], json!([]));
    ok(&app, "computer_turn", json!({ "match_id": id }));
    let over = ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    assert_eq!(over["over"], true);
    let marked = json!([{ "turn": 1, "words": ["TCA"] }]);
    assert_eq!(over["unchallenged"], marked);
    let detail = ok(&app, "match_detail", json!({ "match_id": id }));
    assert_eq!(detail["unchallenged"], marked);
}

#[test]
fn a_challenge_cover_comes_before_a_computers_turn_when_another_person_sits_there() {
    let app = app();
    let id = with_seats(
        &app,
        json!([{"name": "Ann"}, {"name": "Bot", "computer": "easy"}, {"name": "Ben"}]),
        "none",
    );
    let view = play(&app, id, cat());
    assert_eq!(view["challenge"]["before_computer"], true);
    assert_eq!(view["challenge"]["challengers"][0]["name"], "Ben");
    refuses(
        &app,
        "computer_turn",
        json!({ "match_id": id }),
        "challenge_open",
    );
    ok(&app, "let_stand", json!({ "match_id": id }));
    let view = ok(&app, "computer_turn", json!({ "match_id": id }));
    assert_eq!(view["to_move"], 2);
    // The computer's words are all in the list: none of them is marked.
    let detail = ok(&app, "match_view", json!({ "match_id": id }));
    assert!(detail["turns"][1]["challenge"].is_null());
}
