//! The move generator: GADDAG walks from anchor squares over a compact board.
//!
//! Both directions run the same code over "lanes": across, lane `r` is row `r`; down, lane
//! `c` is column `c` (the board is kept transposed in scratch arrays). Each empty square has
//! a cross-check (the letters whose perpendicular word is in the list, as a 27-bit mask) and
//! the perpendicular word's face-value sum; a generator keeps them between calls and works
//! out again only the lines whose crossing tiles changed.
//!
//! Every move is found from exactly one anchor (see [`Anchor`]): a move that contains board
//! tiles of its lane from the rightmost run of them it contains, a move that has none from
//! the leftmost of its squares that touch a perpendicular tile.
//! A single placed tile is reported across when its across word has 2+ letters, otherwise
//! down; on an empty board only across openings through the star are generated.

use crate::gaddag::{Arc, Gaddag, SEPARATOR};
use crate::layout::{Grid, Layout, Rack, BLANK_BIT, MAX_SIZE};
use crate::moves::Move;

const ALL_LETTERS: u32 = ((1u32 << 27) - 1) & !1;
const SQUARES: usize = MAX_SIZE * MAX_SIZE;
const WORD_BUF: usize = 2 * MAX_SIZE + 2;

/// What a sink is told about each generated move.
pub struct Found<'a> {
    pub lane: usize,
    pub down: bool,
    /// First square of the word along the lane.
    pub start: usize,
    /// Tiles along the word: 0 for board tiles, else placed codes.
    pub tiles: &'a [u8],
    pub score: i32,
    /// The rack left after this move.
    pub leave: &'a Rack,
    /// `tiles` packed little-endian into the low bytes (the rest zero), so a move is built
    /// with fixed-size copies rather than a copy of variable length per move.
    packed: u128,
}

impl Found<'_> {
    /// The move as a value.
    #[inline]
    pub fn to_move(&self) -> Move {
        let mut tiles = [0u8; MAX_SIZE];
        tiles.copy_from_slice(&self.packed.to_le_bytes()[..MAX_SIZE]);
        let (row, col) = if self.down {
            (self.start, self.lane)
        } else {
            (self.lane, self.start)
        };
        Move {
            row: row as u8,
            col: col as u8,
            down: self.down,
            len: self.tiles.len() as u8,
            tiles,
            score: self.score,
        }
    }
}

