//! The generator's own dictionary graph: a minimised GADDAG stored as one flat `u32` array.
//!
//! For every word `w` of length `n` and every split `1 <= i <= n` the graph holds the path
//! `reverse(w[..i])`, then (when `i < n`) the separator, then `w[i..]`. Walking it from an
//! anchor square leftwards and then, after the separator, rightwards finds every word through
//! that square exactly once.
//!
//! Layout (as wolges' KWG): a node is the run of its arcs, one `u32` each, in label order
//! (A..Z, then the separator), the last one marked [`END`]. An arc packs its label,
//! whether the path ending with it is a whole word (`ACCEPTS`, or `RUDE` when that word is one
//! polite players leave alone) and the slot of the node it leads to (0 = no node). A node's
//! arcs that are the tail of another node's arcs are not stored again: the node starts inside
//! the longer run (so a node is any slot, and a run ends at the first `END`). Slot 0 is an
//! empty node so 0 can mean "none".
//!
//! Measured on wordclub-3 (258,712 words) when this layout was chosen: the minimised graph
//! has 565,891 nodes and 1,186,781 arcs (`cargo test -p wordclub-graph --release -- --ignored
//! --nocapture where_the_bytes_go` prints a list's slots and bytes). The earlier layout spent a header slot (the node's labels as a bit mask)
//! on each of the 245,501 nodes of two or more arcs and 0.30 MB on an anagram filter: 6.03 MB
//! against the KWG's 4,594,100 bytes. Runs with shared tails take 1,148,497 slots,
//! 4,593,988 bytes (enable-2-9: 1,501,416 against 1,501,528), and headers on even the
//! widest nodes only (12 arcs or more: 6,403 of them) would already pass the KWG; the walk
//! gets a node's labels by reading its run instead (most runs are one or two arcs, in one
//! cache line), and a bingo's letters are checked in the graph itself, not a filter.
//!
//! One graph serves both manners: [`Gaddag::polite`] is a view of the same slots that reads
//! `RUDE` as "not a word", so the polite computer needs no graph of its own.
//!
//! The graph is built once per word list from the list's sorted words with an incremental
//! minimisation over sorted input (equal sub-graphs are stored once), so a 250,000-word list
//! fits in a few megabytes and stays in cache-friendly order; the shipped lists' graphs are
//! built at build time (the move generator's build script) and read back with
//! [`Gaddag::from_bytes`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::GraphError;

/// Label of the separator arc (the "turn right" point of a GADDAG path): after the letters,
/// so a node's letter arcs come first and its separator is in the tail other nodes share
/// (measured, wordclub-3 with its rude marks: 4,598,876 bytes with the separator first,
/// 4,590,548 last; letters in descending order 4,592,900).
pub const SEPARATOR: u8 = 27;
/// The separator's label while building (it sorts before the letters there).
const B_SEPARATOR: u8 = 0;

/// Longest set of letters [`Gaddag::anagram_exists`] looks for in the graph (longer: "maybe").
const MAX_ANAGRAM_LEN: usize = 12;

const LABEL_MASK: u32 = 0x1f;
/// The path ending with this arc spells a word of the list that any player may play.
pub(crate) const ACCEPTS: u32 = 1 << 5;
/// The path ending with this arc spells a word of the list that polite players leave alone.
pub(crate) const RUDE: u32 = 1 << 6;
/// The last arc of its node.
pub(crate) const END: u32 = 1 << 7;
/// On a node's last arc: the node also has a separator arc, not stored, whose target is the
/// slot after this one (the forward node laid out right behind the run).
pub(crate) const SEP_NEXT: u32 = 1 << 8;
const TARGET_SHIFT: u32 = 9;
const TARGET_BITS: u32 = 0x007f_ffff;

/// The builder's own node slots (before [`lay_out`] turns them into runs): a header slot with
/// the node's labels as a bit mask and then its arcs, or a lone arc marked `B_SINGLE`; an arc
/// keeps its target from bit `B_TARGET_SHIFT`. Headers let equal nodes be found by comparing
/// slots while the graph is minimised.
const B_TARGET_SHIFT: u32 = 7;
const B_TARGET_BITS: u32 = 0x00ff_ffff;
const B_SINGLE: u32 = 1 << 31;

/// One arc of the graph, decoded on demand from its packed `u32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arc(u32);

