//! Turns, bag, endings, adjustments, views and replay, through the public API.
mod common;

use common::*;
use rand::rngs::StdRng;
use rand::SeedableRng;
use wordclub_engine::*;

fn result(m: &Match) -> &MatchResult {
    m.result().expect("the match has ended")
}

fn exchange(
    m: &mut Match,
    l: &wordclub_lexicon::WordList,
    player: Seat,
    tiles: &str,
) -> Result<Vec<Event>, EngineError> {
    m.apply(
        Action::Exchange {
            player,
            tiles: tiles.into(),
        },
        l,
    )
    .map(|e| e.to_vec())
}

fn resign(
    m: &mut Match,
    l: &wordclub_lexicon::WordList,
    player: Seat,
) -> Result<Vec<Event>, EngineError> {
    m.apply(Action::Resign { player }, l).map(|e| e.to_vec())
}

#[test]
fn going_out_four_players_with_adjustments() {
    let (mut m, l) = fixed_match(
        "wordclub-1.0",
        &["RETAINS", "AAAABCD", "EEEEGLN", "RRRSSTT"],
        "TOOL",
    );
    assert_eq!(m.bag_len(), 4);
    // Only 4 tiles in the bag: exchange is refused, naming the count.
    let e = exchange(&mut m, l, 0, "R").unwrap_err();
    assert_eq!(e, EngineError::ExchangeNotAllowed { bag: 4, min_bag: 7 });
    assert!(e.to_string().contains("it holds 4"));
    place(&mut m, l, 0, "5A RETAINS").unwrap();
    assert_eq!(m.bag_len(), 0);
    assert_eq!(m.rack(0).unwrap(), b"TOOL");
    for p in 1..4 {
        pass(&mut m, l, p).unwrap();
    }
    let events = place(&mut m, l, 0, "G5 .TOOL").unwrap();
    assert_eq!(events.len(), 2, "the play and the end");
    let r = result(&m);
    assert_eq!(r.reason, EndReason::WentOut);
    assert_eq!(r.went_out, Some(0));
    assert_eq!(r.scores_before_adjustment, vec![12, 0, 0, 0]);
    assert_eq!(r.adjustments, vec![21, -7, -7, -7]);
    assert_eq!(r.final_scores, vec![33, -7, -7, -7]);
    assert_eq!(m.scores(), &[33, -7, -7, -7]);
    assert_eq!(r.winners, vec![0]);
    assert_eq!(r.best_turns[0].as_ref().unwrap().score, 7);
    assert_eq!(r.best_turns[1], None);
    assert_eq!(pass(&mut m, l, 1).unwrap_err(), EngineError::MatchOver);
    assert_replays(&m);
}

#[test]
fn going_out_two_and_three_players_random_matches() {
    for players in [2usize, 3] {
        let mut found = false;
        for seed in 0..60u64 {
            let r = rules("wordclub-1.0");
            let l = list("wordclub");
            let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
            let specs = names.iter().map(|n| PlayerSpec::human(n)).collect();
            let mut m = Match::new(r, ListRef::of(l), specs, seed).unwrap();
            let mut rng = StdRng::seed_from_u64(seed);
            while !m.is_over() {
                random_turn(&mut m, l, &mut rng);
            }
            let res = result(&m).clone();
            if res.reason != EndReason::WentOut {
                continue;
            }
            found = true;
            let out = res.went_out.unwrap();
            assert!(m.rack(out).unwrap().is_empty());
            assert_eq!(m.bag_len(), 0);
            // 1.0: every tile is worth 1, so a rack's value is its length.
            let mut gained = 0;
            for s in 0..players {
                if s != out {
                    let left = m.rack(s).unwrap().len() as i32;
                    assert_eq!(res.adjustments[s], -left);
                    gained += left;
                }
            }
            assert_eq!(res.adjustments[out], gained);
            for s in 0..players {
                assert_eq!(
                    res.final_scores[s],
                    res.scores_before_adjustment[s] + res.adjustments[s]
                );
            }
            let best = *res.final_scores.iter().max().unwrap();
            let winners: Vec<Seat> = (0..players)
                .filter(|&s| res.final_scores[s] == best)
                .collect();
            assert_eq!(res.winners, winners);
            assert_replays(&m);
            break;
        }
        assert!(found, "no {players}-player match went out in 60 seeds");
    }
}

