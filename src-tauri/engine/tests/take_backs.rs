//! Take-backs (issue 22): a per-match option, off by default; the player who just moved may
//! take back a play, exchange or pass (with the computers' replies after it) until the next
//! player shows their rack; the bag comes back exactly, so the same tiles are drawn again;
//! the withdrawn turns stay on the scoresheet, marked; it counts as assistance; replay
//! reproduces it and refuses a forged one.
mod common;

use common::*;
use wordclub_engine::*;

const ON: MatchOptions = MatchOptions {
    hints: true,
    take_backs: true,
    our_words: None,
    challenges: None,
};

use wordclub_lexicon::WordList;

fn take_back(m: &mut Match, l: &WordList, player: Seat) -> Result<Vec<Event>, EngineError> {
    m.apply(Action::TakeBack { player }, l)
        .map(<[Event]>::to_vec)
}

/// What a take-back must give back: the board, every rack, the bag's size, the scores, the
/// seat to move and the standing turns.
type State = (
    Vec<String>,
    Vec<Vec<u8>>,
    usize,
    Vec<i32>,
    Option<Seat>,
    usize,
);

fn state(m: &Match) -> State {
    (
        m.board().rows(),
        (0..m.players().len())
            .map(|s| m.rack(s).unwrap().to_vec())
            .collect(),
        m.bag_len(),
        m.scores().to_vec(),
        m.to_move(),
        m.turns().len(),
    )
}

fn drawn(events: &[Event]) -> String {
    match &events[0] {
        Event::Placed { drawn, .. } | Event::Exchanged { drawn, .. } => drawn.clone(),
        other => panic!("not a draw: {other:?}"),
    }
}

#[test]
fn take_backs_are_off_by_default_and_a_refusal_changes_nothing() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), MatchOptions::default());
    assert!(!m.options().take_backs);
    place(&mut m, l, 0, "5D CAT").unwrap();
    let before = (state(&m), m.events().len());
    let err = take_back(&mut m, l, 0).unwrap_err();
    assert_eq!(err.kind(), "take_backs_off");
    assert_eq!((state(&m), m.events().len()), before);
    assert_eq!(m.view(None, false).take_back, None);
}

#[test]
fn a_play_taken_back_restores_the_bag_so_the_same_tiles_come_again() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), ON);
    let before = state(&m);
    let first = place(&mut m, l, 0, "5D CAT").unwrap();
    assert_eq!(drawn(&first), "ART", "the deal's next tiles");
    assert_eq!(m.take_back_turns().unwrap(), (0, 1));
    let events = take_back(&mut m, l, 0).unwrap();
    assert_eq!(
        events,
        vec![Event::TakenBack {
            player: 0,
            turns: 1
        }]
    );
    assert_eq!(
        state(&m),
        before,
        "board, racks, bag, scores and turn as before"
    );
    // Another move draws from the same place in the bag: nobody gains a new draw.
    let again = place(&mut m, l, 0, "5E AT").unwrap();
    assert_eq!(drawn(&again), "AR");
    // The withdrawn turn stays on the scoresheet, marked, before the turn played instead.
    let sheet: Vec<(u32, bool, Option<String>)> = m
        .sheet()
        .iter()
        .map(|t| (t.number, t.taken_back, t.notation.clone()))
        .collect();
    assert_eq!(
        sheet,
        vec![
            (1, true, Some("5D CAT".to_string())),
            (1, false, Some("5E AT".to_string()))
        ]
    );
    assert_eq!(m.turns().len(), 1);
    assert_eq!(m.take_backs(), &[1, 0], "counted as assistance");
    assert_eq!(m.view(None, false).players[0].take_backs, 1);
}

#[test]
fn an_exchange_and_a_pass_can_be_taken_back_and_the_bag_order_comes_back() {
    // 2 players on 1.0: 18 tiles left in the bag, so an exchange is allowed.
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), ON);
    let before = state(&m);
    let ex = m
        .apply(
            Action::Exchange {
                player: 0,
                tiles: "IOL".to_string(),
            },
            l,
        )
        .unwrap()
        .to_vec();
    assert_eq!(drawn(&ex), "ART");
    take_back(&mut m, l, 0).unwrap();
    assert_eq!(state(&m), before);
    // The bag's order is the one before the exchange's shuffle: the same draw again.
    let again = m
        .apply(
            Action::Exchange {
                player: 0,
                tiles: "IOL".to_string(),
            },
            l,
        )
        .unwrap()
        .to_vec();
    assert_eq!(drawn(&again), "ART");
    // A pass: Ben's, taken back by Ben.
    let before = state(&m);
    pass(&mut m, l, 1).unwrap();
    take_back(&mut m, l, 1).unwrap();
    assert_eq!(state(&m), before);
    assert_eq!(m.to_move(), Some(1));
}

