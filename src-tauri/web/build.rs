//! Lists the data files the web app fetches beside its code: the files the build scripts of
//! wordclub-lexicon, wordclub-definitions and wordclub-movegen wrote (each tells its folder
//! through `links` metadata: `DEP_WORDCLUB_<CRATE>_DATA_OUT_DIR`). For each it records the
//! name the data crate asks for (`lexicon/wordclub-4.fst`), its SHA-256 and size in
//! `data_files.rs` (the module checks every file handed to it against them), and copies it to
//! `OUT_DIR/data/` under a content-hashed name (`lexicon-wordclub-4.<16 hex>.fst`) with
//! `data-manifest.json`, which `build.sh` copies next to the module. Only when building for
//! wasm32: natively the crate is empty and there is nothing to list.
use std::env;
use std::fs;
use std::path::PathBuf;

use sha2::{Digest, Sha256};

/// The data crates and the generated files of theirs that are code, not data.
const CRATES: &[(&str, &str)] = &[
    ("lexicon", "DEP_WORDCLUB_LEXICON_DATA_OUT_DIR"),
    ("definitions", "DEP_WORDCLUB_DEFINITIONS_DATA_OUT_DIR"),
    ("movegen", "DEP_WORDCLUB_MOVEGEN_DATA_OUT_DIR"),
];

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let data = out.join("data");
    let _ = fs::remove_dir_all(&data);
    fs::create_dir_all(&data).expect("create OUT_DIR/data");
    let mut code = String::from(
        "/// Every data file: (name asked for, file name in the web build, SHA-256, bytes).\n\
         pub(crate) static DATA_FILES: &[(&str, &str, &str, u64)] = &[\n",
    );
    let mut manifest = Vec::new();
    for (krate, var) in CRATES {
        println!("cargo:rerun-if-env-changed={var}");
        let Ok(dir) = env::var(var) else { continue };
        let mut names: Vec<String> = fs::read_dir(&dir)
            .expect("read a data crate's OUT_DIR")
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .filter(|n| !n.ends_with(".rs"))
            .collect();
        names.sort();
        for name in names {
            let path = PathBuf::from(&dir).join(&name);
            println!("cargo:rerun-if-changed={}", path.display());
            let bytes = fs::read(&path).expect("read a data file");
            let sha: String = Sha256::digest(&bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            let (stem, ext) = name.rsplit_once('.').unwrap_or((&name, "bin"));
            let file = format!("{krate}-{stem}.{}.{ext}", &sha[..16]);
            fs::write(data.join(&file), &bytes).expect("copy a data file");
            let asked = format!("{krate}/{name}");
            code.push_str(&format!(
                "    ({asked:?}, {file:?}, {sha:?}, {}),\n",
                bytes.len()
            ));
            manifest.push(serde_json::json!({
                "name": asked, "file": file, "sha256": sha, "bytes": bytes.len(),
            }));
        }
    }
    code.push_str("];\n");
    fs::write(out.join("data_files.rs"), code).expect("write data_files.rs");
    let manifest = serde_json::json!({ "files": manifest });
    fs::write(
        data.join("data-manifest.json"),
        serde_json::to_string_pretty(&manifest).expect("encode the manifest"),
    )
    .expect("write data-manifest.json");
}