#[test]
fn passes_end_two_players_tied() {
    let (mut m, l) = fixed_match("classic-15", &["EEEEEEE", "AAAAAAA"], "");
    for turn in 0..6 {
        assert!(!m.is_over(), "ended early at turn {turn}");
        pass(&mut m, l, turn % 2).unwrap();
    }
    let r = result(&m);
    assert_eq!(r.reason, EndReason::ScorelessTurns);
    assert_eq!(r.adjustments, vec![-7, -7]);
    assert_eq!(r.winners, vec![0, 1], "equal highest scores share the win");
    assert_replays(&m);
}

#[test]
fn passes_end_three_and_four_players_each_loses_own_rack() {
    for players in [3usize, 4] {
        let racks = ["QZJXKAB", "EEEEEEE", "AAAAAAA", "IIIIIII"];
        let (mut m, l) = fixed_match("classic-15", &racks[..players], "");
        for turn in 0..3 * players {
            assert!(!m.is_over(), "ended early at turn {turn}");
            pass(&mut m, l, turn % players).unwrap();
        }
        let r = result(&m);
        assert_eq!(r.reason, EndReason::ScorelessTurns);
        let mut expected = vec![-45, -7, -7, -7];
        expected.truncate(players);
        assert_eq!(r.adjustments, expected);
        assert_eq!(r.winners, (1..players).collect::<Vec<_>>());
        assert_replays(&m);
    }
}

#[test]
fn exchanges_count_towards_the_passes_ending_and_a_play_resets_it() {
    let (mut m, l) = fixed_match("classic-15", &["CATSEEE", "AAAAAAA"], "");
    pass(&mut m, l, 0).unwrap();
    exchange(&mut m, l, 1, "AA").unwrap();
    pass(&mut m, l, 0).unwrap();
    pass(&mut m, l, 1).unwrap();
    // Seat 0 plays after two scoreless turns: its count starts again.
    place(&mut m, l, 0, "8G CAT").unwrap();
    pass(&mut m, l, 1).unwrap();
    exchange(&mut m, l, 0, "E").unwrap();
    exchange(&mut m, l, 1, "A").unwrap();
    pass(&mut m, l, 0).unwrap();
    pass(&mut m, l, 1).unwrap();
    assert!(
        !m.is_over(),
        "seat 0 has only two scoreless turns since CAT"
    );
    assert_eq!(m.scoreless_turns(), 5);
    pass(&mut m, l, 0).unwrap();
    let r = result(&m);
    assert_eq!(r.reason, EndReason::ScorelessTurns);
    for s in 0..2 {
        assert_eq!(r.adjustments[s], -rack_value(&m, s));
        assert_eq!(
            r.final_scores[s],
            r.scores_before_adjustment[s] - rack_value(&m, s)
        );
    }
    assert_eq!(r.scores_before_adjustment, vec![10, 0]);
    assert_replays(&m);
}

#[test]
fn resign_two_players_ends_and_the_other_wins() {
    let (mut m, l) = fixed_match("classic-15", &["CATSEEE", "AAAAAAA"], "");
    place(&mut m, l, 0, "8G CAT").unwrap();
    pass(&mut m, l, 1).unwrap();
    resign(&mut m, l, 0).unwrap();
    let r = result(&m);
    assert_eq!(r.reason, EndReason::Resigned);
    assert_eq!(
        r.winners,
        vec![1],
        "the other player wins whatever the scores"
    );
    assert_eq!(r.final_scores, vec![10, 0], "scores stay as they are");
    assert_eq!(r.adjustments, vec![0, 0]);
    assert_replays(&m);
}

