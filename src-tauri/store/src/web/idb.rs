//! The IndexedDB history: an SQLite VFS over in-memory page files (`pages.rs`), saved to
//! IndexedDB by [`flush`].
//!
//! Why not an IndexedDB VFS that writes as SQLite writes: SQLite's VFS calls are synchronous
//! and IndexedDB's are not, so such a VFS can only queue its writes and let them land later —
//! an answered action could then be lost with the tab. Here SQLite writes to memory; each
//! main-database `xSync` (one per commit) keeps the pages the commit wrote; the worker awaits
//! [`flush`] after each command, which writes them in one read-write IndexedDB transaction
//! with `durability: "strict"` and resolves on its `complete` event. A journal, a temporary
//! file, lives in memory only: IndexedDB's own transaction is what makes a save all or
//! nothing.
//!
//! IndexedDB database `wordclub`, version 1: object store `files` (key: the file's name,
//! value: its size in bytes) and `blocks` (key: `[name, index]`, value: the block's bytes,
//! `pages::BLOCK` each, the last one shorter).
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use js_sys::{Array, Object, Promise, Reflect, Uint8Array};
use sqlite_wasm_rs::vfs::{
    register_vfs, AccessMode, FileKind, LockLevel, OpenAccess, OpenOptions, OpenRequest,
    OpenedFile, SQLiteIoMethods, SQLiteVfs, SyncOptions, VfsError, VfsErrorCode, VfsFile,
    VfsResult, VfsStore,
};
use sqlite_wasm_rs::WasmOsCallback;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbKeyRange, IdbRequest, IdbTransaction};

use super::js_reason;
use crate::open::Place;
use crate::pages::{PageFile, Saved};
use crate::StoreError;

/// The SQLite VFS's name.
const VFS: &str = "wordclub-idb";
const DATABASE: &str = "wordclub";
const FILES: &str = "files";
const BLOCKS: &str = "blocks";

/// What the VFS holds: the files by name, which of them IndexedDB keeps (main databases:
/// journals stay in memory), the names to remove from IndexedDB at the next flush, and how
/// many handles are open.
#[derive(Default)]
struct State {
    files: BTreeMap<String, Rc<RefCell<PageFile>>>,
    kept: BTreeSet<String>,
    removed: BTreeSet<String>,
    open: usize,
    db: Option<IdbDatabase>,
}

std::thread_local! {
    static STATE: Rc<RefCell<State>> = Rc::default();
}

fn state() -> Rc<RefCell<State>> {
    STATE.with(Rc::clone)
}

/// The VFS's data: the shared state and the browser's clock and randomness for SQLite.
struct AppData {
    state: Rc<RefCell<State>>,
    os: WasmOsCallback,
}

struct Handle {
    file: Rc<RefCell<PageFile>>,
    /// A main database, kept in IndexedDB: its syncs are what [`flush`] saves.
    kept: bool,
}

impl VfsFile for Handle {
    fn read(&mut self, buf: &mut [u8], offset: u64) -> VfsResult<usize> {
        Ok(self.file.borrow().read(buf, offset))
    }

    fn write(&mut self, buf: &[u8], offset: u64) -> VfsResult<()> {
        self.file.borrow_mut().write(buf, offset);
        Ok(())
    }

    fn truncate(&mut self, size: u64) -> VfsResult<()> {
        self.file.borrow_mut().truncate(size);
        Ok(())
    }

    fn sync(&mut self, _options: SyncOptions) -> VfsResult<()> {
        if self.kept {
            self.file.borrow_mut().sync();
        }
        Ok(())
    }

    fn size(&self) -> VfsResult<u64> {
        Ok(self.file.borrow().size())
    }

    // One connection in one worker (a Web Lock keeps other tabs out): no locks to take.
    fn lock(&mut self, _level: LockLevel) -> VfsResult<()> {
        Ok(())
    }

    fn unlock(&mut self, _level: LockLevel) -> VfsResult<()> {
        Ok(())
    }

    fn check_reserved_lock(&self) -> VfsResult<bool> {
        Ok(false)
    }
}

struct Store;

fn cant_open(what: String) -> VfsError {
    VfsError::new(VfsErrorCode::CantOpen, what.into())
}

impl VfsStore for Store {
    type File = Handle;
    type AppData = AppData;

