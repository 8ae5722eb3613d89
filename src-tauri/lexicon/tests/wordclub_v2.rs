//! What version 2 of the `wordclub` list must be (issue 10, SPEC §3): the ENABLE floor, both
//! spellings, exactly the 127 twos, none of the noise version 1 carries, 240,000–280,000 words.
use fst::Streamer;
use std::path::PathBuf;
use wordclub_lexicon::WordList;

fn wordlists() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../wordlists")
}

fn v2() -> &'static WordList {
    // Version 3 is the current list now; version 2 stays what it was for its matches.
    let list = WordList::builtin("wordclub@2").unwrap();
    assert_eq!(list.info().version, "2");
    list
}

/// Words a tile-game player expects to be refused: SCOWL noise and abbreviations that version
/// 1 holds (the and others found in the measurements), names, acronyms, symbols.
const REFUSED: &[&str] = &[
    "DKL", "AEQ", "CSC", "HHD", "SLE", "ERT", "ENIAC", "TEFLON", "NATO", "LONDON", "USA", "MHZ",
    "XIV", "DSO", "PST", "UFO", "ESC", "SSH", "PWN", "GIF", "FYS", "XED", "AWS",
];

/// Words it must accept: tile-game words version 1 lacked, both spellings with inflections.
const ACCEPTED: &[&str] = &[
    "ABS",
    "AVE",
    "RET",
    "ARETE",
    "AIOLI",
    "ETAGERE",
    "TUYERE",
    "CRUDITES",
    "COLOUR",
    "COLOR",
    "COLOURS",
    "COLOURED",
    "COLOURING",
    "HONOUR",
    "HONOURED",
    "REALISE",
    "REALISED",
    "REALIZE",
    "CENTRE",
    "CENTRES",
    "CENTER",
    "TRAVELLED",
    "TRAVELLING",
    "TRAVELED",
    "ALUMINIUM",
    "ALUMINUM",
    "ORGANISATION",
    "ORGANIZATION",
    "ANALYSE",
    "ANALYZE",
    "CATALOGUE",
    "DEFENCE",
    "DEFENSE",
    "LICENCE",
    "PROGRAMME",
    "GREY",
    "GRAY",
    "TYRE",
    "KERB",
    "MANOEUVRE",
    "MANEUVER",
    "PAEDIATRIC",
    "PYJAMAS",
    "SCEPTICAL",
    "PLOUGH",
    "CHEQUE",
    "FAVOURITE",
    "NEIGHBOUR",
    "THEATRE",
    "JEWELLERY",
    "FULFIL",
    "FULFILMENTS",
    "QI",
    "ZA",
    "OK",
    "EW",
    "HELPLINE",
];

#[test]
fn the_kept_refusals_are_refused_and_the_kept_words_accepted() {
    let list = v2();
    for w in REFUSED {
        assert_eq!(list.check(w), Ok(false), "{w} must be refused");
    }
    for w in ACCEPTED {
        assert_eq!(list.check(w), Ok(true), "{w} must be accepted");
    }
    // Version 1 keeps what it had: its noise too, and it lacks what it lacked.
    let v1 = WordList::builtin("wordclub@1").unwrap();
    for w in ["DKL", "AEQ", "CSC", "COLOUR"] {
        assert_eq!(v1.check(w), Ok(true), "{w} in version 1");
    }
    for w in ["ABS", "AVE", "ARETE", "AIOLI"] {
        assert_eq!(v1.check(w), Ok(false), "{w} not in version 1");
    }
}

#[test]
fn every_enable_word_of_2_to_15_letters_is_in_version_2() {
    let list = v2();
    let text = std::fs::read_to_string(wordlists().join("enable2k/enable2k-1.txt")).unwrap();
    let mut checked = 0;
    for w in text.lines().filter(|w| (2..=15).contains(&w.len())) {
        assert!(list.contains(w.to_ascii_uppercase().as_bytes()), "{w}");
        checked += 1;
    }
    assert_eq!(checked, 168_551);
}

#[test]
fn the_two_letter_words_are_exactly_the_127() {
    let text = std::fs::read_to_string(wordlists().join("two-letter-words-127.txt")).unwrap();
    let mut expected: Vec<String> = text.lines().map(|w| w.to_ascii_uppercase()).collect();
    expected.sort();
    assert_eq!(expected.len(), 127);
    let mut twos = Vec::new();
    let mut words = v2().fst().stream();
    while let Some(w) = words.next() {
        if w.len() == 2 {
            twos.push(String::from_utf8(w.to_vec()).unwrap());
        }
    }
    assert_eq!(twos, expected);
}

#[test]
fn every_word_is_a_to_z_of_2_to_15_letters_and_the_size_is_in_range() {
    let list = v2();
    let mut count = 0;
    let mut words = list.fst().stream();
    while let Some(w) = words.next() {
        assert!(
            (2..=15).contains(&w.len()),
            "{}",
            String::from_utf8_lossy(w)
        );
        assert!(w.iter().all(u8::is_ascii_uppercase));
        count += 1;
    }
    assert_eq!(count, list.info().word_count);
    assert!((240_000..=280_000).contains(&count), "{count} words");
}
