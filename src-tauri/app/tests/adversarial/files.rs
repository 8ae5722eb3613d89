//! Files that stay the user's (issue 42, items 7, 9 and 10): an atomic write never touches a
//! file or follows a link of a name it did not create; a kept file that cannot be read is
//! never written over without a copy, and is announced; settings read from a FIFO, written
//! by a newer version or by an older one with a longer name are kept, not waited on or
//! dropped.
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};
use wordclub_app::{App, FileSettings};

use crate::common::{ok, resigned_cat_match, TempDir};

/// What a user keeps under the name the old writes used for their temporary file.
const MINE: &[u8] = b"my own notes, not the app's";

/// Every name in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Puts the user's file at `<target>.tmp` and a link at `<target>.tmp` in a second folder
/// pointing at a file of theirs elsewhere; `write` then writes `target` (and the second
/// folder's). Both of the user's files must come out as they were, and no file of the app's
/// is left beside them.
fn writes_leave_tmp_names_alone(tag: &str, write: impl Fn(&Path)) {
    let dir = TempDir::new(&format!("adversarial-files-{tag}"));
    let plain = dir.0.join("plain");
    let linked = dir.0.join("linked");
    std::fs::create_dir_all(&plain).unwrap();
    std::fs::create_dir_all(&linked).unwrap();
    let target = plain.join("kept.json");
    let theirs = plain.join("kept.json.tmp");
    std::fs::write(&theirs, MINE).unwrap();
    write(&target);
    assert_eq!(std::fs::read(&theirs).unwrap(), MINE, "{tag}: truncated");
    assert!(std::fs::metadata(&target).unwrap().len() > 0, "{tag}");
    assert_eq!(names(&plain), ["kept.json", "kept.json.tmp"], "{tag}");

    #[cfg(unix)]
    {
        let elsewhere = dir.0.join("elsewhere.txt");
        std::fs::write(&elsewhere, MINE).unwrap();
        let target = linked.join("kept.json");
        std::os::unix::fs::symlink(&elsewhere, linked.join("kept.json.tmp")).unwrap();
        write(&target);
        assert_eq!(
            std::fs::read(&elsewhere).unwrap(),
            MINE,
            "{tag}: written through the link"
        );
        assert!(
            std::fs::symlink_metadata(linked.join("kept.json.tmp"))
                .unwrap()
                .file_type()
                .is_symlink(),
            "{tag}: the link was replaced"
        );
        assert_eq!(names(&linked), ["kept.json", "kept.json.tmp"], "{tag}");
    }
}

/// Item 7: the one atomic write (settings, the window's size and place, `save_gcg`) leaves
/// a file or a link named `<target>.tmp` alone.
#[test]
fn an_atomic_write_never_touches_a_file_or_link_named_like_its_temporary_file() {
    writes_leave_tmp_names_alone("atomic", |target| {
        wordclub_app::write_atomically(target, b"{\"new\": true}").unwrap();
    });
    writes_leave_tmp_names_alone("settings", |target| {
        let app = App::new(Box::new(FileSettings::new(target))).unwrap();
        ok(&app, "update_settings", json!({"theme": "dark"}));
    });
    writes_leave_tmp_names_alone("gcg", |target| {
        let app = crate::common::app();
        let id = resigned_cat_match(&app);
        app.set_downloads_dir(target.parent().unwrap().to_path_buf());
        let chosen = target.to_path_buf();
        app.set_save_chooser(move |_, _| Some(chosen.clone()));
        let saved = ok(&app, "save_gcg", json!({ "match_id": id }));
        assert_eq!(saved["path"], json!(target.display().to_string()));
    });
}

/// Runs `f` on a thread; `None` when it has not answered within `limit` (the thread is left
/// blocked: the test fails anyway).
fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit).ok()
}

/// Unblocks a thread stuck opening the FIFO at `path` for reading (a writer comes), so a
/// failing test does not leave it behind.
#[cfg(unix)]
fn release_fifo(path: &Path) {
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        let _ = std::fs::OpenOptions::new().write(true).open(path);
    });
}

