//! `play --db` and the `history` subcommands through the built binary.
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_wordclub-cli"))
        .args(args)
        .output()
        .expect("run wordclub-cli");
    Run {
        code: out.status.code().expect("exit code"),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

fn cli(args: &[&str]) -> (i32, Value) {
    let r = run(args);
    let json = serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", r.stdout));
    (r.code, json)
}

/// A fresh folder per test.
fn folder(tag: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("wordclub-history-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// SPEC §2's Word Club 1.0 example with a hint: CAT 3, CATS 4, CART 4. Returns the match id.
fn play_spec_example(dir: &Path, db: &Path) -> i64 {
    let script = dir.join("cart.txt");
    std::fs::write(&script, "5D CAT\nhint words\n5D ...S\nD5 .ART\n").unwrap();
    let (code, json) = cli(&[
        "play",
        "--rules",
        "wordclub-1.0",
        "--players",
        "Ann,Ben",
        "--seed",
        "7",
        "--racks",
        "CATEELN,SBDGIOO",
        "--bag",
        "ARTE",
        "--script",
        s(&script),
        "--db",
        s(db),
    ]);
    assert_eq!(code, 0, "{json}");
    json["match_id"].as_i64().expect("match_id")
}

/// Six passes: finished, each player loses their rack's value (7).
fn play_six_passes(dir: &Path, db: &Path, players: &str) -> i64 {
    let script = dir.join("passes.txt");
    std::fs::write(&script, "pass\n".repeat(6)).unwrap();
    let (code, json) = cli(&[
        "play",
        "--rules",
        "wordclub-1.0",
        "--players",
        players,
        "--seed",
        "3",
        "--racks",
        "CATEELN,SBDGIOO",
        "--script",
        s(&script),
        "--db",
        s(db),
    ]);
    assert_eq!(code, 0, "{json}");
    json["match_id"].as_i64().unwrap()
}

#[test]
fn play_records_and_history_lists_shows_and_counts() {
    let dir = folder("list");
    let db = dir.join("history.db");
    assert_eq!(play_spec_example(&dir, &db), 1);
    assert_eq!(play_six_passes(&dir, &db, "Cat,Dan"), 2);

    let (code, page) = cli(&["history", "list", "--db", s(&db)]);
    assert_eq!(code, 0, "{page}");
    assert_eq!(page["total"], 2);
    let ids: Vec<i64> = page["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [2, 1], "newest first");
    let first = &page["matches"][1];
    assert_eq!(first["rules_id"], "wordclub-1.0");
    assert_eq!(first["status"], "in_progress");
    assert_eq!(first["assisted"], true);
    assert_eq!(first["players"][0]["score"], 7);
    assert_eq!(first["players"][1]["score"], 4);
    assert_eq!(first["players"][1]["hints_taken"], 1);

    let total = |extra: &[&str]| {
        let mut args = vec!["history", "list", "--db", s(&db)];
        args.extend_from_slice(extra);
        let (code, json) = cli(&args);
        assert_eq!(code, 0, "{json}");
        json["total"].as_i64().unwrap()
    };
    assert_eq!(total(&["--player", "ben"]), 1);
    assert_eq!(total(&["--player", "Dan"]), 1);
    assert_eq!(total(&["--status", "finished"]), 1);
    assert_eq!(total(&["--status", "in_progress", "--player", "Cat"]), 0);
    assert_eq!(total(&["--rules", "classic-15"]), 0);
    assert_eq!(total(&["--assisted", "yes"]), 1);
    assert_eq!(total(&["--assisted", "no"]), 1);
    let (_, page2) = cli(&["history", "list", "--page", "2", "--db", s(&db)]);
    assert_eq!(page2["matches"].as_array().unwrap().len(), 0);
    assert_eq!(page2["page"], 2);

    let (code, detail) = cli(&["history", "show", "1", "--db", s(&db)]);
    assert_eq!(code, 0, "{detail}");
    let turns = detail["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 3);
    assert_eq!(turns[0]["player_name"], "Ann");
    assert_eq!(turns[0]["player"], 0);
    assert_eq!(turns[0]["notation"], "5D CAT");
    assert_eq!(turns[0]["words"][0]["word"], "CAT");
    assert_eq!(turns[0]["words"][0]["score"], 3);
    assert_eq!(turns[1]["player_name"], "Ben");
    assert_eq!(turns[1]["hints"].as_array().unwrap().len(), 1);
    assert_eq!(turns[1]["words"][0]["word"], "CATS");
    assert_eq!(turns[2]["words"][0]["word"], "CART");
    assert_eq!(turns[2]["totals"], serde_json::json!([7, 4]));
    assert_eq!(detail["board"][4], "...CATS..");

    let (code, finished) = cli(&["history", "show", "2", "--db", s(&db)]);
    assert_eq!(code, 0);
    assert_eq!(
        finished["result"]["final_scores"],
        serde_json::json!([-7, -7])
    );
    assert_eq!(finished["summary"]["end_reason"], "scoreless_turns");

    let (code, stats) = cli(&["history", "stats", "--db", s(&db)]);
    assert_eq!(code, 0);
    let players = stats["players"].as_array().unwrap();
    assert_eq!(players.len(), 4);
    let cat = players.iter().find(|p| p["name"] == "Cat").unwrap();
    assert_eq!(
        (cat["matches"].as_i64(), cat["wins"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(cat["average_score"], -7.0);
    let ben = players.iter().find(|p| p["name"] == "Ben").unwrap();
    assert_eq!(ben["best_move"], "5D ...S");
    assert_eq!(ben["hints_taken"], 1);
}

#[test]
fn export_gcg_prints_the_record() {
    let dir = folder("gcg");
    let db = dir.join("history.db");
    let id = play_spec_example(&dir, &db).to_string();
    let r = run(&["history", "export-gcg", &id, "--db", s(&db)]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "#character-encoding UTF-8");
    assert_eq!(lines[1], "#player1 Ann Ann");
    assert_eq!(lines[2], "#player2 Ben Ben");
    assert!(lines.contains(&"#incomplete"));
    let moves: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with('>'))
        .collect();
    assert_eq!(
        moves,
        [
            ">Ann: ACEELNT 5D CAT +3 3",
            ">Ben: BDGIOOS 5D ...S +4 4",
            ">Ann: AEELNRT D5 .ART +4 7"
        ]
    );
    let note = lines
        .iter()
        .find(|l| l.starts_with("#note Ben took a hint"))
        .unwrap();
    assert!(note.contains("DOGS"), "{note}");
    let (code, json) = cli(&["history", "export-gcg", &id, "--json", "--db", s(&db)]);
    assert_eq!(code, 0);
    assert_eq!(json["gcg"].as_str().unwrap(), r.stdout);
}

#[test]
fn errors_are_typed() {
    let dir = folder("errors");
    let db = dir.join("history.db");
    play_spec_example(&dir, &db);
    let kind = |args: &[&str]| {
        let (code, json) = cli(args);
        assert_eq!(code, 2, "{json}");
        json["error"]["kind"].as_str().unwrap().to_string()
    };
    assert_eq!(kind(&["history", "list"]), "usage", "--db is required");
    assert_eq!(kind(&["history", "--db", s(&db)]), "usage");
    assert_eq!(kind(&["history", "drop", "--db", s(&db)]), "usage");
    assert_eq!(kind(&["history", "show", "--db", s(&db)]), "usage");
    assert_eq!(kind(&["history", "show", "x", "--db", s(&db)]), "usage");
    assert_eq!(
        kind(&["history", "show", "42", "--db", s(&db)]),
        "match_not_found"
    );
    assert_eq!(
        kind(&["history", "export-gcg", "42", "--db", s(&db)]),
        "match_not_found"
    );
    assert_eq!(
        kind(&["history", "list", "--status", "done", "--db", s(&db)]),
        "bad_query"
    );
    assert_eq!(
        kind(&["history", "list", "--page", "0", "--db", s(&db)]),
        "usage"
    );
    assert_eq!(
        kind(&["history", "list", "--assisted", "maybe", "--db", s(&db)]),
        "usage"
    );
    assert_eq!(
        kind(&["history", "stats", "--player", "Ann", "--db", s(&db)]),
        "usage"
    );
}

#[test]
fn an_unreadable_database_is_moved_aside_with_a_message() {
    let dir = folder("aside");
    let db = dir.join("history.db");
    std::fs::write(&db, "not a database at all, not even close ".repeat(50)).unwrap();
    let r = run(&["history", "list", "--db", s(&db)]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(
        r.stderr.contains("could not be opened") && r.stderr.contains("moved to"),
        "{}",
        r.stderr
    );
    let json: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(json["total"], 0);
    let aside: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("history.db.unreadable-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
}
