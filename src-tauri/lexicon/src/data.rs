//! Where the build's data files come from: embedded in the binary (the default: the window,
//! the CLI, every test), or handed over at run time (the `runtime-data` feature: the web
//! app's WebAssembly, which fetches each file beside the code so that a code update does not
//! download the data again and the service worker can cache them apart).
//!
//! The build scripts of this crate, `wordclub-definitions` and `wordclub-movegen` write the
//! files into their `OUT_DIR`, and their generated code names each file with the crate's
//! `data_file!` macro: `include_bytes!` of it by default, its name (`lexicon/wordclub-4.fst`)
//! under `runtime-data`, read from this registry, which the host fills ([`provide`]) before
//! anything asks for a list, a meaning or a graph. The web crate checks every file against
//! the SHA-256 its build recorded before it provides it (`src-tauri/web/build.rs`).
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The files handed over so far, by name (`<crate>/<file>`). Each is leaked: it lives as long
/// as the program, as embedded bytes do.
static FILES: Mutex<BTreeMap<String, &'static [u8]>> = Mutex::new(BTreeMap::new());

/// Hands over the data file `name` (`lexicon/wordclub-4.fst`, `definitions/words.fst`,
/// `movegen/wordclub-0.graph`). A name given twice keeps the first bytes: whatever was opened
/// from them stays valid.
pub fn provide(name: &str, bytes: Vec<u8>) {
    let mut files = FILES.lock().unwrap_or_else(|e| e.into_inner());
    if !files.contains_key(name) {
        files.insert(name.to_string(), Box::leak(bytes.into_boxed_slice()));
    }
}

/// The data file `name`, if it was handed over (or always, for an embedded build's own
/// files, which never ask).
pub fn file(name: &str) -> Option<&'static [u8]> {
    FILES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(name)
        .copied()
}

/// A data file the build wrote: its bytes in an embedded build, its name under `runtime-data`.
#[cfg(not(feature = "runtime-data"))]
pub(crate) type DataFile = &'static [u8];
#[cfg(feature = "runtime-data")]
pub(crate) type DataFile = &'static str;

/// The bytes of a data file the build wrote.
#[cfg(not(feature = "runtime-data"))]
pub(crate) fn bytes(f: DataFile) -> &'static [u8] {
    f
}

/// The bytes of a data file the build wrote. Under `runtime-data` the host provides every
/// file before the first list is opened (the web crate's `init` refuses to start without
/// one), so a missing one is a host's bug, said plainly.
#[cfg(feature = "runtime-data")]
pub(crate) fn bytes(f: DataFile) -> &'static [u8] {
    file(f).unwrap_or_else(|| panic!("the data file {f} was not provided before use"))
}
