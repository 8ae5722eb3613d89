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

/// What the window may do, said in the capability itself.
const CAPABILITY_DESCRIPTION: &str = "The main window may call Word Club's own commands and \
    nothing else: no plugin, file, shell or network APIs (settings are kept by the backend \
    in its own file). Written by src-tauri/build.rs from the command table.";

fn main() {
    println!("cargo:rerun-if-changed=src-tauri/app/src/commands.rs");
    println!("cargo:rerun-if-changed=ui");
    println!("cargo:rerun-if-changed=src-tauri/capabilities");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let capabilities = Path::new(&out_dir).join("capabilities");
    write_capability(&capabilities.join("default.json"));
    copy_kept_capabilities(Path::new("src-tauri/capabilities"), &capabilities);
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
/// manifest makes for each command) for every row of the command table, and nothing else.
fn write_capability(path: &Path) {
    let permissions: Vec<String> = COMMANDS
        .iter()
        .map(|name| format!("\"allow-{}\"", name.replace('_', "-")))
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

/// The capabilities kept by hand beside the generated one (plugins of one platform only, such
/// as `desktop.json`'s window state) go into the same folder tauri-build reads.
fn copy_kept_capabilities(from: &Path, to: &Path) {
    let entries = std::fs::read_dir(from).expect("src-tauri/capabilities is readable");
    for entry in entries {
        let path = entry.expect("a capability file").path();
        if path.extension().is_some_and(|e| e == "json") {
            let name = path.file_name().expect("a file name");
            std::fs::copy(&path, to.join(name)).expect("cannot copy a kept capability");
        }
    }
}
