//! What a node's bytes mean (format 3), and how the builder's nodes are laid out in them.
//!
//! The graph is one byte array of records, one per node, read at any byte (unaligned
//! little-endian loads; the array ends in [`PAD`] zero bytes so a 4-byte load at any record
//! is in bounds). An arc's word mark (whether the path ending with it spells a word, and
//! whether that word is one polite players leave alone) is kept with the arc, so the walk
//! knows it before it reads the child. Three kinds of record, told apart by the low bits of
//! the first byte:
//!
//! - `LLLLLMM1` — **one byte**: a node of one arc whose child is the next record. `LLLLL`
//!   is the arc's label, or [`LEAF_LABEL`] for a node with no arcs (a word's end), `MM` its
//!   word mark (0 none, 1 a word, 2 a rude word), or 3: a word, and nothing follows (no next
//!   record, so the walk stops there without visiting an empty node).
//! - `…MM10` — **one arc, anywhere**: 4 bytes, bits 4..=8 the label, bits 9..=31 the child's
//!   offset.
//! - `…RW00` — **a node of several arcs**: a 4-byte header, bits 4..=30 the set of its labels
//!   (bit 0 the separator, 1..=26 A..Z), bit 31 set when its last arc's child is the record
//!   right after the node (that arc is then not stored, and `W` is its word mark); then its
//!   other arcs in label order, 3 bytes each: the child's offset in bits 0..=22, bit 23 set
//!   when the arc ends a word. `R` set: some arc ends a rude word, and a 4-byte set of those
//!   labels follows the arcs. The arc of a label is found by a popcount of the lower labels,
//!   so the generator intersects the header with its cross-check and rack masks instead of
//!   scanning arcs.
//!
//! Offset 0 is an empty record: "no node".
//!
//! Why (measured on wordclub-3, 258,712 words, with its rude marks: `cargo test -p
//! wordclub-graph --release -- --ignored --nocapture where_the_bytes_go`): the builder's
//! graph has 566,821 nodes, 1,188,007 arcs, 245,720 nodes of two or more. Format 2 spent 4
//! bytes an arc (label, word mark, target) and a 4-byte header per node of several arcs:
//! 5.73 MB of slots (6.04 MB with its anagram filter) against wolges' KWG 4,594,100 bytes for
//! the same words. Here the label lives only in the header, an offset takes 23 bits, and a
//! child laid out right behind its parent needs no offset at all (the layout below chooses,
//! for every node that is some parent's last child, one such parent to follow): 3,917,448
//! bytes of records, 4,155,016 with the filter; enable-2-9 1,491,790 against its KWG's
//! 1,501,528 (format 2: 2,040,520).
//!
//! What it costs the walk (back to back, all moves / best move on seeded-wordclub-1.1-s2-t04-rack):
//! format 2 75 / 32 µs (plain x86-64); this layout on plain x86-64 with reads clamped to the
//! array 110 / 43 µs; built for x86-64-v2 (`.cargo/config.toml`: one POPCNT an arc instead of
//! a dozen instructions) 96 / 39; its records on huge pages 92 / 38; reads masked into a
//! span of their own instead of clamped, and decoded arcs kept as two words (`records.rs`,
//! `gaddag.rs`' `Arc`) 80 / 33 (73 / 33 in later runs); the labels picked by selects
//! (`labels`) 91 / 33 here, and best moves faster on most other positions. Tried and measured
//! on the way: word marks on the child instead of the arc (one bit less an arc) made every
//! word's end wait on the child's read: 103-122 µs; the first child behind its parent instead
//! of the last took a second popcount an arc (and 28 KB more on wordclub-3); bounds-checked
//! reads 130 µs against 108 µs unchecked; records' kinds chosen by masks instead of branches
//! 127 µs against 110 µs; a branch once per node on the record's kind instead of the masks in
//! `labels` 112-121 µs all moves against 95 (best move 34 against 38: not worth the all-moves
//! loss).

