//! Compiles every word list named in `wordlists/lists.json` into an `fst` set (upper-case keys)
//! and writes `builtin_lists.rs`, which embeds the sets and their metadata in the binary, so
//! nothing is parsed from text when the app starts.
//!
//! It also writes `lookup.bin`, the fast lookup table (see `src/lookup.rs`) over the union of
//! all shipped lists, where bit `i` of a word's mask says list `i` (manifest order) holds it,
//! and `offensive.fst`, the kept list of offensive words (`wordlists/offensive/`) that computer
//! players and hints leave alone.
use std::{collections::BTreeMap, env, fs, path::PathBuf};

#[allow(dead_code)]
#[path = "src/lookup.rs"]
mod lookup;

#[derive(serde::Deserialize)]
struct Entry {
    id: String,
    name: String,
    version: String,
    file: String,
    word_count: usize,
    sha256: String,
}

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../../wordlists");
    let manifest = root.join("lists.json");
    println!("cargo:rerun-if-changed={}", manifest.display());
    let entries: Vec<Entry> =
        serde_json::from_slice(&fs::read(&manifest).expect("read wordlists/lists.json"))
            .expect("parse wordlists/lists.json");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    assert!(
        entries.len() <= lookup::MAX_LISTS,
        "the lookup table's masks hold at most {} lists",
        lookup::MAX_LISTS
    );
    let mut union: BTreeMap<Vec<u8>, u8> = BTreeMap::new();
    let mut code = String::from("pub(crate) static BUILTIN: &[BuiltinList] = &[\n");
    for (index, e) in entries.iter().enumerate() {
        let path = root.join(&e.file);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).expect("read word list");
        let mut words: Vec<String> = text
            .lines()
            .map(|w| w.trim().to_ascii_uppercase())
            .collect();
        words.retain(|w| !w.is_empty());
        words.sort_unstable();
        words.dedup();
        assert!(
            words
                .iter()
                .all(|w| w.bytes().all(|b| b.is_ascii_uppercase())),
            "{} holds a word that is not A-Z",
            e.file
        );
        for w in &words {
            *union.entry(w.as_bytes().to_vec()).or_insert(0) |= 1 << index;
        }
        let max_len = words.iter().map(|w| w.len()).max().unwrap_or(0);
        let set = fst::Set::from_iter(words.iter()).expect("build fst");
        let fst_name = format!("{}-{}.fst", e.id, e.version);
        fs::write(out.join(&fst_name), set.as_fst().as_bytes()).expect("write fst");
        code.push_str(&format!(
            "    BuiltinList {{ id: {:?}, name: {:?}, version: {:?}, file: {:?}, word_count: {}, sha256: {:?}, distinct_words: {}, max_len: {}, mask: {}, fst: data_file!(\"{}\") }},\n",
            e.id, e.name, e.version, e.file, e.word_count, e.sha256, words.len(), max_len, 1u8 << index, fst_name
        ));
    }
    code.push_str("];\n");
    // Manners 3: one row per blocked word, `word<TAB>reason`; only the word is embedded.
    let offensive_file = root.join("offensive/offensive-3.tsv");
    println!("cargo:rerun-if-changed={}", offensive_file.display());
    let offensive_text =
        fs::read_to_string(&offensive_file).expect("read wordlists/offensive/offensive-3.tsv");
    // The manners' identity for graphs kept with their rude words marked (the move generator
    // keys prebuilt and cached graphs by it).
    let digest = <sha2::Sha256 as sha2::Digest>::digest(offensive_text.as_bytes());
    let manners_sha256: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    code.push_str(&format!(
        "pub(crate) static OFFENSIVE_SHA256: &str = {manners_sha256:?};\n"
    ));
    let mut offensive: Vec<String> = offensive_text
        .lines()
        .map(|row| {
            row.split('\t')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_uppercase()
        })
        .filter(|w| !w.is_empty())
        .collect();
    assert!(
        offensive
            .iter()
            .all(|w| w.bytes().all(|b| b.is_ascii_uppercase())),
        "offensive-3.tsv holds a word that is not a-z"
    );
    offensive.sort_unstable();
    offensive.dedup();
    let set = fst::Set::from_iter(offensive.iter()).expect("build offensive fst");
    fs::write(out.join("offensive.fst"), set.as_fst().as_bytes()).expect("write offensive fst");
    code.push_str("pub(crate) static OFFENSIVE: data::DataFile = data_file!(\"offensive.fst\");\n");
    let table = lookup::build(union.iter().map(|(w, &m)| (w.as_slice(), m)));
    fs::write(out.join("lookup.bin"), table).expect("write lookup.bin");
    code.push_str("pub(crate) static LOOKUP: LookupFile = lookup_file!(\"lookup.bin\");\n");
    fs::write(out.join("builtin_lists.rs"), code).expect("write builtin_lists.rs");
    // The folder of the data files, for the web crate's build script (`links` metadata:
    // `DEP_WORDCLUB_LEXICON_DATA_OUT_DIR`), which lists and hashes them for the web build.
    println!("cargo:out_dir={}", out.display());
}
