//! Premium layouts a search tries (`premiums=symmetric`, `premiums=FILE`) and a rule set
//! moved to another board size with its layout's shape kept ([`resize`]).

use std::collections::BTreeSet;

use wordclub_engine::{Premium, PremiumSquare, RuleSet, Square};
use wordclub_movegen::MAX_SIZE;

use crate::LabError;

use super::search_error;

/// A premium layout to try, with a name for the report and the board size it is drawn for.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedLayout {
    pub name: String,
    pub size: u8,
    pub premiums: Vec<PremiumSquare>,
}

/// Puts `rules` on an `m`×`m` board: every square (the star and each premium) keeps its
/// place relative to the centre, its offset scaled by (m − 1) / (n − 1) and rounded away
/// from the centre, so a layout symmetric on the old board is symmetric on the new one and
/// a centre star stays on the centre. Growing never sends two squares to one; shrinking
/// may, and then the stronger premium stays (3W, 2W, 3L, 2L). Why scale rather than draw:
/// a layout searched on 9×9 keeps its shape (double words on the diagonals, triple letters
/// on the edges) with no hand-drawn board per size; `atN.premiums=FILE` draws one instead.
pub fn resize(rules: &mut RuleSet, m: u8) {
    let n = rules.board_size;
    if n == m {
        return;
    }
    let scale = if n > 1 {
        (m as f64 - 1.0) / (n as f64 - 1.0)
    } else {
        1.0
    };
    let (cn, cm) = ((n as f64 - 1.0) / 2.0, (m as f64 - 1.0) / 2.0);
    let place = |x: u8| -> u8 {
        let moved = ((x as f64 - cn) * scale).round() + cm;
        moved.clamp(0.0, m as f64 - 1.0) as u8
    };
    let at = |sq: Square| Square::new(place(sq.row), place(sq.col));
    let strength = |p: Premium| match p {
        Premium::TripleWord => 4,
        Premium::DoubleWord => 3,
        Premium::TripleLetter => 2,
        Premium::DoubleLetter => 1,
        Premium::None => 0,
    };
    let mut premiums: Vec<PremiumSquare> = Vec::new();
    for p in &rules.premiums {
        let square = at(p.square);
        match premiums.iter_mut().find(|q| q.square == square) {
            Some(q) if strength(p.premium) > strength(q.premium) => q.premium = p.premium,
            Some(_) => {}
            None => premiums.push(PremiumSquare {
                square,
                premium: p.premium,
            }),
        }
    }
    premiums.sort_by_key(|p| (p.square.row, p.square.col));
    rules.board_size = m;
    rules.star = at(rules.star);
    rules.premiums = premiums;
}

/// The board's eight symmetries applied to a square (its orbit), sorted.
fn orbit(sq: Square, n: u8) -> Vec<Square> {
    let (r, c, m) = (sq.row, sq.col, n - 1);
    let mut out: Vec<Square> = [
        (r, c),
        (c, r),
        (m - r, c),
        (c, m - r),
        (r, m - c),
        (m - c, r),
        (m - r, m - c),
        (m - c, m - r),
    ]
    .iter()
    .map(|&(r, c)| Square::new(r, c))
    .collect();
    out.sort();
    out.dedup();
    out
}

/// A layout's name: each premium kind with one square of each orbit it covers (`2W C3 3L E1`).
fn layout_name(premiums: &[PremiumSquare], n: u8) -> String {
    let code = |p: Premium| match p {
        Premium::DoubleLetter => "2L",
        Premium::TripleLetter => "3L",
        Premium::DoubleWord => "2W",
        Premium::TripleWord => "3W",
        Premium::None => "-",
    };
    let mut sorted = premiums.to_vec();
    sorted.sort_by_key(|p| (p.square.row, p.square.col));
    let mut covered = BTreeSet::new();
    let mut named = Vec::new();
    for p in &sorted {
        if covered.contains(&p.square) {
            continue;
        }
        covered.extend(orbit(p.square, n));
        named.push(format!("{} {}", code(p.premium), p.square));
    }
    named.join(" ")
}

/// The base's groups of premiums (one kind on one orbit), the orbits a group may move to
/// (every orbit without the star), and the premiums on the star's own orbit, which stay
/// where they are (classic's centre square: no other orbit is the star's).
type Groups = (
    Vec<(Premium, Vec<Square>)>,
    Vec<Vec<Square>>,
    Vec<PremiumSquare>,
);

fn groups_and_orbits(base: &RuleSet) -> Groups {
    let n = base.board_size;
    let mut groups: Vec<(Premium, Vec<Square>)> = Vec::new();
    let mut fixed = Vec::new();
    for p in &base.premiums {
        let o = orbit(p.square, n);
        if o.contains(&base.star) {
            fixed.push(*p);
            continue;
        }
        if groups.iter().any(|(_, g)| g.contains(&p.square)) {
            continue;
        }
        groups.push((p.premium, o));
    }
    let mut orbits: Vec<Vec<Square>> = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let o = orbit(Square::new(r, c), n);
            if !o.contains(&base.star) && !orbits.contains(&o) {
                orbits.push(o);
            }
        }
    }
    (groups, orbits, fixed)
}

