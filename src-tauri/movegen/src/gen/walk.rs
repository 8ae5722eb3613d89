//! The GADDAG walk from one anchor: leftwards from the anchor square through the graph's
//! reversed prefixes, then after the separator rightwards, placing rack letters on empty
//! squares that their cross-checks allow and scoring as it goes.

use super::anchors::Anchor;
use super::bounds::{Stretches, BLANK_LEVELS};
use super::{rack_bits, Found, Generator, LaneView, Sink, ALL_LETTERS};
use crate::gaddag::{Arc, Gaddag, SEPARATOR};
use crate::layout::{Layout, Rack, BLANK_BIT, MAX_SIZE};

const WORD_BUF: usize = 2 * MAX_SIZE + 2;

/// With `PRUNE`, the walk skips every part of the lane whose stretches' bounds (`stretches`)
/// are below the least score the sink still keeps ([`Sink::min_score`]); with `CUT` too, every
/// blank on a square where a blank cannot reach it (`stretches.blank_at`).
struct Walk<'a, S: Sink, const PRUNE: bool, const CUT: bool> {
    g: &'a Gaddag,
    stretches: &'a Stretches,
    view: LaneView<'a>,
    values: &'a [i32; 27],
    lane: usize,
    down: bool,
    anchor: usize,
    left_limit: usize,
    right_limit: usize,
    rack: Rack,
    rack_left: u32,
    /// Blanks on the rack when the walk started.
    blanks: u8,
    /// Bit `l` set while the rack holds letter `l` (bit 0: a blank).
    rack_bits: u32,
    placed: u32,
    rack_size: u32,
    bingo: i32,
    /// Tiles along the lane; twice the lane's length, so a 16-byte window from any square
    /// stays inside (the squares past the lane stay 0).
    word: [u8; WORD_BUF],
    sink: &'a mut S,
}

impl Generator {
    pub(super) fn walk_anchor<S: Sink, const PRUNE: bool, const CUT: bool>(
        &self,
        g: &Gaddag,
        layout: &Layout,
        rack: &Rack,
        anchor: Anchor,
        stretches: &Stretches,
        sink: &mut S,
    ) {
        let pos = anchor.square as usize;
        let mut walk = Walk::<S, PRUNE, CUT> {
            g,
            stretches,
            view: self.lane_view(anchor),
            values: &self.values,
            lane: anchor.lane as usize,
            down: anchor.dir == 1,
            anchor: pos,
            left_limit: anchor.left_limit as usize,
            right_limit: anchor.right_limit as usize,
            rack: *rack,
            rack_left: rack.len() as u32,
            blanks: rack.counts[0],
            rack_bits: rack_bits(rack),
            placed: 0,
            rack_size: layout.rack_size as u32,
            bingo: layout.bingo_bonus,
            word: [0; WORD_BUF],
            sink,
        };
        walk.left(pos, g.root(), 0, 1, 0);
    }
}

