//! A list's word graph through the built binary: a `--list-file` list's graph is built the
//! first time (and says so on stderr), kept in the graph folder, and read back by the next
//! run, which lists the same moves without building; the default list's is prebuilt.
mod common;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn moves(list_file: Option<&Path>, graphs: &Path) -> (Value, String) {
    let empty = vec!["15"; 15].join("/");
    let position = format!("{empty} AEINRST/ 0/0 0");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wordclub-cli"));
    cmd.args([
        "moves",
        "--rules",
        "classic-15",
        "--position",
        &position,
        "--limit",
        "3",
    ]);
    if let Some(f) = list_file {
        cmd.arg("--list-file").arg(f);
    }
    let out = cmd
        .env("WORDCLUB_GRAPH_DIR", graphs)
        .output()
        .expect("run wordclub-cli");
    assert_eq!(out.status.code(), Some(0));
    (
        serde_json::from_slice(&out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_list_files_graph_is_built_once_then_read_back() {
    let dir = common::folder("graph-cli", "kept");
    let graphs = dir.join("graphs");
    let list = dir.join("my-words.txt");
    std::fs::write(
        &list,
        "retains\nstainer\nretinas\nnastier\nrat\ntar\nart\nsat\n",
    )
    .unwrap();

    let (first, stderr) = moves(Some(&list), &graphs);
    assert!(
        stderr.contains("building the word graph of my-words.txt (8 words"),
        "{stderr}"
    );
    let kept: Vec<_> = std::fs::read_dir(&graphs).unwrap().collect();
    assert_eq!(kept.len(), 1, "one graph kept");

    let (second, stderr) = moves(Some(&list), &graphs);
    assert_eq!(stderr, "", "the kept graph is read, not built");
    assert_eq!(first, second);
    let best = first["moves"][0]["move"].as_str().unwrap().to_string();
    assert!(
        ["NASTIER", "RETAINS", "RETINAS", "STAINER"]
            .iter()
            .any(|w| best.ends_with(w)),
        "a bingo of the list's words first: {first}"
    );

    // The default list's graph ships prebuilt: nothing is built or kept.
    let (_, stderr) = moves(None, &dir.join("none"));
    assert_eq!(stderr, "");
    assert!(!dir.join("none").exists());
}