#[test]
fn resign_four_players_leaves_and_cannot_win() {
    let (mut m, l) = fixed_match(
        "classic-15",
        &["CATSEEE", "AAAAAAA", "IIIIIII", "OOOOOOO"],
        "",
    );
    place(&mut m, l, 0, "8G CAT").unwrap();
    // Seat 2 resigns out of turn: its tiles leave play; play goes on without it.
    resign(&mut m, l, 2).unwrap();
    assert!(!m.is_over());
    assert_eq!(m.out_of_play().len(), 7);
    assert_eq!(m.rack(2).unwrap().len(), 0);
    assert_eq!(m.to_move(), Some(1));
    pass(&mut m, l, 1).unwrap();
    assert_eq!(m.to_move(), Some(3), "the resigned seat is skipped");
    assert_eq!(
        pass(&mut m, l, 2).unwrap_err().kind(),
        "player_not_in_match"
    );
    // Seat 0 leads with 10 and resigns too; seats 1 and 3 play on.
    pass(&mut m, l, 3).unwrap();
    resign(&mut m, l, 0).unwrap();
    assert!(!m.is_over());
    // Tile conservation with tiles out of play.
    let total: usize = m.bag_len()
        + (0..4).map(|s| m.rack(s).unwrap().len()).sum::<usize>()
        + m.board().filled()
        + m.out_of_play().len();
    assert_eq!(total, 100);
    // Seats 1 and 3 have passed once each: two more each end it.
    for turn in 0..3 {
        let seat = m.to_move().unwrap();
        pass(&mut m, l, seat).unwrap();
        assert!(!m.is_over(), "ended early at {turn}");
    }
    let seat = m.to_move().unwrap();
    pass(&mut m, l, seat).unwrap();
    let r = result(&m);
    assert_eq!(r.reason, EndReason::ScorelessTurns);
    // 0 had 10 points but resigned: 1 and 3 (-7 each) share the win.
    assert_eq!(r.final_scores, vec![10, -7, 0, -7]);
    assert_eq!(r.winners, vec![1, 3]);
    assert_eq!(r.resigned, vec![true, false, true, false]);
    assert_replays(&m);
}

#[test]
fn resign_three_players_last_one_left_wins() {
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSEEE", "AAAARRR", "LLNNOOG"], "");
    place(&mut m, l, 0, "5D CAT").unwrap();
    resign(&mut m, l, 1).unwrap();
    assert!(!m.is_over());
    resign(&mut m, l, 0).unwrap();
    let r = result(&m);
    assert_eq!(r.reason, EndReason::Resigned);
    assert_eq!(r.winners, vec![2]);
    assert_eq!(r.final_scores, vec![3, 0, 0]);
    assert_replays(&m);
}

#[test]
fn solo_ten_turns_with_exchanges_and_no_deduction() {
    let (mut m, _) = fixed_match("solo-10", &["DUMBQXZ"], "");
    let l = list("enable-2-9");
    assert_eq!(
        pass(&mut m, l, 0).unwrap_err(),
        EngineError::PassNotAllowed { bag: 63 }
    );
    place(&mut m, l, 0, "5C DUMB").unwrap();
    for turn in 1..10 {
        assert!(!m.is_over(), "ended early at turn {turn}");
        let e = exchange(&mut m, l, 0, "").unwrap();
        let Event::Exchanged {
            returned, drawn, ..
        } = &e[0]
        else {
            panic!()
        };
        assert_eq!((returned.len(), drawn.len()), (7, 7), "whole rack");
        assert_eq!(m.bag_len(), 59);
    }
    let r = result(&m);
    assert_eq!(r.reason, EndReason::TurnLimit);
    assert_eq!(r.adjustments, vec![0]);
    assert_eq!(r.final_scores, vec![22]);
    assert_eq!(r.winners, vec![0]);
    assert_eq!(r.turns, 10);
    assert_replays(&m);
}

#[test]
fn solo_exchange_with_fewer_tiles_in_the_bag_than_on_the_rack() {
    // The rule set is data: solo-10 with a 12-tile bag leaves 5 tiles after the deal.
    let mut r = rules("solo-10");
    for t in r.tiles.iter_mut() {
        t.count = 0;
    }
    for (letter, count) in [('A', 3), ('E', 3), ('S', 2), ('T', 2), ('R', 2)] {
        r.tiles
            .iter_mut()
            .find(|t| t.letter == letter)
            .unwrap()
            .count = count;
    }
    let l = list("enable-2-9");
    let mut m = Match::with_deal(
        r,
        ListRef::of(l),
        humans(&["Solo"]),
        1,
        Deal {
            racks: Some(vec!["AAAEEES".into()]),
            draw_order: "RRTTS".into(),
        },
    )
    .unwrap();
    assert_eq!(m.bag_len(), 5);
    let e = exchange(&mut m, l, 0, "AAAEEES").unwrap_err();
    assert_eq!(
        e,
        EngineError::ExchangeCount {
            given: 7,
            min: 5,
            max: 5
        }
    );
    let e = exchange(&mut m, l, 0, "").unwrap();
    let Event::Exchanged {
        returned, drawn, ..
    } = &e[0]
    else {
        panic!()
    };
    assert_eq!(returned, "AAAEE", "the first min(bag, rack) rack tiles");
    assert_eq!(drawn, "RRTTS", "drawn before the old tiles go back");
    let mut rack = m.rack(0).unwrap().to_vec();
    rack.sort();
    assert_eq!(rack, b"ERRSSTT");
    assert_eq!(m.bag_len(), 5);
    assert_replays(&m);
}

