//! Challenges (issue 46): a per-match option, off by default. With it on, a person's play is
//! accepted whatever its words and nobody is told which are in the list; any other seat may
//! challenge it until the next player shows their rack. A challenge that finds a word outside
//! the list withdraws the play (the board, the bag and the mover's rack as they were; the
//! turn scores 0 and counts toward the passes ending); one that finds every word in the list
//! costs the match's penalty. Every refusal is typed and changes nothing; replay reproduces
//! every new event.
mod common;

use common::*;
use wordclub_engine::*;
use wordclub_lexicon::WordList;

fn on(penalty: ChallengePenalty) -> MatchOptions {
    MatchOptions {
        challenges: Some(ChallengeRule { penalty }),
        ..MatchOptions::default()
    }
}

/// Four seats on Word Club 1.0: 32 − 28 leaves 4 tiles (TOOL) in the bag, so the first
/// play of RETAINS empties it and the second can go out.
fn deal_to_go_out(options: MatchOptions) -> (Match, &'static WordList) {
    let r = rules("wordclub-1.0");
    let l = list(&r.default_list);
    let racks = ["RETAINS", "AAAABCD", "EEEEGLN", "RRRSSTT"];
    let m = Match::with_options(
        r,
        ListRef::of(l),
        humans(&["Ann", "Ben", "Cy", "Di"]),
        7,
        Deal {
            racks: Some(racks.iter().map(|s| s.to_string()).collect()),
            draw_order: "TOOL".to_string(),
        },
        options,
    )
    .unwrap();
    (m, l)
}

/// A play whose word is not in the list (checked here, so the test cannot pass by luck).
const PHONY: &str = "5D TCA";

fn challenge(m: &mut Match, l: &WordList, player: Seat) -> Result<Vec<Event>, EngineError> {
    m.apply(Action::Challenge { player }, l)
        .map(<[Event]>::to_vec)
}

type State = (Vec<String>, Vec<Vec<u8>>, usize, Vec<i32>, usize);

fn state(m: &Match) -> State {
    (
        m.board().rows(),
        (0..m.players().len())
            .map(|s| m.rack(s).unwrap().to_vec())
            .collect(),
        m.bag_len(),
        m.scores().to_vec(),
        m.events().len(),
    )
}

#[test]
fn challenges_are_off_by_default_and_words_are_checked_as_played() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), MatchOptions::default());
    assert!(!l.contains(b"TCA"));
    let e = place(&mut m, l, 0, PHONY).unwrap_err();
    assert_eq!(e.kind(), "not_in_list");
    place(&mut m, l, 0, "5D CAT").unwrap();
    let before = state(&m);
    let e = challenge(&mut m, l, 1).unwrap_err();
    assert_eq!(e, EngineError::ChallengesOff);
    assert_eq!(state(&m), before);
    // A start event without the option serialises as builds before it wrote it.
    let json = serde_json::to_string(&m.events()[0]).unwrap();
    assert!(!json.contains("challenges"), "{json}");
}

#[test]
fn a_phony_is_accepted_and_preview_names_no_word_but_still_names_placement_faults() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), on(ChallengePenalty::None));
    let phony = GcgMove::parse(PHONY)
        .unwrap()
        .placements(m.board())
        .unwrap();
    let scored = m
        .preview(0, &phony, l)
        .expect("a fault of words alone is no fault");
    assert_eq!(scored.words[0].word, "TCA");
    // A placement fault is still refused and named.
    let apart = GcgMove::parse("5A CA")
        .unwrap()
        .placements(m.board())
        .unwrap();
    assert_eq!(
        m.preview(0, &apart, l).unwrap_err().kind(),
        "star_not_covered"
    );
    let events = place(&mut m, l, 0, PHONY).unwrap();
    assert_eq!(events.len(), 1);
    let window = m.challenge_window().unwrap();
    assert_eq!(window.mover, 0);
    assert_eq!(window.words, vec!["TCA".to_string()]);
    assert_eq!(window.challengers, vec![1]);
    assert!(!window.ends_match);
    // Nothing in what anyone sees says whether the word is in the list.
    let seen = serde_json::to_string(&m.view(None, false)).unwrap();
    assert!(!seen.contains("not_in_list"), "{seen}");
}

