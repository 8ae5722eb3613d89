//! Facts about a match that the engine owns and every other layer only reads: the best turn
//! and its tie rule, hints taken and pending, the exchange range, the last placement's line
//! and squares, a rule set's labels, values and whether it is a solo round.
mod common;

use common::*;
use wordclub_engine::*;
use wordclub_lexicon::RACK_MAX;

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn hint(m: &mut Match, l: &wordclub_lexicon::WordList, player: Seat, shown: &str) {
    m.apply(
        Action::HintTaken {
            player,
            kind: HintKind::WordsFromRack,
            shown: words_shown(&[shown]),
        },
        l,
    )
    .unwrap();
}

#[test]
fn of_equal_best_scores_the_earliest_turn_is_the_best_for_the_match_and_each_seat() {
    // Word Club 1.0: every letter is worth 1 and no square is a premium, so CAT and COG
    // both score 3.
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    place(&mut m, l, 0, "5D CAT").unwrap();
    place(&mut m, l, 1, "D5 .OG").unwrap();
    assert_eq!(
        (m.turns()[0].score, m.turns()[1].score),
        (3, 3),
        "the two seats tie"
    );
    pass(&mut m, l, 0).unwrap();
    // Seat 1 ties its own best again, later: still turn 2 for seat 1.
    place(&mut m, l, 1, "F5 .EN").unwrap();
    assert_eq!(m.turns()[3].score, 3);
    let best = m.best_turn(None).unwrap();
    assert_eq!((best.number, best.player), (1, 0));
    assert_eq!(m.best_turn(Some(1)).unwrap().number, 2);
    assert_eq!(m.best_turn(Some(0)).unwrap().number, 1);
    m.apply(Action::Resign { player: 0 }, l).unwrap();
    let r = m.result().unwrap();
    let turns: Vec<Option<u32>> = r
        .best_turns
        .iter()
        .map(|b| b.as_ref().map(|b| b.turn))
        .collect();
    assert_eq!(turns, vec![Some(1), Some(2)]);
    assert_eq!(r.best_turns[0].as_ref().unwrap().notation, "5D CAT");
    // The replayed match names the same turns: the rule is part of the fold.
    assert_eq!(
        Match::replay(m.events())
            .unwrap()
            .best_turn(None)
            .unwrap()
            .number,
        1
    );
}

#[test]
fn a_seat_that_only_passed_has_no_best_turn() {
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    place(&mut m, l, 0, "5D CAT").unwrap();
    pass(&mut m, l, 1).unwrap();
    assert!(m.best_turn(Some(1)).is_none());
    assert_eq!(m.best_turn(None).unwrap().number, 1);
}

#[test]
fn a_turn_records_the_line_and_the_squares_its_placement_covered() {
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    place(&mut m, l, 0, "5D CAT").unwrap();
    let t = &m.turns()[0];
    assert_eq!(t.direction, Some(Direction::Across));
    assert_eq!(t.squares, vec![sq("D5"), sq("E5"), sq("F5")]);
    // One tile under the A: its across word has one letter, so the play runs down (AT).
    place(&mut m, l, 1, "E5 .T").unwrap();
    let t = &m.turns()[1];
    assert_eq!(t.notation.as_deref(), Some("E5 .T"));
    assert_eq!(t.direction, Some(Direction::Down));
    assert_eq!(t.squares, vec![sq("E6")]);
    // One tile after CAT: its across word (CATS) has 2+ letters, so it runs across.
    place(&mut m, l, 0, "5D ...S").unwrap();
    let t = &m.turns()[2];
    assert_eq!(t.direction, Some(Direction::Across));
    assert_eq!(t.squares, vec![sq("G5")]);
    pass(&mut m, l, 1).unwrap();
    let t = &m.turns()[3];
    assert_eq!((t.direction, t.squares.len()), (None, 0));
    // The view's last move is the same turn, the line included.
    place(&mut m, l, 0, "E5 ..E").unwrap();
    let last = m.view(None, false).last_move.unwrap();
    assert_eq!(&last, m.turns().last().unwrap());
}

#[test]
fn the_exchange_range_follows_the_policy_the_bag_and_the_turn() {
    let (m, _) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    assert_eq!(m.bag_len(), 18);
    assert_eq!(m.exchange_range(0), Some((1, 7)));
    assert_eq!(m.exchange_range(1), None, "not seat 1's turn");
    assert_eq!(m.exchange_range(9), None, "no such seat");

    // The same deal under a rule set that wants 20 tiles in the bag: no exchange with 18.
    let strict = RuleSet {
        exchange: ExchangePolicy::Chosen {
            min_bag: 20,
            max_tiles: 7,
        },
        ..rules("wordclub-1.0")
    };
    let l = list("wordclub");
    let mut m = Match::with_deal(
        strict,
        ListRef::of(l),
        humans(&["P1", "P2"]),
        7,
        Deal {
            racks: Some(vec!["CATSEER".into(), "OGTEENR".into()]),
            draw_order: String::new(),
        },
    )
    .unwrap();
    assert_eq!(m.exchange_range(0), None);
    assert!(!m.can_exchange(0));
    assert!(!m.view(Some(0), true).can_exchange);
    let refused = m
        .apply(
            Action::Exchange {
                player: 0,
                tiles: "C".into(),
            },
            l,
        )
        .unwrap_err();
    assert_eq!(refused.kind(), "exchange_not_allowed");

    // Solo: the whole rack, exactly.
    let (m, _) = fixed_match("solo-10", &["CATSEER"], "");
    assert_eq!(m.exchange_range(0), Some((7, 7)));
}

