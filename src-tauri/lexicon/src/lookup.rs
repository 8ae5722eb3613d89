//! The fast lookup path: a compact, exact hash table of packed words, shared by several lists.
//!
//! The `fst` sets stay the storage and the structure move generators walk; this table only
//! answers "is this word in list N?" faster than an `fst` walk can: one cache line read for
//! most lookups, hit or miss, instead of one node decode per letter.
//!
//! A word is packed 5 bits a letter (`A` = 1 … `Z` = 26, so no two words share a key whatever
//! their lengths, and no key is 0): words of up to [`SHORT_MAX`] letters into a `u64` ("short"
//! part), words of up to [`LONG_MAX`] letters into a `u128` ("long" part). Longer words (a
//! handful) are not in the table; callers fall back to the `fst` for them. The top byte of each
//! entry is a membership mask: bit `i` is set when list `i` holds the word, so one table serves
//! every shipped list (they overlap almost entirely; `enable-2-9` is a subset of `enable2k`).
//!
//! Each part is an array of 64-byte buckets (8 `u64` or 4 `u128` entries, one cache line),
//! filled to about 85 %. A key lives in its home bucket (picked by its hash) or, when that is
//! full, in the next bucket with room (wrapping round). A lookup scans buckets from home and
//! stops at the bucket holding the key or at one with an empty entry (0): a key is never placed
//! past a bucket with room.
//!
//! The table is built by `build.rs` for the shipped lists (this file is included there by path,
//! so it uses only `std`) and at run time for custom lists. Serialized layout, little-endian: a
//! 64-byte header (`u32` fields `MAGIC`, `FORMAT`, short bucket count, long bucket count, then
//! zeros), the short part's buckets, then the long part's buckets.

/// Longest word kept in the `u64` part: 11 letters × 5 bits = 55 bits, the mask above.
pub const SHORT_MAX: usize = 11;
/// Longest word kept in the `u128` part: 24 letters × 5 bits = 120 bits, the mask above.
pub const LONG_MAX: usize = 24;
/// A membership mask has one bit per list, so one table serves at most this many lists.
#[allow(dead_code)] // checked by build.rs
pub const MAX_LISTS: usize = 8;

const MAGIC: u32 = u32::from_le_bytes(*b"WCLT");
const FORMAT: u32 = 2;
/// Header and bucket size: one cache line.
pub const LINE: usize = 64;
/// Buckets are filled to at most this share of their entries (in percent).
const LOAD_PERCENT: usize = 85;

/// Why a serialized table could not be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadTable(pub &'static str);

/// Packs an upper-case `A`–`Z` word of 1..=[`SHORT_MAX`] letters; `None` for anything else.
#[inline]
pub fn pack_short(word: &[u8]) -> Option<u64> {
    if word.is_empty() || word.len() > SHORT_MAX {
        return None;
    }
    let mut key = 0u64;
    for &b in word {
        let code = b.wrapping_sub(b'A');
        if code >= 26 {
            return None;
        }
        key = (key << 5) | u64::from(code + 1);
    }
    Some(key)
}

/// Packs an upper-case `A`–`Z` word of 1..=[`LONG_MAX`] letters; `None` for anything else.
#[inline]
pub fn pack_long(word: &[u8]) -> Option<u128> {
    if word.is_empty() || word.len() > LONG_MAX {
        return None;
    }
    let mut key = 0u128;
    for &b in word {
        let code = b.wrapping_sub(b'A');
        if code >= 26 {
            return None;
        }
        key = (key << 5) | u128::from(code + 1);
    }
    Some(key)
}

/// A key type of one part: how it hashes, carries its mask in the top byte, and is stored.
trait Key: Copy + Eq {
    const BYTES: usize;
    const EMPTY: Self;
    fn hash(self) -> u64;
    /// The entry without its mask byte.
    fn key(self) -> Self;
    fn mask(self) -> u8;
    fn with_mask(self, mask: u8) -> Self;
    fn read(bytes: &[u8]) -> Self;
    fn write(self, out: &mut Vec<u8>);
}

// Multiplicative (Fibonacci) hashing: the top bits of `x * φ·2^64` depend on every bit of x.
const PHI: u64 = 0x9E37_79B9_7F4A_7C15;

