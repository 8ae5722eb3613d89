//! The memory a graph's records live in while it is walked.
//!
//! Invariant: a [`Records`] spans at least [`READ_SPAN`] readable bytes from its base, the
//! records first and zeros after them. The walk masks every offset to 23 bits
//! ([`read32`]), so a 4-byte read at any offset it can form is inside the span, and
//! no bounds check is needed: a record array that passed `layout::check_records` only ever
//! yields offsets inside its records (the mask changes none of them); bytes that are not such
//! an array can only give wrong words, never a read outside the span.
//!
//! Why its own memory rather than a `Vec` (measured back to back, all moves / best move on
//! seeded-wordclub-1.1-s2-t04-rack, x86-64-v2): reads clamped to the array's length 96 / 39
//! µs; with the records on transparent huge pages (Linux: `MADV_HUGEPAGE` on a 2 MB-aligned
//! mapping; the 4 MB of records then take three TLB entries instead of a thousand) 92 / 38 µs;
//! and masked instead of clamped (no compare, no length to load), with arcs decoded as two
//! words (`gaddag.rs`' `Arc`), 80 / 33 µs. The span past the
//! records is an anonymous zero mapping that nothing touches, so it costs address space, not
//! memory (`movegen/tests/graph_memory.rs` measures what stays resident).

use crate::layout::{MAX_BYTES, PAD};

/// The bytes from a graph's base any masked read may touch: every 23-bit offset and the
/// four bytes from it.
pub(crate) const READ_SPAN: usize = MAX_BYTES as usize + PAD;
/// Offsets are masked to this before a read (a checked graph's are all below it).
const OFFSET_MASK: usize = MAX_BYTES as usize - 1;
// The invariant's arithmetic: a read at the largest masked offset ends inside the span.
const _: () = assert!(OFFSET_MASK + 4 <= READ_SPAN);

/// A graph's records (ending in `layout::PAD` zero bytes) in memory of their own, read-only
/// once filled.
pub(crate) struct Records {
    /// The first record.
    base: *const u8,
    /// The records' length, padding included.
    len: usize,
    /// Owns the span `base` points into (unmapped or freed when the records go).
    _memory: Memory,
}

// SAFETY: the memory is written once, in `Records::new`, and only read after; nothing else
// holds its pointer, so sharing it between threads is sharing an immutable byte array.
unsafe impl Send for Records {}
// SAFETY: as above: after `new`, every access is a read.
unsafe impl Sync for Records {}

impl Records {
    /// Copies `records` (at most `MAX_BYTES`: callers refuse longer ones with a typed error)
    /// into memory of their own, followed by `PAD` zero bytes.
    pub(crate) fn new(records: &[u8]) -> Records {
        assert!(
            records.len() <= MAX_BYTES as usize,
            "a laid-out graph is at most MAX_BYTES of records"
        );
        let mut memory = Memory::zeroed(READ_SPAN);
        let base = memory.fill(records);
        Records {
            base,
            len: records.len() + PAD,
            _memory: memory,
        }
    }

    /// The records and their padding (zeros).
    pub(crate) fn as_slice(&self) -> &[u8] {
        // SAFETY: `len` bytes from `base` are inside the span, were written (or left zero) in
        // `new` and are never written again.
        unsafe { std::slice::from_raw_parts(self.base, self.len) }
    }

    /// The first record, for [`read32`] (the walk keeps it beside the graph: one load less
    /// than through the `Arc` every step).
    pub(crate) fn base(&self) -> *const u8 {
        self.base
    }
}

/// The four bytes at `at` (masked to 23 bits) of the records whose base is `base`.
///
/// # Safety
/// `base` must be [`Records::base`] of a `Records` that is still alive.
#[inline(always)]
pub(crate) unsafe fn read32(base: *const u8, at: u32) -> u32 {
    // SAFETY: the caller's `Records` spans READ_SPAN bytes from `base` (its invariant), and
    // `(at & OFFSET_MASK) + 4 <= READ_SPAN`; the read is unaligned.
    unsafe { (base.add(at as usize & OFFSET_MASK) as *const u32).read_unaligned() }.to_le()
}

/// Zeroed memory of at least the span asked for: `len` bytes from `start`, an anonymous
/// private mapping where [`sys`] makes one (Linux) or else a zeroed heap block (large ones
/// come zero from the system, unread, there too).
struct Memory {
    start: *mut u8,
    len: usize,
    mapped: bool,
}

