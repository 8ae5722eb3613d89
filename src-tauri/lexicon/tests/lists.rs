//! The committed word lists are exactly what `wordlists/lists.json` says, and the embedded
//! lists report the same identity.
use sha2::{Digest, Sha256};
use std::path::PathBuf;
use wordclub_lexicon::WordList;

#[derive(serde::Deserialize)]
struct Entry {
    id: String,
    name: String,
    version: String,
    file: String,
    word_count: usize,
    sha256: String,
}

fn wordlists() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../wordlists")
}

fn manifest() -> Vec<Entry> {
    let text = std::fs::read(wordlists().join("lists.json")).expect("read lists.json");
    serde_json::from_slice(&text).expect("parse lists.json")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn the_issue_s_counts_and_the_known_enable_hash_are_in_the_manifest() {
    let m = manifest();
    let ids: Vec<(&str, &str)> = m
        .iter()
        .map(|e| (e.id.as_str(), e.version.as_str()))
        .collect();
    assert_eq!(
        ids,
        [
            ("wordclub", "1"),
            ("wordclub", "2"),
            ("wordclub", "3"),
            ("wordclub", "4"),
            ("enable2k", "1"),
            ("enable-2-9", "1")
        ]
    );
    let counts: Vec<usize> = m.iter().map(|e| e.word_count).collect();
    assert_eq!(
        counts,
        [253_917, 259_004, 258_712, 259_471, 172_823, 105_241]
    );
    // Versions 1 to 3 stay byte for byte what they were: every match pinned to one names its
    // hash.
    assert_eq!(
        m[0].sha256,
        "d2d5a278f56ab8a538e800a34e377f1046ae9b03b9d63ef1f1599fda60c3055c"
    );
    assert_eq!(
        m[1].sha256,
        "9a6afe36391621004baa5b6a9d622aed838e0eff78a36764928bca8cfd1adbd2"
    );
    assert_eq!(
        m[2].sha256,
        "7efc72dab5b3d497c1f8fee6c32cd463c8698751215003dec10c82de38f83127"
    );
    // The published SHA-256 of the common enable1.txt.
    assert_eq!(
        m[4].sha256,
        "3f16130220645692ed49c7134e24a18504c2ca55b3c012f7290e3e77c63b1a89"
    );
}

#[test]
fn each_committed_file_has_its_count_and_hash_and_the_embedded_list_agrees() {
    for e in manifest() {
        let bytes = std::fs::read(wordlists().join(&e.file)).expect("read list");
        let text = std::str::from_utf8(&bytes).expect("utf-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), e.word_count, "{}: line count", e.id);
        assert!(
            lines
                .iter()
                .all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_lowercase())),
            "{}: one lower-case a-z word a line",
            e.id
        );
        assert_eq!(hex(&Sha256::digest(&bytes)), e.sha256, "{}: sha256", e.id);

        let list = WordList::pinned(&e.id, &e.sha256).unwrap();
        let info = list.info();
        assert_eq!(
            (
                &info.id,
                &info.name,
                &info.version,
                info.word_count,
                &info.sha256
            ),
            (&e.id, &e.name, &e.version, e.word_count, &e.sha256)
        );
        // The embedded set holds exactly the file's words (no duplicates in the files).
        assert_eq!(list.fst().len(), e.word_count, "{}: fst size", e.id);
        for w in &lines {
            assert!(
                list.contains(w.to_ascii_uppercase().as_bytes()),
                "{}: {w}",
                e.id
            );
        }
    }
}

#[test]
fn enable_2_9_is_enable2k_s_words_of_2_to_9_letters() {
    let enable = WordList::builtin("enable2k").unwrap();
    let short = WordList::builtin("enable-2-9").unwrap();
    let mut expected = 0;
    let mut words = enable.fst().stream();
    use fst::Streamer;
    while let Some(w) = words.next() {
        let in_short = (2..=9).contains(&w.len());
        expected += usize::from(in_short);
        assert_eq!(
            short.contains(w),
            in_short,
            "{}",
            String::from_utf8_lossy(w)
        );
    }
    assert_eq!(expected, short.info().word_count);
}