#[test]
fn a_successful_challenge_withdraws_the_play_exactly() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), on(ChallengePenalty::LoseTurn));
    let before = state(&m);
    let events = place(&mut m, l, 0, PHONY).unwrap();
    let Event::Placed { drawn, .. } = &events[0] else {
        panic!("a play")
    };
    let drawn = drawn.clone();
    assert_ne!(m.rack(0).unwrap(), &before.1[0][..]);
    let events = challenge(&mut m, l, 1).unwrap();
    assert_eq!(
        events,
        vec![Event::Challenged {
            player: 1,
            not_in_list: vec!["TCA".to_string()],
        }]
    );
    let after = state(&m);
    // The board, every rack and the bag as they were; no score.
    assert_eq!(
        (&after.0, &after.1, after.2, &after.3),
        (&before.0, &before.1, before.2, &before.3)
    );
    assert_eq!(m.rack(0).unwrap(), b"CATEIOL");
    // The turn stays, scoring 0, marked; it counts as a scoreless turn.
    let t = m.turns().last().unwrap();
    assert_eq!((t.player, t.kind, t.score), (0, TurnKind::Place, 0));
    let mark = t.challenge.clone().unwrap();
    assert!(mark.withdrawn());
    assert_eq!(
        (mark.by, mark.not_in_list.clone()),
        (1, vec!["TCA".to_string()])
    );
    assert_eq!(m.sheet().len(), 1);
    assert_eq!(m.scoreless_turns(), 1);
    assert_eq!(m.best_turn(None), None, "a withdrawn play is no best turn");
    // A successful challenge costs the challenger nothing: it is their turn.
    assert_eq!(m.to_move(), Some(1));
    // The bag is as it was: Ann, playing again, draws exactly what the phony drew.
    pass(&mut m, l, 1).unwrap();
    let again = place(&mut m, l, 0, "5D CAT").unwrap();
    let Event::Placed { drawn: d2, .. } = &again[0] else {
        panic!("a play")
    };
    assert_eq!(d2, &drawn);
    assert_replays(&m);
}

#[test]
fn every_penalty_of_a_failed_challenge() {
    for (penalty, bonus) in [
        (ChallengePenalty::None, 0),
        (ChallengePenalty::LoseTurn, 0),
        (ChallengePenalty::Plus5, 5),
        (ChallengePenalty::Plus10, 10),
    ] {
        let (mut m, l) = example_deal(humans(&["Ann", "Ben", "Cy"]), on(penalty));
        place(&mut m, l, 0, "5D CAT").unwrap();
        let play = m.scores()[0];
        let events = challenge(&mut m, l, 1).unwrap();
        assert_eq!(
            events[0],
            Event::Challenged {
                player: 1,
                not_in_list: vec![]
            }
        );
        assert_eq!(m.scores()[0], play + bonus, "{penalty:?}");
        let t = m.turns().iter().find(|t| t.number == 1).unwrap();
        assert_eq!(t.score as i32, play, "the play's own score is unchanged");
        assert_eq!(
            t.totals[0],
            play + bonus,
            "the sheet's total counts the bonus"
        );
        assert_eq!(t.challenge.as_ref().unwrap().bonus, bonus as u32);
        if penalty == ChallengePenalty::LoseTurn {
            // Ben, next, loses this turn: it is on the sheet, scoreless, and Cy is to move.
            assert_eq!(m.to_move(), Some(2));
            let lost = m.turns().last().unwrap();
            assert!(lost.lost_turn && lost.player == 1 && lost.kind == TurnKind::Pass);
            assert_eq!(m.scoreless_turns(), 1);
        } else {
            assert_eq!(m.to_move(), Some(1));
            assert_eq!(m.turns().len(), 1);
        }
        assert_replays(&m);
    }
}

#[test]
fn a_challenger_who_is_not_next_loses_their_own_next_turn() {
    let (mut m, l) = example_deal(
        humans(&["Ann", "Ben", "Cy"]),
        on(ChallengePenalty::LoseTurn),
    );
    place(&mut m, l, 0, "5D CAT").unwrap();
    challenge(&mut m, l, 2).unwrap();
    assert_eq!(m.to_move(), Some(1), "Ben still plays");
    pass(&mut m, l, 1).unwrap();
    // Cy's turn was lost: Ann is to move, and the sheet says so.
    assert_eq!(m.to_move(), Some(0));
    let lost = m.turns().last().unwrap();
    assert!(lost.lost_turn && lost.player == 2);
    assert_eq!(pass(&mut m, l, 2).unwrap_err().kind(), "not_your_turn");
    assert_replays(&m);
}