impl Key for u64 {
    const BYTES: usize = 8;
    const EMPTY: Self = 0;
    #[inline]
    fn key(self) -> Self {
        self & (u64::MAX >> 8)
    }
    #[inline]
    fn mask(self) -> u8 {
        (self >> 56) as u8
    }
    fn with_mask(self, mask: u8) -> Self {
        self | (u64::from(mask) << 56)
    }
    #[inline]
    fn hash(self) -> u64 {
        (self ^ (self >> 32)).wrapping_mul(PHI)
    }
    #[inline]
    fn read(bytes: &[u8]) -> Self {
        let mut a = [0u8; 8];
        a.copy_from_slice(&bytes[..8]);
        u64::from_le_bytes(a)
    }
    fn write(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl Key for u128 {
    const BYTES: usize = 16;
    const EMPTY: Self = 0;
    #[inline]
    fn key(self) -> Self {
        self & (u128::MAX >> 8)
    }
    #[inline]
    fn mask(self) -> u8 {
        (self >> 120) as u8
    }
    fn with_mask(self, mask: u8) -> Self {
        self | (u128::from(mask) << 120)
    }
    #[inline]
    fn hash(self) -> u64 {
        let folded = (self as u64) ^ ((self >> 64) as u64).wrapping_mul(PHI).rotate_left(29);
        folded.hash()
    }
    #[inline]
    fn read(bytes: &[u8]) -> Self {
        let mut a = [0u8; 16];
        a.copy_from_slice(&bytes[..16]);
        u128::from_le_bytes(a)
    }
    fn write(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

/// Bucket count for `count` keys of `slots` entries a bucket, at most [`LOAD_PERCENT`] full.
fn bucket_count(count: usize, slots: usize) -> usize {
    (count * 100).div_ceil(slots * LOAD_PERCENT).max(1)
}

/// Home bucket of a hash among `buckets` (multiply-shift: no division, any bucket count).
#[inline]
fn home(hash: u64, buckets: usize) -> usize {
    ((u128::from(hash) * buckets as u128) >> 64) as usize
}

fn write_part<K: Key>(entries: &[(K, u8)], out: &mut Vec<u8>) -> usize {
    let slots = LINE / K::BYTES;
    let buckets = bucket_count(entries.len(), slots);
    let mut table: Vec<Vec<K>> = vec![Vec::with_capacity(slots); buckets];
    for &(key, mask) in entries {
        let mut b = home(key.hash(), buckets);
        while table[b].len() == slots {
            b = (b + 1) % buckets;
        }
        table[b].push(key.with_mask(mask));
    }
    for bucket in &table {
        for slot in 0..slots {
            bucket.get(slot).copied().unwrap_or(K::EMPTY).write(out);
        }
    }
    buckets
}

/// Serializes a table from `(upper-case word, membership mask)` pairs. Words must be distinct
/// and upper-case `A`–`Z`, masks non-zero; words longer than [`LONG_MAX`] are left out (callers
/// use the `fst` for them).
pub fn build<'a>(words: impl IntoIterator<Item = (&'a [u8], u8)>) -> Vec<u8> {
    let mut short: Vec<(u64, u8)> = Vec::new();
    let mut long: Vec<(u128, u8)> = Vec::new();
    for (word, mask) in words {
        if let Some(k) = pack_short(word) {
            short.push((k, mask));
        } else if let Some(k) = pack_long(word) {
            long.push((k, mask));
        }
    }
    let mut parts = Vec::new();
    let short_buckets = write_part(&short, &mut parts);
    let long_buckets = write_part(&long, &mut parts);
    let mut out = Vec::with_capacity(LINE + parts.len());
    for field in [MAGIC, FORMAT, short_buckets as u32, long_buckets as u32] {
        out.extend_from_slice(&field.to_le_bytes());
    }
    out.resize(LINE, 0);
    out.extend_from_slice(&parts);
    out
}

/// One part of an opened table: where its buckets start and how many there are.
#[derive(Debug, Clone, Copy)]
struct Part {
    start: usize,
    buckets: usize,
}

impl Part {
    /// The membership mask of `key`, or 0 when no list holds it.
    #[inline]
    fn find<K: Key>(&self, bytes: &[u8], key: K) -> u8 {
        let mut b = home(key.hash(), self.buckets);
        // At most every bucket once, so even a table with no empty entry cannot loop forever.
        for _ in 0..self.buckets {
            let at = self.start + b * LINE;
            // Look at every entry of the bucket without branching on it (a data-dependent
            // early exit would mispredict on most lookups); keys are distinct and masks are
            // never 0, so OR-ing the masks of matching entries gives the key's mask.
            let (mut mask, mut has_room) = (0u8, false);
            for slot in bytes[at..at + LINE].chunks_exact(K::BYTES) {
                let entry = K::read(slot);
                mask |= if entry.key() == key { entry.mask() } else { 0 };
                has_room |= entry == K::EMPTY;
            }
            if mask != 0 || has_room {
                return mask;
            }
            b += 1;
            if b == self.buckets {
                b = 0;
            }
        }
        0
    }
}

#[inline]
fn read_u32(bytes: &[u8], at: usize) -> u32 {
    let mut a = [0u8; 4];
    a.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(a)
}

/// An opened table over serialized bytes (embedded in the binary, or built for a custom list).
/// Any alignment works; 64-byte alignment makes each bucket one cache line.
#[derive(Debug, Clone)]
pub struct Table<D> {
    bytes: D,
    short: Part,
    long: Part,
}

impl<D: AsRef<[u8]>> Table<D> {
    /// Checks the header and the size; never reads the buckets, so opening costs the same
    /// for any size.
    pub fn open(bytes: D) -> Result<Table<D>, BadTable> {
        let b = bytes.as_ref();
        if b.len() < LINE {
            return Err(BadTable("table is shorter than its header"));
        }
        if read_u32(b, 0) != MAGIC || read_u32(b, 4) != FORMAT {
            return Err(BadTable("not a lookup table of this format"));
        }
        let short_buckets = read_u32(b, 8) as usize;
        let long_buckets = read_u32(b, 12) as usize;
        if short_buckets == 0 || long_buckets == 0 {
            return Err(BadTable("a part has no buckets"));
        }
        if b.len() != LINE * (1 + short_buckets + long_buckets) {
            return Err(BadTable("table size does not match its header"));
        }
        let short = Part {
            start: LINE,
            buckets: short_buckets,
        };
        let long = Part {
            start: LINE * (1 + short_buckets),
            buckets: long_buckets,
        };
        Ok(Table { bytes, short, long })
    }

    /// The membership mask of an upper-case word: 0 when no list holds it (including any word
    /// with a byte outside `A`–`Z`), `None` when the word is too long for the table.
    #[inline]
    pub fn mask(&self, word: &[u8]) -> Option<u8> {
        let bytes = self.bytes.as_ref();
        if word.len() <= SHORT_MAX {
            Some(pack_short(word).map_or(0, |k| self.short.find(bytes, k)))
        } else if word.len() <= LONG_MAX {
            Some(pack_long(word).map_or(0, |k| self.long.find(bytes, k)))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(words: &[(&str, u8)]) -> Table<Vec<u8>> {
        Table::open(build(words.iter().map(|&(w, m)| (w.as_bytes(), m)))).unwrap()
    }

    #[test]
    fn packing_keeps_lengths_apart() {
        // With A = 0 "A" and "AA" would both pack to 0; A = 1 keeps them apart.
        assert_ne!(pack_short(b"A"), pack_short(b"AA"));
        assert_eq!(pack_short(b"AB"), Some((1 << 5) | 2));
        assert_eq!(pack_short(b"Ab"), None);
        assert_eq!(pack_short(b""), None);
        assert_eq!(pack_short(b"ABCDEFGHIJKLM"), None);
        assert_eq!(pack_short(b"ABCDEFGHIJKL"), None);
        assert!(pack_short(b"ABCDEFGHIJK").is_some());
        assert!(pack_long(b"ABCDEFGHIJKLMNOPQRSTUVWX").is_some());
        assert_eq!(pack_long(b"ABCDEFGHIJKLMNOPQRSTUVWXY"), None);
    }

    #[test]
    fn finds_masks_of_short_long_and_missing_words() {
        let t = table(&[("QI", 0b01), ("CAT", 0b11), ("ANTIDISESTABLISHMENT", 0b10)]);
        assert_eq!(t.mask(b"QI"), Some(0b01));
        assert_eq!(t.mask(b"CAT"), Some(0b11));
        assert_eq!(t.mask(b"ANTIDISESTABLISHMENT"), Some(0b10));
        assert_eq!(t.mask(b"CATS"), Some(0));
        assert_eq!(t.mask(b"cat"), Some(0));
        assert_eq!(t.mask(b"CA'T"), Some(0));
        assert_eq!(t.mask(b"ANTIDISESTABLISHMENTARIANISM"), None);
    }

    /// Pseudo-random upper-case words of 1 to 24 letters.
    fn random_words(count: usize, seed: u64) -> Vec<Vec<u8>> {
        let mut state = seed;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|_| {
                let len = 1 + (next() % 24) as usize;
                (0..len).map(|_| b'A' + (next() % 26) as u8).collect()
            })
            .collect()
    }

    #[test]
    fn full_buckets_spill_over_and_every_key_is_still_found() {
        use std::collections::HashMap;
        // Few keys per part means few buckets, so home buckets overflow often.
        for count in [1, 5, 9, 40, 300, 5000] {
            let mut words: HashMap<Vec<u8>, u8> = HashMap::new();
            for (i, w) in random_words(count, 7 + count as u64)
                .into_iter()
                .enumerate()
            {
                words.insert(w, 1 + (i % 255) as u8);
            }
            let t = Table::open(build(words.iter().map(|(w, &m)| (w.as_slice(), m)))).unwrap();
            for (w, &m) in &words {
                assert_eq!(t.mask(w), Some(m), "{}", String::from_utf8_lossy(w));
            }
            for w in random_words(5000, 99) {
                if !words.contains_key(&w) {
                    assert_eq!(t.mask(&w), Some(0), "{}", String::from_utf8_lossy(&w));
                }
            }
        }
    }

    #[test]
    fn an_empty_table_answers_no() {
        let t = table(&[]);
        assert_eq!(t.mask(b"A"), Some(0));
        assert_eq!(t.mask(b"ABCDEFGHIJKLMNOP"), Some(0));
    }

    #[test]
    fn damaged_tables_are_refused() {
        let bytes = build([(&b"CAT"[..], 1u8)]);
        assert!(Table::open(&bytes[..10]).is_err());
        assert!(Table::open(&bytes[..bytes.len() - 1]).is_err());
        let mut wrong_magic = bytes.clone();
        wrong_magic[0] ^= 1;
        assert!(Table::open(wrong_magic).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Table::open(longer).is_err());
    }
}
