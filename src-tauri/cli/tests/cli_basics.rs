//! The dispatcher itself: `help` answers with the usage, anything unknown is a usage error,
//! and a reader that closes the pipe early does not make the tool panic.
use std::io::Read;
use std::process::{Command, Stdio};

mod common;
use common::cli;

#[test]
fn help_lists_every_command_and_succeeds() {
    let (code, json) = cli(&["help"]);
    assert_eq!(code, 0, "{json}");
    let usage = json["usage"].as_str().expect("usage text");
    for command in [
        "lists", "check", "words", "rules", "score", "moves", "simulate", "lab", "play", "history",
        "serve",
    ] {
        assert!(usage.contains(&format!("  {command}")), "{command} missing");
    }
}

#[test]
fn no_command_or_an_unknown_one_is_a_usage_error() {
    for args in [&[][..], &["frobnicate"][..], &["lists", "--bogus"][..]] {
        let (code, json) = cli(args);
        assert_eq!(code, 2, "{args:?}: {json}");
        assert_eq!(json["error"]["kind"], "usage", "{args:?}: {json}");
    }
}

#[test]
fn a_closed_pipe_is_not_a_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wordclub-cli"))
        .args(["words", "--rack", "??EINST"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run wordclub-cli");
    // Read one byte, then hang up, as `| head -c 1` would.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    child.wait().unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// Every command that takes a rule set by id or from a file words the choice alike: both
/// given, or neither where the command has no other source, is a usage error that names
/// both options.
#[test]
fn a_rule_set_by_id_or_from_a_file_is_chosen_alike_by_every_command() {
    let empty = vec!["15"; 15].join("/");
    // Each is given both; the first three are given neither as well (their position, if
    // any, names no rule set).
    let commands: [&[&str]; 4] = [
        &[
            "play",
            "--players",
            "Ann,Ben",
            "--seed",
            "1",
            "--script",
            "s.txt",
        ],
        &["lab", "measure", "--games", "1", "--players", "hard,hard"],
        &["moves", "--position", &empty, "--rack", "CAT"],
        &["score", "--position", &empty, "--move", "8H CAT"],
    ];
    for args in commands {
        let mut with_both: Vec<&str> = args.to_vec();
        with_both.extend(["--rules", "classic-15", "--rules-file", "rules.json"]);
        let (code, json) = cli(&with_both);
        assert_eq!(
            (code, &json["error"]["kind"]),
            (2, &"usage".into()),
            "{with_both:?}: {json}"
        );
        let message = json["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("give --rules ID or --rules-file FILE, not both"),
            "{with_both:?}: {message}"
        );
    }
    let (code, json) = cli(&[
        "lab",
        "search",
        "--base",
        "classic-15",
        "--base-file",
        "b.json",
    ]);
    assert_eq!(code, 2, "{json}");
    assert!(json["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("give --base ID or --base-file FILE, not both"));
    for args in &commands[..3] {
        let (code, json) = cli(args);
        assert_eq!(code, 2, "{args:?}: {json}");
        let message = json["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("give --rules ID or --rules-file FILE: "),
            "{args:?}: {message}"
        );
    }
}
