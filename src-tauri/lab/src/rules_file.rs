//! A rule set given as JSON, in the format `wordclub-cli rules` prints (one rule set object,
//! or that command's `{"rule_sets": [...]}` answer holding exactly one), checked so that a
//! mistake is reported with the field it is in. Fields the engine adds when printing
//! (`hash`, `bag_size`, `tables`) are ignored.
//!
//! A rule set that changes with the number of players (`by_table`, `start_points`) is
//! checked at every table size it seats: each flat rule set a match of that size would play
//! (`RuleSet::at_table`) passes the same checks as a plain rule set, and a mistake there is
//! named by the `by_table` entry and its field with the size in the reason
//! (`by_table[1].rack_size`: "at 4 players: must be 1 to 15, not 0").

use std::collections::HashSet;

use wordclub_engine::{ExchangePolicy, RuleSet, MAX_START_POINTS};
use wordclub_lexicon::{WordList, RACK_MAX};

// The lab's error under the name this file used while the lab was part of movegen: the
// file moved with only its imports changed, so an edit made to it meanwhile merges.
use crate::LabError as MovegenError;
use wordclub_movegen::MAX_SIZE;

fn bad(field: impl Into<String>, reason: impl Into<String>) -> MovegenError {
    MovegenError::RuleSetField {
        field: field.into(),
        reason: reason.into(),
    }
}

/// Reads and checks a rule set from JSON text.
pub fn rule_set_from_json(text: &str) -> Result<RuleSet, MovegenError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| bad("(file)", format!("not JSON: {e}")))?;
    let (value, prefix) = match value.get("rule_sets") {
        Some(serde_json::Value::Array(sets)) if sets.len() == 1 => {
            (sets[0].clone(), "rule_sets[0].")
        }
        Some(_) => {
            return Err(bad(
                "rule_sets",
                "must hold exactly one rule set (name one id: `wordclub-cli rules ID`)",
            ))
        }
        None => (value, ""),
    };
    let rules: RuleSet = serde_path_to_error::deserialize(&value).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner().to_string();
        // serde names a missing field in its message, at the path of the object holding it.
        let field = match inner.strip_prefix("missing field `") {
            Some(rest) => {
                let name = rest.split('`').next().unwrap_or(rest);
                if path == "." {
                    name.to_string()
                } else {
                    format!("{path}.{name}")
                }
            }
            None => path,
        };
        bad(format!("{prefix}{field}"), inner)
    })?;
    check(&rules).map_err(|e| match e {
        MovegenError::RuleSetField { field, reason } => bad(format!("{prefix}{field}"), reason),
        other => other,
    })?;
    Ok(rules)
}

/// The checks a rule set must pass before the lab (or a match) can use it: its own fields,
/// then, when it changes with the number of players, its `by_table` entries and the flat
/// rule set of every table size it seats.
pub fn check(rules: &RuleSet) -> Result<(), MovegenError> {
    check_flat(rules)?;
    check_start_points("start_points", &rules.start_points, rules.players.max)?;
    if rules.by_table.is_empty() {
        return Ok(());
    }
    if rules.table.is_some() {
        return Err(bad(
            "table",
            "a rule set made flat for one table size has no by_table entries",
        ));
    }
    let mut sizes = HashSet::new();
    for (i, c) in rules.by_table.iter().enumerate() {
        if !rules.table_sizes().contains(&usize::from(c.players)) {
            return Err(bad(
                format!("by_table[{i}].players"),
                format!(
                    "this rule set seats {} to {} players, not {}",
                    rules.players.min, rules.players.max, c.players
                ),
            ));
        }
        if !sizes.insert(c.players) {
            return Err(bad(
                format!("by_table[{i}].players"),
                format!("{} players has an entry already", c.players),
            ));
        }
        if let Some(points) = &c.start_points {
            check_start_points(&format!("by_table[{i}].start_points"), points, c.players)?;
        }
    }
    for n in rules.table_sizes() {
        let flat = rules
            .at_table(n)
            .map_err(|e| bad("by_table", format!("at {n} players: {e}")))?;
        check_flat(&flat).map_err(|e| match e {
            MovegenError::RuleSetField { field, reason } => {
                let entry = rules
                    .by_table
                    .iter()
                    .position(|c| usize::from(c.players) == n);
                let top = field.split(['.', '[']).next().unwrap_or(&field).to_string();
                match entry {
                    // The entry sets the field: the mistake is in it.
                    Some(i) if entry_sets(&rules.by_table[i], &top) => bad(
                        format!("by_table[{i}].{field}"),
                        format!("at {n} players: {reason}"),
                    ),
                    // The entry's changes do not fit a field it leaves as it is.
                    Some(i) => bad(
                        format!("by_table[{i}]"),
                        format!("at {n} players, {field}: {reason}"),
                    ),
                    None => bad(field, format!("at {n} players: {reason}")),
                }
            }
            other => other,
        })?;
    }
    Ok(())
}