#[cfg(unix)]
fn make_fifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo");
    assert!(made.success());
}

/// Item 10: settings at a FIFO are not waited on: the app starts at once with the defaults,
/// and no change is written over the FIFO.
#[cfg(unix)]
#[test]
fn settings_at_a_fifo_do_not_block_the_start() {
    let dir = TempDir::new("adversarial-files-fifo");
    let path = dir.0.join("settings.json");
    make_fifo(&path);
    let opened = {
        let path = path.clone();
        within(Duration::from_secs(5), move || {
            App::new(Box::new(FileSettings::new(path))).map(|app| {
                let refusal = app
                    .call("update_settings", json!({"theme": "dark"}))
                    .map_err(|e| e.kind().to_string());
                (app.call("get_settings", Value::Null).is_ok(), refusal)
            })
        })
    };
    if opened.is_none() {
        release_fifo(&path);
    }
    let (answered, refusal) = opened
        .expect("the app waited for a writer on the FIFO")
        .unwrap();
    assert!(answered);
    assert_eq!(refusal, Err("settings".to_string()));
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&path)
        .unwrap()
        .file_type()
        .is_fifo());
}

/// Item 10: fields a newer version wrote (in the settings, and beside them in the window's
/// keyed file) are still there after this version changes a setting.
#[test]
fn fields_a_newer_version_wrote_survive_a_change() {
    let dir = TempDir::new("adversarial-files-newer");
    let path = dir.0.join("settings.json");
    std::fs::write(
        &path,
        json!({
            "player_names": ["Ann", "Ben"],
            "theme": "dark",
            "sound": true,
            "board_zoom": 1.5,
            "seat_colours": ["red", "blue"]
        })
        .to_string(),
    )
    .unwrap();
    let app = App::new(Box::new(FileSettings::new(&path))).unwrap();
    ok(&app, "update_settings", json!({"sound": false}));
    let file: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(file["sound"], false);
    assert_eq!(file["board_zoom"], 1.5, "{file}");
    assert_eq!(file["seat_colours"], json!(["red", "blue"]), "{file}");

    let keyed = dir.0.join("keyed.json");
    std::fs::write(
        &keyed,
        json!({
            "settings": {"player_names": ["Ann"], "board_zoom": 2},
            "cloud_sync": {"enabled": false}
        })
        .to_string(),
    )
    .unwrap();
    let app = App::new(Box::new(FileSettings::under_key(&keyed, "settings"))).unwrap();
    ok(&app, "update_settings", json!({"theme": "light"}));
    let file: Value = serde_json::from_slice(&std::fs::read(&keyed).unwrap()).unwrap();
    assert_eq!(file["settings"]["theme"], "light");
    assert_eq!(file["settings"]["board_zoom"], 2, "{file}");
    assert_eq!(file["cloud_sync"], json!({"enabled": false}), "{file}");
}

/// Item 10: a name longer than today's limit, kept by an older version, keeps its seat (and
/// the seat's computer level stays beside the right name), shortened to fit where the form
/// shows it, instead of vanishing and moving every later seat up.
#[test]
fn a_name_longer_than_today_s_limit_keeps_its_seat_shortened_where_it_shows() {
    let dir = TempDir::new("adversarial-files-long-name");
    let path = dir.0.join("settings.json");
    let long = "Great-Grandmother Josephine Anne";
    assert!(long.chars().count() > wordclub_engine::MAX_NAME_CHARS);
    std::fs::write(
        &path,
        json!({
            "player_names": [long, "Ben", "Cat"],
            "player_levels": [null, null, "hard"]
        })
        .to_string(),
    )
    .unwrap();
    let app = App::new(Box::new(FileSettings::new(&path))).unwrap();
    let settings = ok(&app, "get_settings", Value::Null);
    let names = settings["player_names"].as_array().unwrap();
    assert_eq!(names.len(), 3, "{settings}");
    let first = names[0].as_str().unwrap();
    assert!(long.starts_with(first), "{settings}");
    assert_eq!(first.chars().count(), wordclub_engine::MAX_NAME_CHARS);
    assert_eq!(settings["player_levels"], json!([null, null, "hard"]));
    // The form's names are accepted as they are.
    let names: Vec<Value> = names.clone();
    ok(&app, "update_settings", json!({"player_names": names}));
}

