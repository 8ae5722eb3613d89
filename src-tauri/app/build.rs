//! Embeds the shipped rules-lab evidence: every `*.json` in `src-tauri/lab/data/evidence/`
//! (see its README), so a new file (the next candidate's) is shipped with no code change.
//! Writes `evidence_files.rs`: `FILES`, (file name, text) in name order, read by
//! `src/evidence.rs`. A file that is not a lab measure shard of the rule set its name
//! begins with stops the build here, naming it; the app reads each one again with the lab's
//! own types (`wordclub_lab::evidence::parse`), and its tests read every shipped file.
use std::{env, fs, path::PathBuf};

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let dir = manifest_dir.join("../lab/data/evidence");
    // A folder: cargo rescans it, so an added or changed file reruns this script.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|n| n.ends_with(".json"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut code = String::from(
        "/// The shipped lab evidence: (file name, its text), in name order.\n\
         pub(crate) static FILES: &[(&str, &str)] = &[\n",
    );
    for name in &names {
        let path = dir.join(name);
        let text = fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("lab evidence {name}: cannot read it: {e}"));
        let shard: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("lab evidence {name}: not JSON: {e}"));
        let id = shard["rules"]["id"].as_str().unwrap_or_default();
        assert!(
            shard["lab_shard"] == "measure" && !id.is_empty(),
            "lab evidence {name}: not a lab measure shard (the stdout of lab measure --shard 1/1)"
        );
        assert!(
            name.starts_with(&format!("{id}.")),
            "lab evidence {name}: it holds rule set {id}, so its name begins with {id}."
        );
        let path = path.canonicalize().expect("the evidence file's path");
        code.push_str(&format!("    ({name:?}, include_str!({:?})),\n", path));
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    fs::write(out.join("evidence_files.rs"), code).expect("write evidence_files.rs");
    head_start_files(&manifest_dir, &out);
}

/// The head-start evidence (`src-tauri/lab/data/head_start/<rule-set id>.json`, what `lab
/// head-start --json` prints), embedded the same way into `head_start_files.rs`; the app
/// reads each with the lab's own reader (`wordclub_lab::head_start::parse`), which checks it.
fn head_start_files(manifest_dir: &std::path::Path, out: &std::path::Path) {
    let dir = manifest_dir.join("../lab/data/head_start");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|n| n.ends_with(".json"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut code = String::from(
        "/// The shipped head-start evidence: (file name, its text), in name order.\n\
         pub(crate) static FILES: &[(&str, &str)] = &[\n",
    );
    for name in &names {
        let path = dir
            .join(name)
            .canonicalize()
            .expect("the head-start file's path");
        code.push_str(&format!("    ({name:?}, include_str!({:?})),\n", path));
    }
    code.push_str("];\n");
    fs::write(out.join("head_start_files.rs"), code).expect("write head_start_files.rs");
}
