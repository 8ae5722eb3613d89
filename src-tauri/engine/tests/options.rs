//! "Allow hints", the one match option: recorded in the start event, kept by replay, and
//! read as on for matches saved before the option existed.
mod common;

use common::*;
use wordclub_engine::*;

fn hint(m: &mut Match, l: &wordclub_lexicon::WordList) -> Result<(), EngineError> {
    m.apply(
        Action::HintTaken {
            player: 0,
            kind: HintKind::WordsFromRack,
            shown: words_shown(&[]),
        },
        l,
    )
    .map(|_| ())
}

#[test]
fn a_match_saved_before_options_existed_allows_hints() {
    let (mut m, l) = fixed_match("wordclub-1.1", &["CATSBDG", "ARTEEEE"], "");
    hint(&mut m, l).unwrap();
    let mut events = serde_json::to_value(m.events()).unwrap();
    // The start event as older versions wrote it: no `options` field.
    assert!(events[0]
        .as_object_mut()
        .unwrap()
        .remove("options")
        .is_some());
    let old: Vec<Event> = serde_json::from_value(events).unwrap();
    let replayed = Match::replay(&old).unwrap();
    assert!(replayed.options().hints);
    assert_eq!(replayed.hints_taken(), &[1, 0]);
}

#[test]
fn hints_off_refuses_a_hint_live_and_in_a_replay() {
    let rules = RuleSet::builtin("wordclub-1.1").unwrap();
    let l = list(&rules.default_list);
    let off = MatchOptions {
        hints: false,
        ..MatchOptions::default()
    };
    let mut m = Match::with_options(
        rules.clone(),
        ListRef::of(l),
        vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")],
        7,
        Deal::default(),
        off.clone(),
    )
    .unwrap();
    assert!(!m.hints_allowed());
    let before = m.events().len();
    assert_eq!(hint(&mut m, l).unwrap_err().kind(), "hints_off");
    assert_eq!(m.events().len(), before);
    let replayed = Match::replay(m.events()).unwrap();
    assert_eq!(replayed.options(), off);
    // A recorded hint in a match that had them off is an inconsistent history.
    let mut events = m.events().to_vec();
    events.push(Event::HintTaken {
        player: 0,
        kind: HintKind::WordsFromRack,
        shown: Some(words_shown(&[])),
    });
    assert_eq!(Match::replay(&events).unwrap_err().kind(), "bad_events");
}
