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
use crate::layout::{Layout, Rack, BLANK_BIT, MAX_SIZE};

/// What the best-move search still has to do to an anchor's quick bound before trusting it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Refine {
    /// Walk it (every stretch open).
    Done,
    /// Walk it skipping the stretches that cannot reach the kept move, by its exact bound's
    /// table of stretches (the search keeps it under this number).
    Stretched(u16),
    /// Rule out the counted bingo bonus with the anagram look-up (board tiles, letters).
    Bingo(u8, u32),
    /// Work out the exact bound over every stretch.
    Exact,
}

/// What a bound knows of the rack, worked out once per call.
pub(super) struct Bounds<'a> {
    layout: &'a Layout,
    /// The rack's tile values in descending order, summed: `prefix[i]` is the best `i`.
    prefix: [i32; MAX_SIZE + 1],
    /// The rack's tile count.
    k: usize,
    /// The rack's best tile value.
    vmax: i32,
    /// Letters the rack can supply (every letter with a blank).
    playable: u32,
    bingo: BingoCheck<'a>,
    /// Per letter, the letters of the same value.
    same_value: [u32; 27],
    /// The shadow bound's empty stretch: the whole rack still to place.
    shadow: Shadow,
    /// The highest level a walk asks `blank_at` for (the rack's blanks, at most
    /// [`BLANK_LEVELS`] - 1): a rack with one blank never asks for a second.
    blank_levels: usize,
}

/// An anchor's quick bound ([`Bounds::reach`]) and what it found on the way.
pub(super) struct Reach {
    /// `i32::MIN`: no rack tile fits the anchor's square, so no move starts from it.
    pub bound: i32,
    /// With the bingo bonus counted, the board letters a bingo would join (count, 5 bits each)
    /// when the anagram look-up could rule it out.
    pub check: Option<(u8, u32)>,
    /// The reach's first square (no move from the anchor starts before it).
    pub start: usize,
    /// Empty squares in the reach.
    pub empties: usize,
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
    /// For a rack of at most [`MAX_SIZE`] tiles; `same_value` as [`Generator`] keeps it.
    pub(super) fn new(
        g: &'a Gaddag,
        layout: &'a Layout,
        values: &[i32; 27],
        same_value: &[u32; 27],
        rack: &Rack,
    ) -> Bounds<'a> {
        let mut sorted = [0i32; MAX_SIZE];
        let mut k = 0;
        for (l, &count) in rack.counts.iter().enumerate() {
            for _ in 0..count {
                sorted[k] = if l == 0 { 0 } else { values[l] };
                k += 1;
            }
        }
        let sorted = &mut sorted[..k];
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let mut prefix = [0i32; MAX_SIZE + 1];
        for (i, v) in sorted.iter().enumerate() {
            prefix[i + 1] = prefix[i] + v;
        }
        let playable = if rack.counts[0] > 0 {
            ALL_LETTERS
        } else {
            rack_bits(rack)
        };
        let mut pool = [0u8; MAX_SIZE];
        for (p, &v) in pool.iter_mut().zip(sorted.iter()) {
            *p = v as u8;
        }
        let shadow = Shadow {
            tiles: 0,
            wm: 1,
            fixed: 0,
            cross: 0,
            empties: 0,
            board: 0,
            letters: 0,
            fixed_blanks: 0,
            blank_only: 0,
            free: 0,
            free_lm: [0; MAX_SIZE],
            free_pw: [0; MAX_SIZE],
            pool,
            pool_len: k as u8,
            counts: rack.counts,
            bits: rack_bits(rack) & !1,
        };
        Bounds {
            blank_levels: (rack.counts[0] as usize).min(BLANK_LEVELS - 1),
            same_value: *same_value,
            shadow,
            layout,
            k,
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
        (x.tiles + best_letters(&self.prefix[..=self.k], x.empties, x.l3, x.l2)) * x.wm + x.cross
    }

    /// Whether the stretch can take the whole rack (then the bingo bonus may count).
    fn takes_rack(&self, x: &Agg) -> bool {
        x.empties.min(self.k) >= self.layout.rack_size
    }

