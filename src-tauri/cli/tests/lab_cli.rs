//! `lab measure` and `lab search` through the built binary, on few games (CI shares 2 cores).
use serde_json::Value;
use std::process::Command;

mod common;
use common::cli;

fn strip(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("games_per_second");
    v.as_object_mut().unwrap().remove("threads");
    v
}

#[test]
fn measure_gives_every_figure_the_same_on_one_thread_or_two() {
    let args = |threads: &'static str| {
        vec![
            "lab",
            "measure",
            "--rules",
            "wordclub-1.1",
            "--games",
            "6",
            "--players",
            "hard,hard",
            "--seed",
            "3000",
            "--threads",
            threads,
            "--json",
        ]
    };
    let (code, one) = cli(&args("1"));
    assert_eq!(code, 0, "{one}");
    let (code, two) = cli(&args("2"));
    assert_eq!(code, 0, "{two}");
    assert_eq!(strip(one.clone()), strip(two));
    assert_eq!(one["games"], 6);
    let e = &one["endings"];
    let total: f64 = ["went_out", "passes", "full_board", "turn_limit", "resigned"]
        .iter()
        .map(|k| e[k]["rate"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "{e}");
    // 1.1 jams with tiles in the bag (docs/balance-1.1.md): every figure says so.
    assert!(one["bag_left"]["mean"].as_f64().unwrap() > 5.0, "{one}");
    assert!(
        one["squares_filled"]["mean"].as_f64().unwrap() < 70.0,
        "{one}"
    );
    let first = &one["first_player_win"];
    let [lo, hi] = [
        first["ci95"][0].as_f64().unwrap(),
        first["ci95"][1].as_f64().unwrap(),
    ];
    assert!(lo <= first["rate"].as_f64().unwrap() && first["rate"].as_f64().unwrap() <= hi);
    for key in ["score", "winning_margin", "turns"] {
        assert!(one[key]["sd"].is_number(), "{key}");
    }
    assert!(one["blanks"]["per_match"]["mean"].as_f64().unwrap() > 0.0);
    assert!(one["no_placement"]["turns"].as_f64().unwrap() > 0.0);
}

