//! The generator's own dictionary graph: a minimised GADDAG stored as one flat `u32` array.
//!
//! For every word `w` of length `n` and every split `1 <= i <= n` the graph holds the path
//! `reverse(w[..i])`, then (when `i < n`) the separator, then `w[i..]`. Walking it from an
//! anchor square leftwards and then, after the separator, rightwards finds every word through
//! that square exactly once.
//!
//! Layout: a node is a header slot holding the set of its arc labels as a bit mask (bit 0 =
//! the separator, bits 1..=26 = A..Z), followed by its arcs in label order; the arc for a
//! label is found by a popcount of the lower label bits, and the generator intersects the
//! header with its cross-check and rack masks instead of scanning arcs. An arc packs its
//! label, whether the path ending with it is a whole word (`ACCEPTS`), and the slot of the
//! node it leads to (0 = no node). Slot 0 is an empty dummy node so 0 can mean "none".
//!
//! The graph is built once per word list from the list's sorted words with an incremental
//! minimisation over sorted input (equal sub-graphs are stored once), so a 250,000-word list
//! fits in a few megabytes and stays in cache-friendly order.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::MovegenError;

/// Label of the separator arc (the "turn right" point of a GADDAG path).
pub const SEPARATOR: u8 = 0;

/// Longest word whose sorted-letter signature is kept (12 letters fill 60 bits).
const MAX_SIGNED_LEN: usize = 12;

const LABEL_MASK: u32 = 0x1f;
const ACCEPTS: u32 = 1 << 5;
const TARGET_SHIFT: u32 = 8;

/// One arc of the graph, decoded on demand from its packed `u32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arc(u32);

impl Arc {
    #[inline(always)]
    pub fn label(self) -> u8 {
        (self.0 & LABEL_MASK) as u8
    }
    /// The path that ends with this arc spells a whole word.
    #[inline(always)]
    pub fn accepts(self) -> bool {
        self.0 & ACCEPTS != 0
    }
    /// The node this arc leads to (0 when nothing follows).
    #[inline(always)]
    pub fn target(self) -> u32 {
        self.0 >> TARGET_SHIFT
    }
}

/// A minimised GADDAG over upper-case `A`–`Z` words.
pub struct Gaddag {
    arcs: Vec<u32>,
    /// Sorted-letter signatures (5 bits a letter) of the words of 2..=12 letters.
    signatures: std::collections::HashSet<u64, BuildHasherDefault<NodeHasher>>,
    root: u32,
    words: usize,
    /// Distinct for every graph built in the process (generators key their caches on it).
    id: u64,
}

impl std::fmt::Debug for Gaddag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gaddag")
            .field("arcs", &self.arcs.len())
            .field("words", &self.words)
            .finish()
    }
}

/// Iterator over the arcs of one node.
pub struct Arcs<'a> {
    arcs: &'a [u32],
    first: usize,
    remaining: u32,
}

impl Iterator for Arcs<'_> {
    type Item = Arc;
    #[inline(always)]
    fn next(&mut self) -> Option<Arc> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let arc = Arc(self.arcs[self.first]);
        self.first += 1;
        Some(arc)
    }
}

/// A tiny multiplicative hasher for the build's node register (keys are short `u32` runs).
#[derive(Default)]
struct NodeHasher(u64);

impl Hasher for NodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A node under construction: its arcs as (label, accepts, target slot).
#[derive(Default)]
struct OpenNode {
    arcs: Vec<(u8, bool, u32)>,
}

/// Passes on a key that is a hash already (the register's keys).
#[derive(Default)]
struct HashedKey(u64);

