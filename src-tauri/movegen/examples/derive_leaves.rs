//! Derives the shipped leave tables (`data/leaves-*.tsv`) from self-play.
//!
//! `cargo run --release -p wordclub-movegen --example derive_leaves -- [GAMES] [SEED]`
//!
//! Two greedy players (always the best-scoring move) play GAMES matches per rule set through
//! the engine. After every placement made while the bag still held tiles, the leave kept is
//! paired with the score that player makes on its next turn. A ridge regression of that
//! next score on the leave's features (tile counts, extra copies, vowel/consonant balance)
//! gives the tables; the fitted value of the empty leave is subtracted from the balance
//! table so an empty leave is worth 0.

use wordclub_engine::{Action, ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::leave_after;
use wordclub_movegen::{features, Regression, FEATURES};
use wordclub_movegen::{gaddag_for, grid_of, layout_of, rack_of, Generator, LeaveTable, Rack};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20261130);
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    for rules_id in ["classic-15", "wordclub-1.1", "wordclub-1.0"] {
        let rules = RuleSet::builtin(rules_id).unwrap();
        let list = WordList::builtin(&rules.default_list).unwrap();
        let g = gaddag_for(list);
        let layout = layout_of(&rules).unwrap();
        let mut gen = Generator::new();
        let mut reg = Regression::new(FEATURES);
        let mut x = Vec::new();
        for i in 0..games {
            let players = vec![
                PlayerSpec::computer("A", "greedy"),
                PlayerSpec::computer("B", "greedy"),
            ];
            let mut m =
                Match::new(rules.clone(), ListRef::of(list), players, seed + i as u64).unwrap();
            // Per seat: the leave kept on its previous placement (while the bag had tiles).
            let mut pending: [Option<Rack>; 2] = [None, None];
            while let Some(seat) = m.to_move() {
                let rack = rack_of(m.rack(seat).unwrap());
                let best = gen.best_move(&g, &layout, &grid_of(m.board()), &rack);
                let score = best.map_or(0, |b| b.score);
                if let Some(leave) = pending[seat].take() {
                    features(&leave, &mut x);
                    reg.add(&x, score as f64);
                }
                let action = match best {
                    Some(b) => {
                        if m.bag_len() > 0 {
                            pending[seat] = Some(leave_after(&rack, &b));
                        }
                        Action::Place {
                            player: seat,
                            tiles: b.placements(),
                        }
                    }
                    None => Action::Pass { player: seat },
                };
                m.apply(action, list).unwrap();
            }
        }
        let mut beta = reg.solve(1.0);
        // Make the empty leave worth 0: shift the balance table.
        features(&Rack::default(), &mut x);
        let empty: f64 = x.iter().map(|&(i, a)| beta[i] * a).sum();
        for b in &mut beta[54..] {
            *b -= empty;
        }
        let mut table = LeaveTable::from_coefficients(&beta);
        // How Hard uses the table, set from Hard-vs-greedy trials (data/README.md).
        (table.weight, table.exchanges) = match rules_id {
            "wordclub-1.1" => (0.5, false),
            _ => (1.0, true),
        };
        let header = format!(
            "Leave values for {rules_id} (points), derived by examples/derive_leaves.rs:\n\
             {games} greedy self-play matches from seed {seed}, {} samples (leave kept -> next-turn score),\n\
             ridge regression (lambda 1) on tile counts, extra copies and vowel/consonant balance.",
            reg.samples
        );
        std::fs::write(
            out.join(format!("leaves-{rules_id}.tsv")),
            table.to_text(&header),
        )
        .unwrap();
        println!("{rules_id}: {} samples", reg.samples);
    }
}