/// Whether a `by_table` entry sets the rule set field named `top`.
fn entry_sets(c: &wordclub_engine::TableChanges, top: &str) -> bool {
    match top {
        "board_size" => c.board_size.is_some(),
        "star" => c.star.is_some(),
        "premiums" => c.premiums.is_some(),
        "tiles" => c.tiles.is_some(),
        "rack_size" => c.rack_size.is_some(),
        "bingo_bonus" => c.bingo_bonus.is_some(),
        "exchange" => c.exchange.is_some(),
        "leave" => c.leave.is_some(),
        "start_points" => c.start_points.is_some(),
        _ => false,
    }
}

/// At most one start value per seat of the table, each within the engine's bound.
fn check_start_points(field: &str, points: &[i32], seats: u8) -> Result<(), MovegenError> {
    if points.len() > usize::from(seats) {
        return Err(bad(
            field,
            format!(
                "lists {} seats; the table seats at most {seats}",
                points.len()
            ),
        ));
    }
    if let Some((i, p)) = points
        .iter()
        .enumerate()
        .find(|(_, p)| p.abs() > MAX_START_POINTS)
    {
        return Err(bad(
            format!("{field}[{i}]"),
            format!("{p} points; a seat starts with at most {MAX_START_POINTS} either way"),
        ));
    }
    Ok(())
}

