//! The move generator: GADDAG walks from anchor squares over a compact board.
//!
//! Both directions run the same code over "lanes": across, lane `r` is row `r`; down, lane
//! `c` is column `c` (the board is kept transposed in scratch arrays). Each empty square has
//! a cross-check (the letters whose perpendicular word is in the list, as a 27-bit mask) and
//! the perpendicular word's face-value sum; a generator keeps them between calls and works
//! out again only the lines whose crossing tiles changed.
//!
//! Every move is found from exactly one anchor (see [`anchors::Anchor`]): a move that
//! contains board tiles of its lane from the rightmost run of them it contains, a move that
//! has none from the rightmost of its squares that touch a perpendicular tile.
//! A single placed tile is reported across when its across word has 2+ letters, otherwise
//! down; on an empty board only across openings through the star are generated.
//!
//! The parts, in the order a call uses them:
//! - [`checks`]: loading the layout and the position, and the cross-checks;
//! - [`anchors`]: where walks start and the stretch each may place on;
//! - [`walk`]: the GADDAG walk from one anchor, feeding a [`Sink`];
//! - [`bounds`]: upper bounds on any move from an anchor, which order and cut the
//!   best-move search ([`Generator::generate_best`]), and per stretch of its lane, which
//!   cut that search's walks.

mod anchors;
mod bounds;
mod checks;
mod walk;

use crate::gaddag::Gaddag;
use crate::layout::{Grid, Layout, Rack, MAX_SIZE};
use crate::moves::Move;
use anchors::Anchor;
use bounds::{Bounds, Refine, Stretches};

// The generator's bounds are the engine's and the lexicon's, not its own: it holds any board
// a match is dealt on (`MAX_SIZE` is the engine's `MAX_BOARD`), every rack a rule set deals
// (the lexicon's `RACK_MAX`, which the engine's validator keeps racks to) fits a move's tiles,
// and a move's tiles pack into one `u128` (`Found::packed`).
const _: () = assert!(wordclub_lexicon::RACK_MAX <= MAX_SIZE);
const _: () = assert!(MAX_SIZE <= 16);

const ALL_LETTERS: u32 = ((1u32 << 27) - 1) & !1;
const SQUARES: usize = MAX_SIZE * MAX_SIZE;
/// With a blank on the rack, the best-move search takes the shadow bound of an anchor whose
/// reach has at least this many empty squares; shorter walks cost less than their shadow
/// (measured on the kept positions: a crowded late 9x9 board, one blank, best move 8.5 ->
/// 6.0 µs, two blanks 10.0 -> 8.0 µs; every group with blanks within 1% of always taking it;
/// from 4 up, 9x9 midgames with two blanks slow down: median 140 µs at 3, 149 at 4, 164 at
/// 5).
const SHADOW_REACH: usize = 3;
/// Racks of at most this many tiles are searched for the best move by a plain walk of every
/// anchor (see [`Generator::generate_best`]).
const PLAIN_RACK: usize = 2;

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
    /// The least score a move must have for this sink to keep it, if it can say (the
    /// best-move search's walks skip what cannot reach it); the default: any score.
    #[inline]
    fn min_score(&self) -> i32 {
        i32::MIN
    }
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

/// A sink that keeps the best moves by a value that a bound on their score also bounds, so
/// that [`Generator::generate_best`] may skip the anchors that cannot reach what it keeps.
pub trait Ranked: Sink {
    /// A move must be worth at least this to be kept (`None`: every move is kept).
    fn floor(&self) -> Option<f32>;
    /// The most a move scoring at most `score` can be worth (never less than its value).
    fn value_bound(&self, score: i32) -> f32;
    /// The kept move a newcomer worth exactly [`Ranked::floor`] must precede in list order
    /// (score, then notation) to be kept, for a sink that breaks ties so; `None` (the
    /// default): ties are always visited.
    fn floor_move(&self) -> Option<&Move> {
        None
    }
}

impl Ranked for BestScore {
    #[inline]
    fn floor(&self) -> Option<f32> {
        self.best.as_ref().map(|b| b.score as f32)
    }

    #[inline]
    fn value_bound(&self, score: i32) -> f32 {
        score as f32
    }