#[test]
fn hints_taken_and_pending_per_seat() {
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    hint(&mut m, l, 0, "first");
    // Asked again in the same turn: the same hint, not a second one.
    hint(&mut m, l, 0, "second");
    assert_eq!(m.hints_taken(), &[1, 0]);
    // A history stored before that rule holds both, and keeps them in the order taken.
    let mut events = m.events().to_vec();
    events.push(Event::HintTaken {
        player: 0,
        kind: HintKind::WordsFromRack,
        shown: Some(words_shown(&["second"])),
    });
    let mut m = Match::replay(&events).unwrap();
    assert_eq!(m.hints_taken(), &[2, 0]);
    let pending: Vec<Vec<&str>> = m
        .pending_hints(0)
        .iter()
        .map(|h| h.shown.as_ref().unwrap().listed_words().collect())
        .collect();
    assert_eq!(pending, [["first"], ["second"]]);
    assert!(m.pending_hints(1).is_empty());
    assert!(m.pending_hints(7).is_empty(), "no such seat: nothing");
    place(&mut m, l, 0, "5D CAT").unwrap();
    assert!(m.pending_hints(0).is_empty(), "attached to the turn");
    assert_eq!(m.turns()[0].hints.len(), 2);
    hint(&mut m, l, 1, "third");
    assert_eq!(m.hints_taken(), &[2, 1]);
    // The match ends before seat 1's turn: its hint stays pending, and counted.
    m.apply(Action::Resign { player: 0 }, l).unwrap();
    assert_eq!(m.pending_hints(1).len(), 1);
    assert_eq!(m.result().unwrap().hints, vec![2, 1]);
    let replayed = Match::replay(m.events()).unwrap();
    assert_eq!(replayed.hints_taken(), m.hints_taken());
    assert_eq!(replayed.pending_hints(1), m.pending_hints(1));
}

#[test]
fn a_rule_set_owns_its_premium_labels_letter_values_and_solo_flag() {
    let classic = rules("classic-15");
    let labels = classic.premium_labels();
    assert_eq!(labels.len(), 15);
    assert!(labels.iter().all(|row| row.len() == 15));
    let at = |name: &str| {
        let s = sq(name);
        labels[s.row as usize][s.col as usize]
    };
    assert_eq!(
        (at("A1"), at("H8"), at("D1"), at("F2"), at("B1")),
        (Some("3W"), Some("2W"), Some("2L"), Some("3L"), None)
    );
    let values = classic.letter_values();
    assert_eq!(values.len(), 26, "A-Z, no blank");
    assert_eq!((values[&'Q'], values[&'E']), (10, 1));
    assert!(!values.contains_key(&'?'));
    assert!(rules("wordclub-1.0")
        .premium_labels()
        .iter()
        .flatten()
        .all(Option::is_none));
    let solo: Vec<String> = RuleSet::all()
        .into_iter()
        .filter(RuleSet::is_solo)
        .map(|r| r.id)
        .collect();
    assert_eq!(solo, ["solo-10"]);
}

#[test]
fn no_rule_set_seats_more_than_the_most_players() {
    let mut big = rules("wordclub-1.0");
    big.players.max = MAX_PLAYERS + 1;
    let l = list("wordclub");
    let e = Match::new(big, ListRef::of(l), humans(&["A", "B"]), 1).unwrap_err();
    assert_eq!(e.kind(), "invalid_rule_set");
    assert!(RuleSet::all().iter().all(|r| r.players.max <= MAX_PLAYERS));
    assert_eq!(
        RuleSet::all().iter().map(|r| r.players.max).max(),
        Some(MAX_PLAYERS)
    );
}

#[test]
fn text_that_is_no_square_or_tile_keeps_its_refusal_kind() {
    let e: EngineError = Square::parse("5E").unwrap_err().into();
    assert_eq!(e.kind(), "notation");
    assert!(e.to_string().contains("5E"), "{e}");
    let e: EngineError = Tile::from_char('1').unwrap_err().into();
    assert_eq!(e.kind(), "invalid_letter");
    // Through the notation layer as before.
    let empty = board("classic-15", &empty_cgp(15));
    let e = GcgMove::parse("8H C#T")
        .unwrap()
        .placements(&empty)
        .unwrap_err();
    assert_eq!(e.kind(), "invalid_letter");
    assert_eq!(GcgMove::parse("H0 CAT").unwrap_err().kind(), "notation");
}