    /// An upper bound on the score of any move from an anchor, taken over its reach (the
    /// squares on either side it could fill with the rack: up to a rack's worth of empty
    /// squares each way, none whose cross-check excludes every rack letter), with the bingo
    /// bonus when the reach can take the whole rack (see [`Reach`] for what else it tells).
    pub(super) fn reach(&self, gen: &Generator, anchor: Anchor) -> Reach {
        let a = anchor.square as usize;
        let lane = gen.lane_view(anchor);
        let k = self.k;
        let open = |p: usize| lane.mask[p] & self.playable != 0;
        if lane.tiles[a] == 0 && !open(a) {
            return Reach {
                bound: i32::MIN,
                check: None,
                start: a,
                empties: 0,
            };
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
        let empties = agg.empties;
        if !self.takes_rack(&agg) {
            return Reach {
                bound,
                check: None,
                start,
                empties,
            };
        }
        // Every move from a hook anchor has no board tile in its lane; every move from a run
        // anchor holds the whole run, and only it when the reach holds no other.
        let run = (start..=a)
            .rev()
            .take_while(|&p| lane.tiles[p] != 0)
            .count();
        let check = (agg.board as usize == run).then_some((agg.board, agg.letters));
        Reach {
            bound: bound + self.layout.bingo_bonus,
            check,
            start,
            empties,
        }
    }

    /// An upper bound on the score of any move from an anchor by shadow play: the best over
    /// every stretch of the lane around it within its limits that could hold a move (at
    /// least two squares, one of them empty, not ending beside a board tile; no more empty
    /// squares than rack tiles; every empty square open to a rack tile), a bingo counted
    /// only where the anagram look-up allows it. In a stretch a square that only one tile
    /// value fits (one rack letter, letters of one value, or only a blank) takes that value
    /// and that tile; the rest of the rack's values go, best first, on the other squares in
    /// order of what a point there is worth (its letter premium times the stretch's word
    /// premiums, plus its perpendicular word's premium when it makes one), so each tile is
    /// counted once however many words it makes.
    ///
    /// Also fills `table` with each stretch's own bounds (see [`Stretches`]), for a walk that
    /// skips the stretches that cannot reach what the search keeps. With `BLANKS`, after the
    /// call without for the same anchor and table, `table.blank_at` instead, for a walk that
    /// keeps only moves scoring `floor` or more (see [`Bounds::shadow_record`]).
    pub(super) fn exact<const BLANKS: bool>(
        &self,
        gen: &Generator,
        anchor: Anchor,
        table: &mut Stretches,
        floor: i32,
    ) -> i32 {
        let n = gen.size;
        let a = anchor.square as usize;
        let (limit, right_limit) = (anchor.left_limit as usize, anchor.right_limit as usize);
        let lane = gen.lane_view(anchor);
        let k = self.k;
        // Only what a walk asks is reset: `upto` before every square, and `from` for the
        // starts it can reach (resetting the whole table took most of this call's time on a
        // crowded 9x9 board).
        // With `BLANKS` the table already holds them (this call follows the one without).
        if BLANKS {
            for level in 1..=self.blank_levels {
                table.blank_at[level] = [i32::MIN; MAX_SIZE];
            }
            table.blank_only = 0;
        } else {
            for b in 0..BLANK_LEVELS {
                table.upto[b] = [i32::MIN; MAX_SIZE];
                table.from[b][a] = [i32::MIN; MAX_SIZE];
            }
        }
        let mut left = self.shadow.clone();
        if !self.shadow_add(&mut left, &lane, &gen.values, a) {
            return i32::MIN;
        }
        // A stretch `s..=e` could hold a move: two squares or more, one empty, and nothing
        // right before or after it (the right side is empty up to the right limit).
        let bounded = |s: usize, e: usize, x: &Shadow| {
            e > s
                && x.empties > 0
                && (s == 0 || lane.tiles[s - 1] == 0)
                && (e + 1 >= n || lane.tiles[e + 1] == 0)
        };
        let mut best = i32::MIN;
        let mut record = |s: usize, e: usize, x: &Shadow, table: &mut Stretches| {
            if !bounded(s, e, x) {
                return;
            }
            // Each stretch's own bounds: the anagram look-up whenever a bingo counts.
            best = best.max(self.shadow_record::<BLANKS>(x, &lane, s, e, table, floor));
        };
        let mut s = a;
        loop {
            // Extend right from the anchor with this left part.
            let mut whole = left.clone();
            record(s, a, &whole, table);
            let mut e = a;
            while e + 1 < n {
                let p = e + 1;
                if lane.tiles[p] == 0 && (p >= right_limit || whole.empties as usize >= k) {
                    break;
                }
                if !self.shadow_add(&mut whole, &lane, &gen.values, p) {
                    break;
                }
                e = p;
                record(s, e, &whole, table);
            }
            if s == 0 {
                break;
            }
            let p = s - 1;
            if lane.tiles[p] == 0 && (p < limit || left.empties as usize >= k) {
                break;
            }
            if !self.shadow_add(&mut left, &lane, &gen.values, p) {
                break;
            }
            s = p;
            if !BLANKS {
                for b in 0..BLANK_LEVELS {
                    table.from[b][s] = [i32::MIN; MAX_SIZE];
                }
            }
        }
        if BLANKS {
            // A square that only a blank fits in some stretch: never cut.
            let mut only = table.blank_only;
            while only != 0 {
                let q = only.trailing_zeros() as usize;
                only &= only - 1;
                for level in 1..=self.blank_levels {
                    table.blank_at[level][q] = i32::MAX;
                }
            }
        } else {
            // From each start, the best over every end at or past each square; leftwards, the
            // best over every start at or before each square.
            for b in 0..BLANK_LEVELS {
                let mut before = i32::MIN;
                for st in s..=a {
                    let row = &mut table.from[b][st];
                    for e in (a..n - 1).rev() {
                        row[e] = row[e].max(row[e + 1]);
                    }
                    before = before.max(row[a]);
                    table.upto[b][st] = before;
                }
            }
        }
        best
    }

    /// Adds square `p` of the lane to a shadow stretch; false when no rack tile left can go
    /// on it (then no stretch holding it holds a move).
    #[inline(always)]
    fn shadow_add(
        &self,
        x: &mut Shadow,
        lane: &LaneView<'_>,
        values: &[i32; 27],
        p: usize,
    ) -> bool {
        let t = lane.tiles[p];
        if t != 0 {
            if t & BLANK_BIT == 0 {
                x.tiles += values[(t & 0x1f) as usize];
            }
            if x.board < 6 {
                x.letters |= ((t & 0x1f) as u32) << (5 * x.board);
            }
            x.board = x.board.saturating_add(1);
            return true;
        }
        let mask = lane.mask[p];
        let real = mask & x.bits;
        // A blank left can stand for any letter the cross-check allows.
        let blank = x.counts[0] > 0 && mask != 0;
        if real == 0 && !blank {
            return false;
        }
        let lm = lane.lm[p] as i32;
        let wm = lane.wm[p] as i32;
        let cs = lane.cross[p];
        let pw = if cs >= 0 { wm } else { 0 };
        if cs >= 0 {
            x.cross += cs * wm;
        }
        x.wm *= wm;
        x.empties += 1;
        // The one tile value this square can take, if there is only one.
        let fixed = if real == 0 {
            x.counts[0] -= 1;
            x.fixed_blanks += 1;
            x.blank_only |= 1 << p;
            Some(0)
        } else if blank {
            None
        } else {
            let l = real.trailing_zeros() as usize;
            if real & (real - 1) == 0 {
                x.counts[l] -= 1;
                if x.counts[l] == 0 {
                    x.bits &= !(1 << l);
                }
                Some(values[l])
            } else if real & !self.same_value[l] == 0 {
                Some(values[l])
            } else {
                None
            }
        };
        match fixed {
            Some(v) => {
                // Take one tile of that value out of the values still to place.
                let len = x.pool_len as usize;
                let Some(i) = x.pool[..len].iter().position(|&w| w as i32 == v) else {
                    return false;
                };
                x.pool.copy_within(i + 1..len, i);
                x.pool_len -= 1;
                x.fixed += v * lm;
                x.cross += v * lm * pw;
            }
            None => {
                let f = x.free as usize;
                x.free_lm[f] = lm as u8;
                x.free_pw[f] = pw as u8;
                x.free += 1;
            }
        }
        true
    }

    /// Records stretch `s..=e`'s bounds in `table` (without `BLANKS`) and answers its bound
    /// for any move: `from[b][s][e]` for moves holding at least 0, 1 and 2 blanks, the
    /// anagram look-up for a bingo always asked (a move's blanks beyond the squares only a
    /// blank fits are on free squares, each taking the place of one of the values the bound
    /// put on them: the least, on the least valuable square).
    ///
    /// With `BLANKS`, also what the stretch allows a move with one of its blanks on each of
    /// its squares, kept in `blank_at` as the best over the anchor's stretches that can reach
    /// `floor`. A blank on a free square worth more than the least the bound counted costs at
    /// least the difference times the least value counted: with the real tiles on the other
    /// free squares, the bound's pairing of the best values with the best squares (`worth`,
    /// then the pool, both best first) loses, from that square's rank `j` on to the last term
    /// counted `m - 1`, `(worth[k] - worth[k + 1]) * pool[k]` each, which sum to at least
    /// `(worth[j] - worth[m]) * pool[m - 1]`. A square that only one tile value fits takes no
    /// blank in this stretch, so any bound holds for it; one that only a blank fits is never
    /// cut.
    #[inline(always)]
    fn shadow_record<const BLANKS: bool>(
        &self,
        x: &Shadow,
        lane: &LaneView<'_>,
        s: usize,
        e: usize,
        table: &mut Stretches,
        floor: i32,
    ) -> i32 {
        let f = x.free as usize;
        let (placed, terms, worth) = x.placed();
        let bingo =
            x.empties as usize == self.layout.rack_size && self.bingo.possible(x.board, x.letters);
        let base = x.fixed_part() + if bingo { self.layout.bingo_bonus } else { 0 };
        let mut any = i32::MIN;
        for level in 0..BLANK_LEVELS {
            let on_free = level.saturating_sub(x.fixed_blanks as usize);
            if on_free > f {
                break;
            }
            // A move with `on_free` blanks on free squares keeps the first `f - on_free` terms.
            let bound = base + placed[terms.min(f - on_free)];
            if !BLANKS {
                table.from[level][s][e] = bound;
            }
            if level == 0 {
                any = bound;
            } else if BLANKS && level <= self.blank_levels && bound >= floor {
                table.blank_only |= x.blank_only;
                if f > 0 {
                    let (p, w) = (&placed, &worth);
                    self.blank_record(x, lane, s, e, base, p, w, on_free, floor, level, table);
                }
            }
        }
        any
    }

    /// `blank_at` at `level` for stretch `s..=e` (see [`Bounds::shadow_record`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn blank_record(
        &self,
        x: &Shadow,
        lane: &LaneView<'_>,
        s: usize,
        e: usize,
        base: i32,
        placed: &[i32; MAX_SIZE + 1],
        worth: &[i32; MAX_SIZE],
        on_free: usize,
        floor: i32,
        level: usize,
        table: &mut Stretches,
    ) {
        let pool = &x.pool[..x.pool_len as usize];
        // The pool is best first: its blanks (0) last.
        let real = pool.iter().take_while(|&&v| v > 0).count();
        // One of the blanks on a free square: the real tiles on at most `m` of the others.
        let m = (x.free as usize - on_free.max(1)).min(real);
        let kept = base + placed[m];
        if kept < floor {
            return;
        }
        let (least_worth, least_value) = if m == 0 {
            (0, 0)
        } else {
            (worth[m], pool[m - 1] as i32)
        };
        for (q, at) in (s..=e).zip(&mut table.blank_at[level][s..=e]) {
            if lane.tiles[q] != 0 {
                continue;
            }
            let pw = if lane.cross[q] >= 0 {
                lane.wm[q] as i32
            } else {
                0
            };
            let w = lane.lm[q] as i32 * (x.wm + pw);
            *at = (*at).max(kept - (w - least_worth).max(0) * least_value);
        }
    }
}

