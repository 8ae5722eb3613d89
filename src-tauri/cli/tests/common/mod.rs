//! What the CLI tests share: run the built `wordclub-cli` and read its one JSON document, and
//! a fresh folder per test.
#![allow(dead_code)] // each test binary uses its own share of these
use serde_json::Value;
use std::ffi::OsStr;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `wordclub-cli` with `args`; returns its exit code and its stdout parsed as JSON.
pub fn cli<S: AsRef<OsStr>>(args: &[S]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_wordclub-cli"))
        .args(args)
        .output()
        .expect("run wordclub-cli");
    let stdout = String::from_utf8(out.stdout).expect("utf-8 stdout");
    let json = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {stdout}"));
    (out.status.code().expect("exit code"), json)
}

/// An empty folder of this process for the test `tag` of the test file `file` (tests of one
/// file run at once, so each needs its own).
pub fn folder(file: &str, tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordclub-{file}-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `wordclub-cli` with `args`: its exit code, its stdout as JSON (as a JSON string when
/// it is not JSON) and its stderr (progress lines, panics).
pub fn cli_with_stderr(args: &[&str]) -> (i32, Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wordclub-cli"))
        .args(args)
        .output()
        .expect("run wordclub-cli");
    let stdout = String::from_utf8(out.stdout).expect("utf-8 stdout");
    let json = serde_json::from_str(&stdout).unwrap_or(Value::String(stdout));
    (
        out.status.code().expect("exit code"),
        json,
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// Runs `wordclub-cli` with `args` and no stdin, killed when it has not ended within
/// `limit`: `None` then (it blocked), else its exit code (-1 for a signal) and its stdout as
/// JSON (stderr when stdout is empty, as a JSON string when neither is JSON).
pub fn cli_within(args: &[&str], limit: Duration) -> Option<(i32, Value)> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wordclub-cli"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run wordclub-cli");
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().expect("wait for wordclub-cli") {
            let mut out = String::new();
            let mut err = String::new();
            let _ = child
                .stdout
                .take()
                .expect("stdout")
                .read_to_string(&mut out);
            let _ = child
                .stderr
                .take()
                .expect("stderr")
                .read_to_string(&mut err);
            let text = if out.trim().is_empty() { err } else { out };
            let json = serde_json::from_str(text.trim()).unwrap_or(Value::String(text));
            return Some((status.code().unwrap_or(-1), json));
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
