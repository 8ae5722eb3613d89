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
