//! GCG export, checked line by line against hand-written records.
mod common;

use common::*;
use wordclub_store::Store;

fn header(store: &Store, id: i64, players: &[&str], label: &str, extra: &str) -> String {
    let s = store.summary(id).unwrap();
    let mut h = String::from("#character-encoding UTF-8\n");
    for (i, p) in players.iter().enumerate() {
        h += &format!("#player{} {p} {p}\n", i + 1);
    }
    h += &format!("#title Word Club match {id} ({label})\n");
    h += &format!(
        "#description Word Club match {id}, rule set {} (SHA-256 {}), word list wordclub \
         (SHA-256 {}), started {}{extra}\n",
        s.rules_id, s.rules_sha256, s.list_sha256, s.created_at_utc
    );
    h += &format!("#id wordclub {id}\n#lexicon wordclub\n");
    h
}

#[test]
fn spec_example_in_progress_with_a_hint_note() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, _) = spec_cart(&mut store);
    let expected = header(&store, id, &["Ann", "Ben"], "Word Club 1.0", "")
        + "#incomplete\n"
        + ">Ann: ACEELNT 5D CAT +3 3\n"
        + ">Ben: BDGIOOS 5D ...S +4 4\n"
        + "#note Ben took a hint (words_from_rack): BIDS DOGS\n"
        // Ann drew A R T after CAT.
        + ">Ann: AEELNRT D5 .ART +4 7\n";
    assert_eq!(store.export_gcg(id).unwrap(), expected);
}

#[test]
fn going_out_gains_the_other_racks_and_the_other_loses_theirs() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, _) = goes_out(&mut store);
    let expected = header(&store, id, &["Ann", "Ben"], "Tiny test rules", "")
        + ">Ann: ACT 5D CAT +3 3\n"
        + ">Ann: (DGO) +3 6\n"
        + ">Ben: DGO (DGO) -3 -3\n";
    assert_eq!(store.export_gcg(id).unwrap(), expected);
}

/// Seats that start with points: a note names them before the first move and every total
/// counts them, so the last totals are the match's final scores.
#[test]
fn start_points_are_a_note_and_part_of_every_total() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, game) = goes_out_from(&mut store, &[0, 5]);
    assert_eq!(game.result().unwrap().final_scores, vec![6, 2]);
    let expected = header(&store, id, &["Ann", "Ben"], "Tiny test rules", "")
        + "#note Start points (counted in the totals): Ann 0, Ben 5\n"
        + ">Ann: ACT 5D CAT +3 3\n"
        + ">Ann: (DGO) +3 6\n"
        + ">Ben: DGO (DGO) -3 2\n";
    assert_eq!(store.export_gcg(id).unwrap(), expected);
    // Every seat at 0: no note, as before.
    let (plain, _) = goes_out_from(&mut store, &[0, 0]);
    assert!(!store.export_gcg(plain).unwrap().contains("Start points"));
}

#[test]
fn six_passes_then_each_rack_is_deducted() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, _) = six_passes(&mut store, ["Ann", "Ben"]);
    let mut expected = header(&store, id, &["Ann", "Ben"], "Word Club 1.0", "");
    for _ in 0..3 {
        expected += ">Ann: ACEELNT - +0 0\n>Ben: BDGIOOS - +0 0\n";
    }
    expected += ">Ann: ACEELNT (ACEELNT) -7 -7\n>Ben: BDGIOOS (BDGIOOS) -7 -7\n";
    assert_eq!(store.export_gcg(id).unwrap(), expected);
}

#[test]
fn three_players_are_marked_as_an_extension() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, _) = three_with_resigns(&mut store);
    let gcg = store.export_gcg(id).unwrap();
    let expected_head = header(
        &store,
        id,
        &["Ann", "Ben", "Cid"],
        "Word Club 1.0",
        ". Extension: this match has 3 players; #player3 extends GCG, which defines two",
    );
    assert!(gcg.starts_with(&expected_head), "{gcg}");
    let events: Vec<&str> = gcg.lines().skip(expected_head.lines().count()).collect();
    assert_eq!(events.len(), 6, "{gcg}");
    assert_eq!(events[0], ">Ann: ACEELNT 5D CAT +3 3");
    assert_eq!(events[1], ">Ben: BDGIOOS - +0 0");
    assert_eq!(events[2], "#note Cid resigned");
    assert_eq!(events[3], "#note Cid took a hint (words_from_rack): TAR");
    assert!(
        events[4].starts_with(">Ann: ") && events[4].ends_with(" - +0 3"),
        "{}",
        events[4]
    );
    assert_eq!(events[5], "#note Ben resigned");
}

#[test]
fn names_with_spaces_become_single_token_nicknames() {
    let mut store = Store::open_in_memory().unwrap();
    let (id, _) = six_passes(&mut store, ["Ann Marie", "Ben"]);
    let gcg = store.export_gcg(id).unwrap();
    assert!(gcg.contains("#player1 Ann_Marie Ann Marie\n"), "{gcg}");
    assert!(gcg.contains(">Ann_Marie: ACEELNT - +0 0\n"), "{gcg}");
}