/// Zero bytes after the last record, so a 4-byte load at any record stays in the array.
pub(crate) const PAD: usize = 4;
/// The label of a one-byte record with no arc: a word's end.
pub(crate) const LEAF_LABEL: u32 = 31;
/// The labels a header can hold: the separator and A..Z.
pub(crate) const ALL_LABELS: u32 = (1 << 27) - 1;
/// Offsets from here on are nodes; offset 0 is the empty record.
pub(crate) const FIRST_RECORD: u32 = 1;
/// The largest offset a record can hold (23 bits), so the most bytes a graph may take.
pub(crate) const MAX_BYTES: u64 = 1 << 23;
/// A stored arc's offset bits, and its word bit.
pub(crate) const OFFSET_BITS: u32 = (1 << 23) - 1;
pub(crate) const STORED_WORD: u32 = 1 << 23;
/// A header's bits: the unstored last arc ends a word; some arc ends a rude word.
pub(crate) const BEHIND_WORD: u32 = 1 << 2;
pub(crate) const HAS_RUDE: u32 = 1 << 3;

/// Whether the record whose first four bytes are `head` is an empty one (a word's end).
#[inline(always)]
pub(crate) fn is_leaf(head: u32) -> bool {
    head & 0xf9 == 0xf9
}

/// The labels of the arcs of the record whose first four bytes are `head`.
///
/// Which kind a record is follows no pattern a predictor could learn (cachegrind, all moves
/// on seeded-wordclub-1.1-s2-t04-rack: a branch on it was 16 % of the walk's mispredictions),
/// and the walk waits on this value (the labels, then an arc's rank, then its read): so the
/// three candidates are worked out side by side and two selects pick one. Measured against
/// the masks that were here (`single & !is_several | several & is_several`, with the label's
/// shift chosen by the kind), ten processes each, fastest: best move 15×15 one blank
/// 132 -> 118 µs, 15×15 dealt rack 17.3 -> 16.8, 9×9 two blanks 12.5 -> 11.9; all moves 1-3 %
/// slower, and on seeded-wordclub-1.1-s2-t04-rack 73 -> 91 µs; in the side-by-side bench the
/// worst best-move position went from 1.19× wolges' time to 1.02×. `select_unpredictable`
/// instead of the `if`s measured the same.
#[inline(always)]
pub(crate) fn labels(head: u32) -> u32 {
    // A one-arc record's label is at bit 3 (one byte) or 4 (four bytes); a leaf's, 31, is
    // no label.
    let one_byte = 1u32 << ((head >> 3) & 31);
    let four_bytes = 1u32 << ((head >> 4) & 31);
    let several = head >> 4;
    let single = if head & 1 != 0 { one_byte } else { four_bytes };
    (if head & 3 == 0 { several } else { single }) & ALL_LABELS
}

/// The four bytes at `at` of `bytes`, or 0 past their end: the record check's read (the
/// walk's, unchecked, is `records::read32`).
pub(crate) fn read32(bytes: &[u8], at: usize) -> u32 {
    bytes
        .get(at..at.saturating_add(4))
        .map_or(0, |b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
}

pub(crate) fn read24(bytes: &[u8], at: usize) -> u32 {
    read32(bytes, at) & 0x00ff_ffff
}

/// The builder's node slots (see `gaddag.rs`): a lone arc marked `SINGLE`, or a header of
/// labels followed by its arcs; an arc packs its label, word marks and target slot.
pub(crate) struct BuilderSlots<'a> {
    pub slots: &'a [u32],
    pub single: u32,
    pub label_mask: u32,
    pub accepts: u32,
    pub rude: u32,
    pub target_shift: u32,
    pub target_bits: u32,
}