#[test]
fn refusals_are_typed_and_change_nothing() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben", "Cy"]), on(ChallengePenalty::None));
    let refused = |m: &mut Match, player: Seat, kind: &str| {
        let before = state(m);
        let e = challenge(m, l, player).unwrap_err();
        assert_eq!(e.kind(), kind, "{e}");
        assert!(!e.to_string().is_empty());
        assert_eq!(state(m), before);
    };
    // Out of turn: nothing played yet, or the last turn was no play.
    refused(&mut m, 1, "nothing_to_challenge");
    pass(&mut m, l, 0).unwrap();
    refused(&mut m, 2, "nothing_to_challenge");
    pass(&mut m, l, 1).unwrap();
    pass(&mut m, l, 2).unwrap();
    place(&mut m, l, 0, PHONY).unwrap();
    // By the mover, or by a seat that is not in the match.
    refused(&mut m, 0, "challenge_own_move");
    refused(&mut m, 7, "player_not_in_match");
    challenge(&mut m, l, 2).unwrap();
    // Twice.
    refused(&mut m, 1, "already_challenged");
    refused(&mut m, 2, "already_challenged");
    // A challenged play cannot be taken back (take-backs are off here anyway).
    assert_replays(&m);
}

#[test]
fn a_challenge_after_the_reveal_is_refused_and_stays_refused_after_a_restart() {
    let (m, l) = example_deal(humans(&["Ann", "Ben"]), on(ChallengePenalty::None));
    let mut table = Table::new(m);
    table.reveal().unwrap();
    let tiles = GcgMove::parse(PHONY)
        .unwrap()
        .placements(table.game().board())
        .unwrap();
    table.apply(Action::Place { player: 0, tiles }, l).unwrap();
    assert!(table.view().challenge.is_some());
    assert!(table.person_may_challenge());
    table.reveal().unwrap();
    assert!(matches!(
        table.game().events().last(),
        Some(Event::RackShown { player: 1 })
    ));
    assert!(table.view().challenge.is_none());
    let before = table.game().events().len();
    let e = table.apply(Action::Challenge { player: 1 }, l).unwrap_err();
    assert_eq!(e.kind(), "challenge_closed");
    assert_eq!(table.game().events().len(), before);
    // A restart keeps the reveal: the window stays closed.
    let again = Table::reopened(Match::replay(table.game().events()).unwrap());
    assert_eq!(
        again.game().challenge_window().unwrap_err().kind(),
        "challenge_closed"
    );
}

#[test]
fn a_computers_play_is_never_challenged_and_waits_for_no_cover() {
    let players = vec![
        PlayerSpec::computer("Bot", "hard"),
        PlayerSpec::human("Ann"),
        PlayerSpec::human("Ben"),
    ];
    let (m, l) = example_deal(players, on(ChallengePenalty::LoseTurn));
    let mut table = Table::new(m);
    let tiles = GcgMove::parse("5D CAT")
        .unwrap()
        .placements(table.game().board())
        .unwrap();
    table.apply(Action::Place { player: 0, tiles }, l).unwrap();
    let before = table.game().events().len();
    let e = table.apply(Action::Challenge { player: 1 }, l).unwrap_err();
    assert_eq!(e.kind(), "challenge_computer_move");
    assert_eq!(table.game().events().len(), before);
    assert!(!table.person_may_challenge());
}

#[test]
fn a_person_may_challenge_before_a_computers_turn_which_waits_for_the_cover() {
    let players = vec![
        PlayerSpec::human("Ann"),
        PlayerSpec::computer("Bot", "easy"),
        PlayerSpec::human("Ben"),
    ];
    let (m, l) = example_deal(players, on(ChallengePenalty::None));
    let mut table = Table::new(m);
    table.reveal().unwrap();
    let tiles = GcgMove::parse("5D CAT")
        .unwrap()
        .placements(table.game().board())
        .unwrap();
    table.apply(Action::Place { player: 0, tiles }, l).unwrap();
    // The "Challenge?" cover comes first: the computer may not move yet.
    assert_eq!(
        table.computer_to_move().unwrap_err().kind(),
        "challenge_open"
    );
    let events = table.let_stand().unwrap().to_vec();
    assert_eq!(events, vec![Event::Unchallenged]);
    assert_eq!(table.computer_to_move().unwrap().0, 1);
    assert_eq!(
        table
            .apply(Action::Challenge { player: 2 }, l)
            .unwrap_err()
            .kind(),
        "challenge_closed"
    );
    assert_replays(table.game());
}

