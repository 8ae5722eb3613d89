//! Rebuilds the kept positions in `tests/positions/` (the seeded ones; hand-made edge cases
//! have names starting with `edge-` and are not touched). Run explicitly:
//! `cargo test --release -p wordclub-movegen --test make_positions -- --ignored`.
//!
//! Each seeded position comes from a match played through the engine: every turn the player
//! to move picks, with a seeded random generator, one of the ten best-scoring moves (or passes
//! when it has none); snapshots are taken at fixed turns, with the real rack or with one or
//! two of its tiles turned into blanks, or cut short.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wordclub_engine::{Action, Cgp, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::{gaddag_for, grid_of, layout_of, rack_of, sort_moves, Generator};

fn variants(rack: &str) -> Vec<(&'static str, String)> {
    let mut out = vec![("rack", rack.to_string())];
    if rack.len() >= 2 {
        out.push(("blank1", format!("?{}", &rack[1..])));
    }
    if rack.len() >= 3 {
        out.push(("blank2", format!("??{}", &rack[2..])));
        out.push(("short", rack[..2].to_string()));
    }
    out
}

#[test]
#[ignore]
fn regenerate_positions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("seeded-") {
            std::fs::remove_file(path).unwrap();
        }
    }
    // (rule set, seed, snapshot turns, which rack variants to keep at each snapshot)
    let plan: &[(&str, u64, &[usize])] = &[
        // Midgames with the racks as dealt only (the bench's typical 15×15 positions).
        ("classic-15", 8, &[6, 10, 14, 18]),
        ("classic-15", 9, &[5, 9, 13, 17]),
        ("classic-15", 10, &[7, 11, 15, 19]),
        ("wordclub-1.0", 1, &[0, 3, 8, 14]),
        ("wordclub-1.1", 2, &[0, 4, 9, 15]),
        ("wordclub-1.1", 3, &[2, 12]),
        ("solo-10", 4, &[0, 3, 7]),
        ("classic-15", 5, &[0, 5, 12, 22]),
        ("classic-15", 6, &[3, 9, 30]),
        ("classic-15-ten", 7, &[4, 11]),
    ];
    let mut written = 0;
    for &(rules_id, seed, snapshots) in plan {
        let dealt_only = seed >= 8;
        let rules = RuleSet::builtin(rules_id).unwrap();
        let list = WordList::builtin(&rules.default_list).unwrap();
        let g = gaddag_for(list);
        let layout = layout_of(&rules).unwrap();
        let players = if rules.players.max == 1 {
            vec![PlayerSpec::human("A")]
        } else {
            vec![PlayerSpec::human("A"), PlayerSpec::human("B")]
        };
        let mut m = Match::new(rules.clone(), ListRef::of(list), players, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut gen = Generator::new();
        let last = *snapshots.iter().max().unwrap();
        for turn in 0..=last {
            let Some(seat) = m.to_move() else { break };
            let rack_bytes = m.rack(seat).unwrap().to_vec();
            let rack_text = String::from_utf8(rack_bytes.clone()).unwrap();
            if snapshots.contains(&turn) {
                for (k, (kind, rack)) in variants(&rack_text).into_iter().enumerate() {
                    // Keep every variant on empty boards and at the last snapshot; elsewhere two.
                    if (turn != 0 && turn != last && k % 2 == 1) || (dealt_only && k > 0) {
                        continue;
                    }
                    let cgp = Cgp::format(
                        m.board(),
                        &[rack],
                        m.scores(),
                        0,
                        &[
                            ("lex".to_string(), list.info().id.clone()),
                            ("rules".to_string(), rules_id.to_string()),
                        ],
                    );
                    let name = format!("seeded-{rules_id}-s{seed}-t{turn:02}-{kind}.cgp");
                    std::fs::write(dir.join(name), format!("{cgp}\n")).unwrap();
                    written += 1;
                }
            }
            let mut moves = gen.all_moves(&g, &layout, &grid_of(m.board()), &rack_of(&rack_bytes));
            sort_moves(&mut moves);
            let action = if moves.is_empty() {
                Action::Pass { player: seat }
            } else {
                let pick = rng.gen_range(0..moves.len().min(10));
                Action::Place {
                    player: seat,
                    tiles: moves[pick].placements(),
                }
            };
            if m.apply(action, list).is_err() {
                m.apply(Action::Pass { player: seat }, list).unwrap();
            }
        }
    }
    assert!(written >= 50, "wrote {written}");
}
