//! The table (SPEC §4's handoff): the cover after each turn while two or more people sit at
//! the table, none with one person (the rest computers) or solo, a resigned person still
//! counted, and who may act now.
mod common;

use common::*;
use wordclub_engine::*;

/// Word Club 1.0 with these players and SPEC §2's example deal for the first two seats
/// (Ann holds CATEIOL, the second seat SNNDBGL, then A R T E are drawn).
fn table(players: Vec<PlayerSpec>) -> (Table, &'static wordclub_lexicon::WordList) {
    let r = rules("wordclub-1.0");
    let l = list(&r.default_list);
    let mut racks = vec!["CATEIOL".to_string(), "SNNDBGL".to_string()];
    for _ in 2..players.len() {
        racks.push("AAERRST".to_string());
    }
    let m = Match::with_deal(
        r,
        ListRef::of(l),
        players,
        3,
        Deal {
            racks: Some(racks),
            draw_order: "ARTE".to_string(),
        },
    )
    .unwrap();
    (Table::new(m), l)
}

/// CAT across at 5D, through the star: Ann's first move.
fn cat(table: &Table) -> Action {
    Action::Place {
        player: 0,
        tiles: tiles(table.game().board(), "5D CAT"),
    }
}

fn pass(player: Seat) -> Action {
    Action::Pass { player }
}

#[test]
fn two_people_each_reveal_their_own_rack_and_the_cover_returns_after_each_turn() {
    let (mut t, l) = table(humans(&["Ann", "Ben"]));
    assert!(t.has_cover());
    assert!(!t.is_revealed(), "a new match starts behind the cover");
    let covered = t.view();
    assert!(covered.standing.covered);
    assert_eq!(covered.rack, None);
    assert_eq!(t.acting_person().unwrap_err().kind(), "rack_hidden");
    assert_eq!(t.apply(cat(&t), l).unwrap_err().kind(), "rack_hidden");
    assert!(
        t.game().events().len() == 1,
        "a refused action changes nothing"
    );

    assert_eq!(t.reveal().unwrap(), 0);
    let shown = t.view();
    assert!(!shown.standing.covered);
    assert_eq!(shown.rack.as_deref(), Some("CATEIOL"));
    assert_eq!(shown.viewer, Some(0));
    t.apply(cat(&t), l).unwrap();

    // Ben's turn: the cover is up again, and nothing of either rack is on screen.
    assert_eq!(t.game().to_move(), Some(1));
    assert!(!t.is_revealed());
    let handoff = t.view();
    assert!(handoff.standing.covered);
    assert_eq!(handoff.rack, None);
    assert_eq!(handoff.viewer, None);
    assert_eq!(t.apply(pass(1), l).unwrap_err().kind(), "rack_hidden");
    t.reveal().unwrap();
    assert_eq!(t.view().rack.as_deref(), Some("SNNDBGL"));

    // Covering again (the match reopened on screen) takes the reveal back.
    t.cover();
    assert!(!t.is_revealed());
    assert_eq!(t.acting_person().unwrap_err().kind(), "rack_hidden");
}

#[test]
fn one_person_against_computers_or_solo_has_no_cover() {
    let (mut t, l) = table(vec![
        PlayerSpec::human("Ann"),
        PlayerSpec::computer("Hal", "easy"),
    ]);
    assert_eq!(t.people(), 1);
    assert!(!t.has_cover());
    assert!(t.is_revealed(), "nobody to hide Ann's rack from");
    assert_eq!(t.view().rack.as_deref(), Some("CATEIOL"));
    t.apply(cat(&t), l).unwrap();
    // Hal to move: nobody's rack is shown, and a person cannot act for him.
    assert!(!t.is_revealed());
    assert_eq!(t.view().rack, None);
    assert_eq!(t.acting_person().unwrap_err().kind(), "computer_to_move");
    assert_eq!(t.computer_to_move().unwrap(), (1, "easy"));
    t.apply(pass(1), l).unwrap();
    assert!(t.is_revealed(), "back to Ann with no reveal asked for");

    let r = rules("solo-10");
    let sl = list(&r.default_list);
    let solo = Match::new(r, ListRef::of(sl), humans(&["Sol"]), 5).unwrap();
    let solo = Table::new(solo);
    assert!(!solo.has_cover());
    assert!(solo.is_revealed());
    assert!(solo.view().rack.is_some());
}

#[test]
fn a_resigned_person_still_sits_at_the_table() {
    let (mut t, l) = table(vec![
        PlayerSpec::human("Ann"),
        PlayerSpec::human("Ben"),
        PlayerSpec::computer("Hal", "easy"),
    ]);
    t.reveal().unwrap();
    t.apply(cat(&t), l).unwrap();
    t.reveal().unwrap();
    t.apply(Action::Resign { player: 1 }, l).unwrap();
    assert!(t.game().resigned()[1]);
    assert_eq!(t.people(), 2, "Ben resigned but still looks at the screen");
    // Hal moves; back to Ann, whose rack is covered again, Ben watching.
    t.apply(pass(2), l).unwrap();
    assert_eq!(t.game().to_move(), Some(0));
    assert!(!t.is_revealed());
    assert_eq!(t.view().rack, None);
    t.reveal().unwrap();
    assert!(t.is_revealed());
}

#[test]
fn a_computer_seat_has_no_rack_to_reveal_and_no_person_acts_for_it() {
    let (mut t, l) = table(vec![
        PlayerSpec::computer("Hal", "easy"),
        PlayerSpec::human("Ann"),
        PlayerSpec::human("Ben"),
    ]);
    let e = t.reveal().unwrap_err();
    assert_eq!(e.kind(), "computer_to_move");
    assert_eq!(
        e.to_string(),
        "Hal is a computer player and moves by itself"
    );
    assert!(!t.is_revealed());
    assert_eq!(t.view().rack, None);
    // A person's action on the computer's turn is refused as such.
    assert_eq!(t.apply(pass(1), l).unwrap_err().kind(), "computer_to_move");
    // The computer's own action is the one that may be applied now.
    t.apply(pass(0), l).unwrap();
    let e = t.computer_to_move().unwrap_err();
    assert_eq!(e.kind(), "human_to_move");
    assert_eq!(e.to_string(), "it is Ann's turn, not a computer's");
}

#[test]
fn only_the_person_to_move_acts_even_with_another_rack_shown() {
    let (mut t, l) = table(humans(&["Ann", "Ben"]));
    t.reveal().unwrap();
    // Ann's rack is shown; Ben (not to move) may not resign or pass from her screen.
    let e = t.apply(Action::Resign { player: 1 }, l).unwrap_err();
    assert_eq!(e.kind(), "not_your_turn");
    assert!(!t.game().resigned()[1]);
    t.apply(Action::Resign { player: 0 }, l).unwrap();
    assert!(t.game().is_over());
    assert_eq!(t.reveal().unwrap_err().kind(), "match_over");
    assert!(!t.view().standing.covered && t.view().rack.is_none());
}
