//! What every CLI test needs: run the built `wordclub-cli` and read its one JSON document.
use serde_json::Value;
use std::process::Command;

/// Runs `wordclub-cli` with `args`; returns its exit code and its stdout parsed as JSON.
pub fn cli(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_wordclub-cli"))
        .args(args)
        .output()
        .expect("run wordclub-cli");
    let stdout = String::from_utf8(out.stdout).expect("utf-8 stdout");
    let json = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {stdout}"));
    (out.status.code().expect("exit code"), json)
}
