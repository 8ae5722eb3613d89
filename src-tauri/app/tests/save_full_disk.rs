//! `save_gcg` on a full disk: refused with `cannot_save`, and no empty or cut-off `.gcg` is
//! left behind in the Downloads folder. The full disk is a tiny tmpfs, which needs root (CI
//! and these machines run as root); elsewhere the test says it could not run and passes.
mod common;

use common::*;
use serde_json::json;

#[test]
fn a_record_that_cannot_be_written_leaves_no_file_behind() {
    let dir = temp_db("full-disk").with_file_name("Downloads");
    std::fs::create_dir_all(&dir).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=4k", "tmpfs"])
        .arg(&dir)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: cannot mount a tmpfs here (needs root)");
        return;
    }
    struct Unmount(std::path::PathBuf);
    impl Drop for Unmount {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(&self.0).status();
        }
    }
    let _unmount = Unmount(dir.clone());
    // Fill it: every byte taken, so the record's first write fails.
    let mut n = 0;
    while n < 64 && std::fs::write(dir.join(format!("filler-{n}")), vec![0u8; 1024]).is_ok() {
        n += 1;
    }
    let app = app();
    let id = resigned_cat_match(&app);
    app.set_downloads_dir(dir.clone());
    assert_eq!(
        refused(&app, "save_gcg", json!({ "match_id": id })),
        "cannot_save"
    );
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".gcg"))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}
