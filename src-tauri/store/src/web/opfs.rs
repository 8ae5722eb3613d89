//! The OPFS history: `sqlite-wasm-vfs`'s pool of synchronous access handles, in the folder
//! `wordclub` of the origin private file system. Each SQLite write goes to its file as it is
//! made and each `xSync` flushes the handle, so a commit is on disk when it returns.
use std::cell::RefCell;

use sqlite_wasm_rs::vfs::transfer::DbTransfer;
use sqlite_wasm_rs::vfs::VfsFilesManager;
use sqlite_wasm_rs::WasmOsCallback;
use sqlite_wasm_vfs::sahpool::{
    install as install_pool, OpfsSAHError, OpfsSAHPoolCfgBuilder, OpfsSAHPoolUtil,
};

use crate::open::Place;
use crate::StoreError;

/// The SQLite VFS's name.
const VFS: &str = "wordclub-opfs";

std::thread_local! {
    static POOL: RefCell<Option<OpfsSAHPoolUtil>> = const { RefCell::new(None) };
}

fn pool() -> Result<OpfsSAHPoolUtil, StoreError> {
    POOL.with(|p| p.borrow().clone())
        .ok_or_else(|| StoreError::NoBrowserStorage {
            reason: "the origin private file system was not installed".into(),
        })
}

fn storage(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Storage {
        reason: format!("the origin private file system {what}: {e}"),
    }
}

pub(super) async fn install() -> Result<(), StoreError> {
    if POOL.with(|p| p.borrow().is_some()) {
        return Ok(());
    }
    let config = OpfsSAHPoolCfgBuilder::new()
        .vfs_name(VFS)
        .directory("wordclub")
        .build();
    let util = install_pool::<WasmOsCallback>(&config, false)
        .await
        .map_err(|e| StoreError::NoBrowserStorage {
            reason: e.to_string(),
        })?;
    POOL.with(|p| *p.borrow_mut() = Some(util));
    Ok(())
}

/// The OPFS pool as the open path sees it.
pub(super) struct Opfs;

impl Place for Opfs {
    fn vfs(&self) -> &str {
        VFS
    }

    fn head(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let pool = pool()?;
        if !pool
            .contains(name)
            .map_err(|e| storage("cannot be read", e))?
        {
            return Ok(None);
        }
        match pool.export_db(name) {
            Ok(bytes) => Ok(Some(bytes.into_iter().take(100).collect())),
            // A journal beside it (a worker stopped mid-commit leaves one, for SQLite to roll
            // back at the next open): the pool will not read the file past it. Its header is
            // left unread (as an empty file's): SQLite's own reading says whose file it is,
            // and damage found before that is refused, not set aside.
            Err(OpfsSAHError::RecoveryRequired(_)) => Ok(Some(Vec::new())),
            Err(e) => Err(storage("cannot be read", e)),
        }
    }

    /// A copy under the new name, complete, before the old name goes: the pool cannot rename.
    fn set_aside(&self, from: &str, to: &str) -> Result<(), StoreError> {
        let pool = pool()?;
        let bytes = pool
            .export_db(from)
            .map_err(|e| storage("cannot copy the damaged history", e))?;
        pool.import_db_unchecked(to, &bytes)
            .map_err(|e| storage("cannot copy the damaged history", e))?;
        if pool.export_db(to).ok().as_deref() != Some(bytes.as_slice()) {
            return Err(storage(
                "cannot copy the damaged history",
                "the copy does not read back the same",
            ));
        }
        pool.remove(from)
            .map_err(|e| storage("cannot set the damaged history aside", e))?;
        Ok(())
    }

    fn names(&self) -> Result<Vec<String>, StoreError> {
        let mut names = pool()?
            .names()
            .map_err(|e| storage("cannot be listed", e))?;
        names.sort();
        Ok(names)
    }

    fn read(&self, name: &str) -> Result<Vec<u8>, StoreError> {
        pool()?
            .export_db(name)
            .map_err(|e| storage("cannot be read", e))
    }
}
