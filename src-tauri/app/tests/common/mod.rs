//! What the command-layer tests share: an app over an in-memory history and settings, and
//! calls that must be answered or refused.
#![allow(dead_code)] // each test binary uses its own share of these

use serde_json::{json, Value};
use wordclub_app::{App, MemorySettings};

/// An app with an in-memory history and settings that takes fixed deals (a test caller).
pub fn app() -> App {
    let app = window_app();
    app.allow_fixed_deals();
    app
}

/// An app as the window builds it: in-memory history and settings, random deals only.
pub fn window_app() -> App {
    App::new(Box::new(MemorySettings::default())).unwrap()
}

/// The answer to a command that must be accepted.
pub fn ok(app: &App, command: &str, args: Value) -> Value {
    app.call(command, args)
        .unwrap_or_else(|e| panic!("{command} refused: {} ({})", e, e.kind()))
}

/// The error kind of a command that must be refused.
pub fn refused(app: &App, command: &str, args: Value) -> String {
    match app.call(command, args) {
        Ok(v) => panic!("{command} should be refused, got {v}"),
        Err(e) => e.kind().to_string(),
    }
}

/// A tile to place, as `preview` and `play` take it.
pub fn tile(row: u8, col: u8, letter: &str) -> Value {
    json!({"row": row, "col": col, "letter": letter})
}
