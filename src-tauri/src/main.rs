//! Word Club's desktop binary: everything lives in the library so a mobile build can reuse it.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    wordclub_app_shell::run()
}