/// Item 9: a window-state file that cannot be read is never written over without a copy: one
/// that cannot even be copied (behind a link that fails every read, a FIFO, a folder) is
/// left as it is through the plugin's save and the exit, and each is announced on the start
/// screen (through the settings' notices) until read.
#[cfg(target_os = "linux")]
#[test]
fn an_unreadable_window_state_file_is_left_as_it_is_and_announced() {
    use std::os::unix::fs::FileTypeExt;
    use wordclub_app::window_file::{commit, keep, prepare, KEPT, SCRATCH};

    let dir = TempDir::new("adversarial-files-window");
    // The plugin saving its scratch file (a resize settled), the shell keeping it, the
    // plugin writing it at exit and the shell committing it.
    let run = |dir: &Path, leave_as_is: bool| {
        std::fs::write(dir.join(SCRATCH), br#"{"main": {"width": 800}}"#).unwrap();
        keep(dir, leave_as_is).unwrap();
        std::fs::write(dir.join(SCRATCH), br#"{"main": {"width": 900}}"#).unwrap();
        commit(dir, leave_as_is).unwrap();
    };

    // Behind a link to a file whose every read fails (EIO): neither readable nor copyable.
    let linked = dir.0.join("linked");
    std::fs::create_dir_all(&linked).unwrap();
    std::os::unix::fs::symlink("/proc/self/mem", linked.join(KEPT)).unwrap();
    let prepared = prepare(&linked);
    run(&linked, prepared.leave_as_is);
    assert!(
        std::fs::symlink_metadata(linked.join(KEPT))
            .unwrap()
            .file_type()
            .is_symlink(),
        "the unreadable file was written over"
    );
    let notice = prepared.notice.expect("an unreadable file is announced");
    assert!(notice.message.contains("left as it is"), "{notice:?}");

    // A folder where the file was.
    let folder = dir.0.join("folder");
    std::fs::create_dir_all(folder.join(KEPT)).unwrap();
    let prepared = prepare(&folder);
    run(&folder, prepared.leave_as_is);
    assert!(folder.join(KEPT).is_dir());
    assert!(
        prepared.notice.is_some(),
        "a folder in its place is announced"
    );

    // A FIFO: not waited on.
    let fifo = dir.0.join("fifo");
    std::fs::create_dir_all(&fifo).unwrap();
    make_fifo(&fifo.join(KEPT));
    let prepared = {
        let fifo = fifo.clone();
        within(Duration::from_secs(5), move || prepare(&fifo))
    };
    if prepared.is_none() {
        release_fifo(&fifo.join(KEPT));
    }
    let prepared = prepared.expect("the start waited for a writer on the FIFO");
    run(&fifo, prepared.leave_as_is);
    assert!(std::fs::symlink_metadata(fifo.join(KEPT))
        .unwrap()
        .file_type()
        .is_fifo());
    let notice = prepared.notice.expect("a FIFO in its place is announced");

    // The start screen shows it until read, once however many starts announce it again.
    let settings = dir.0.join("settings.json");
    let start = || {
        let backend = FileSettings::under_key(&settings, "settings");
        backend.announce(notice.clone());
        App::new(Box::new(backend)).unwrap()
    };
    let shown = |app: &App| ok(app, "app_info", Value::Null)["settings_notices"].clone();
    start();
    let app = start();
    assert_eq!(shown(&app).as_array().unwrap().len(), 1, "{}", shown(&app));
    assert_eq!(shown(&app)[0]["moved_to"], json!(notice.moved_to));
    ok(
        &app,
        "acknowledge_history_notice",
        json!({"moved_to": notice.moved_to}),
    );
    assert_eq!(shown(&app), json!([]));
    let app = App::new(Box::new(FileSettings::under_key(&settings, "settings"))).unwrap();
    assert_eq!(shown(&app), json!([]));
}
