//! Computer players play only words of the match's list, and, polite (the default), never a
//! kept offensive word, across or down: asserted on every word of every move of a few hundred
//! simulated matches, all four levels, on every rule set family and the shipped lists.
use wordclub_engine::{Event, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::{is_offensive, WordList};
use wordclub_movegen::{computer_action_with, suggest_with, Level, Manners, Rack};

/// Plays `games` matches of `rules` on `list` between `levels` (polite), checking every word
/// placed; returns how many words were checked.
fn check_matches(rules: &str, list: &str, levels: [Level; 2], games: u64) -> usize {
    let rules = RuleSet::builtin(rules).unwrap();
    let list = WordList::builtin(list).unwrap();
    let mut checked = 0;
    for seed in 0..games {
        let players = levels
            .iter()
            .map(|l| PlayerSpec::computer(l.name(), l.name()))
            .collect();
        let mut m = Match::new(rules.clone(), ListRef::of(list), players, 1000 + seed).unwrap();
        while let Some(seat) = m.to_move() {
            let level = levels[seat];
            let action = computer_action_with(&m, seat, list, level, Manners::Polite).unwrap();
            for e in m.apply(action, list).unwrap().to_vec() {
                if let Event::Placed { words, .. } = e {
                    for w in &words {
                        let bytes = w.word.as_bytes();
                        assert!(list.contains(bytes), "{} played {}", level.name(), w.word);
                        assert!(!is_offensive(bytes), "{} played {}", level.name(), w.word);
                        checked += 1;
                    }
                }
            }
        }
    }
    checked
}

#[test]
fn every_word_the_bots_play_over_hundreds_of_matches_is_a_polite_list_word() {
    let mut matches = 0;
    let mut words = 0;
    for (rules, list, levels, games) in [
        ("wordclub-1.0", "wordclub", [Level::Easy, Level::Hard], 120),
        (
            "wordclub-1.0",
            "wordclub",
            [Level::Medium, Level::Greedy],
            60,
        ),
        ("wordclub-1.1", "wordclub", [Level::Hard, Level::Easy], 60),
        (
            "wordclub-1.1",
            "wordclub",
            [Level::Greedy, Level::Medium],
            30,
        ),
        ("classic-15", "wordclub", [Level::Hard, Level::Greedy], 20),
        ("classic-15", "wordclub", [Level::Easy, Level::Medium], 10),
        ("classic-15", "enable2k", [Level::Greedy, Level::Hard], 10),
    ] {
        words += check_matches(rules, list, levels, games);
        matches += games;
    }
    assert!(matches >= 300, "{matches} matches");
    assert!(words > 5_000, "only {words} words checked");
}

/// A list where the best move spells an offensive word: polite, the hint and every level
/// take the next best; with any word allowed, the best.
#[test]
fn polite_players_and_hints_pass_over_the_offensive_best_move() {
    let rules = RuleSet::builtin("classic-15").unwrap();
    let list = WordList::from_words("mini", "Mini", ["FUCK", "DUCK", "CUD", "UK"]).unwrap();
    assert!(is_offensive(b"FUCK") && !is_offensive(b"DUCK"));
    let grid = wordclub_movegen::grid_of(&wordclub_engine::Board::new(&rules));
    let rack = Rack::parse("FUCKDAE").unwrap();
    let word = |m: Option<wordclub_movegen::Move>| {
        let m = m.expect("a move");
        m.word_on(&grid)
    };
    let polite = suggest_with(&rules, &list, &grid, &rack, Manners::Polite).unwrap();
    assert_eq!(word(polite), "DUCK");
    let any = suggest_with(&rules, &list, &grid, &rack, Manners::AnyWord).unwrap();
    assert_eq!(word(any), "FUCK");
}

/// Medium plays like a family member, who plays words they could explain: every word its
/// moves form, across or down, has a meaning shipped (`wordclub_definitions::has_meaning`
/// against the match's list), at every rule set with computer seats and on an older list too.
/// When it searched the whole list, 65.7-73.1% of the distinct words it played over 20 matches
/// of each rule set had one (`cargo bench -p wordclub-definitions`).
#[test]
fn medium_plays_only_words_with_a_meaning() {
    let mut words = 0;
    for (rules, list, games) in [
        ("wordclub-1.0", "wordclub", 4),
        ("wordclub-1.3", "wordclub", 2),
        ("classic-15", "wordclub", 2),
        ("classic-15", "enable2k", 1),
    ] {
        let rules = RuleSet::builtin(rules).unwrap();
        let list = WordList::builtin(list).unwrap();
        for seed in 0..games {
            let players = (0..2)
                .map(|i| PlayerSpec::computer(&format!("Medium {i}"), "medium"))
                .collect();
            let mut m = Match::new(rules.clone(), ListRef::of(list), players, 500 + seed).unwrap();
            while let Some(seat) = m.to_move() {
                let action =
                    computer_action_with(&m, seat, list, Level::Medium, Manners::Polite).unwrap();
                for e in m.apply(action, list).unwrap().to_vec() {
                    if let Event::Placed { words: formed, .. } = e {
                        for w in &formed {
                            assert!(
                                wordclub_definitions::has_meaning(w.word.as_bytes(), list),
                                "Medium played {} ({}), which has no meaning shipped",
                                w.word,
                                list.info().name
                            );
                            words += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(words > 150, "only {words} words checked");
}
