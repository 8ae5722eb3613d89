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
    let ids: Vec<&str> = m.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["wordclub", "enable2k", "enable-2-9"]);
    let counts: Vec<usize> = m.iter().map(|e| e.word_count).collect();
    assert_eq!(counts, [253_917, 172_823, 105_241]);
    // The published SHA-256 of the common enable1.txt.
    assert_eq!(
        m[1].sha256,
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

        let list = WordList::builtin(&e.id).unwrap();
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
    assert_eq!(ids, ["wordclub", "enable2k", "enable-2-9"]);
}
