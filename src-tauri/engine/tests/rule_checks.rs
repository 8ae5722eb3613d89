//! The one rule-set validator: every problem at once with its field's path, bounds checked
//! without overflow, a new match refused under a rule set it refuses, and a stored match held
//! to the bounds of the build that recorded it.
mod common;

use common::*;
use serde_json::{json, Value};
use wordclub_engine::*;

fn json_of(id: &str) -> Value {
    serde_json::to_value(rules(id)).unwrap()
}

fn read(v: &Value) -> RuleSet {
    serde_json::from_value(v.clone()).unwrap()
}

fn paths(r: &RuleSet) -> Vec<String> {
    match r.validate() {
        Ok(()) => Vec::new(),
        Err(EngineError::InvalidRuleSet { problems }) => {
            problems.into_iter().map(|p| p.path).collect()
        }
        Err(other) => panic!("{other:?}"),
    }
}

#[test]
fn a_rule_set_with_five_faults_reports_five_field_paths() {
    let mut v = json_of("wordclub-1.3");
    v["start_points"] = json!([0, i32::MIN]);
    v["bingo_bonus"] = json!(u32::MAX);
    v["by_table"][0]["bingo_bonus"] = json!(MAX_BINGO_BONUS + 1);
    v["tiles"][4]["letter"] = json!("A");
    v["end"]["scoreless_turns_in_a_row"] = json!(0);
    let r = read(&v);
    assert_eq!(
        paths(&r),
        [
            "tiles[4].letter",
            "bingo_bonus",
            "end.scoreless_turns_in_a_row",
            "start_points[1]",
            "by_table[0].bingo_bonus",
        ]
    );
    // The sentence names every one of them.
    let e = r.validate().unwrap_err();
    assert_eq!(e.kind(), "invalid_rule_set");
    let message = e.to_string();
    for path in paths(&r) {
        assert!(
            message.contains(&format!("`{path}`: ")),
            "{path} in {message}"
        );
    }
    assert!(message.contains("at 3 players: must be 0 to"), "{message}");
}

/// `i32::MIN` has no absolute value in `i32`: it once passed "at most 1000 either way", and
/// a bingo bonus of `u32::MAX` once made a seven-tile bingo score 6.
#[test]
fn numbers_past_their_bound_are_refused_by_field_without_overflow() {
    for (field, value, path) in [
        ("start_points", json!([i32::MIN]), "start_points[0]"),
        ("start_points", json!([0, i32::MAX]), "start_points[1]"),
        ("bingo_bonus", json!(u32::MAX), "bingo_bonus"),
    ] {
        let mut v = json_of("classic-15");
        v[field] = value;
        assert_eq!(paths(&read(&v)), [path], "{field}");
    }
    let mut edge = rules("classic-15");
    edge.start_points = vec![-MAX_START_POINTS, MAX_START_POINTS];
    edge.bingo_bonus = MAX_BINGO_BONUS;
    assert_eq!(edge.validate(), Ok(()));
}

#[test]
fn a_match_is_not_dealt_under_a_rule_set_the_validator_refuses() {
    let l = list("wordclub");
    let mut r = rules("classic-15");
    r.bingo_bonus = u32::MAX;
    r.start_points = vec![i32::MIN];
    let e = Match::new(r, ListRef::of(l), humans(&["A", "B"]), 1).unwrap_err();
    let EngineError::InvalidRuleSet { problems } = e else {
        panic!("{e:?}");
    };
    let found: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(found, ["bingo_bonus", "start_points[0]"]);
    // A board the move generator cannot hold is no longer dealt.
    let mut wide = rules("wordclub-1.0");
    wide.board_size = MAX_BOARD + 1;
    let e = Match::new(wide, ListRef::of(l), humans(&["A", "B"]), 1).unwrap_err();
    assert_eq!(e.kind(), "invalid_rule_set");
    assert!(e.to_string().contains("`board_size`: "), "{e}");
}

/// A match an earlier build recorded on a board wider than the generator's (it dealt up to
/// 26 squares a side) still opens and replays; a new one is not dealt on it.
#[test]
fn a_stored_match_is_held_to_the_bounds_it_was_recorded_under() {
    let (m, _) = fixed_match("wordclub-1.0", &["RETAINS", "OGTEENR"], "");
    let recorded_on = |size: u8| {
        let mut events = m.events().to_vec();
        let Event::Started {
            rules, rules_hash, ..
        } = &mut events[0]
        else {
            panic!("a match starts with its start");
        };
        rules.board_size = size;
        *rules_hash = rules.hash();
        (rules.clone(), events)
    };
    let (wide, events) = recorded_on(20);
    assert_eq!(paths(&wide), ["board_size"]);
    assert_eq!(wide.validate_with(RuleBounds::Recorded), Ok(()));
    let opened = Match::replay(&events).unwrap();
    assert_eq!(opened.board().size(), 20);
    // Past the bound it was recorded under, it is refused by field.
    let (_, events) = recorded_on(MAX_RECORDED_BOARD + 1);
    let e = Match::replay(&events).unwrap_err();
    assert!(e.to_string().contains("`board_size`: "), "{e}");
}

/// Where rule numbers meet scores the arithmetic saturates: a recorded rule set is held to
/// fewer bounds than a new one, and a score never wraps round to a small one.
#[test]
fn a_score_saturates_rather_than_wraps() {
    let mut r = rules("wordclub-1.0");
    r.bingo_bonus = u32::MAX;
    let b = board("wordclub-1.0", &empty_cgp(9));
    let scored = score_placement(&b, &r, &tiles(&b, "5B RETAINS")).unwrap();
    assert_eq!((scored.bingo, scored.score), (u32::MAX, u32::MAX));

    let (m, l) = fixed_match("wordclub-1.0", &["RETAINS", "OGTEENR"], "");
    let mut events = m.events().to_vec();
    if let Event::Started {
        rules, rules_hash, ..
    } = &mut events[0]
    {
        rules.bingo_bonus = u32::MAX;
        *rules_hash = rules.hash();
    }
    let mut m = Match::replay(&events).unwrap();
    place(&mut m, l, 0, "5B RETAINS").unwrap();
    assert_eq!(m.scores()[0], i32::MAX);
}

/// A stored match's rule set that an earlier build dealt but the validator now refuses for a
/// new match (an exchange of more tiles than the rack holds) still deals the matches a
/// program plays to study it (the self-play that fits its leave table), never one for people.
#[test]
fn a_recorded_rule_set_is_dealt_for_study_only() {
    let l = list("wordclub");
    let mut r = rules("wordclub-1.0");
    r.rack_size = 3;
    assert_eq!(paths(&r), ["exchange.max_tiles"]);
    let e = Match::new(r.clone(), ListRef::of(l), humans(&["A", "B"]), 1).unwrap_err();
    assert_eq!(e.kind(), "invalid_rule_set");
    let m = Match::under_recorded_rules(r.clone(), ListRef::of(l), humans(&["A", "B"]), 1).unwrap();
    assert_eq!(m.rack(0).unwrap().len(), 3);
    // Past the recorded bounds too, it is refused there as well.
    r.board_size = MAX_RECORDED_BOARD + 1;
    let e = Match::under_recorded_rules(r, ListRef::of(l), humans(&["A", "B"]), 1).unwrap_err();
    assert_eq!(e.kind(), "invalid_rule_set");
}