/// Per stretch of an anchor's lane, the bound on its moves ([`Bounds::exact`]), summed so that
/// a walk asks one number before going on: `from[b][s][e]` bounds every move that starts on
/// square `s`, ends on `e` or past it and holds at least `b` blanks, `upto[b][p]` every move
/// that starts on `p` or before it and holds at least `b` blanks (`i32::MIN`: no move there).
/// A walk asks with the blanks it has placed so far (up to [`BLANK_LEVELS`] - 1): a blank
/// scores nothing, so once one is down the stretch's best values cannot all be (with three
/// blanks on a crowded 9x9 board, the walk that checked a tie took 49 of the search's 57 µs
/// without the levels). `blank_at[b][p]` bounds every move that holds at least `b` blanks, one
/// of them on square `p`: a walk asks it before it puts a blank there, since a blank on a
/// square worth more than the ones the level's bound leaves to blanks cannot reach that bound.
/// Only the entries a walk from the anchor can ask are kept: `from[b][s]` for the starts `upto`
/// lets it reach, at the squares past the anchor.
pub(super) struct Stretches {
    pub from: [[[i32; MAX_SIZE]; MAX_SIZE]; BLANK_LEVELS],
    pub upto: [[i32; MAX_SIZE]; BLANK_LEVELS],
    pub blank_at: [[i32; MAX_SIZE]; BLANK_LEVELS],
    /// Squares that only a blank fits in some stretch (bit `p`: square `p`).
    blank_only: u16,
}

