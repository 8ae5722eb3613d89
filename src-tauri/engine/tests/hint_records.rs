//! Hints as the engine owns them: which kind a match gives, a repeat in the same turn being
//! one hint, and what a hint showed as one typed record, written in one shape and read in
//! every shape an earlier build stored.
mod common;

use common::*;
use serde_json::json;
use wordclub_engine::*;

fn read(stored: serde_json::Value) -> HintShown {
    serde_json::from_value(stored.clone()).unwrap_or_else(|e| panic!("{stored}: {e}"))
}

fn words_of(shown: &HintShown) -> Vec<&str> {
    shown.listed_words().collect()
}

#[test]
fn the_one_shape_written_reads_back_the_same() {
    let rules = rules("classic-15");
    let words = HintShown::words(
        &rules,
        vec![
            ("AT".into(), vec![]),
            ("CAT".into(), vec![]),
            ("ACT".into(), vec![0]),
            ("CAT".into(), vec![]),
        ],
    );
    // Longest first, then by score (CAT 5; ACT 4, its blank A scores 0), then A–Z; duplicates
    // dropped.
    assert_eq!(words_of(&words), ["CAT", "ACT", "AT"]);
    let json = serde_json::to_value(&words).unwrap();
    assert_eq!(json["kind"], "words");
    assert_eq!(
        json["words"],
        json!(["CAT", "ACT", "AT"]),
        "flat, as the UI reads"
    );
    assert_eq!(json["groups"][0]["length"], 3);
    assert_eq!(
        json["groups"][0]["words"][0],
        json!({"word": "CAT", "score": 5})
    );
    assert_eq!(
        json["groups"][0]["words"][1],
        json!({"word": "ACT", "score": 4})
    );
    assert_eq!(read(json), words);

    let (m, l) = fixed_match("classic-15", &["CA?SEEE", "AAAAAAA"], "");
    let scored = m.preview(0, &tiles(m.board(), "8G CAt"), l).unwrap();
    let shown = HintShown::suggestion(Some(&scored));
    let json = serde_json::to_value(&shown).unwrap();
    assert_eq!(
        json,
        json!({"kind": "move", "notation": "8G CAt", "score": scored.score, "tiles": [
            {"row": 7, "col": 6, "letter": "C", "blank": false},
            {"row": 7, "col": 7, "letter": "A", "blank": false},
            {"row": 7, "col": 8, "letter": "T", "blank": true}]})
    );
    assert_eq!(read(json), shown);
    let none = HintShown::suggestion(None);
    assert_eq!(
        serde_json::to_value(&none).unwrap(),
        json!({"kind": "no_move"})
    );
    assert_eq!(read(json!({"kind": "no_move"})), none);
}

#[test]
fn every_shape_an_earlier_build_stored_reads_as_the_typed_record() {
    // The command layer before the groups: the words alone.
    let old_app = read(json!({"kind": "words", "words": ["DOGS", "CAT", "AT"]}));
    assert_eq!(words_of(&old_app), ["DOGS", "CAT", "AT"]);
    let HintShown::Words { groups } = &old_app else {
        panic!("{old_app:?}")
    };
    assert_eq!(groups.len(), 3, "one group per length, in the order stored");
    assert_eq!(groups[1].words[0].score, None, "no score was recorded");
    // wordclub-cli play: the lexicon's rack words; test scripts: plain strings.
    let cli = read(json!([{"word": "DOGS", "blanks": []},
                          {"word": "GOD", "blanks": [{"position": 0, "letter": "G"}]}]));
    assert_eq!(words_of(&cli), ["DOGS", "GOD"]);
    assert_eq!(words_of(&read(json!(["BIDS", "DOGS"]))), ["BIDS", "DOGS"]);
    assert_eq!(read(json!([])), HintShown::Words { groups: vec![] });
    // wordclub-cli play's suggestions.
    assert_eq!(
        read(json!({"move": "8G LATENCE", "score": 74})),
        HintShown::Move {
            notation: "8G LATENCE".into(),
            score: 74,
            tiles: vec![]
        }
    );
    assert_eq!(read(json!({"move": null})), HintShown::NoMove);
}

#[test]
fn a_shape_no_build_wrote_is_kept_as_its_text() {
    for stored in [
        json!({"move": "8G CAT"}),
        json!({"kind": "riddle", "answer": 42}),
        json!({"kind": "words", "groups": "many"}),
        json!({}),
        json!([1, 2.5, true, "x\"y"]),
        json!("CAT"),
    ] {
        let shown = read(stored.clone());
        let HintShown::Unrecognised { raw } = &shown else {
            panic!("{stored} read as {shown:?}")
        };
        let back: serde_json::Value = serde_json::from_str(raw).unwrap();
        assert_eq!(back, stored, "the text is the JSON stored");
        // Written again, it reads back as itself.
        let again = serde_json::to_value(&shown).unwrap();
        assert_eq!(read(again), shown);
    }
}