#[test]
fn classic_ten_turns_each() {
    let (mut m, l) = fixed_match("classic-15-ten", &["QZJXKAB", "EEEEEEE"], "");
    for turn in 0..19 {
        pass(&mut m, l, turn % 2).unwrap();
        assert!(!m.is_over(), "ended early after {} turns", turn + 1);
    }
    assert_eq!(m.view(None, false).standing.turns_left, Some(1));
    pass(&mut m, l, 1).unwrap();
    let r = result(&m);
    assert_eq!(r.reason, EndReason::TurnLimit);
    assert_eq!(r.adjustments, vec![0, 0], "no rack deduction");
    assert_eq!(r.winners, vec![0, 1]);
    assert_replays(&m);
}

#[test]
fn exchange_draws_first_then_returns() {
    let (mut m, l) = fixed_match("wordclub-1.0", &["AAAAABC", "EEEEERR"], "TTTT");
    let e = exchange(&mut m, l, 0, "AAB").unwrap();
    let Event::Exchanged {
        drawn,
        returned,
        bag,
        ..
    } = &e[0]
    else {
        panic!()
    };
    assert_eq!((drawn.as_str(), returned.as_str()), ("TTT", "AAB"));
    let mut rack = m.rack(0).unwrap().to_vec();
    rack.sort();
    assert_eq!(rack, b"AAACTTT");
    assert_eq!(bag.len(), 18);
    assert_eq!(bag.matches('A').count(), 2);
    assert_eq!(
        exchange(&mut m, l, 1, "").unwrap_err().kind(),
        "exchange_count"
    );
    assert_eq!(
        exchange(&mut m, l, 1, "Z").unwrap_err().kind(),
        "tile_not_on_rack"
    );
    assert_eq!(
        exchange(&mut m, l, 0, "E").unwrap_err().kind(),
        "not_your_turn"
    );
    assert_replays(&m);
}

#[test]
fn refusals_change_nothing() {
    let (mut m, l) = fixed_match("classic-15", &["CAT?EEE", "AAAAAAA"], "");
    let before = m.events().to_vec();
    let view = m.view(Some(0), true);
    let kinds: Vec<&str> = [
        place(&mut m, l, 1, "8G AA"),
        place(&mut m, l, 0, "8G CATX"),
        place(&mut m, l, 0, "8G DOG"),
        place(&mut m, l, 0, "8G CAB"),
        place(&mut m, l, 0, "1A CAT"),
        place(&mut m, l, 0, "8H C"),
        place(&mut m, l, 5, "8G CAT"),
        m.apply(
            Action::HintTaken {
                player: 0,
                kind: HintKind::WordsFromRack,
                shown: words_shown(&[]),
            },
            l,
        )
        .map(|e| e.to_vec()),
        m.apply(Action::Pass { player: 0 }, list("enable2k"))
            .map(|e| e.to_vec()),
    ]
    .iter()
    .map(|r| r.as_ref().unwrap_err().kind())
    .collect();
    assert_eq!(
        kinds,
        vec![
            "not_your_turn",
            "tile_not_on_rack",
            "tile_not_on_rack",
            "tile_not_on_rack",
            "star_not_covered",
            "first_word_too_short",
            "player_not_in_match",
            "hint_not_allowed",
            "wrong_word_list",
        ]
    );
    let e = place(&mut m, l, 0, "8G CTA").unwrap_err();
    assert_eq!(e.words(), &["CTA".to_string()]);
    assert_eq!(m.events(), &before[..]);
    assert_eq!(m.view(Some(0), true), view);
    // The blank plays as the letter chosen for it.
    let e = place(&mut m, l, 0, "8G CAt").unwrap();
    let Event::Placed { score, .. } = &e[0] else {
        panic!()
    };
    assert_eq!(*score, (3 + 1) * 2);
}