/// The blanks a walk tells [`Stretches`] it has placed: none, one, two or more.
pub(super) const BLANK_LEVELS: usize = 3;

impl Stretches {
    pub const CLOSED: Stretches = Stretches {
        from: [[[i32::MIN; MAX_SIZE]; MAX_SIZE]; BLANK_LEVELS],
        upto: [[i32::MIN; MAX_SIZE]; BLANK_LEVELS],
        blank_at: [[i32::MIN; MAX_SIZE]; BLANK_LEVELS],
        blank_only: 0,
    };
    /// What a walk that skips nothing asks.
    pub const OPEN: Stretches = Stretches {
        from: [[[i32::MAX; MAX_SIZE]; MAX_SIZE]; BLANK_LEVELS],
        upto: [[i32::MAX; MAX_SIZE]; BLANK_LEVELS],
        blank_at: [[i32::MAX; MAX_SIZE]; BLANK_LEVELS],
        blank_only: 0,
    };
}

/// A stretch of a lane for the shadow bound ([`Bounds::exact`]): what is fixed so far, the
/// squares still open to any rack tile, and the rack tiles left for them.
#[derive(Clone)]
struct Shadow {
    /// Face value of the board tiles in the stretch.
    tiles: i32,
    /// Product of the word premiums of its empty squares.
    wm: i32,
    /// Tiles of a fixed value, times their letter premium (the main word's part).
    fixed: i32,
    /// Perpendicular words: their board part and any fixed tile, times their word premium.
    cross: i32,
    empties: u8,
    /// Board tiles in the stretch, and their letters (5 bits each, the first six).
    board: u8,
    letters: u32,
    /// Squares only a blank can take, and where they are in the lane (bit `p`: square `p`).
    fixed_blanks: u8,
    blank_only: u16,
    /// Squares open to more than one tile value: letter premium and perpendicular word
    /// premium (0: no perpendicular word).
    free: u8,
    free_lm: [u8; MAX_SIZE],
    free_pw: [u8; MAX_SIZE],
    /// Values of the rack tiles not on a fixed square, best first.
    pool: [u8; MAX_SIZE],
    pool_len: u8,
    /// Rack letters not on a fixed square (bit 0: a blank is left).
    counts: [u8; 27],
    bits: u32,
}