impl Hasher for HashedKey {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys are hashed")
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

struct Builder {
    arcs: Vec<u32>,
    /// Stored nodes by the hash of their slots: the node itself is compared in `arcs`, so no
    /// key is kept twice (a node per word-list prefix: hundreds of thousands).
    register: HashMap<u64, u32, BuildHasherDefault<HashedKey>>,
    /// The rare node whose hash another stored node has already.
    collided: HashMap<Vec<u32>, u32, BuildHasherDefault<NodeHasher>>,
    /// `path[d]` is the open node at depth `d` of the last inserted string.
    path: Vec<OpenNode>,
    /// Emptied arc lists of closed nodes, reused for the next open ones.
    spare: Vec<Vec<(u8, bool, u32)>>,
    last: Vec<u8>,
    key: Vec<u32>,
    /// While building the forward graph: every closed node's prefix and slot.
    record_closed: bool,
    closed: Vec<(u32, u8, u32)>,
    closed_text: Vec<u8>,
    /// Set when a node did not fit the slots a target can address (`limit`): nothing more
    /// is stored, and the build stops at its next check.
    overflowed: bool,
    limit: u64,
}

/// Arc slots a target can address (the bits above [`TARGET_SHIFT`]).
const SLOT_LIMIT: u64 = 1u64 << (32 - TARGET_SHIFT);

impl Builder {
    fn new() -> Self {
        Builder {
            arcs: vec![0],
            register: HashMap::default(),
            collided: HashMap::default(),
            path: vec![OpenNode::default()],
            spare: Vec::new(),
            last: Vec::new(),
            key: Vec::new(),
            record_closed: false,
            closed: Vec::new(),
            closed_text: Vec::new(),
            overflowed: false,
            limit: SLOT_LIMIT,
        }
    }

    /// A node to open: an emptied arc list when one is spare.
    fn open_node(&mut self) -> OpenNode {
        OpenNode {
            arcs: self.spare.pop().unwrap_or_default(),
        }
    }

    /// Stores a node with these arcs (or finds its equal already stored) and returns its slot.
    fn freeze(&mut self, node: &[(u8, bool, u32)]) -> u32 {
        if node.is_empty() {
            return 0;
        }
        self.key.clear();
        // Header: the set of labels, so a child is found by a popcount, not a scan.
        let labels = node.iter().fold(0u32, |m, a| m | 1 << a.0);
        self.key.push(labels);
        for &(label, accepts, target) in node {
            let mut packed = label as u32 | (target << TARGET_SHIFT);
            if accepts {
                packed |= ACCEPTS;
            }
            self.key.push(packed);
        }
        let mut hasher = NodeHasher::default();
        for &slot in &self.key {
            hasher.write_u32(slot);
        }
        let hash = hasher.finish();
        let stored = |slot: u32| {
            let at = slot as usize;
            self.arcs.get(at..at + self.key.len()) == Some(&self.key[..])
        };
        let found = match self.register.get(&hash) {
            Some(&slot) if stored(slot) => Some(slot),
            Some(_) => self.collided.get(&self.key).copied(),
            None => None,
        };
        if let Some(slot) = found {
            return slot;
        }
        if (self.arcs.len() + self.key.len()) as u64 >= self.limit {
            self.overflowed = true;
            return 0;
        }
        let slot = self.arcs.len() as u32;
        self.arcs.extend_from_slice(&self.key);
        match self.register.entry(hash) {
            std::collections::hash_map::Entry::Occupied(_) => {
                self.collided.insert(self.key.clone(), slot);
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(slot);
            }
        }
        slot
    }

