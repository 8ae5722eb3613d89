//! Loading a call's layout and position, and the cross-checks: for each empty square and
//! direction, the letters whose perpendicular word is in the list and that word's face sum.

use super::{Generator, ALL_LETTERS};
use crate::gaddag::{Gaddag, SEPARATOR};
use crate::layout::{Grid, Layout, BLANK_BIT};

impl Generator {
    /// Loads the layout's premiums and values (skipped when unchanged since the last call).
    pub(super) fn load_layout(&mut self, layout: &Layout) {
        let same = matches!(&self.premiums_for, Some((l, w)) if *l == layout.letter_mult && *w == layout.word_mult)
            && self.size == layout.size;
        let mut values = [0i32; 27];
        for (v, &x) in values.iter_mut().zip(layout.values.iter()).skip(1) {
            *v = x as i32;
        }
        if values != self.values || self.same_value[1] == 0 {
            self.values = values;
            for l in 1..27 {
                self.same_value[l] = (1..27)
                    .filter(|&m| values[m] == values[l])
                    .fold(0, |bits, m| bits | 1 << m);
            }
        }
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
    pub(super) fn prepare(&mut self, g: &Gaddag, layout: &Layout, grid: &Grid) -> bool {
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
}
