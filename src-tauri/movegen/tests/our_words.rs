//! Computers and hints with "our words" (issue 46): they search the graph of the match's list
//! with the family's additions and without its blocks (a graph of its own, keyed by both
//! hashes), so they play added words, never a blocked one, and stay polite.
use wordclub_engine::{Event, ListRef, Match, MatchOptions, PlayerSpec, RuleSet};
use wordclub_lexicon::{is_offensive, HouseWords, OurWord, WordList};
use wordclub_movegen::{computer_action_with, suggest_with, Level, Manners, Rack};

fn words(ws: &[&str]) -> Vec<OurWord> {
    ws.iter()
        .map(|w| OurWord {
            word: w.to_string(),
            note: None,
        })
        .collect()
}

#[test]
fn a_hint_plays_an_added_word_and_never_a_blocked_one() {
    let rules = RuleSet::builtin("classic-15").unwrap();
    let base = WordList::register(
        WordList::from_words("mini-ours", "Mini", ["FUCK", "DUCK", "CUD", "UK"]).unwrap(),
    );
    let grid = wordclub_movegen::grid_of(&wordclub_engine::Board::new(&rules));
    let rack = Rack::parse("FUCKDAE").unwrap();
    let word = |m: Option<wordclub_movegen::Move>| m.expect("a move").word_on(&grid);
    // Without our words: DUCK (polite).
    let plain = suggest_with(&rules, base, &grid, &rack, Manners::Polite).unwrap();
    assert_eq!(word(plain), "DUCK");
    // DUCK blocked: CUD, the next best; FUCK stays left alone (polite manners still apply).
    let house = HouseWords::new(vec![], words(&["DUCK"]), 15).unwrap();
    let ours = WordList::pinned_with(&base.info().id, &base.info().sha256, Some(&house)).unwrap();
    let polite = suggest_with(&rules, ours, &grid, &rack, Manners::Polite).unwrap();
    assert_eq!(word(polite), "CUD");
    // FACED added: the best, as its graph holds it.
    let house = HouseWords::new(words(&["FACED"]), words(&["DUCK"]), 15).unwrap();
    let ours = WordList::pinned_with(&base.info().id, &base.info().sha256, Some(&house)).unwrap();
    let best = suggest_with(&rules, ours, &grid, &rack, Manners::Polite).unwrap();
    assert_eq!(word(best), "FACED");
}

/// Every level over some matches of list 4 with the commonest twos and threes blocked: none
/// is ever played, every word played is in the list with our words, and none is offensive.
#[test]
fn computers_never_play_a_blocked_word() {
    let blocked = [
        "QI", "ZA", "XI", "XU", "JO", "OX", "AX", "EX", "OE", "AE", "EH", "HE", "RE", "ER", "AT",
        "TO", "IN", "IT", "ON", "NO", "OR", "THE", "AND", "ARE", "EAT", "TEA", "ATE", "ETA", "OAT",
        "TAE", "RET", "TOE",
    ];
    let house = HouseWords::new(words(&["ZZXQ"]), words(&blocked), 15).unwrap();
    let rules = RuleSet::builtin("wordclub-1.1").unwrap();
    let base = WordList::builtin(&rules.default_list).unwrap();
    let mut checked = 0;
    for (seed, levels) in [
        (1, [Level::Hard, Level::Easy]),
        (2, [Level::Medium, Level::Greedy]),
        (3, [Level::Easy, Level::Hard]),
        (4, [Level::Greedy, Level::Medium]),
    ] {
        let players: Vec<PlayerSpec> = levels
            .iter()
            .map(|l| PlayerSpec::computer(l.name(), l.name()))
            .collect();
        let mut m = Match::with_options(
            rules.clone(),
            ListRef::of(base),
            players,
            500 + seed,
            Default::default(),
            MatchOptions {
                our_words: Some(house.clone()),
                ..MatchOptions::default()
            },
        )
        .unwrap();
        let list = m.word_list().unwrap();
        while let Some(seat) = m.to_move() {
            let action =
                computer_action_with(&m, seat, list, levels[seat], Manners::Polite).unwrap();
            for e in m.apply(action, list).unwrap().to_vec() {
                if let Event::Placed { words, .. } = e {
                    for w in &words {
                        assert!(!blocked.contains(&w.word.as_str()), "played {}", w.word);
                        assert!(list.contains(w.word.as_bytes()), "played {}", w.word);
                        assert!(!is_offensive(w.word.as_bytes()), "played {}", w.word);
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} words checked");
}
