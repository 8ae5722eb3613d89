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