    /// Closes every open node deeper than `depth`.
    fn close_to(&mut self, depth: usize) {
        while self.path.len() > depth + 1 {
            let mut node = self.path.pop().expect("path is never empty");
            let slot = self.freeze(&node.arcs);
            node.arcs.clear();
            self.spare.push(node.arcs);
            if self.record_closed {
                let depth = self.path.len();
                let start = self.closed_text.len() as u32;
                self.closed_text.extend_from_slice(&self.last[..depth]);
                self.closed.push((start, depth as u8, slot));
            }
            let parent = self.path.last_mut().expect("root stays open");
            parent.arcs.last_mut().expect("a child has an arc").2 = slot;
        }
    }
}

impl Gaddag {
    /// Builds the graph from words in any order (upper-case `A`–`Z`; others are skipped).
    ///
    /// Two passes: the forward word graph is minimised first; then the reversed prefixes
    /// `reverse(p)` of every word prefix `p` are inserted, each ending in a separator arc that
    /// points straight at the forward node of `p` (the words that continue `p`), so the
    /// right-hand halves of all GADDAG paths share the forward graph.
    ///
    /// For lists known to fit (every shipped list: `a_shipped_list_fits` checks the largest);
    /// a list from elsewhere goes through [`Gaddag::try_from_words`].
    pub fn from_words<I, W>(words: I) -> Gaddag
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        Gaddag::try_from_words(words).expect("a shipped word list fits the graph")
    }

