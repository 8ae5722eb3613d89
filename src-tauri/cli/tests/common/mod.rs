//! What the CLI tests share: run the built `wordclub-cli` and read its one JSON document, and
//! a fresh folder per test.
#![allow(dead_code)] // each test binary uses its own share of these
use serde_json::Value;
use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::Command;

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