#[test]
fn builtins_are_listed_in_manifest_order() {
    let ids: Vec<&str> = WordList::builtins().iter().map(|l| l.id()).collect();
    assert_eq!(
        ids,
        [
            "wordclub",
            "wordclub",
            "wordclub",
            "wordclub",
            "enable2k",
            "enable-2-9"
        ]
    );
    let current: Vec<bool> = WordList::builtins()
        .iter()
        .map(|l| l.info().current)
        .collect();
    assert_eq!(current, [false, false, false, true, true, true]);
}

#[test]
fn an_id_gives_its_current_version_and_id_at_version_an_older_one() {
    let current = WordList::builtin("wordclub").unwrap();
    assert_eq!(current.info().version, "4");
    assert_eq!(current.info().name, "Word Club list 4");
    let old = WordList::builtin("wordclub@1").unwrap();
    assert_eq!(old.info().version, "1");
    assert_eq!(old.info().name, "Word Club list 1");
    assert_eq!(old.id(), "wordclub");
    let v2 = WordList::builtin("wordclub@2").unwrap();
    assert_eq!(v2.info().name, "Word Club list 2");
    assert!(!v2.info().current);
    let v3 = WordList::builtin("wordclub@3").unwrap();
    assert_eq!(v3.info().name, "Word Club list 3");
    assert!(!v3.info().current);
    assert_eq!(
        WordList::builtin("wordclub@4").unwrap().info(),
        current.info()
    );
    for bad in ["wordclub@5", "wordclub@", "nope@1", "@1"] {
        let err = WordList::builtin(bad).unwrap_err();
        assert_eq!(err.kind(), "unknown_list", "{bad}");
        assert!(err.to_string().contains("wordclub@1"), "{err}");
    }
}

#[test]
fn a_pinned_version_is_found_by_its_hash_and_an_unshipped_one_is_refused() {
    let v1 = "d2d5a278f56ab8a538e800a34e377f1046ae9b03b9d63ef1f1599fda60c3055c";
    let list = WordList::pinned("wordclub", v1).unwrap();
    assert_eq!(list.info().version, "1");
    assert!(
        list.contains(b"DKL"),
        "version 1's noise stays in version 1"
    );
    let err = WordList::pinned("wordclub", &"0".repeat(64)).unwrap_err();
    assert_eq!(err.kind(), "list_not_shipped");
    assert!(err.to_string().contains("Word Club list 4"), "{err}");
    // A hash of another id's list does not pin this id.
    let enable = WordList::builtin("enable2k").unwrap().info().sha256.clone();
    assert_eq!(
        WordList::pinned("wordclub", &enable).unwrap_err().kind(),
        "list_not_shipped"
    );
    assert_eq!(
        WordList::pinned("nope", v1).unwrap_err().kind(),
        "unknown_list"
    );
}

#[test]
fn version_3_takes_the_words_version_2_lost_and_drops_its_names_and_noise() {
    let v2 = WordList::builtin("wordclub@2").unwrap();
    let v3 = WordList::builtin("wordclub@3").unwrap();
    // SCOWL's common sizes directly; abbreviations only where no source knows the word; the
    // plurals of the two-letter nouns; the reviewed modern words.
    for w in [
        "EMAIL",
        "MIC",
        "FAB",
        "TRANSITIONED",
        "SELFIE",
        "QIS",
        "KIS",
        "APP",
        "TECH",
    ] {
        assert!(v3.contains(w.as_bytes()), "version 3 holds {w}");
        assert!(!v2.contains(w.as_bytes()), "version 2 refuses {w}");
    }
    // Words every source knows only as a capitalised name, and noise, are gone.
    for w in ["NOVEMBER", "ING", "VIENNA", "MICHAEL"] {
        assert!(!v3.contains(w.as_bytes()), "version 3 refuses {w}");
        assert!(v2.contains(w.as_bytes()), "version 2 holds {w}");
    }
    // Version 2's noise fixes hold: DKL and AEQ stay out, ABS, ARETE and AIOLI stay in.
    assert!(!v3.contains(b"DKL") && !v3.contains(b"AEQ"));
    for w in ["ABS", "ARETE", "AIOLI"] {
        assert!(v3.contains(w.as_bytes()), "{w}");
    }
}
