//! `rules_evidence`: the Rules screen's lab evidence, read from the shipped evidence files
//! (src-tauri/lab/data/evidence/) and drawn by the lab report's charts.
mod common;

use common::{app, ok, refuses};
use serde_json::{json, Value};
use wordclub_engine::RuleSet;
use wordclub_lab::{evidence, LabShard};

const CHARTS: [&str; 6] = [
    "seat-wins",
    "endings",
    "length",
    "heat-map",
    "scores",
    "margin",
];

/// The evidence folder as a test reads it: (file name, text).
fn folder() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../lab/data/evidence");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".json"))
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read_to_string(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// Every element name opened in a piece of markup.
fn elements(svg: &str) -> Vec<String> {
    svg.split('<')
        .skip(1)
        .filter(|t| !t.starts_with('/'))
        .map(|t| {
            t.chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect()
        })
        .collect()
}

#[test]
fn a_candidate_answers_its_tables_figures_and_charts() {
    let app = app();
    let e = ok(&app, "rules_evidence", json!({"rules": "wordclub-1.2"}));
    assert_eq!(e["rules"], "wordclub-1.2");
    assert_eq!(e["shipped"], true);
    let tables = e["tables"].as_array().unwrap();
    // Hard in every seat at 2, 3 and 4 players first, then the mixed tables.
    let sizes: Vec<(usize, bool)> = tables
        .iter()
        .map(|t| {
            (
                t["seats"].as_array().unwrap().len(),
                t["mixed"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(&sizes[..3], &[(2, false), (3, false), (4, false)]);
    assert!(sizes[3..].iter().all(|&(_, mixed)| mixed), "{sizes:?}");
    for t in tables {
        let n = t["seats"].as_array().unwrap().len();
        // The figures are those of the file: its shard read back by the lab itself.
        let file = t["file"].as_str().unwrap();
        let text = folder()
            .into_iter()
            .find(|(name, _)| name == file)
            .unwrap_or_else(|| panic!("{file} is not in the folder"))
            .1;
        let LabShard::Measure(shard) = serde_json::from_str::<LabShard>(&text).unwrap() else {
            panic!("{file} is not a measure shard")
        };
        assert_eq!(t["games"].as_u64().unwrap(), shard.tally.games);
        assert_eq!(t["players"], json!(shard.players));
        let wins: Vec<f64> = shard
            .tally
            .seat_win
            .iter()
            .map(|&w| w as f64 / 12.0 / shard.tally.games as f64)
            .collect();
        for (seat, want) in t["seats"].as_array().unwrap().iter().zip(&wins) {
            let win = seat["win"].as_f64().unwrap();
            assert!((win - want).abs() < 1e-12, "{file}: {win} vs {want}");
            let (lo, hi) = (
                seat["ci95"][0].as_f64().unwrap(),
                seat["ci95"][1].as_f64().unwrap(),
            );
            let (lo5, hi5) = (
                seat["ci995"][0].as_f64().unwrap(),
                seat["ci995"][1].as_f64().unwrap(),
            );
            assert!(
                lo5 < lo && lo < win && win < hi && hi < hi5,
                "{file}: {seat}"
            );
        }
        assert!((t["fair_share"].as_f64().unwrap() - 1.0 / n as f64).abs() < 1e-12);
        assert!(t["moves_per_player"].as_f64().unwrap() > 1.0);
        assert!(t["command"]
            .as_str()
            .unwrap()
            .contains(&format!("--players {} ", shard.players.join(","))));
        // Every chart of `--report`, each with its words.
        let charts = t["charts"].as_array().unwrap();
        let ids: Vec<&str> = charts.iter().map(|c| c["id"].as_str().unwrap()).collect();
        assert_eq!(ids, CHARTS, "{file}");
        for c in charts {
            let svg = c["svg"].as_str().unwrap();
            assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\""));
            assert!(svg.ends_with("</svg>"));
            for el in elements(svg) {
                assert!(
                    ["svg", "g", "rect", "line", "polyline", "text", "title"]
                        .contains(&el.as_str()),
                    "{file} {}: <{el}>",
                    c["id"]
                );
            }
            assert!(!svg.contains("style=") && !svg.contains(" on") && !svg.contains("href"));
            assert!(!c["description"].as_str().unwrap().is_empty());
        }
        // The seat chart's bars are the seats' shares, and its words say them.
        let seat_chart = charts[0]["svg"].as_str().unwrap();
        assert_eq!(seat_chart.matches("<g data-seat=").count(), n);
        for (i, w) in wins.iter().enumerate() {
            assert!(seat_chart.contains(&format!(
                "data-seat=\"{}\" data-players=\"{n}\" data-win=\"{w:.4}\"",
                i + 1
            )));
            assert!(charts[0]["description"]
                .as_str()
                .unwrap()
                .contains(&format!("seat {} {:.1}%", i + 1, 100.0 * w)));
        }
        // A 9×9 board's heat map has a square for each of its 81 squares.
        assert_eq!(
            charts[3]["svg"]
                .as_str()
                .unwrap()
                .matches("data-square=")
                .count(),
            81
        );
    }
}

#[test]
fn a_rule_set_without_evidence_says_so_and_an_unknown_one_is_refused() {
    let app = app();
    let e = ok(&app, "rules_evidence", json!({"rules": "wordclub-1.0"}));
    assert_eq!(e["shipped"], false);
    assert_eq!(e["tables"], json!([]));
    assert!(
        e["note"]
            .as_str()
            .unwrap()
            .starts_with("No lab evidence shipped"),
        "{e}"
    );
    refuses(
        &app,
        "rules_evidence",
        json!({"rules": "wordclub-9"}),
        "unknown_rule_set",
    );
    refuses(&app, "rules_evidence", json!({}), "bad_argument");
    refuses(
        &app,
        "rules_evidence",
        json!({"rules": "wordclub-1.2", "x": 1}),
        "bad_argument",
    );
}

#[test]
fn every_shipped_file_reads_and_is_of_the_rule_set_as_shipped() {
    let files = folder();
    assert!(files.len() >= 6, "{files:?}");
    for (name, text) in &files {
        let t = evidence::parse(name, text).unwrap_or_else(|e| panic!("{e} ({})", e.kind()));
        // Evidence of a rule set that has changed since would show figures of other rules.
        let now = RuleSet::builtin(&t.shard.rules.id).unwrap();
        assert_eq!(
            t.shard.rules_hash,
            now.hash(),
            "{name}: measured on another {}",
            now.id
        );
        assert_eq!(t.figures.games as u64, t.shard.games);
    }
    // The app ships exactly the folder's files.
    let shipped = ok(&app(), "rule_sets", json!({}));
    let with_evidence: usize = shipped
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            ok(&app(), "rules_evidence", json!({"rules": r["id"]}))["tables"]
                .as_array()
                .unwrap()
                .len()
        })
        .sum();
    assert_eq!(with_evidence, files.len());
}

#[test]
fn a_file_that_does_not_read_is_a_typed_error() {
    let files = folder();
    let (name, text) = &files[0];
    let cut: String = text.chars().take(text.len() / 2).collect();
    let mut bad: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    bad[0].1 = &cut;
    let id = name.split(".hard").next().unwrap();
    let e = evidence::tables_of(id, &bad).unwrap_err();
    assert_eq!(e.kind(), "bad_evidence");
    assert!(e.to_string().contains(name.as_str()), "{e}");
    // A file named for another rule set than the one it holds.
    let e = evidence::parse("wordclub-1.0.hard-hard.json", text).unwrap_err();
    assert_eq!(e.kind(), "bad_evidence");
    // A tally that does not add up (a seat won more than every match).
    let mut v: Value = serde_json::from_str(text).unwrap();
    v["tally"]["seat_win"][0] = json!(u64::MAX / 2);
    let e = evidence::parse(name, &v.to_string()).unwrap_err();
    assert_eq!(e.kind(), "bad_evidence", "{e}");
}
