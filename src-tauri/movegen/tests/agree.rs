//! The generator and the brute-force oracle agree exactly (moves, blanks, scores, order) on
//! every kept position in `tests/positions/`.

mod oracle;

use std::sync::Arc;

use wordclub_engine::RuleSet;
use wordclub_lexicon::WordList;
use wordclub_movegen::{
    gaddag_for, layout_of, position_of, sort_moves, Gaddag, Generator, Layout, Position, Rack,
};

/// A kept position with what generating on it takes: its list, layout, graph and rack.
struct Kept {
    list: &'static WordList,
    layout: Layout,
    graph: Arc<Gaddag>,
    pos: Position,
    rack: Rack,
}

fn load(cgp: &str) -> Kept {
    let parsed = wordclub_engine::Cgp::parse(cgp).unwrap();
    let rules = RuleSet::builtin(parsed.opcode("rules").expect("rules opcode")).unwrap();
    let list = WordList::builtin(parsed.opcode("lex").unwrap_or(&rules.default_list)).unwrap();
    let pos = position_of(cgp, &rules).unwrap();
    Kept {
        list,
        layout: layout_of(&rules).unwrap(),
        graph: gaddag_for(list),
        rack: pos.rack.expect("kept positions carry a rack"),
        pos,
    }
}

fn kept_positions() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "cgp"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (
                name,
                std::fs::read_to_string(&p).unwrap().trim().to_string(),
            )
        })
        .collect()
}

#[test]
fn generator_matches_oracle_on_every_kept_position() {
    let positions = kept_positions();
    assert!(
        positions.len() >= 60,
        "only {} kept positions",
        positions.len()
    );
    let mut sizes = std::collections::BTreeSet::new();
    let mut gen = Generator::new();
    let mut total = 0;
    for (name, cgp) in &positions {
        let Kept {
            list,
            layout,
            graph: g,
            pos,
            rack,
        } = load(cgp);
        sizes.insert(layout.size);
        let mut moves = gen.all_moves(&g, &layout, &pos.grid, &rack);
        sort_moves(&mut moves);
        let got: Vec<(String, i32)> = moves.iter().map(|m| (m.notation(), m.score)).collect();
        let want = oracle::oracle_moves(list, &layout, &pos.grid, &rack);
        if got != want {
            let extra: Vec<_> = got.iter().filter(|m| !want.contains(m)).take(5).collect();
            let missing: Vec<_> = want.iter().filter(|m| !got.contains(m)).take(5).collect();
            panic!(
                "{name}: generator {} moves, oracle {}; only generator: {extra:?}; only oracle: {missing:?}",
                got.len(),
                want.len()
            );
        }
        // The pruned best-move search finds exactly the head of the sorted list.
        assert_eq!(
            gen.best_move(&g, &layout, &pos.grid, &rack),
            moves.first().copied(),
            "{name}: best move"
        );
        total += got.len();
    }
    assert!(sizes.contains(&9) && sizes.contains(&15));
    assert!(total > 10_000, "the positions exercise only {total} moves");
}

/// A generator keeps the last board's cross-checks and works out again only the lines that
/// changed: reused over positions in any order (successive turns of one match, other rule
/// sets, boards emptied again) it lists exactly what a fresh generator lists.
#[test]
fn a_reused_generator_agrees_with_a_fresh_one_in_any_order() {
    let positions = kept_positions();
    let n = positions.len();
    // In file order (turns of a match follow each other), then backwards, then strided.
    let order: Vec<usize> = (0..n)
        .chain((0..n).rev())
        .chain((0..n).map(|i| i * 37 % n))
        .collect();
    let mut reused = Generator::new();
    for i in order {
        let (name, cgp) = &positions[i];
        let Kept {
            layout,
            graph: g,
            pos,
            rack,
            ..
        } = load(cgp);
        let mut got = reused.all_moves(&g, &layout, &pos.grid, &rack);
        let mut want = Generator::new().all_moves(&g, &layout, &pos.grid, &rack);
        sort_moves(&mut got);
        sort_moves(&mut want);
        assert!(got == want, "{name}: a reused generator lists other moves");
        assert_eq!(
            reused.best_move(&g, &layout, &pos.grid, &rack),
            want.first().copied(),
            "{name}: best move"
        );
    }
}

/// The best-move search (its bounds, the shadow bound's stretches that cut its walks, the
/// rightmost-hook anchors and the skipped ties) finds exactly the head of the sorted list on
/// every turn of seeded matches, with the rack as dealt and with one, two or three of its
/// tiles turned into blanks (the stretches count a walk's blanks up to two): on every rule set family, including `wordclub-1.0`, where every
/// letter is worth 1 and the best score is nearly always tied.
#[test]
fn best_move_is_the_head_of_the_list_through_seeded_matches_with_blanks() {
    use wordclub_engine::{ListRef, Match, PlayerSpec};
    use wordclub_movegen::{computer_action, grid_of, rack_of, Level};
    let mut gen = Generator::new();
    let (mut checked, mut tied) = (0, 0);
    for (id, seeds) in [
        ("wordclub-1.0", 0..3u64),
        ("wordclub-1.1", 0..3),
        ("solo-10", 0..2),
        ("classic-15", 0..2),
    ] {
        let rules = RuleSet::builtin(id).unwrap();
        let list = WordList::builtin(&rules.default_list).unwrap();
        let layout = layout_of(&rules).unwrap();
        let g = gaddag_for(list);
        for seed in seeds {
            // A solo rule set has no computer seat: its one human seat is played by Hard.
            let players = (0..rules.players.min)
                .map(|i| {
                    let name = format!("p{i}");
                    if rules.computer_seats {
                        PlayerSpec::computer(&name, "hard")
                    } else {
                        PlayerSpec::human(&name)
                    }
                })
                .collect();
            let mut m = Match::new(rules.clone(), ListRef::of(list), players, 40 + seed).unwrap();
            while let Some(seat) = m.to_move() {
                let dealt = rack_of(m.rack(seat).unwrap());
                let grid = grid_of(m.board());
                for blanks in 0..=3u8 {
                    let mut rack = dealt;
                    // Turn the rack's first letters into blanks.
                    let mut left = blanks;
                    for l in 1..27 {
                        while left > 0 && rack.counts[l] > 0 {
                            rack.counts[l] -= 1;
                            rack.counts[0] += 1;
                            left -= 1;
                        }
                    }
                    let mut moves = gen.all_moves(&g, &layout, &grid, &rack);
                    sort_moves(&mut moves);
                    let best = gen.best_move(&g, &layout, &grid, &rack);
                    assert_eq!(
                        best,
                        moves.first().copied(),
                        "{id} seed {seed} rack {blanks} blanks, turn {}",
                        checked
                    );
                    checked += 1;
                    tied += (moves.len() > 1 && moves[1].score == moves[0].score) as usize;
                }
                let action = computer_action(&m, seat, list, Level::Hard).unwrap();
                m.apply(action, list).unwrap();
            }
        }
    }
    assert!(checked > 300, "only {checked} racks");
    assert!(tied > 50, "only {tied} racks with a tied best score");
}
