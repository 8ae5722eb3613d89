//! Lookups: the issue's "Done when" words, case and character rules, custom lists, and the
//! fast lookup path agreeing with the `fst` everywhere.
use fst::Streamer;
use wordclub_lexicon::{LexiconError, WordList};

#[test]
fn wordclub_says_yes_and_no_as_the_issue_requires() {
    let list = WordList::builtin("wordclub").unwrap();
    for w in ["QI", "ZA", "EW", "colour", "color", "aa", "Colour", "qi"] {
        assert_eq!(list.check(w), Ok(true), "{w}");
    }
    for w in ["CATX", "London", "NATO"] {
        assert_eq!(list.check(w), Ok(false), "{w}");
    }
}

#[test]
fn enable2k_does_not_know_qi_or_za() {
    for id in ["enable2k", "enable-2-9"] {
        let list = WordList::builtin(id).unwrap();
        assert_eq!(list.check("QI"), Ok(false), "{id}");
        assert_eq!(list.check("ZA"), Ok(false), "{id}");
        assert_eq!(list.check("aa"), Ok(true), "{id}");
    }
}

#[test]
fn input_that_is_not_a_to_z_names_the_character() {
    let list = WordList::builtin("wordclub").unwrap();
    for (input, character) in [
        ("cats'", '\''),
        ("e-mail", '-'),
        ("ice cream", ' '),
        ("café", 'é'),
        ("r2d2", '2'),
    ] {
        let err = list.check(input).unwrap_err();
        assert_eq!(
            err,
            LexiconError::NotAToZ {
                input: input.into(),
                character
            }
        );
        assert_eq!(err.kind(), "not_a_to_z");
        let message = err.to_string();
        assert!(message.contains(input), "{message}");
        assert!(
            message.contains(&format!("U+{:04X}", character as u32)),
            "{message}"
        );
    }
    assert_eq!(list.check("").unwrap_err().kind(), "empty_word");
}

#[test]
fn contains_takes_upper_case_bytes_only() {
    let list = WordList::builtin("wordclub").unwrap();
    assert!(list.contains(b"CAT"));
    assert!(!list.contains(b"cat"));
    assert!(!list.contains(b"CA T"));
    assert!(!list.contains(b""));
    assert!(!list.contains(&[0xFF, b'A']));
}

#[test]
fn long_words_beyond_the_table_are_still_found() {
    // 28 letters: longer than the table's 25, answered by the fst.
    let list = WordList::builtin("wordclub").unwrap();
    assert_eq!(list.check("antidisestablishmentarianism"), Ok(true));
    assert_eq!(list.check("antidisestablishmentarianisms"), Ok(true));
    assert_eq!(list.check("antidisestablishmentarianismss"), Ok(false));
    // 45 letters: the longest word of the list; one more letter is past every word.
    assert_eq!(
        list.check("pneumonoultramicroscopicsilicovolcanoconiosis"),
        Ok(true)
    );
    assert_eq!(
        list.check("pneumonoultramicroscopicsilicovolcanoconiosiss"),
        Ok(false)
    );
    assert_eq!(list.check("antidisestablishmentarianisx"), Ok(false));
}

/// Words near `word` that may or may not be words: the fast path must agree with the fst.
fn neighbours(word: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let n = word.len();
    let mut changed = word.to_vec();
    changed[n - 1] = b'A' + (word[n - 1] - b'A' + 7) % 26;
    out.push(changed);
    let mut changed = word.to_vec();
    changed[0] = b'A' + (word[0] - b'A' + 1) % 26;
    out.push(changed);
    let mut longer = word.to_vec();
    longer.push(b'S');
    out.push(longer);
    out.push(word[..n - 1].to_vec());
    let mut odd = word.to_vec();
    // Lower case, or a byte just outside A-Z: never in a list.
    odd[n / 2] = if n.is_multiple_of(2) {
        odd[n / 2].to_ascii_lowercase()
    } else {
        b'['
    };
    out.push(odd);
    out
}

#[test]
fn the_fast_path_agrees_with_the_fst_on_every_word_and_many_non_words() {
    for list in WordList::builtins() {
        let fst = list.fst();
        let mut stream = fst.stream();
        let (mut words, mut non_words) = (0usize, 0usize);
        while let Some(word) = stream.next() {
            assert!(
                list.contains(word),
                "{}: {}",
                list.id(),
                String::from_utf8_lossy(word)
            );
            words += 1;
            for other in neighbours(word) {
                let expected = fst.contains(&other);
                non_words += usize::from(!expected);
                assert_eq!(
                    list.contains(&other),
                    expected,
                    "{}: {}",
                    list.id(),
                    String::from_utf8_lossy(&other)
                );
            }
        }
        assert_eq!(words, list.info().word_count);
        assert!(
            non_words > 4 * words,
            "{}: {non_words} non-words",
            list.id()
        );
    }
}

#[test]
fn a_custom_list_from_a_file_is_case_folded_and_identified_by_its_bytes() {
    let dir = std::env::temp_dir().join(format!("wordclub-lexicon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mini.txt");
    std::fs::write(
        &path,
        "Cat\ndog\n\nZYZZYVAS\nantidisestablishmentarianism\n",
    )
    .unwrap();
    let list = WordList::from_file(&path).unwrap();
    assert_eq!(list.id(), "file:mini.txt");
    assert_eq!(list.info().word_count, 4);
    // sha256 of the file's exact bytes, computed independently with `sha256sum`.
    assert_eq!(
        list.info().sha256,
        "0594a539602ba70597e06ac4ae693e8441122abb171f51fe79a59ce69b0b4381"
    );
    for w in [
        "CAT",
        "cat",
        "DOG",
        "zyzzyvas",
        "antidisestablishmentarianism",
    ] {
        assert_eq!(list.check(w), Ok(true), "{w}");
    }
    for w in ["QI", "CATS", "DO"] {
        assert_eq!(list.check(w), Ok(false), "{w}");
    }

    std::fs::write(&path, "cat\ne-mail\n").unwrap();
    let err = WordList::from_file(&path).unwrap_err();
    assert_eq!(err.kind(), "list_file");
    assert!(err.to_string().contains("line 2"), "{err}");

    let missing = WordList::from_file(&dir.join("missing.txt")).unwrap_err();
    assert_eq!(missing.kind(), "list_file");
    std::fs::remove_dir_all(&dir).unwrap();
}
