//! The anagram table: which sorted-letter signatures some word has, as a blocked Bloom
//! filter (one `u64` block a signature, three bits in it).
//!
//! The best-move bound only ever asks it to rule a bingo out, so an answer may err towards
//! "maybe" but never towards "no": a filter's false positives are allowed, its false negatives
//! impossible. It replaced an exact hash set of `u64` signatures (2.36 MB for the largest
//! list) at 12 bits a signature: 0.29 MB, about 1.5 % false "maybe"s
//! (`a_filter_rarely_says_maybe_for_a_missing_signature`), one cache line a look-up.

/// Bits of filter per signature: with 3 bits a key in 64-bit blocks, about 1.5 % false
/// positives (16 bits would give 0.6 % for a third more bytes).
const BITS_PER_KEY: usize = 12;

pub(crate) struct Filter {
    pub(crate) blocks: Vec<u64>,
}

/// A 64-bit mix of a signature (splitmix64's finaliser): neighbouring signatures share most
/// of their bits, so they are spread before a block and bits are taken from them.
#[inline(always)]
fn mix(sig: u64) -> u64 {
    let mut z = sig.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[inline(always)]
fn place(h: u64, blocks: usize) -> (usize, u64) {
    // The block from the high half (a multiply-shift range reduction), three bits from the low.
    let block = (((h >> 32) * blocks as u64) >> 32) as usize;
    let bits = 1u64 << (h & 63) | 1u64 << ((h >> 6) & 63) | 1u64 << ((h >> 12) & 63);
    (block, bits)
}

impl Filter {
    pub(crate) fn new(signatures: &[u64]) -> Filter {
        let blocks = (signatures.len() * BITS_PER_KEY).div_ceil(64).max(1);
        let mut filter = Filter {
            blocks: vec![0; blocks],
        };
        for &sig in signatures {
            let (b, bits) = place(mix(sig), blocks);
            filter.blocks[b] |= bits;
        }
        filter
    }

    #[inline]
    pub(crate) fn may_contain(&self, sig: u64) -> bool {
        let (b, bits) = place(mix(sig), self.blocks.len());
        self.blocks[b] & bits == bits
    }
}

#[cfg(test)]
mod tests {
    use super::Filter;

    #[test]
    fn a_filter_never_says_no_for_a_kept_signature() {
        let sigs: Vec<u64> = (0..50_000u64).map(|i| i * 7919 + 3).collect();
        let f = Filter::new(&sigs);
        assert!(sigs.iter().all(|&s| f.may_contain(s)));
    }

    #[test]
    fn a_filter_rarely_says_maybe_for_a_missing_signature() {
        let sigs: Vec<u64> = (0..200_000u64).map(|i| i * 2 + 1).collect();
        let f = Filter::new(&sigs);
        let missing = (0..200_000u64).filter(|i| f.may_contain(i * 2)).count();
        let rate = missing as f64 / 200_000.0;
        assert!(rate < 0.025, "false positive rate {rate}");
    }
}
