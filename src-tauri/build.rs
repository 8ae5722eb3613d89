//! Tauri's build step: reads ../tauri.conf.json, the capabilities and the icons from the
//! repository root (the root package is the app).
fn main() {
    println!("cargo:rerun-if-changed=src-tauri/capabilities");
    println!("cargo:rerun-if-changed=ui");
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .capabilities_path_pattern("./src-tauri/capabilities/**/*")
            .app_manifest(tauri_build::AppManifest::new().commands(wordclub_commands())),
    )
    .expect("tauri-build failed");
}

/// The app's own commands; each gets an allow permission that the capabilities grant.
fn wordclub_commands() -> &'static [&'static str] {
    &[
        "app_info",
        "rule_sets",
        "word_lists",
        "new_match",
        "match_list",
        "match_view",
        "reveal_rack",
        "preview",
        "play",
        "exchange",
        "pass",
        "resign",
        "hint",
        "computer_turn",
        "match_detail",
        "player_stats",
        "export_gcg",
        "match_analysis",
        "analysis_move",
        "analysis_progress",
        "check_word",
        "get_settings",
        "update_settings",
        "acknowledge_history_notice",
        // issue 13 (at the table)
        "rematch",
        "rules_examples",
        "save_gcg",
    ]
}
