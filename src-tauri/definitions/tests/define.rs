//! The "Done when" words and the rules around them. Tests assert structure only (part
//! of speech, lemma, form, sense counts, source, labels), never a gloss's text, so no
//! dictionary sentence is in the repository.
use wordclub_definitions::{define, Form, Label, Pos, Source, Status, MAX_SENSES};
use wordclub_lexicon::WordList;

fn list() -> &'static WordList {
    WordList::builtin("wordclub").expect("wordclub")
}

fn shown(d: &wordclub_definitions::Definition) -> usize {
    d.meanings.iter().map(|m| m.senses.len()).sum()
}

#[test]
fn the_current_list_is_list_4() {
    assert_eq!(list().info().version, "4");
}

#[test]
fn qi_and_cat_are_defined_directly() {
    for word in ["qi", "CAT"] {
        let d = define(word, list(), true).unwrap();
        assert_eq!(d.status, Status::Defined, "{word}");
        assert!(d.in_list);
        let m = &d.meanings[0];
        assert_eq!(m.lemma, word.to_ascii_uppercase());
        assert_eq!(m.form, None);
        assert_eq!(m.pos, Pos::Noun);
        assert_eq!(m.source, Source::WordNet);
        assert!(m
            .senses
            .iter()
            .all(|s| s.gloss.as_deref().is_some_and(|g| !g.is_empty())));
        assert!(shown(&d) >= 1 && shown(&d) <= MAX_SENSES);
    }
    // CAT has more senses in WordNet than are shown, and the count says so.
    let cat = define("cat", list(), true).unwrap();
    assert!(cat.meanings[0].sense_count as usize > cat.meanings[0].senses.len());
}

#[test]
fn inflections_answer_with_their_lemma() {
    for (word, lemma, pos, form) in [
        ("QIS", "QI", Pos::Noun, Form::Plural),
        ("ran", "RUN", Pos::Verb, Form::PastTense),
        ("MICE", "MOUSE", Pos::Noun, Form::Plural),
        ("happier", "HAPPY", Pos::Adjective, Form::Comparative),
        ("RUNNING", "RUN", Pos::Verb, Form::PresentParticiple),
        ("BIGGEST", "BIG", Pos::Adjective, Form::Superlative),
    ] {
        let d = define(word, list(), true).unwrap();
        assert_eq!(d.status, Status::Defined, "{word}");
        let m = d
            .meanings
            .iter()
            .find(|m| m.lemma == lemma)
            .unwrap_or_else(|| panic!("{word}: no meaning of {lemma}: {d:?}"));
        assert_eq!((m.pos, m.form), (pos, Some(form)), "{word}");
        assert!(!m.senses.is_empty());
    }
}

#[test]
fn a_lemma_is_proposed_only_when_the_list_holds_it() {
    // A list holding QIS but not QI: QIS is in it, yet nothing may define it through QI.
    let small = WordList::from_words("test", "Test list", ["QIS", "CATS", "CAT"]).unwrap();
    let d = define("QIS", &small, true).unwrap();
    assert!(d.in_list);
    assert_eq!(d.status, Status::NoDefinition);
    assert!(d.meanings.is_empty());
    let cats = define("CATS", &small, true).unwrap();
    assert!(cats.meanings.iter().all(|m| m.lemma == "CAT"));
    assert!(cats.meanings.iter().all(|m| m.form.is_some()));
}

#[test]
fn kistvaen_and_zzzz() {
    let k = define("KISTVAEN", list(), true).unwrap();
    assert!(k.in_list, "KISTVAEN is in list 4");
    match k.status {
        Status::NoDefinition => {
            assert!(k.meanings.is_empty());
            assert!(k.note.starts_with("In the list — no definition shipped"));
            // Why it is valid: the list's name, id and version.
            assert!(k.note.contains(&k.list_name) && k.note.contains("version 4"));
        }
        Status::Defined => assert!(!k.meanings.is_empty()),
        Status::NotInList => unreachable!(),
    }
    let z = define("zzzz", list(), true).unwrap();
    assert!(!z.in_list);
    assert_eq!(z.status, Status::NotInList);
    assert!(z.meanings.is_empty());
    assert!(z.note.contains("not in the word list"));
}

#[test]
fn bad_input_is_the_lexicon_s_typed_error() {
    assert_eq!(define("", list(), true).unwrap_err().kind(), "empty_word");
    assert_eq!(
        define("e-mail", list(), true).unwrap_err().kind(),
        "not_a_to_z"
    );
    assert_eq!(
        define("café", list(), true).unwrap_err().kind(),
        "not_a_to_z"
    );
}

