//! Word graphs for the CLI: where graphs built at run time are kept (the app's data folder,
//! so the app and the CLI share them), and the progress of a build on stderr.
//!
//! The default lists' graphs are prebuilt into the binary; any other list's graph (an older
//! list version, a `--list-file`) is built on first use, which takes a second or so for a large
//! list, and kept in `<data folder>/graphs/` for the next run. `WORDCLUB_GRAPH_DIR` names
//! another folder (empty: keep none).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;

use wordclub_lexicon::WordList;
use wordclub_movegen::{try_graph_with_progress, Gaddag, Manners, MovegenError};

/// The app's identifier (`tauri.conf.json`): its data folder is `$XDG_DATA_HOME/<id>`.
const APP_ID: &str = "club.wordclub.play";

/// Sets where graphs built at run time are kept (see the module's header).
pub fn use_data_folder() {
    let dir = match std::env::var_os("WORDCLUB_GRAPH_DIR") {
        Some(d) if d.is_empty() => None,
        Some(d) => Some(PathBuf::from(d)),
        None => std::env::var_os("XDG_DATA_HOME")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
            .map(|d| d.join(APP_ID).join("graphs")),
    };
    wordclub_movegen::set_graph_cache_dir(dir);
}

/// `list`'s graph with these manners; a build (neither prebuilt nor kept) says so on stderr,
/// with its progress when stderr is a terminal.
pub fn graph_for(list: &WordList, manners: Manners) -> Result<Arc<Gaddag>, MovegenError> {
    let tty = std::io::stderr().is_terminal();
    let mut announced = false;
    let mut err = std::io::stderr();
    let (graph, _source) = try_graph_with_progress(list, manners, &mut |p| {
        if !announced {
            announced = true;
            let _ = write!(
                err,
                "building the word graph of {} ({} words; kept for next time)",
                list.info().name,
                list.info().word_count
            );
            if !tty {
                let _ = writeln!(err);
            }
        }
        if tty {
            let percent = p.done * 100 / p.total.max(1);
            let _ = write!(
                err,
                "\rbuilding the word graph of {}: {percent:>3}%",
                list.info().name
            );
        }
    })?;
    if announced && tty {
        let _ = writeln!(err);
    }
    Ok(graph)
}