#[test]
fn against_a_computer_its_reply_goes_too() {
    let players = vec![
        PlayerSpec::human("Ann"),
        PlayerSpec::computer("Bot", "easy"),
    ];
    let (mut m, l) = example_deal(players, ON);
    let before = state(&m);
    place(&mut m, l, 0, "5D CAT").unwrap();
    pass(&mut m, l, 1).unwrap();
    assert_eq!(m.take_back_turns().unwrap(), (0, 2));
    // The computer's seat cannot ask for it.
    assert_eq!(
        take_back(&mut m, l, 1).unwrap_err().kind(),
        "not_your_move_to_take_back"
    );
    let events = take_back(&mut m, l, 0).unwrap();
    assert_eq!(
        events,
        vec![Event::TakenBack {
            player: 0,
            turns: 2
        }]
    );
    assert_eq!(state(&m), before);
    assert!(m.sheet().iter().all(|t| t.taken_back));
    assert_eq!(m.sheet().len(), 2);
}

#[test]
fn who_may_take_back_and_when() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), ON);
    assert_eq!(
        take_back(&mut m, l, 0).unwrap_err().kind(),
        "nothing_to_take_back",
        "no move yet"
    );
    place(&mut m, l, 0, "5D CAT").unwrap();
    let before = (state(&m), m.events().len());
    let forged = [
        (1, "not_your_move_to_take_back"),
        (7, "not_your_move_to_take_back"),
    ];
    for (player, kind) in forged {
        assert_eq!(take_back(&mut m, l, player).unwrap_err().kind(), kind);
        assert_eq!((state(&m), m.events().len()), before, "nothing changed");
    }
    // Ben took a hint: he has seen his rack, so Ann's move stands.
    take_hint(&mut m, l, 1, HintKind::WordsFromRack, words_shown(&[])).unwrap();
    assert_eq!(
        take_back(&mut m, l, 0).unwrap_err().kind(),
        "nothing_to_take_back"
    );
    // Taken back once, it cannot be taken back again (nor the move before it).
    pass(&mut m, l, 1).unwrap();
    take_back(&mut m, l, 1).unwrap();
    assert_eq!(
        take_back(&mut m, l, 1).unwrap_err().kind(),
        "nothing_to_take_back"
    );
    assert_eq!(
        take_back(&mut m, l, 0).unwrap_err().kind(),
        "nothing_to_take_back"
    );
    // A resignation closes it too.
    pass(&mut m, l, 1).unwrap();
    let (mut three, l3) = example_deal(humans(&["Ann", "Ben", "Cy"]), ON);
    place(&mut three, l3, 0, "5D CAT").unwrap();
    three.apply(Action::Resign { player: 2 }, l3).unwrap();
    assert_eq!(
        take_back(&mut three, l3, 0).unwrap_err().kind(),
        "nothing_to_take_back"
    );
}

#[test]
fn the_move_that_ended_the_match_cannot_be_taken_back() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), ON);
    // Six passes in a row end a two-player match.
    for i in 0..6 {
        pass(&mut m, l, i % 2).unwrap();
    }
    assert!(m.is_over());
    assert_eq!(
        take_back(&mut m, l, 1).unwrap_err().kind(),
        "take_back_after_end"
    );
    assert_eq!(m.view(None, false).take_back, None);
}

#[test]
fn hints_before_a_take_back_still_count_and_go_with_the_turn_played_instead() {
    let (mut m, l) = example_deal(humans(&["Ann", "Ben"]), ON);
    take_hint(&mut m, l, 0, HintKind::WordsFromRack, words_shown(&["CAT"])).unwrap();
    place(&mut m, l, 0, "5D CAT").unwrap();
    take_back(&mut m, l, 0).unwrap();
    assert_eq!(m.hints_taken(), &[1, 0]);
    assert_eq!(
        m.pending_hints(0).len(),
        1,
        "waiting for the turn played instead"
    );
    assert!(
        m.hint_shown_this_turn(0).is_some(),
        "the same hint, not a new one"
    );
    place(&mut m, l, 0, "5D CAT").unwrap();
    assert_eq!(m.turns()[0].hints.len(), 1);
    assert!(
        m.sheet()[0].hints.is_empty(),
        "counted once, on the turn that stands"
    );
    assert_eq!(m.hints_taken(), &[1, 0]);
    assert_eq!(m.take_backs(), &[1, 0]);
}