    #[inline]
    fn floor_move(&self) -> Option<&Move> {
        self.best.as_ref()
    }
}

/// The best-move search's view of a [`Ranked`] sink: the least score it still keeps, worked
/// out again whenever its floor rises, for the walks' [`Sink::min_score`].
struct Floor<'a, S: Ranked> {
    inner: &'a mut S,
    floor: Option<f32>,
    min: i32,
}

impl<'a, S: Ranked> Floor<'a, S> {
    fn new(inner: &'a mut S) -> Self {
        let mut f = Floor {
            inner,
            floor: None,
            min: i32::MIN,
        };
        f.update();
        f
    }

    fn update(&mut self) {
        let floor = self.inner.floor();
        if floor == self.floor {
            return;
        }
        self.floor = floor;
        self.min = match floor {
            None => i32::MIN,
            // The least score whose bound reaches the floor (the bound is monotone).
            Some(f) => {
                let (mut lo, mut hi) = (-(1 << 24), 1 << 24);
                if self.inner.value_bound(lo) >= f {
                    i32::MIN
                } else {
                    while hi - lo > 1 {
                        let mid = lo + (hi - lo) / 2;
                        if self.inner.value_bound(mid) >= f {
                            hi = mid;
                        } else {
                            lo = mid;
                        }
                    }
                    hi
                }
            }
        };
    }
}