#[test]
fn a_history_with_old_hint_records_replays() {
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    take_hint(
        &mut m,
        l,
        0,
        HintKind::WordsFromRack,
        words_shown(&["CATS"]),
    )
    .unwrap();
    place(&mut m, l, 0, "5D CAT").unwrap();
    let mut events = serde_json::to_value(m.events()).unwrap();
    for (i, old) in [
        json!(null),
        json!([{"word": "CATS", "blanks": []}]),
        json!({"kind": "words", "words": ["CATS"]}),
        json!({"something": "else"}),
    ]
    .into_iter()
    .enumerate()
    {
        events[1]["shown"] = old.clone();
        let events: Vec<Event> = serde_json::from_value(events.clone()).unwrap();
        let replayed = Match::replay(&events).unwrap();
        assert_eq!(replayed.turns()[0].hints.len(), 1, "{old}");
        assert_eq!(replayed.scores(), m.scores(), "{old}");
        let shown = &replayed.turns()[0].hints[0].shown;
        match i {
            0 => assert_eq!(shown, &None, "null: nothing was kept"),
            1 | 2 => assert_eq!(words_of(shown.as_ref().unwrap()), ["CATS"]),
            _ => assert!(matches!(shown, Some(HintShown::Unrecognised { .. }))),
        }
    }
}

#[test]
fn a_match_gives_its_rule_sets_hint_and_a_repeat_is_the_same_hint() {
    let (mut m, l) = fixed_match("classic-15", &["CATSEEE", "AAAAAAA"], "");
    assert_eq!(m.hint_kind(), Some(HintKind::SuggestMove));
    assert_eq!(m.hint_to_give(0).unwrap(), HintKind::SuggestMove);
    assert_eq!(m.hint_to_give(1).unwrap_err().kind(), "not_your_turn");
    assert_eq!(m.hint_shown_this_turn(0), None);
    let view = m.view(Some(0), true);
    assert!(view.standing.can.hint);
    assert_eq!(view.standing.hint_kind, Some(HintKind::SuggestMove));
    let covered = m.view(None, false);
    assert!(
        !covered.standing.can.hint,
        "only the player to move, rack shown"
    );
    assert_eq!(covered.standing.hint_kind, Some(HintKind::SuggestMove));

    let shown = HintShown::NoMove;
    take_hint(&mut m, l, 0, HintKind::SuggestMove, shown.clone()).unwrap();
    assert_eq!(m.hint_shown_this_turn(0), Some(&shown));
    pass(&mut m, l, 0).unwrap();
    assert_eq!(m.hint_shown_this_turn(0), None, "a new turn, a new hint");

    let (wc, _) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    assert_eq!(wc.hint_kind(), Some(HintKind::WordsFromRack));
    let (solo, _) = fixed_match("solo-10", &["CATSEER"], "");
    assert_eq!(solo.hint_kind(), None);
    assert_eq!(solo.hint_to_give(0).unwrap_err().kind(), "hint_not_allowed");
    assert!(!solo.view(Some(0), true).standing.can.hint);
}

#[test]
fn hints_off_gives_no_hint() {
    let rules = rules("classic-15");
    let l = list(&rules.default_list);
    let m = Match::with_options(
        rules,
        ListRef::of(l),
        humans(&["Ann", "Ben"]),
        7,
        Deal::default(),
        MatchOptions {
            hints: false,
            ..MatchOptions::default()
        },
    )
    .unwrap();
    assert_eq!(m.hint_kind(), None);
    assert_eq!(m.hint_to_give(0).unwrap_err().kind(), "hints_off");
    let view = m.view(Some(0), true);
    assert!(!view.standing.can.hint);
    assert_eq!(view.standing.hint_kind, None);
}

/// Ann and Ben at one device under `r`, Ann's rack shown (the table lets her act).
fn revealed_table(r: RuleSet) -> (Table, &'static wordclub_lexicon::WordList) {
    let l = list(&r.default_list);
    let m = Match::with_deal(
        r,
        ListRef::of(l),
        humans(&["Ann", "Ben"]),
        7,
        Deal {
            racks: Some(vec!["CATSEER".into(), "OGTEENR".into()]),
            draw_order: String::new(),
        },
    )
    .unwrap();
    let mut table = Table::new(m);
    table.reveal().unwrap();
    (table, l)
}

