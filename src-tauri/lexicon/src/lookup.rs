//! The fast lookup path: a compact, exact hash table of packed words, shared by several lists.
//!
//! The `fst` sets stay the storage and the structure move generators walk; this table only
//! answers "is this word in list N?" faster than an `fst` walk can (one bucket probe instead
//! of one node decode per letter).
//!
//! A word is packed 5 bits a letter (`A` = 1 … `Z` = 26, so no two words share a key, whatever
//! their lengths): words of up to [`SHORT_MAX`] letters into a `u64` ("short" part), words of up
//! to [`LONG_MAX`] letters into a `u128` ("long" part). Longer words (a handful) are not in the
//! table; callers fall back to the `fst` for them. Each entry carries a membership mask: bit `i`
//! is set when list `i` holds the word, so one table serves every shipped list (the shipped
//! lists overlap almost entirely, and `enable-2-9` is a subset of `enable2k`).
//!
//! Each part is a bucketed hash table with no empty slots: the key's hash picks a bucket,
//! `offsets[bucket]..offsets[bucket + 1]` is the bucket's run in `keys` (and `masks`), and a
//! bucket holds 2–4 keys on average, so a miss costs about as much as a hit.
//!
//! The table is built by `build.rs` for the shipped lists (this file is included there by path,
//! so it uses only `std`) and at run time for custom lists. Serialized layout, little-endian:
//! a header of eight `u32` (`MAGIC`, `FORMAT`, short count, short bucket bits, long count,
//! long bucket bits, 0, 0), then for the short part `offsets` (`u32` × (2^bits + 1)), `keys`
//! (`u64` × count), `masks` (`u8` × count), then the same for the long part with `u128` keys.

/// Longest word kept in the `u64` part: 12 letters × 5 bits = 60 bits.
pub const SHORT_MAX: usize = 12;
/// Longest word kept in the `u128` part: 25 letters × 5 bits = 125 bits.
pub const LONG_MAX: usize = 25;
/// A membership mask has one bit per list, so one table serves at most this many lists.
#[allow(dead_code)] // checked by build.rs
pub const MAX_LISTS: usize = 8;

const MAGIC: u32 = u32::from_le_bytes(*b"WCLT");
const FORMAT: u32 = 1;
const HEADER_LEN: usize = 32;

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

/// A key type of one part: how it hashes and how it is stored.
trait Key: Copy + Eq + Ord {
    const BYTES: usize;
    fn hash(self) -> u64;
    fn read(bytes: &[u8]) -> Self;
    fn write(self, out: &mut Vec<u8>);
}

// Multiplicative (Fibonacci) hashing: the top bits of `x * φ·2^64` depend on every bit of x.
const PHI: u64 = 0x9E37_79B9_7F4A_7C15;

impl Key for u64 {
    const BYTES: usize = 8;
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

/// Bucket bits for `count` keys: the smallest power of two with at most 4 keys a bucket.
fn bucket_bits(count: usize) -> u32 {
    let mut bits = 0;
    while (count >> bits) > 4 {
        bits += 1;
    }
    bits
}

#[inline]
fn bucket_of(hash: u64, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        (hash >> (64 - bits)) as usize
    }
}

fn write_part<K: Key>(entries: &mut [(K, u8)], bits: u32, out: &mut Vec<u8>) {
    entries.sort_by_key(|&(k, _)| (bucket_of(k.hash(), bits), k));
    let buckets = 1usize << bits;
    let mut offset = 0usize;
    for bucket in 0..=buckets {
        while offset < entries.len() && bucket_of(entries[offset].0.hash(), bits) < bucket {
            offset += 1;
        }
        out.extend_from_slice(&(offset as u32).to_le_bytes());
    }
    for &(k, _) in entries.iter() {
        k.write(out);
    }
    out.extend(entries.iter().map(|&(_, mask)| mask));
}

/// Serializes a table from `(upper-case word, membership mask)` pairs. Words must be distinct
/// and upper-case `A`–`Z`; words longer than [`LONG_MAX`] are left out (callers use the `fst`).
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
    let (short_bits, long_bits) = (bucket_bits(short.len()), bucket_bits(long.len()));
    let mut out = Vec::new();
    for field in [
        MAGIC,
        FORMAT,
        short.len() as u32,
        short_bits,
        long.len() as u32,
        long_bits,
        0,
        0,
    ] {
        out.extend_from_slice(&field.to_le_bytes());
    }
    write_part(&mut short, short_bits, &mut out);
    write_part(&mut long, long_bits, &mut out);
    out
}

/// One part of an opened table: byte ranges into the serialized table.
#[derive(Debug, Clone, Copy)]
struct Part {
    bits: u32,
    offsets: usize,
    keys: usize,
    masks: usize,
}

impl Part {
    /// The part that starts at `start` in a table of `total` bytes; returns it and its end.
    fn locate(
        start: usize,
        count: usize,
        bits: u32,
        key_bytes: usize,
        total: usize,
    ) -> Result<(Part, usize), BadTable> {
        if bits > 31 || count > u32::MAX as usize {
            return Err(BadTable("bucket count or key count out of range"));
        }
        let offsets = start;
        let keys = offsets + ((1usize << bits) + 1) * 4;
        let masks = keys + count * key_bytes;
        let end = masks + count;
        if end > total {
            return Err(BadTable("table is shorter than its header says"));
        }
        Ok((
            Part {
                bits,
                offsets,
                keys,
                masks,
            },
            end,
        ))
    }

    /// The membership mask of `key`, or 0 when no list holds it.
    #[inline]
    fn find<K: Key>(&self, bytes: &[u8], key: K) -> u8 {
        let bucket = bucket_of(key.hash(), self.bits);
        let at = self.offsets + bucket * 4;
        let lo = read_u32(bytes, at) as usize;
        let hi = read_u32(bytes, at + 4) as usize;
        for i in lo..hi {
            if K::read(&bytes[self.keys + i * K::BYTES..]) == key {
                return bytes[self.masks + i];
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
#[derive(Debug, Clone)]
pub struct Table<D> {
    bytes: D,
    short: Part,
    long: Part,
}

impl<D: AsRef<[u8]>> Table<D> {
    /// Checks the header and that every section fits; never reads the sections themselves, so
    /// opening costs the same for any size.
    pub fn open(bytes: D) -> Result<Table<D>, BadTable> {
        let b = bytes.as_ref();
        if b.len() < HEADER_LEN {
            return Err(BadTable("table is shorter than its header"));
        }
        let field = |i: usize| read_u32(b, i * 4);
        if field(0) != MAGIC || field(1) != FORMAT {
            return Err(BadTable("not a lookup table of this format"));
        }
        let (short, end) = Part::locate(HEADER_LEN, field(2) as usize, field(3), 8, b.len())?;
        let (long, end) = Part::locate(end, field(4) as usize, field(5), 16, b.len())?;
        if end != b.len() {
            return Err(BadTable("table is longer than its header says"));
        }
        // The last offset of each part must equal its key count, so no probe leaves the part.
        let last = |p: &Part, count: u32| read_u32(b, p.offsets + (1usize << p.bits) * 4) == count;
        if !last(&short, field(2)) || !last(&long, field(4)) {
            return Err(BadTable("bucket offsets do not match the key count"));
        }
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
        assert!(pack_long(b"ABCDEFGHIJKLMNOPQRSTUVWXY").is_some());
        assert_eq!(pack_long(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"), None);
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