/// Anonymous mappings and their advice, on Linux (x86-64 and arm64: the flags' values are
/// these architectures').
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod sys {
    /// A transparent huge page (4 KB base pages).
    pub const HUGE_PAGE: usize = 2 << 20;
    const PROT_READ: i32 = 1;
    const PROT_WRITE: i32 = 2;
    const MAP_PRIVATE: i32 = 0x02;
    const MAP_ANONYMOUS: i32 = 0x20;
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
        fn munmap(addr: *mut u8, len: usize) -> i32;
        fn mprotect(addr: *mut u8, len: usize, prot: i32) -> i32;
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }

    /// A new zeroed, writable mapping of `len` bytes, or `None`.
    pub fn map(len: usize) -> Option<*mut u8> {
        // SAFETY: a new anonymous mapping: no existing memory is named or changed.
        let start = unsafe {
            mmap(
                std::ptr::null_mut(),
                len,
                PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        (start as isize != -1 && !start.is_null()).then_some(start)
    }

    /// Asks for huge pages on `len` bytes from `start` (inside a mapping of `map`). Only
    /// advice: without them (or on an older kernel) the walk is as it was, a little slower.
    ///
    /// # Safety
    /// `start..start + len` is inside a mapping made by [`map`].
    pub unsafe fn advise_huge_pages(start: *mut u8, len: usize) {
        // SAFETY: the caller's range is mapped; advice changes no contents.
        unsafe { madvise(start, len, MADV_HUGEPAGE) };
    }

    /// Makes a whole mapping of `map` read-only.
    ///
    /// # Safety
    /// `start, len` are a mapping's, and nothing writes to it afterwards.
    pub unsafe fn protect(start: *mut u8, len: usize) {
        // SAFETY: the caller's mapping; no contents change.
        unsafe { mprotect(start, len, PROT_READ) };
    }

    /// # Safety
    /// `start, len` are a mapping's, no longer used.
    pub unsafe fn unmap(start: *mut u8, len: usize) {
        // SAFETY: the caller's mapping, unused from here on.
        unsafe { munmap(start, len) };
    }
}

/// Elsewhere: no mappings (the heap block serves).
#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
mod sys {
    pub const HUGE_PAGE: usize = 1;
    pub fn map(_: usize) -> Option<*mut u8> {
        None
    }
    pub unsafe fn advise_huge_pages(_: *mut u8, _: usize) {}
    pub unsafe fn protect(_: *mut u8, _: usize) {}
    pub unsafe fn unmap(_: *mut u8, _: usize) {
        unreachable!("nothing is mapped here")
    }
}

impl Memory {
    fn zeroed(span: usize) -> Memory {
        // One huge page more than the span, so the records can start on a boundary.
        let len = span + sys::HUGE_PAGE;
        if let Some(start) = sys::map(len) {
            return Memory {
                start,
                len,
                mapped: true,
            };
        }
        let block = Box::into_raw(vec![0u8; span].into_boxed_slice());
        Memory {
            start: block as *mut u8,
            len: span,
            mapped: false,
        }
    }

    /// Copies `records` to the start of the span (a huge-page boundary when mapped), makes a
    /// mapping read-only, and returns where the records start.
    fn fill(&mut self, records: &[u8]) -> *const u8 {
        let skip = if self.mapped {
            self.start.align_offset(sys::HUGE_PAGE)
        } else {
            0
        };
        assert!(skip + READ_SPAN <= self.len && records.len() <= READ_SPAN);
        // SAFETY: `skip + records.len() <= self.len` (asserted: the mapping is one huge page
        // longer than the span, a heap block has `skip` 0), the memory is writable until
        // `protect`, and no one else has its address yet.
        unsafe {
            let base = self.start.add(skip);
            if self.mapped {
                let huge = records.len().div_ceil(sys::HUGE_PAGE) * sys::HUGE_PAGE;
                sys::advise_huge_pages(base, huge.min(self.len - skip));
            }
            std::ptr::copy_nonoverlapping(records.as_ptr(), base, records.len());
            if self.mapped {
                sys::protect(self.start, self.len);
            }
            base
        }
    }
}

impl Drop for Memory {
    fn drop(&mut self) {
        if self.mapped {
            // SAFETY: the mapping made in `zeroed`, unmapped once; `Records` (its only user)
            // is being dropped with it.
            unsafe { sys::unmap(self.start, self.len) };
        } else {
            // SAFETY: the block `zeroed` leaked with `Box::into_raw`, freed once.
            drop(unsafe {
                Box::from_raw(std::ptr::slice_from_raw_parts_mut(self.start, self.len))
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{read32, Records, OFFSET_MASK};

    #[test]
    fn reads_past_the_records_are_zeros_and_offsets_wrap_inside_the_span() {
        let r = Records::new(&[1, 2, 3, 4, 5]);
        assert_eq!(r.as_slice(), &[1, 2, 3, 4, 5, 0, 0, 0, 0]);
        // SAFETY: `r` is alive.
        unsafe {
            assert_eq!(read32(r.base(), 1), u32::from_le_bytes([2, 3, 4, 5]));
            assert_eq!(read32(r.base(), 4_000_000), 0);
            // The last offset a read can take.
            assert_eq!(read32(r.base(), OFFSET_MASK as u32), 0);
            // An offset past 23 bits wraps to the start, never past the span.
            assert_eq!(read32(r.base(), 1 << 23), read32(r.base(), 0));
            assert_eq!(read32(r.base(), u32::MAX), 0);
        }
    }
}
