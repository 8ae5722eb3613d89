//! What a node's bytes mean (format 3), and how the builder's nodes are laid out in them.
//!
//! The graph is one byte array of records, one per node, read at any byte (unaligned
//! little-endian loads; the array ends in [`PAD`] zero bytes so a 4-byte load at any record
//! is in bounds). A node carries its own *final state*: whether the path into it spells a
//! word (any player's, or one polite players leave alone), so an arc is only where it leads.
//! Three kinds of record, told apart by the low bits of the first byte:
//!
//! - `xxxxxFF1` — **one byte**: a node of one arc whose child is the next record. Bits 3..=7
//!   are the arc's label, or [`LEAF_LABEL`] for a node with no arcs (a word's end).
//! - `…FF00` — **a node of several arcs**: a 4-byte header, bits 4..=30 the set of its labels
//!   (bit 0 the separator, 1..=26 A..Z), bit 31 set when its last arc's child is the record
//!   right after the node (that arc is then not stored); then its arcs in label order, 3 bytes
//!   each: the child's byte offset. The arc of a label is found by a popcount of the
//!   lower labels, so the generator intersects the header with its cross-check and rack masks
//!   instead of scanning arcs.
//! - `…FF10` — **one arc, anywhere**: 4 bytes, bits 4..=8 the label, bits 9..=31 the child's
//!   offset.
//!
//! `FF` is the final state: 0 none, 1 a word, 2 a rude word. Offsets 0, 1 and 2 are the empty
//! records of final state 0, 1 and 2 (0 means "no node"); other word ends follow their parent
//! as one-byte leaves.
//!
//! Why (measured on wordclub-3, 258,712 words, with its rude marks; the builder's graph has
//! 566,821 nodes, 1,188,007 arcs, 245,720 nodes of two or more): format 2 spent 4 bytes an
//! arc (label, word marks, target) and a 4-byte header per node of several arcs: 5.73 MB of
//! slots, against wolges' KWG 4,594,100 bytes for the same words. Here the label lives only
//! in the header, the word marks move to the child (3,438 nodes more, reached both as a word's
//! end and not), and a child laid out right behind its parent needs no offset at all: the
//! layout below chooses, for every node that is some parent's first child, one such parent
//! to follow (303,060 of them), where a depth-first order alone gave 251,869.

/// Zero bytes after the last record, so a 4-byte load at any record stays in the array.
pub(crate) const PAD: usize = 4;
/// The label of a one-byte record with no arc: a word's end.
pub(crate) const LEAF_LABEL: u32 = 31;
/// The labels a header can hold: the separator and A..Z.
pub(crate) const ALL_LABELS: u32 = (1 << 27) - 1;
/// Offsets from here on are nodes; below are the shared empty records.
pub(crate) const FIRST_RECORD: u32 = 3;
/// The largest offset a one-arc record can hold (23 bits), so the most bytes a graph may take.
pub(crate) const MAX_BYTES: u64 = 1 << 23;

/// The final state of the record whose first four bytes are `head`.
#[inline(always)]
pub(crate) fn final_state(head: u32) -> u32 {
    (head >> (2 - (head & 1))) & 3
}

/// Whether the record whose first four bytes are `head` is an empty one (a word's end).
#[inline(always)]
pub(crate) fn is_leaf(head: u32) -> bool {
    head & 0xf9 == 0xf9
}

/// The labels of the arcs of the record whose first four bytes are `head`.
///
/// Without a branch (as `Node::of` decodes a record): which kind a record is follows no pattern a
/// predictor could learn (cachegrind, all moves on seeded-wordclub-1.1-s2-t04-rack: the
/// branch this compiled to was 16 % of the walk's mispredictions).
#[inline(always)]
pub(crate) fn labels(head: u32) -> u32 {
    // A one-arc record's label is at bit 3 (one byte) or 4 (four bytes); a leaf's, 31, is
    // no label.
    let single = (1u32 << ((head >> (4 - (head & 1))) & 31)) & ALL_LABELS;
    let several = (head >> 4) & ALL_LABELS;
    let is_several = 0u32.wrapping_sub(u32::from(head & 3 == 0));
    (several & is_several) | (single & !is_several)
}

#[inline(always)]
pub(crate) fn read32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

#[inline(always)]
fn read24(bytes: &[u8], at: usize) -> u32 {
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

/// A node's child in the laid-out graph.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Child {
    /// A word's end: a one-byte leaf of this final state.
    Leaf(u32),
    /// A node (its index in `nodes`).
    Node(u32),
}

const NONE: u32 = u32::MAX;

