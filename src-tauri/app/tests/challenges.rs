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

/// The GCG record of `id`, racks shown, and the analyser's reading of it.
fn record_of(
    app: &App,
    id: i64,
) -> (
    String,
    wordclub_movegen::analysis::gcg::GcgRecord,
    Vec<wordclub_movegen::analysis::TurnPosition>,
) {
    let text = ok(
        app,
        "export_gcg",
        json!({ "match_id": id, "reveal_racks": true }),
    )["gcg"]
        .as_str()
        .unwrap()
        .to_string();
    let rules = wordclub_engine::RuleSet::builtin("wordclub-1.0").unwrap();
    let record = wordclub_movegen::analysis::gcg::positions_of_gcg(&text, &rules)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let positions = record.positions.clone();
    (text, record, positions)
}

/// The numbers of a view's turns that were a player's choice (no lost turn, none taken back).
fn chosen_turns(view: &Value) -> Vec<u64> {
    view["turns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["lost_turn"] != true && t["taken_back"] != true)
        .map(|t| t["number"].as_u64().unwrap())
        .collect()
}

#[test]
fn a_lost_turn_is_a_pass_line_in_the_game_record_and_reads_back_as_no_choice() {
    let app = app();
    let id = pair(&app, "lose_turn");
    play(&app, id, cat());
    // Ben challenges a valid play: he loses his next turn, which is now; Ann moves again.
    let view = ok(&app, "challenge", json!({ "match_id": id, "player": 1 }));
    assert_eq!(view["to_move"], 0);
    reveal(&app, id);
    ok(&app, "pass", json!({ "match_id": id }));
    reveal(&app, id);
    let view = ok(&app, "pass", json!({ "match_id": id }));
    let (text, record, positions) = record_of(&app, id);
    // GCG's line for a turn with no move, then the note that says whose choice it was not.
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(">Ben:") && l.contains(" - +0 "))
        .unwrap_or_else(|| panic!("no pass line for Ben's lost turn\n{text}"));
    assert_eq!(
        lines[at + 1],
        "#note Ben lost this turn to a failed challenge",
        "{text}"
    );
    // Read back: the match's own numbering, and the lost turn no position to analyse.
    let turns: Vec<u64> = positions.iter().map(|p| u64::from(p.turn)).collect();
    assert_eq!(turns, chosen_turns(&view), "{text}");
    assert_eq!(turns, vec![1, 3, 4], "{text}");
    assert_eq!(
        record.scores[0],
        view["players"][0]["score"].as_i64().unwrap()
    );
    assert_eq!(
        record.scores[1],
        view["players"][1]["score"].as_i64().unwrap()
    );
}

#[test]
fn a_lost_turn_taken_back_with_the_move_before_it_leaves_the_game_record_too() {
    let app = app();
    let id = ok(
        &app,
        "new_match",
        json!({"rules": "wordclub-1.0",
               "players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cal"}],
               "seed": 3, "challenges": "lose_turn", "allow_take_backs": true,
               "deal": {"racks": ["CATEIOL", "SNNDBGL", "AAERRST"], "draw_order": "ARTE"}}),
    )["id"]
        .as_i64()
        .unwrap();
    play(&app, id, cat());
    // Cal challenges Ann's valid play and owes his next turn; Ben passes, Cal's turn is lost.
    ok(&app, "challenge", json!({ "match_id": id, "player": 2 }));
    reveal(&app, id);
    let view = ok(&app, "pass", json!({ "match_id": id }));
    assert_eq!(view["to_move"], 0, "Cal's turn was lost");
    let (text, _, positions) = record_of(&app, id);
    assert!(text.contains("#note Cal lost this turn"), "{text}");
    let turns: Vec<u32> = positions.iter().map(|p| p.turn).collect();
    assert_eq!(turns, vec![1, 2], "{text}");
    // Ben takes his pass back: Cal's lost turn goes with it (the engine owes it again).
    let view = ok(&app, "take_back", json!({ "match_id": id, "player": 1 }));
    assert_eq!(view["to_move"], 1);
    let (text, _, positions) = record_of(&app, id);
    assert!(
        text.contains("#note Cal's lost turn went with Ben's take-back"),
        "{text}"
    );
    assert_eq!(positions.len(), 1, "{text}");
    // Ben plays again, and Cal's turn is lost again: the record numbers it as the match does.
    reveal(&app, id);
    let view = ok(&app, "pass", json!({ "match_id": id }));
    assert_eq!(view["to_move"], 0);
    let (text, _, positions) = record_of(&app, id);
    let turns: Vec<u64> = positions.iter().map(|p| u64::from(p.turn)).collect();
    assert_eq!(turns, chosen_turns(&view), "{text}");
}