/// How many layouts [`symmetric_layouts`] would draw, without drawing them: for each orbit
/// size, the ways to put that size's groups on distinct orbits of it (a falling factorial),
/// multiplied; saturating at `usize::MAX`.
pub fn symmetric_layout_count(base: &RuleSet) -> usize {
    let (groups, orbits, _) = groups_and_orbits(base);
    let sizes: BTreeSet<usize> = groups.iter().map(|(_, o)| o.len()).collect();
    let mut total: usize = 1;
    for size in sizes {
        let g = groups.iter().filter(|(_, o)| o.len() == size).count();
        let o = orbits.iter().filter(|x| x.len() == size).count();
        if g > o {
            return 0;
        }
        for k in 0..g {
            total = total.saturating_mul(o - k);
        }
    }
    total
}

/// Every layout that moves each group of the base's premiums (one kind on one orbit) onto
/// another orbit of the same size that holds neither the star nor another group, keeping the
/// kinds and the counts. The base layout is among them.
pub fn symmetric_layouts(base: &RuleSet) -> Vec<NamedLayout> {
    let n = base.board_size;
    let (groups, orbits, fixed) = groups_and_orbits(base);
    let mut out = Vec::new();
    let mut chosen: Vec<usize> = Vec::new();
    // Each argument is one part of the layout being drawn.
    #[allow(clippy::too_many_arguments)]
    fn place(
        n: u8,
        g: usize,
        groups: &[(Premium, Vec<Square>)],
        orbits: &[Vec<Square>],
        fixed: &[PremiumSquare],
        chosen: &mut Vec<usize>,
        out: &mut Vec<NamedLayout>,
    ) {
        if g == groups.len() {
            let mut premiums: Vec<PremiumSquare> = chosen
                .iter()
                .zip(groups)
                .flat_map(|(&o, (kind, _))| {
                    orbits[o].iter().map(|&square| PremiumSquare {
                        square,
                        premium: *kind,
                    })
                })
                .chain(fixed.iter().copied())
                .collect();
            premiums.sort_by_key(|p| (p.square.row, p.square.col));
            out.push(NamedLayout {
                name: layout_name(&premiums, n),
                size: n,
                premiums,
            });
            return;
        }
        for (i, o) in orbits.iter().enumerate() {
            if o.len() == groups[g].1.len() && !chosen.contains(&i) {
                chosen.push(i);
                place(n, g + 1, groups, orbits, fixed, chosen, out);
                chosen.pop();
            }
        }
    }
    if symmetric_layout_count(base) > 0 {
        place(n, 0, &groups, &orbits, &fixed, &mut chosen, &mut out);
    }
    out
}