impl<S: Ranked> Sink for Floor<'_, S> {
    #[inline]
    fn found(&mut self, found: &Found<'_>) {
        self.inner.found(found);
        self.update();
    }

    #[inline]
    fn min_score(&self) -> i32 {
        self.min
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

/// Bit `l` set while the rack holds letter `l` (bit 0: a blank).
fn rack_bits(rack: &Rack) -> u32 {
    let mut bits = 0;
    for (l, &n) in rack.counts.iter().enumerate() {
        if n > 0 {
            bits |= 1 << l;
        }
    }
    bits
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

/// Scratch space for generation; keep one per thread and reuse it.
///
/// ```
/// use wordclub_engine::{score_placement, Board, RuleSet};
/// use wordclub_lexicon::WordList;
/// use wordclub_movegen::{gaddag_for, grid_of, layout_of, rack_of, Generator};
///
/// let rules = RuleSet::builtin("wordclub-1.0")?;
/// let graph = gaddag_for(WordList::builtin(&rules.default_list)?);
/// let layout = layout_of(&rules)?;
/// let board = Board::new(&rules);
/// let (grid, rack) = (grid_of(&board), rack_of(b"CATEIOL"));
/// let mut generator = Generator::new();
/// let moves = generator.all_moves(&graph, &layout, &grid, &rack);
/// let best = generator.best_move(&graph, &layout, &grid, &rack).expect("a first move");
/// assert!(moves.contains(&best) && moves.iter().all(|m| m.score <= best.score));
/// // The engine scores the generator's move the same.
/// let scored = score_placement(&board, &rules, &best.placements())?;
/// assert_eq!(i64::from(scored.score), i64::from(best.score));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Generator {
    /// Per direction (0 across, 1 down): tiles by lane, cross-check masks, cross sums (-1:
    /// no perpendicular word), letter and word multipliers.
    tiles: [[u8; SQUARES]; 2],
    mask: [[u32; SQUARES]; 2],
    cross: [[i32; SQUARES]; 2],
    lm: [[u8; SQUARES]; 2],
    wm: [[u8; SQUARES]; 2],
    values: [i32; 27],
    /// Per letter, the letters of the same value (for the shadow bound).
    same_value: [u32; 27],
    size: usize,
    premiums_for: Option<(Vec<u8>, Vec<u8>)>,
    /// What the cross-checks in `mask` and `cross` were worked out with, beside the board in
    /// `tiles`: the graph's id, the board size and the tile values.
    checks_for: Option<(u64, usize, [i32; 27])>,
    anchor_buf: Vec<Anchor>,
    /// The best-move search's heap and what is left to refine of each anchor's bound, kept
    /// for their allocations.
    heap_buf: Vec<HeapEntry>,
    refine_buf: Vec<Refine>,
    stretch_buf: Vec<Stretches>,
}

/// An anchor in the best-move search, packed so that the heap compares one number: its bound,
/// then the first coordinate any of its moves can have (least first), then its index (least
/// first). One integer compare instead of a tuple's field by field: best move on a crowded
/// late 9x9 board, no blank, 2.9 -> 2.7 µs.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct HeapEntry(u128);

impl HeapEntry {
    fn new(bound: i32, key: u32, index: usize) -> HeapEntry {
        let bound = (bound as u32 ^ 0x8000_0000) as u128;
        HeapEntry(bound << 64 | (!key as u128) << 32 | !(index as u32) as u128)
    }

    fn bound(self) -> i32 {
        ((self.0 >> 64) as u32 ^ 0x8000_0000) as i32
    }

    fn key(self) -> u32 {
        !((self.0 >> 32) as u32)
    }

    fn index(self) -> usize {
        !(self.0 as u32) as usize
    }
}

impl Default for Generator {
    fn default() -> Self {
        Self::new()
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
            same_value: [0; 27],
            size: 0,
            premiums_for: None,
            checks_for: None,
            anchor_buf: Vec::with_capacity(2 * SQUARES),
            heap_buf: Vec::with_capacity(2 * SQUARES),
            refine_buf: Vec::with_capacity(2 * SQUARES),
            stretch_buf: Vec::new(),
        }
    }

    /// Drops the kept cross-checks, so the next call works out all of them again (for
    /// measuring the cost of a board the generator has not seen).
    pub fn forget_board(&mut self) {
        self.checks_for = None;
    }

    /// The lane an anchor is in.
    fn lane_view(&self, anchor: Anchor) -> LaneView<'_> {
        let n = self.size;
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
            self.walk_anchor::<S, false, false>(g, layout, rack, a, &Stretches::OPEN, sink);
        }
    }

    /// Like [`Generator::generate`] for a search of the best moves (by score, or by a value
    /// the sink bounds, see [`Ranked`]): anchors are visited in order of an upper bound on
    /// any move from them, and the search stops once no remaining anchor can reach what the
    /// sink keeps (ties still visited, so a tie-break by notation is exact).
    pub fn generate_best<S: Ranked>(
        &mut self,
        g: &Gaddag,
        layout: &Layout,
        grid: &Grid,
        rack: &Rack,
        best: &mut S,
    ) {
        if rack.is_empty() {
            return;
        }
        if rack.len() <= PLAIN_RACK || rack.len() > MAX_SIZE {
            // A walk placing one or two tiles costs about what its bound does, so ordering
            // anchors cannot pay (measured on the kept positions: best move by bound 1.8 µs,
            // plain walk 1.4 µs on 9x9 midgames with two tiles, 4.7 / 4.2 µs on 15x15). More
            // tiles than a lane has squares: no bound is kept for such a rack.
            return self.generate(g, layout, grid, rack, best);
        }
        let any = self.prepare(g, layout, grid);
        self.anchors(layout, any);
        let bounds = Bounds::new(g, layout, &self.values, &self.same_value, rack);
        // Anchors come off a heap by bound, first the quick one over each anchor's reach.
        // When an anchor reaches the front its bound is refined once and it goes back on the
        // heap: the anagram look-up (a hash probe) rules out a counted bingo bonus, and with
        // a blank on the rack, whose walks are long, the shadow bound over each stretch pays,
        // and its walk skips the stretches that cannot reach the kept move (measured beside
        // wolges on the 79 kept positions: 9x9 midgame two blanks median 211 -> 143 µs,
        // 15x15 757 -> 342 µs; without a blank it cost more than it saved: dealt racks
        // 9 -> 13 µs).
        let exact = rack.counts[0] > 0;
        let mut heap = std::mem::take(&mut self.heap_buf);
        heap.clear();
        let mut refines = std::mem::take(&mut self.refine_buf);
        refines.clear();
        for i in 0..self.anchor_buf.len() {
            let a = self.anchor_buf[i];
            let reach = bounds.reach(self, a);
            refines.push(match reach.check {
                _ if exact && reach.empties >= SHADOW_REACH => Refine::Exact,
                Some((board, letters)) if !exact => Refine::Bingo(board, letters),
                _ => Refine::Done,
            });
            if reach.bound == i32::MIN {
                continue;
            }
            let key = first_coordinate(a.dir == 1, a.lane as usize, reach.start, a.square as usize);
            heap.push(HeapEntry::new(reach.bound, key, i));
        }
        let mut heap = std::collections::BinaryHeap::from(heap);
        let mut best = Floor::new(best);
        // The stretches of every anchor refined so far, kept for its walk: an anchor refined
        // and put back behind another one used to have them worked out a second time.
        let mut tables = std::mem::take(&mut self.stretch_buf);
        let mut tables_used = 0;
        let mut next = heap.pop();
        while let Some(entry) = next.take() {
            let (bound, key, i) = (entry.bound(), entry.key(), entry.index());
            let refine = refines[i];
            if let Some(floor) = best.inner.floor() {
                let most = best.inner.value_bound(bound);
                if most < floor {
                    break;
                }
                // A tie with the kept move displaces it only by a higher score or, at the
                // same score, an earlier notation; an anchor whose every move starts at a
                // later coordinate cannot (ties come off the heap earliest coordinate first).
                if most == floor {
                    if let Some(m) = best.inner.floor_move() {
                        if bound < m.score || (bound == m.score && key > coordinate_of(m)) {
                            next = heap.pop();
                            continue;
                        }
                    }
                }
            }
            let anchor = self.anchor_buf[i];
            let refined = match refine {
                Refine::Done | Refine::Stretched(_) => None,
                Refine::Bingo(board, letters) => {
                    refines[i] = Refine::Done;
                    (!bounds.bingo_possible(board, letters)).then_some(bound - layout.bingo_bonus)
                }
                Refine::Exact => {
                    if tables.len() == tables_used {
                        tables.push(Stretches::CLOSED);
                    }
                    refines[i] = Refine::Stretched(tables_used as u16);
                    tables_used += 1;
                    Some(bounds.exact::<false>(self, anchor, &mut tables[tables_used - 1], 0))
                }
            };
            match (refined, refine) {
                (Some(lower), _) => {
                    // Back on the heap, unless it would come straight off again.
                    let entry = HeapEntry::new(lower.min(bound), key, i);
                    next = match heap.peek() {
                        Some(top) if *top > entry => {
                            heap.push(entry);
                            heap.pop()
                        }
                        _ => Some(entry),
                    };
                    continue;
                }
                (None, Refine::Stretched(table)) => {
                    let table = &mut tables[table as usize];
                    let floor = best.min_score();
                    if bound <= floor {
                        // A walk for a tie at most: every move it keeps scores exactly its
                        // bound, so a blank cannot go on a square worth more than the bound
                        // left to blanks. Working out where takes the anchor's stretches
                        // once more, which pays only here (best move on the kept positions
                        // with blanks, instructions beside not cutting: for ties only,
                        // seeded-wordclub-1.0-s1-t03-blank2 0.78x, the rest 1.00-1.03x; for
                        // walks within 2, 4 or 12 points of their bound, or every walk, more
                        // positions gain, up to 0.50x on two-blank 15x15 boards, but
                        // seeded-wordclub-1.1-s3-t12-blank2 costs 1.05x, 1.05x, 1.21x and
                        // 1.28x, and other positions up to 1.35x).
                        bounds.exact::<true>(self, anchor, table, floor);
                        self.walk_anchor::<_, true, true>(g, layout, rack, anchor, table, &mut best)
                    } else {
                        self.walk_anchor::<_, true, false>(
                            g, layout, rack, anchor, table, &mut best,
                        )
                    }
                }
                (None, _) => self.walk_anchor::<_, false, false>(
                    g,
                    layout,
                    rack,
                    anchor,
                    &Stretches::OPEN,
                    &mut best,
                ),
            }
            next = heap.pop();
        }
        self.heap_buf = heap.into_vec();
        self.refine_buf = refines;
        self.stretch_buf = tables;
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

/// A move's coordinate and the space after it (`8H `, `H10 `), packed big-endian into a
/// number that sorts as those first bytes of its notation do: moves at different
/// coordinates are in list order by this alone.
#[inline]
fn coordinate_key(down: bool, row: usize, col: usize) -> u32 {
    COORDINATE_KEYS[down as usize][row][col]
}

/// [`coordinate_key`] for every square, worked out at compile time (building the bytes on
/// each call was 4% of a best-move search on a crowded 9x9 board).
const COORDINATE_KEYS: [[[u32; MAX_SIZE]; MAX_SIZE]; 2] = {
    let mut keys = [[[0u32; MAX_SIZE]; MAX_SIZE]; 2];
    let mut d = 0;
    while d < 2 {
        let mut row = 0;
        while row < MAX_SIZE {
            let mut col = 0;
            while col < MAX_SIZE {
                let mut b = [0u8; 4];
                let mut n = 0;
                let letter = b'A' + col as u8;
                let number = row as u8 + 1;
                if d == 1 {
                    b[n] = letter;
                    n += 1;
                }
                if number >= 10 {
                    b[n] = b'0' + number / 10;
                    n += 1;
                }
                b[n] = b'0' + number % 10;
                n += 1;
                if d == 0 {
                    b[n] = letter;
                    n += 1;
                }
                b[n] = b' ';
                keys[d][row][col] = u32::from_be_bytes(b);
                col += 1;
            }
            row += 1;
        }
        d += 1;
    }
    keys
};

/// The key ([`coordinate_key`]) of a kept move.
fn coordinate_of(m: &Move) -> u32 {
    coordinate_key(m.down, m.row as usize, m.col as usize)
}

/// The least key of any move in `lane` starting on a square from `lo` to `hi`: across, the
/// leftmost start; down, the start whose row number sorts first as text (`1`, then `10` to
/// `15`, then `2` to `9`).
fn first_coordinate(down: bool, lane: usize, lo: usize, hi: usize) -> u32 {
    if !down {
        return coordinate_key(false, lane, lo);
    }
    let row = if lo == 0 || hi < 9 { lo } else { lo.max(9) };
    coordinate_key(true, row, lane)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The coordinate part of a move's notation with the space after it.
    fn prefix(down: bool, row: usize, col: usize) -> Vec<u8> {
        let m = Move {
            row: row as u8,
            col: col as u8,
            down,
            len: 0,
            tiles: [0; MAX_SIZE],
            score: 0,
        };
        let (bytes, n) = m.notation_bytes();
        bytes[..n].to_vec()
    }

    #[test]
    fn coordinate_keys_sort_as_the_notations_do() {
        let mut all = Vec::new();
        for down in [false, true] {
            for row in 0..MAX_SIZE {
                for col in 0..MAX_SIZE {
                    all.push((down, row, col));
                }
            }
        }
        for &(d1, r1, c1) in &all {
            for &(d2, r2, c2) in &all {
                assert_eq!(
                    coordinate_key(d1, r1, c1).cmp(&coordinate_key(d2, r2, c2)),
                    prefix(d1, r1, c1).cmp(&prefix(d2, r2, c2)),
                    "{:?} vs {:?}",
                    String::from_utf8_lossy(&prefix(d1, r1, c1)),
                    String::from_utf8_lossy(&prefix(d2, r2, c2)),
                );
            }
        }
        // The coordinate decides between moves that differ in it, whatever their words.
        let (a, b) = (prefix(true, 0, 0), prefix(true, 9, 0));
        assert!(a < b && [&a[..], b"ZZZZ"].concat() < [&b[..], b"A"].concat());
    }

    #[test]
    fn the_first_coordinate_of_a_stretch_is_the_least_of_its_starts() {
        for down in [false, true] {
            for lane in 0..MAX_SIZE {
                for lo in 0..MAX_SIZE {
                    for hi in lo..MAX_SIZE {
                        let least = (lo..=hi)
                            .map(|s| {
                                let (r, c) = if down { (s, lane) } else { (lane, s) };
                                coordinate_key(down, r, c)
                            })
                            .min()
                            .unwrap();
                        assert_eq!(first_coordinate(down, lane, lo, hi), least);
                    }
                }
            }
        }
    }
}
