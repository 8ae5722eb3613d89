//! `cargo bench -p wordclub-cli --bench cold_start` — what a person waits for when a process
//! starts cold, measured on the release binary, each run a new process:
//!
//! - `moves` for a classic opening (the default list, polite and any manners): process start
//!   to the move list printed;
//! - `analyze ID` of one finished match;
//! - `moves` with `--list-file` of a large list neither prebuilt nor kept (the graph is
//!   built and kept), then again (the kept graph is read back).
//!
//! Medians and the fastest of `COLD_RUNS` runs (default 15) are printed.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use wordclub_engine::{ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::{computer_action, Level};
use wordclub_store::Store;

const CLI: &str = env!("CARGO_BIN_EXE_wordclub-cli");

/// Runs the CLI once (graphs kept in `graphs`), checks it succeeded, returns the wall time.
fn once(args: &[&str], graphs: &Path) -> f64 {
    let t = Instant::now();
    let out = Command::new(CLI)
        .args(args)
        .env("WORDCLUB_GRAPH_DIR", graphs)
        .output()
        .expect("run wordclub-cli");
    let ms = t.elapsed().as_secs_f64() * 1e3;
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    ms
}

fn report(what: &str, mut runs: Vec<f64>) {
    runs.sort_by(f64::total_cmp);
    println!(
        "{what:<58} median {:>7.1} ms  fastest {:>7.1} ms  ({} runs)",
        runs[runs.len() / 2],
        runs[0],
        runs.len()
    );
}

fn main() {
    let runs: usize = std::env::var("COLD_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(15);
    let dir = std::env::temp_dir().join(format!("wordclub-cold-start-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let graphs = dir.join("graphs");
    let empty = vec!["15"; 15].join("/");
    let position = format!("{empty} AEINRST/ 0/0 0");
    for manners in ["polite", "any"] {
        let args = [
            "moves",
            "--rules",
            "classic-15",
            "--position",
            &position,
            "--limit",
            "5",
            "--manners",
            manners,
        ];
        once(&args, &graphs);
        let times = (0..runs).map(|_| once(&args, &graphs)).collect();
        report(
            &format!("cold start to the classic opening's moves ({manners})"),
            times,
        );
    }

    // One finished match between Hard and Greedy in a history.
    let db = dir.join("h.db");
    {
        let rules = RuleSet::builtin("classic-15").unwrap();
        let list = WordList::builtin("wordclub").unwrap();
        let players = vec![
            PlayerSpec::computer("Ann", "hard"),
            PlayerSpec::computer("Ben", "greedy"),
        ];
        let mut m = Match::new(rules, ListRef::of(list), players, 21).unwrap();
        let levels = [Level::Hard, Level::Greedy];
        while let Some(seat) = m.to_move() {
            let a = computer_action(&m, seat, list, levels[seat]).unwrap();
            m.apply(a, list).unwrap();
        }
        Store::open(db.to_str().unwrap())
            .unwrap()
            .create(&m)
            .unwrap();
    }
    // `analyze` keeps the analysis it made: each run gets a fresh copy of the history.
    let times = (0..runs.min(7))
        .map(|i| {
            let fresh = dir.join(format!("h{i}.db"));
            std::fs::copy(&db, &fresh).unwrap();
            once(&["analyze", "1", "--db", fresh.to_str().unwrap()], &graphs)
        })
        .collect();
    report("analyze 1 (one finished classic match)", times);

    // A large list from a file: built (and kept) the first time, read back after.
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wordlists/wordclub/wordclub-2.txt");
    let copy = dir.join("my-list.txt");
    std::fs::copy(&file, &copy).unwrap();
    let args = [
        "moves",
        "--rules",
        "classic-15",
        "--list-file",
        copy.to_str().unwrap(),
        "--position",
        &position,
        "--limit",
        "5",
    ];
    let mut built = Vec::new();
    for _ in 0..3 {
        let _ = std::fs::remove_dir_all(&graphs);
        built.push(once(&args, &graphs));
    }
    report("--list-file of 259,004 words, graph built and kept", built);
    let kept = (0..runs).map(|_| once(&args, &graphs)).collect();
    report(
        "--list-file of 259,004 words, graph kept by a run before",
        kept,
    );
    let _ = std::fs::remove_dir_all(&dir);
}
