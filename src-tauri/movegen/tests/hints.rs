//! The hint's one answer ([`hint_answer`]): rack words and the suggested move, each following
//! the manners asked for (polite: no kept offensive word), in the shape the engine records.
use wordclub_engine::{Deal, HintKind, HintShown, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::{is_offensive, WordList};
use wordclub_movegen::{hint_answer, Manners, MovegenError};

fn dealt(rules_id: &str, rack: &str) -> (Match, &'static WordList) {
    let rules = RuleSet::builtin(rules_id).unwrap();
    let list = WordList::builtin(&rules.default_list).unwrap();
    let m = Match::with_deal(
        rules,
        ListRef::of(list),
        vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")],
        5,
        Deal {
            racks: Some(vec![rack.to_string(), "TTSNERL".to_string()]),
            draw_order: String::new(),
        },
    )
    .unwrap();
    (m, list)
}

fn words(shown: &HintShown) -> Vec<String> {
    shown.listed_words().map(str::to_string).collect()
}

/// The word a suggestion on an empty board forms: its notation's letters, upper case.
fn word_of(shown: &HintShown) -> String {
    let HintShown::Move { notation, .. } = shown else {
        panic!("no move: {shown:?}")
    };
    let (_, word) = notation.split_once(' ').unwrap();
    word.to_ascii_uppercase()
}

#[test]
fn rack_words_leave_out_the_offensive_ones_when_polite() {
    let (m, l) = dealt("wordclub-1.0", "TITSAEO");
    let polite = hint_answer(&m, l, 0, HintKind::WordsFromRack, Manners::Polite).unwrap();
    let any = hint_answer(&m, l, 0, HintKind::WordsFromRack, Manners::AnyWord).unwrap();
    let (polite, any) = (words(&polite), words(&any));
    assert!(polite.contains(&"SIT".to_string()), "{polite:?}");
    assert!(
        !polite.iter().any(|w| is_offensive(w.as_bytes())),
        "{polite:?}"
    );
    assert!(any.contains(&"TITS".to_string()), "{any:?}");
    // Only the offensive words differ, and the order is the engine's either way.
    let kept: Vec<&String> = any.iter().filter(|w| !is_offensive(w.as_bytes())).collect();
    assert_eq!(kept, polite.iter().collect::<Vec<_>>());
}

#[test]
fn the_suggested_move_is_polite_unless_any_word_is_asked() {
    let (m, l) = dealt("classic-15", "ASSHOLE");
    let any = hint_answer(&m, l, 0, HintKind::SuggestMove, Manners::AnyWord).unwrap();
    let polite = hint_answer(&m, l, 0, HintKind::SuggestMove, Manners::Polite).unwrap();
    assert!(is_offensive(word_of(&any).as_bytes()), "{any:?}");
    assert!(!is_offensive(word_of(&polite).as_bytes()), "{polite:?}");
    let score = |shown: &HintShown| match shown {
        HintShown::Move { score, tiles, .. } => {
            assert!(!tiles.is_empty(), "the tiles to stage: {shown:?}");
            *score
        }
        _ => panic!("{shown:?}"),
    };
    assert!(score(&polite) < score(&any), "{polite:?} {any:?}");
    // Checked and scored by the engine: the move previews at the score shown.
    let HintShown::Move { notation, .. } = &polite else {
        unreachable!()
    };
    let placed = wordclub_engine::GcgMove::parse(notation)
        .unwrap()
        .placements(m.board())
        .unwrap();
    assert_eq!(m.preview(0, &placed, l).unwrap().score, score(&polite));
}

#[test]
fn a_seat_not_in_the_match_is_a_typed_error() {
    let (m, l) = dealt("wordclub-1.0", "TITSAEO");
    let e = hint_answer(&m, l, 5, HintKind::WordsFromRack, Manners::Polite).unwrap_err();
    let MovegenError::Engine(e) = e else {
        panic!("{e:?}")
    };
    assert_eq!(e.kind(), "player_not_in_match");
}