#[test]
fn hints_are_recorded_against_the_player_and_turn() {
    let (mut m, l) = fixed_match("classic-15", &["CATSEEE", "AAAAAAA"], "");
    let shown = HintShown::Move {
        notation: "8G CAT".to_string(),
        score: 10,
        tiles: Vec::new(),
    };
    take_hint(&mut m, l, 0, HintKind::SuggestMove, shown.clone()).unwrap();
    assert_eq!(m.view(None, false).players[0].hints, 1);
    place(&mut m, l, 0, "8G CAT").unwrap();
    assert_eq!(m.turns()[0].hints.len(), 1);
    assert_eq!(m.turns()[0].hints[0].kind, HintKind::SuggestMove);
    // What the hint showed comes from seat 0's rack: only seat 0's view carries it.
    let mine = m.view(Some(0), true).last_move.unwrap();
    assert_eq!(mine.hints[0].shown, Some(shown));
    for viewer in [Some(1), None] {
        let theirs = m.view(viewer, false).last_move.unwrap();
        assert_eq!(theirs.hints[0].kind, HintKind::SuggestMove);
        assert_eq!(theirs.hints[0].shown, None);
    }
    resign(&mut m, l, 1).unwrap();
    assert_eq!(result(&m).hints, vec![1, 0]);
    assert_replays(&m);
}

#[test]
fn views_show_only_the_viewers_own_rack() {
    let (m, _) = fixed_match("classic-15", &["CATSEEE", "QZJXKAB"], "");
    let hidden = m.view(Some(0), false);
    assert_eq!(hidden.rack, None);
    // Nor does it tell the rack by subtracting it from the unseen tiles.
    assert_eq!(hidden.unseen, m.view(None, false).unseen);
    assert_eq!(hidden.unseen.values().sum::<u32>(), 100);
    let shown = m.view(Some(0), true);
    assert_eq!(shown.rack.as_deref(), Some("CATSEEE"));
    let json = serde_json::to_string(&shown).unwrap();
    assert!(!json.contains("QZJXKAB"));
    // Unseen from seat 0: the bag and seat 1's rack, not seat 0's own tiles.
    assert_eq!(shown.unseen.get(&'Q'), Some(&1));
    assert_eq!(
        shown.unseen.get(&'C'),
        Some(&1),
        "2 Cs minus the one on the rack"
    );
    assert_eq!(shown.unseen.values().sum::<u32>(), 93);
    let spectator = m.view(None, true);
    assert_eq!(spectator.rack, None);
    assert_eq!(spectator.unseen.values().sum::<u32>(), 100);
    assert_eq!(spectator.players[1].rack_count, 7);
    assert_eq!(spectator.standing.to_move, Some(0));
    assert!(spectator.can_exchange && spectator.can_pass);
}

#[test]
fn new_match_checks_players_and_seats() {
    let l = list("wordclub");
    let e = Match::new(
        rules("classic-15-ten"),
        ListRef::of(l),
        humans(&["A", "B", "C"]),
        1,
    )
    .unwrap_err();
    assert_eq!(
        e,
        EngineError::PlayerCount {
            given: 3,
            min: 2,
            max: 2
        }
    );
    let e = Match::new(
        rules("solo-10"),
        ListRef::of(l),
        vec![PlayerSpec::computer("Bot", "hard")],
        1,
    )
    .unwrap_err();
    assert_eq!(e.kind(), "computer_seat_not_allowed");
    let m = Match::new(
        rules("wordclub-1.0"),
        ListRef::of(l),
        vec![PlayerSpec::human("A"), PlayerSpec::computer("Bot", "easy")],
        1,
    );
    assert!(m.is_ok());
    let e = fixed_match_err(&["ZZZZZZZ", "AAAAAAA"]);
    assert_eq!(e.kind(), "bad_deal");
    // The same seed deals the same match; another seed another.
    let a = Match::new(rules("classic-15"), ListRef::of(l), humans(&["A", "B"]), 9).unwrap();
    let b = Match::new(rules("classic-15"), ListRef::of(l), humans(&["A", "B"]), 9).unwrap();
    let c = Match::new(rules("classic-15"), ListRef::of(l), humans(&["A", "B"]), 10).unwrap();
    assert_eq!(a.events(), b.events());
    assert_ne!(a.events(), c.events());
}

