//! A deliberately simple brute-force move lister, the generator's reference in tests.
//!
//! For every word of the list, every row and column and every start square it checks the
//! placement rules directly (fits the tiles already there, nothing touching its ends, at
//! least one tile placed, covers the star or touches a tile, every perpendicular word in the
//! list, the rack supplies the letters, blanks filling any gap) and scores it straight from
//! the rule text. It shares no code with the generator beyond the plain data types.

use wordclub_lexicon::WordList;
use wordclub_movegen::{Grid, Layout, Rack};

/// (notation, score), sorted by score descending then notation.
pub fn oracle_moves(
    list: &WordList,
    layout: &Layout,
    grid: &Grid,
    rack: &Rack,
) -> Vec<(String, i32)> {
    use fst::Streamer;
    let n = layout.size;
    let cell = |r: usize, c: usize| -> Option<(u8, bool)> {
        let t = grid.cells[r * n + c];
        (t != 0).then(|| (b'A' + (t & 0x1f) - 1, t & 0x80 != 0))
    };
    let empty_board = grid.cells.iter().all(|&t| t == 0);
    let mut on_board = [0usize; 26];
    // Letters on each row (lanes 0..n) and column (lanes n..2n).
    let mut on_lane = vec![[0usize; 26]; 2 * n];
    for (i, &t) in grid.cells.iter().enumerate() {
        if t != 0 {
            let l = ((t & 0x1f) - 1) as usize;
            on_board[l] += 1;
            on_lane[i / n][l] += 1;
            on_lane[n + i % n][l] += 1;
        }
    }
    let blanks = rack.counts[0] as usize;
    let rack_len = rack.len();
    let value = |letter: u8| layout.values[(letter - b'A' + 1) as usize] as i32;
    let mut out = Vec::new();
    let mut stream = list.fst().stream();
    while let Some(word) = stream.next() {
        let len = word.len();
        if len < 2 || len > n {
            continue;
        }
        // Cheap necessary condition: the rack, its blanks and the board hold enough letters.
        let mut need = [0usize; 26];
        for &c in word {
            need[(c - b'A') as usize] += 1;
        }
        let short: usize = (0..26)
            .map(|l| need[l].saturating_sub(rack.counts[l + 1] as usize + on_board[l]))
            .sum();
        if short > blanks {
            continue;
        }
        for down in [false, true] {
            if empty_board && down {
                continue; // openings are listed across only (every layout is symmetric)
            }
            for lane in 0..n {
                let lane_letters = &on_lane[if down { n + lane } else { lane }];
                let short: usize = (0..26)
                    .map(|l| need[l].saturating_sub(rack.counts[l + 1] as usize + lane_letters[l]))
                    .sum();
                if short > blanks {
                    continue;
                }
                for start in 0..=n - len {
                    let at = |i: usize| {
                        if down {
                            (start + i, lane)
                        } else {
                            (lane, start + i)
                        }
                    };
                    let before = start
                        .checked_sub(1)
                        .map(|p| if down { (p, lane) } else { (lane, p) });
                    let after = (start + len < n).then(|| at(len));
                    if before.is_some_and(|(r, c)| cell(r, c).is_some())
                        || after.is_some_and(|(r, c)| cell(r, c).is_some())
                    {
                        continue;
                    }
                    let mut placed: Vec<(usize, usize, u8)> = Vec::new();
                    let mut fits = true;
                    let mut through = false;
                    for (i, &letter) in word.iter().enumerate() {
                        let (r, c) = at(i);
                        match cell(r, c) {
                            Some((l, _)) if l == letter => through = true,
                            Some(_) => {
                                fits = false;
                                break;
                            }
                            None => placed.push((r, c, letter)),
                        }
                    }
                    if !fits || placed.is_empty() || placed.len() > rack_len {
                        continue;
                    }
                    let touches = |r: usize, c: usize| {
                        (r > 0 && cell(r - 1, c).is_some())
                            || (r + 1 < n && cell(r + 1, c).is_some())
                            || (c > 0 && cell(r, c - 1).is_some())
                            || (c + 1 < n && cell(r, c + 1).is_some())
                    };
                    if empty_board {
                        if !placed.iter().any(|&(r, c, _)| (r, c) == layout.star) {
                            continue;
                        }
                    } else if !through && !placed.iter().any(|&(r, c, _)| touches(r, c)) {
                        continue;
                    }
                    // The perpendicular word through each placed tile.
                    let perp_word =
                        |r: usize, c: usize, letter: u8| -> Vec<(u8, bool, bool, usize, usize)> {
                            let (dr, dc) = if down { (0i32, 1i32) } else { (1, 0) };
                            let (mut r0, mut c0) = (r as i32, c as i32);
                            while r0 - dr >= 0
                                && c0 - dc >= 0
                                && cell((r0 - dr) as usize, (c0 - dc) as usize).is_some()
                            {
                                r0 -= dr;
                                c0 -= dc;
                            }
                            let mut letters = Vec::new();
                            let (mut rr, mut cc) = (r0, c0);
                            while (rr as usize) < n && (cc as usize) < n {
                                let (ru, cu) = (rr as usize, cc as usize);
                                if (ru, cu) == (r, c) {
                                    letters.push((letter, false, true, ru, cu));
                                } else if let Some((l, b)) = cell(ru, cu) {
                                    letters.push((l, b, false, ru, cu));
                                } else {
                                    break;
                                }
                                rr += dr;
                                cc += dc;
                            }
                            letters
                        };
                    if down && placed.len() == 1 {
                        let (r, c, l) = placed[0];
                        if perp_word(r, c, l).len() >= 2 {
                            continue; // listed across
                        }
                    }
                    let mut cross_ok = true;
                    let mut crosses = Vec::new();
                    for (k, &(r, c, l)) in placed.iter().enumerate() {
                        let w = perp_word(r, c, l);
                        if w.len() >= 2 {
                            let text: Vec<u8> = w.iter().map(|x| x.0).collect();
                            if !list.contains(&text) {
                                cross_ok = false;
                                break;
                            }
                            crosses.push((k, w));
                        }
                    }
                    if !cross_ok {
                        continue;
                    }
                    // Every way of choosing which placed tiles are blanks.
                    let k = placed.len();
                    for subset in 0u32..(1 << k) {
                        if subset.count_ones() as usize > blanks {
                            continue;
                        }
                        let mut counts = rack.counts;
                        let mut ok = true;
                        for (i, &(_, _, l)) in placed.iter().enumerate() {
                            if subset & (1 << i) == 0 {
                                let idx = (l - b'A' + 1) as usize;
                                if counts[idx] == 0 {
                                    ok = false;
                                    break;
                                }
                                counts[idx] -= 1;
                            }
                        }
                        if !ok {
                            continue;
                        }
                        let is_blank = |i: usize| subset & (1 << i) != 0;
                        // Score, straight from the rules.
                        let square_premium = |r: usize, c: usize| {
                            (
                                layout.letter_mult[r * n + c] as i32,
                                layout.word_mult[r * n + c] as i32,
                            )
                        };
                        let mut main = 0;
                        let mut wmul = 1;
                        let mut notation_word = String::new();
                        let mut pi = 0;
                        for (i, &letter) in word.iter().enumerate() {
                            let (r, c) = at(i);
                            match cell(r, c) {
                                Some((_, b)) => {
                                    if !b {
                                        main += value(letter);
                                    }
                                    notation_word.push('.');
                                }
                                None => {
                                    let (lm, wm) = square_premium(r, c);
                                    if is_blank(pi) {
                                        notation_word.push(letter.to_ascii_lowercase() as char);
                                    } else {
                                        main += value(letter) * lm;
                                        notation_word.push(letter as char);
                                    }
                                    wmul *= wm;
                                    pi += 1;
                                }
                            }
                        }
                        let mut score = main * wmul;
                        for (idx, w) in &crosses {
                            let mut sum = 0;
                            let mut wm_total = 1;
                            for &(l, b, new, r, c) in w {
                                if new {
                                    let (lm, wm) = square_premium(r, c);
                                    if !is_blank(*idx) {
                                        sum += value(l) * lm;
                                    }
                                    wm_total *= wm;
                                } else if !b {
                                    sum += value(l);
                                }
                            }
                            score += sum * wm_total;
                        }
                        if k == layout.rack_size {
                            score += layout.bingo_bonus;
                        }
                        let col = (b'A' + at(0).1 as u8) as char;
                        let row = at(0).0 + 1;
                        let coord = if down {
                            format!("{col}{row}")
                        } else {
                            format!("{row}{col}")
                        };
                        out.push((format!("{coord} {notation_word}"), score));
                    }
                }
            }
        }
    }
    out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out
}