#[test]
fn only_the_player_to_move_with_their_rack_shown_is_uncovered_and_may_act() {
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    let open = Can {
        exchange: true,
        pass: true,
        resign: true,
        hint: true,
        take_back: false,
    };
    let none = Can {
        exchange: false,
        pass: false,
        resign: false,
        hint: false,
        take_back: false,
    };
    let shown = m.view(Some(0), true);
    assert_eq!((shown.standing.covered, shown.standing.can), (false, open));
    assert_eq!(shown.standing.exchange_max, 7);
    for (viewer, reveal) in [
        (None, false),
        (None, true),
        (Some(0), false),
        (Some(1), true),
    ] {
        let v = m.view(viewer, reveal);
        assert_eq!(
            (v.standing.covered, v.standing.can),
            (true, none),
            "{viewer:?} {reveal}"
        );
        // The exchange range is the player to move's, a public fact of the table.
        assert_eq!(v.standing.exchange_max, 7);
    }
    place(&mut m, l, 0, "5D CAT").unwrap();
    place(&mut m, l, 1, "D5 .OG").unwrap();
    let v = m.view(None, false);
    assert_eq!(v.best_turn.as_ref().map(|t| t.number), Some(1));
    assert_eq!(v.progression, vec![vec![3, 3], vec![0, 3]]);
}

#[test]
fn every_rack_dealt_is_one_the_words_hint_answers() {
    let l = list("wordclub");
    let mut long = rules("wordclub-1.1");
    long.rack_size = RACK_MAX as u8 + 1;
    let e = Match::new(long.clone(), ListRef::of(l), humans(&["A", "B"]), 1).unwrap_err();
    assert_eq!(e.kind(), "invalid_rule_set");
    // The longest rack allowed is dealt, and each seat's rack has its words.
    long.rack_size = RACK_MAX as u8;
    let m = Match::new(long, ListRef::of(l), humans(&["A", "B"]), 1).unwrap();
    for seat in 0..2 {
        let rack = m.rack(seat).unwrap();
        assert_eq!(rack.len(), RACK_MAX);
        let text = wordclub_engine::rack_text(rack);
        assert!(!l.rack_words(&text).unwrap().is_empty(), "{text}");
    }
}

/// A rule set that scales with the table: the match plays the flat rule set of its size,
/// records it, starts each seat on its start points and replays to the same scores.
#[test]
fn a_match_plays_the_rules_of_its_table_size_from_its_start_points() {
    let l = list("wordclub");
    let scaled = RuleSet {
        start_points: vec![0, 4],
        by_table: vec![TableChanges {
            players: 3,
            board_size: Some(11),
            star: Some(Square::new(5, 5)),
            start_points: Some(vec![0, 2, 5]),
            ..TableChanges::default()
        }],
        ..rules("wordclub-1.0")
    };
    let mut two = Match::new(scaled.clone(), ListRef::of(l), humans(&["A", "B"]), 7).unwrap();
    assert_eq!(two.scores(), &[0, 4]);
    assert_eq!((two.rules().board_size, two.rules().table), (9, Some(2)));
    assert!(two.rules().by_table.is_empty());
    let three = Match::new(scaled, ListRef::of(l), humans(&["A", "B", "C"]), 7).unwrap();
    assert_eq!(three.scores(), &[0, 2, 5]);
    assert_eq!(three.rules().board_size, 11);
    assert_eq!(three.board().size(), 11);
    assert_replays(&three);
    pass(&mut two, l, 0).unwrap();
    assert_eq!(two.turns()[0].totals, vec![0, 4]);
    assert_replays(&two);
}

#[test]
fn the_view_names_who_a_resignation_hands_the_match_to() {
    let resign_winner = |m: &Match| m.view(m.to_move(), true).standing.resign_winner;
    // Three at the table: the player to move resigning leaves two to play on.
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR", "DINALST"], "");
    assert_eq!(m.to_move(), Some(0));
    assert_eq!(resign_winner(&m), None);
    // Seat 1 leaves (any active player may, out of turn): one other is left for seat 0.
    m.apply(Action::Resign { player: 1 }, l).unwrap();
    assert_eq!(m.to_move(), Some(0));
    assert_eq!(resign_winner(&m), Some(2));
    assert_eq!(
        m.resign_winner(1),
        None,
        "a seat that is out cannot resign again"
    );
    // What the view said is what the resignation does.
    m.apply(Action::Resign { player: 0 }, l).unwrap();
    assert_eq!(m.result().map(|r| r.winners.clone()), Some(vec![2]));
    assert_eq!(m.view(Some(2), true).standing.resign_winner, None, "over");

    // Two at the table: the other player.
    let (m, _) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    assert_eq!(resign_winner(&m), Some(1));
    // A solo round has nobody to hand it to.
    let (solo, _) = fixed_match("solo-10", &["CATSEER"], "");
    assert_eq!(resign_winner(&solo), None);
}
