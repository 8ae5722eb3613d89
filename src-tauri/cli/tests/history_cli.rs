//! `play --db` and the `history` subcommands through the built binary.
mod common;
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
    common::folder("history-cli", tag)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `play` of a fixed deal (Ann CATEELN, Ben SBDGIOO, seed 7) by `script`, into the history
/// `db`: the arguments.
fn cat_play<'a>(script: &'a Path, db: &'a Path) -> [&'a str; 13] {
    [
        "play",
        "--rules",
        "wordclub-1.0",
        "--players",
        "Ann,Ben",
        "--seed",
        "7",
        "--racks",
        "CATEELN,SBDGIOO",
        "--script",
        s(script),
        "--db",
        s(db),
    ]
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
    assert_eq!(
        first["fixed_deal"], "deal",
        "a scripted deal is marked as such"
    );
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
    // Ben's only move (5D ...S) is in match 1, still in progress: a best move counts once its
    // match is finished.
    assert_eq!(ben["best_move"], serde_json::Value::Null);
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

/// Names in `dir` with the SHA-256 of each file, to show nothing was renamed or written.
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    use sha2::{Digest, Sha256};
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let hash = if e.path().is_dir() {
                "<dir>".to_string()
            } else {
                format!("{:x}", Sha256::digest(std::fs::read(e.path()).unwrap()))
            };
            (e.file_name().to_string_lossy().into_owned(), hash)
        })
        .collect();
    v.sort();
    v
}

/// Every command that takes `--db`, read and write, on `db`.
fn db_commands(dir: &Path, db: &Path) -> Vec<Vec<String>> {
    let script = dir.join("cat.txt");
    std::fs::write(&script, "5D CAT\n").unwrap();
    let db = s(db).to_string();
    let mut commands: Vec<Vec<String>> = [
        vec!["history", "list"],
        vec!["history", "stats"],
        vec!["history", "show", "1"],
        vec!["history", "export-gcg", "1"],
    ]
    .into_iter()
    .map(|c| c.into_iter().map(String::from).collect())
    .collect();
    commands.push(
        [
            "play",
            "--rules",
            "wordclub-1.0",
            "--players",
            "Ann,Ben",
            "--seed",
            "7",
            "--racks",
            "CATEELN,SBDGIOO",
            "--script",
            s(&script),
        ]
        .into_iter()
        .map(String::from)
        .collect(),
    );
    for c in &mut commands {
        c.push("--db".into());
        c.push(db.clone());
    }
    commands
}

#[test]
fn a_db_path_that_is_not_a_history_exits_2_and_is_left_untouched() {
    let dir = folder("not-history");
    type Make = Box<dyn Fn(&Path)>;
    let cases: Vec<(&str, Make)> = vec![
        (
            "folder",
            Box::new(|p: &Path| std::fs::create_dir_all(p.join("inside")).unwrap()),
        ),
        (
            "binary",
            Box::new(|p: &Path| std::fs::write(p, [0u8, 159, 146, 150, 255].repeat(300)).unwrap()),
        ),
        (
            "foreign",
            Box::new(|p: &Path| {
                let conn = rusqlite::Connection::open(p).unwrap();
                conn.execute_batch(
                    "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');",
                )
                .unwrap();
            }),
        ),
    ];
    for (name, make) in cases {
        let case = dir.join(name);
        std::fs::create_dir_all(&case).unwrap();
        let db = case.join("history.db");
        make(&db);
        let before = snapshot(&case);
        for args in db_commands(&dir, &db) {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let r = run(&args);
            assert_eq!(r.code, 2, "{name} {args:?}: {}", r.stdout);
            let json: Value = serde_json::from_str(&r.stdout).unwrap();
            assert_eq!(
                json["error"]["kind"], "not_a_history",
                "{name} {args:?}: {json}"
            );
            assert!(
                json["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("left as it is"),
                "{json}"
            );
            assert_eq!(snapshot(&case), before, "{name} {args:?}: touched");
        }
    }
}

#[test]
fn read_commands_create_move_and_migrate_nothing() {
    let dir = folder("read-only");
    let missing = dir.join("nowhere/history.db");
    for sub in [
        &["list"][..],
        &["stats"],
        &["show", "1"],
        &["export-gcg", "1"],
    ] {
        let mut args = vec!["history"];
        args.extend_from_slice(sub);
        args.extend_from_slice(&["--db", s(&missing)]);
        let (code, json) = cli(&args);
        assert_eq!(code, 2, "{json}");
        assert_eq!(json["error"]["kind"], "no_history");
    }
    assert!(!dir.join("nowhere").exists(), "no folder or file created");
    // A schema-1 history (the store's fixture) is read as it is, without migrating it.
    let v1 = dir.join("v1.db");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../store/tests/fixtures/history-v1.db"),
        &v1,
    )
    .unwrap();
    let before = snapshot(&dir);
    let (code, json) = cli(&["history", "list", "--db", s(&v1)]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["total"], 6);
    let (code, _) = cli(&["history", "stats", "--db", s(&v1)]);
    assert_eq!(code, 0);
    assert_eq!(
        snapshot(&dir),
        before,
        "no byte written, no -wal or -shm left"
    );
}