/// Receives every generated move.
pub trait Sink {
    fn found(&mut self, found: &Found<'_>);
}

/// Collects every move.
impl Sink for Vec<Move> {
    #[inline]
    fn found(&mut self, found: &Found<'_>) {
        self.push(found.to_move());
    }
}

/// Keeps the best-scoring move (ties: the first in list order).
#[derive(Default)]
pub struct BestScore {
    pub best: Option<Move>,
}

impl Sink for BestScore {
    #[inline]
    fn found(&mut self, found: &Found<'_>) {
        match &self.best {
            Some(b) if b.score > found.score => {}
            Some(b) if b.score == found.score => {
                let m = found.to_move();
                if Move::list_order(&m, b).is_lt() {
                    self.best = Some(m);
                }
            }
            _ => self.best = Some(found.to_move()),
        }
    }
}

/// Counts moves without storing them.
#[derive(Default)]
pub struct Count(pub usize);

impl Sink for Count {
    #[inline]
    fn found(&mut self, _: &Found<'_>) {
        self.0 += 1;
    }
}

fn rack_bits(rack: &Rack) -> u32 {
    let mut bits = 0;
    for (l, &n) in rack.counts.iter().enumerate() {
        if n > 0 {
            bits |= 1 << l;
        }
    }
    bits
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

/// One lane's squares in the generator's arrays: tiles, cross-check masks, cross sums and
/// premiums, indexed by position along the lane.
#[derive(Clone, Copy)]
struct LaneView<'a> {
    tiles: &'a [u8],
    mask: &'a [u32],
    cross: &'a [i32],
    lm: &'a [u8],
    wm: &'a [u8],
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

/// What the best-move search still has to do to an anchor's quick bound before trusting it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Refine {
    Done,
    /// Rule out the counted bingo bonus with the anagram look-up (board tiles, letters).
    Bingo(u8, u32),
    /// Work out the exact bound over every stretch.
    Exact,
}

/// Scratch space for generation; keep one per thread and reuse it.
pub struct Generator {
    /// Per direction (0 across, 1 down): tiles by lane, cross-check masks, cross sums (-1:
    /// no perpendicular word), letter and word multipliers.
    tiles: [[u8; SQUARES]; 2],
    mask: [[u32; SQUARES]; 2],
    cross: [[i32; SQUARES]; 2],
    lm: [[u8; SQUARES]; 2],
    wm: [[u8; SQUARES]; 2],
    values: [i32; 27],
    size: usize,
    premiums_for: Option<(Vec<u8>, Vec<u8>)>,
    /// What the cross-checks in `mask` and `cross` were worked out with, beside the board in
    /// `tiles`: the graph's id, the board size and the tile values.
    checks_for: Option<(u64, usize, [i32; 27])>,
    anchor_buf: Vec<Anchor>,
}

/// Where a walk starts, and the stretch of its lane it may place tiles on.
///
/// A *run anchor* is the last tile of a run of board tiles: its walk follows the run
/// backwards from the GADDAG's root before it places anything, so the run constrains every
/// letter tried (starting beside the run instead would try every rack prefix before meeting
/// it). It finds the moves whose rightmost run along the lane is this one, so it may not
/// place on the square just before the next run. A *hook anchor* is an empty square, not
/// next to a run along its lane, with a tile beside it in the perpendicular lane: it finds
/// the moves with no board tile in their lane whose leftmost hook it is, so its stretch
/// stops after the previous hook and before any square next to a run.
#[derive(Clone, Copy, Debug)]
struct Anchor {
    dir: u8,
    lane: u8,
    /// The hook square, or the last tile of the run.
    square: u8,
    /// Tiles may be placed on empty squares in `left_limit..right_limit` only.
    left_limit: u8,
    right_limit: u8,
}

impl Default for Generator {
    fn default() -> Self {
        Self::new()
    }
}

struct Walk<'a, S: Sink> {
    g: &'a Gaddag,
    tiles: &'a [u8],
    mask: &'a [u32],
    cross: &'a [i32],
    lm: &'a [u8],
    wm: &'a [u8],
    values: &'a [i32; 27],
    lane: usize,
    down: bool,
    anchor: usize,
    left_limit: usize,
    right_limit: usize,
    rack: Rack,
    rack_left: u32,
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

impl<S: Sink> Walk<'_, S> {
    #[inline(always)]
    fn record(&mut self, start: usize, end: usize, main: i32, wmul: i32, cross: i32) {
        if end == start {
            return;
        }
        if self.down && self.placed == 1 {
            // A single tile with an across word was already listed across.
            let single = (start..=end).find(|&p| self.word[p] != 0).unwrap_or(start);
            if self.cross[single] >= 0 {
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
        let t = self.tiles[pos];
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
        let mask = self.mask[pos] & self.playable();
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
        let lm = self.lm[pos] as i32;
        let wm = self.wm[pos] as i32;
        let cs = self.cross[pos];
        while avail != 0 {
            let l = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            let arc = self.g.arc_unchecked_label(node, labels, l as u32);
            if self.rack.counts[l] > 0 {
                let v = self.values[l] * lm;
                let c = if cs >= 0 { (cs + v) * wm } else { 0 };
                self.take(l);
                self.word[pos] = l as u8;
                self.left_next(pos, arc, main + v, wmul * wm, cross + c);
                self.give(l);
            }
            if self.rack.counts[0] > 0 {
                let c = if cs >= 0 { cs * wm } else { 0 };
                self.take(0);
                self.word[pos] = l as u8 | BLANK_BIT;
                self.left_next(pos, arc, main, wmul * wm, cross + c);
                self.give(0);
            }
        }
    }

    /// Letters the rack can still supply, as a mask (every letter while a blank is left).
    #[inline(always)]
    fn playable(&self) -> u32 {
        if self.rack.counts[0] > 0 {
            ALL_LETTERS
        } else {
            self.rack_bits
        }
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
        let open_left = pos == 0 || self.tiles[pos - 1] == 0;
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
            if self.tiles[p] != 0 || (p >= self.left_limit && self.rack_left > 0) {
                self.left(p, next, main, wmul, cross);
            }
        }
        if open_left && self.anchor + 1 < self.right_limit && self.rack_left > 0 {
            if let Some(sep) = self.g.child(next, SEPARATOR) {
                self.right(self.anchor + 1, sep.target(), pos, main, wmul, cross);
            }
        }
    }

    /// Visit the empty square `pos` (right of the anchor, before the right limit, so every
    /// square from the anchor to here is empty) coming from `node`; the word starts at `start`.
    fn right(&mut self, pos: usize, node: u32, start: usize, main: i32, wmul: i32, cross: i32) {
        debug_assert!(self.tiles[pos] == 0 && pos < self.right_limit);
        let mask = self.mask[pos] & self.playable();
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
        let lm = self.lm[pos] as i32;
        let wm = self.wm[pos] as i32;
        let cs = self.cross[pos];
        while avail != 0 {
            let l = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            let arc = self.g.arc_unchecked_label(node, labels, l as u32);
            if self.rack.counts[l] > 0 {
                let v = self.values[l] * lm;
                let c = if cs >= 0 { (cs + v) * wm } else { 0 };
                self.take(l);
                self.word[pos] = l as u8;
                self.right_next(pos, arc, start, main + v, wmul * wm, cross + c);
                self.give(l);
            }
            if self.rack.counts[0] > 0 {
                let c = if cs >= 0 { cs * wm } else { 0 };
                self.take(0);
                self.word[pos] = l as u8 | BLANK_BIT;
                self.right_next(pos, arc, start, main, wmul * wm, cross + c);
                self.give(0);
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
        if next != 0 && pos + 1 < self.right_limit && self.rack_left > 0 {
            self.right(pos + 1, next, start, main, wmul, cross);
        }
    }
}

impl Generator {
    pub fn new() -> Generator {
        Generator {
            tiles: [[0; SQUARES]; 2],
            mask: [[0; SQUARES]; 2],
            cross: [[-1; SQUARES]; 2],
            lm: [[1; SQUARES]; 2],
            wm: [[1; SQUARES]; 2],
            values: [0; 27],
            size: 0,
            premiums_for: None,
            checks_for: None,
            anchor_buf: Vec::with_capacity(2 * SQUARES),
        }
    }

    /// Loads the layout's premiums and values (skipped when unchanged since the last call).
    fn load_layout(&mut self, layout: &Layout) {
        let same = matches!(&self.premiums_for, Some((l, w)) if *l == layout.letter_mult && *w == layout.word_mult)
            && self.size == layout.size;
        for (v, &x) in self.values.iter_mut().zip(layout.values.iter()) {
            *v = x as i32;
        }
        self.values[0] = 0;
        if same {
            return;
        }
        let n = layout.size;
        self.size = n;
        for r in 0..n {
            for c in 0..n {
                let i = r * n + c;
                self.lm[0][i] = layout.letter_mult[i];
                self.wm[0][i] = layout.word_mult[i];
                self.lm[1][c * n + r] = layout.letter_mult[i];
                self.wm[1][c * n + r] = layout.word_mult[i];
            }
        }
        self.premiums_for = Some((layout.letter_mult.clone(), layout.word_mult.clone()));
    }

    /// Cross-check mask and perpendicular face sum for an empty square at `pos` of lane
    /// `lane` in direction `dir`, looking along the perpendicular lanes `perp` (the other
    /// direction's tiles, where this square is at lane `pos`, position `lane`).
    fn cross_check(&self, g: &Gaddag, dir: usize, lane: usize, pos: usize) -> (u32, i32) {
        let n = self.size;
        let perp = &self.tiles[1 - dir][pos * n..pos * n + n];
        let at = lane;
        let mut before = at;
        while before > 0 && perp[before - 1] != 0 {
            before -= 1;
        }
        let mut after = at;
        while after + 1 < n && perp[after + 1] != 0 {
            after += 1;
        }
        if before == at && after == at {
            return (ALL_LETTERS, -1);
        }
        let mut sum = 0;
        for p in (before..at).chain(at + 1..=after) {
            let t = perp[p];
            if t & BLANK_BIT == 0 {
                sum += self.values[(t & 0x1f) as usize];
            }
        }
        let mut mask = 0u32;
        if before < at {
            // Follow reverse(prefix), the separator, then each letter and the suffix.
            let mut node = g.root();
            for p in (before..at).rev() {
                match g.child(node, perp[p] & 0x1f) {
                    Some(arc) => node = arc.target(),
                    None => return (0, sum),
                }
            }
            let Some(sep) = g.child(node, SEPARATOR) else {
                return (0, sum);
            };
            for arc in g.arcs(sep.target()) {
                let l = arc.label();
                if l == SEPARATOR {
                    continue;
                }
                let mut ok = arc.accepts() && after == at;
                if after > at {
                    let mut a = arc;
                    ok = true;
                    for &t in &perp[at + 1..=after] {
                        match g.child(a.target(), t & 0x1f) {
                            Some(next) => a = next,
                            None => {
                                ok = false;
                                break;
                            }
                        }
                    }
                    ok = ok && a.accepts();
                }
                if ok {
                    mask |= 1 << l;
                }
            }
        } else {
            // Only a suffix: follow reverse(suffix), then each letter must end the word.
            let mut node = g.root();
            for p in (at + 1..=after).rev() {
                match g.child(node, perp[p] & 0x1f) {
                    Some(arc) => node = arc.target(),
                    None => return (0, sum),
                }
            }
            for arc in g.arcs(node) {
                if arc.label() != SEPARATOR && arc.accepts() {
                    mask |= 1 << arc.label();
                }
            }
        }
        (mask, sum)
    }

    /// Loads the position: tiles in both lane orders and the cross-checks. Returns whether
    /// the board has any tile.
    ///
    /// The cross-checks of the previous call are kept and only those that can have changed
    /// are worked out again: an across cross-check depends only on the tiles of its column,
    /// a down one only on those of its row (a game's next position changes one line and the
    /// lines it crosses).
    fn prepare(&mut self, g: &Gaddag, layout: &Layout, grid: &Grid) -> bool {
        let n = layout.size;
        debug_assert_eq!(grid.size, n);
        self.load_layout(layout);
        let key = (g.id(), n, self.values);
        let fresh = self.checks_for != Some(key);
        let (mut rows, mut cols) = (0u32, 0u32);
        let mut any = false;
        for r in 0..n {
            for c in 0..n {
                let t = grid.cells[r * n + c];
                any |= t != 0;
                if fresh || self.tiles[0][r * n + c] != t {
                    self.tiles[0][r * n + c] = t;
                    self.tiles[1][c * n + r] = t;
                    rows |= 1 << r;
                    cols |= 1 << c;
                }
            }
        }
        for dir in 0..2 {
            // Across (dir 0), square (lane r, pos c) depends on column c; down, on row c.
            let dirty = if dir == 0 { cols } else { rows };
            if dirty == 0 {
                continue;
            }
            for lane in 0..n {
                for pos in 0..n {
                    let i = lane * n + pos;
                    if dirty & (1 << pos) == 0 || self.tiles[dir][i] != 0 {
                        continue;
                    }
                    let (m, s) = if any {
                        self.cross_check(g, dir, lane, pos)
                    } else {
                        (ALL_LETTERS, -1)
                    };
                    self.mask[dir][i] = m;
                    self.cross[dir][i] = s;
                }
            }
        }
        self.checks_for = Some(key);
        any
    }

    /// Drops the kept cross-checks, so the next call works out all of them again (for
    /// measuring the cost of a board the generator has not seen).
    pub fn forget_board(&mut self) {
        self.checks_for = None;
    }

    /// Every anchor (see [`Anchor`]), lane by lane.
    fn anchors(&mut self, layout: &Layout, any: bool) {
        let n = layout.size;
        self.anchor_buf.clear();
        if !any {
            let (sr, sc) = layout.star;
            let star = |dir, lane, square| Anchor {
                dir,
                lane: lane as u8,
                square: square as u8,
                left_limit: 0,
                right_limit: n as u8,
            };
            self.anchor_buf.push(star(0, sr, sc));
            if !layout.is_diagonal_symmetric() {
                self.anchor_buf.push(star(1, sc, sr));
            }
            return;
        }
        for dir in 0..2 {
            let perp = &self.tiles[1 - dir];
            for lane in 0..n {
                let base = lane * n;
                let tiles = &self.tiles[dir][base..base + n];
                let mask = &self.mask[dir][base..base + n];
                let anchor = |square: usize, left_limit: usize, right_limit: usize| Anchor {
                    dir: dir as u8,
                    lane: lane as u8,
                    square: square as u8,
                    left_limit: left_limit as u8,
                    right_limit: right_limit as u8,
                };
                // The lane alternates gaps of empty squares and runs of tiles.
                let mut pos = 0;
                let mut run_before: Option<usize> = None;
                loop {
                    let gap_start = pos;
                    while pos < n && tiles[pos] == 0 {
                        pos += 1;
                    }
                    // Squares before `reach` are clear of the next run (not beside it).
                    let reach = if pos < n { pos.saturating_sub(1) } else { n };
                    if let Some(end) = run_before {
                        self.anchor_buf.push(anchor(end, 0, reach));
                    }
                    let first = gap_start + run_before.is_some() as usize;
                    let mut limit = first;
                    for p in first..reach {
                        let hook = (lane > 0 && perp[p * n + lane - 1] != 0)
                            || (lane + 1 < n && perp[p * n + lane + 1] != 0);
                        if hook {
                            // A hook no letter fits still bounds the next one's stretch.
                            if mask[p] != 0 {
                                self.anchor_buf.push(anchor(p, limit, reach));
                            }
                            limit = p + 1;
                        }
                    }
                    if pos == n {
                        break;
                    }
                    while pos < n && tiles[pos] != 0 {
                        pos += 1;
                    }
                    run_before = Some(pos - 1);
                }
            }
        }
    }

    /// The lane an anchor is in.
    fn lane_view(&self, n: usize, anchor: Anchor) -> LaneView<'_> {
        let dir = anchor.dir as usize;
        let lane = anchor.lane as usize * n..anchor.lane as usize * n + n;
        LaneView {
            tiles: &self.tiles[dir][lane.clone()],
            mask: &self.mask[dir][lane.clone()],
            cross: &self.cross[dir][lane.clone()],
            lm: &self.lm[dir][lane.clone()],
            wm: &self.wm[dir][lane],
        }
    }

    fn walk_anchor<S: Sink>(
        &self,
        g: &Gaddag,
        layout: &Layout,
        rack: &Rack,
        anchor: Anchor,
        sink: &mut S,
    ) {
        let n = layout.size;
        let (lane, pos) = (anchor.lane as usize, anchor.square as usize);
        let view = self.lane_view(n, anchor);
        let mut walk = Walk {
            g,
            tiles: view.tiles,
            mask: view.mask,
            cross: view.cross,
            lm: view.lm,
            wm: view.wm,
            values: &self.values,
            lane,
            down: anchor.dir == 1,
            anchor: pos,
            left_limit: anchor.left_limit as usize,
            right_limit: anchor.right_limit as usize,
            rack: *rack,
            rack_left: rack.len() as u32,
            rack_bits: rack_bits(rack),
            placed: 0,
            rack_size: layout.rack_size as u32,
            bingo: layout.bingo_bonus,
            word: [0; WORD_BUF],
            sink,
        };
        walk.left(pos, g.root(), 0, 1, 0);
    }

    /// Feeds every legal placement of `rack` on `grid` to `sink`.
    pub fn generate<S: Sink>(
        &mut self,
        g: &Gaddag,
        layout: &Layout,
        grid: &Grid,
        rack: &Rack,
        sink: &mut S,
    ) {
        if rack.is_empty() {
            return;
        }
        let any = self.prepare(g, layout, grid);
        self.anchors(layout, any);
        for i in 0..self.anchor_buf.len() {
            let a = self.anchor_buf[i];
            self.walk_anchor(g, layout, rack, a, sink);
        }
    }

    /// Like [`Generator::generate`] for a best-score search: anchors are visited in order of
    /// an upper bound on any move from them, and the search stops once no remaining
    /// anchor can reach the best score found (ties still visited, so the notation
    /// tie-break is exact).
    pub fn generate_best(
        &mut self,
        g: &Gaddag,
        layout: &Layout,
        grid: &Grid,
        rack: &Rack,
        best: &mut BestScore,
    ) {
        if rack.is_empty() {
            return;
        }
        let any = self.prepare(g, layout, grid);
        self.anchors(layout, any);
        let mut values: Vec<i32> = Vec::with_capacity(rack.len());
        for (l, &k) in rack.counts.iter().enumerate() {
            for _ in 0..k {
                values.push(if l == 0 { 0 } else { self.values[l] });
            }
        }
        values.sort_unstable_by(|a, b| b.cmp(a));
        let mut prefix = vec![0i32; values.len() + 1];
        for (i, v) in values.iter().enumerate() {
            prefix[i + 1] = prefix[i] + v;
        }
        let playable = if rack.counts[0] > 0 {
            ALL_LETTERS
        } else {
            rack_bits(rack)
        };
        let bingo = BingoCheck {
            g,
            rack: *rack,
            known: Default::default(),
        };
        // Anchors come off a heap by bound, first the quick one over each anchor's reach.
        // When an anchor reaches the front its bound is refined once and it goes back on the
        // heap: the anagram look-up (a hash probe) rules out a counted bingo bonus, and with
        // two blanks on the rack, whose walks are long, the exact bound over each stretch pays
        // (measured: with one blank or none it costs more than the walks it saves).
        let exact = rack.counts[0] > 1;
        let mut heap: std::collections::BinaryHeap<(i32, std::cmp::Reverse<usize>, Refine)> = (0
            ..self.anchor_buf.len())
            .map(|i| {
                let (bound, check) =
                    self.reach_bound(layout, self.anchor_buf[i], &prefix, playable);
                let refine = match (exact, check) {
                    (true, _) => Refine::Exact,
                    (false, Some((board, letters))) => Refine::Bingo(board, letters),
                    (false, None) => Refine::Done,
                };
                (bound, std::cmp::Reverse(i), refine)
            })
            .collect();
        while let Some((bound, std::cmp::Reverse(i), refine)) = heap.pop() {
            if best.best.as_ref().is_some_and(|b| bound < b.score) {
                break;
            }
            let anchor = self.anchor_buf[i];
            let refined = match refine {
                Refine::Done => None,
                Refine::Bingo(board, letters) => {
                    (!bingo.possible(board, letters)).then_some(bound - layout.bingo_bonus)
                }
                Refine::Exact => Some(self.anchor_bound(layout, anchor, &prefix, playable, &bingo)),
            };
            match refined {
                Some(lower) => heap.push((lower, std::cmp::Reverse(i), Refine::Done)),
                None => self.walk_anchor(g, layout, rack, anchor, best),
            }
        }
    }

    /// An upper bound on the score of any move from an anchor, taken over its reach (the
    /// squares on either side it could fill with the rack: up to a rack's worth of empty
    /// squares each way, none whose cross-check excludes every rack letter): the best rack
    /// values on the best letter premiums, every word premium, the board tiles, every
    /// perpendicular word at its best, and the bingo bonus when the reach can take the whole
    /// rack. With the bonus counted, also returns the board letters a bingo would join
    /// (count, 5 bits each) when the anagram look-up could rule it out, for the caller.
    fn reach_bound(
        &self,
        layout: &Layout,
        anchor: Anchor,
        prefix: &[i32],
        playable: u32,
    ) -> (i32, Option<(u8, u32)>) {
        let n = layout.size;
        let a = anchor.square as usize;
        let LaneView {
            tiles,
            mask,
            cross,
            lm,
            wm,
        } = self.lane_view(n, anchor);
        let k = prefix.len() - 1;
        let vmax = prefix[1] - prefix[0];
        let open = |p: usize| mask[p] & playable != 0;
        if tiles[a] == 0 && !open(a) {
            return (i32::MIN, None);
        }
        // The reach: up to `k` empty squares on each side of the anchor (counting it).
        let anchor_empty = (tiles[a] == 0) as usize;
        let mut start = a;
        let mut empties = anchor_empty;
        while start > 0 {
            let p = start - 1;
            if tiles[p] == 0 {
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
        let (mut face, mut board, mut letters) = (0, 0u8, 0u32);
        let (mut empties, mut l3, mut l2, mut wmul, mut cross_sum) = (0, 0, 0, 1, 0);
        for p in start..=end {
            let t = tiles[p];
            if t != 0 {
                if t & BLANK_BIT == 0 {
                    face += self.values[(t & 0x1f) as usize];
                }
                if board < 6 {
                    letters |= ((t & 0x1f) as u32) << (5 * board);
                }
                board = board.saturating_add(1);
                continue;
            }
            empties += 1;
            match lm[p] {
                3 => l3 += 1,
                2 => l2 += 1,
                _ => {}
            }
            wmul *= wm[p] as i32;
            if cross[p] >= 0 {
                cross_sum += (cross[p] + vmax * lm[p] as i32) * wm[p] as i32;
            }
        }
        let bound = (face + best_letters(prefix, empties, l3, l2)) * wmul + cross_sum;
        if empties.min(k) < layout.rack_size {
            return (bound, None);
        }
        // Every move from a hook anchor has no board tile in its lane; every move from a run
        // anchor holds the whole run, and only it when the reach holds no other.
        let run = (start..=a).rev().take_while(|&p| tiles[p] != 0).count();
        let check = (board as usize == run).then_some((board, letters));
        (bound + layout.bingo_bonus, check)
    }

    /// An upper bound on the score of any move from an anchor: over every stretch of the
    /// lane around it within its limits that the rack could fill (no square whose cross-check excludes every
    /// rack letter), the best rack values on the best letter premiums, every word premium
    /// in the stretch, the board tiles in it, every perpendicular word at its best, and the
    /// bingo bonus when the stretch takes the whole rack.
    fn anchor_bound(
        &self,
        layout: &Layout,
        anchor: Anchor,
        prefix: &[i32],
        playable: u32,
        bingo: &BingoCheck<'_>,
    ) -> i32 {
        let n = layout.size;
        let a = anchor.square as usize;
        let (limit, right_limit) = (anchor.left_limit as usize, anchor.right_limit as usize);
        let LaneView {
            tiles,
            mask,
            cross,
            lm,
            wm,
        } = self.lane_view(n, anchor);
        let k = prefix.len() - 1;
        let vmax = prefix[1] - prefix[0];
        let open = |p: usize| mask[p] & playable != 0;
        if tiles[a] == 0 && !open(a) {
            return i32::MIN;
        }
        // Aggregates of a stretch: empties, 3L, 2L, board tile sum, word multiplier, cross sum.
        #[derive(Clone, Copy)]
        struct Agg {
            empties: usize,
            l3: usize,
            l2: usize,
            tiles: i32,
            wm: i32,
            cross: i32,
            /// Board tiles in the stretch, and their letters (5 bits each, the first six).
            board: u8,
            letters: u32,
        }
        let add = |mut x: Agg, p: usize| -> Agg {
            let t = tiles[p];
            if t != 0 {
                if t & BLANK_BIT == 0 {
                    x.tiles += self.values[(t & 0x1f) as usize];
                }
                if x.board < 6 {
                    x.letters |= ((t & 0x1f) as u32) << (5 * x.board);
                }
                x.board = x.board.saturating_add(1);
            } else {
                x.empties += 1;
                match lm[p] {
                    3 => x.l3 += 1,
                    2 => x.l2 += 1,
                    _ => {}
                }
                x.wm *= wm[p] as i32;
                if cross[p] >= 0 {
                    x.cross += (cross[p] + vmax * lm[p] as i32) * wm[p] as i32;
                }
            }
            x
        };
        let score = |x: &Agg, floor: i32| -> i32 {
            let letters = best_letters(prefix, x.empties, x.l3, x.l2);
            let mut s = (x.tiles + letters) * x.wm + x.cross;
            // The anagram look-up only when the bonus could raise the best bound so far.
            if x.empties.min(k) == layout.rack_size
                && s + layout.bingo_bonus > floor
                && bingo.possible(x.board, x.letters)
            {
                s += layout.bingo_bonus;
            }
            s
        };
        let start = add(
            Agg {
                empties: 0,
                l3: 0,
                l2: 0,
                tiles: 0,
                wm: 1,
                cross: 0,
                board: 0,
                letters: 0,
            },
            a,
        );
        let mut best = i32::MIN;
        let mut left = start;
        let mut s = a;
        loop {
            // Extend right from the anchor with this left part.
            let mut whole = left;
            best = best.max(score(&whole, best));
            let mut e = a;
            while e + 1 < n {
                let p = e + 1;
                if tiles[p] == 0 && (p >= right_limit || whole.empties >= k || !open(p)) {
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
            if tiles[p] == 0 && (p < limit || left.empties >= k || !open(p)) {
                break;
            }
            left = add(left, p);
            s = p;
        }
        best
    }

    /// Every legal placement, unsorted (use [`crate::moves::sort_moves`] for list order).
    pub fn all_moves(
        &mut self,
        g: &Gaddag,
        layout: &Layout,
        grid: &Grid,
        rack: &Rack,
    ) -> Vec<Move> {
        let mut moves = Vec::new();
        self.generate(g, layout, grid, rack, &mut moves);
        moves
    }

    /// The best-scoring placement (ties broken by notation), if any.
    pub fn best_move(
        &mut self,
        g: &Gaddag,
        layout: &Layout,
        grid: &Grid,
        rack: &Rack,
    ) -> Option<Move> {
        let mut best = BestScore::default();
        self.generate_best(g, layout, grid, rack, &mut best);
        best.best
    }
}