impl BuilderSlots<'_> {
    fn arcs(&self, slot: u32) -> &[u32] {
        let at = slot as usize;
        let head = self.slots[at];
        if head & self.single != 0 {
            &self.slots[at..at + 1]
        } else {
            &self.slots[at + 1..at + 1 + head.count_ones() as usize]
        }
    }
    fn label(&self, arc: u32) -> u32 {
        arc & self.label_mask
    }
    fn target(&self, arc: u32) -> u32 {
        (arc >> self.target_shift) & self.target_bits
    }
    /// The final state the arc gives its child: 0, 1 (a word) or 2 (a rude word).
    fn state(&self, arc: u32) -> u32 {
        if arc & self.rude != 0 {
            2
        } else if arc & self.accepts != 0 {
            1
        } else {
            0
        }
    }
}

const NONE: u32 = u32::MAX;

/// Lays the builder's graph out as records. `Err(bytes)` when it would take more than
/// [`MAX_BYTES`] (or `limit`) bytes.
pub(crate) fn lay_out(b: &BuilderSlots, root: u32, limit: u64) -> Result<(Vec<u8>, u32), u64> {
    // 1. The nodes reached from the root (builder slots), numbered.
    let n_slots = b.slots.len();
    let mut id = vec![NONE; n_slots];
    let mut nodes: Vec<u32> = Vec::new();
    let mut stack = vec![root];
    id[root as usize] = 0;
    nodes.push(root);
    while let Some(slot) = stack.pop() {
        for &arc in b.arcs(slot) {
            let t = b.target(arc) as usize;
            if t != 0 && id[t] == NONE {
                id[t] = nodes.len() as u32;
                nodes.push(t as u32);
                stack.push(t as u32);
            }
        }
    }
    let arcs_of = |node: u32| b.arcs(nodes[node as usize]);
    // The node an arc leads to, or NONE when nothing follows it.
    let child = |arc: u32| match b.target(arc) {
        0 => NONE,
        t => id[t as usize],
    };
    let last_child = |node: u32| {
        let arcs = arcs_of(node);
        child(arcs[arcs.len() - 1])
    };
    let rude_in = |node: u32| {
        arcs_of(node)
            .iter()
            .filter(|&&a| b.state(a) == 2)
            .fold(0u32, |m, &a| m | 1 << b.label(a))
    };
    // 2. For each node that is some node's last child, one parent it will follow.
    let mut owner = vec![NONE; nodes.len()];
    for p in 0..nodes.len() as u32 {
        let c = last_child(p);
        let keeps_rude = arcs_of(p).len() > 1 && rude_in(p) != 0;
        if c != NONE && owner[c as usize] == NONE && c != 0 && !keeps_rude {
            owner[c as usize] = p;
        }
    }
    // 3. The order: depth first from the root, each node followed by its chain of last
    //    children that follow it (and an empty record after a parent whose last arc leads
    //    nowhere).
    enum Entry {
        Node(u32, bool),
        Leaf,
    }
    let mut order: Vec<Entry> = Vec::with_capacity(nodes.len() + nodes.len() / 8);
    let mut placed = vec![false; nodes.len()];
    let mut stack = vec![0u32];
    let mut later: Vec<u32> = Vec::new();
    while let Some(start) = stack.pop() {
        if placed[start as usize] {
            continue;
        }
        let mut cur = start;
        loop {
            placed[cur as usize] = true;
            let arcs = arcs_of(cur);
            let last = child(arcs[arcs.len() - 1]);
            // A node with rude words keeps their set behind its arcs, so nothing follows it
            // (a rare node: the arc's offset stays where the walk looks for it).
            let keeps_rude = arcs.len() > 1 && rude_in(cur) != 0;
            // A word's end with nothing after: a one-arc record says so itself (mark 3; a
            // rude word's end gets an empty record behind it), a header's last arc leads to
            // an empty record behind it (stored with offset 0 instead, enable-2-9's graph
            // took 14,638 bytes more, over its KWG).
            let ends = last == NONE;
            let lone = arcs.len() == 1;
            let rude_end = ends && lone && b.state(arcs[0]) == 2;
            let follows =
                !keeps_rude && (ends || (owner[last as usize] == cur && !placed[last as usize]));
            order.push(Entry::Node(cur, follows));
            later.clear();
            for (i, &arc) in arcs.iter().enumerate() {
                let c = child(arc);
                let chained = i == arcs.len() - 1 && follows;
                if c != NONE && !chained && !placed[c as usize] && owner[c as usize] == NONE {
                    later.push(c);
                }
            }
            stack.extend(later.iter().rev());
            if ends {
                if follows && (!lone || rude_end) {
                    order.push(Entry::Leaf);
                }
                break;
            }
            if !follows {
                break;
            }
            cur = last;
        }
    }
    // A node owned by a parent is placed right after it; a parent placed before the node
    // could own it (it was some last child) is always reached, so every node is placed.
    assert!(placed.iter().all(|&p| p), "every node is laid out");
    drop(placed);
    // 4. Offsets, then the bytes.
    let size = |node: u32, follows: bool| -> u32 {
        let n = arcs_of(node).len() as u32;
        match (n, follows) {
            (1, true) => 1,
            (1, false) => 4,
            (n, f) => 4 + 3 * (n - u32::from(f)) + if rude_in(node) != 0 { 4 } else { 0 },
        }
    };
    let mut offset = vec![0u32; nodes.len()];
    let mut at: u64 = FIRST_RECORD as u64;
    for e in &order {
        match *e {
            Entry::Node(node, follows) => {
                offset[node as usize] = at as u32;
                at += size(node, follows) as u64;
            }
            Entry::Leaf => at += 1,
        }
        if at > limit.min(MAX_BYTES) {
            return Err(at);
        }
    }
    let leaf = 1 | (LEAF_LABEL as u8) << 3;
    let mut bytes: Vec<u8> = Vec::with_capacity(at as usize + PAD);
    bytes.push(leaf);
    let target = |arc: u32| match child(arc) {
        NONE => 0,
        c => offset[c as usize],
    };
    for e in &order {
        match *e {
            Entry::Leaf => bytes.push(leaf),
            Entry::Node(node, follows) => {
                let arcs = arcs_of(node);
                if let [arc] = *arcs {
                    let (label, state) = (b.label(arc), b.state(arc));
                    if follows {
                        let ends_here = child(arc) == NONE && state == 1;
                        let mark = if ends_here { 3 } else { state };
                        bytes.push((1 | mark << 1 | label << 3) as u8);
                    } else {
                        let head = 2 | state << 2 | label << 4 | target(arc) << 9;
                        bytes.extend_from_slice(&head.to_le_bytes());
                    }
                } else {
                    let labels = arcs.iter().fold(0u32, |m, &a| m | 1 << b.label(a));
                    let rude = rude_in(node);
                    let last = arcs[arcs.len() - 1];
                    let mut head = labels << 4 | u32::from(follows) << 31;
                    if follows && b.state(last) != 0 {
                        head |= BEHIND_WORD;
                    }
                    if rude != 0 {
                        head |= HAS_RUDE;
                    }
                    bytes.extend_from_slice(&head.to_le_bytes());
                    for &arc in &arcs[..arcs.len() - usize::from(follows)] {
                        let word = if b.state(arc) != 0 { STORED_WORD } else { 0 };
                        bytes.extend_from_slice(&(target(arc) | word).to_le_bytes()[..3]);
                    }
                    if rude != 0 {
                        bytes.extend_from_slice(&rude.to_le_bytes());
                    }
                }
            }
        }
    }
    debug_assert_eq!(bytes.len() as u64, at);
    bytes.extend_from_slice(&[0; PAD]);
    Ok((bytes, offset[0]))
}