/// The checks of one flat rule set (as one table size plays it).
fn check_flat(rules: &RuleSet) -> Result<(), MovegenError> {
    if rules.id.trim().is_empty() {
        return Err(bad("id", "must not be empty"));
    }
    let n = rules.board_size;
    if !(2..=MAX_SIZE as u8).contains(&n) {
        return Err(bad(
            "board_size",
            format!("must be 2 to {MAX_SIZE} squares a side, not {n}"),
        ));
    }
    if rules.star.row >= n || rules.star.col >= n {
        return Err(bad(
            "star",
            format!("{} is off a {n}×{n} board", rules.star),
        ));
    }
    let mut seen = HashSet::new();
    for (i, p) in rules.premiums.iter().enumerate() {
        if p.square.row >= n || p.square.col >= n {
            return Err(bad(
                format!("premiums[{i}].square"),
                format!("{} is off a {n}×{n} board", p.square),
            ));
        }
        if !seen.insert(p.square) {
            return Err(bad(
                format!("premiums[{i}].square"),
                format!("{} is listed twice", p.square),
            ));
        }
    }
    let mut letters = HashSet::new();
    for (i, t) in rules.tiles.iter().enumerate() {
        if !(t.letter.is_ascii_uppercase() || t.letter == '?') {
            return Err(bad(
                format!("tiles[{i}].letter"),
                format!("must be A to Z or ? (the blank), not {:?}", t.letter),
            ));
        }
        if !letters.insert(t.letter) {
            return Err(bad(
                format!("tiles[{i}].letter"),
                format!("{} is listed twice", t.letter),
            ));
        }
    }
    if rules.bag().iter().all(|&t| t == b'?') {
        return Err(bad("tiles", "the bag holds no letter tile"));
    }
    // The longest rack is the lexicon's (the words hint answers every rack a rule set can
    // deal, any of its tiles a blank): no limit on the blanks is needed here.
    if !(1..=RACK_MAX).contains(&usize::from(rules.rack_size)) {
        return Err(bad(
            "rack_size",
            format!("must be 1 to {RACK_MAX}, not {}", rules.rack_size),
        ));
    }
    if rules.bag_size() < rules.rack_size as usize {
        return Err(bad(
            "tiles",
            format!(
                "the bag holds {} tiles, fewer than one rack of {}",
                rules.bag_size(),
                rules.rack_size
            ),
        ));
    }
    let players = rules.players;
    if players.min == 0 || players.min > players.max || players.max > 4 {
        return Err(bad(
            "players",
            format!(
                "must be a range within 1 to 4 players, not {} to {}",
                players.min, players.max
            ),
        ));
    }
    if let ExchangePolicy::Chosen { min_bag, max_tiles } = rules.exchange {
        if min_bag == 0 {
            return Err(bad(
                "exchange.min_bag",
                "must be at least 1: an exchange draws its replacements from the bag before \
                 it returns the old tiles",
            ));
        }
        if max_tiles == 0 || max_tiles > rules.rack_size {
            return Err(bad(
                "exchange.max_tiles",
                format!(
                    "must be 1 to the rack size ({}), not {max_tiles}",
                    rules.rack_size
                ),
            ));
        }
    }
    if rules.end.scoreless_turns_in_a_row == Some(0) {
        return Err(bad(
            "end.scoreless_turns_in_a_row",
            "must be at least 1 (or null for no pass ending)",
        ));
    }
    if let Some(limit) = rules.end.turn_limit {
        if limit.turns == 0 {
            return Err(bad("end.turn_limit.turns", "must be at least 1"));
        }
    }
    if !rules.end.going_out
        && rules.end.scoreless_turns_in_a_row.is_none()
        && rules.end.turn_limit.is_none()
    {
        return Err(bad(
            "end",
            "no way for a match to end (going_out, scoreless_turns_in_a_row or turn_limit)",
        ));
    }
    if WordList::builtin(&rules.default_list).is_err() {
        return Err(bad(
            "default_list",
            format!("{:?} is not a shipped word list", rules.default_list),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(id: &str) -> serde_json::Value {
        let rules = RuleSet::builtin(id).unwrap();
        let mut v = serde_json::to_value(&rules).unwrap();
        v["hash"] = rules.hash().into();
        v
    }

    fn field_of(text: &str) -> String {
        match rule_set_from_json(text).unwrap_err() {
            MovegenError::RuleSetField { field, .. } => field,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn reads_what_the_rules_command_prints() {
        let v = printed("wordclub-1.1");
        let r = rule_set_from_json(&v.to_string()).unwrap();
        assert_eq!(r, RuleSet::builtin("wordclub-1.1").unwrap());
        let wrapped = serde_json::json!({ "rule_sets": [v] });
        assert_eq!(rule_set_from_json(&wrapped.to_string()).unwrap(), r);
    }

    /// An exchange with an empty bag has nothing to draw: `min_bag: 0` is refused by name
    /// (it passed once, and the engine then indexed past the bag's end).
    #[test]
    fn an_exchange_allowed_with_an_empty_bag_is_refused_by_name() {
        let mut v = printed("wordclub-1.1");
        v["exchange"]["min_bag"] = 0.into();
        assert_eq!(field_of(&v.to_string()), "exchange.min_bag", "{v}");
        v["exchange"]["min_bag"] = 1.into();
        assert!(rule_set_from_json(&v.to_string()).is_ok());
    }

    #[test]
    fn every_rack_a_rule_set_the_lab_accepts_can_deal_gets_its_rack_words() {
        // The longest rack the lab accepts, in a bag that can deal it all blanks.
        let mut v = printed("wordclub-1.1");
        v["rack_size"] = RACK_MAX.into();
        let blank = v["tiles"].as_array().unwrap().len() - 1;
        v["tiles"][blank]["count"] = RACK_MAX.into();
        let rules = rule_set_from_json(&v.to_string()).unwrap();
        let list = WordList::builtin(&rules.default_list).unwrap();
        let all_blanks = "?".repeat(RACK_MAX);
        let longest = list.rack_words(&all_blanks).unwrap();
        assert_eq!(longest[0].blanks.len(), longest[0].word.len());
        let dealt = "ABCDEFGHIJKLM??";
        assert_eq!(dealt.len(), RACK_MAX);
        assert!(!list.rack_words(dealt).unwrap().is_empty());
        // One tile more is refused by the lab, before any match could deal it.
        v["rack_size"] = (RACK_MAX + 1).into();
        assert_eq!(field_of(&v.to_string()), "rack_size");
    }

    fn reason_of(text: &str) -> String {
        match rule_set_from_json(text).unwrap_err() {
            MovegenError::RuleSetField { reason, .. } => reason,
            other => panic!("{other:?}"),
        }
    }

    /// A rule set that changes with the number of players is checked at every size it
    /// seats: each mistake names its `by_table` entry and field, and the size.
    #[test]
    fn a_rule_set_that_scales_with_the_table_is_checked_at_every_size() {
        let mut v = printed("wordclub-1.1");
        v["start_points"] = serde_json::json!([0, 3]);
        v["by_table"] = serde_json::json!([
            { "players": 3, "rack_size": 6, "start_points": [0, 2, 4],
              "exchange": { "type": "chosen", "min_bag": 6, "max_tiles": 6 } },
            { "players": 4, "board_size": 11, "star": "F6", "rack_size": 5,
              "exchange": { "type": "chosen", "min_bag": 5, "max_tiles": 5 } }
        ]);
        let r = rule_set_from_json(&v.to_string()).unwrap();
        assert_eq!(r.at_table(4).unwrap().board_size, 11);

        let mut bad_rack = v.clone();
        bad_rack["by_table"][1]["rack_size"] = 0.into();
        assert_eq!(field_of(&bad_rack.to_string()), "by_table[1].rack_size");
        assert!(reason_of(&bad_rack.to_string()).starts_with("at 4 players: "));

        // The entry's exchange of up to 6 tiles does not fit its own rack of 5.
        let mut small = v.clone();
        small["by_table"][0]["rack_size"] = 5.into();
        assert_eq!(
            field_of(&small.to_string()),
            "by_table[0].exchange.max_tiles"
        );
        // Without an exchange of its own, 1.1's exchange of up to 7 tiles does not fit the
        // 3-player rack of 6: the entry is named, and the field it leaves as it is.
        let mut inherited = v.clone();
        inherited["by_table"][0]
            .as_object_mut()
            .unwrap()
            .remove("exchange");
        assert_eq!(field_of(&inherited.to_string()), "by_table[0]");
        let reason = reason_of(&inherited.to_string());
        assert!(
            reason.starts_with("at 3 players, exchange.max_tiles: "),
            "{reason}"
        );

        // A smaller board leaves 1.1's premium squares off it.
        let mut shrunk = v.clone();
        shrunk["by_table"][1]["board_size"] = 7.into();
        shrunk["by_table"][1]["star"] = "D4".into();
        assert_eq!(field_of(&shrunk.to_string()), "by_table[1]");
        assert!(reason_of(&shrunk.to_string()).contains("premiums["));

        let mut unseated = v.clone();
        unseated["by_table"][1]["players"] = 5.into();
        assert_eq!(field_of(&unseated.to_string()), "by_table[1].players");
        let mut twice = v.clone();
        twice["by_table"][1]["players"] = 3.into();
        assert_eq!(field_of(&twice.to_string()), "by_table[1].players");
        let mut crowded = v.clone();
        crowded["by_table"][0]["start_points"] = serde_json::json!([0, 1, 2, 3]);
        assert_eq!(field_of(&crowded.to_string()), "by_table[0].start_points");
        let mut huge = v.clone();
        huge["start_points"] = serde_json::json!([0, MAX_START_POINTS + 1]);
        assert_eq!(field_of(&huge.to_string()), "start_points[1]");
        let mut typo = v.clone();
        typo["by_table"][1]["rack_size"] = "five".into();
        assert_eq!(field_of(&typo.to_string()), "by_table[1].rack_size");
    }

    #[test]
    fn names_the_field_of_each_mistake() {
        let mut v = printed("wordclub-1.1");
        v["tiles"][3]["count"] = "four".into();
        assert_eq!(field_of(&v.to_string()), "tiles[3].count");

        let mut v = printed("wordclub-1.1");
        v.as_object_mut().unwrap().remove("rack_size");
        assert_eq!(field_of(&v.to_string()), "rack_size");

        let mut v = printed("wordclub-1.1");
        v["end"].as_object_mut().unwrap().remove("going_out");
        assert_eq!(field_of(&v.to_string()), "end.going_out");

        let mut v = printed("wordclub-1.1");
        v["board_size"] = 21.into();
        assert_eq!(field_of(&v.to_string()), "board_size");

        let mut v = printed("wordclub-1.1");
        v["premiums"][2]["square"] = "J3".into();
        assert_eq!(field_of(&v.to_string()), "premiums[2].square");

        let mut v = printed("wordclub-1.1");
        v["tiles"][4]["letter"] = "A".into();
        assert_eq!(field_of(&v.to_string()), "tiles[4].letter");

        let mut v = printed("wordclub-1.1");
        v["end"]["scoreless_turns_in_a_row"] = 0.into();
        assert_eq!(field_of(&v.to_string()), "end.scoreless_turns_in_a_row");

        let wrapped =
            serde_json::json!({ "rule_sets": [printed("wordclub-1.0"), printed("solo-10")] });
        assert_eq!(field_of(&wrapped.to_string()), "rule_sets");

        let mut v = printed("wordclub-1.0");
        v["players"]["max"] = 9.into();
        let wrapped = serde_json::json!({ "rule_sets": [v] });
        assert_eq!(field_of(&wrapped.to_string()), "rule_sets[0].players");

        assert_eq!(field_of("{\"id\": "), "(file)");
    }
}