impl<S: Sink, const PRUNE: bool, const CUT: bool> Walk<'_, S, PRUNE, CUT> {
    #[inline(always)]
    fn record(&mut self, start: usize, end: usize, main: i32, wmul: i32, cross: i32) {
        if end == start {
            return;
        }
        if self.down && self.placed == 1 {
            // A single tile with an across word was already listed across.
            let single = (start..=end).find(|&p| self.word[p] != 0).unwrap_or(start);
            if self.view.cross[single] >= 0 {
                return;
            }
        }
        let mut score = main * wmul + cross;
        if self.placed == self.rack_size {
            score += self.bingo;
        }
        let len = end - start + 1;
        let window: [u8; 16] = self.word[start..start + 16]
            .try_into()
            .expect("a 16-byte window fits the word buffer");
        let packed = u128::from_le_bytes(window) & ((1u128 << (8 * len)) - 1);
        self.sink.found(&Found {
            lane: self.lane,
            down: self.down,
            start,
            tiles: &self.word[start..=end],
            score,
            leave: &self.rack,
            packed,
        });
    }

    /// Visit square `pos` (at or left of the anchor) coming from `node`.
    fn left(&mut self, pos: usize, node: u32, main: i32, wmul: i32, cross: i32) {
        let t = self.view.tiles[pos];
        if t != 0 {
            if let Some(arc) = self.g.child(node, t & 0x1f) {
                let v = if t & BLANK_BIT != 0 {
                    0
                } else {
                    self.values[(t & 0x1f) as usize]
                };
                self.word[pos] = 0;
                self.left_next(pos, arc, main + v, wmul, cross);
            }
            return;
        }
        self.place::<false>(pos, node, pos, main, wmul, cross);
    }

    /// Visit the empty square `pos` (right of the anchor, before the right limit, so every
    /// square from the anchor to here is empty) coming from `node`; the word starts at `start`.
    fn right(&mut self, pos: usize, node: u32, start: usize, main: i32, wmul: i32, cross: i32) {
        debug_assert!(self.view.tiles[pos] == 0 && pos < self.right_limit);
        self.place::<true>(pos, node, start, main, wmul, cross);
    }

    /// Tries every rack letter (and the blank as every letter) that the graph, the rack and
    /// the cross-check allow on the empty square `pos`, then goes on leftwards or (`RIGHT`)
    /// rightwards. One body for both directions: the constant makes two copies with the same
    /// code as the earlier hand-written twins (measured, best move with two blanks: 9×9
    /// midgame 213 µs before, 211 µs after; 15×15 midgame dealt rack 11.6 / 11.9 µs: noise).
    #[inline(always)]
    fn place<const RIGHT: bool>(
        &mut self,
        pos: usize,
        node: u32,
        start: usize,
        main: i32,
        wmul: i32,
        cross: i32,
    ) {
        // A blank here only if a move holding one more blank can still reach what the sink
        // keeps: a blank scores nothing (with the search's kept stretch tables, best move on a
        // crowded 9x9 board with three blanks 7.7 -> 6.3 µs, wolges 6.6 µs in the same run).
        let blank =
            self.rack.counts[0] > 0 && (!PRUNE || self.blank_may_reach::<RIGHT>(pos, start));
        let playable = if blank { ALL_LETTERS } else { self.rack_bits };
        let mask = self.view.mask[pos] & playable;
        if mask == 0 {
            return;
        }
        let labels = self.g.labels(node);
        let mut avail = labels & mask;
        if avail.count_ones() > 6 {
            // Wide fan-outs (a blank on the rack) gain from fetching children early; for a
            // few letters the hint costs more than it saves.
            self.g.prefetch_children(node, labels, avail);
        }
        let lm = self.view.lm[pos] as i32;
        let wm = self.view.wm[pos] as i32;
        let cs = self.view.cross[pos];
        while avail != 0 {
            let l = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            let arc = self.g.arc_unchecked_label(node, labels, l as u32);
            if self.rack.counts[l] > 0 {
                let v = self.values[l] * lm;
                let c = if cs >= 0 { (cs + v) * wm } else { 0 };
                self.take(l);
                self.word[pos] = l as u8;
                self.next::<RIGHT>(pos, arc, start, main + v, wmul * wm, cross + c);
                self.give(l);
            }
            if blank {
                let c = if cs >= 0 { cs * wm } else { 0 };
                self.take(0);
                self.word[pos] = l as u8 | BLANK_BIT;
                self.next::<RIGHT>(pos, arc, start, main, wmul * wm, cross + c);
                self.give(0);
            }
        }
    }

    #[inline(always)]
    fn next<const RIGHT: bool>(
        &mut self,
        pos: usize,
        arc: Arc,
        start: usize,
        main: i32,
        wmul: i32,
        cross: i32,
    ) {
        if RIGHT {
            self.right_next(pos, arc, start, main, wmul, cross);
        } else {
            self.left_next(pos, arc, main, wmul, cross);
        }
    }

    /// Whether a move with a blank on the empty square `pos` besides the tiles placed so far
    /// could reach the sink's least score, by its stretches (rightwards: the word starts at
    /// `start`; leftwards: at `pos` or before) and, with `CUT`, by what a blank on that square
    /// costs (`blank_at`).
    #[inline(always)]
    fn blank_may_reach<const RIGHT: bool>(&self, pos: usize, start: usize) -> bool {
        let level = self.level();
        if level + 1 >= BLANK_LEVELS {
            // The stretches count no further: what let the walk here holds.
            return true;
        }
        let bound = if RIGHT {
            self.stretches.from[level + 1][start][pos]
        } else {
            self.stretches.upto[level + 1][pos]
        };
        let min = self.sink.min_score();
        bound >= min && (!CUT || self.stretches.blank_at[level + 1][pos] >= min)
    }

    /// The blanks placed so far, as [`Stretches`] counts them.
    #[inline(always)]
    fn level(&self) -> usize {
        ((self.blanks - self.rack.counts[0]) as usize).min(BLANK_LEVELS - 1)
    }

    #[inline(always)]
    fn take(&mut self, l: usize) {
        self.rack.counts[l] -= 1;
        if self.rack.counts[l] == 0 {
            self.rack_bits &= !(1 << l);
        }
        self.rack_left -= 1;
        self.placed += 1;
    }

    #[inline(always)]
    fn give(&mut self, l: usize) {
        self.rack.counts[l] += 1;
        self.rack_bits |= 1 << l;
        self.rack_left += 1;
        self.placed -= 1;
    }

    #[inline(always)]
    fn left_next(&mut self, pos: usize, arc: Arc, main: i32, wmul: i32, cross: i32) {
        let tiles = self.view.tiles;
        let open_left = pos == 0 || tiles[pos - 1] == 0;
        // The square after the anchor is empty or the edge (see `Anchor`); a run anchor's
        // walk spells its own run before it has placed anything.
        if arc.accepts() && open_left && self.placed > 0 {
            self.record(pos, self.anchor, main, wmul, cross);
        }
        let next = arc.target();
        if next == 0 {
            return;
        }
        if pos > 0 {
            let p = pos - 1;
            if (tiles[p] != 0 || (p >= self.left_limit && self.rack_left > 0))
                && (!PRUNE || self.stretches.upto[self.level()][p] >= self.sink.min_score())
            {
                self.left(p, next, main, wmul, cross);
            }
        }
        if open_left
            && self.anchor + 1 < self.right_limit
            && self.rack_left > 0
            && (!PRUNE
                || self.stretches.from[self.level()][pos][self.anchor + 1] >= self.sink.min_score())
        {
            if let Some(sep) = self.g.child(next, SEPARATOR) {
                self.right(self.anchor + 1, sep.target(), pos, main, wmul, cross);
            }
        }
    }

    #[inline(always)]
    fn right_next(&mut self, pos: usize, arc: Arc, start: usize, main: i32, wmul: i32, cross: i32) {
        // The square after `pos` is empty or the edge: the right limit keeps every walk
        // clear of the next run along the lane.
        if arc.accepts() {
            self.record(start, pos, main, wmul, cross);
        }
        let next = arc.target();
        if next != 0
            && pos + 1 < self.right_limit
            && self.rack_left > 0
            && (!PRUNE
                || self.stretches.from[self.level()][start][pos + 1] >= self.sink.min_score())
        {
            self.right(pos + 1, next, start, main, wmul, cross);
        }
    }
}