/// Layouts drawn as text, `board_size` rows each (`.` plain, `d` 2L, `t` 3L, `D` 2W, `T` 3W),
/// separated by blank lines; a line starting with `#` before a layout names it. With no
/// `board_size`, the first layout's rows give it (every layout of a file has the same).
pub fn layouts_from_text(text: &str, board_size: Option<u8>) -> Result<Vec<NamedLayout>, LabError> {
    let first_rows = text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty() || l.starts_with('#'))
        .take_while(|l| !l.is_empty() && !l.starts_with('#'))
        .count();
    let board_size = match board_size {
        Some(n) => n,
        None if (2..=MAX_SIZE).contains(&first_rows) => first_rows as u8,
        None => {
            return Err(search_error(format!(
                "premium layout 1: {first_rows} rows; a board has 2 to {MAX_SIZE}"
            )))
        }
    };
    let n = board_size as usize;
    let mut out = Vec::new();
    let mut rows: Vec<&str> = Vec::new();
    let mut name: Option<String> = None;
    let mut finish = |rows: &mut Vec<&str>, name: &mut Option<String>| -> Result<(), LabError> {
        if rows.is_empty() {
            return Ok(());
        }
        let which = out.len() + 1;
        if rows.len() != n {
            return Err(search_error(format!(
                "premium layout {which}: {} rows, the board has {n}",
                rows.len()
            )));
        }
        let mut premiums = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != n {
                return Err(search_error(format!(
                    "premium layout {which}, row {}: {} squares, the board has {n}",
                    r + 1,
                    row.chars().count()
                )));
            }
            for (c, ch) in row.chars().enumerate() {
                let premium = match ch {
                    '.' => continue,
                    'd' => Premium::DoubleLetter,
                    't' => Premium::TripleLetter,
                    'D' => Premium::DoubleWord,
                    'T' => Premium::TripleWord,
                    other => {
                        return Err(search_error(format!(
                            "premium layout {which}, row {}: {other:?} is not one of . d t D T",
                            r + 1
                        )))
                    }
                };
                premiums.push(PremiumSquare {
                    square: Square::new(r as u8, c as u8),
                    premium,
                });
            }
        }
        out.push(NamedLayout {
            name: name
                .take()
                .unwrap_or_else(|| layout_name(&premiums, board_size)),
            size: board_size,
            premiums,
        });
        rows.clear();
        Ok(())
    };
    for line in text.lines() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            finish(&mut rows, &mut name)?;
            name = Some(comment.trim().to_string());
        } else if line.is_empty() {
            finish(&mut rows, &mut name)?;
        } else {
            rows.push(line);
        }
    }
    finish(&mut rows, &mut name)?;
    if out.is_empty() {
        return Err(search_error("the premium layout file holds no layout"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{base, no_file, twelve, variant};
    use super::super::{variants, Axis};
    use super::*;
    use crate::limits;

    /// Every premium's mirror images carry the same premium: the layout has the board's
    /// eight symmetries.
    fn symmetric(r: &RuleSet) -> bool {
        r.premiums.iter().all(|p| {
            orbit(p.square, r.board_size)
                .iter()
                .all(|&sq| r.premium_at(sq) == p.premium)
        })
    }

    #[test]
    fn symmetric_layouts_keep_kinds_and_counts_and_include_the_base() {
        let b = base();
        let layouts = symmetric_layouts(&b);
        // 1.1 has two groups of four squares (2W, 3L); a 9×9 board has eight orbits of four
        // (four on the diagonals, four on the middle lines): 8 × 7 placements.
        assert_eq!(layouts.len(), 56);
        // Counted without drawing them, as the search's bound checks it.
        assert_eq!(symmetric_layout_count(&b), 56);
        let classic = RuleSet::builtin("classic-15").unwrap();
        assert!(symmetric_layout_count(&classic) > limits::MAX_VARIANTS as usize);
        let mut sorted_base = b.premiums.clone();
        sorted_base.sort_by_key(|p| (p.square.row, p.square.col));
        assert!(layouts.iter().any(|l| l.premiums == sorted_base));
        for l in &layouts {
            let count = |k| l.premiums.iter().filter(|p| p.premium == k).count();
            assert_eq!(
                (count(Premium::DoubleWord), count(Premium::TripleLetter)),
                (4, 4)
            );
            assert!(l.premiums.iter().all(|p| p.square != b.star));
        }
        let names: BTreeSet<&str> = layouts.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names.len(), 56, "every layout has its own name");
    }

    #[test]
    fn layouts_read_from_text_and_bad_ones_are_named() {
        let text = "# corners\nD.......D\n.........\n.........\n.........\n.........\n.........\n.........\n.........\nD.......D\n";
        let l = layouts_from_text(text, Some(9)).unwrap();
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].name, "corners");
        assert_eq!(l[0].premiums.len(), 4);
        let short = "D.......D\n.........\n";
        let e = layouts_from_text(short, Some(9)).unwrap_err().to_string();
        assert!(e.contains("2 rows"), "{e}");
        let odd = text.replace("D.......D\n.........", "D...x...D\n.........");
        assert!(layouts_from_text(&odd, Some(9))
            .unwrap_err()
            .to_string()
            .contains("'x'"));
    }

    #[test]
    fn a_bigger_board_keeps_its_layout_s_shape_about_a_centre_star() {
        let b = twelve();
        let r = variant(&b, "at4.board=11");
        let four = r.at_table(4).unwrap();
        assert_eq!(four.board_size, 11);
        assert_eq!(four.star, Square::new(5, 5));
        assert_eq!(four.premiums.len(), b.premiums.len());
        assert!(symmetric(&four));
        // 1.2's double words at B2 (one in from the corner) land one in from 11×11's corner;
        // its triple letters at the middle of each edge stay there.
        assert_eq!(four.premium_at(Square::new(1, 1)), Premium::DoubleWord);
        assert_eq!(four.premium_at(Square::new(0, 5)), Premium::TripleLetter);
        assert_eq!(r.at_table(2).unwrap().board_size, 9);
        crate::rules_file::check(&four).unwrap();
        // Axes apply in order: each symmetric layout, then at four players that layout
        // scaled to 11×11.
        let axes: Vec<(String, Axis)> = ["premiums=symmetric", "at4.board=11"]
            .iter()
            .map(|s| (s.to_string(), Axis::parse(s, &b, no_file).unwrap()))
            .collect();
        let tried = variants(&b, &axes);
        assert_eq!(tried.len(), symmetric_layout_count(&b));
        let mut fours = BTreeSet::new();
        for (_, r) in &tried {
            let four = r.at_table(4).unwrap();
            let mut two = r.at_table(2).unwrap();
            resize(&mut two, 11);
            assert_eq!(four.premiums, two.premiums);
            fours.insert(format!("{:?}", four.premiums));
        }
        assert_eq!(
            fours.len(),
            tried.len(),
            "every layout scaled to its own 11×11 layout"
        );
        // Classic-15 shrunk to 9×9: symmetric still, the star at the centre, and no square
        // twice (where two premiums meet, the stronger stays).
        let mut small = RuleSet::builtin("classic-15").unwrap();
        resize(&mut small, 9);
        assert_eq!(small.star, Square::new(4, 4));
        assert!(symmetric(&small));
        let squares: BTreeSet<Square> = small.premiums.iter().map(|p| p.square).collect();
        assert_eq!(squares.len(), small.premiums.len());
        assert_eq!(small.premium_at(Square::new(0, 0)), Premium::TripleWord);
    }
}
