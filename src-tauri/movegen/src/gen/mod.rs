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
//! has none from the leftmost of its squares that touch a perpendicular tile.
//! A single placed tile is reported across when its across word has 2+ letters, otherwise
//! down; on an empty board only across openings through the star are generated.
//!
//! The parts, in the order a call uses them:
//! - [`checks`]: loading the layout and the position, and the cross-checks;
//! - [`anchors`]: where walks start and the stretch each may place on;
//! - [`walk`]: the GADDAG walk from one anchor, feeding a [`Sink`];
//! - [`bounds`]: upper bounds on any move from an anchor, which order and cut the
//!   best-move search ([`Generator::generate_best`]).

mod anchors;
mod bounds;
mod checks;
mod walk;

use crate::gaddag::Gaddag;
use crate::layout::{Grid, Layout, Rack, MAX_SIZE};
use crate::moves::Move;
use anchors::Anchor;
use bounds::{Bounds, Refine};

const ALL_LETTERS: u32 = ((1u32 << 27) - 1) & !1;
const SQUARES: usize = MAX_SIZE * MAX_SIZE;

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

/// A sink that keeps the best moves by a value that a bound on their score also bounds, so
/// that [`Generator::generate_best`] may skip the anchors that cannot reach what it keeps.
pub trait Ranked: Sink {
    /// A move must be worth at least this to be kept (`None`: every move is kept).
    fn floor(&self) -> Option<f32>;
    /// The most a move scoring at most `score` can be worth (never less than its value).
    fn value_bound(&self, score: i32) -> f32;
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
            size: 0,
            premiums_for: None,
            checks_for: None,
            anchor_buf: Vec::with_capacity(2 * SQUARES),
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
            self.walk_anchor(g, layout, rack, a, sink);
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
        let any = self.prepare(g, layout, grid);
        self.anchors(layout, any);
        let bounds = Bounds::new(g, layout, &self.values, rack);
        // Anchors come off a heap by bound, first the quick one over each anchor's reach.
        // When an anchor reaches the front its bound is refined once and it goes back on the
        // heap: the anagram look-up (a hash probe) rules out a counted bingo bonus, and with
        // two blanks on the rack, whose walks are long, the exact bound over each stretch pays
        // (measured: with one blank or none it costs more than the walks it saves).
        let exact = rack.counts[0] > 1;
        let mut heap: std::collections::BinaryHeap<(i32, std::cmp::Reverse<usize>, Refine)> = (0
            ..self.anchor_buf.len())
            .map(|i| {
                let (bound, check) = bounds.reach(self, self.anchor_buf[i]);
                let refine = match (exact, check) {
                    (true, _) => Refine::Exact,
                    (false, Some((board, letters))) => Refine::Bingo(board, letters),
                    (false, None) => Refine::Done,
                };
                (bound, std::cmp::Reverse(i), refine)
            })
            .collect();
        while let Some((bound, std::cmp::Reverse(i), refine)) = heap.pop() {
            if best.floor().is_some_and(|f| best.value_bound(bound) < f) {
                break;
            }
            let anchor = self.anchor_buf[i];
            let refined = match refine {
                Refine::Done => None,
                Refine::Bingo(board, letters) => {
                    (!bounds.bingo_possible(board, letters)).then_some(bound - layout.bingo_bonus)
                }
                Refine::Exact => Some(bounds.exact(self, anchor)),
            };
            match refined {
                Some(lower) => heap.push((lower, std::cmp::Reverse(i), Refine::Done)),
                None => self.walk_anchor(g, layout, rack, anchor, best),
            }
        }
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
