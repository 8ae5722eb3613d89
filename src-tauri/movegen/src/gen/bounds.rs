//! Upper bounds on the score of any move from an anchor, for the best-move search.
//!
//! Both bounds sum a stretch of the lane with one aggregate ([`Agg`]): the board tiles in it,
//! the best rack values on its best letter premiums, every word premium, every perpendicular
//! word at its best, and the bingo bonus when the stretch can take the whole rack. The quick
//! bound ([`Bounds::reach`]) takes one stretch, the anchor's whole reach; the exact one
//! ([`Bounds::exact`]) the best of every stretch around the anchor.

use super::anchors::Anchor;
use super::{rack_bits, Generator, LaneView, ALL_LETTERS};
use crate::gaddag::Gaddag;
use crate::layout::{Layout, Rack, BLANK_BIT};

/// What the best-move search still has to do to an anchor's quick bound before trusting it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Refine {
    Done,
    /// Rule out the counted bingo bonus with the anagram look-up (board tiles, letters).
    Bingo(u8, u32),
    /// Work out the exact bound over every stretch.
    Exact,
}

/// What a bound knows of the rack, worked out once per call.
pub(super) struct Bounds<'a> {
    layout: &'a Layout,
    /// The rack's tile values in descending order, summed: `prefix[i]` is the best `i`.
    prefix: Vec<i32>,
    /// The rack's tile count.
    k: usize,
    /// The rack's best tile value.
    vmax: i32,
    /// Letters the rack can supply (every letter with a blank).
    playable: u32,
    bingo: BingoCheck<'a>,
}

/// A stretch of a lane, summed square by square.
#[derive(Clone, Copy)]
struct Agg {
    empties: usize,
    l3: usize,
    l2: usize,
    /// Face value of the board tiles in the stretch.
    tiles: i32,
    wm: i32,
    cross: i32,
    /// Board tiles in the stretch, and their letters (5 bits each, the first six).
    board: u8,
    letters: u32,
}

impl Agg {
    const EMPTY: Agg = Agg {
        empties: 0,
        l3: 0,
        l2: 0,
        tiles: 0,
        wm: 1,
        cross: 0,
        board: 0,
        letters: 0,
    };

    /// Adds square `p` of the lane: a board tile's value, or an empty square's premiums and
    /// its perpendicular word with the rack's best tile on it.
    #[inline(always)]
    fn add(&mut self, lane: &LaneView<'_>, values: &[i32; 27], vmax: i32, p: usize) {
        let t = lane.tiles[p];
        if t != 0 {
            if t & BLANK_BIT == 0 {
                self.tiles += values[(t & 0x1f) as usize];
            }
            if self.board < 6 {
                self.letters |= ((t & 0x1f) as u32) << (5 * self.board);
            }
            self.board = self.board.saturating_add(1);
        } else {
            self.empties += 1;
            match lane.lm[p] {
                3 => self.l3 += 1,
                2 => self.l2 += 1,
                _ => {}
            }
            self.wm *= lane.wm[p] as i32;
            if lane.cross[p] >= 0 {
                self.cross += (lane.cross[p] + vmax * lane.lm[p] as i32) * lane.wm[p] as i32;
            }
        }
    }
}