/// Lays the builder's graph out as records. `Err(bytes)` when it would take more than
/// [`MAX_BYTES`] (or `limit`) bytes.
pub(crate) fn lay_out(b: &BuilderSlots, root: u32, limit: u64) -> Result<(Vec<u8>, u32), u64> {
    // 1. Which final states each builder node is reached with (a separator reaches the
    //    forward node of a prefix: its state does not matter, it reads no word mark).
    let n_slots = b.slots.len();
    let mut states = vec![0u8; n_slots];
    let mut reached = vec![false; n_slots];
    let mut stack = vec![root];
    reached[root as usize] = true;
    while let Some(slot) = stack.pop() {
        for &arc in b.arcs(slot) {
            let t = b.target(arc);
            if t == 0 {
                continue;
            }
            if b.label(arc) != 0 {
                states[t as usize] |= 1 << b.state(arc);
            }
            if !reached[t as usize] {
                reached[t as usize] = true;
                stack.push(t);
            }
        }
    }
    // 2. One node per (builder node, final state) reached; the root and separator-only
    //    targets with state 0.
    let mut ids = vec![[NONE; 3]; n_slots];
    let mut nodes: Vec<(u32, u32)> = Vec::new();
    for slot in 0..n_slots {
        if !reached[slot] {
            continue;
        }
        let bits = if slot as u32 == root || states[slot] == 0 {
            states[slot] | 1
        } else {
            states[slot]
        };
        for s in 0..3 {
            if bits & (1 << s) != 0 {
                ids[slot][s] = nodes.len() as u32;
                nodes.push((slot as u32, s as u32));
            }
        }
    }
    drop(reached);
    let child = |arc: u32| -> Child {
        let t = b.target(arc);
        if t == 0 {
            return Child::Leaf(b.state(arc));
        }
        let s = if b.label(arc) == 0 {
            // The separator: any state the forward node is laid out with.
            (0..3)
                .find(|&s| ids[t as usize][s] != NONE)
                .expect("a reached node")
        } else {
            b.state(arc) as usize
        };
        Child::Node(ids[t as usize][s])
    };
    let last_child = |node: u32| {
        let arcs = b.arcs(nodes[node as usize].0);
        child(arcs[arcs.len() - 1])
    };
    let root_id = ids[root as usize][0];
    // 3. For each node that is some node's last child, one parent it will follow.
    let mut owner = vec![NONE; nodes.len()];
    for p in 0..nodes.len() as u32 {
        if let Child::Node(c) = last_child(p) {
            if owner[c as usize] == NONE && c != root_id {
                owner[c as usize] = p;
            }
        }
    }
    // 4. The order: depth first from the root, each node followed by its chain of last
    //    children that follow it (and a word's end after a parent whose last arc ends one).
    enum Entry {
        Node(u32, bool),
        Leaf(u32),
    }
    let mut order: Vec<Entry> = Vec::with_capacity(nodes.len() + nodes.len() / 8);
    let mut placed = vec![false; nodes.len()];
    let mut stack = vec![root_id];
    let mut later: Vec<u32> = Vec::new();
    while let Some(start) = stack.pop() {
        if placed[start as usize] {
            continue;
        }
        let mut cur = start;
        loop {
            placed[cur as usize] = true;
            let arcs = b.arcs(nodes[cur as usize].0);
            let last = child(arcs[arcs.len() - 1]);
            let follows = match last {
                Child::Leaf(_) => true,
                Child::Node(c) => owner[c as usize] == cur && !placed[c as usize],
            };
            order.push(Entry::Node(cur, follows));
            later.clear();
            for (i, &arc) in arcs.iter().enumerate() {
                if let Child::Node(c) = child(arc) {
                    let chained = i == arcs.len() - 1 && follows;
                    if !chained && !placed[c as usize] && owner[c as usize] == NONE {
                        later.push(c);
                    }
                }
            }
            stack.extend(later.iter().rev());
            match last {
                Child::Leaf(s) => {
                    order.push(Entry::Leaf(s));
                    break;
                }
                Child::Node(c) if follows => cur = c,
                _ => break,
            }
        }
    }
    // A node owned by a parent is placed right after it; a parent placed before the node
    // could own it (it was some last child) is always reached, so every node is placed.
    debug_assert!(placed.iter().all(|&p| p));
    drop(placed);
    // 5. Offsets, then the bytes.
    let size = |node: u32, follows: bool| -> u32 {
        let n = b.arcs(nodes[node as usize].0).len() as u32;
        match (n, follows) {
            (1, true) => 1,
            (1, false) => 4,
            (n, f) => 4 + 3 * (n - u32::from(f)),
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
            Entry::Leaf(_) => at += 1,
        }
        if at > limit.min(MAX_BYTES) {
            return Err(at);
        }
    }
    let mut bytes: Vec<u8> = Vec::with_capacity(at as usize + PAD);
    // The shared empty records of final states 0 (no node), 1 and 2.
    for s in 0..3u8 {
        bytes.push(1 | s << 1 | (LEAF_LABEL as u8) << 3);
    }
    let target = |c: Child| match c {
        Child::Leaf(s) => s,
        Child::Node(n) => offset[n as usize],
    };
    for e in &order {
        match *e {
            Entry::Leaf(s) => bytes.push(1 | (s as u8) << 1 | (LEAF_LABEL as u8) << 3),
            Entry::Node(node, follows) => {
                let (slot, state) = nodes[node as usize];
                let arcs = b.arcs(slot);
                if arcs.len() == 1 {
                    let label = b.label(arcs[0]);
                    if follows {
                        bytes.push((1 | state << 1 | label << 3) as u8);
                    } else {
                        let head = 2 | state << 2 | label << 4 | target(child(arcs[0])) << 9;
                        bytes.extend_from_slice(&head.to_le_bytes());
                    }
                } else {
                    let labels = arcs.iter().fold(0u32, |m, &a| m | 1 << b.label(a));
                    let head = state << 2 | labels << 4 | u32::from(follows) << 31;
                    bytes.extend_from_slice(&head.to_le_bytes());
                    for &arc in &arcs[..arcs.len() - usize::from(follows)] {
                        bytes.extend_from_slice(&target(child(arc)).to_le_bytes()[..3]);
                    }
                }
            }
        }
    }
    debug_assert_eq!(bytes.len() as u64, at);
    bytes.extend_from_slice(&[0; PAD]);
    Ok((bytes, offset[root_id as usize]))
}