fn hint_action(kind: HintKind, shown: HintShown) -> Action {
    Action::HintTaken {
        player: 0,
        kind,
        shown,
    }
}

#[test]
fn the_table_refuses_a_hint_the_rule_set_does_not_give() {
    // A rule set that lists two kinds gives the first only (`RuleSet::hint_kind`), so the
    // second is refused where the action is applied, not by each caller.
    let mut two = rules("wordclub-1.0");
    two.hints = vec![HintKind::WordsFromRack, HintKind::SuggestMove];
    for (r, refused) in [
        (two, HintKind::SuggestMove),
        (rules("classic-15"), HintKind::WordsFromRack),
        (rules("wordclub-1.0"), HintKind::SuggestMove),
    ] {
        let id = r.id.clone();
        let (mut table, l) = revealed_table(r);
        let before = table.game().events().to_vec();
        let e = table
            .apply(hint_action(refused, HintShown::NoMove), l)
            .unwrap_err();
        assert_eq!(e.kind(), "hint_not_allowed", "{id}: {e}");
        assert_eq!(table.game().events(), &before[..], "{id}: no event");
        assert_eq!(table.game().hints_taken(), &[0, 0], "{id}");
        // The kind it gives is taken.
        let given = table.game().hint_kind().unwrap();
        assert_ne!(given, refused);
        let added = table.apply(hint_action(given, words_shown(&["CATS"])), l);
        assert_eq!(added.unwrap().len(), 1, "{id}");
    }
}

#[test]
fn a_hint_asked_again_in_the_same_turn_adds_no_event() {
    let (mut table, l) = revealed_table(rules("wordclub-1.0"));
    let first = words_shown(&["CATS"]);
    let added = table
        .apply(hint_action(HintKind::WordsFromRack, first.clone()), l)
        .unwrap()
        .to_vec();
    assert!(matches!(added[..], [Event::HintTaken { .. }]), "{added:?}");
    let events = table.game().events().to_vec();
    // Asked again, even with another answer: accepted, nothing recorded, the first stands.
    let again = table
        .apply(
            hint_action(HintKind::WordsFromRack, words_shown(&["SEC"])),
            l,
        )
        .unwrap();
    assert!(again.is_empty(), "{again:?}");
    assert_eq!(table.game().events(), &events[..]);
    assert_eq!(table.game().hints_taken(), &[1, 0]);
    assert_eq!(table.game().hint_shown_this_turn(0), Some(&first));
    // The turn played carries the one hint; the next turn's hint is a new one.
    table
        .apply(
            Action::Place {
                player: 0,
                tiles: tiles(table.game().board(), "5D CAT"),
            },
            l,
        )
        .unwrap();
    assert_eq!(table.game().turns()[0].hints.len(), 1);
    table.reveal().unwrap();
    let ben = Action::HintTaken {
        player: 1,
        kind: HintKind::WordsFromRack,
        shown: words_shown(&["GOT"]),
    };
    assert_eq!(table.apply(ben, l).unwrap().len(), 1);
    assert_eq!(table.game().hints_taken(), &[1, 1]);
}

#[test]
fn a_stored_history_with_a_repeated_hint_replays_as_recorded() {
    // Builds before the rule recorded every ask: two `HintTaken` events in one turn. Replay
    // folds what was stored, so the counts and the turn's hints stay as they were.
    let (mut m, l) = fixed_match("wordclub-1.0", &["CATSEER", "OGTEENR"], "");
    take_hint(
        &mut m,
        l,
        0,
        HintKind::WordsFromRack,
        words_shown(&["CATS"]),
    )
    .unwrap();
    let mut events = m.events().to_vec();
    events.push(Event::HintTaken {
        player: 0,
        kind: HintKind::WordsFromRack,
        shown: Some(words_shown(&["CATS"])),
    });
    let mut old = Match::replay(&events).unwrap();
    assert_eq!(old.hints_taken(), &[2, 0]);
    place(&mut old, l, 0, "5D CAT").unwrap();
    let stored = old.events().to_vec();
    let replayed = Match::replay(&stored).unwrap();
    assert_eq!(replayed.hints_taken(), &[2, 0]);
    assert_eq!(replayed.turns()[0].hints.len(), 2);
    assert_eq!(replayed.result(), old.result());
    assert_eq!(
        replayed
            .events()
            .iter()
            .filter(|e| matches!(e, Event::HintTaken { .. }))
            .count(),
        2
    );
    assert_eq!(replayed.view(None, false).players[0].hints, 2);
}