#[test]
fn replay_reproduces_a_take_back_and_refuses_a_forged_one() {
    let players = vec![
        PlayerSpec::human("Ann"),
        PlayerSpec::computer("Bot", "easy"),
    ];
    let (mut m, l) = example_deal(players, ON);
    place(&mut m, l, 0, "5D CAT").unwrap();
    pass(&mut m, l, 1).unwrap();
    take_back(&mut m, l, 0).unwrap();
    place(&mut m, l, 0, "5E AT").unwrap();
    let replayed = Match::replay(m.events()).unwrap();
    assert_eq!(state(&replayed), state(&m));
    assert_eq!(replayed.sheet(), m.sheet());
    assert_eq!(replayed.take_backs(), m.take_backs());
    assert_eq!(replayed.events(), m.events());
    // Through JSON, as the history keeps it.
    let json = serde_json::to_string(m.events()).unwrap();
    let back: Vec<Event> = serde_json::from_str(&json).unwrap();
    assert_eq!(state(&Match::replay(&back).unwrap()), state(&m));
    // A take-back of the wrong size, or by the wrong seat, is an inconsistent history.
    let cut = m.events().len() - 1;
    for forged in [
        Event::TakenBack {
            player: 0,
            turns: 1,
        },
        Event::TakenBack {
            player: 1,
            turns: 1,
        },
    ] {
        let mut events = m.events()[..cut].to_vec();
        events.push(forged);
        assert_eq!(Match::replay(&events).unwrap_err().kind(), "bad_events");
    }
    // In a match with take-backs off, a recorded one is refused too.
    let (mut off, lo) = example_deal(humans(&["Ann", "Ben"]), MatchOptions::default());
    place(&mut off, lo, 0, "5D CAT").unwrap();
    let mut events = off.events().to_vec();
    events.push(Event::TakenBack {
        player: 0,
        turns: 1,
    });
    assert_eq!(Match::replay(&events).unwrap_err().kind(), "bad_events");
}

#[test]
fn the_table_closes_a_take_back_once_the_next_person_shows_their_rack() {
    let (m, l) = example_deal(humans(&["Ann", "Ben"]), ON);
    let mut t = Table::new(m);
    t.reveal().unwrap();
    let tiles = tiles(t.game().board(), "5D CAT");
    t.apply(Action::Place { player: 0, tiles }, l).unwrap();
    // Behind the cover ("Pass to Ben"), Ann may still take it back.
    let v = t.view();
    assert!(v.standing.covered);
    assert_eq!(v.take_back, Some(TakeBackOffer { seat: 0, turns: 1 }));
    assert!(v.standing.can.take_back);
    // Ben shows his rack: the move stands.
    t.reveal().unwrap();
    let v = t.view();
    assert_eq!(v.take_back, None);
    assert!(!v.standing.can.take_back);
    let err = t.apply(Action::TakeBack { player: 0 }, l).unwrap_err();
    assert_eq!(err.kind(), "take_back_closed");
    assert_eq!(t.game().turns().len(), 1);
    // The screen covered again (the match reopened): Ben has still seen his rack.
    t.cover();
    assert!(!t.view().standing.can.take_back);
    assert_eq!(
        t.apply(Action::TakeBack { player: 0 }, l)
            .unwrap_err()
            .kind(),
        "take_back_closed"
    );
    // Ben passes, and takes his pass back before Ann shows her rack.
    t.reveal().unwrap();
    t.apply(Action::Pass { player: 1 }, l).unwrap();
    assert!(t.view().standing.can.take_back);
    t.apply(Action::TakeBack { player: 1 }, l).unwrap();
    // After a take-back the cover is up: Ann shows her rack again.
    let v = t.view();
    assert_eq!(v.standing.to_move, Some(1));
    assert!(v.standing.covered);
    assert!(v.turns[1].taken_back);
    assert_eq!(
        v.standing.recap_start,
        Some(0),
        "Ben has no turn that stands: from the start"
    );
    assert_eq!(t.game().turns().len(), 1);
}

#[test]
fn one_person_against_a_computer_may_take_back_until_they_act_again() {
    let players = vec![
        PlayerSpec::human("Ann"),
        PlayerSpec::computer("Bot", "easy"),
    ];
    let (m, l) = example_deal(players, ON);
    let mut t = Table::new(m);
    let tiles = tiles(t.game().board(), "5D CAT");
    t.apply(Action::Place { player: 0, tiles }, l).unwrap();
    t.apply(Action::Pass { player: 1 }, l).unwrap();
    // Ann's own rack is on screen (no cover with one person): still open.
    assert!(t.is_revealed());
    assert_eq!(
        t.view().take_back,
        Some(TakeBackOffer { seat: 0, turns: 2 })
    );
    t.apply(Action::TakeBack { player: 0 }, l).unwrap();
    assert_eq!(t.game().turns().len(), 0);
    assert_eq!(t.view().rack.as_deref(), Some("CATEIOL"));
}

