//! The settings file: a damaged one is kept beside itself, announced until read and never
//! written over before; every write is atomic (a failed one leaves the old file whole); the
//! layout tauri-plugin-store wrote (`{"settings": {…}}`) is read as it is.
mod common;

use std::path::{Path, PathBuf};

use common::{ok, refuses};
use serde_json::{json, Value};
use wordclub_app::{App, FileSettings};

fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "wordclub-settings-file-{tag}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `*.damaged-*` copies beside `path`.
fn copies(path: &Path) -> Vec<PathBuf> {
    let prefix = format!("{}.damaged-", path.file_name().unwrap().to_string_lossy());
    let mut found: Vec<PathBuf> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&prefix)
        })
        .collect();
    found.sort();
    found
}

fn notices(app: &App) -> Vec<Value> {
    ok(app, "app_info", Value::Null)["settings_notices"]
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn a_damaged_settings_file_is_kept_beside_and_announced_until_read() {
    let dir = folder("damaged");
    let path = dir.join("settings.json");
    // What an interrupted in-place write leaves: the start of the file.
    let damaged = br#"{"player_names": ["Ann", "Ben"], "theme": "da"#;
    std::fs::write(&path, damaged).unwrap();

    let app = App::new(Box::new(FileSettings::new(&path))).unwrap();
    let settings = ok(&app, "get_settings", Value::Null);
    assert_eq!(settings["player_names"], json!(["Player 1", "Player 2"]));
    let found = notices(&app);
    assert_eq!(found.len(), 1, "{found:?}");
    let kept = copies(&path);
    assert_eq!(kept.len(), 1);
    assert_eq!(found[0]["moved_to"], kept[0].display().to_string());
    assert_eq!(found[0]["original"], path.display().to_string());
    assert!(found[0]["message"]
        .as_str()
        .unwrap()
        .contains(&kept[0].display().to_string()));
    assert_eq!(
        std::fs::read(&kept[0]).unwrap(),
        damaged,
        "the copy is byte for byte"
    );

    // The next change does not lose it, and the notice outlives a restart until read.
    ok(&app, "update_settings", json!({"theme": "dark"}));
    assert_eq!(std::fs::read(&kept[0]).unwrap(), damaged);
    drop(app);
    let again = App::new(Box::new(FileSettings::new(&path))).unwrap();
    assert_eq!(ok(&again, "get_settings", Value::Null)["theme"], "dark");
    assert_eq!(notices(&again), found, "still announced, not copied again");
    assert_eq!(copies(&path), kept);

    // Read once: no longer shown, now or after a restart; the copy stays.
    let moved_to = found[0]["moved_to"].clone();
    ok(
        &again,
        "acknowledge_history_notice",
        json!({ "moved_to": moved_to }),
    );
    assert!(notices(&again).is_empty());
    drop(again);
    let third = App::new(Box::new(FileSettings::new(&path))).unwrap();
    assert!(notices(&third).is_empty());
    assert_eq!(ok(&third, "get_settings", Value::Null)["theme"], "dark");
    assert_eq!(std::fs::read(&kept[0]).unwrap(), damaged);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_of_the_wrong_shape_is_damaged_and_an_unknown_field_is_not() {
    let dir = folder("shape");
    for (i, (text, damaged)) in [
        (r#"[1, 2]"#, true),
        (r#"{"theme": 5}"#, true),
        (r#"{"player_names": "Ann"}"#, true),
        (r#"{"sound": "loud"}"#, true),
        (r#"{"theme": "dark", "a_later_setting": 1}"#, false),
        (r#"{"sound": false}"#, false),
    ]
    .into_iter()
    .enumerate()
    {
        let path = dir.join(format!("settings-{i}.json"));
        std::fs::write(&path, text).unwrap();
        let app = App::new(Box::new(FileSettings::new(&path))).unwrap();
        assert_eq!(notices(&app).len(), usize::from(damaged), "{text}");
        assert_eq!(copies(&path).len(), usize::from(damaged), "{text}");
        if !damaged {
            assert_eq!(
                std::fs::read_to_string(&path).unwrap(),
                text,
                "read, not rewritten"
            );
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_plugin_store_layout_is_read_and_kept() {
    let dir = folder("keyed");
    let path = dir.join("settings.json");
    std::fs::write(
        &path,
        r#"{"settings": {"player_names": ["Zoë", "Ben"], "theme": "dark", "sound": false}}"#,
    )
    .unwrap();
    let app = App::new(Box::new(FileSettings::under_key(&path, "settings"))).unwrap();
    let settings = ok(&app, "get_settings", Value::Null);
    assert_eq!(settings["player_names"], json!(["Zoë", "Ben"]));
    assert_eq!(settings["sound"], false);
    assert!(notices(&app).is_empty());
    ok(&app, "update_settings", json!({"tile_tracker": false}));
    let file: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(file["settings"]["theme"], "dark");
    assert_eq!(file["settings"]["tile_tracker"], false);

    std::fs::write(&path, r#"{"settings": ["not", "settings"]}"#).unwrap();
    let app = App::new(Box::new(FileSettings::under_key(&path, "settings"))).unwrap();
    assert_eq!(notices(&app).len(), 1);
    assert_eq!(copies(&path).len(), 1);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_failed_write_leaves_the_old_file_whole() {
    // The write fails on a full disk: a tiny tmpfs, filled (needs root, as CI and these
    // machines have; elsewhere the test says it could not run and passes).
    let dir = folder("atomic");
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=8k", "tmpfs"])
        .arg(&dir)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: cannot mount a tmpfs here (needs root)");
        return;
    }
    struct Unmount(PathBuf);
    impl Drop for Unmount {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(&self.0).status();
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    let _unmount = Unmount(dir.clone());
    let path = dir.join("settings.json");
    let app = App::new(Box::new(FileSettings::new(&path))).unwrap();
    ok(&app, "update_settings", json!({"theme": "dark"}));
    let before = std::fs::read(&path).unwrap();
    let only_the_file = || {
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with("filler-"))
            .collect();
        assert_eq!(names, ["settings.json"], "no temporary file is left");
    };
    only_the_file();
    // Fill the disk: every block taken, so the temporary file's write fails before the
    // settings file is touched.
    let mut n = 0;
    while n < 64 && std::fs::write(dir.join(format!("filler-{n}")), vec![0u8; 1024]).is_ok() {
        n += 1;
    }
    refuses(
        &app,
        "update_settings",
        json!({"theme": "light", "sound": false}),
        "settings",
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    only_the_file();
    let settings = ok(&app, "get_settings", Value::Null);
    assert_eq!(
        (settings["theme"].clone(), settings["sound"].clone()),
        (json!("dark"), json!(true))
    );
    for i in 0..n {
        std::fs::remove_file(dir.join(format!("filler-{i}"))).unwrap();
    }
    ok(&app, "update_settings", json!({"theme": "light"}));
    only_the_file();
    let again = App::new(Box::new(FileSettings::new(&path))).unwrap();
    assert_eq!(ok(&again, "get_settings", Value::Null)["theme"], "light");
}