    /// [`Gaddag::from_words`], or [`MovegenError::GraphTooLarge`] when the list's graph
    /// does not fit the slots a target can address.
    pub fn try_from_words<I, W>(words: I) -> Result<Gaddag, MovegenError>
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        Gaddag::build(words, SLOT_LIMIT)
    }

    /// The build, with room for `limit` arc slots (less than [`SLOT_LIMIT`] only in tests).
    fn build<I, W>(words: I, limit: u64) -> Result<Gaddag, MovegenError>
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        let mut list: Vec<Vec<u8>> = words
            .into_iter()
            .filter_map(|w| {
                let w = w.as_ref();
                let ok = !w.is_empty() && w.len() <= 31 && w.iter().all(u8::is_ascii_uppercase);
                ok.then(|| w.iter().map(|&c| c - b'A' + 1).collect())
            })
            .collect();
        list.sort_unstable();
        list.dedup();
        let too_large = |words: usize| MovegenError::GraphTooLarge { words, limit };
        let mut builder = Builder::new();
        builder.limit = limit;
        builder.record_closed = true;
        for w in &list {
            builder.insert_string(w, true, 0);
        }
        builder.close_to(0);
        if builder.overflowed {
            return Err(too_large(list.len()));
        }
        builder.path.clear();
        let root = builder.open_node();
        builder.path.push(root);
        builder.last.clear();
        builder.record_closed = false;
        let forward: HashMap<&[u8], u32, BuildHasherDefault<NodeHasher>> = builder
            .closed
            .iter()
            .map(|(start, len, slot)| {
                (
                    &builder.closed_text[*start as usize..(*start + *len as u32) as usize],
                    *slot,
                )
            })
            .collect();
        // Reversed prefixes, with (is a word, forward node).
        let mut bytes: Vec<u8> = Vec::new();
        let mut spans: Vec<(u32, u8, bool, u32)> = Vec::new();
        let mut previous: &[u8] = &[];
        for w in &list {
            let common = previous.iter().zip(w).take_while(|(a, b)| a == b).count();
            for i in common + 1..=w.len() {
                let start = bytes.len() as u32;
                bytes.extend(w[..i].iter().rev());
                let target = forward.get(&w[..i]).copied().unwrap_or(0);
                spans.push((start, i as u8, i == w.len(), target));
            }
            previous = w;
        }
        drop(forward);
        let text = |s: &(u32, u8, bool, u32)| &bytes[s.0 as usize..s.0 as usize + s.1 as usize];
        spans.sort_unstable_by(|a, b| text(a).cmp(text(b)));
        for (i, span) in spans.iter().enumerate() {
            builder.insert_string(text(span), span.2, span.3);
            if i % 4096 == 0 && builder.overflowed {
                return Err(too_large(list.len()));
            }
        }
        builder.close_to(0);
        let root_node = builder.path.pop().expect("root");
        let root = builder.freeze(&root_node.arcs);
        if builder.overflowed {
            return Err(too_large(list.len()));
        }
        let (arcs, root) = relayout(&builder.arcs, root);
        let signatures = list
            .iter()
            .filter(|w| (2..=MAX_SIGNED_LEN).contains(&w.len()))
            .map(|w| {
                let mut sorted = w.clone();
                sorted.sort_unstable();
                sorted.iter().fold(0u64, |sig, &l| sig << 5 | l as u64)
            })
            .collect();
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Ok(Gaddag {
            arcs,
            signatures,
            root,
            words: list.len(),
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        })
    }

    /// Builds the graph from a word list's fst (keys are upper case); for lists known to fit,
    /// as [`Gaddag::from_words`].
    pub fn from_fst<D: AsRef<[u8]>>(set: &fst::Set<D>) -> Gaddag {
        Gaddag::try_from_fst(set).expect("a shipped word list fits the graph")
    }

    /// [`Gaddag::from_fst`] of any list: [`MovegenError::GraphTooLarge`] when it does not fit.
    pub fn try_from_fst<D: AsRef<[u8]>>(set: &fst::Set<D>) -> Result<Gaddag, MovegenError> {
        use fst::Streamer;
        let mut words = Vec::with_capacity(set.len());
        let mut stream = set.stream();
        while let Some(key) = stream.next() {
            words.push(key.to_vec());
        }
        Gaddag::try_from_words(words)
    }

    /// The root node.
    #[inline(always)]
    pub fn root(&self) -> u32 {
        self.root
    }

    /// This graph's number, distinct among the graphs built in the process.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Number of words the graph was built from.
    pub fn word_count(&self) -> usize {
        self.words
    }

    /// Number of arc slots (a size figure).
    pub fn arc_count(&self) -> usize {
        self.arcs.len()
    }

    /// Bytes the graph holds in memory: its node and arc slots, and the anagram table
    /// (a hash set of `u64` signatures: about one slot and one control byte per capacity).
    pub fn memory_bytes(&self) -> usize {
        self.arcs.capacity() * std::mem::size_of::<u32>()
            + self.signatures.capacity() * (std::mem::size_of::<u64>() + 1)
    }

    /// The arcs leaving `node` (none for node 0).
    #[inline(always)]
    pub fn arcs(&self, node: u32) -> Arcs<'_> {
        Arcs {
            arcs: &self.arcs,
            first: node as usize + 1,
            remaining: self.labels(node).count_ones(),
        }
    }

    /// The labels of the arcs leaving `node`, as a bit set (bit 0: the separator).
    #[inline(always)]
    pub fn labels(&self, node: u32) -> u32 {
        self.arcs[node as usize]
    }

    /// The arc labelled `label` leaving `node`; `label` must be in [`Gaddag::labels`].
    #[inline(always)]
    pub fn arc_unchecked_label(&self, node: u32, labels: u32, label: u32) -> Arc {
        let rank = (labels & ((1u32 << label) - 1)).count_ones() as usize;
        Arc(self.arcs[node as usize + 1 + rank])
    }

    /// Hints the CPU to fetch the nodes behind the arcs of `node` whose labels are in
    /// `wanted` (a subset of `labels`): the walk is bound by memory latency, and the
    /// children it is about to visit are known a few steps ahead.
    #[inline(always)]
    pub fn prefetch_children(&self, node: u32, labels: u32, wanted: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            let mut w = wanted;
            while w != 0 {
                let l = w.trailing_zeros();
                w &= w - 1;
                let target = self.arc_unchecked_label(node, labels, l).target() as usize;
                let p = self.arcs.as_ptr().wrapping_add(target) as *const i8;
                // SAFETY: a prefetch is only a hint; it never faults, whatever the address.
                unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (node, labels, wanted);
    }

    /// The arc labelled `label` leaving `node`, if any.
    #[inline(always)]
    pub fn child(&self, node: u32, label: u8) -> Option<Arc> {
        let labels = self.arcs[node as usize];
        if labels & (1u32 << label) == 0 {
            return None;
        }
        Some(self.arc_unchecked_label(node, labels, label as u32))
    }

    /// Is `word` (letters 1..=26) a word of the graph? Walks the fully reversed path.
    pub fn contains_codes(&self, word: &[u8]) -> bool {
        let mut node = self.root;
        let mut last = None;
        for &c in word.iter().rev() {
            let Some(arc) = self.child(node, c) else {
                return false;
            };
            node = arc.target();
            last = Some(arc);
        }
        last.is_some_and(Arc::accepts)
    }

    /// Does some word use exactly the letters in `counts` (index 1..=26; blanks, index 0,
    /// answer "maybe": true)? One look-up in the table of sorted-letter signatures; the
    /// best-move bound uses it to rule out bingos. Words longer than 12 letters answer true.
    pub fn anagram_exists(&self, counts: &[u8; 27]) -> bool {
        if counts[0] > 0 {
            return true;
        }
        let total: usize = counts.iter().map(|&n| n as usize).sum();
        if total > MAX_SIGNED_LEN {
            return true;
        }
        let mut sig = 0u64;
        for (l, &n) in counts.iter().enumerate().skip(1) {
            for _ in 0..n {
                sig = sig << 5 | l as u64;
            }
        }
        self.signatures.contains(&sig)
    }

    /// Is the upper-case word in the graph?
    pub fn contains(&self, word: &str) -> bool {
        let codes: Vec<u8> = word.bytes().map(|c| c.wrapping_sub(b'A') + 1).collect();
        codes.iter().all(|c| (1..=26).contains(c)) && self.contains_codes(&codes)
    }
}

