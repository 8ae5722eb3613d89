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
    // 28 letters: longer than the table's 25, answered by the fst. Version 1 has no length
    // limit (version 2 stops at 15 letters, the classic board's width).
    let list = WordList::builtin("wordclub@1").unwrap();
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
    // The bad line's own error is the cause, typed.
    let cause = std::error::Error::source(&err).unwrap();
    let line = cause
        .downcast_ref::<wordclub_lexicon::LexiconError>()
        .unwrap();
    assert_eq!(line.kind(), "not_a_to_z");
    assert!(err.to_string().ends_with(&line.to_string()), "{err}");

    let missing = WordList::from_file(&dir.join("missing.txt")).unwrap_err();
    assert_eq!(missing.kind(), "list_file");
    let io = std::error::Error::source(&missing).unwrap();
    assert_eq!(
        io.downcast_ref::<std::io::Error>()
            .map(std::io::Error::kind),
        Some(std::io::ErrorKind::NotFound)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_custom_list_that_is_not_text_empty_or_wordless_is_refused_with_its_own_kind() {
    let dir = std::env::temp_dir().join(format!("wordclub-lexicon-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("list.txt");
    let cases: [(&[u8], &str, &str); 7] = [
        (
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
            "list_file_not_text",
            "not a text file",
        ),
        (
            b"cat\n\xff\xfedog\n",
            "list_file_not_text",
            "not a text file",
        ),
        (b"cat\0dog\n", "list_file_not_text", "not a text file"),
        (b"", "list_file_empty", "holds no word"),
        (b"\n  \n\t\n", "list_file_empty", "holds no word"),
        (
            b"123\n4-5\n\xc3\xa9t\xc3\xa9\n",
            "list_file_no_words",
            "A-Z",
        ),
        (b"cat\n42\n", "list_file", "line 2"),
    ];
    for (bytes, kind, says) in cases {
        std::fs::write(&path, bytes).unwrap();
        let err = WordList::from_file(&path).unwrap_err();
        assert_eq!(err.kind(), kind, "{bytes:?}");
        let message = err.to_string();
        assert!(message.contains(says), "{bytes:?}: {message}");
        assert!(message.contains("list.txt"), "names the file: {message}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