/// Checks that bytes read back describe a walkable graph: records tile the array exactly,
/// every child offset (stored or implied) starts a record, and the root is one, so a walk
/// can never read outside the array or inside a record.
pub(crate) fn check_records(bytes: &[u8], root: u32) -> Result<(), String> {
    if bytes.len() < FIRST_RECORD as usize + PAD || bytes[bytes.len() - PAD..] != [0; PAD] {
        return Err("it has no records".into());
    }
    let end = bytes.len() - PAD;
    for s in 0..3u8 {
        if bytes[s as usize] != 1 | s << 1 | (LEAF_LABEL as u8) << 3 {
            return Err("its first records are not the empty ones".into());
        }
    }
    // Pass 1: where the records start.
    let mut starts = vec![false; end + 1];
    let mut at = 0usize;
    let record_size = |at: usize| -> Result<usize, String> {
        let head = read32(bytes, at);
        if head & 1 != 0 {
            let label = (head >> 3) & 31;
            if label > 26 && label != LEAF_LABEL {
                return Err(format!("the record at byte {at} has no label"));
            }
            return Ok(1);
        }
        if head & 2 != 0 {
            if (head >> 4) & 31 > 26 || final_state(head) > 2 {
                return Err(format!("the record at byte {at} is not a node"));
            }
            return Ok(4);
        }
        let n = labels(head).count_ones() as usize;
        if n < 2 || final_state(head) > 2 {
            return Err(format!("the record at byte {at} is not a node"));
        }
        Ok(4 + 3 * (n - (head >> 31) as usize))
    };
    while at < end {
        starts[at] = true;
        let size = record_size(at)?;
        if at + size > end {
            return Err(format!("the record at byte {at} runs past the end"));
        }
        at += size;
    }
    // Pass 2: every child is a record (the byte after the last one is not).
    let is_start = |t: usize| t < end && starts[t];
    let mut at = 0usize;
    while at < end {
        let head = read32(bytes, at);
        let size = record_size(at)?;
        // The children: a one-arc record's (the next byte, or its offset), a header's stored
        // offsets and, when its last arc is not stored, the record behind it.
        let children: Vec<usize> = if head & 1 != 0 {
            if is_leaf(head) {
                vec![]
            } else {
                vec![at + 1]
            }
        } else if head & 2 != 0 {
            vec![(head >> 9) as usize]
        } else {
            let stored = labels(head).count_ones() as usize - (head >> 31) as usize;
            let mut c: Vec<usize> = (0..stored)
                .map(|i| read24(bytes, at + 4 + 3 * i) as usize)
                .collect();
            if head >> 31 != 0 {
                c.push(at + size);
            }
            c
        };
        if let Some(t) = children.into_iter().find(|&t| !is_start(t)) {
            return Err(format!(
                "an arc of the record at byte {at} leads to byte {t}, no record"
            ));
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
            let size = if head & 1 != 0 {
                1
            } else if head & 2 != 0 {
                explicit.get_or_insert(at);
                4
            } else {
                4 + 3 * (super::labels(head).count_ones() - (head >> 31)) as usize
            };
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
