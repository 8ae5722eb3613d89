//! `analyze` through the built binary: a stored match, the whole history with progress, and
//! the same match read back from its GCG export (both front-ends must agree).
mod common;
use serde_json::Value;
use std::path::PathBuf;
use wordclub_engine::{ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::{computer_action, Level};
use wordclub_store::Store;

fn run(args: &[&str]) -> (i32, Value, String) {
    common::cli_with_stderr(args)
}

fn folder(tag: &str) -> PathBuf {
    common::folder("analyze-cli", tag)
}

/// A classic-15 match between Hard and Greedy, `moves` turns long or to its end.
fn classic(seed: u64, moves: Option<usize>) -> Match {
    let rules = RuleSet::builtin("classic-15").unwrap();
    let list = WordList::builtin("wordclub").unwrap();
    let players = vec![
        PlayerSpec::computer("Ann", "hard"),
        PlayerSpec::computer("Ben", "greedy"),
    ];
    let mut m = Match::new(rules, ListRef::of(list), players, seed).unwrap();
    let levels = [Level::Hard, Level::Greedy];
    while let Some(seat) = m.to_move() {
        if moves.is_some_and(|n| m.turns().len() >= n) {
            break;
        }
        let a = computer_action(&m, seat, list, levels[seat]).unwrap();
        m.apply(a, list).unwrap();
    }
    m
}

/// Match `id`'s GCG export (`history export-gcg`), written to `file`, and the analysis of that
/// file under `rules` and the Word Club list (`analyze --gcg`): both must succeed.
fn exported_and_analysed(
    db: &str,
    id: &str,
    file: &std::path::Path,
    rules: &str,
) -> (Value, Value) {
    let (code, gcg, _) = run(&["history", "export-gcg", id, "--db", db]);
    assert_eq!(code, 0, "{gcg}");
    std::fs::write(file, gcg.as_str().unwrap()).unwrap();
    let (code, read, _) = run(&[
        "analyze",
        "--gcg",
        file.to_str().unwrap(),
        "--rules",
        rules,
        "--list",
        "wordclub",
    ]);
    assert_eq!(code, 0, "{read}");
    (gcg, read)
}

#[test]
fn a_stored_match_and_its_gcg_record_analyse_alike() {
    let dir = folder("gcg");
    let db = dir.join("h.db");
    let db = db.to_str().unwrap();
    {
        let mut store = Store::open(db).unwrap();
        store.create(&classic(21, None)).unwrap();
        store.create(&classic(22, Some(6))).unwrap();
    }
    let (code, stored, _) = run(&["analyze", "1", "--db", db]);
    assert_eq!(code, 0, "{stored}");
    assert_eq!(stored["rules_id"], "classic-15");
    let (gcg, read) = exported_and_analysed(db, "1", &dir.join("match.gcg"), "classic-15");
    let (a, b) = (
        stored["turns"].as_array().unwrap(),
        read["turns"].as_array().unwrap(),
    );
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        for field in [
            "turn",
            "player",
            "rack",
            "moves",
            "rank",
            "points_missed",
            "best_by_score",
        ] {
            assert_eq!(x[field], y[field], "turn {} {field}", x["turn"]);
        }
    }
    assert_eq!(read["players"][0]["name"], "Ann");
    // The same record as another program writes it: Latin-1 (said so by its pragma), with a
    // name outside ASCII.
    let latin1: Vec<u8> = gcg
        .as_str()
        .unwrap()
        .replace(
            "#character-encoding UTF-8",
            "#character-encoding ISO-8859-1",
        )
        .replace("Ann", "Ann\u{e9}")
        .chars()
        .map(|c| u8::try_from(u32::from(c)).expect("Latin-1"))
        .collect();
    assert!(String::from_utf8(latin1.clone()).is_err(), "not UTF-8");
    let file = dir.join("latin1.gcg");
    std::fs::write(&file, latin1).unwrap();
    let (code, read, _) = run(&[
        "analyze",
        "--gcg",
        file.to_str().unwrap(),
        "--rules",
        "classic-15",
        "--list",
        "wordclub",
    ]);
    assert_eq!(code, 0, "{read}");
    assert_eq!(read["players"][0]["name"], "Ann\u{e9}");
    assert_eq!(read["turns"].as_array().unwrap().len(), a.len());
    // Issue 42: a record whose pragma says ISO-8859-1 but whose bytes are UTF-8 with a name
    // outside ASCII (a program that copied the pragma, an editor that saved it again as
    // UTF-8) is read as UTF-8: Latin-1 text is almost never valid UTF-8 once it has a byte
    // over 127 (it would take "Ã" followed by a sign such as "©"), while a mislabelled UTF-8
    // file read as Latin-1 turns every such name into "AnnÃ©".
    let mislabelled = gcg
        .as_str()
        .unwrap()
        .replace(
            "#character-encoding UTF-8",
            "#character-encoding ISO-8859-1",
        )
        .replace("Ann", "Ann\u{e9}");
    let file = dir.join("mislabelled.gcg");
    std::fs::write(&file, mislabelled).unwrap();
    let (code, read, _) = run(&[
        "analyze",
        "--gcg",
        file.to_str().unwrap(),
        "--rules",
        "classic-15",
        "--list",
        "wordclub",
    ]);
    assert_eq!(code, 0, "{read}");
    assert_eq!(read["players"][0]["name"], "Ann\u{e9}");

    // The unfinished match is refused, typed, exit 2.
    let (code, err, _) = run(&["analyze", "2", "--db", db]);
    assert_eq!(code, 2);
    assert_eq!(err["error"]["kind"], "match_in_progress");
    // --all: the finished match already has its analysis; nothing to do.
    let (code, all, _) = run(&["analyze", "--all", "--db", db]);
    assert_eq!((code, all["total"].as_u64()), (0, Some(0)), "{all}");
    // The export with the analysis as notes.
    let (code, noted, _) = run(&["history", "export-gcg", "1", "--db", db, "--analysis"]);
    assert_eq!(code, 0);
    let noted = noted.as_str().unwrap();
    assert_eq!(noted.matches("#note best: ").count(), a.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyze_all_reports_progress_and_bad_input_is_refused() {
    let dir = folder("all");
    let db = dir.join("h.db");
    let db = db.to_str().unwrap();
    {
        let mut store = Store::open(db).unwrap();
        for seed in [31, 32] {
            store.create(&classic(seed, None)).unwrap();
        }
    }
    let (code, all, stderr) = run(&["analyze", "--all", "--db", db]);
    assert_eq!(code, 0, "{all}");
    assert_eq!(
        (all["total"].as_u64(), all["analysed"].as_u64()),
        (Some(2), Some(2))
    );
    let lines: Vec<Value> = stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["progress"]["done"], 2);
    assert_eq!(lines[1]["progress"]["total"], 2);
    for bad in [
        vec!["analyze", "--db", db],
        vec!["analyze", "x", "--db", db],
        vec!["analyze", "1", "2", "--db", db],
        vec!["analyze", "--all", "1", "--db", db],
        vec!["analyze", "1", "--db", db, "--rules", "classic-15"],
        vec![
            "analyze",
            "--gcg",
            "f.gcg",
            "--db",
            db,
            "--rules",
            "classic-15",
        ],
    ] {
        let (code, err, _) = run(&bad);
        assert_eq!(
            (code, err["error"]["kind"].as_str()),
            (2, Some("usage")),
            "{bad:?}"
        );
    }
    let (code, err, _) = run(&["analyze", "--gcg", "/no/such.gcg", "--rules", "classic-15"]);
    assert_eq!((code, err["error"]["kind"].as_str()), (2, Some("io")));
    // A record with a word off the list, then one whose rack does not hold its move: each
    // refused as bad GCG, naming what is wrong.
    let junk = dir.join("junk.gcg");
    for (record, says) in [
        (
            "#player1 a A\n#player2 b B\n>a: ABC 8H QQQ +3 3\n",
            "line 3",
        ),
        (
            "#player1 a A\n#player2 b B\n>a: ABCDEFG 8G CAT +10 10\n",
            "does not hold",
        ),
    ] {
        std::fs::write(&junk, record).unwrap();
        let (code, err, _) = run(&[
            "analyze",
            "--gcg",
            junk.to_str().unwrap(),
            "--rules",
            "classic-15",
        ]);
        assert_eq!(
            (code, err["error"]["kind"].as_str()),
            (2, Some("bad_gcg")),
            "{err}"
        );
        let message = err["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A table of three and one of four (computers of every level), stored and analysed, then
/// exported as GCG and analysed from the record: the same turns, ranks and missed points.
#[test]
fn a_table_of_three_or_four_analyses_alike_from_its_gcg_record() {
    let dir = folder("gcg-tables");
    let db = dir.join("h.db");
    let db = db.to_str().unwrap();
    let list = WordList::builtin("wordclub").unwrap();
    let seats = [
        ("Ann", Level::Hard),
        ("Ben", Level::Easy),
        ("Cal", Level::Medium),
        ("Dee", Level::Greedy),
    ];
    {
        let mut store = Store::open(db).unwrap();
        for n in [3, 4] {
            let rules = RuleSet::builtin("wordclub-1.1").unwrap();
            let players = seats[..n]
                .iter()
                .map(|(name, level)| PlayerSpec::computer(name, level.name()))
                .collect();
            let mut m = Match::new(rules, ListRef::of(list), players, 30 + n as u64).unwrap();
            while let Some(seat) = m.to_move() {
                let a = computer_action(&m, seat, list, seats[seat].1).unwrap();
                m.apply(a, list).unwrap();
            }
            store.create(&m).unwrap();
        }
    }
    for (id, n) in [("1", 3), ("2", 4)] {
        let (code, stored, _) = run(&["analyze", id, "--db", db]);
        assert_eq!(code, 0, "{stored}");
        let file = dir.join(format!("table-{n}.gcg"));
        let (gcg, read) = exported_and_analysed(db, id, &file, "wordclub-1.1");
        assert!(gcg.as_str().unwrap().contains(&format!("#player{n} ")));
        assert_eq!(read["players"].as_array().unwrap().len(), n);
        let (a, b) = (
            stored["turns"].as_array().unwrap(),
            read["turns"].as_array().unwrap(),
        );
        assert!(a.len() > 2 * n);
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            for field in ["turn", "player", "rack", "moves", "rank", "points_missed"] {
                assert_eq!(x[field], y[field], "{n} seats, turn {} {field}", x["turn"]);
            }
        }
    }
}
