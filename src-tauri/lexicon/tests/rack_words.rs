//! Rack words against a brute-force scan of the whole list.
use fst::Streamer;
use wordclub_lexicon::{RackWord, WordList};

/// Letters the word needs beyond the rack's real tiles, or `None` if it needs more blanks than
/// the rack has or more tiles than the rack holds.
fn blanks_needed(word: &[u8], rack: &str) -> Option<Vec<u8>> {
    if word.len() > rack.len() {
        return None;
    }
    let mut have = [0i32; 26];
    let mut blanks = 0;
    for c in rack.bytes() {
        if c == b'?' {
            blanks += 1;
        } else {
            have[(c.to_ascii_uppercase() - b'A') as usize] += 1;
        }
    }
    let mut extra = Vec::new();
    for &c in word {
        let i = (c - b'A') as usize;
        if have[i] > 0 {
            have[i] -= 1;
        } else {
            extra.push(c);
        }
    }
    (extra.len() <= blanks).then_some(extra)
}

fn brute_force(list: &WordList, rack: &str) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stream = list.fst().stream();
    while let Some(word) = stream.next() {
        if let Some(mut extra) = blanks_needed(word, rack) {
            extra.sort_unstable();
            out.push((String::from_utf8(word.to_vec()).unwrap(), extra));
        }
    }
    out.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
    out
}

fn check_against_brute_force(list: &WordList, rack: &str) -> Vec<RackWord> {
    let found = list.rack_words(rack).unwrap();
    let expected = brute_force(list, rack);
    let got: Vec<(String, Vec<u8>)> = found
        .iter()
        .map(|w| {
            for b in &w.blanks {
                assert_eq!(w.word.as_bytes()[b.position] as char, b.letter, "{w:?}");
            }
            let positions: Vec<usize> = w.blanks.iter().map(|b| b.position).collect();
            assert!(positions.windows(2).all(|p| p[0] < p[1]), "{w:?}");
            let mut letters: Vec<u8> = w.blanks.iter().map(|b| b.letter as u8).collect();
            letters.sort_unstable();
            (w.word.clone(), letters)
        })
        .collect();
    assert_eq!(got, expected, "{} / {rack}", list.id());
    found
}

#[test]
fn racks_without_blanks_match_a_scan_of_the_list() {
    let list = WordList::builtin("wordclub").unwrap();
    for rack in ["AEINRST", "QZXJKVW", "A", "QI", "eeeeeee", "CAT", "zzAA"] {
        check_against_brute_force(list, rack);
    }
}

#[test]
fn racks_with_blanks_match_a_scan_of_the_list() {
    for id in ["wordclub", "enable2k", "enable-2-9"] {
        let list = WordList::builtin(id).unwrap();
        for rack in ["??EINST", "?AEINRS", "Q?", "??", "?", "QZXJKV?", "??XYZZY"] {
            check_against_brute_force(list, rack);
        }
    }
}

#[test]
fn retains_and_its_anagrams_come_first_and_in_order() {
    let list = WordList::builtin("wordclub").unwrap();
    let words = check_against_brute_force(list, "aeinrst");
    let sevens: Vec<&str> = words
        .iter()
        .take_while(|w| w.word.len() == 7)
        .map(|w| w.word.as_str())
        .collect();
    for w in ["NASTIER", "RETAINS", "RETINAS", "STAINER"] {
        assert!(sevens.contains(&w), "{w} in {sevens:?}");
    }
    assert!(words.iter().all(|w| w.blanks.is_empty()));
    assert_eq!(words.last().unwrap().word.len(), 2);
}

#[test]
fn a_blank_stands_only_where_no_real_tile_is_left() {
    let list = WordList::builtin("wordclub").unwrap();
    let words = list.rack_words("TA?").unwrap();
    let find = |w: &str| words.iter().find(|r| r.word == w).unwrap().clone();
    // TAT: the real T takes the first T, the blank the second.
    let tat = find("TAT");
    assert_eq!(tat.blanks.len(), 1);
    assert_eq!((tat.blanks[0].position, tat.blanks[0].letter), (2, 'T'));
    // AT needs no blank although one could stand for either letter; it is listed once.
    assert!(find("AT").blanks.is_empty());
    assert_eq!(words.iter().filter(|r| r.word == "AT").count(), 1);
    // CAT needs the blank as C.
    let cat = find("CAT");
    assert_eq!((cat.blanks[0].position, cat.blanks[0].letter), (0, 'C'));
}

#[test]
fn the_hardest_rack_of_letters_spells_nothing_but_a_blank_rescues_it() {
    let list = WordList::builtin("wordclub").unwrap();
    assert!(list.rack_words("QZXJKVW").unwrap().is_empty());
    let with_blank = list.rack_words("QZXJKV?").unwrap();
    assert!(with_blank.iter().any(|w| w.word == "QI"), "{with_blank:?}");
}

#[test]
fn bad_racks_are_typed_errors() {
    let list = WordList::builtin("wordclub").unwrap();
    for rack in ["", "ABCDEFGHIJKLMNOP", "AB1", "A-B", "ÉTÉ"] {
        let err = list.rack_words(rack).unwrap_err();
        assert_eq!(err.kind(), "bad_rack", "{rack:?}");
    }
}

#[test]
fn rack_words_work_on_a_custom_list() {
    let list = WordList::from_words("mini", "Mini", ["cat", "act", "tact", "at", "a"]).unwrap();
    let words: Vec<String> = list
        .rack_words("TAC")
        .unwrap()
        .into_iter()
        .map(|w| w.word)
        .collect();
    assert_eq!(words, ["ACT", "CAT", "AT", "A"]);
}
