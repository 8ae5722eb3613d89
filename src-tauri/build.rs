//! Tauri's build step: reads ../tauri.conf.json and the icons from the repository root (the
//! root package is the app), and makes the app manifest and the window's capability from
//! the command layer's command table (`app/src/commands.rs`, included here as source, so the
//! CLI and this script share it without this script building the command layer).
use std::path::Path;

include!("app/src/commands.rs");

/// The names of the command table's rows.
macro_rules! command_names {
    ($($name:ident($($args:ty)?) -> $answer:ty;)*) => {
        &[$(stringify!($name)),*]
    };
}

const COMMANDS: &[&str] = command_table!(command_names);

/// Every platform the app is built for (the tablet apps included: docs/tablet.md).
const PLATFORMS: &str = r#""linux", "macOS", "windows", "android", "iOS""#;

/// The one grant beside the commands: the window may listen to events (and stop listening),
/// so the app's pushed events (`wordclub_app::AppEvent`: a computer's move, the analysis
/// getting on) reach the UI (`onEvent` in ui/js/api.js). Not `core:event:default`, which would
/// let the webview emit events too: the UI sends nothing that way.
const EVENT_PERMISSIONS: &[&str] = &["core:event:allow-listen", "core:event:allow-unlisten"];

/// What the window may do, said in the capability itself.
const CAPABILITY_DESCRIPTION: &str = "The main window may call Word Club's own commands and \
    listen to the events the app sends, and nothing else: no plugin, file, shell or network \
    APIs (settings and the window's size are kept by the backend in its own files). Written \
    by src-tauri/build.rs from the command table.";

fn main() {
    println!("cargo:rerun-if-changed=src-tauri/app/src/commands.rs");
    println!("cargo:rerun-if-changed=ui");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let capabilities = Path::new(&out_dir).join("capabilities");
    // Emptied first: a capability an earlier build wrote or copied here (the hand-kept
    // desktop.json of old) would otherwise still be read by tauri-build below.
    let _ = std::fs::remove_dir_all(&capabilities);
    write_capability(&capabilities.join("default.json"));
    // tauri-build takes a 'static pattern; this one string lives as long as the script.
    let pattern: &'static str =
        Box::leak(format!("{}/*.json", capabilities.display()).into_boxed_str());
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .capabilities_path_pattern(pattern)
            .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)),
    )
    .expect("tauri-build failed");
}

/// The main window's one capability: an `allow-<command>` permission (the one the app
/// manifest makes for each command) for every row of the command table, then the event
/// grant ([`EVENT_PERMISSIONS`]), and nothing else: no plugin's commands (the window-state
/// plugin works from Rust alone).
fn write_capability(path: &Path) {
    let permissions: Vec<String> = COMMANDS
        .iter()
        .map(|name| format!("\"allow-{}\"", name.replace('_', "-")))
        .chain(EVENT_PERMISSIONS.iter().map(|p| format!("\"{p}\"")))
        .collect();
    let json = format!(
        "{{\n  \"identifier\": \"default\",\n  \"description\": \"{CAPABILITY_DESCRIPTION}\",\n  \
         \"windows\": [\"main\"],\n  \"platforms\": [{PLATFORMS}],\n  \"permissions\": [\n    {}\n  ]\n}}\n",
        permissions.join(",\n    ")
    );
    std::fs::create_dir_all(path.parent().expect("the capability has a folder"))
        .and_then(|()| std::fs::write(path, json))
        .expect("cannot write the window's capability");
}