#[test]
fn withdrawn_plays_count_toward_the_passes_ending() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), on(ChallengePenalty::None));
    let mut withdrawn = 0;
    while !m.is_over() {
        let seat = m.to_move().unwrap();
        if seat == 0 {
            place(&mut m, l, 0, PHONY).unwrap();
            challenge(&mut m, l, 1).unwrap();
            withdrawn += 1;
        } else {
            pass(&mut m, l, 1).unwrap();
        }
        assert!(withdrawn < 20, "the match must end");
    }
    let r = m.result().unwrap();
    assert_eq!(r.reason, EndReason::ScorelessTurns);
    let k = m.rules().end.scoreless_turns_in_a_row.unwrap() as usize;
    assert_eq!(
        withdrawn, k,
        "each withdrawn play is one of Ann's scoreless turns"
    );
    assert_eq!(
        m.turns().len(),
        2 * k,
        "Ann's k withdrawn plays and Ben's k passes"
    );
    assert!(m.turns().iter().all(|t| t.score == 0));
    assert_replays(&m);
}

#[test]
fn a_phony_that_goes_out_waits_on_a_last_challenge() {
    let (mut m, l) = deal_to_go_out(on(ChallengePenalty::Plus10));
    place(&mut m, l, 0, "5A RETAINS").unwrap();
    challenge(&mut m, l, 1).unwrap(); // RETAINS stands: +10 to Ann
    assert_eq!(m.scores()[0], m.turns()[0].score as i32 + 10);
    for p in 1..4 {
        pass(&mut m, l, p).unwrap();
    }
    assert!(!l.contains(b"STOLO"));
    let events = place(&mut m, l, 0, "G5 .TOLO").unwrap();
    assert_eq!(events.len(), 1, "no end yet: it waits on the challenge");
    assert!(!m.is_over());
    assert!(m.challenge_window().unwrap().ends_match);
    // Only a challenge (or "No challenge") may come now.
    let before = state(&m);
    assert_eq!(
        pass(&mut m, l, 1).unwrap_err(),
        EngineError::ChallengeBeforeEnd
    );
    assert_eq!(
        m.apply(Action::Resign { player: 2 }, l).unwrap_err(),
        EngineError::ChallengeBeforeEnd
    );
    assert_eq!(m.show_rack(1).unwrap_err(), EngineError::ChallengeBeforeEnd);
    assert_eq!(state(&m), before);

    // Let stand: the match ends as if it had gone out at once.
    let mut stood = m.clone();
    let events = stood.let_stand().unwrap().to_vec();
    assert_eq!(events[0], Event::Unchallenged);
    let r = stood.result().unwrap();
    assert_eq!((r.reason, r.went_out), (EndReason::WentOut, Some(0)));
    assert_replays(&stood);

    // Challenged: withdrawn, Ann has TOOL back and the match goes on.
    challenge(&mut m, l, 3).unwrap();
    assert!(!m.is_over());
    assert_eq!(m.rack(0).unwrap(), b"TOOL");
    assert_eq!(m.to_move(), Some(1));
    assert_replays(&m);
}

#[test]
fn a_valid_play_that_goes_out_gains_its_bonus_before_the_end() {
    let (mut m, l) = deal_to_go_out(on(ChallengePenalty::Plus5));
    place(&mut m, l, 0, "5A RETAINS").unwrap();
    for p in 1..4 {
        pass(&mut m, l, p).unwrap();
    }
    place(&mut m, l, 0, "G5 .TOOL").unwrap();
    let events = challenge(&mut m, l, 2).unwrap();
    assert_eq!(events.len(), 2, "the challenge and the end");
    let r = m.result().unwrap();
    assert_eq!(r.reason, EndReason::WentOut);
    // The two plays (12, as without challenges), +5 for the failed challenge, +21 for the
    // racks left.
    assert_eq!(r.scores_before_adjustment[0], 12 + 5);
    assert_eq!(r.final_scores[0], 12 + 5 + 21);
    assert_replays(&m);
}

