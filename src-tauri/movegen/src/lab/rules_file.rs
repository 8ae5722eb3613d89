//! A rule set given as JSON, in the format `wordclub-cli rules` prints (one rule set object,
//! or that command's `{"rule_sets": [...]}` answer holding exactly one), checked so that a
//! mistake is reported with the field it is in. Fields the engine adds when printing
//! (`hash`, `bag_size`) are ignored.

use std::collections::HashSet;

use wordclub_engine::{ExchangePolicy, RuleSet};
use wordclub_lexicon::{WordList, RACK_MAX};

use crate::error::MovegenError;
use crate::layout::MAX_SIZE;

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

/// The checks a rule set must pass before the lab (or a match) can use it.
pub fn check(rules: &RuleSet) -> Result<(), MovegenError> {
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