/// The size of the record at `at` (whose first four bytes are `head`), or why it is none.
pub(crate) fn record_size(at: usize, head: u32) -> Result<usize, String> {
    if head & 1 != 0 {
        let label = (head >> 3) & 31;
        if (label > 26 && label != LEAF_LABEL) || (label == LEAF_LABEL && (head >> 1) & 3 == 3) {
            return Err(format!("the record at byte {at} is not a node"));
        }
        return Ok(1);
    }
    if head & 2 != 0 {
        if (head >> 4) & 31 > 26 || (head >> 2) & 3 == 3 {
            return Err(format!("the record at byte {at} is not a node"));
        }
        return Ok(4);
    }
    let n = labels(head).count_ones() as usize;
    if n < 2 {
        return Err(format!("the record at byte {at} is not a node"));
    }
    let rude = if head & HAS_RUDE != 0 { 4 } else { 0 };
    if rude != 0 && head >> 31 != 0 {
        // The reader finds the record behind a header where its arcs end: none may follow
        // one with a set of rude labels.
        return Err(format!("the record at byte {at} is not a node"));
    }
    Ok(4 + 3 * (n - (head >> 31) as usize) + rude)
}

/// Checks that bytes read back describe a walkable graph: records tile the array exactly,
/// every child offset (stored or implied) starts a record, and the root is one, so a walk
/// can never read outside the array or inside a record.
pub(crate) fn check_records(bytes: &[u8], root: u32) -> Result<(), String> {
    if bytes.len() < FIRST_RECORD as usize + PAD || bytes[bytes.len() - PAD..] != [0; PAD] {
        return Err("it has no records".into());
    }
    let end = bytes.len() - PAD;
    if bytes[0] != 1 | (LEAF_LABEL as u8) << 3 {
        return Err("its first record is not the empty one".into());
    }
    // Pass 1: where the records start (a bit each; no allocation per record, so a check
    // after a build leaves nothing behind in the heap: graph_memory.rs).
    let mut starts = vec![0u64; end / 64 + 1];
    let mut at = 0usize;
    while at < end {
        starts[at / 64] |= 1 << (at % 64);
        let size = record_size(at, read32(bytes, at))?;
        if at + size > end {
            return Err(format!("the record at byte {at} runs past the end"));
        }
        at += size;
    }
    // Pass 2: every child is a record (the byte after the last one is not): a one-arc
    // record's (the next byte, or its offset), a header's stored offsets and, when its last
    // arc is not stored, the record behind it.
    let is_start = |t: usize| t < end && starts[t / 64] & (1 << (t % 64)) != 0;
    let nowhere = |at: usize, t: usize| {
        format!("an arc of the record at byte {at} leads to byte {t}, no record")
    };
    let mut at = 0usize;
    while at < end {
        let head = read32(bytes, at);
        let size = record_size(at, head)?;
        if head & 1 != 0 {
            if !is_leaf(head) && (head >> 1) & 3 != 3 && !is_start(at + 1) {
                return Err(nowhere(at, at + 1));
            }
        } else if head & 2 != 0 {
            let t = (head >> 9) as usize;
            if !is_start(t) {
                return Err(nowhere(at, t));
            }
        } else {
            let behind = (head >> 31) as usize;
            let stored = labels(head).count_ones() as usize - behind;
            for i in 0..stored {
                let t = (read24(bytes, at + 4 + 3 * i) & OFFSET_BITS) as usize;
                if !is_start(t) {
                    return Err(nowhere(at, t));
                }
            }
            if behind != 0 && !is_start(at + size) {
                return Err(nowhere(at, at + size));
            }
        }
        at += size;
    }
    if !is_start(root as usize) {
        return Err("the root is not a record".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_records;
    use crate::{Gaddag, SEPARATOR, SLOT_LIMIT};
    use std::collections::BTreeSet;

    /// Every string the graph spells from the root to an accepting arc, separator as '>'.
    fn paths(g: &Gaddag) -> BTreeSet<String> {
        fn walk(g: &Gaddag, node: u32, text: &mut String, out: &mut BTreeSet<String>) {
            for arc in g.arcs(node) {
                let l = arc.label();
                text.push(if l == SEPARATOR {
                    '>'
                } else {
                    (b'A' + l - 1) as char
                });
                if arc.accepts() {
                    out.insert(text.clone());
                }
                if arc.target() != 0 {
                    walk(g, arc.target(), text, out);
                }
                text.pop();
            }
        }
        let mut out = BTreeSet::new();
        walk(g, g.root(), &mut String::new(), &mut out);
        out
    }

    /// The GADDAG's strings of `words`: reverse(w[..i]), then the separator and w[i..].
    fn expected(words: &[&str]) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for w in words {
            for i in 1..=w.len() {
                let mut s: String = w[..i].chars().rev().collect();
                if i < w.len() {
                    s.push('>');
                    s.push_str(&w[i..]);
                }
                out.insert(s);
            }
        }
        out
    }

    /// The first 3,000 words of the shipped list 1 (prefixes, shared endings, one-letter
    /// chains, words ending where others go on): the graph spells exactly their GADDAG
    /// strings, in both views, and its records pass the check bytes from a file get.
    #[test]
    fn the_records_spell_exactly_every_path_of_every_word() {
        let text = std::fs::read_to_string("../../wordlists/wordclub/wordclub-1.txt").unwrap();
        let words: Vec<String> = text
            .lines()
            .map(|w| w.trim().to_ascii_uppercase())
            .filter(|w| !w.is_empty())
            .take(3000)
            .collect();
        // Every seventh word rude, so nodes are reached as both kinds of word end.
        let marked: Vec<(&str, bool)> = words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.as_str(), i % 7 == 0))
            .collect();
        let g = Gaddag::build_marked(marked.iter().copied(), SLOT_LIMIT, &mut |_| {}).unwrap();
        let all: Vec<&str> = marked.iter().map(|(w, _)| *w).collect();
        let polite: Vec<&str> = marked.iter().filter(|m| !m.1).map(|(w, _)| *w).collect();
        let same = |got: BTreeSet<String>, want: BTreeSet<String>| {
            let extra: Vec<_> = got.difference(&want).take(5).collect();
            let missing: Vec<_> = want.difference(&got).take(5).collect();
            assert!(
                extra.is_empty() && missing.is_empty(),
                "extra {extra:?} missing {missing:?}"
            );
        };
        same(paths(&g), expected(&all));
        same(paths(&g.polite()), expected(&polite));
        let (records, ..) = g.raw();
        let mut bytes = records.to_vec();
        bytes.extend_from_slice(&[0; super::PAD]);
        check_records(&bytes, g.root()).unwrap();
    }

    /// Records a walk could misread are refused: an offset into the middle of a record, a
    /// record running past the end, a root that is not a record.
    #[test]
    fn forged_records_are_refused() {
        let g = Gaddag::from_words(["CAT", "CATS", "ACT", "TACT", "SCAT"]);
        let (records, ..) = g.raw();
        let mut good = records.to_vec();
        good.extend_from_slice(&[0; super::PAD]);
        check_records(&good, g.root()).unwrap();
        // Point a one-arc record's stored offset one byte into a record of four or more.
        let mut at = super::FIRST_RECORD as usize;
        let (mut explicit, mut wide) = (None, None);
        while at < good.len() - super::PAD {
            let head = super::read32(&good, at);
            let size = super::record_size(at, head).unwrap();
            if head & 3 == 2 {
                explicit.get_or_insert(at);
            }
            if size > 1 {
                wide = Some(at);
            }
            at += size;
        }
        let (explicit, wide) = (explicit.unwrap(), wide.unwrap());
        let mut forged = good.clone();
        let head = super::read32(&good, explicit);
        let into = (head & 0x1ff) | (wide as u32 + 1) << 9;
        forged[explicit..explicit + 4].copy_from_slice(&into.to_le_bytes());
        let e = check_records(&forged, g.root()).unwrap_err();
        assert!(e.contains("no record"), "{e}");
        let mut short = good[..good.len() - super::PAD - 1].to_vec();
        short.extend_from_slice(&[0; super::PAD]);
        assert!(check_records(&short, g.root()).is_err());
        assert!(check_records(&good, g.root() + 1).is_err() || g.root() + 1 >= good.len() as u32);
        assert!(check_records(&good, 10_000).unwrap_err().contains("root"));
    }
}