#[test]
fn a_history_moved_aside_is_named_on_stderr_and_in_json_until_acknowledged() {
    let dir = folder("aside");
    let db = dir.join("history.db");
    for _ in 0..20 {
        play_spec_example(&dir, &db);
    }
    let mut bytes = std::fs::read(&db).unwrap();
    assert!(bytes.len() > 12 * 4096, "{}", bytes.len());
    for b in &mut bytes[4096..10 * 4096] {
        *b = 0xA5;
    }
    std::fs::write(&db, &bytes).unwrap();
    // A read refuses the damaged file and leaves it.
    let (code, json) = cli(&["history", "list", "--db", s(&db)]);
    assert_eq!(code, 2);
    assert_eq!(json["error"]["kind"], "damaged_history", "{json}");
    assert_eq!(std::fs::read(&db).unwrap(), bytes);
    // A write moves it aside (a proven, damaged Word Club history) and says where.
    let script = dir.join("cat.txt");
    std::fs::write(&script, "5D CAT\n").unwrap();
    let r = run(&cat_play(&script, &db));
    assert_eq!(r.code, 0, "{}", r.stdout);
    let json: Value = serde_json::from_str(&r.stdout).unwrap();
    let moved_to = json["history_notices"][0]["moved_to"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(r.stderr.contains(&moved_to), "{}", r.stderr);
    assert_eq!(
        std::fs::read(&moved_to).unwrap(),
        bytes,
        "kept byte for byte"
    );
    // Every later command still tells, on stderr and in its JSON.
    for _ in 0..2 {
        let r = run(&["history", "list", "--db", s(&db)]);
        assert_eq!(r.code, 0);
        assert!(
            r.stderr.contains(&moved_to) && r.stderr.contains("moved to"),
            "{}",
            r.stderr
        );
        let json: Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(json["history_notices"][0]["moved_to"], moved_to.as_str());
        assert_eq!(json["total"], 1);
    }
    let (code, json) = cli(&["history", "acknowledge", &moved_to, "--db", s(&db)]);
    assert_eq!(code, 0, "{json}");
    let r = run(&["history", "list", "--db", s(&db)]);
    assert_eq!(r.stderr, "");
    let json: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(json["history_notices"], serde_json::json!([]));
    assert!(Path::new(&moved_to).exists(), "the old file stays");
}

/// Runs the CLI as the unprivileged user `nobody` (tests run as root here, and root ignores
/// file permissions); `None` where that is not possible.
fn run_as_nobody(args: &[&str]) -> Option<Run> {
    let root = std::process::Command::new("id").arg("-u").output().ok()?;
    let bin = env!("CARGO_BIN_EXE_wordclub-cli");
    let out = if String::from_utf8_lossy(&root.stdout).trim() == "0" {
        Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", bin])
            .args(args)
            .output()
            .ok()?
    } else {
        Command::new(bin).args(args).output().ok()?
    };
    Some(Run {
        code: out.status.code().expect("exit code"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    })
}

#[test]
fn a_history_that_cannot_be_opened_is_a_typed_error_and_stays_where_it_is() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("cannot-open");
    let db = dir.join("history.db");
    play_spec_example(&dir, &db);
    play_spec_example(&dir, &db);
    // The folder is reachable by anyone; the history file by its owner only.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o600)).unwrap();
    let script = dir.join("cat.txt");
    std::fs::write(&script, "5D CAT\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o644)).unwrap();
    let before = snapshot(&dir);
    let play = cat_play(&script, &db);
    let mut checked = 0;
    for args in [&["history", "list", "--db", s(&db)][..], &play[..]] {
        let Some(r) = run_as_nobody(args) else {
            eprintln!("skipped: cannot run as another user here");
            return;
        };
        assert_eq!(r.code, 2, "{:?}: {}", args, r.stdout);
        let json: Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(json["error"]["kind"], "cannot_open", "{json}");
        let message = json["error"]["message"].as_str().unwrap();
        assert!(message.contains("cannot be opened"), "{message}");
        assert!(message.contains("permission denied"), "{message}");
        assert_eq!(snapshot(&dir), before, "{args:?}: nothing moved or created");
        checked += 1;
    }
    // Readable but not writable (a read-only file to the user at hand): reads work, a write
    // is refused, and nothing moves.
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
    let before = snapshot(&dir);
    let r = run_as_nobody(&["history", "list", "--db", s(&db)]).unwrap();
    assert_eq!(r.code, 0, "{}", r.stdout);
    let r = run_as_nobody(&play).unwrap();
    assert_eq!(r.code, 2, "{}", r.stdout);
    let json: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(json["error"]["kind"], "cannot_open", "{json}");
    assert_eq!(
        snapshot(&dir),
        before,
        "read-only: nothing moved or created"
    );
    // The file is writable, but its -wal and -shm belong to someone else.
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o666)).unwrap();
    for companion in ["-wal", "-shm"] {
        let path = format!("{}{companion}", db.display());
        std::fs::write(
            &path,
            vec![0u8; if companion == "-shm" { 32768 } else { 0 }],
        )
        .unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let before = snapshot(&dir);
    for args in [&["history", "list", "--db", s(&db)][..], &play[..]] {
        let r = run_as_nobody(args).unwrap();
        assert_eq!(r.code, 2, "{args:?}: {}", r.stdout);
        let json: Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(json["error"]["kind"], "cannot_open", "{json}");
        assert_eq!(snapshot(&dir), before, "{args:?}: nothing moved or created");
    }
    assert_eq!(checked, 2);
}

#[test]
fn running_out_of_file_descriptors_is_a_typed_error_not_damage() {
    let dir = folder("fds");
    let db = dir.join("history.db");
    play_spec_example(&dir, &db);
    let script = dir.join("cat.txt");
    std::fs::write(&script, "5D CAT\n").unwrap();
    let before = std::fs::read(&db).unwrap();
    let bin = env!("CARGO_BIN_EXE_wordclub-cli");
    // Measured: with 4 or 5 descriptors the CLI starts but SQLite cannot open the history
    // with its -wal and -shm (from 6 it can).
    for limit in [4, 5] {
        let out = Command::new("prlimit")
            .arg(format!("--nofile={limit}"))
            .arg(bin)
            .args(cat_play(&script, &db))
            .output()
            .expect("prlimit");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(2), "limit {limit}: {stdout}");
        let json: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(
            json["error"]["kind"], "cannot_open",
            "limit {limit}: {json}"
        );
        assert_eq!(
            std::fs::read(&db).unwrap(),
            before,
            "limit {limit}: untouched"
        );
        assert!(
            !snapshot(&dir).iter().any(|(n, _)| n.contains("unreadable")),
            "limit {limit}: nothing moved aside"
        );
    }
    let (code, json) = cli(&["history", "list", "--db", s(&db)]);
    assert_eq!(code, 0, "the history is still there and good");
    assert_eq!(json["total"], 1);
}