#[test]
fn measure_has_per_seat_rates_for_three_players_and_a_summary_without_json() {
    let (code, m) = cli(&[
        "lab",
        "measure",
        "--rules",
        "wordclub-1.0",
        "--games",
        "3",
        "--players",
        "greedy,greedy,greedy",
        "--json",
    ]);
    assert_eq!(code, 0, "{m}");
    let seats = m["seat_win"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    let sum: f64 = seats.iter().map(|s| s["rate"].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-9);

    let out = Command::new(env!("CARGO_BIN_EXE_wordclub-cli"))
        .args([
            "lab",
            "measure",
            "--rules",
            "wordclub-1.0",
            "--games",
            "2",
            "--players",
            "greedy,greedy",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("first player") && text.contains("endings"),
        "{text}"
    );
    // Not a terminal: no progress bar on stderr.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_rule_set_file_is_measured_and_a_malformed_one_names_its_field() {
    let dir = std::env::temp_dir().join(format!("wc-lab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_, printed) = cli(&["rules", "wordclub-1.0"]);
    let good = dir.join("good.json");
    std::fs::write(&good, printed.to_string()).unwrap();
    let args = |path: &str| {
        cli(&[
            "lab",
            "measure",
            "--rules-file",
            path,
            "--games",
            "2",
            "--players",
            "greedy,greedy",
            "--json",
        ])
    };
    let (code, m) = args(good.to_str().unwrap());
    assert_eq!(code, 0, "{m}");
    assert_eq!(m["rules"], "wordclub-1.0");

    let mut bad = printed["rule_sets"][0].clone();
    bad["tiles"][2]["count"] = "two".into();
    let path = dir.join("bad.json");
    std::fs::write(&path, bad.to_string()).unwrap();
    let (code, e) = args(path.to_str().unwrap());
    assert_eq!(code, 2, "{e}");
    assert_eq!(e["error"]["kind"], "invalid_rule_set");
    let message = e["error"]["message"].as_str().unwrap();
    assert!(message.contains("`tiles[2].count`"), "{message}");

    let mut bad = printed["rule_sets"][0].clone();
    bad["star"] = "K11".into();
    std::fs::write(&path, bad.to_string()).unwrap();
    let (_, e) = args(path.to_str().unwrap());
    assert!(
        e["error"]["message"].as_str().unwrap().contains("`star`"),
        "{e}"
    );

    let (code, e) = args(dir.join("missing.json").to_str().unwrap());
    assert_eq!(
        (code, e["error"]["kind"].as_str()),
        (2, Some("file")),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn search_tries_every_variant_stops_clear_misses_early_and_reports_the_front() {
    let dir = std::env::temp_dir().join(format!("wc-lab-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let best = dir.join("best.json");
    let (code, r) = cli(&[
        "lab",
        "search",
        "--base",
        "wordclub-1.1",
        "--vary",
        "bag=0.6,1",
        "--target",
        "bag_emptied>=95% went_out>=50%",
        "--players",
        "greedy,greedy",
        "--games",
        "40",
        "--batch",
        "20",
        "--write-best",
        best.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{r}");
    let variants = r["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 2);
    // The full 1.1 bag never empties: that variant stops after its first batch.
    let full = &variants[1];
    assert_eq!(full["changes"][0], "bag×1");
    assert_eq!(
        (full["games"].as_u64(), full["stopped"].as_str()),
        (Some(20), Some("outside"))
    );
    assert_eq!(full["meets_targets"], false);
    let small = &variants[0];
    assert!(
        small["targets"][0]["estimate"].as_f64().unwrap() > 0.5,
        "{small}"
    );
    let front: Vec<u64> = r["pareto_front"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(front, vec![0]);
    assert_eq!(r["best"], 0);
    // The best variant is written as a rule set `lab measure --rules-file` reads back.
    let (code, m) = cli(&[
        "lab",
        "measure",
        "--rules-file",
        best.to_str().unwrap(),
        "--games",
        "2",
        "--players",
        "greedy,greedy",
        "--json",
    ]);
    assert_eq!(code, 0, "{m}");
    assert!(m["rules"].as_str().unwrap().starts_with("wordclub-1.1+bag"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn search_refuses_unknown_axes_and_targets_with_a_sentence() {
    for (vary, target, needle) in [
        ("size=3", "went_out>=90%", "unknown axis"),
        ("bag=0.7", "wins>=3", "NAME one of"),
        ("bag=lots", "went_out>=90%", "numbers"),
    ] {
        let (code, e) = cli(&[
            "lab",
            "search",
            "--base",
            "wordclub-1.1",
            "--vary",
            vary,
            "--target",
            target,
        ]);
        assert_eq!(code, 2, "{e}");
        assert_eq!(e["error"]["kind"], "bad_search");
        assert!(
            e["error"]["message"].as_str().unwrap().contains(needle),
            "{e}"
        );
    }
    let (code, e) = cli(&["lab", "frobnicate"]);
    assert_eq!((code, e["error"]["kind"].as_str()), (2, Some("usage")));
}

#[test]
fn search_targets_what_a_table_feels_and_says_which_each_variant_misses() {
    let (code, r) = cli(&[
        "lab",
        "search",
        "--base",
        "wordclub-1.2",
        "--vary",
        "passes=2,3",
        "--target",
        "worst_seat<=10% moves_per_player>=30 board_jams<=50%",
        "--players",
        "greedy,greedy,greedy",
        "--games",
        "9",
        "--batch",
        "9",
        "--json",
    ]);
    assert_eq!(code, 0, "{r}");
    assert_eq!(
        r["targets"],
        serde_json::json!([
            "worst_seat <= 10.0%",
            "moves_per_player >= 30",
            "board_jams <= 50.0%"
        ])
    );
    for v in r["variants"].as_array().unwrap() {
        let t = &v["targets"];
        // Nobody makes 30 moves on a 9×9 board with three at the table: missed, by name.
        assert_eq!(t[1]["verdict"], "clearly_missed", "{v}");
        assert!(t[1]["estimate"].as_f64().unwrap() < 30.0);
        let worst = t[0]["estimate"].as_f64().unwrap();
        assert!((0.0..=2.0 / 3.0).contains(&worst), "{v}");
        assert_eq!(v["meets_targets"], false);
    }
}

#[test]
fn search_across_table_sizes_judges_each_target_at_its_tables_and_writes_by_table_rules() {
    let dir = std::env::temp_dir().join(format!("wc-lab-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let best = dir.join("best.json");
    let (code, r) = cli(&[
        "lab",
        "search",
        "--base",
        "wordclub-1.2",
        "--vary",
        "at4.board=9,11 at3.start=0,4",
        "--target",
        "worst_seat<=50% moves_per_player>=3@4 missing_letters<=5 win.greedy>=10%@greedy,easy",
        "--players",
        "greedy,greedy;greedy,greedy,greedy;greedy,greedy,greedy,greedy;greedy,easy",
        "--games",
        "8",
        "--batch",
        "8",
        "--threads",
        "1",
        "--write-best",
        best.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{r}");
    assert_eq!(r["tables"].as_array().unwrap().len(), 4);
    assert_eq!(
        r["targets"],
        serde_json::json!([
            "worst_seat <= 50.0%",
            "moves_per_player >= 3 @4",
            "missing_letters <= 5",
            "win.greedy >= 10.0% @greedy,easy"
        ])
    );
    let variants = r["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 4);
    assert_eq!(
        variants[2]["changes"],
        serde_json::json!(["board 11 @4", "start 0 @3"])
    );
    for v in variants {
        // worst_seat at each of four tables, moves at four players, letters at four, the
        // skill target at the mixed table: ten (target, table) rows.
        let rows = v["targets"].as_array().unwrap();
        assert_eq!(rows.len(), 10, "{v}");
        let tables: Vec<&str> = rows.iter().map(|t| t["table"].as_str().unwrap()).collect();
        assert_eq!(tables[4], "greedy,greedy,greedy,greedy");
        assert_eq!(tables[9], "greedy,easy");
        assert_eq!(v["games"], 8);
        // Each missed (target, table) is named with its table and by how much.
        for (row, miss) in rows
            .iter()
            .filter(|t| t["shortfall"].as_f64().unwrap() > 0.0)
            .zip(v["misses"].as_array().unwrap())
        {
            let miss = miss.as_str().unwrap();
            assert!(miss.contains(row["table"].as_str().unwrap()), "{miss}");
        }
        assert_eq!(v["bag_sizes"].as_array().unwrap().len(), 4);
    }
    // The front's variants carry each table's figures, its own board at four players.
    let front = r["pareto_front"].as_array().unwrap();
    for i in front {
        let v = &variants[i.as_u64().unwrap() as usize];
        let figures = v["measurements"].as_array().unwrap();
        assert_eq!(figures.len(), 4);
        let board11 = v["changes"][0] == "board 11 @4";
        assert_eq!(figures[2]["squares"], if board11 { 121 } else { 81 }, "{v}");
        assert_eq!(figures[0]["squares"], 81);
    }
    // The best rule set is written with its per-table changes, and lab measure plays it at
    // each table under that table's rules.
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&best).unwrap()).unwrap();
    let by_table = written["by_table"].as_array().map_or(0, Vec::len);
    let best_i = r["best"].as_u64().unwrap() as usize;
    let changed = variants[best_i]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| *c != "board 9 @4" && *c != "start 0 @3")
        .count();
    assert_eq!(by_table, changed, "{written}");
    let (code, m) = cli(&[
        "lab",
        "measure",
        "--rules-file",
        best.to_str().unwrap(),
        "--games",
        "2",
        "--players",
        "greedy,greedy;greedy,greedy,greedy,greedy",
        "--json",
    ]);
    assert_eq!(code, 0, "{m}");
    assert_eq!(
        m["tables"][1]["squares"],
        variants[best_i]["measurements"][2]["squares"]
    );
    // Sharded, a table's figures are still of its own rules once merged: an 11×11 board at
    // four players, from a one-variant search.
    let eleven = dir.join("eleven.json");
    let (code, r) = cli(&[
        "lab",
        "search",
        "--base",
        "wordclub-1.2",
        "--vary",
        "at4.board=11",
        "--target",
        "went_out>=0%",
        "--players",
        "greedy,greedy,greedy,greedy",
        "--games",
        "2",
        "--write-best",
        eleven.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{r}");
    let one = |extra: &[&str]| {
        let mut args = vec![
            "lab",
            "measure",
            "--rules-file",
            eleven.to_str().unwrap(),
            "--games",
            "4",
            "--players",
            "greedy,greedy,greedy,greedy",
        ];
        args.extend_from_slice(extra);
        cli(&args)
    };
    let (_, whole) = one(&["--json"]);
    let mut files = Vec::new();
    for k in ["1/2", "2/2"] {
        let (code, shard) = one(&["--shard", k]);
        assert_eq!(code, 0, "{shard}");
        let path = dir.join(format!("m{}.json", &k[..1]));
        std::fs::write(&path, shard.to_string()).unwrap();
        files.push(path.to_str().unwrap().to_string());
    }
    let (code, merged) = cli(&["lab", "merge", &files[0], &files[1], "--json"]);
    assert_eq!(code, 0, "{merged}");
    assert_eq!(merged, whole);
    assert_eq!(merged["squares"], 121);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn search_refuses_a_target_that_judges_no_table() {
    for (target, players, needle) in [
        ("worst_seat<=3%@3", "hard,hard", "no table of --players"),
        (
            "win.medium>=60%",
            "hard,hard;hard,medium",
            "no medium player",
        ),
        ("worst_seat<=3%@9", "hard,hard", "after @"),
    ] {
        let (code, e) = cli(&[
            "lab",
            "search",
            "--base",
            "wordclub-1.2",
            "--vary",
            "at4.rack=6",
            "--target",
            target,
            "--players",
            players,
        ]);
        assert_eq!(code, 2, "{e}");
        assert_eq!(e["error"]["kind"], "bad_search");
        assert!(
            e["error"]["message"].as_str().unwrap().contains(needle),
            "{e}"
        );
    }
}
