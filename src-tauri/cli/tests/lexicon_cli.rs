//! The dictionary subcommands (`lists`, `check`, `words`) through the built binary: JSON on
//! stdout, and `{"error":{"kind","message"}}` with a non-zero exit on bad input.
use serde_json::{json, Value};

mod common;
use common::cli;

fn error_kind(args: &[&str]) -> String {
    let (code, json) = cli(args);
    assert_ne!(code, 0, "{args:?} should fail: {json}");
    assert!(
        json["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{json}"
    );
    json["error"]["kind"]
        .as_str()
        .expect("error kind")
        .to_string()
}

fn verdicts(json: &Value) -> Vec<(String, bool)> {
    json["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            (
                r["word"].as_str().unwrap().to_string(),
                r["valid"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[test]
fn lists_reports_every_shipped_list_and_version() {
    let (code, json) = cli(&["lists"]);
    assert_eq!(code, 0);
    let lists = json["lists"].as_array().unwrap();
    let summary: Vec<(&str, &str, u64, bool)> = lists
        .iter()
        .map(|l| {
            (
                l["id"].as_str().unwrap(),
                l["version"].as_str().unwrap(),
                l["word_count"].as_u64().unwrap(),
                l["current"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("wordclub", "1", 253_917, false),
            ("wordclub", "2", 259_004, false),
            ("wordclub", "3", 258_712, false),
            ("wordclub", "4", 259_471, true),
            ("enable2k", "1", 172_823, true),
            ("enable-2-9", "1", 105_241, true)
        ]
    );
    assert_eq!(lists[0]["name"], "Word Club list 1");
    assert_eq!(lists[1]["name"], "Word Club list 2");
    assert_eq!(lists[2]["name"], "Word Club list 3");
    assert_eq!(lists[3]["name"], "Word Club list 4");
    assert_eq!(
        lists[4]["sha256"],
        "3f16130220645692ed49c7134e24a18504c2ca55b3c012f7290e3e77c63b1a89"
    );
}

#[test]
fn check_wordclub_gives_the_issue_s_verdicts() {
    let words = [
        "QI", "ZA", "EW", "colour", "color", "aa", "CATX", "London", "NATO",
    ];
    let mut args = vec!["check", "--list", "wordclub"];
    args.extend(words);
    let (code, json) = cli(&args);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["list"], "wordclub");
    let expected: Vec<(String, bool)> = words
        .iter()
        .zip([true, true, true, true, true, true, false, false, false])
        .map(|(w, v)| (w.to_string(), v))
        .collect();
    assert_eq!(verdicts(&json), expected);
}

#[test]
fn check_uses_wordclub_when_no_list_is_given() {
    let (code, json) = cli(&["check", "qi"]);
    assert_eq!(code, 0);
    assert_eq!(
        json,
        json!({"list": "wordclub", "results": [{"word": "qi", "valid": true}]})
    );
}

#[test]
fn check_enable2k_says_no_to_qi_and_za() {
    let (code, json) = cli(&["check", "--list", "enable2k", "QI", "ZA", "AA"]);
    assert_eq!(code, 0);
    assert_eq!(json["list"], "enable2k");
    assert_eq!(
        verdicts(&json),
        [
            ("QI".into(), false),
            ("ZA".into(), false),
            ("AA".into(), true)
        ]
    );
}

#[test]
fn check_names_the_character_of_input_that_is_not_a_to_z() {
    for (word, code_point) in [("cats'", "U+0027"), ("e-mail", "U+002D")] {
        let (code, json) = cli(&["check", "--list", "wordclub", "CAT", word]);
        assert_eq!(code, 2, "{json}");
        assert_eq!(json["error"]["kind"], "not_a_to_z");
        let message = json["error"]["message"].as_str().unwrap();
        assert!(message.contains(word), "{message}");
        assert!(message.contains(code_point), "{message}");
    }
}

#[test]
fn words_lists_rack_words_longest_first_with_blank_letters() {
    let (code, json) = cli(&["words", "--list", "wordclub", "--rack", "AEINRST"]);
    assert_eq!(code, 0, "{json}");
    let words = json["words"].as_array().unwrap();
    assert!(words.contains(&json!({"word": "RETAINS", "blanks": []})));
    assert!(words[0]["word"].as_str().unwrap().len() == 7);
    let lengths: Vec<usize> = words
        .iter()
        .map(|w| w["word"].as_str().unwrap().len())
        .collect();
    assert!(lengths.windows(2).all(|p| p[0] >= p[1]));

    // TA? : CAT needs the blank as C, at position 0.
    let (code, json) = cli(&["words", "--rack", "ta?"]);
    assert_eq!(code, 0, "{json}");
    let cat = json["words"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["word"] == "CAT")
        .expect("CAT")
        .clone();
    assert_eq!(
        cat,
        json!({"word": "CAT", "blanks": [{"position": 0, "letter": "C"}]})
    );
}

#[test]
fn words_on_enable2k_leaves_out_qi() {
    let (_, json) = cli(&["words", "--list", "enable2k", "--rack", "QI"]);
    assert_eq!(json["words"], json!([]));
    let (_, json) = cli(&["words", "--list", "wordclub", "--rack", "QI"]);
    assert_eq!(json["words"], json!([{"word": "QI", "blanks": []}]));
}

#[test]
fn a_list_file_works_for_check_and_words() {
    let dir = std::env::temp_dir().join(format!("wordclub-cli-lexicon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("pets.txt");
    std::fs::write(&path, "cat\nDog\nact\n").unwrap();
    let file = path.to_str().unwrap();

    let (code, json) = cli(&["check", "--list-file", file, "CAT", "dog", "QI"]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["list"], "file:pets.txt");
    assert_eq!(
        verdicts(&json),
        [
            ("CAT".into(), true),
            ("dog".into(), true),
            ("QI".into(), false)
        ]
    );

    let (code, json) = cli(&["words", "--list-file", file, "--rack", "TCA"]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(
        json["words"],
        json!([{"word": "ACT", "blanks": []}, {"word": "CAT", "blanks": []}])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_a_typed_error_with_a_non_zero_exit() {
    // Longer than any rule set may deal (RACK_MAX, 15 tiles).
    assert_eq!(
        error_kind(&["words", "--rack", "ABCDEFGHIJKLMNOP"]),
        "bad_rack"
    );
    assert_eq!(error_kind(&["words", "--rack", "AB12"]), "bad_rack");
    assert_eq!(error_kind(&["words", "--rack", ""]), "bad_rack");
    assert_eq!(error_kind(&["words"]), "usage");
    assert_eq!(
        error_kind(&["words", "--list", "nope", "--rack", "A"]),
        "unknown_list"
    );
    assert_eq!(
        error_kind(&["check", "--list", "nope", "CAT"]),
        "unknown_list"
    );
    assert_eq!(
        error_kind(&["check", "--list-file", "/no/such/list.txt", "CAT"]),
        "list_file"
    );
    assert_eq!(
        error_kind(&["words", "--list-file", "/no/such/list.txt", "--rack", "A"]),
        "list_file"
    );
    assert_eq!(
        error_kind(&["check", "--list", "wordclub", "--list-file", "x.txt", "CAT"]),
        "usage"
    );
    assert_eq!(error_kind(&["check"]), "usage");
    assert_eq!(error_kind(&["check", "--list"]), "usage");
    assert_eq!(error_kind(&["check", ""]), "empty_word");
}

#[test]
fn check_wordclub_answers_the_issue_10_words_for_the_current_version() {
    let words = ["DKL", "AEQ", "ABS", "ARETE", "colour"];
    let mut args = vec!["check", "--list", "wordclub"];
    args.extend(words);
    let (code, json) = cli(&args);
    assert_eq!(code, 0, "{json}");
    let expected: Vec<(String, bool)> = words
        .iter()
        .zip([false, false, true, true, true])
        .map(|(w, v)| (w.to_string(), v))
        .collect();
    assert_eq!(verdicts(&json), expected);
    // Version 1, named with its version, keeps its own answers.
    let mut args = vec!["check", "--list", "wordclub@1"];
    args.extend(words);
    let (code, json) = cli(&args);
    assert_eq!(code, 0, "{json}");
    let expected: Vec<(String, bool)> = words
        .iter()
        .zip([true, true, false, false, true])
        .map(|(w, v)| (w.to_string(), v))
        .collect();
    assert_eq!(verdicts(&json), expected);
}

#[test]
fn check_gives_issue_24_s_verdicts_under_list_3_and_list_2_keeps_its_own() {
    let words = [
        "email",
        "app",
        "qis",
        "selfie",
        "transitioned",
        "november",
        "ing",
    ];
    let mut args = vec!["check", "--list", "wordclub"];
    args.extend(words);
    let (code, json) = cli(&args);
    assert_eq!(code, 0, "{json}");
    let expected: Vec<(String, bool)> = words
        .iter()
        .zip([true, true, true, true, true, false, false])
        .map(|(w, v)| (w.to_string(), v))
        .collect();
    assert_eq!(verdicts(&json), expected);
    // Version 2, named with its version, keeps its answers: EMAIL stays refused there.
    let (code, json) = cli(&["check", "--list", "wordclub@2", "email"]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(verdicts(&json), [("email".to_string(), false)]);
}

#[test]
fn a_list_file_that_is_not_text_empty_or_wordless_is_refused() {
    let dir = std::env::temp_dir().join(format!("wordclub-cli-badlist-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("list.bin");
    let file = path.to_str().unwrap();
    for (bytes, kind) in [
        (&b"\x7fELF\x02\x01\x01\0\0\0"[..], "list_file_not_text"),
        (&b""[..], "list_file_empty"),
        (&b"1234\n5678\n"[..], "list_file_no_words"),
    ] {
        std::fs::write(&path, bytes).unwrap();
        assert_eq!(error_kind(&["check", "--list-file", file, "CAT"]), kind);
        assert_eq!(
            error_kind(&["words", "--list-file", file, "--rack", "CAT"]),
            kind
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The words `words --manners M --rack RACK` offers.
fn offered(manners: &str, rack: &str) -> Vec<String> {
    let (code, json) = cli(&["words", "--manners", manners, "--rack", rack]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["manners"], manners);
    json["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn words_with_polite_manners_offers_ordinary_words_and_leaves_the_slurs_out() {
    // Manners 2: WELFARE is an ordinary word (manners 1 blocked it), FAGGOTS a slur's plural
    // (manners 1 missed it).
    assert!(offered("polite", "WELFARE").contains(&"WELFARE".to_string()));
    let polite = offered("polite", "FAGGOTS");
    let any = offered("any", "FAGGOTS");
    assert!(
        any.contains(&"FAGGOTS".to_string()),
        "people may still play it"
    );
    for slur in ["FAGGOTS", "FAGGOT", "FAGS", "FAG"] {
        assert!(!polite.contains(&slur.to_string()), "{slur} offered");
    }
    // Only the kept offensive words go: everything else the rack spells is still offered.
    let kept: Vec<&String> = any
        .iter()
        .filter(|w| !wordclub_lexicon::is_offensive(w.as_bytes()))
        .collect();
    assert_eq!(polite.iter().collect::<Vec<_>>(), kept);
    assert!(polite.contains(&"GOATS".to_string()));
    // Without --manners every word is listed, as before.
    let (_, json) = cli(&["words", "--rack", "FAGGOTS"]);
    assert_eq!(json["manners"], "any");
    assert_eq!(json["words"].as_array().unwrap().len(), any.len());
    assert_eq!(
        error_kind(&["words", "--manners", "rude", "--rack", "CAT"]),
        "usage"
    );
}

/// Issue 44's manners examples, through `words --manners polite` against every shipped list
/// `lists` reports (no list named by number, so a new list is checked when it ships): each
/// blocked word the list holds is left out, each innocent word the list holds is offered, and
/// `--manners any` lists them all. Every example is held by at least one list.
#[test]
fn words_with_polite_manners_follow_manners_3_in_every_list() {
    const BLOCKED: &[&str] = &[
        "SONSOFBITCHES",
        "WHOREISH",
        "MONGOLOIDS",
        "ABOS",
        "GIPSY",
        "SHIKSE",
        "POOVE",
        "GRINGA",
        "FAGGOTY",
        "SHITTIER",
        "BITCHIER",
        "MONGOLOID",
        "ABO",
        "SHEENY",
        "MICK",
        "LEZZIE",
        "GOYIM",
        "MINGE",
        "PAPIST",
        "TURD",
    ];
    const INNOCENT: &[&str] = &[
        "COCKY", "PRICK", "BOOBY", "NIGGLING", "NIGGLED", "TINKERS", "BEANBAGS", "TACO", "FAIRY",
    ];
    let (_, lists) = cli(&["lists"]);
    let names: Vec<String> = lists["lists"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            format!(
                "{}@{}",
                l["id"].as_str().unwrap(),
                l["version"].as_str().unwrap()
            )
        })
        .collect();
    assert!(names.len() >= 3, "{names:?}");
    let listed = |list: &str, manners: &str, rack: &str| -> Vec<String> {
        let (code, json) = cli(&[
            "words",
            "--list",
            list,
            "--manners",
            manners,
            "--rack",
            rack,
        ]);
        assert_eq!(code, 0, "{json}");
        json["words"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["word"].as_str().unwrap().to_string())
            .collect()
    };
    for (words, blocked) in [(BLOCKED, true), (INNOCENT, false)] {
        for word in words {
            let mut held = 0;
            for list in &names {
                let any = listed(list, "any", word);
                if !any.contains(&word.to_string()) {
                    continue;
                }
                held += 1;
                let offered = listed(list, "polite", word).contains(&word.to_string());
                assert_eq!(offered, !blocked, "{word} in {list}: offered {offered}");
            }
            assert!(held > 0, "{word} is in no shipped list");
        }
    }
}

/// Issue 44's word-list examples through `check`: each is fixed on list 4 (the default), and
/// list 3, named with its version, keeps the answers its matches were played with.
#[test]
fn check_shows_each_of_issue_44_s_examples_fixed_on_list_4() {
    let accepted = [
        "jacuzzi",
        "styrofoam",
        "biro",
        "rollerblade",
        "afro",
        "parmesan",
        "mohawk",
        "jobcentres",
        "kleenexes",
        "velcros",
        "sudoku",
        "vlog",
        "bestie",
        "onesie",
        "prosecco",
        "kombucha",
        "photobomb",
        "bromance",
        "hangry",
        "tix",
        "zen",
        "gif",
        "gifs",
        "wifi",
        "sheqels",
    ];
    let refused = [
        "dateset",
        "violincello",
        "mynahes",
        "symmetricly",
        "analyticalally",
        "superheros",
        "troubleshooted",
        "ceteris",
        "paribus",
        "nauseam",
        "situ",
        "versa",
        "quo",
    ];
    for (list, expect_accepted) in [("wordclub", true), ("wordclub@3", false)] {
        let mut args = vec!["check", "--list", list];
        args.extend(accepted);
        args.extend(refused);
        let (code, json) = cli(&args);
        assert_eq!(code, 0, "{json}");
        let expected: Vec<(String, bool)> = accepted
            .iter()
            .map(|w| (w.to_string(), expect_accepted))
            .chain(refused.iter().map(|w| (w.to_string(), !expect_accepted)))
            .collect();
        assert_eq!(verdicts(&json), expected, "{list}");
    }
    // DONT exists only by dropping an apostrophe; SHEQEL is in both.
    for list in ["wordclub", "wordclub@3"] {
        let (_, json) = cli(&["check", "--list", list, "dont", "sheqel"]);
        assert_eq!(
            verdicts(&json),
            [("dont".to_string(), false), ("sheqel".to_string(), true)]
        );
    }
}
