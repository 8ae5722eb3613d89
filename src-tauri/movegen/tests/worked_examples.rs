//! SPEC §2's worked examples, found by the generator itself, plus the hint and the players.

use wordclub_engine::{Action, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::{computer_action, Level};
use wordclub_movegen::{
    gaddag_for, layout_of, position_of, sort_moves, suggest, Gaddag, Generator, Move, Rack,
};

fn moves(rules_id: &str, cgp: &str, rack: &str) -> Vec<Move> {
    let rules = RuleSet::builtin(rules_id).unwrap();
    let list = WordList::builtin(&rules.default_list).unwrap();
    let pos = position_of(cgp, &rules).unwrap();
    let mut all = Generator::new().all_moves(
        &gaddag_for(list),
        &layout_of(&rules).unwrap(),
        &pos.grid,
        &Rack::parse(rack).unwrap(),
    );
    sort_moves(&mut all);
    all
}

fn find<'a>(all: &'a [Move], notation: &str) -> &'a Move {
    all.iter()
        .find(|m| m.notation() == notation)
        .unwrap_or_else(|| panic!("{notation} not generated"))
}

#[test]
fn wordclub_1_0_cat_cats_cart() {
    let all = moves("wordclub-1.0", "9/9/9/9/9/9/9/9/9", "CAT");
    assert_eq!(find(&all, "5C CAT").score, 3);
    let all = moves("wordclub-1.0", "9/9/9/9/2CAT4/9/9/9/9", "S");
    assert_eq!(find(&all, "5C ...S").score, 4);
    let all = moves("wordclub-1.0", "9/9/9/9/2CATS3/9/9/9/9", "ART");
    assert_eq!(find(&all, "C5 .ART").score, 4);
}

#[test]
fn wordclub_1_1_house_on_the_triple_letter() {
    let all = moves("wordclub-1.1", "9/9/9/9/9/9/9/9/9", "HOUSE");
    assert_eq!(find(&all, "5A HOUSE").score, 16);
}

#[test]
fn solo_10_dumb_then_fame() {
    let all = moves("solo-10", "9/9/9/9/9/9/9/9/9", "DUMB");
    assert_eq!(find(&all, "5C DUMB").score, 22);
    let all = moves("solo-10", "9/9/9/9/2DUMB3/9/9/9/9", "FAE");
    assert_eq!(find(&all, "E3 FA.E").score, 13);
}

#[test]
fn classic_cat_through_the_star_and_the_hint_is_the_head_of_the_list() {
    let all = moves("classic-15", &vec!["15"; 15].join("/"), "CAT");
    assert_eq!(find(&all, "8H CAT").score, 10);
    // No down openings: every layout is symmetric about the diagonal.
    assert!(all.iter().all(|m| !m.down));
    let rules = RuleSet::builtin("classic-15").unwrap();
    let list = WordList::builtin("wordclub").unwrap();
    let pos = position_of("15/15/15/15/15/15/15/5HOUSE5/15/15/15/15/15/15/15", &rules).unwrap();
    let rack = Rack::parse("QIZXJAE").unwrap();
    let hint = suggest(&rules, list, &pos.grid, &rack).unwrap().unwrap();
    let all = moves(
        "classic-15",
        "15/15/15/15/15/15/15/5HOUSE5/15/15/15/15/15/15/15",
        "QIZXJAE",
    );
    assert_eq!(hint, all[0]);
    assert!(hint.score >= all.last().unwrap().score);
}

#[test]
fn a_small_graph_finds_exactly_its_words() {
    let g = Gaddag::from_words(["CAT", "CATS", "AT", "TA", "SCAT", "ACT"]);
    for w in ["CAT", "CATS", "AT", "TA", "SCAT", "ACT"] {
        assert!(g.contains(w), "{w}");
    }
    for w in ["CA", "ATS", "C", "", "TAC", "cat"] {
        assert!(!g.contains(w), "{w}");
    }
    assert_eq!(g.word_count(), 6);
}

#[test]
fn computer_players_are_deterministic_and_legal() {
    let rules = RuleSet::builtin("classic-15").unwrap();
    let list = WordList::builtin("wordclub").unwrap();
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Greedy] {
        let play = || {
            let players = vec![
                PlayerSpec::computer("A", level.name()),
                PlayerSpec::computer("B", "greedy"),
            ];
            let mut m = Match::new(rules.clone(), ListRef::of(list), players, 7).unwrap();
            let mut taken = Vec::new();
            for _ in 0..8 {
                let Some(seat) = m.to_move() else { break };
                let action = computer_action(
                    &m,
                    seat,
                    list,
                    if seat == 0 { level } else { Level::Greedy },
                )
                .unwrap();
                taken.push(action.clone());
                m.apply(action, list).expect("computer moves are legal");
            }
            taken
        };
        let first = play();
        assert_eq!(first, play(), "{level:?}");
        assert!(first.iter().any(|a| matches!(a, Action::Place { .. })));
    }
}
