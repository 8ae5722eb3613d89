//! A file held in memory in fixed blocks that remembers which blocks its last syncs left to be
//! saved: the page store behind the browser's IndexedDB history (`web/idb.rs`).
//!
//! SQLite in rollback-journal mode syncs the main database file once per commit, after every
//! page of the transaction is written to it (and before the journal is deleted). So the file's
//! bytes at a sync are a committed state, and a write between two syncs belongs to a
//! transaction still open. [`PageFile::sync`] copies the blocks written since the previous
//! sync aside; [`PageFile::take_saved`] hands them over, to be written in one IndexedDB
//! transaction (all or nothing), so the copy in IndexedDB only ever moves from one committed
//! state to a later one — no journal needs to be kept there. Plain Rust, so it is tested
//! natively (below); the browser glue is wasm-only.
use std::collections::{BTreeMap, BTreeSet};

/// The unit of saving: SQLite's default page size, so a page write dirties one block.
pub(crate) const BLOCK: usize = 4096;

/// What the syncs since the last save left to write: the file's size at the newest sync and
/// the bytes each changed block had then (the last block may be shorter than [`BLOCK`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Saved {
    pub(crate) size: u64,
    pub(crate) blocks: BTreeMap<u64, Vec<u8>>,
}

impl Saved {
    /// The number of blocks a file of this size has: a saved copy holds no block from here on.
    pub(crate) fn block_count(&self) -> u64 {
        self.size.div_ceil(BLOCK as u64)
    }
}

#[derive(Debug, Default)]
pub(crate) struct PageFile {
    data: Vec<u8>,
    /// Blocks written (or cut) since the last sync.
    written: BTreeSet<u64>,
    /// Captured at the syncs since the last save; `None` when there is nothing to save.
    saved: Option<Saved>,
}

impl PageFile {
    /// A file as it was saved: `blocks` in any order, `size` its length.
    pub(crate) fn from_blocks(size: u64, blocks: impl IntoIterator<Item = (u64, Vec<u8>)>) -> Self {
        let mut data = Vec::new();
        for (index, bytes) in blocks {
            let at = index as usize * BLOCK;
            if data.len() < at + bytes.len() {
                data.resize(at + bytes.len(), 0);
            }
            data[at..at + bytes.len()].copy_from_slice(&bytes);
        }
        data.resize(size as usize, 0);
        PageFile {
            data,
            written: BTreeSet::new(),
            saved: None,
        }
    }

    pub(crate) fn size(&self) -> u64 {
        self.data.len() as u64
    }

    /// Copies from `offset`; the count read (short at the end of the file).
    pub(crate) fn read(&self, buf: &mut [u8], offset: u64) -> usize {
        let start = (offset as usize).min(self.data.len());
        let n = buf.len().min(self.data.len() - start);
        buf[..n].copy_from_slice(&self.data[start..start + n]);
        n
    }

    pub(crate) fn write(&mut self, buf: &[u8], offset: u64) {
        let at = offset as usize;
        if self.data.len() < at + buf.len() {
            // A write past the end fills the gap with zeros: those blocks changed too.
            let from = self.data.len();
            self.data.resize(at + buf.len(), 0);
            self.mark(from, at + buf.len());
        }
        self.data[at..at + buf.len()].copy_from_slice(buf);
        self.mark(at, at + buf.len());
    }

    pub(crate) fn truncate(&mut self, size: u64) {
        let size = size as usize;
        if size < self.data.len() {
            self.data.truncate(size);
            let count = size.div_ceil(BLOCK) as u64;
            self.written.retain(|b| *b < count);
            if !size.is_multiple_of(BLOCK) {
                self.written.insert(count - 1);
            }
        } else {
            let from = self.data.len();
            self.data.resize(size, 0);
            self.mark(from, size);
        }
        // A sync records the new size even when no block is left to write.
        self.written.insert(u64::MAX);
    }

    fn mark(&mut self, from: usize, to: usize) {
        if from >= to {
            return;
        }
        for b in from / BLOCK..=(to - 1) / BLOCK {
            self.written.insert(b as u64);
        }
    }

    /// The file's state now is a committed one: keep the blocks written since the last sync
    /// (as they are now) and its size, for the next save.
    pub(crate) fn sync(&mut self) {
        if self.written.is_empty() {
            return;
        }
        let size = self.size();
        let saved = self.saved.get_or_insert_with(Saved::default);
        saved.size = size;
        let count = saved.block_count();
        saved.blocks.retain(|b, _| *b < count);
        for b in std::mem::take(&mut self.written) {
            if b >= count {
                continue;
            }
            let start = b as usize * BLOCK;
            let end = (start + BLOCK).min(size as usize);
            saved.blocks.insert(b, self.data[start..end].to_vec());
        }
    }