/// Copies the graph in depth-first order from the root, so that a node's first child
/// usually sits right after it (the build freezes nodes bottom-up, which scatters a walk).
fn relayout(old: &[u32], root: u32) -> (Vec<u32>, u32) {
    let mut new_slot = vec![0u32; old.len()];
    let mut arcs = Vec::with_capacity(old.len());
    arcs.push(0);
    // First pass: assign slots in preorder.
    let mut stack = vec![root];
    let mut order = Vec::new();
    let mut next = 1usize;
    while let Some(node) = stack.pop() {
        if node == 0 || new_slot[node as usize] != 0 {
            continue;
        }
        let width = 1 + old[node as usize].count_ones() as usize;
        new_slot[node as usize] = next as u32;
        next += width;
        order.push((node, width));
        // Push children in reverse so the first label is visited first.
        for i in (1..width).rev() {
            stack.push(old[node as usize + i] >> TARGET_SHIFT);
        }
    }
    for &(node, width) in &order {
        let n = node as usize;
        arcs.push(old[n]);
        for i in 1..width {
            let a = old[n + i];
            let target = a >> TARGET_SHIFT;
            let mapped = if target == 0 {
                0
            } else {
                new_slot[target as usize]
            };
            arcs.push((a & ((1 << TARGET_SHIFT) - 1)) | (mapped << TARGET_SHIFT));
        }
    }
    (arcs, new_slot[root as usize])
}

impl Builder {
    /// Adds one string of the sorted sequence (see [`Builder::insert`] for the rules).
    fn insert_string(&mut self, s: &[u8], accepts_last: bool, separator_target: u32) {
        // Invariant: `path.len() == last.len()` after an insert whose last arc has no child
        // yet; a later string that extends it re-opens the node below that arc.
        let common = self.last.iter().zip(s).take_while(|(a, b)| a == b).count();
        if common == s.len() && common == self.last.len() && !self.last.is_empty() {
            return;
        }
        // Close nodes strictly below depth `common`.
        self.close_to(common);
        // If the previous string ended exactly at depth `common` (it is a prefix of `s`), the
        // node below its last arc does not exist yet: open it.
        while self.path.len() <= common {
            let node = self.open_node();
            self.path.push(node);
        }
        for (d, &label) in s.iter().enumerate().skip(common) {
            let last = d + 1 == s.len();
            self.path[d].arcs.push((label, last && accepts_last, 0));
            if !last {
                let node = self.open_node();
                self.path.push(node);
            }
        }
        if separator_target != 0 {
            // The node after `s` starts with the separator (label 0 sorts first).
            let mut node = self.open_node();
            node.arcs.push((SEPARATOR, false, separator_target));
            self.path.push(node);
        }
        self.last.clear();
        self.last.extend_from_slice(s);
    }
}