impl Arc {
    #[inline(always)]
    pub fn label(self) -> u8 {
        (self.0 & LABEL_MASK) as u8
    }
    /// The path that ends with this arc spells a whole word (for this view's manners).
    #[inline(always)]
    pub fn accepts(self) -> bool {
        self.0 & (ACCEPTS | RUDE) != 0
    }
    /// The node this arc leads to (0 when nothing follows).
    #[inline(always)]
    pub fn target(self) -> u32 {
        (self.0 >> TARGET_SHIFT) & TARGET_BITS
    }
}

/// A minimised GADDAG over upper-case `A`–`Z` words, seen with one manners: the same slots
/// may be shared by an any-word view and a polite one ([`Gaddag::polite`]).
pub struct Gaddag {
    arcs: std::sync::Arc<[u32]>,
    root: u32,
    /// Words of the list, and how many of them are not marked rude.
    words: usize,
    polite_words: usize,
    /// ANDed into every arc read: `!RUDE` for the polite view, all ones for any words.
    view: u32,
    /// Distinct for every graph or view made in the process (generators key their caches on
    /// it: the two views of one graph have different cross-checks).
    id: u64,
}

impl std::fmt::Debug for Gaddag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gaddag")
            .field("arcs", &self.arcs.len())
            .field("words", &self.word_count())
            .field("polite", &self.is_polite())
            .finish()
    }
}

/// Iterator over the arcs of one node.
pub struct Arcs<'a> {
    arcs: &'a [u32],
    at: usize,
    /// 0: more stored arcs; 1: the separator after the run is left; 2: done.
    state: u8,
    view: u32,
}

impl Iterator for Arcs<'_> {
    type Item = Arc;
    #[inline(always)]
    fn next(&mut self) -> Option<Arc> {
        match self.state {
            0 => {
                let slot = self.arcs[self.at];
                self.at += 1;
                if slot & END != 0 {
                    self.state = if slot & SEP_NEXT != 0 { 1 } else { 2 };
                }
                Some(Arc(slot & self.view))
            }
            1 => {
                self.state = 2;
                Some(separator_to(self.at))
            }
            _ => None,
        }
    }
}

/// The separator arc of a run whose forward node is laid out right behind it, at `slot`.
#[inline(always)]
fn separator_to(slot: usize) -> Arc {
    Arc(SEPARATOR as u32 | (slot as u32) << TARGET_SHIFT)
}

/// How far a build has come: `done` of `total` steps (strings inserted into the graph).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
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

/// A node under construction: its arcs as (label, accept bits, target slot).
#[derive(Default)]
struct OpenNode {
    arcs: Vec<(u8, u32, u32)>,
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
    spare: Vec<Vec<(u8, u32, u32)>>,
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

/// Arc slots a target can address (the target bits of an arc). The build counts its own,
/// wider nodes against it, so a list is refused a little before its graph would not fit.
pub const SLOT_LIMIT: u64 = TARGET_BITS as u64 + 1;

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
    fn freeze(&mut self, node: &[(u8, u32, u32)]) -> u32 {
        if node.is_empty() {
            return 0;
        }
        self.key.clear();
        let pack = |&(label, accepts, target): &(u8, u32, u32)| {
            label as u32 | accepts | (target << B_TARGET_SHIFT)
        };
        if let [arc] = node {
            // One arc: the node is the arc itself.
            self.key.push(pack(arc) | B_SINGLE);
        } else {
            // Header: the set of labels, so a child is found by a popcount, not a scan.
            let labels = node.iter().fold(0u32, |m, a| m | 1 << a.0);
            self.key.push(labels);
            self.key.extend(node.iter().map(pack));
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

    /// Adds one string of the sorted sequence: its last arc gets `accepts_last` (0, `ACCEPTS`
    /// or `RUDE`), and when `separator_target` is not 0 the node after it starts with a
    /// separator arc to that slot.
    fn insert_string(&mut self, s: &[u8], accepts_last: u32, separator_target: u32) {
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
            let accepts = if last { accepts_last } else { 0 };
            self.path[d].arcs.push((label, accepts, 0));
            if !last {
                let node = self.open_node();
                self.path.push(node);
            }
        }
        if separator_target != 0 {
            // The node after `s` starts with the separator (label 0 sorts first).
            let mut node = self.open_node();
            node.arcs.push((B_SEPARATOR, 0, separator_target));
            self.path.push(node);
        }
        self.last.clear();
        self.last.extend_from_slice(s);
    }
}

static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_id() -> u64 {
    NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Gaddag {
    /// Builds the graph from words in any order (upper-case `A`–`Z`; others are skipped),
    /// every word playable by anyone. For lists known to fit (tests, small vocabularies); a
    /// list from elsewhere goes through [`Gaddag::try_from_words`].
    pub fn from_words<I, W>(words: I) -> Gaddag
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        Gaddag::try_from_words(words).expect("a small word list fits the graph")
    }

    /// [`Gaddag::from_words`], or [`GraphError::TooLarge`] when the list's graph does not fit
    /// the slots a target can address.
    pub fn try_from_words<I, W>(words: I) -> Result<Gaddag, GraphError>
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        Gaddag::build_marked(
            words.into_iter().map(|w| (w, false)),
            SLOT_LIMIT,
            &mut |_| {},
        )
    }