    /// What to write at the next save, and forgets it; [`PageFile::put_back`] if it fails.
    pub(crate) fn take_saved(&mut self) -> Option<Saved> {
        self.saved.take()
    }

    /// A save that failed: its blocks are to be written again, under any captured since
    /// (which are newer and win).
    pub(crate) fn put_back(&mut self, failed: Saved) {
        match &mut self.saved {
            None => self.saved = Some(failed),
            Some(newer) => {
                let count = newer.block_count();
                for (b, bytes) in failed.blocks {
                    if b < count {
                        newer.blocks.entry(b).or_insert(bytes);
                    }
                }
            }
        }
    }

    /// The whole file as of now, every block (a copy under another name).
    pub(crate) fn whole(&self) -> Saved {
        Saved {
            size: self.size(),
            blocks: self
                .data
                .chunks(BLOCK)
                .enumerate()
                .map(|(i, c)| (i as u64, c.to_vec()))
                .collect(),
        }
    }

    /// The bytes of the file (a download of it).
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.data
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy rebuilt from what the saves wrote, as the browser's `load` rebuilds it.
    fn apply(copy: &mut BTreeMap<u64, Vec<u8>>, size: &mut u64, saved: Saved) {
        let count = saved.block_count();
        copy.retain(|b, _| *b < count);
        copy.extend(saved.blocks);
        *size = saved.size;
    }

    #[test]
    fn a_save_holds_the_state_of_the_last_sync_not_later_writes() {
        let mut file = PageFile::default();
        file.write(&[1; BLOCK * 2], 0);
        file.sync();
        // The next transaction starts writing before the save: not part of the saved state.
        file.write(&[9; 10], 5);
        file.write(&[9; BLOCK], BLOCK as u64 * 2);
        let saved = file.take_saved().expect("a sync left something to save");
        assert_eq!(saved.size, BLOCK as u64 * 2);
        assert_eq!(saved.blocks.len(), 2);
        assert!(saved.blocks.values().all(|b| b.iter().all(|x| *x == 1)));
        // Its sync is saved next, with both changed blocks.
        file.sync();
        let next = file.take_saved().unwrap();
        assert_eq!(next.size, BLOCK as u64 * 3);
        assert_eq!(next.blocks.keys().copied().collect::<Vec<_>>(), [0, 2]);
        assert!(file.take_saved().is_none(), "nothing written since");
    }

    #[test]
    fn the_saved_copy_rebuilds_the_file_through_growth_truncation_and_a_failed_save() {
        let mut file = PageFile::default();
        let mut copy = BTreeMap::new();
        let mut size = 0;
        file.write(&[3; BLOCK * 3 + 100], 0);
        file.sync();
        let first = file.take_saved().unwrap();
        // The save fails; meanwhile another commit shrinks the file and rewrites block 0.
        file.truncate(BLOCK as u64 + 7);
        file.write(&[4; 8], 0);
        file.sync();
        file.put_back(first);
        apply(&mut copy, &mut size, file.take_saved().unwrap());
        let rebuilt = PageFile::from_blocks(size, copy.clone());
        assert_eq!(rebuilt.bytes(), file.bytes());
        assert_eq!(rebuilt.size(), BLOCK as u64 + 7);
        assert_eq!(&rebuilt.bytes()[..8], &[4; 8]);
        // Growing by a write far past the end: the gap is zeros, and saved.
        file.write(&[5; 3], BLOCK as u64 * 4);
        file.sync();
        apply(&mut copy, &mut size, file.take_saved().unwrap());
        let rebuilt = PageFile::from_blocks(size, copy.clone());
        assert_eq!(rebuilt.bytes(), file.bytes());
        // A truncation alone (no block written) still saves the new size.
        file.truncate(10);
        file.sync();
        apply(&mut copy, &mut size, file.take_saved().unwrap());
        assert_eq!(PageFile::from_blocks(size, copy).bytes(), file.bytes());
    }

    #[test]
    fn reads_stop_at_the_end_of_the_file() {
        let mut file = PageFile::default();
        file.write(b"abc", 0);
        let mut buf = [0u8; 8];
        assert_eq!(file.read(&mut buf, 1), 2);
        assert_eq!(&buf[..2], b"bc");
        assert_eq!(file.read(&mut buf, 10), 0);
        assert_eq!(file.whole().blocks.len(), 1);
    }
}