#[cfg(test)]
mod tests {
    use super::{Builder, Gaddag, NodeHasher, SLOT_LIMIT};
    use crate::MovegenError;
    use std::hash::Hasher;

    /// A list whose graph does not fit is a typed error, not a panic (a 20 MB custom list of
    /// 2 million words reached the old assertion): here with room for only 64 slots.
    #[test]
    fn a_list_too_large_for_the_graph_is_a_typed_error() {
        let words: Vec<String> = (0..200u32)
            .map(|i| {
                format!(
                    "W{}{}",
                    (b'A' + (i % 26) as u8) as char,
                    (b'A' + (i / 26) as u8) as char
                )
            })
            .collect();
        match Gaddag::build(&words, 64) {
            Err(
                e @ MovegenError::GraphTooLarge {
                    words: 200,
                    limit: 64,
                },
            ) => {
                assert_eq!(e.kind(), "list_too_large");
                assert!(e.to_string().contains("too large"), "{e}");
            }
            other => panic!("expected GraphTooLarge, got {other:?}"),
        }
        assert!(Gaddag::build(&words, SLOT_LIMIT).is_ok());
    }

    /// The largest shipped list fits with room to spare: the reason the shipped lists may
    /// use the panicking constructors.
    #[test]
    fn a_shipped_list_fits() {
        let list = wordclub_lexicon::WordList::builtin("wordclub").unwrap();
        let g = Gaddag::try_from_fst(list.fst()).unwrap();
        assert!(
            (g.arcs.len() as u64) < SLOT_LIMIT / 4,
            "{} slots",
            g.arcs.len()
        );
    }

    #[test]
    fn a_node_whose_hash_is_taken_is_stored_apart_and_found_again() {
        let mut b = Builder::new();
        let a = b.freeze(&[(1, true, 0)]);
        assert_eq!(b.freeze(&[(1, true, 0)]), a, "an equal node is stored once");
        // Pretend another node's hash collides with the first node's slot.
        let other = [(2, false, 0), (3, true, 0)];
        let mut hasher = NodeHasher::default();
        hasher.write_u32(1 << 2 | 1 << 3);
        hasher.write_u32(2);
        hasher.write_u32(3 | super::ACCEPTS);
        b.register.insert(hasher.finish(), a);
        let o = b.freeze(&other);
        assert_ne!(o, a, "a different node never takes a colliding node's slot");
        assert_eq!(b.freeze(&other), o, "and is found again");
        assert_eq!(b.freeze(&[(1, true, 0)]), a);
    }

    fn counts(letters: &str) -> [u8; 27] {
        let mut c = [0u8; 27];
        for b in letters.bytes() {
            match b {
                b'?' => c[0] += 1,
                _ => c[(b - b'A' + 1) as usize] += 1,
            }
        }
        c
    }

    #[test]
    fn anagram_lookup_ignores_order_and_treats_blanks_as_maybe() {
        let g = Gaddag::from_words(["STARE", "TEARS", "CAT"]);
        assert!(g.anagram_exists(&counts("AERST")));
        assert!(g.anagram_exists(&counts("TAC")));
        assert!(!g.anagram_exists(&counts("AERSS")));
        assert!(!g.anagram_exists(&counts("CA")));
        assert!(g.anagram_exists(&counts("AERS?")));
    }
}