/// `play --db` takes player names by the engine's one rule, as the app's form does: a name
/// too long, one with a control character, an empty one or two that differ only in case are
/// refused with the engine's typed error and exit 2, and nothing is recorded.
#[test]
fn play_refuses_names_the_app_refuses_and_records_nothing() {
    let dir = folder("names");
    let db = dir.join("history.db");
    let script = dir.join("passes.txt");
    std::fs::write(&script, "pass\n".repeat(6)).unwrap();
    let long = "N".repeat(5000);
    for players in [
        format!("{long},Ben"),
        "Ann,B\u{7}en".to_string(),
        "Ann,\tBen\n".to_string(),
        "Ann,,Ben".to_string(),
        "Ann,ann".to_string(),
        "Émile,émile".to_string(),
    ] {
        let (code, json) = cli(&[
            "play",
            "--rules",
            "wordclub-1.0",
            "--players",
            &players,
            "--seed",
            "3",
            "--script",
            s(&script),
            "--db",
            s(&db),
        ]);
        // A tab inside a name is a control character, but around it is trimmed away: that
        // one is played, the rest refused.
        if players == "Ann,\tBen\n" {
            assert_eq!(code, 0, "{json}");
            assert_eq!(json["players"][1]["name"], "Ben", "{json}");
            continue;
        }
        assert_eq!(code, 2, "{players:?}: {json}");
        assert_eq!(
            json["error"]["kind"], "bad_player_name",
            "{players:?}: {json}"
        );
    }
    let (code, page) = cli(&["history", "list", "--db", s(&db)]);
    assert_eq!(code, 0, "{page}");
    let names: Vec<String> = page["matches"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| m["players"].as_array().unwrap().clone())
        .map(|p| p["name"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        names,
        ["Ann", "Ben"],
        "only the trimmed match is recorded: {page}"
    );
}
