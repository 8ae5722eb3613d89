//! A rule set given as JSON, in the format `wordclub-cli rules` prints (one rule set object,
//! or that command's `{"rule_sets": [...]}` answer holding exactly one), checked so that a
//! mistake is reported with the field it is in. Fields the engine adds when printing
//! (`hash`, `bag_size`, `tables`) are ignored.
//!
//! A file that does not read as a rule set is named by the first field serde stops at; one
//! that reads is checked by the engine's validator, which names every problem, at every table
//! size a rule set that changes with the number of players seats (`by_table[1].rack_size`:
//! "at 4 players: must be 1 to 15, not 0").

use wordclub_engine::{EngineError, RuleProblem, RuleSet};

use crate::LabError;

fn bad(field: impl Into<String>, reason: impl Into<String>) -> LabError {
    LabError::RuleSetField {
        field: field.into(),
        reason: reason.into(),
    }
}

/// Reads and checks a rule set from JSON text.
pub fn rule_set_from_json(text: &str) -> Result<RuleSet, LabError> {
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
    // Each problem named as the file writes it (inside `rule_sets[0]` when wrapped).
    rules.validate().map_err(|e| match e {
        EngineError::InvalidRuleSet { problems } => LabError::Engine(EngineError::InvalidRuleSet {
            problems: problems
                .into_iter()
                .map(|p| RuleProblem {
                    path: format!("{prefix}{}", p.path),
                    message: p.message,
                })
                .collect(),
        }),
        other => LabError::Engine(other),
    })?;
    Ok(rules)
}

/// The checks a rule set must pass before the lab (or a match) can use it: the engine's one
/// validator ([`RuleSet::validate`]), every problem at once, each named by its field.
pub fn check(rules: &RuleSet) -> Result<(), LabError> {
    Ok(rules.validate()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wordclub_engine::MAX_START_POINTS;
    use wordclub_lexicon::{WordList, RACK_MAX};

    fn printed(id: &str) -> serde_json::Value {
        let rules = RuleSet::builtin(id).unwrap();
        let mut v = serde_json::to_value(&rules).unwrap();
        v["hash"] = rules.hash().into();
        v
    }

    /// The field and reason of the first mistake found (a file that does not read has one;
    /// the validator names every one, in the order it checks them).
    fn first_of(text: &str) -> (String, String) {
        match rule_set_from_json(text).unwrap_err() {
            LabError::RuleSetField { field, reason } => (field, reason),
            LabError::Engine(EngineError::InvalidRuleSet { problems }) => {
                (problems[0].path.clone(), problems[0].message.clone())
            }
            other => panic!("{other:?}"),
        }
    }

    fn field_of(text: &str) -> String {
        first_of(text).0
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
        first_of(text).1
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