    fn open_file(data: &AppData, request: OpenRequest<'_>) -> VfsResult<OpenedFile<Handle>> {
        let options = request.options;
        let mut state = data.state.borrow_mut();
        let Some(filename) = request.filename else {
            state.open += 1;
            return Ok(OpenedFile {
                file: Handle {
                    file: Rc::default(),
                    kept: false,
                },
                access: options.access(),
            });
        };
        let name = filename.path().to_string();
        let kept = options.kind() == Some(FileKind::MainDb);
        let file = match state.files.get(&name) {
            Some(_) if options.create() && options.exclusive() => {
                return Err(cant_open(format!("file already exists: {name:?}")))
            }
            Some(file) => file.clone(),
            None if options.create() => {
                let file: Rc<RefCell<PageFile>> = Rc::default();
                state.files.insert(name.clone(), file.clone());
                if kept {
                    state.kept.insert(name.clone());
                    state.removed.remove(&name);
                }
                file
            }
            None => return Err(cant_open(format!("file not found: {name:?}"))),
        };
        state.open += 1;
        Ok(OpenedFile {
            file: Handle { file, kept },
            access: if options.access() == OpenAccess::ReadOnly {
                OpenAccess::ReadOnly
            } else {
                OpenAccess::ReadWrite
            },
        })
    }

    fn close_file(
        data: &AppData,
        name: Option<&str>,
        file: Handle,
        options: OpenOptions,
    ) -> VfsResult<()> {
        let mut state = data.state.borrow_mut();
        state.open = state.open.saturating_sub(1);
        if let (Some(name), true) = (name, options.delete_on_close()) {
            if state
                .files
                .get(name)
                .is_some_and(|f| Rc::ptr_eq(f, &file.file))
            {
                forget(&mut state, name);
            }
        }
        Ok(())
    }

    fn access(data: &AppData, name: &str, _mode: AccessMode) -> VfsResult<bool> {
        Ok(data.state.borrow().files.contains_key(name))
    }

    fn full_pathname(_data: &AppData, name: &str) -> VfsResult<String> {
        Ok(name.to_string())
    }

    fn delete_file(data: &AppData, name: &str, _sync_dir: bool) -> VfsResult<()> {
        let mut state = data.state.borrow_mut();
        if !state.files.contains_key(name) {
            return Err(VfsError::new(
                VfsErrorCode::IoDelete,
                format!("file not found: {name:?}").into(),
            ));
        }
        forget(&mut state, name);
        Ok(())
    }
}

/// Drops a file from memory, and from IndexedDB at the next flush if it was kept there.
fn forget(state: &mut State, name: &str) {
    state.files.remove(name);
    if state.kept.remove(name) {
        state.removed.insert(name.to_string());
    }
}

struct Io;

impl SQLiteIoMethods for Io {
    type Store = Store;
}

struct Vfs;

impl SQLiteVfs<Io> for Vfs {
    type Os = WasmOsCallback;

    fn os(data: &AppData) -> &WasmOsCallback {
        &data.os
    }
}

fn storage(what: &str, value: JsValue) -> StoreError {
    StoreError::Storage {
        reason: format!("IndexedDB {what}: {}", js_reason(&value)),
    }
}

/// Resolves with the request's result once it succeeds.
async fn request(req: IdbRequest, what: &str) -> Result<JsValue, StoreError> {
    let done = Promise::new(&mut |resolve, reject| {
        req.set_onsuccess(Some(&resolve));
        req.set_onerror(Some(&reject));
    });
    match JsFuture::from(done).await {
        Ok(_) => req.result().map_err(|e| storage(what, e)),
        Err(_) => Err(match req.error() {
            Ok(Some(e)) => storage(what, e.into()),
            _ => storage(what, JsValue::from_str("the request failed")),
        }),
    }
}

/// Resolves once the transaction is complete: its writes are in IndexedDB.
async fn completed(tx: &IdbTransaction, what: &str) -> Result<(), StoreError> {
    let done = Promise::new(&mut |resolve, reject| {
        tx.set_oncomplete(Some(&resolve));
        tx.set_onerror(Some(&reject));
        tx.set_onabort(Some(&reject));
    });
    JsFuture::from(done)
        .await
        .map(|_| ())
        .map_err(|_| match tx.error() {
            Some(e) => storage(what, e.into()),
            None => storage(what, JsValue::from_str("the transaction was aborted")),
        })
}

async fn open_database() -> Result<IdbDatabase, StoreError> {
    let global = js_sys::global();
    let factory = Reflect::get(&global, &"indexedDB".into())
        .ok()
        .filter(|f| !f.is_undefined() && !f.is_null())
        .ok_or_else(|| StoreError::NoBrowserStorage {
            reason: "this browser has no IndexedDB here".into(),
        })?
        .unchecked_into::<web_sys::IdbFactory>();
    let req = factory
        .open_with_u32(DATABASE, 1)
        .map_err(|e| storage("cannot be opened", e))?;
    let upgrade = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new({
        let req = req.clone();
        move |_event: JsValue| {
            let Ok(db) = req.result().map(|r| r.unchecked_into::<IdbDatabase>()) else {
                return;
            };
            let names = db.object_store_names();
            for store in [FILES, BLOCKS] {
                if !names.contains(store) {
                    let _ = db.create_object_store(store);
                }
            }
        }
    });
    req.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
    let db = request(req.clone().unchecked_into(), "cannot be opened").await;
    req.set_onupgradeneeded(None);
    drop(upgrade);
    Ok(db?.unchecked_into())
}

