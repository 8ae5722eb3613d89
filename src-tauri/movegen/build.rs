//! Builds the word graphs of the default lists (the current version of each id named in
//! `PREBUILT`, from `wordlists/lists.json`) and of the Easy computer's common words in them,
//! with the kept offensive words marked, and writes `prebuilt_graphs.rs`, which embeds their
//! bytes (`wordclub_graph::Gaddag::to_bytes`) so that no shipped list's graph is built when
//! the app or the CLI runs. Each is keyed like a graph kept on disk: the list's SHA-256, the
//! manners file's SHA-256 and, for the common words, the hash of their file.
use std::{env, fs, path::PathBuf};

use sha2::{Digest, Sha256};
use wordclub_graph::{Gaddag, GraphKey, SLOT_LIMIT};

/// The lists whose graphs ship prebuilt: the defaults of the built-in rule sets. Other
/// versions and lists are built at first use and kept on disk (`src/prebuilt.rs`): once list
/// 4 became the default, list 3's graph went that way too (about 0.6 s once per data folder
/// for the matches pinned to it), since the prebuilt graphs and the definitions measured
/// 10.9 MB against issue 26's 12 MB budget and list 3's graph alone is 4.2 MB.
const PREBUILT: &[&str] = &["wordclub", "enable-2-9"];

#[derive(serde::Deserialize)]
struct Entry {
    id: String,
    file: String,
    sha256: String,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The words of a list file exactly as the lexicon's build script keys them.
fn words_of(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text
        .lines()
        .map(|w| w.trim().to_ascii_uppercase())
        .filter(|w| !w.is_empty())
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = manifest_dir.join("../../wordlists");
    let lists_json = root.join("lists.json");
    // Manners 3: `word<TAB>reason` rows (the lexicon's build script reads the same file).
    let offensive_file = root.join("offensive/offensive-3.tsv");
    let common_file = manifest_dir.join("data/common-words.txt");
    for p in [&lists_json, &offensive_file, &common_file] {
        println!("cargo:rerun-if-changed={}", p.display());
    }
    let entries: Vec<Entry> =
        serde_json::from_slice(&fs::read(&lists_json).expect("read wordlists/lists.json"))
            .expect("parse wordlists/lists.json");
    let offensive_bytes = fs::read(&offensive_file).expect("read the offensive words");
    let manners_sha256 = hex(&Sha256::digest(&offensive_bytes));
    let offensive_text = std::str::from_utf8(&offensive_bytes).expect("UTF-8");
    let offensive = words_of(
        &offensive_text
            .lines()
            .map(|row| row.split('\t').next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let rude = |w: &String| offensive.binary_search(w).is_ok();
    let common_bytes = fs::read(&common_file).expect("read data/common-words.txt");
    let common_sha256 = hex(&Sha256::digest(&common_bytes));
    let common = words_of(std::str::from_utf8(&common_bytes).expect("UTF-8"));
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let mut code = String::from(
        "/// The prebuilt graphs: (list SHA-256, part, bytes); every one under manners\n\
         /// `PREBUILT_MANNERS_SHA256`.\n\
         pub(crate) static PREBUILT: &[(&str, &str, DataFile)] = &[\n",
    );
    for id in PREBUILT {
        // The current version of an id is its last entry in the manifest.
        let e = entries
            .iter()
            .rev()
            .find(|e| e.id == *id)
            .unwrap_or_else(|| panic!("{id} is not in wordlists/lists.json"));
        let path = root.join(&e.file);
        println!("cargo:rerun-if-changed={}", path.display());
        let words = words_of(&fs::read_to_string(&path).expect("read word list"));
        let graphs = [
            (String::new(), words.clone()),
            (
                format!("common words {common_sha256}"),
                common
                    .iter()
                    .filter(|w| words.binary_search(w).is_ok())
                    .cloned()
                    .collect(),
            ),
        ];
        for (n, (part, words)) in graphs.into_iter().enumerate() {
            let key = GraphKey {
                list_sha256: e.sha256.clone(),
                manners_sha256: manners_sha256.clone(),
                part: part.clone(),
            };
            let graph = Gaddag::build_marked(
                words.iter().map(|w| (w.as_bytes(), rude(w))),
                SLOT_LIMIT,
                &mut |_| {},
            )
            .expect("a shipped list fits the graph");
            let name = format!("{id}-{n}.graph");
            fs::write(out.join(&name), graph.to_bytes(&key)).expect("write a graph");
            code.push_str(&format!(
                "    ({:?}, {part:?}, data_file!(\"{name}\")),\n",
                e.sha256
            ));
        }
    }
    code.push_str("];\n");
    code.push_str(&format!(
        "pub(crate) const PREBUILT_MANNERS_SHA256: &str = {manners_sha256:?};\n\
         pub(crate) const COMMON_WORDS_SHA256: &str = {common_sha256:?};\n"
    ));
    fs::write(out.join("prebuilt_graphs.rs"), code).expect("write prebuilt_graphs.rs");
    // Where the graphs are, for the web crate's build script (`links` metadata).
    println!("cargo:out_dir={}", out.display());
}
