//! Take-backs in the history (stored as an event, replayed, written in the GCG record with
//! GCG's withdrawn-move line, counted as assistance), and abandoning or deleting an
//! unfinished match.
mod common;

use common::*;
use wordclub_engine::{Action, Deal, ListRef, Match, MatchOptions, PlayerSpec, RuleSet, Seat};
use wordclub_store::{Filter, Status, Store};

/// SPEC §2's 1.0 deal (Ann CATEELN, the second seat SBDGIOO, then A R T E), take-backs on.
fn with_take_backs(players: Vec<PlayerSpec>) -> Match {
    Match::with_options(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        ListRef::of(wordclub()),
        players,
        7,
        Deal {
            racks: Some(vec!["CATEELN".into(), "SBDGIOO".into()]),
            draw_order: "ARTE".into(),
        },
        MatchOptions {
            take_backs: true,
            ..MatchOptions::default()
        },
    )
    .unwrap()
}

fn take_back(game: &mut Match, player: Seat) {
    game.apply(Action::TakeBack { player }, wordclub()).unwrap();
}

#[test]
fn a_take_back_is_stored_resumed_and_counted_as_assistance() {
    let mut store = Store::open_in_memory().unwrap();
    let mut game = with_take_backs(vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")]);
    let id = store.create(&game).unwrap();
    act(&mut game, "5D CAT");
    store.record(id, &game).unwrap();
    take_back(&mut game, 0);
    assert_eq!(store.record(id, &game).unwrap(), 1, "one event");
    let resumed = store.resume(id).unwrap().game;
    assert_same_state(&resumed, &game);
    assert_eq!(resumed.sheet(), game.sheet());
    assert_eq!(resumed.take_backs(), &[1, 0]);
    // Play on from the resumed match: the same tiles as before the take-back come again.
    act(&mut game, "5E AT");
    store.record(id, &game).unwrap();
    assert_same_state(&store.resume(id).unwrap().game, &game);

    let s = store.summary(id).unwrap();
    assert_eq!(s.take_backs, 1);
    assert_eq!(s.hints_taken, 0);
    assert!(s.assisted, "a take-back is assistance, like a hint");
    assert_eq!(s.turn_count, 1, "the taken-back turn is not a turn");
    let filter = |assisted| Filter {
        assisted: Some(assisted),
        ..Filter::default()
    };
    assert_eq!(store.list(&filter(true), 1).unwrap().total, 1);
    assert_eq!(store.list(&filter(false), 1).unwrap().total, 0);
    // The detail's turns are the ones that stand.
    let d = store.detail(id).unwrap();
    assert_eq!(d.turns.len(), 1);
    assert_eq!(d.turns[0].turn.notation.as_deref(), Some("5E AT"));
}

#[test]
fn the_gcg_record_writes_withdrawn_moves_with_a_note_for_the_computers_reply() {
    let mut store = Store::open_in_memory().unwrap();
    let mut game = with_take_backs(vec![
        PlayerSpec::human("Ann"),
        PlayerSpec::computer("Bot", "easy"),
    ]);
    let id = store.create(&game).unwrap();
    act(&mut game, "5D CAT");
    act(&mut game, "5D ...S");
    take_back(&mut game, 0);
    act(&mut game, "pass");
    store.record(id, &game).unwrap();
    let gcg = store.export_gcg(id).unwrap();
    let moves: Vec<&str> = gcg.lines().skip_while(|l| !l.starts_with('>')).collect();
    assert_eq!(
        moves,
        [
            ">Ann: ACEELNT 5D CAT +3 3",
            ">Bot: BDGIOOS 5D ...S +4 4",
            // GCG's withdrawn-move line, newest first: rack, `--`, minus the score, total.
            ">Bot: BDGIOOS -- -4 0",
            "#note Bot's reply was withdrawn with Ann's take-back",
            ">Ann: ACEELNT -- -3 0",
            "#note Ann took this move back",
            // The move played instead, from the same rack.
            ">Ann: ACEELNT - +0 0",
        ]
    );
}

#[test]
fn an_abandoned_match_stays_marked_and_only_unfinished_matches_can_be_deleted() {
    let mut store = Store::open_in_memory().unwrap();
    let (open_id, _) = spec_cart(&mut store);
    let (finished, _) = six_passes(&mut store, ["Ann", "Ben"]);
    let (other, _) = spec_cart(&mut store);
    store.abandon(open_id).unwrap();
    assert_eq!(store.summary(open_id).unwrap().status, Status::Abandoned);
    assert!(!store.unfinished().unwrap().contains(&open_id));
    // A finished match is refused, and stays.
    assert_eq!(store.delete(finished).unwrap_err().kind(), "match_finished");
    assert_eq!(store.summary(finished).unwrap().status, Status::Finished);
    // An abandoned and an in-progress match can be deleted: every row of them goes.
    store.delete(open_id).unwrap();
    store.delete(other).unwrap();
    for id in [open_id, other] {
        assert_eq!(store.summary(id).unwrap_err().kind(), "match_not_found");
        assert_eq!(store.delete(id).unwrap_err().kind(), "match_not_found");
    }
    assert_eq!(store.list(&Filter::default(), 1).unwrap().total, 1);
    // Every player's record still counts the finished match only.
    let ann = store
        .stats()
        .unwrap()
        .into_iter()
        .find(|p| p.name == "Ann")
        .unwrap();
    assert_eq!((ann.matches, ann.finished), (1, 1));
}

#[test]
fn an_abandoned_match_is_out_of_the_win_and_score_statistics() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, _) = spec_cart(&mut store);
    store.abandon(id).unwrap();
    let ann = store
        .stats()
        .unwrap()
        .into_iter()
        .find(|p| p.name == "Ann")
        .unwrap();
    assert_eq!(ann.matches, 1, "it stays in the history");
    assert_eq!((ann.finished, ann.wins), (0, 0));
    assert_eq!((ann.average_score, ann.best_score), (None, None));
}