    /// Builds the graph of `(word, rude)` pairs, where `rude` marks a word polite players
    /// leave alone; the any-word view is returned ([`Gaddag::polite`] gives the other).
    /// `limit` is the arc slots it may use ([`SLOT_LIMIT`]; less only in tests); `progress`
    /// hears about every 1/64th of the build.
    ///
    /// Two passes: the forward word graph is minimised first; then the reversed prefixes
    /// `reverse(p)` of every word prefix `p` are inserted, each ending in a separator arc that
    /// points straight at the forward node of `p` (the words that continue `p`), so the
    /// right-hand halves of all GADDAG paths share the forward graph.
    pub fn build_marked<I, W>(
        words: I,
        limit: u64,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Gaddag, GraphError>
    where
        I: IntoIterator<Item = (W, bool)>,
        W: AsRef<[u8]>,
    {
        let mut list: Vec<(Vec<u8>, bool)> = words
            .into_iter()
            .filter_map(|(w, rude)| {
                let w = w.as_ref();
                let ok = !w.is_empty() && w.len() <= 31 && w.iter().all(u8::is_ascii_uppercase);
                ok.then(|| (w.iter().map(|&c| c - b'A' + 1).collect(), rude))
            })
            .collect();
        list.sort_unstable();
        // A word given both ways is rude (the later, `true`, is kept after sorting).
        list.reverse();
        list.dedup_by(|a, b| a.0 == b.0);
        list.reverse();
        let polite_words = list.iter().filter(|(_, rude)| !rude).count();
        let too_large = |words: usize| GraphError::TooLarge { words, limit };
        let accept = |rude: bool| if rude { RUDE } else { ACCEPTS };
        let mut builder = Builder::new();
        builder.limit = limit;
        builder.record_closed = true;
        for (w, rude) in &list {
            builder.insert_string(w, accept(*rude), 0);
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
        // Reversed prefixes, with (accept bits when a word, forward node).
        let mut bytes: Vec<u8> = Vec::new();
        let mut spans: Vec<(u32, u8, u32, u32)> = Vec::new();
        let mut previous: &[u8] = &[];
        for (w, rude) in &list {
            let common = previous.iter().zip(w).take_while(|(a, b)| a == b).count();
            for i in common + 1..=w.len() {
                let start = bytes.len() as u32;
                bytes.extend(w[..i].iter().rev());
                let target = forward.get(&w[..i]).copied().unwrap_or(0);
                let accepts = if i == w.len() { accept(*rude) } else { 0 };
                spans.push((start, i as u8, accepts, target));
            }
            previous = w;
        }
        drop(forward);
        let text = |s: &(u32, u8, u32, u32)| &bytes[s.0 as usize..s.0 as usize + s.1 as usize];
        spans.sort_unstable_by(|a, b| text(a).cmp(text(b)));
        let step = (spans.len() / 64).max(1);
        for (i, span) in spans.iter().enumerate() {
            builder.insert_string(text(span), span.2, span.3);
            if i % step == 0 {
                if builder.overflowed {
                    return Err(too_large(list.len()));
                }
                progress(Progress {
                    done: i,
                    total: spans.len(),
                });
            }
        }
        builder.close_to(0);
        let root_node = builder.path.pop().expect("root");
        let root = builder.freeze(&root_node.arcs);
        if builder.overflowed {
            return Err(too_large(list.len()));
        }
        let (arcs, root) = lay_out(&builder.arcs, root);
        progress(Progress {
            done: spans.len(),
            total: spans.len(),
        });
        Ok(Gaddag::assemble(arcs, root, list.len(), polite_words))
    }

    pub(crate) fn assemble(arcs: Vec<u32>, root: u32, words: usize, polite_words: usize) -> Gaddag {
        Gaddag {
            arcs: arcs.into(),
            root,
            words,
            polite_words,
            view: !0,
            id: next_id(),
        }
    }

    /// The polite view of this graph: the same slots, with the words marked rude read as no
    /// words (so no move found in it forms one, across or down). A new id.
    pub fn polite(&self) -> Gaddag {
        Gaddag {
            view: !RUDE,
            id: next_id(),
            arcs: std::sync::Arc::clone(&self.arcs),
            ..*self
        }
    }

    /// Whether this is a polite view.
    pub fn is_polite(&self) -> bool {
        self.view & RUDE == 0
    }

    pub(crate) fn raw(&self) -> (&[u32], u32, usize, usize) {
        (&self.arcs, self.root, self.words, self.polite_words)
    }

    /// The root node.
    #[inline(always)]
    pub fn root(&self) -> u32 {
        self.root
    }

    /// This graph's number, distinct among the graphs and views made in the process.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Number of words the graph holds for this view's manners.
    pub fn word_count(&self) -> usize {
        if self.is_polite() {
            self.polite_words
        } else {
            self.words
        }
    }

    /// Number of arc slots (a size figure).
    pub fn arc_count(&self) -> usize {
        self.arcs.len()
    }

    /// Bytes the graph holds in memory: its arc slots, all it is (shared by both views).
    pub fn memory_bytes(&self) -> usize {
        self.arcs.len() * std::mem::size_of::<u32>()
    }

    /// The arcs leaving `node` (none for node 0).
    #[inline(always)]
    pub fn arcs(&self, node: u32) -> Arcs<'_> {
        Arcs {
            arcs: &self.arcs,
            at: node as usize,
            state: if node == 0 { 2 } else { 0 },
            view: self.view,
        }
    }

    /// The labels of the arcs leaving `node`, as a bit set (bit `SEPARATOR`: the separator); 0 for
    /// node 0.
    #[inline(always)]
    pub fn labels(&self, node: u32) -> u32 {
        // Slot 0 is a lone arc of label 31, which no mask of letters holds.
        let mut at = node as usize;
        let mut labels = 0u32;
        loop {
            let slot = self.arcs[at];
            labels |= 1 << (slot & LABEL_MASK);
            if slot & END != 0 {
                let sep = (slot & SEP_NEXT) << (SEPARATOR as u32 - SEP_NEXT.trailing_zeros());
                return (labels | sep) & ALL_LABELS;
            }
            at += 1;
        }
    }

    /// The arc labelled `label` leaving `node`; `label` must be in `labels`, which must be
    /// [`Gaddag::labels`] of `node`.
    #[inline(always)]
    pub fn arc_unchecked_label(&self, node: u32, labels: u32, label: u32) -> Arc {
        // The arcs are in label order: the one for `label` is after those of lower labels.
        let rank = (labels & ((1u32 << label) - 1)).count_ones() as usize;
        let at = node as usize + rank;
        let slot = self.arcs[at];
        // A separator not stored: the slot after the run starts the forward node, whose
        // arcs are letters.
        if label == SEPARATOR as u32 && slot & LABEL_MASK != SEPARATOR as u32 {
            return separator_to(at);
        }
        Arc(slot & self.view)
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
        // The run is in label order: stop at the label, a greater one or the run's end.
        let label = label as u32;
        let mut at = node as usize;
        loop {
            let slot = self.arcs[at];
            let l = slot & LABEL_MASK;
            if l == label {
                return Some(Arc(slot & self.view));
            }
            if slot & END != 0 {
                let stored_after = slot & SEP_NEXT != 0 && label == SEPARATOR as u32;
                return stored_after.then(|| separator_to(at + 1));
            }
            if l > label {
                return None;
            }
            at += 1;
        }
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

    /// Does some word (of this view's manners) use exactly the letters in `counts` (index
    /// 1..=26; a blank, index 0, answers "maybe": true)? The best-move bound uses it to rule
    /// out bingos; more than 12 letters answer true.
    ///
    /// Searched in the graph itself, from its rarest letter: every word holding that letter
    /// has a path that starts with it (the split just after it), goes leftwards over the
    /// letters before it and, after the separator, rightwards over the rest, so only the words
    /// through that one letter are tried instead of every word spelt from the letters.
    pub fn anagram_exists(&self, counts: &[u8; 27]) -> bool {
        if counts[0] > 0 {
            return true;
        }
        let total: usize = counts.iter().map(|&n| n as usize).sum();
        if total > MAX_ANAGRAM_LEN {
            return true;
        }
        let Some(&first) = RAREST_FIRST.iter().find(|&&l| counts[l as usize] > 0) else {
            return false;
        };
        let Some(arc) = self.child(self.root, first) else {
            return false;
        };
        if total == 1 {
            return arc.accepts();
        }
        let mut left = *counts;
        left[first as usize] -= 1;
        let have = (1..27).fold(0u32, |m, l| m | u32::from(left[l] > 0) << l);
        self.anagram_left(arc.target(), &mut left, have, total - 1)
    }

    /// Whether a word's path goes on leftwards from `node` (or turns right at the separator)
    /// with exactly the `total` letters left (`have`: the letters of which some are left).
    fn anagram_left(&self, node: u32, left: &mut [u8; 27], have: u32, total: usize) -> bool {
        let labels = self.labels(node);
        if labels & 1 << SEPARATOR != 0 {
            let sep = self.arc_unchecked_label(node, labels, SEPARATOR as u32);
            if self.anagram_right(sep.target(), left, have, total) {
                return true;
            }
        }
        let mut avail = labels & have;
        while avail != 0 {
            let l = avail.trailing_zeros();
            avail &= avail - 1;
            let arc = self.arc_unchecked_label(node, labels, l);
            if total == 1 {
                if arc.accepts() {
                    return true;
                }
                continue;
            }
            left[l as usize] -= 1;
            let rest = if left[l as usize] == 0 {
                have & !(1 << l)
            } else {
                have
            };
            let found = self.anagram_left(arc.target(), left, rest, total - 1);
            left[l as usize] += 1;
            if found {
                return true;
            }
        }
        false
    }

    /// Whether a word's path goes on rightwards from `node` with exactly the `total` letters
    /// left (`have`: the letters of which some are left).
    fn anagram_right(&self, node: u32, left: &mut [u8; 27], have: u32, total: usize) -> bool {
        let labels = self.labels(node);
        let mut avail = labels & have;
        while avail != 0 {
            let l = avail.trailing_zeros();
            avail &= avail - 1;
            let arc = self.arc_unchecked_label(node, labels, l);
            if total == 1 {
                if arc.accepts() {
                    return true;
                }
                continue;
            }
            left[l as usize] -= 1;
            let rest = if left[l as usize] == 0 {
                have & !(1 << l)
            } else {
                have
            };
            let found = self.anagram_right(arc.target(), left, rest, total - 1);
            left[l as usize] += 1;
            if found {
                return true;
            }
        }
        false
    }

    /// Is the upper-case word in the graph?
    pub fn contains(&self, word: &str) -> bool {
        let codes: Vec<u8> = word.bytes().map(|c| c.wrapping_sub(b'A') + 1).collect();
        codes.iter().all(|c| (1..=26).contains(c)) && self.contains_codes(&codes)
    }
}

/// The letters from the rarest in English words to the commonest (the anagram search starts
/// from a set's rarest letter: the fewest words go through it).
const RAREST_FIRST: [u8; 26] = {
    let order = *b"QJXZWKVFYBHGMPUDCLOTNRAISE";
    let mut codes = [0u8; 26];
    let mut i = 0;
    while i < 26 {
        codes[i] = order[i] - b'A' + 1;
        i += 1;
    }
    codes
};

/// Every label an arc can have: A..Z and the separator.
const ALL_LABELS: u32 = ((1 << 28) - 1) & !1;

/// The builder's arcs of the node at `slot`: its width in slots and its arcs' slots.
fn builder_node(arcs: &[u32], slot: usize) -> (usize, std::ops::Range<usize>) {
    let head = arcs[slot];
    if head & B_SINGLE != 0 {
        (1, slot..slot + 1)
    } else {
        let n = head.count_ones() as usize;
        (1 + n, slot + 1..slot + 1 + n)
    }
}

/// Turns the builder's nodes into runs of arcs (see the module's layout), in depth-first
/// order from the root, so that a node's first child usually sits right after it (the build
/// freezes nodes bottom-up, which scatters a walk), and storing each run once: a node whose
/// arcs are the tail of another node's starts inside that node's run, and a run ending in a
/// separator to a forward node not laid out yet drops that arc and has the node follow it.
///
/// The runs are sorted last arc first: a run that is the tail of others sorts right before
/// them, so each run is found in the longest run after it, which alone is stored. That
/// stores the fewest slots a layout of sorted runs can, with a few megabytes of scratch (a
/// table of every tail, tried first, stayed resident after the build: 42 MB for wordclub-2,
/// `tests/graph_memory.rs`).
fn lay_out(old: &[u32], root: u32) -> (Vec<u32>, u32) {
    const NONE: u32 = u32::MAX;
    let old_target = |a: u32| (a >> B_TARGET_SHIFT) & B_TARGET_BITS;
    // The reachable nodes in preorder, first label first.
    let mut seen = vec![false; old.len()];
    let mut order = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node == 0 || seen[node as usize] {
            continue;
        }
        seen[node as usize] = true;
        order.push(node);
        let (_, children) = builder_node(old, node as usize);
        for i in children.rev() {
            stack.push(old_target(old[i]));
        }
    }
    drop(seen);
    // A node's arcs, last first (its separator, then its letters from the highest), as the
    // builder packs them.
    let run_rev = |node: u32| {
        let (_, ch) = builder_node(old, node as usize);
        let sep = (old[ch.start] & LABEL_MASK == B_SEPARATOR as u32).then_some(ch.start);
        let letters = ch.start + usize::from(sep.is_some())..ch.end;
        sep.into_iter()
            .chain(letters.rev())
            .map(|i| old[i] & !B_SINGLE)
    };
    let run_len = |node: u32| builder_node(old, node as usize).1.len() as u32;
    let mut sorted = order.clone();
    sorted.sort_unstable_by(|&a, &b| run_rev(a).cmp(run_rev(b)));
    // The stored run each node is found in, and how far into it.
    let mut leaf = vec![0u32; old.len()];
    let mut offset = vec![0u8; old.len()];
    for i in (0..sorted.len()).rev() {
        let node = sorted[i];
        let within = sorted.get(i + 1).filter(|&&next| {
            run_len(node) < run_len(next) && run_rev(node).zip(run_rev(next)).all(|(a, b)| a == b)
        });
        let l = within.map_or(node, |&next| leaf[next as usize]);
        leaf[node as usize] = l;
        offset[node as usize] = (run_len(l) - run_len(node)) as u8;
    }
    drop(sorted);
    // Forward nodes some node reaches by its separator alone: that arc keeps its slot.
    let mut sep_alone = vec![false; old.len()];
    for &node in &order {
        let mut arcs = run_rev(node);
        if let (Some(a), None) = (arcs.next(), arcs.next()) {
            if a & LABEL_MASK == B_SEPARATOR as u32 {
                sep_alone[old_target(a) as usize] = true;
            }
        }
    }
    let mut run_at = vec![NONE; old.len()];
    let mut runs: Vec<(u32, bool)> = Vec::new();
    let mut new_slot = vec![0u32; old.len()];
    let mut next_slot = 1u32;
    for &node in &order {
        let l = leaf[node as usize];
        if run_at[l as usize] == NONE {
            run_at[l as usize] = next_slot;
            let len = run_len(l);
            let last = run_rev(l).next().expect("a node has arcs");
            let forward = old_target(last);
            let follows = last & LABEL_MASK == B_SEPARATOR as u32
                && len > 1
                && !sep_alone[forward as usize]
                && leaf[forward as usize] == forward
                && run_at[forward as usize] == NONE;
            runs.push((l, follows));
            next_slot += len - u32::from(follows);
            if follows {
                run_at[forward as usize] = next_slot;
                runs.push((forward, false));
                next_slot += run_len(forward);
            }
        }
        new_slot[node as usize] = run_at[l as usize] + offset[node as usize] as u32;
    }
    drop((leaf, offset, sep_alone, run_at));
    // Slot 0: a lone arc of a label no letter mask holds, so node 0 has no arcs.
    let mut arcs = Vec::with_capacity(next_slot as usize);
    arcs.push(LABEL_MASK | END);
    let mut run = Vec::with_capacity(28);
    for &(l, sep_next) in &runs {
        run.clear();
        run.extend(run_rev(l));
        if sep_next {
            run.remove(0);
        }
        for (k, &a) in run.iter().enumerate().rev() {
            let target = new_slot[old_target(a) as usize];
            let label = match a & LABEL_MASK {
                0 => SEPARATOR as u32,
                l => l,
            };
            let end = match (k, sep_next) {
                (0, false) => END,
                (0, true) => END | SEP_NEXT,
                _ => 0,
            };
            arcs.push(label | (a & (ACCEPTS | RUDE)) | end | (target << TARGET_SHIFT));
        }
    }
    debug_assert_eq!(arcs.len(), next_slot as usize);
    (arcs, new_slot[root as usize])
}

/// Checks that bytes read back describe a walkable graph: every run of arcs is in label
/// order and ends inside the slots, and every target is a slot, so a walk can never index
/// out of bounds or miss an arc.
pub(crate) fn check_slots(arcs: &[u32], root: u32) -> Result<(), String> {
    if arcs.first() != Some(&(LABEL_MASK | END)) {
        return Err("slot 0 is not the empty node".into());
    }
    if root == 0 || root as usize >= arcs.len() {
        return Err("the root lies outside the graph".into());
    }
    if arcs.last().is_some_and(|a| a & END == 0) {
        return Err("the last run of arcs does not end".into());
    }
    for (i, &a) in arcs.iter().enumerate().skip(1) {
        if !(1..=SEPARATOR as u32).contains(&(a & LABEL_MASK)) {
            return Err(format!("the arc at slot {i} has no label"));
        }
        if ((a >> TARGET_SHIFT) & TARGET_BITS) as usize >= arcs.len() {
            return Err(format!("the arc at slot {i} leads outside the graph"));
        }
        if a & END == 0 && arcs[i + 1] & LABEL_MASK <= a & LABEL_MASK {
            return Err(format!("the arcs at slot {i} are out of order"));
        }
        // A separator not stored leads to the next slot, which must start a run of letters.
        if a & SEP_NEXT != 0
            && (a & END == 0
                || arcs
                    .get(i + 1)
                    .is_none_or(|n| n & LABEL_MASK >= SEPARATOR as u32))
        {
            return Err(format!("the arc at slot {i} has no forward node after it"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Builder, Gaddag, NodeHasher, ACCEPTS, B_SINGLE, SLOT_LIMIT};
    use crate::GraphError;
    use std::hash::Hasher;

    fn build(words: &[String], limit: u64) -> Result<Gaddag, GraphError> {
        Gaddag::build_marked(words.iter().map(|w| (w, false)), limit, &mut |_| {})
    }

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
        match build(&words, 64) {
            Err(
                e @ GraphError::TooLarge {
                    words: 200,
                    limit: 64,
                },
            ) => {
                assert_eq!(e.kind(), "list_too_large");
                assert!(e.to_string().contains("too large"), "{e}");
            }
            other => panic!("expected TooLarge, got {other:?}"),
        }
        assert!(build(&words, SLOT_LIMIT).is_ok());
    }

    #[test]
    fn a_node_whose_hash_is_taken_is_stored_apart_and_found_again() {
        let mut b = Builder::new();
        let a = b.freeze(&[(1, ACCEPTS, 0)]);
        assert_eq!(
            b.freeze(&[(1, ACCEPTS, 0)]),
            a,
            "an equal node is stored once"
        );
        // Pretend another node's hash collides with the first node's slot.
        let other = [(2, 0, 0), (3, ACCEPTS, 0)];
        let mut hasher = NodeHasher::default();
        hasher.write_u32(1 << 2 | 1 << 3);
        hasher.write_u32(2);
        hasher.write_u32(3 | ACCEPTS);
        b.register.insert(hasher.finish(), a);
        let o = b.freeze(&other);
        assert_ne!(o, a, "a different node never takes a colliding node's slot");
        assert_eq!(b.freeze(&other), o, "and is found again");
        assert_eq!(b.freeze(&[(1, ACCEPTS, 0)]), a);
        assert_eq!(
            b.arcs[a as usize],
            1 | ACCEPTS | B_SINGLE,
            "one arc, one slot"
        );
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

    #[test]
    fn the_polite_view_reads_rude_words_as_no_words() {
        let g = Gaddag::build_marked(
            [
                ("DUCK", false),
                ("FUCK", true),
                ("UCK", false),
                ("DUCKS", false),
            ],
            SLOT_LIMIT,
            &mut |_| {},
        )
        .unwrap();
        let p = g.polite();
        assert!(g.contains("FUCK") && g.contains("DUCK") && g.contains("UCK"));
        assert!(!p.contains("FUCK") && p.contains("DUCK") && p.contains("UCK"));
        assert!(p.contains("DUCKS") && !p.contains("FUC") && !g.contains("UCKS"));
        assert_eq!((g.word_count(), p.word_count()), (4, 3));
        assert_ne!(g.id(), p.id(), "the views' cross-checks differ");
        assert!(p.is_polite() && !g.is_polite());
    }

    /// Every word is found and no other string: runs that share their tails still spell
    /// exactly the list (both views), and the layout stores fewer slots than arcs.
    #[test]
    fn shared_runs_spell_exactly_the_list() {
        let words = [
            "AB", "ABS", "CAB", "CABS", "DAB", "DABS", "SCAB", "SCABS", "BA", "BAS", "ZA", "ZAS",
        ];
        let g = Gaddag::build_marked(
            words.iter().map(|w| (w, *w == "SCABS")),
            SLOT_LIMIT,
            &mut |_| {},
        )
        .unwrap();
        let p = g.polite();
        for w in words {
            assert!(g.contains(w), "{w}");
            assert_eq!(p.contains(w), w != "SCABS", "{w}");
        }
        for w in [
            "A", "B", "S", "AS", "CA", "CABA", "SCA", "DA", "BAB", "ZAB", "ZZ",
        ] {
            assert!(!g.contains(w) && !p.contains(w), "{w}");
        }
        // Every node's labels come from its run, and every arc is found by its label.
        for node in 0..g.arc_count() as u32 {
            let labels = g.labels(node);
            let found: u32 = g.arcs(node).fold(0, |m, a| m | 1 << a.label());
            assert_eq!(labels, if node == 0 { 0 } else { found });
            for a in g.arcs(node) {
                assert_eq!(g.child(node, a.label()), Some(a));
                assert_eq!(g.arc_unchecked_label(node, labels, a.label() as u32), a);
            }
        }
        crate::gaddag::check_slots(&g.arcs, g.root).unwrap();
        assert!(
            g.arcs.iter().any(|a| a & super::SEP_NEXT != 0),
            "some separator is not stored"
        );
    }

    #[test]
    fn anagrams_are_looked_up_in_the_graph_for_each_view() {
        let g = Gaddag::build_marked(
            [
                ("STARE", false),
                ("TEARS", false),
                ("CAT", false),
                ("TWAT", true),
            ],
            SLOT_LIMIT,
            &mut |_| {},
        )
        .unwrap();
        assert!(g.anagram_exists(&counts("TAWT")) && !g.polite().anagram_exists(&counts("TAWT")));
        assert!(!g.anagram_exists(&counts("")) && !g.anagram_exists(&counts("T")));
        assert!(!g.anagram_exists(&counts("AERSTS")));
    }

    /// Where a list's bytes go, with no word marked and with the kept offensive words marked
    /// rude as shipped (run by hand; `LIST=path/to/list.txt` for another list).
    #[test]
    #[ignore]
    fn where_the_bytes_go() {
        let path =
            std::env::var("LIST").unwrap_or("../../wordlists/wordclub/wordclub-3.txt".into());
        let read = |path: &str| -> Vec<String> {
            let text = std::fs::read_to_string(path).unwrap();
            text.lines()
                .map(|w| w.trim().to_ascii_uppercase())
                .filter(|w| !w.is_empty())
                .collect()
        };
        let words = read(&path);
        let rude: std::collections::HashSet<String> =
            read("../../wordlists/offensive/offensive-2.txt")
                .into_iter()
                .collect();
        for marked in [false, true] {
            let t = std::time::Instant::now();
            let g = Gaddag::build_marked(
                words.iter().map(|w| (w, marked && rude.contains(w))),
                SLOT_LIMIT,
                &mut |_| {},
            )
            .unwrap();
            println!(
                "{path} ({} rude marks): {} words, {} slots, {} bytes (built in {:.2} s)",
                if marked { "with" } else { "no" },
                g.word_count(),
                g.arc_count(),
                g.memory_bytes(),
                t.elapsed().as_secs_f64()
            );
        }
    }
}