#[test]
fn take_back_before_a_challenge_costs_nothing_and_a_challenged_play_stays() {
    let options = MatchOptions {
        take_backs: true,
        ..on(ChallengePenalty::Plus10)
    };
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), options.clone());
    let before = state(&m);
    place(&mut m, l, 0, PHONY).unwrap();
    m.apply(Action::TakeBack { player: 0 }, l).unwrap();
    let after = state(&m);
    assert_eq!(
        (&after.0, &after.1, after.2, &after.3),
        (&before.0, &before.1, before.2, &before.3)
    );
    assert_eq!(
        challenge(&mut m, l, 1).unwrap_err().kind(),
        "nothing_to_challenge"
    );
    place(&mut m, l, 0, "5D CAT").unwrap();
    challenge(&mut m, l, 1).unwrap();
    let e = m.apply(Action::TakeBack { player: 0 }, l).unwrap_err();
    assert_eq!(e.kind(), "nothing_to_take_back");
    assert!(e.to_string().contains("challenged"), "{e}");
    assert_replays(&m);
    // A withdrawn play cannot be taken back either.
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), options);
    place(&mut m, l, 0, PHONY).unwrap();
    challenge(&mut m, l, 1).unwrap();
    let before = state(&m);
    let e = m.apply(Action::TakeBack { player: 0 }, l).unwrap_err();
    assert_eq!(e.kind(), "nothing_to_take_back");
    assert_eq!(state(&m), before);
    assert_replays(&m);
}

#[test]
fn forged_challenges_do_not_replay() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), on(ChallengePenalty::None));
    place(&mut m, l, 0, "5D CAT").unwrap();
    let mut events = m.events().to_vec();
    for forged in [
        Event::Challenged {
            player: 0,
            not_in_list: vec![],
        },
        Event::Challenged {
            player: 1,
            not_in_list: vec!["DOG".into()],
        },
    ] {
        events.push(forged);
        let e = Match::replay(&events).unwrap_err();
        assert_eq!(e.kind(), "bad_events", "{e}");
        events.pop();
    }
    // Without the option, no challenge event replays.
    let (mut off, l2) = example_deal(humans(&["Ann", "Ben"]), MatchOptions::default());
    place(&mut off, l2, 0, "5D CAT").unwrap();
    let mut events = off.events().to_vec();
    events.push(Event::Unchallenged);
    assert_eq!(Match::replay(&events).unwrap_err().kind(), "bad_events");
    let _ = l;
}

#[test]
fn a_word_looked_up_is_recorded_for_the_player_to_move_and_replays() {
    let (mut m, l) = example_deal(
        humans(&["Ann", "Ben"]),
        MatchOptions {
            take_backs: true,
            ..on(ChallengePenalty::None)
        },
    );
    let look = |player: Seat, word: &str| Action::LookUpWord {
        player,
        word: word.to_string(),
    };
    // Only the player to move, only a word a board could hold; refused, nothing changes.
    let before = m.events().len();
    assert_eq!(
        m.apply(look(1, "QI"), l).unwrap_err().kind(),
        "not_your_turn"
    );
    for bad in ["", "E-MAIL", "ABCDEFGHIJ"] {
        assert_eq!(
            m.apply(look(0, bad), l).unwrap_err().kind(),
            "bad_look_up",
            "{bad:?}"
        );
    }
    assert_eq!(m.events().len(), before);
    // The engine says whether the list holds it.
    let events = m.apply(look(0, "tca"), l).unwrap().to_vec();
    assert_eq!(
        events,
        vec![Event::WordLookedUp {
            player: 0,
            word: "TCA".to_string(),
            in_list: false,
        }]
    );
    place(&mut m, l, 0, "5D CAT").unwrap();
    assert_eq!(m.turns()[0].looked_up, 1);
    // Ben looks one up before his move: a take-back of Ann's is closed, as after a hint.
    m.apply(look(1, "cat"), l).unwrap();
    assert_eq!(
        m.take_back_turns().unwrap_err().kind(),
        "nothing_to_take_back"
    );
    assert_eq!(
        m.events().last(),
        Some(&Event::WordLookedUp {
            player: 1,
            word: "CAT".to_string(),
            in_list: true,
        })
    );
    m.apply(Action::Pass { player: 1 }, l).unwrap();
    assert_eq!(m.turns()[1].looked_up, 1);
    let replayed = Match::replay(m.events()).unwrap();
    assert_eq!(replayed.sheet(), m.sheet());
    assert_eq!(replayed.events(), m.events());

    // Without challenges every word is checked as it is played: nothing to record.
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), MatchOptions::default());
    assert_eq!(
        m.apply(look(0, "TCA"), l).unwrap_err().kind(),
        "challenges_off"
    );
    assert_eq!(m.events().len(), 1);
}