#[test]
fn a_best_turn_that_stood_outside_the_list_is_marked_on_the_end_screen_and_in_the_statistics() {
    let app = app();
    let id = pair(&app, "none");
    play(&app, id, phony());
    // Ben shows his rack: the play stands, nobody having challenged it.
    reveal(&app, id);
    ok(&app, "pass", json!({ "match_id": id }));
    reveal(&app, id);
    let over = ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    let best = &over["result"]["best_turn"];
    assert_eq!(best["turn"], 1, "{best}");
    assert_eq!(best["unchallenged"], json!(["TCA"]), "{best}");
    let stats = ok(&app, "player_stats", json!({}));
    let ann = stats["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Ann")
        .unwrap_or_else(|| panic!("{stats}"));
    assert!(
        ann["best_turn"].as_str().unwrap().starts_with("TCA"),
        "{ann}"
    );
    assert_eq!(ann["best_turn_unchallenged"], json!(["TCA"]), "{ann}");

    // A best turn in the list carries no mark.
    let app = crate::app();
    let id = pair(&app, "none");
    play(&app, id, cat());
    reveal(&app, id);
    ok(&app, "pass", json!({ "match_id": id }));
    reveal(&app, id);
    let over = ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    assert_eq!(over["result"]["best_turn"]["unchallenged"], json!([]));
    let stats = ok(&app, "player_stats", json!({}));
    assert!(stats["players"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["best_turn_unchallenged"] == json!([])));
}

/// The lookups match `id` has kept, as its game record notes them (a lookup for a turn not
/// played yet is noted at the end).
fn event_count(app: &App, id: i64) -> usize {
    ok(
        app,
        "export_gcg",
        json!({ "match_id": id, "reveal_racks": true }),
    )["gcg"]
        .as_str()
        .unwrap()
        .matches(" looked up ")
        .count()
}

#[test]
fn a_word_looked_up_from_the_match_screen_is_assistance_for_the_player_to_move() {
    let app = app();
    let id = pair(&app, "none");
    // Behind the cover nobody is to be recorded: refused, nothing kept.
    let before = event_count(&app, id);
    refuses(
        &app,
        "check_word",
        json!({ "word": "tca", "match_id": id }),
        "rack_hidden",
    );
    refuses(
        &app,
        "check_word",
        json!({ "word": "tca", "match_id": id, "list": "wordclub" }),
        "list_and_match",
    );
    refuses(
        &app,
        "check_word",
        json!({ "word": "t-a", "match_id": id }),
        "not_a_to_z",
    );
    assert_eq!(event_count(&app, id), before);
    reveal(&app, id);
    let before = event_count(&app, id);
    let answer = ok(&app, "check_word", json!({ "word": "tca", "match_id": id }));
    assert_eq!(answer["valid"], false, "{answer}");
    assert_eq!(answer["recorded_for"], "Ann", "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("not in this match's word list"),
        "{answer}"
    );
    assert_eq!(event_count(&app, id), before + 1, "the lookup is kept");
    // The standalone checker (no match) records nothing.
    let plain = ok(
        &app,
        "check_word",
        json!({ "word": "tca", "list": "wordclub" }),
    );
    assert!(plain["recorded_for"].is_null(), "{plain}");
    assert_eq!(event_count(&app, id), before + 1);
    // Ann plays: her turn carries the lookup, as a hint is carried; the history calls the
    // match assisted and the game record notes it.
    let view = play(&app, id, cat());
    assert_eq!(view["turns"][0]["looked_up"], 1, "{}", view["turns"][0]);
    let assisted = ok(&app, "match_list", json!({ "assisted": true }));
    assert_eq!(assisted["matches"][0]["id"], id, "{assisted}");
    assert_eq!(assisted["matches"][0]["looked_up"], 1, "{assisted}");
    let text = ok(
        &app,
        "export_gcg",
        json!({ "match_id": id, "reveal_racks": true }),
    )["gcg"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        text.contains("#note Ann looked up TCA: not in the list"),
        "{text}"
    );
    let detail = ok(&app, "match_detail", json!({ "match_id": id }));
    assert_eq!(detail["turns"][0]["looked_up"], 1, "{detail}");
}

#[test]
fn a_lookup_is_recorded_only_in_a_match_with_challenges_while_it_is_on() {
    let app = app();
    // Challenges off: every word is checked as it is played; the lookup answers, unrecorded.
    let id = dealt_pair_with(&app, 3, ["CATEIOL", "SNNDBGL"], "ARTE", json!({}));
    reveal(&app, id);
    let before = event_count(&app, id);
    let answer = ok(&app, "check_word", json!({ "word": "cat", "match_id": id }));
    assert_eq!(answer["valid"], true);
    assert!(answer["recorded_for"].is_null(), "{answer}");
    assert_eq!(event_count(&app, id), before);
    let listed = ok(&app, "match_list", json!({ "assisted": true }));
    assert_eq!(listed["total"], 0, "{listed}");
    // Over: nothing left to help with.
    let id = pair(&app, "none");
    reveal(&app, id);
    ok(&app, "resign", json!({ "match_id": id, "confirm": true }));
    let before = event_count(&app, id);
    let answer = ok(&app, "check_word", json!({ "word": "cat", "match_id": id }));
    assert!(answer["recorded_for"].is_null(), "{answer}");
    assert_eq!(event_count(&app, id), before);
}
