//! Where a list's word graph comes from, fastest first: prebuilt into the binary (the default
//! lists and their common words, by `build.rs`), kept on disk by an earlier run (the data
//! folder's `graphs/`, once [`set_graph_cache_dir`] names it), or built now and then kept
//! there. Every graph is keyed by the list's SHA-256, the manners file's SHA-256 and the
//! layout's version ([`GraphKey`], [`wordclub_graph::FORMAT_VERSION`]), so none is ever used
//! with another list, other manners or an older layout: a kept file that does not match is
//! rebuilt and replaced. A host with no folder (the web app's worker) keeps them itself:
//! [`keep_graphs_in_host`], [`offer_kept_graph`], [`take_graphs_to_keep`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use wordclub_graph::{Gaddag, GraphError, GraphKey, Progress, SLOT_LIMIT};
use wordclub_lexicon::WordList;

// The generated table names each graph with this: embedded by default; under `runtime-data`
// (the web app) its name, `movegen/<file>`, looked up in the lexicon's registry of files the
// host provided (`wordclub_lexicon::data`). A graph not provided is built when first needed.
#[cfg(not(feature = "runtime-data"))]
type DataFile = &'static [u8];
#[cfg(not(feature = "runtime-data"))]
macro_rules! data_file {
    ($name:literal) => {
        include_bytes!(concat!(env!("OUT_DIR"), "/", $name))
    };
}
#[cfg(not(feature = "runtime-data"))]
fn data_bytes(f: DataFile) -> Option<&'static [u8]> {
    Some(f)
}
#[cfg(feature = "runtime-data")]
type DataFile = &'static str;
#[cfg(feature = "runtime-data")]
macro_rules! data_file {
    ($name:literal) => {
        concat!("movegen/", $name)
    };
}
#[cfg(feature = "runtime-data")]
fn data_bytes(f: DataFile) -> Option<&'static [u8]> {
    wordclub_lexicon::data::file(f)
}

include!(concat!(env!("OUT_DIR"), "/prebuilt_graphs.rs"));

/// Where a graph was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphSource {
    /// Embedded by the build (no work at run time but reading its bytes).
    Prebuilt,
    /// Read back from the data folder, or from what the host offered, where an earlier run
    /// kept it.
    Kept,
    /// Built from the list's words now (and kept, when there is a data folder).
    Built,
}

