//! The rules lab's bounds and shards through the built binary: every number past its bound is
//! a typed `out_of_range` refusal before anything is played, and a run split with
//! `--shard K/N` and put back with `lab merge` prints byte for byte what one run prints.
use serde_json::Value;
use std::path::Path;
use std::process::Command;

mod common;
use common::{cli, folder};

/// Runs `wordclub-cli` and answers (exit code, stdout bytes).
fn raw(args: &[&str]) -> (i32, Vec<u8>) {
    let out = Command::new(env!("CARGO_BIN_EXE_wordclub-cli"))
        .args(args)
        .output()
        .expect("run wordclub-cli");
    (out.status.code().expect("exit code"), out.stdout)
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

const MEASURE: [&str; 10] = [
    "lab",
    "measure",
    "--rules",
    "wordclub-1.2",
    "--games",
    "22",
    "--players",
    "hard,medium,easy",
    "--seed",
    "41",
];

#[test]
fn a_measure_run_sharded_four_ways_and_merged_prints_exactly_what_one_run_prints() {
    let dir = folder("lab_shards", "measure");
    let mut whole_args = MEASURE.to_vec();
    whole_args.push("--json");
    let (code, whole) = raw(&whole_args);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&whole));
    let mut files = Vec::new();
    for k in 1..=4 {
        let spec = format!("{k}/4");
        // Each shard on its own thread count: no figure depends on it.
        let threads = if k % 2 == 0 { "1" } else { "2" };
        let mut args = MEASURE.to_vec();
        args.extend(["--shard", &spec, "--threads", threads]);
        let (code, out) = raw(&args);
        assert_eq!(code, 0, "{}", String::from_utf8_lossy(&out));
        let shard: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(shard["lab_shard"], "measure");
        assert_eq!(shard["shard"]["k"], k);
        files.push(write(&dir, &format!("s{k}.json"), &out));
    }
    // In any order.
    let order = [&files[3], &files[1], &files[0], &files[2]];
    let mut merge = vec!["lab", "merge"];
    merge.extend(order.iter().map(|f| f.as_str()));
    merge.push("--json");
    let (code, merged) = raw(&merge);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&merged));
    assert_eq!(
        String::from_utf8(merged).unwrap(),
        String::from_utf8(whole.clone()).unwrap()
    );
    let figures: Value = serde_json::from_slice(&whole).unwrap();
    assert_eq!(figures["games"], 22);
    // A mixed table: the seats' shares still add up to every match.
    let seats: f64 = figures["seat_win"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["rate"].as_f64().unwrap())
        .sum();
    assert!((seats - 1.0).abs() < 1e-9, "{figures}");
    // What the table feels: per seat (with the 99.5% interval), moves per player, jams,
    // the letters (1.2 has no J, Q, V, X or Z), the skill signal of a mixed table.
    let per_seat = figures["per_seat"].as_array().unwrap();
    assert_eq!(per_seat.len(), 3);
    for s in per_seat {
        let (lo, hi) = (
            s["win_ci995"][0].as_f64().unwrap(),
            s["win_ci995"][1].as_f64().unwrap(),
        );
        let (lo95, hi95) = (
            s["win"]["ci95"][0].as_f64().unwrap(),
            s["win"]["ci95"][1].as_f64().unwrap(),
        );
        assert!(lo <= lo95 && hi95 <= hi, "{s}");
        assert!(s["turns"].as_f64().unwrap() > 1.0, "{s}");
    }
    let turns = figures["turns"]["mean"].as_f64().unwrap();
    let mpp = figures["table"]["moves_per_player"].as_f64().unwrap();
    assert!((mpp - turns / 3.0).abs() < 1e-9, "{mpp} {turns}");
    assert_eq!(figures["letters"]["missing"], "JQVXZ");
    assert_eq!(figures["table"]["fair_share"].as_f64().unwrap(), 1.0 / 3.0);
    let hard = figures["per_player"][0]["win_rate"]["rate"]
        .as_f64()
        .unwrap();
    let easy = figures["per_player"][2]["win_rate"]["rate"]
        .as_f64()
        .unwrap();
    assert!(hard > easy, "hard {hard} easy {easy}");
    // The summary for people from the merged shards has the figures, without a speed.
    let (code, text) = raw(&merge[..merge.len() - 1]);
    assert_eq!(code, 0);
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("22 matches") && !text.contains("matches/s"),
        "{text}"
    );

    // Refusals name what is wrong and change nothing.
    let refuse = |files: &[&str], needle: &str| {
        let mut args = vec!["lab", "merge"];
        args.extend(files);
        let (code, e) = cli(&args);
        assert_eq!(code, 2, "{files:?}: {e}");
        assert_eq!(e["error"]["kind"], "bad_shard", "{e}");
        let message = e["error"]["message"].as_str().unwrap();
        assert!(message.contains(needle), "{needle}: {message}");
    };
    refuse(&[&files[0], &files[1], &files[2]], "shard 4/4 is missing");
    refuse(&[&files[0], &files[0], &files[1], &files[2]], "given twice");
    let mut other = MEASURE.to_vec();
    other[9] = "42";
    other.extend(["--shard", "4/4"]);
    let (_, out) = raw(&other);
    let stranger = write(&dir, "other-seed.json", &out);
    refuse(
        &[&files[0], &files[1], &files[2], &stranger],
        "of another run",
    );
    // A forged shard is refused before anything is added: a histogram that does not hold
    // one value per match, a value whose square would not fit, a shard count past the bound.
    let real: Value = serde_json::from_slice(&std::fs::read(&files[0]).unwrap()).unwrap();
    let mut forged = real.clone();
    forged["tally"]["turns"] = serde_json::json!([[5, 1]]);
    let forged_turns = write(&dir, "forged-turns.json", forged.to_string().as_bytes());
    refuse(&[&forged_turns], "value per match");
    let mut forged = real.clone();
    let games = forged["tally"]["games"].as_u64().unwrap();
    forged["tally"]["margin"] = serde_json::json!([[i64::MAX, games]]);
    let forged_margin = write(&dir, "forged-margin.json", forged.to_string().as_bytes());
    refuse(&[&forged_margin], "value per match");
    let mut forged = real.clone();
    forged["shard"]["n"] = serde_json::json!(u64::MAX);
    let forged_n = write(&dir, "forged-n.json", forged.to_string().as_bytes());
    refuse(&[&forged_n], "N is 1 to 10000");
    let garbage = write(
        &dir,
        "garbage.json",
        b"{\"lab_shard\":\"measure\",\"shard\":3}",
    );
    refuse(&[&garbage], "not a shard");
    let (code, e) = cli(&["lab", "merge"]);
    assert_eq!((code, e["error"]["kind"].as_str()), (2, Some("usage")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_search_sharded_two_ways_and_merged_gives_the_figures_and_best_of_one_search() {
    let dir = folder("lab_shards", "search");
    let base = [
        "lab",
        "search",
        "--base",
        "wordclub-1.1",
        "--vary",
        "bag=0.5,0.6,1",
        "--target",
        "bag_emptied>=95% went_out>=50%",
        "--players",
        "greedy,greedy",
        "--games",
        "30",
        "--batch",
        "15",
    ];
    let best_whole = dir.join("best-whole.json");
    let mut whole_args = base.to_vec();
    whole_args.extend(["--json", "--write-best", best_whole.to_str().unwrap()]);
    let (code, whole) = raw(&whole_args);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&whole));
    let mut files = Vec::new();
    for k in 1..=2 {
        let spec = format!("{k}/2");
        let mut args = base.to_vec();
        args.extend(["--shard", &spec]);
        let (code, out) = raw(&args);
        assert_eq!(code, 0, "{}", String::from_utf8_lossy(&out));
        files.push(write(&dir, &format!("s{k}.json"), &out));
    }
    let best_merged = dir.join("best-merged.json");
    let (code, merged) = raw(&[
        "lab",
        "merge",
        &files[1],
        &files[0],
        "--json",
        "--write-best",
        best_merged.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&merged));
    assert_eq!(
        String::from_utf8(merged).unwrap(),
        String::from_utf8(whole.clone()).unwrap()
    );
    assert_eq!(
        std::fs::read(&best_whole).unwrap(),
        std::fs::read(&best_merged).unwrap()
    );
    let report: Value = serde_json::from_slice(&whole).unwrap();
    assert_eq!(report["variants"].as_array().unwrap().len(), 3);
    // Measure shards and search shards are never added together.
    let (_, m) = raw(&[
        "lab",
        "measure",
        "--rules",
        "wordclub-1.0",
        "--games",
        "2",
        "--players",
        "greedy,greedy",
        "--shard",
        "1/1",
    ]);
    let m = write(&dir, "measure.json", &m);
    let (code, e) = cli(&["lab", "merge", &files[0], &m]);
    assert_eq!(
        (code, e["error"]["kind"].as_str()),
        (2, Some("bad_shard")),
        "{e}"
    );
    let (code, e) = cli(&["lab", "merge", &files[0]]);
    assert_eq!(code, 2);
    assert!(
        e["error"]["message"]
            .as_str()
            .unwrap()
            .contains("in no shard"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_search_across_table_sizes_sharded_three_ways_merges_into_the_figures_and_page_of_one() {
    let dir = folder("lab_shards", "tables");
    let base = [
        "lab",
        "search",
        "--base",
        "wordclub-1.2",
        "--vary",
        "at3.start=0,3 at4.board=9,11",
        "--target",
        "worst_seat<=40% went_out>=10%@3 moves_per_player>=2@greedy,greedy,greedy,greedy",
        "--players",
        "greedy,greedy;greedy,greedy,greedy;greedy,greedy,greedy,greedy",
        "--games",
        "12",
        "--batch",
        "6",
    ];
    let page_whole = dir.join("whole.html");
    let best_whole = dir.join("best-whole.json");
    let mut whole_args = base.to_vec();
    whole_args.extend([
        "--json",
        "--write-best",
        best_whole.to_str().unwrap(),
        "--report",
        page_whole.to_str().unwrap(),
    ]);
    let (code, whole) = raw(&whole_args);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&whole));
    let mut files = Vec::new();
    for k in 1..=3 {
        let spec = format!("{k}/3");
        let mut args = base.to_vec();
        args.extend(["--shard", &spec, "--threads", "1"]);
        let (code, out) = raw(&args);
        assert_eq!(code, 0, "{}", String::from_utf8_lossy(&out));
        files.push(write(&dir, &format!("t{k}.json"), &out));
    }
    let page_merged = dir.join("merged.html");
    let best_merged = dir.join("best-merged.json");
    let (code, merged) = raw(&[
        "lab",
        "merge",
        &files[2],
        &files[0],
        &files[1],
        "--json",
        "--write-best",
        best_merged.to_str().unwrap(),
        "--report",
        page_merged.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&merged));
    assert_eq!(
        String::from_utf8(merged).unwrap(),
        String::from_utf8(whole.clone()).unwrap()
    );
    assert_eq!(
        std::fs::read(&best_whole).unwrap(),
        std::fs::read(&best_merged).unwrap()
    );
    assert_eq!(
        std::fs::read(&page_whole).unwrap(),
        std::fs::read(&page_merged).unwrap()
    );
    let report: Value = serde_json::from_slice(&whole).unwrap();
    assert_eq!(report["variants"].as_array().unwrap().len(), 4);
    assert_eq!(report["tables"].as_array().unwrap().len(), 3);
    // The page draws every table of each variant on the front.
    let page = std::fs::read_to_string(&page_whole).unwrap();
    let front = report["pareto_front"].as_array().unwrap().len();
    assert_eq!(
        page.matches("<section data-table=").count(),
        3 * front,
        "{front}"
    );
    // A shard whose tallies are not of the search's tables is refused.
    let mut forged: Value =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    forged["runs"][0]["tallies"].as_array_mut().unwrap().pop();
    let forged = write(&dir, "forged.json", forged.to_string().as_bytes());
    let (code, e) = cli(&["lab", "merge", &forged, &files[1], &files[2]]);
    assert_eq!(
        (code, e["error"]["kind"].as_str()),
        (2, Some("bad_shard")),
        "{e}"
    );
    assert!(
        e["error"]["message"].as_str().unwrap().contains("tables"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The error of a lab command that must be refused as out of range, naming `needle`.
fn out_of_range(args: &[&str], needle: &str) {
    let (code, e) = cli(args);
    assert_eq!(code, 2, "{args:?}: {e}");
    assert_eq!(e["error"]["kind"], "out_of_range", "{args:?}: {e}");
    let message = e["error"]["message"].as_str().unwrap();
    assert!(message.contains(needle), "{args:?}: {message}");
}

#[test]
fn every_lab_number_has_a_bound_and_a_typed_refusal_past_it() {
    let measure = |option: &'static str, value: &'static str| {
        let mut args = vec![
            "lab",
            "measure",
            "--rules",
            "wordclub-1.0",
            "--players",
            "greedy,greedy",
        ];
        if option != "--games" {
            args.extend(["--games", "2"]);
        }
        args.extend([option, value]);
        args
    };
    for games in [
        "0",
        "10000001",
        "100000000",
        "18446744073709551615",
        "99999999999999999999999",
    ] {
        out_of_range(&measure("--games", games), "--games is 1 to 10000000");
    }
    for threads in ["0", "257", "18446744073709551615"] {
        out_of_range(&measure("--threads", threads), "--threads is 1 to 256");
    }
    out_of_range(&measure("--seed", "18446744073709551616"), "--seed");
    for shard in ["0/4", "5/4", "1/10001"] {
        out_of_range(&measure("--shard", shard), "--shard");
    }
    let (code, e) = cli(&measure("--shard", "half"));
    assert_eq!((code, e["error"]["kind"].as_str()), (2, Some("bad_search")));

    let search = |extra: &[&'static str], vary: &'static str| {
        let mut args = vec![
            "lab",
            "search",
            "--base",
            "wordclub-1.1",
            "--target",
            "went_out>=90%",
            "--vary",
            vary,
        ];
        args.extend(extra);
        args
    };
    out_of_range(
        &search(&["--games", "18446744073709551615"], "bag=0.5"),
        "--games",
    );
    out_of_range(
        &search(&["--batch", "18446744073709551615"], "bag=0.5"),
        "--batch",
    );
    out_of_range(&search(&["--batch", "0"], "bag=0.5"), "--batch");
    // 10⁸ variants are refused at once, before one is built.
    let (_, _) = (0, 0);
    let started = std::time::Instant::now();
    let hundred = |axis: &str| {
        let values: Vec<String> = (1..=100).map(|v| v.to_string()).collect();
        format!("{axis}={}", values.join(","))
    };
    let vary = format!(
        "{} {} {} {}",
        hundred("letter.E"),
        hundred("letter.A"),
        hundred("letter.O"),
        hundred("letter.I")
    );
    let args = [
        "lab",
        "search",
        "--base",
        "wordclub-1.1",
        "--target",
        "went_out>=90%",
        "--vary",
        &vary,
    ];
    out_of_range(&args, "100000000");
    // The classic board's premium groups make astronomically many symmetric layouts.
    let classic = [
        "lab",
        "search",
        "--base",
        "classic-15",
        "--target",
        "went_out>=90%",
        "--vary",
        "premiums=symmetric",
    ];
    out_of_range(&classic, "variants");
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}

/// Issue 42, item 8: a search shard's variants are re-derived from the search's base and
/// axes, not taken on trust. A variant whose rule set was edited (a bingo bonus of 500, not an
/// axis of the search) or whose label was, and a shard whose base was edited, are refused
/// with `bad_shard`, and `--write-best` writes nothing.
#[test]
fn a_search_shard_whose_variant_is_not_its_base_with_the_axes_applied_is_refused() {
    let dir = folder("lab_shards", "forged-variant");
    let premiums = write(
        &dir,
        "layouts.txt",
        b"T.......T\n.d.....d.\n..D...D..\n.........\n.........\n.........\n..D...D..\n.d.....d.\nT.......T\n",
    );
    let vary = format!("bag=0.5,1 premiums={premiums}");
    let search = [
        "lab",
        "search",
        "--base",
        "wordclub-1.1",
        "--vary",
        &vary,
        "--target",
        "bag_emptied>=95%",
        "--players",
        "greedy,greedy",
        "--games",
        "4",
        "--batch",
        "4",
    ];
    let mut files = Vec::new();
    for k in 1..=2 {
        let spec = format!("{k}/2");
        let mut args = search.to_vec();
        args.extend(["--shard", &spec]);
        let (code, out) = raw(&args);
        assert_eq!(code, 0, "{}", String::from_utf8_lossy(&out));
        files.push(write(&dir, &format!("s{k}.json"), &out));
    }
    // The honest shards merge (the premium layouts' file is not needed any more).
    std::fs::remove_file(&premiums).unwrap();
    let best = dir.join("best.json");
    let (code, out) = raw(&[
        "lab",
        "merge",
        &files[0],
        &files[1],
        "--json",
        "--write-best",
        best.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&out));
    std::fs::remove_file(&best).unwrap();

    let real: Value = serde_json::from_slice(&std::fs::read(&files[0]).unwrap()).unwrap();
    let refused = |forged: Value, needle: &str| {
        let path = write(&dir, "forged.json", forged.to_string().as_bytes());
        let (code, e) = cli(&[
            "lab",
            "merge",
            &path,
            &files[1],
            "--write-best",
            best.to_str().unwrap(),
        ]);
        assert_eq!(
            (code, e["error"]["kind"].as_str()),
            (2, Some("bad_shard")),
            "{e}"
        );
        let message = e["error"]["message"].as_str().unwrap();
        assert!(message.contains(needle), "{needle}: {message}");
        assert!(!best.exists(), "--write-best wrote a refused search");
    };
    let mut forged = real.clone();
    forged["runs"][0]["rules"]["bingo_bonus"] = serde_json::json!(500);
    refused(forged, "not its base with the search's axes");
    let mut forged = real.clone();
    forged["runs"][0]["changes"][0] = serde_json::json!("bag ×0.9");
    refused(forged, "not its base with the search's axes");
    let mut forged = real.clone();
    forged["runs"][0]["changed"] = serde_json::json!(0);
    refused(forged, "not its base with the search's axes");
    std::fs::remove_dir_all(&dir).unwrap();
}