/// With start points (komi), a take-back goes back to them, not to 0; the best turn is a
/// move's score (start points are no move); the end's adjustments come off the start points
/// plus the moves, and the view says each seat's start points throughout.
#[test]
fn start_points_survive_a_take_back_the_best_turn_and_the_end() {
    let r = RuleSet {
        start_points: vec![0, 4],
        ..rules("wordclub-1.0")
    };
    let l = list(&r.default_list);
    let mut m = Match::with_options(
        r,
        ListRef::of(l),
        humans(&["Ann", "Ben"]),
        3,
        Deal {
            racks: Some(vec!["CATEIOL".into(), "SNNDBGL".into()]),
            draw_order: "ARTE".into(),
        },
        ON,
    )
    .unwrap();
    assert_eq!(m.scores(), &[0, 4]);
    place(&mut m, l, 0, "5D CAT").unwrap();
    assert_eq!(m.scores(), &[3, 4]);
    assert_eq!(m.turns()[0].totals, vec![3, 4]);
    take_back(&mut m, l, 0).unwrap();
    assert_eq!(m.scores(), &[0, 4], "back to the start points");
    assert_eq!(m.best_turn(None), None);
    place(&mut m, l, 0, "5D CAT").unwrap();
    assert_eq!(m.best_turn(None).unwrap().score, 3);
    for _ in 0..6 {
        let seat = m.to_move().unwrap();
        pass(&mut m, l, seat).unwrap();
    }
    let result = m.result().unwrap().clone();
    assert_eq!(result.scores_before_adjustment, vec![3, 4]);
    let racks: Vec<i32> = (0..2).map(|s| rack_value(&m, s)).collect();
    assert_eq!(
        result.final_scores,
        vec![3 - racks[0], 4 - racks[1]],
        "each loses their rack from what they had, start points included"
    );
    let starts: Vec<i32> = m
        .view(None, false)
        .players
        .iter()
        .map(|p| p.start_points)
        .collect();
    assert_eq!(starts, vec![0, 4]);
    assert_replays(&m);
}

/// Issue 42, item 6: the reveal that closes a take-back is an event of the match
/// ([`Event::RackShown`]), so a replay (a restart) keeps the move standing; any other reveal
/// adds nothing; a forged one is refused.
#[test]
fn the_reveal_that_closes_a_take_back_is_kept_in_the_events() {
    let (m, l) = example_deal(humans(&["Ann", "Ben"]), ON);
    let mut t = Table::new(m);
    t.reveal().unwrap();
    assert_eq!(t.game().events().len(), 1, "Ann's reveal closes nothing");
    let cat = tiles(t.game().board(), "5D CAT");
    t.apply(
        Action::Place {
            player: 0,
            tiles: cat,
        },
        l,
    )
    .unwrap();
    t.reveal().unwrap();
    assert_eq!(
        t.game().events().last(),
        Some(&Event::RackShown { player: 1 })
    );
    t.reveal().unwrap();
    assert_eq!(t.game().events().len(), 3, "shown once is enough");
    // Replayed (a restart), the move still stands.
    let replayed = Match::replay(t.game().events()).unwrap();
    assert_eq!(
        replayed.take_back_turns().unwrap_err().kind(),
        "take_back_closed"
    );
    let mut reopened = Table::reopened(replayed);
    assert_eq!(reopened.view().take_back, None);
    assert_eq!(
        reopened
            .apply(Action::TakeBack { player: 0 }, l)
            .unwrap_err()
            .kind(),
        "take_back_closed"
    );
    // The reveal is no turn: the same seat to move, the same turns.
    assert_eq!(reopened.game().to_move(), Some(1));
    assert_eq!(reopened.game().turns().len(), 1);

    // Forged: a rack shown by a seat not to move, or after the end, is refused on replay.
    let mut forged = t.game().events()[..2].to_vec();
    forged.push(Event::RackShown { player: 0 });
    assert_eq!(Match::replay(&forged).unwrap_err().kind(), "bad_events");

    // With take-backs off nothing is kept: there is nothing a reveal closes.
    let (m, l) = example_deal(humans(&["Ann", "Ben"]), MatchOptions::default());
    let mut off = Table::new(m);
    off.reveal().unwrap();
    let cat = tiles(off.game().board(), "5D CAT");
    off.apply(
        Action::Place {
            player: 0,
            tiles: cat,
        },
        l,
    )
    .unwrap();
    off.reveal().unwrap();
    assert_eq!(off.game().events().len(), 2);
}
