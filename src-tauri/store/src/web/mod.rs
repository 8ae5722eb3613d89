//! The history in a browser (wasm32 only): SQLite runs in the dedicated Web Worker that runs
//! the app, on one connection, in the browser's own storage.
//!
//! - **OPFS** (Chromium; Safari from iPadOS 16.4): the origin private file system through
//!   `sqlite-wasm-vfs`'s pool of synchronous access handles. Every write goes to the file
//!   when SQLite makes it, and a commit's `xSync` flushes the handle: the commit is on disk when
//!   [`crate::Store::record`] returns, as on the desktop. [`flush`] has nothing to do.
//! - **IndexedDB** (engines without OPFS, such as WebKitGTK 2.50): the history is held in
//!   memory by a page store (`pages.rs`, `idb.rs`) that keeps, at each commit's `xSync`, the
//!   pages the commit wrote; [`flush`] writes them to IndexedDB in one transaction (durability
//!   `strict`) and resolves when it is complete. The worker awaits [`flush`] after every
//!   command, before it posts the answer: an answered action is in IndexedDB, and IndexedDB
//!   only ever holds a committed state (a transaction of its own is all or nothing, so no
//!   journal is kept there). [`install_idb`] loads the whole history into memory first.
//! - Neither: [`install`] fails with `no_browser_storage` and a sentence; no history is ever
//!   kept only in memory without saying so.
//!
//! Either way the journal is a rollback journal (`journal_mode=DELETE`, `synchronous=FULL`):
//! WAL needs shared memory the browser does not have. The open path is the desktop's checks
//! without its files ([`crate::Store::open_in_browser`]): the schema signature, the refusal of
//! another program's file or a newer Word Club's, the integrity check, migrations; a damaged
//! history is set aside under `<name>.unreadable-<UTC time>` in the same storage (never
//! deleted), said by [`crate::Store::notices`], and its bytes are [`read_file`] for a download.
//!
//! The worker calls, in order: `install().await?` once, `Store::open_in_browser(HISTORY)?`,
//! then after each command `flush().await?` before answering.
mod idb;
mod opfs;

use std::cell::Cell;

use crate::open::Place;
use crate::StoreError;

/// The history's name in the browser's storage.
pub const HISTORY: &str = "wordclub-history.sqlite3";

/// Which storage keeps the history in this browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// The origin private file system (synchronous access handles in this worker).
    Opfs,
    /// IndexedDB, through the page store [`flush`] saves.
    IndexedDb,
}

impl Backend {
    /// `"opfs"` or `"indexeddb"`, for a log line or the app's diagnostics.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Opfs => "opfs",
            Backend::IndexedDb => "indexeddb",
        }
    }
}

std::thread_local! {
    static INSTALLED: Cell<Option<Backend>> = const { Cell::new(None) };
}

/// The storage installed in this worker, if any.
pub fn backend() -> Option<Backend> {
    INSTALLED.with(Cell::get)
}

/// Installs the best storage this browser has for the history: OPFS, else IndexedDB. A
/// browser with neither (a private window that refuses both, an old engine) gets
/// `no_browser_storage`, whose sentence says why and that nothing would be kept.
pub async fn install() -> Result<Backend, StoreError> {
    if let Some(b) = backend() {
        return Ok(b);
    }
    let opfs = match install_opfs().await {
        Ok(b) => return Ok(b),
        Err(e) => e,
    };
    match install_idb().await {
        Ok(b) => Ok(b),
        Err(idb) => Err(StoreError::NoBrowserStorage {
            reason: format!("the origin private file system: {opfs}; IndexedDB: {idb}"),
        }),
    }
}

/// The last storage installed is the one [`crate::Store::open_in_browser`], [`flush`] and
/// [`read_file`] use (the app installs one, with [`install`]; the tests install both).
///
/// Installs OPFS (the pool of synchronous access handles; only in a dedicated worker, in a
/// secure context). Fails with `no_browser_storage` where the browser lacks it.
pub async fn install_opfs() -> Result<Backend, StoreError> {
    opfs::install().await?;
    INSTALLED.with(|b| b.set(Some(Backend::Opfs)));
    Ok(Backend::Opfs)
}

/// Installs the IndexedDB page store and loads every file it keeps into memory. Called again
/// with no history open, it loads them again from IndexedDB (what a new worker would find).
pub async fn install_idb() -> Result<Backend, StoreError> {
    idb::install().await?;
    INSTALLED.with(|b| b.set(Some(Backend::IndexedDb)));
    Ok(Backend::IndexedDb)
}

/// Makes every commit so far durable. On IndexedDB: writes the pages the commits since the
/// last flush left, in one IndexedDB transaction, and resolves once it is complete (an error
/// leaves them to be written by the next flush, and says the last action was not saved). On
/// OPFS each commit is already on disk: nothing to do.
pub async fn flush() -> Result<(), StoreError> {
    match backend() {
        Some(Backend::IndexedDb) => idb::flush().await,
        _ => Ok(()),
    }
}

/// The bytes of a file in the history's storage — a history set aside (the `moved_to` of a
/// [`crate::MovedAside`]) — so the page can offer it as a download. It must not be open.
pub fn read_file(name: &str) -> Result<Vec<u8>, StoreError> {
    place()?.read(name)
}

/// The names of the files the storage keeps (the history and any set aside; not their
/// journals), sorted.
pub fn files() -> Result<Vec<String>, StoreError> {
    let mut names = place()?.names()?;
    names.retain(|n| !n.ends_with("-journal"));
    Ok(names)
}

fn place() -> Result<&'static dyn Place, StoreError> {
    match backend() {
        Some(Backend::Opfs) => Ok(&opfs::Opfs),
        Some(Backend::IndexedDb) => Ok(&idb::Idb),
        None => Err(StoreError::NoBrowserStorage {
            reason: "no storage was installed in this worker (call install first)".into(),
        }),
    }
}

impl crate::Store {
    /// Opens (or creates) the history `name` in the storage [`install`] chose, to play on:
    /// the desktop's checks and migrations, a damaged history set aside in the same storage.
    pub fn open_in_browser(name: &str) -> Result<crate::Store, StoreError> {
        crate::Store::open_in(place()?, name)
    }
}

/// A JavaScript error (a `DOMException`, an `Error`, a string) in words.
pub(crate) fn js_reason(value: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    if let Some(e) = value.dyn_ref::<js_sys::Error>() {
        return format!("{}: {}", String::from(e.name()), String::from(e.message()));
    }
    if let Some(e) = value.dyn_ref::<web_sys::DomException>() {
        return format!("{}: {}", e.name(), e.message());
    }
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}