fn key(name: &str, index: u64) -> JsValue {
    Array::of2(&name.into(), &(index as f64).into()).into()
}

/// Every block key of `name` from `from` on.
fn blocks_from(name: &str, from: u64) -> Result<JsValue, StoreError> {
    IdbKeyRange::bound(&key(name, from), &key(name, u64::MAX >> 11))
        .map(JsValue::from)
        .map_err(|e| storage("key range", e))
}

/// Registers the VFS (once) and fills it with every file IndexedDB keeps. Refused while a
/// file is open: what is in memory then may hold what IndexedDB does not have yet.
pub(super) async fn install() -> Result<(), StoreError> {
    let shared = state();
    if shared.borrow().open > 0 {
        return Err(StoreError::Storage {
            reason: "the history is open: close it before loading it again".into(),
        });
    }
    let opened = shared.borrow().db.clone();
    let db = match opened {
        Some(db) => db,
        None => open_database().await?,
    };
    let files = load(&db).await?;
    {
        let mut state = shared.borrow_mut();
        state.kept = files.keys().cloned().collect();
        state.files = files
            .into_iter()
            .map(|(name, file)| (name, Rc::new(RefCell::new(file))))
            .collect();
        state.removed.clear();
        state.db = Some(db);
    }
    // SAFETY: one registration per worker (checked first), with this module's own store and
    // file types; SQLite is used from this worker's thread only.
    unsafe {
        if sqlite_wasm_rs::vfs::registered_vfs(VFS)
            .map_err(|e| StoreError::Storage {
                reason: e.to_string(),
            })?
            .is_none()
        {
            let registration = register_vfs::<Io, Vfs>(
                VFS,
                AppData {
                    state: shared,
                    os: WasmOsCallback,
                },
                false,
            )
            .map_err(|e| StoreError::Storage {
                reason: format!("the IndexedDB store cannot be registered with SQLite: {e}"),
            })?;
            // Registered for the life of the worker.
            let _ = registration.into_raw();
        }
    }
    Ok(())
}

/// Reads every file: its size from `files`, its blocks from `blocks`.
async fn load(db: &IdbDatabase) -> Result<BTreeMap<String, PageFile>, StoreError> {
    let tx = db
        .transaction_with_str_sequence(&Array::of2(&FILES.into(), &BLOCKS.into()))
        .map_err(|e| storage("cannot be read", e))?;
    let files = tx
        .object_store(FILES)
        .map_err(|e| storage("cannot be read", e))?;
    let blocks = tx
        .object_store(BLOCKS)
        .map_err(|e| storage("cannot be read", e))?;
    let names = files
        .get_all_keys()
        .map_err(|e| storage("cannot be read", e))?;
    let sizes = files.get_all().map_err(|e| storage("cannot be read", e))?;
    let block_keys = blocks
        .get_all_keys()
        .map_err(|e| storage("cannot be read", e))?;
    let block_values = blocks.get_all().map_err(|e| storage("cannot be read", e))?;
    let names: Array = request(names, "cannot be read").await?.unchecked_into();
    let sizes: Array = request(sizes, "cannot be read").await?.unchecked_into();
    let block_keys: Array = request(block_keys, "cannot be read")
        .await?
        .unchecked_into();
    let block_values: Array = request(block_values, "cannot be read")
        .await?
        .unchecked_into();
    // Each file's size and its blocks, by name.
    type Found = BTreeMap<String, (u64, Vec<(u64, Vec<u8>)>)>;
    let mut found: Found = BTreeMap::new();
    for (name, size) in names.iter().zip(sizes.iter()) {
        let (Some(name), Some(size)) = (name.as_string(), size.as_f64()) else {
            continue;
        };
        found.insert(name, (size as u64, Vec::new()));
    }
    for (k, v) in block_keys.iter().zip(block_values.iter()) {
        let k: Array = k.unchecked_into();
        let (Some(name), Some(index)) = (k.get(0).as_string(), k.get(1).as_f64()) else {
            continue;
        };
        if let Some((_, blocks)) = found.get_mut(&name) {
            blocks.push((index as u64, Uint8Array::new(&v).to_vec()));
        }
    }
    Ok(found
        .into_iter()
        .map(|(name, (size, blocks))| (name, PageFile::from_blocks(size, blocks)))
        .collect())
}