#[test]
fn every_two_letter_word_has_a_meaning() {
    let twos: Vec<String> = include_str!("../../../wordlists/two-letter-words-127.txt")
        .lines()
        .map(|w| w.trim().to_ascii_uppercase())
        .filter(|w| !w.is_empty())
        .collect();
    assert_eq!(twos.len(), 127);
    let mut own = 0;
    let mut undefined = Vec::new();
    for w in &twos {
        let d = define(w, list(), true).unwrap();
        if d.status != Status::Defined {
            undefined.push(w.as_str());
        }
        assert!(d.meanings.iter().all(|m| !m.senses.is_empty()), "{w}");
        own += d.meanings.iter().any(|m| m.source == Source::Twos) as usize;
    }
    assert_eq!(undefined, Vec::<&str>::new(), "twos without a meaning");
    // The project glosses exactly the twos WordNet leaves without an ordinary sense of their
    // own, and no other word.
    let glossed: Vec<&str> = wordclub_definitions::glossed_twos().collect();
    assert_eq!(own, glossed.len());
    assert!(glossed.iter().all(|w| twos.iter().any(|t| t == w)));
    for w in &glossed {
        let d = define(w, list(), true).unwrap();
        assert_eq!(
            d.meanings[0].source,
            Source::Twos,
            "{w}: the own gloss comes first"
        );
    }
}

#[test]
fn capitalised_and_abbreviation_senses_are_dropped() {
    // HO's only WordNet sense is holmium's symbol "Ho"; US, IT and MM (millimetre) likewise
    // have only capitalised or abbreviated senses, so the project's gloss answers.
    for w in ["HO", "US", "IT", "MM"] {
        let d = define(w, list(), true).unwrap();
        assert!(
            d.meanings
                .iter()
                .filter(|m| m.form.is_none())
                .all(|m| m.source == Source::Twos),
            "{w}: {d:?}"
        );
    }
}

#[test]
fn polite_manners_label_instead_of_glossing() {
    // A word on the kept list of offensive words: every sense labelled, no gloss.
    let polite = define("FUCK", list(), true).unwrap();
    assert_eq!(polite.status, Status::Defined);
    assert_eq!(
        polite.manners_version,
        Some(wordclub_lexicon::MANNERS_VERSION)
    );
    for s in polite.meanings.iter().flat_map(|m| &m.senses) {
        assert!(s.gloss.is_none());
        assert!(s.label.is_some());
    }
    let any = define("FUCK", list(), false).unwrap();
    assert_eq!(any.manners_version, None);
    assert!(any
        .meanings
        .iter()
        .flat_map(|m| &m.senses)
        .all(|s| s.gloss.is_some()));
    // A WordNet usage label on a word not on the kept list: the label stays either way, the
    // gloss only without manners.
    let d = define("HONKY", list(), true).unwrap();
    if d.status == Status::Defined {
        let labelled: Vec<_> = d
            .meanings
            .iter()
            .flat_map(|m| &m.senses)
            .filter(|s| matches!(s.label, Some(Label::Disparaging | Label::EthnicSlur)))
            .collect();
        assert!(!labelled.is_empty(), "{d:?}");
        assert!(labelled.iter().all(|s| s.gloss.is_none()));
    }
}

#[test]
fn open_and_data_figures() {
    assert!(wordclub_definitions::open() > 50_000);
    let f = wordclub_definitions::data_figures();
    assert!(
        f.bytes < 5_000_000,
        "the compiled data is {} bytes",
        f.bytes
    );
}

#[test]
fn the_licence_notice_is_wordnet_s() {
    assert!(wordclub_definitions::WORDNET_LICENCE
        .contains("WordNet 3.0 Copyright 2006 by Princeton University"));
}

#[test]
fn the_project_glosses_common_words_only_where_wordnet_has_no_sense() {
    let common: Vec<&str> = wordclub_definitions::glossed_common().collect();
    assert!(common.len() > 100);
    for w in ["AND", "THE", "WITH", "BECAUSE", "YOU"] {
        assert!(common.contains(&w), "{w}");
    }
    for w in &common {
        let d = define(w, list(), true).unwrap();
        assert!(d.in_list, "{w} is in list 4");
        assert_eq!(d.status, Status::Defined, "{w}");
        assert_eq!(
            d.meanings[0].source,
            Source::Common,
            "{w}: no WordNet sense of its own"
        );
        assert_eq!(d.meanings[0].lemma, *w);
    }
}