impl<'a> Bounds<'a> {
    pub(super) fn new(
        g: &'a Gaddag,
        layout: &'a Layout,
        values: &[i32; 27],
        rack: &Rack,
    ) -> Bounds<'a> {
        let mut sorted: Vec<i32> = Vec::with_capacity(rack.len());
        for (l, &k) in rack.counts.iter().enumerate() {
            for _ in 0..k {
                sorted.push(if l == 0 { 0 } else { values[l] });
            }
        }
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let mut prefix = vec![0i32; sorted.len() + 1];
        for (i, v) in sorted.iter().enumerate() {
            prefix[i + 1] = prefix[i] + v;
        }
        let playable = if rack.counts[0] > 0 {
            ALL_LETTERS
        } else {
            rack_bits(rack)
        };
        Bounds {
            layout,
            k: sorted.len(),
            vmax: sorted.first().copied().unwrap_or(0),
            prefix,
            playable,
            bingo: BingoCheck {
                g,
                rack: *rack,
                known: Default::default(),
            },
        }
    }

    /// Whether a bingo can spell a word with these board letters (see [`BingoCheck`]).
    pub(super) fn bingo_possible(&self, board: u8, letters: u32) -> bool {
        self.bingo.possible(board, letters)
    }

    /// The stretch's bound without the bingo bonus: the board tiles plus the rack's best
    /// values on the best letter premiums, times every word premium, plus the cross words.
    fn score(&self, x: &Agg) -> i32 {
        (x.tiles + best_letters(&self.prefix, x.empties, x.l3, x.l2)) * x.wm + x.cross
    }

    /// Whether the stretch can take the whole rack (then the bingo bonus may count).
    fn takes_rack(&self, x: &Agg) -> bool {
        x.empties.min(self.k) >= self.layout.rack_size
    }

    /// An upper bound on the score of any move from an anchor, taken over its reach (the
    /// squares on either side it could fill with the rack: up to a rack's worth of empty
    /// squares each way, none whose cross-check excludes every rack letter), with the bingo
    /// bonus when the reach can take the whole rack. With the bonus counted, also returns the
    /// board letters a bingo would join (count, 5 bits each) when the anagram look-up could
    /// rule it out, for the caller.
    pub(super) fn reach(&self, gen: &Generator, anchor: Anchor) -> (i32, Option<(u8, u32)>) {
        let a = anchor.square as usize;
        let lane = gen.lane_view(anchor);
        let k = self.k;
        let open = |p: usize| lane.mask[p] & self.playable != 0;
        if lane.tiles[a] == 0 && !open(a) {
            return (i32::MIN, None);
        }
        // The reach: up to `k` empty squares on each side of the anchor (counting it).
        let anchor_empty = (lane.tiles[a] == 0) as usize;
        let mut start = a;
        let mut empties = anchor_empty;
        while start > 0 {
            let p = start - 1;
            if lane.tiles[p] == 0 {
                if p < anchor.left_limit as usize || empties >= k || !open(p) {
                    break;
                }
                empties += 1;
            }
            start = p;
        }
        let mut end = a;
        let mut empties = anchor_empty;
        while end + 1 < anchor.right_limit as usize && empties < k && open(end + 1) {
            // Right of an anchor every square up to the right limit is empty.
            empties += 1;
            end += 1;
        }
        let mut agg = Agg::EMPTY;
        for p in start..=end {
            agg.add(&lane, &gen.values, self.vmax, p);
        }
        let bound = self.score(&agg);
        if !self.takes_rack(&agg) {
            return (bound, None);
        }
        // Every move from a hook anchor has no board tile in its lane; every move from a run
        // anchor holds the whole run, and only it when the reach holds no other.
        let run = (start..=a)
            .rev()
            .take_while(|&p| lane.tiles[p] != 0)
            .count();
        let check = (agg.board as usize == run).then_some((agg.board, agg.letters));
        (bound + self.layout.bingo_bonus, check)
    }

    /// An upper bound on the score of any move from an anchor: the best over every stretch
    /// of the lane around it within its limits that the rack could fill (no square whose
    /// cross-check excludes every rack letter), a bingo counted only where the anagram
    /// look-up allows it.
    pub(super) fn exact(&self, gen: &Generator, anchor: Anchor) -> i32 {
        let n = gen.size;
        let a = anchor.square as usize;
        let (limit, right_limit) = (anchor.left_limit as usize, anchor.right_limit as usize);
        let lane = gen.lane_view(anchor);
        let k = self.k;
        let open = |p: usize| lane.mask[p] & self.playable != 0;
        if lane.tiles[a] == 0 && !open(a) {
            return i32::MIN;
        }
        let add = |mut x: Agg, p: usize| {
            x.add(&lane, &gen.values, self.vmax, p);
            x
        };
        let score = |x: &Agg, floor: i32| -> i32 {
            let s = self.score(x);
            // The anagram look-up only when the bonus could raise the best bound so far.
            if self.takes_rack(x)
                && s + self.layout.bingo_bonus > floor
                && self.bingo.possible(x.board, x.letters)
            {
                s + self.layout.bingo_bonus
            } else {
                s
            }
        };
        let mut best = i32::MIN;
        let mut left = add(Agg::EMPTY, a);
        let mut s = a;
        loop {
            // Extend right from the anchor with this left part.
            let mut whole = left;
            best = best.max(score(&whole, best));
            let mut e = a;
            while e + 1 < n {
                let p = e + 1;
                if lane.tiles[p] == 0 && (p >= right_limit || whole.empties >= k || !open(p)) {
                    break;
                }
                whole = add(whole, p);
                e = p;
                best = best.max(score(&whole, best));
            }
            if s == 0 {
                break;
            }
            let p = s - 1;
            if lane.tiles[p] == 0 && (p < limit || left.empties >= k || !open(p)) {
                break;
            }
            left = add(left, p);
            s = p;
        }
        best
    }
}

/// The most a rack's tiles can add on `empties` squares with `l3` triple and `l2` double
/// letter premiums among them: its best values (`prefix` sums them in descending order) on
/// the best premiums.
fn best_letters(prefix: &[i32], empties: usize, l3: usize, l2: usize) -> i32 {
    let c = empties.min(prefix.len() - 1);
    let c3 = l3.min(c);
    let c23 = (l3 + l2).min(c);
    3 * prefix[c3] + 2 * (prefix[c23] - prefix[c3]) + (prefix[c] - prefix[c23])
}

/// Whether a bingo can spell a word at all, asked of the best-move bound for a stretch that
/// takes the whole rack: with no board tile in it the rack must be an anagram of a word, with
/// board tiles the rack plus their letters must be (order is ignored, so this only ever
/// errs towards "maybe"). Answers for none or one board tile are kept for the call.
struct BingoCheck<'a> {
    g: &'a Gaddag,
    rack: Rack,
    /// Per board letter (0: none): 0 unknown, 1 impossible, 2 possible.
    known: [std::cell::Cell<u8>; 27],
}

impl BingoCheck<'_> {
    /// `letters` packs the stretch's `board` tile letters, 5 bits each (up to 6).
    fn possible(&self, board: u8, letters: u32) -> bool {
        if board > 6 || self.rack.counts[0] > 0 {
            return true;
        }
        let mut counts = self.rack.counts;
        let mut rest = letters;
        for _ in 0..board {
            counts[(rest & 0x1f) as usize] += 1;
            rest >>= 5;
        }
        if board > 1 {
            return self.g.anagram_exists(&counts);
        }
        let cell = &self.known[letters as usize];
        if cell.get() == 0 {
            let ok = self.g.anagram_exists(&counts);
            cell.set(if ok { 2 } else { 1 });
        }
        cell.get() == 2
    }
}