impl Shadow {
    /// What the stretch's board tiles, fixed tiles and perpendicular words score.
    #[inline(always)]
    fn fixed_part(&self) -> i32 {
        (self.tiles + self.fixed) * self.wm + self.cross
    }

    /// The greedy part of the bound: the values still to place, best first, on the free
    /// squares in order of what a point there is worth (its letter premium times the
    /// stretch's word premiums, plus its perpendicular word's premium), summed term by term:
    /// `placed[i]` is the first `i` terms, of `terms` in all; `worth` the free squares' worth,
    /// most first.
    #[inline(always)]
    fn placed(&self) -> ([i32; MAX_SIZE + 1], usize, [i32; MAX_SIZE]) {
        let f = self.free as usize;
        let mut worth = [0i32; MAX_SIZE];
        for j in 0..f {
            let v = self.free_lm[j] as i32 * (self.wm + self.free_pw[j] as i32);
            // Insertion into the sorted prefix, most valuable square first.
            let mut i = j;
            while i > 0 && worth[i - 1] < v {
                worth[i] = worth[i - 1];
                i -= 1;
            }
            worth[i] = v;
        }
        let pool = &self.pool[..self.pool_len as usize];
        let terms = f.min(pool.len());
        let mut placed = [0i32; MAX_SIZE + 1];
        for i in 0..terms {
            placed[i + 1] = placed[i] + worth[i] * pool[i] as i32;
        }
        (placed, terms, worth)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{gaddag_for, layout_of, position_of, Move};
    use wordclub_engine::{Cgp, RuleSet};
    use wordclub_lexicon::WordList;

    /// Every kept position (`tests/positions`): its name and CGP.
    fn kept_positions() -> Vec<(String, String)> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/positions");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            out.push((name, text.trim().to_string()));
        }
        out.sort();
        out
    }

    /// The blanks a move holds and the squares (along its lane) they are on.
    fn blanks_of(m: &Move) -> Vec<usize> {
        let first = if m.down { m.row } else { m.col } as usize;
        (0..m.len as usize)
            .filter(|&i| m.tiles[i] & BLANK_BIT != 0)
            .map(|i| first + i)
            .collect()
    }

    #[test]
    fn no_move_from_an_anchor_beats_its_bound_for_a_blank_where_it_put_one() {
        let (mut moves_checked, mut cut) = (0usize, 0usize);
        for (name, text) in kept_positions() {
            let cgp = Cgp::parse(&text).unwrap();
            let rules = RuleSet::builtin(cgp.opcode("rules").unwrap()).unwrap();
            let list = WordList::builtin(cgp.opcode("lex").unwrap_or(&rules.default_list)).unwrap();
            let layout = layout_of(&rules).unwrap();
            let pos = position_of(&text, &rules).unwrap();
            let dealt = pos.rack.unwrap();
            let g = gaddag_for(list);
            // The rack as dealt, then with its first one or two letters turned into blanks.
            for extra in 0..=2u8 {
                let mut rack = dealt;
                let mut left = extra;
                for l in 1..27 {
                    while left > 0 && rack.counts[l] > 0 {
                        rack.counts[l] -= 1;
                        rack.counts[0] += 1;
                        left -= 1;
                    }
                }
                if rack.counts[0] == 0 || rack.len() <= 2 {
                    continue;
                }
                let mut gen = Generator::new();
                let any = gen.prepare(&g, &layout, &pos.grid);
                gen.anchors(&layout, any);
                let bounds = Bounds::new(&g, &layout, &gen.values, &gen.same_value, &rack);
                let mut table = Stretches::CLOSED;
                for i in 0..gen.anchor_buf.len() {
                    let anchor = gen.anchor_buf[i];
                    if bounds.exact::<false>(&gen, anchor, &mut table, 0) == i32::MIN {
                        continue;
                    }
                    bounds.exact::<true>(&gen, anchor, &mut table, i32::MIN);
                    let mut moves: Vec<Move> = Vec::new();
                    gen.walk_anchor::<_, false, false>(
                        &g,
                        &layout,
                        &rack,
                        anchor,
                        &Stretches::OPEN,
                        &mut moves,
                    );
                    for m in &moves {
                        let on = blanks_of(m);
                        let level = on.len().min(BLANK_LEVELS - 1);
                        for &q in &on {
                            assert!(
                                m.score <= table.blank_at[level][q],
                                "{name} (+{extra} blanks): {} scores {} over the bound {} for \
                                 a blank on square {q} of its lane",
                                m.notation(),
                                m.score,
                                table.blank_at[level][q]
                            );
                        }
                        moves_checked += 1;
                    }
                    // How often the bound for a blank is below the level's own bound for
                    // some square the anchor's moves could put one on.
                    for (level, row) in table.blank_at.iter().enumerate().skip(1) {
                        let most = table.upto[level][anchor.square as usize];
                        cut += row.iter().filter(|&&b| b > i32::MIN && b < most).count();
                    }
                }
            }
        }
        assert!(moves_checked > 100_000, "{moves_checked} moves checked");
        assert!(
            cut > 0,
            "the bound for a blank is never tighter than its level's"
        );
    }
}
