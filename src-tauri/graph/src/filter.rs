//! The anagram table: which sorted-letter signatures some word has, as a binary fuse filter
//! (Graf and Lemire, 2022) of 8-bit fingerprints: three look-ups in one byte array, each in
//! its own small window, XORed to the key's fingerprint.
//!
//! The best-move bound only ever asks it to rule a bingo out, so an answer may err towards
//! "maybe" but never towards "no": a filter's false positives are allowed, its false
//! negatives impossible. It replaced a blocked Bloom filter at 12 bits a signature (about
//! 1.5 % false "maybe"s; 304,112 bytes for wordclub-3, 134,960 for enable-2-9, which took
//! that list's graph over wolges' KWG) with about 9.3 to 9.5 bits a signature and 0.4 %
//! (`a_filter_rarely_says_maybe_for_a_missing_signature`).

pub(crate) struct Filter {
    pub(crate) seed: u64,
    /// A power of two: each of a key's three look-ups falls in a window this long.
    pub(crate) segment_length: u32,
    /// Where a key's first look-up may fall: `[0, segment_count_length)`; the fingerprints
    /// hold two segments more.
    pub(crate) segment_count_length: u32,
    pub(crate) fingerprints: Vec<u8>,
}

/// A 64-bit mix of a signature and the seed (splitmix64's finaliser): neighbouring
/// signatures share most of their bits, so they are spread before they choose places.
#[inline(always)]
fn mix(sig: u64, seed: u64) -> u64 {
    let mut z = sig.wrapping_add(seed).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[inline(always)]
fn fingerprint(h: u64) -> u8 {
    (h ^ (h >> 32)) as u8
}

impl Filter {
    /// The three places of the key hashed to `h`, one in each of three consecutive segments.
    #[inline(always)]
    fn places(&self, h: u64) -> [usize; 3] {
        let mask = (self.segment_length - 1) as u64;
        let h0 = ((h as u128 * self.segment_count_length as u128) >> 64) as u64;
        let h1 = (h0 + self.segment_length as u64) ^ ((h >> 18) & mask);
        let h2 = (h0 + 2 * self.segment_length as u64) ^ (h & mask);
        [h0 as usize, h1 as usize, h2 as usize]
    }

    /// The filter of these signatures (any order; repeats are one).
    pub(crate) fn new(signatures: &[u64]) -> Filter {
        let mut keys = signatures.to_vec();
        keys.sort_unstable();
        keys.dedup();
        let n = keys.len().max(1);
        // The paper's sizes for three look-ups: windows grow with the key count, and the
        // array needs a little more room (relatively) for fewer keys.
        let segment_length =
            1u32 << ((n as f64).ln() / 3.33f64.ln() + 2.25).floor().min(18.0) as u32;
        let mut factor = (0.875 + 0.25 * 1e6f64.ln() / (n as f64).ln().max(1.0)).max(1.125);
        let mut seed = 0u64;
        for attempt in 1u32.. {
            let capacity = (n as f64 * factor).round() as u32;
            let segments = capacity.div_ceil(segment_length).saturating_sub(2).max(1);
            let mut filter = Filter {
                seed,
                segment_length,
                segment_count_length: segments * segment_length,
                fingerprints: vec![0; ((segments + 2) * segment_length) as usize],
            };
            if filter.fill(&keys) {
                return filter;
            }
            // A failed peel is rare (and more so for a larger array): another seed, and after
            // a few, a little more room.
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            if attempt % 4 == 0 {
                factor *= 1.05;
            }
        }
        unreachable!("the attempts never end")
    }

    /// Peels the keys off the array (a place held by one key gives that key its place) and
    /// sets the fingerprints back in the reverse order; false when some keys cannot be peeled.
    fn fill(&mut self, keys: &[u64]) -> bool {
        let len = self.fingerprints.len();
        let mut count = vec![0u32; len];
        let mut xor = vec![0u64; len];
        for &k in keys {
            let h = mix(k, self.seed);
            for p in self.places(h) {
                count[p] += 1;
                xor[p] ^= h;
            }
        }
        let mut queue: Vec<usize> = (0..len).filter(|&p| count[p] == 1).collect();
        let mut peeled: Vec<(u64, usize)> = Vec::with_capacity(keys.len());
        while let Some(p) = queue.pop() {
            if count[p] != 1 {
                continue;
            }
            let h = xor[p];
            peeled.push((h, p));
            for q in self.places(h) {
                count[q] -= 1;
                xor[q] ^= h;
                if count[q] == 1 {
                    queue.push(q);
                }
            }
        }
        if peeled.len() != keys.len() {
            return false;
        }
        for &(h, p) in peeled.iter().rev() {
            let [a, b, c] = self.places(h);
            let others = self.fingerprints[a] ^ self.fingerprints[b] ^ self.fingerprints[c];
            // `p` is one of the three and still 0 here: set it so the three XOR to the key's.
            self.fingerprints[p] = fingerprint(h) ^ others;
        }
        true
    }

    #[inline]
    pub(crate) fn may_contain(&self, sig: u64) -> bool {
        let h = mix(sig, self.seed);
        let [a, b, c] = self.places(h);
        fingerprint(h) == self.fingerprints[a] ^ self.fingerprints[b] ^ self.fingerprints[c]
    }

    /// Bytes the filter holds.
    pub(crate) fn bytes(&self) -> usize {
        self.fingerprints.len()
    }

    /// Whether a filter read back from a file has places for every key (so no look-up can
    /// fall outside its fingerprints).
    pub(crate) fn is_well_formed(&self) -> bool {
        self.segment_length.is_power_of_two()
            && self.segment_count_length > 0
            && self
                .segment_count_length
                .is_multiple_of(self.segment_length)
            && self.fingerprints.len() as u64
                == self.segment_count_length as u64 + 2 * self.segment_length as u64
    }
}

#[cfg(test)]
mod tests {
    use super::Filter;

    #[test]
    fn a_filter_never_says_no_for_a_kept_signature() {
        for n in [0u64, 1, 2, 7, 100, 50_000] {
            let sigs: Vec<u64> = (0..n).map(|i| i * 7919 + 3).collect();
            let f = Filter::new(&sigs);
            assert!(f.is_well_formed());
            assert!(sigs.iter().all(|&s| f.may_contain(s)), "{n} keys");
        }
    }

    #[test]
    fn a_filter_rarely_says_maybe_for_a_missing_signature() {
        let sigs: Vec<u64> = (0..200_000u64).map(|i| i * 2 + 1).collect();
        let f = Filter::new(&sigs);
        let missing = (0..200_000u64).filter(|i| f.may_contain(i * 2)).count();
        let rate = missing as f64 / 200_000.0;
        assert!(rate < 0.008, "false positive rate {rate}");
        let bits = f.bytes() as f64 * 8.0 / 200_000.0;
        assert!(bits < 10.0, "{bits} bits a key");
    }
}