static CACHE_DIR: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Names the folder where graphs built at run time are kept for the next run (the app's data
/// folder's `graphs/`; the CLI's is the same folder, or `WORDCLUB_GRAPH_DIR`). `None` keeps
/// nothing (the default: tests and benches build what they need).
///
/// Graphs an older build kept there in an older layout are removed (no build reads them
/// again, and each takes megabytes); every other file is left alone.
pub fn set_graph_cache_dir(dir: Option<PathBuf>) {
    if let Some(dir) = &dir {
        remove_older_layouts(dir);
    }
    *CACHE_DIR.lock().unwrap_or_else(|e| e.into_inner()) = dir;
}

/// Removes `dir`'s graph files of a layout older than this build's
/// ([`GraphKey::layout_of_file_name`] below [`wordclub_graph::FORMAT_VERSION`]). A file that
/// cannot be removed stays: it is only space.
fn remove_older_layouts(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let version = GraphKey::layout_of_file_name(name);
        if version.is_some_and(|v| v < wordclub_graph::FORMAT_VERSION) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The folder set by [`set_graph_cache_dir`].
pub fn graph_cache_dir() -> Option<PathBuf> {
    CACHE_DIR.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Graphs kept between runs by a host that has no folder for them: the web app's worker,
/// which keeps them in the browser's storage (IndexedDB) by file name ([`GraphKey::file_name`]:
/// the list's and manners' hashes, the part's, the layout). Without it every worker start
/// built Medium's graph again (seconds: 3.2 s natively for list 4).
#[derive(Default)]
struct HostKept {
    /// Set by [`keep_graphs_in_host`]: a graph built is queued for the host.
    on: bool,
    /// What the host read back from its storage, by file name, until a load takes it.
    offered: BTreeMap<String, Vec<u8>>,
    /// Graphs built since the host last took them: (file name, bytes).
    to_keep: Vec<(String, Vec<u8>)>,
    counts: HostGraphCounts,
}

/// How the graphs a host keeps ([`keep_graphs_in_host`]) were used in this process.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HostGraphCounts {
    /// Graphs the host offered back from its storage.
    pub offered: usize,
    /// Graphs loaded from what the host offered (not built).
    pub read: usize,
    /// Graphs built and handed to the host to keep.
    pub built: usize,
}

static HOST: Mutex<Option<HostKept>> = Mutex::new(None);

fn host<T>(f: impl FnOnce(&mut HostKept) -> T) -> T {
    f(HOST
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(HostKept::default))
}

/// From now on every graph built at run time is handed to the host to keep
/// ([`take_graphs_to_keep`]) and graphs it offers back ([`offer_kept_graph`]) are read
/// instead of built: the web app's worker, which has no folder ([`set_graph_cache_dir`]).
pub fn keep_graphs_in_host() {
    host(|h| h.on = true);
}

/// Offers a graph the host kept from an earlier run under `name` (a [`GraphKey::file_name`]).
/// `false` when no build of this layout reads it (another layout or not a graph's name): the
/// host may drop it. Its bytes are checked against the key when a load asks for it; one that
/// does not match is built again (and kept anew).
pub fn offer_kept_graph(name: &str, bytes: Vec<u8>) -> bool {
    if GraphKey::layout_of_file_name(name) != Some(wordclub_graph::FORMAT_VERSION) {
        return false;
    }
    host(|h| {
        h.counts.offered += 1;
        h.offered.insert(name.to_string(), bytes);
    });
    true
}

/// The graphs built since the last call, as (file name, bytes), for the host to keep.
pub fn take_graphs_to_keep() -> Vec<(String, Vec<u8>)> {
    host(|h| std::mem::take(&mut h.to_keep))
}

/// How the host's kept graphs were used so far.
pub fn host_graph_counts() -> HostGraphCounts {
    host(|h| h.counts)
}

/// The graph of `key` the host offered, if it did and its bytes are that graph's. Taken out
/// of the offers either way: the loaded graph is kept in memory from then on.
fn host_kept(key: &GraphKey) -> Option<Gaddag> {
    let bytes = host(|h| h.offered.remove(&key.file_name()))?;
    let graph = Gaddag::from_bytes(&bytes, key, true).ok()?;
    host(|h| h.counts.read += 1);
    Some(graph)
}

/// Hands `graph` to the host to keep, when it keeps graphs.
fn keep_in_host(key: &GraphKey, graph: &Gaddag) {
    if !host(|h| h.on) {
        return;
    }
    let bytes = graph.to_bytes(key);
    host(|h| {
        h.counts.built += 1;
        h.to_keep.push((key.file_name(), bytes));
    });
}

/// The key of `list`'s whole graph under the current manners: its words' hash, which for a
/// match's list with our words is that of the list and our words together (a graph of
/// their own, built and kept like a custom list's).
pub(crate) fn list_key(list: &WordList) -> GraphKey {
    GraphKey {
        list_sha256: list.words_sha256().into_owned(),
        manners_sha256: wordclub_lexicon::manners_sha256().to_string(),
        part: String::new(),
    }
}

/// The key of the graph of the words of `list` that have a meaning shipped (Medium's), by the
/// definitions' fingerprint.
pub(crate) fn meanings_key(list: &WordList) -> GraphKey {
    GraphKey {
        part: format!(
            "words with a meaning {}",
            wordclub_definitions::MEANINGS_FINGERPRINT
        ),
        ..list_key(list)
    }
}

/// The key of the graph of the Easy computer's common words in `list`.
pub(crate) fn common_key(list: &WordList) -> GraphKey {
    GraphKey {
        part: format!("common words {COMMON_WORDS_SHA256}"),
        ..list_key(list)
    }
}

/// The prebuilt graph of `key`, if the build made one.
fn prebuilt(key: &GraphKey) -> Option<Gaddag> {
    if key.manners_sha256 != PREBUILT_MANNERS_SHA256 {
        return None;
    }
    let (_, _, file) = PREBUILT
        .iter()
        .find(|(list, part, _)| *list == key.list_sha256 && *part == key.part)?;
    let bytes = data_bytes(file)?;
    // Written by this build's own build script with this key: reading it cannot fail but
    // by a bug, and then the graph is built instead.
    Gaddag::from_bytes(bytes, key, false).ok()
}

/// Reads the graph kept at `path`; `None` when there is none or it does not match `key`
/// (another list or manners, an older layout, a damaged file: it is then rebuilt).
fn kept(path: &Path, key: &GraphKey) -> Option<Gaddag> {
    let bytes = std::fs::read(path).ok()?;
    Gaddag::from_bytes(&bytes, key, true).ok()
}

/// Keeps `graph` at `path`: written beside it and renamed, so a reader never sees half a
/// file. A folder that cannot be written only means the next run builds again.
fn keep(path: &Path, key: &GraphKey, graph: &Gaddag) {
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let scratch = path.with_extension(format!("tmp{}", std::process::id()));
    if std::fs::write(&scratch, graph.to_bytes(key)).is_ok()
        && std::fs::rename(&scratch, path).is_err()
    {
        let _ = std::fs::remove_file(&scratch);
    }
}

/// The graph of `key`: prebuilt, kept or built from `words` (`(word, rude)` pairs) with
/// `progress` told how the build goes; a graph built is kept for the next run.
pub(crate) fn load_or_build(
    key: &GraphKey,
    words: impl FnOnce() -> Vec<(Vec<u8>, bool)>,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Gaddag, GraphSource), GraphError> {
    if let Some(g) = prebuilt(key) {
        return Ok((g, GraphSource::Prebuilt));
    }
    let path = graph_cache_dir().map(|d| d.join(key.file_name()));
    if let Some(g) = path.as_deref().and_then(|p| kept(p, key)) {
        return Ok((g, GraphSource::Kept));
    }
    if let Some(g) = host_kept(key) {
        return Ok((g, GraphSource::Kept));
    }
    let graph = Gaddag::build_marked(words(), SLOT_LIMIT, progress)?;
    if let Some(path) = &path {
        keep(path, key, &graph);
    }
    keep_in_host(key, &graph);
    Ok((graph, GraphSource::Built))
}

/// Whether `list`'s graph ships prebuilt in this binary.
pub fn is_prebuilt(list: &WordList) -> bool {
    let key = list_key(list);
    key.manners_sha256 == PREBUILT_MANNERS_SHA256
        && PREBUILT.iter().any(|(l, part, file)| {
            *l == key.list_sha256 && part.is_empty() && data_bytes(file).is_some()
        })
}
