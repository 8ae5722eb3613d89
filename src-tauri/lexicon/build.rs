//! Compiles every word list named in `wordlists/lists.json` into an `fst` set (upper-case keys)
//! and writes `builtin_lists.rs`, which embeds the sets and their metadata in the binary, so
//! nothing is parsed from text when the app starts.
use std::{env, fs, path::PathBuf};

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
    let mut code = String::from("pub(crate) static BUILTIN: &[BuiltinList] = &[\n");
    for e in &entries {
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
        let set = fst::Set::from_iter(words.iter()).expect("build fst");
        let fst_name = format!("{}-{}.fst", e.id, e.version);
        fs::write(out.join(&fst_name), set.as_fst().as_bytes()).expect("write fst");
        code.push_str(&format!(
            "    BuiltinList {{ id: {:?}, name: {:?}, version: {:?}, file: {:?}, word_count: {}, sha256: {:?}, distinct_words: {}, fst: include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{}\")) }},\n",
            e.id, e.name, e.version, e.file, e.word_count, e.sha256, words.len(), fst_name
        ));
    }
    code.push_str("];\n");
    fs::write(out.join("builtin_lists.rs"), code).expect("write builtin_lists.rs");
}
