//! "Our words" (issue 46): a match pins the family's additions and blocks in its start event,
//! plays with its list plus the additions less the blocks, names "our words" when one of
//! them refuses a word, and replays the same whatever the family's list became later.
mod common;

use common::*;
use wordclub_engine::*;
use wordclub_lexicon::{HouseWords, OurWord, WordList};

fn ours(added: &[&str], blocked: &[&str]) -> HouseWords {
    let words = |ws: &[&str]| {
        ws.iter()
            .map(|w| OurWord {
                word: w.to_string(),
                note: None,
            })
            .collect()
    };
    HouseWords::new(words(added), words(blocked), 15).unwrap()
}

/// Word Club 1.0, SPEC §2's deal (the first seat CATEIOL), with `house` pinned.
fn deal(house: Option<HouseWords>) -> (Match, &'static WordList) {
    let r = rules("wordclub-1.0");
    let base = list(&r.default_list);
    let m = Match::with_options(
        r,
        ListRef::of(base),
        humans(&["Ann", "Ben"]),
        3,
        Deal {
            racks: Some(vec!["CATEIOL".to_string(), "SNNDBGL".to_string()]),
            draw_order: "ARTE".to_string(),
        },
        MatchOptions {
            our_words: house,
            ..MatchOptions::default()
        },
    )
    .unwrap();
    let l = m.word_list().unwrap();
    (m, l)
}

#[test]
fn an_added_word_is_played_and_a_blocked_one_refused_naming_our_words() {
    let base = list("wordclub");
    assert!(!base.contains(b"CLOI") && base.contains(b"CAT"));
    let (mut m, l) = deal(Some(ours(&["cloi"], &["cat"])));
    let refused = place(&mut m, l, 0, "5D CAT").unwrap_err();
    assert_eq!(refused.kind(), "not_in_list");
    let said = refused.to_string();
    assert!(
        said.contains("CAT") && said.contains("our words") && said.contains(&l.info().name),
        "{said}"
    );
    assert_eq!(m.turns().len(), 0, "a refusal changes nothing");
    place(&mut m, l, 0, "5D CLOI").unwrap();
    assert_eq!(m.turns().len(), 1);
    // A word neither ours nor the list's is refused as before, without our words.
    let plain = deal(None);
    let e = place(&mut plain.0.clone(), plain.1, 0, "5D CLOI").unwrap_err();
    assert!(!e.to_string().contains("our words"), "{e}");
}

#[test]
fn the_match_pins_its_words_so_a_later_edit_changes_nothing() {
    let pinned = ours(&["cloi"], &["cat"]);
    let (mut m, l) = deal(Some(pinned.clone()));
    place(&mut m, l, 0, "5D CLOI").unwrap();
    let events = m.events().to_vec();
    match &events[0] {
        Event::Started { options, .. } => assert_eq!(options.our_words.as_ref(), Some(&pinned)),
        other => panic!("{other:?}"),
    }
    // The family then unblocks CAT and drops CLOI: the saved match replays as played.
    let edited = ours(&["zzzq"], &[]);
    let replayed = Match::replay(&events).unwrap();
    assert_eq!(replayed.our_words(), Some(&pinned));
    assert_eq!(replayed.scores(), m.scores());
    assert!(std::ptr::eq(replayed.word_list().unwrap(), l));
    // The edited words are another list: the match refuses to be played with them.
    let other = WordList::pinned_with(&l.info().id, &l.info().sha256, Some(&edited)).unwrap();
    let mut again = replayed.clone();
    let e = pass(&mut again, other, 1).unwrap_err();
    assert_eq!(e.kind(), "wrong_word_list");
    // And the plain list too.
    let e = pass(&mut again, list("wordclub"), 1).unwrap_err();
    assert_eq!(e.kind(), "wrong_word_list");
    pass(&mut again, l, 1).unwrap();
}

#[test]
fn a_match_without_our_words_records_its_start_as_before() {
    let (m, _) = deal(None);
    let json = serde_json::to_string(&m.events()[0]).unwrap();
    assert!(!json.contains("our_words"), "{json}");
    // A start event recorded by the previous build (no field) reads as no words of ours.
    let back: Event = serde_json::from_str(&json).unwrap();
    match back {
        Event::Started { options, .. } => assert_eq!(options.our_words, None),
        other => panic!("{other:?}"),
    }
}

#[test]
fn forged_words_in_a_start_event_are_refused_on_replay() {
    let (m, _) = deal(Some(ours(&["cloi"], &[])));
    let mut events = m.events().to_vec();
    if let Event::Started { options, .. } = &mut events[0] {
        options.our_words.as_mut().unwrap().added[0].word = "CLOIS".into();
    }
    let replayed = Match::replay(&events).unwrap();
    assert_eq!(replayed.word_list().unwrap_err().kind(), "our_words");
}