/// Writes what the commits since the last flush left, in one IndexedDB transaction, and
/// resolves once it is complete. On failure, what was taken is put back for the next flush.
pub(super) async fn flush() -> Result<(), StoreError> {
    let shared = state();
    let (db, taken, removed) = {
        let mut state = shared.borrow_mut();
        let taken: Vec<(String, Saved)> = state
            .kept
            .iter()
            .filter_map(|name| {
                let saved = state.files.get(name)?.borrow_mut().take_saved()?;
                Some((name.clone(), saved))
            })
            .collect();
        let removed = std::mem::take(&mut state.removed);
        (state.db.clone(), taken, removed)
    };
    if taken.is_empty() && removed.is_empty() {
        return Ok(());
    }
    let result = match db {
        Some(db) => write(&db, &taken, &removed).await,
        None => Err(StoreError::Storage {
            reason: "IndexedDB was not opened".into(),
        }),
    };
    if result.is_err() {
        let mut state = shared.borrow_mut();
        for (name, saved) in taken {
            if let Some(file) = state.files.get(&name) {
                file.borrow_mut().put_back(saved);
            }
        }
        state.removed.extend(removed);
    }
    result
}

async fn write(
    db: &IdbDatabase,
    taken: &[(String, Saved)],
    removed: &BTreeSet<String>,
) -> Result<(), StoreError> {
    let what = "cannot be written";
    // `durability: "strict"`: the transaction completes once the browser has flushed it to
    // disk (Chromium's default, "relaxed", completes before). Through `Reflect`, as the
    // options argument is not in every engine's bindings; an engine without it ignores it.
    let options = Object::new();
    Reflect::set(&options, &"durability".into(), &"strict".into()).map_err(|e| storage(what, e))?;
    let open = Reflect::get(db, &"transaction".into()).map_err(|e| storage(what, e))?;
    let tx: IdbTransaction = open
        .unchecked_into::<js_sys::Function>()
        .call3(
            db,
            &Array::of2(&FILES.into(), &BLOCKS.into()),
            &"readwrite".into(),
            &options,
        )
        .map_err(|e| storage(what, e))?
        .unchecked_into();
    let files = tx.object_store(FILES).map_err(|e| storage(what, e))?;
    let blocks = tx.object_store(BLOCKS).map_err(|e| storage(what, e))?;
    let fail = |e: JsValue| {
        tx.abort().ok();
        storage(what, e)
    };
    for name in removed {
        files.delete(&name.into()).map_err(fail)?;
        blocks.delete(&blocks_from(name, 0)?).map_err(fail)?;
    }
    for (name, saved) in taken {
        files
            .put_with_key(&(saved.size as f64).into(), &name.into())
            .map_err(fail)?;
        blocks
            .delete(&blocks_from(name, saved.block_count())?)
            .map_err(fail)?;
        for (index, bytes) in &saved.blocks {
            blocks
                .put_with_key(&Uint8Array::from(bytes.as_slice()), &key(name, *index))
                .map_err(fail)?;
        }
    }
    completed(&tx, what).await
}

/// The IndexedDB page store as the open path sees it.
pub(super) struct Idb;

impl Place for Idb {
    fn vfs(&self) -> &str {
        VFS
    }

    fn head(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let state = state();
        let state = state.borrow();
        Ok(state.files.get(name).map(|f| {
            let mut head = vec![0u8; 100];
            let n = f.borrow().read(&mut head, 0);
            head.truncate(n);
            head
        }))
    }

    fn set_aside(&self, from: &str, to: &str) -> Result<(), StoreError> {
        let shared = state();
        let mut state = shared.borrow_mut();
        if state.files.contains_key(to) {
            return Err(StoreError::Storage {
                reason: format!("{to} already exists"),
            });
        }
        let Some(file) = state.files.get(from).cloned() else {
            return Err(StoreError::Storage {
                reason: format!("there is no {from}"),
            });
        };
        // The copy under the new name is saved whole, and the old name removed, by the same
        // IndexedDB transaction (the next flush): the bytes are never without a name.
        let copy = {
            let file = file.borrow();
            let whole = file.whole();
            let mut copy = PageFile::from_blocks(whole.size, whole.blocks.clone());
            copy.put_back(whole);
            copy
        };
        state
            .files
            .insert(to.to_string(), Rc::new(RefCell::new(copy)));
        state.kept.insert(to.to_string());
        state.removed.remove(to);
        forget(&mut state, from);
        // The history's journal, if any, goes with it (it is in memory only).
        let journal = format!("{from}-journal");
        if let Some(j) = state.files.remove(&journal) {
            state.files.insert(format!("{to}-journal"), j);
        }
        Ok(())
    }

    fn names(&self) -> Result<Vec<String>, StoreError> {
        Ok(state().borrow().kept.iter().cloned().collect())
    }

    fn read(&self, name: &str) -> Result<Vec<u8>, StoreError> {
        let state = state();
        let state = state.borrow();
        state
            .files
            .get(name)
            .map(|f| f.borrow().bytes().to_vec())
            .ok_or_else(|| StoreError::Storage {
                reason: format!("there is no {name}"),
            })
    }
}