fn fixed_match_err(racks: &[&str]) -> EngineError {
    let l = list("wordclub");
    Match::with_deal(
        rules("classic-15"),
        ListRef::of(l),
        humans(&["A", "B"]),
        1,
        Deal {
            racks: Some(racks.iter().map(|s| s.to_string()).collect()),
            draw_order: String::new(),
        },
    )
    .unwrap_err()
}

#[test]
fn replay_refuses_altered_events() {
    let (mut m, l) = fixed_match("classic-15", &["CATSEEE", "AAAAAAA"], "");
    place(&mut m, l, 0, "8G CAT").unwrap();
    let mut events = m.events().to_vec();
    if let Event::Placed { score, .. } = &mut events[1] {
        *score = 50;
    }
    assert_eq!(Match::replay(&events).unwrap_err().kind(), "bad_events");
    let mut events = m.events().to_vec();
    if let Event::Started { rules, .. } = &mut events[0] {
        rules.bingo_bonus = 35;
    }
    assert_eq!(Match::replay(&events).unwrap_err().kind(), "bad_events");
    let mut events = m.events().to_vec();
    if let Event::Placed { drawn, .. } = &mut events[1] {
        *drawn = "ZZZ".into();
    }
    assert_eq!(Match::replay(&events).unwrap_err().kind(), "bad_events");
    pass(&mut m, l, 1).unwrap();
    m.apply(
        Action::Exchange {
            player: 0,
            tiles: "EE".into(),
        },
        l,
    )
    .unwrap();
    let mut events = m.events().to_vec();
    if let Event::Exchanged { bag, .. } = &mut events[3] {
        bag.pop();
        bag.push('Q');
    }
    assert_eq!(Match::replay(&events).unwrap_err().kind(), "bad_events");
    assert!(Match::replay(m.events()).is_ok());
    assert_eq!(Match::replay(&[]).unwrap_err().kind(), "bad_events");
    assert_eq!(
        Match::replay(&m.events()[1..]).unwrap_err().kind(),
        "bad_events"
    );
}

#[test]
fn a_rule_set_without_resign_refuses_it() {
    let mut r = rules("wordclub-1.0");
    r.end.resign = false;
    let l = list("wordclub");
    let mut m = Match::new(r, ListRef::of(l), humans(&["A", "B"]), 4).unwrap();
    let e = resign(&mut m, l, 0).unwrap_err();
    assert_eq!(e.kind(), "resign_not_allowed");
    assert_eq!(m.events().len(), 1);
}

/// A new match takes its players' names by one rule (trimmed; not empty, not longer than
/// `MAX_NAME_CHARS`, no control character, no two equal ignoring case), whoever starts it;
/// a refusal is typed and says which name.
#[test]
fn new_match_refuses_bad_player_names() {
    let l = list("wordclub");
    let start = |names: &[&str]| {
        let specs = names.iter().map(|n| PlayerSpec::human(n)).collect();
        Match::new(rules("wordclub-1.0"), ListRef::of(l), specs, 1)
    };
    let long = "x".repeat(MAX_NAME_CHARS + 1);
    let longest = "x".repeat(MAX_NAME_CHARS);
    for (names, says) in [
        (vec![long.as_str(), "Ben"], "longer than"),
        (vec!["Ann", "B\u{0}en"], "control character"),
        (vec!["Ann", "Ben\u{1b}[31m"], "control character"),
        (vec!["Ann", "   "], "needs a name"),
        (vec!["Ann", "ann"], "two players are called"),
        (vec!["Ann", "Ben", " ANN "], "two players are called"),
        (vec!["Ölaf", "ölaf"], "two players are called"),
    ] {
        let e = start(&names).unwrap_err();
        assert_eq!(e.kind(), "bad_player_name", "{names:?}: {e}");
        assert!(e.to_string().contains(says), "{names:?}: {e}");
    }
    let m = start(&[&longest, "  Ben\t"]).unwrap();
    let names: Vec<&str> = m.players().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [longest.as_str(), "Ben"],
        "names are recorded trimmed"
    );
}
