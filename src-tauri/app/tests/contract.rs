//! The UI's typed contract is up to date: `ui/js/contract.d.ts` and `ui/js/commands.js` are
//! what the command table and its types generate now (`wordclub_app::contract_files`). After
//! a change to a command or a type the UI reads, write them again with `WORDCLUB_BLESS=1`; the
//! UI's type check (`tsc --checkJs`, scripts/test.sh) then says which UI code no longer fits.

use std::path::PathBuf;

#[test]
fn the_committed_contract_is_the_generated_one() {
    let files = wordclub_app::contract_files();
    let ui = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ui/js");
    let bless = std::env::var("WORDCLUB_BLESS").is_ok_and(|v| v == "1");
    let mut stale = Vec::new();
    for (name, text) in [
        ("contract.d.ts", &files.declarations),
        ("commands.js", &files.commands),
    ] {
        let path = ui.join(name);
        if bless {
            std::fs::write(&path, text)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        } else if std::fs::read_to_string(&path).ok().as_ref() != Some(text) {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "ui/js/{} differ from what the command table generates: run \
         `WORDCLUB_BLESS=1 cargo test -p wordclub-app --features contract --test contract` and commit them",
        stale.join(" and ui/js/")
    );
}
