//! "Our words" and word lists of one's own in the history (schema version 7, issue 46): kept
//! in their tables, pinned by each match (an edit after the start changes neither its replay
//! nor its GCG record), the history naming the matches that used our words, and a list of
//! one's own opened from the history by its pin and never removed while a match uses it.
mod common;

use common::*;
use wordclub_engine::{Action, Deal, GcgMove, ListRef, Match, MatchOptions, PlayerSpec, RuleSet};
use wordclub_lexicon::{HouseWords, OurWord, WordList};
use wordclub_store::{Filter, Store};

fn ours(added: &[&str], blocked: &[&str]) -> HouseWords {
    let words = |ws: &[&str]| {
        ws.iter()
            .map(|w| OurWord {
                word: w.to_string(),
                note: Some(format!("our {w}")),
            })
            .collect()
    };
    HouseWords::new(words(added), words(blocked), 15).unwrap()
}

fn place(game: &mut Match, list: &WordList, player: usize, mv: &str) {
    let tiles = GcgMove::parse(mv)
        .unwrap()
        .placements(game.board())
        .unwrap();
    game.apply(Action::Place { player, tiles }, list).unwrap();
}

fn started(list: ListRef, house: Option<HouseWords>) -> Match {
    Match::with_options(
        RuleSet::builtin("wordclub-1.0").unwrap(),
        list,
        vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")],
        7,
        Deal {
            racks: Some(vec!["CATEIOL".into(), "SNNDBGL".into()]),
            draw_order: "ARTE".into(),
        },
        MatchOptions {
            our_words: house,
            ..MatchOptions::default()
        },
    )
    .unwrap()
}

#[test]
fn our_words_are_kept_and_a_match_keeps_the_ones_it_started_with() {
    let mut store = Store::open_in_memory().unwrap();
    assert_eq!(store.our_words().unwrap(), (vec![], vec![]));
    let pinned = ours(&["cloi"], &["cat"]);
    store.set_our_words(&pinned).unwrap();
    let (added, blocked) = store.our_words().unwrap();
    assert_eq!(
        HouseWords::new(added, blocked, 15).unwrap().sha256,
        pinned.sha256
    );

    let mut game = started(ListRef::of(wordclub()), Some(pinned.clone()));
    let list = game.word_list().unwrap();
    let id = store.create(&game).unwrap();
    place(&mut game, list, 0, "5D CLOI");
    store.record(id, &game).unwrap();
    let plain = store
        .create(&started(ListRef::of(wordclub()), None))
        .unwrap();
    let gcg = store.export_gcg(id).unwrap();
    assert!(
        gcg.contains("with our words") && gcg.contains(&pinned.sha256),
        "{gcg}"
    );

    // The family drops CLOI and unblocks CAT: the saved match is as it was played.
    store.set_our_words(&ours(&["zzq"], &[])).unwrap();
    let resumed = store.resume(id).unwrap();
    assert!(std::ptr::eq(resumed.list, list));
    assert!(resumed.list.contains(b"CLOI") && !resumed.list.contains(b"CAT"));
    assert_eq!(resumed.game.scores(), game.scores());
    assert_eq!(store.export_gcg(id).unwrap(), gcg);
    // The history says which matches used them.
    let page = store.list(&Filter::default(), 1).unwrap();
    let row = |m: i64| page.matches.iter().find(|s| s.id == m).unwrap();
    assert_eq!(row(id).our_words.as_deref(), Some(pinned.sha256.as_str()));
    assert_eq!(row(plain).our_words, None);
}

#[test]
fn a_list_of_ones_own_is_read_from_the_history_and_not_removed_while_used() {
    let mut store = Store::open_in_memory().unwrap();
    // Not registered in this process: the store opens it from its rows by the match's pin.
    let words: String = (0..400)
        .map(|i| {
            format!(
                "{}{}{}\n",
                (b'a' + (i % 26) as u8) as char,
                (b'a' + (i / 26 % 26) as u8) as char,
                "ot"
            )
        })
        .collect::<String>()
        + "cat\ncot\ncoat\ntaco\nclot\nclit\n";
    let own = WordList::own("Store Test List", words.as_bytes(), 15).unwrap();
    assert!(WordList::pinned(&own.info().id, &own.info().sha256).is_err());
    store.add_own_list(&own).unwrap();
    let again = WordList::own("Store Test List", b"cat\n", 15).unwrap();
    assert_eq!(
        store.add_own_list(&again).unwrap_err().kind(),
        "own_list_exists"
    );
    let mut game = started(ListRef::of(&own), None);
    let id = store.create(&game).unwrap();
    place(&mut game, &own, 0, "5D COAT");
    store.record(id, &game).unwrap();

    let resumed = store.resume(id).unwrap();
    assert_eq!(resumed.list.info().id, "own:Store Test List");
    assert_eq!(resumed.list.info().sha256, own.info().sha256);
    assert_eq!(resumed.game.scores(), game.scores());
    assert!(store
        .export_gcg(id)
        .unwrap()
        .contains("#lexicon own:Store Test List"));

    let rows = store.own_lists().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].used_by, vec![id]);
    let refused = store.remove_own_list(&own.info().id).unwrap_err();
    assert_eq!(refused.kind(), "own_list_in_use");
    assert!(
        refused.to_string().contains(&format!("match {id}")),
        "{refused}"
    );
    assert_eq!(
        store.own_lists().unwrap().len(),
        1,
        "a refusal changes nothing"
    );
    store.delete(id).unwrap();
    store.remove_own_list(&own.info().id).unwrap();
    assert!(store.own_lists().unwrap().is_empty());
    assert_eq!(
        store.remove_own_list(&own.info().id).unwrap_err().kind(),
        "own_list_not_found"
    );
}
