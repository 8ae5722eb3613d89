//! Derives the shipped leave tables (`data/leaves-*.tsv`) from self-play.
//!
//! `cargo run --release -p wordclub-movegen --example derive_leaves -- [GAMES] [SEED]`
//!
//! For each rule set, [`LeaveTable::fit`] with no prior and ridge λ = 1: two
//! greedy players (always the best-scoring move) play GAMES matches through the engine; after
//! every placement made while the bag still held tiles, the leave kept is paired with the
//! score that player makes on its next turn. A ridge regression of that next score on the
//! leave's features (tile counts, extra copies, vowel/consonant balance) gives the tables; the
//! fitted value of the empty leave is subtracted from the balance table so an empty leave is
//! worth 0. A rule set without a shipped table gets one the same way (`LeaveTable::for_rules`).

use wordclub_engine::RuleSet;
use wordclub_movegen::LeaveTable;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20261130);
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    for rules_id in ["classic-15", "wordclub-1.1", "wordclub-1.0"] {
        let rules = RuleSet::builtin(rules_id).unwrap();
        let (mut table, samples) = LeaveTable::fit(&rules, None, games, seed, 1.0).unwrap();
        // How Hard uses the table, set from Hard-vs-greedy trials (data/README.md).
        (table.weight, table.exchanges) = match rules_id {
            "wordclub-1.1" => (0.5, false),
            _ => (1.0, true),
        };
        let header = format!(
            "Leave values for {rules_id} (points), derived by examples/derive_leaves.rs:\n\
             {games} greedy self-play matches from seed {seed}, {samples} samples (leave kept -> next-turn score),\n\
             ridge regression (lambda 1) on tile counts, extra copies and vowel/consonant balance."
        );
        std::fs::write(
            out.join(format!("leaves-{rules_id}.tsv")),
            table.to_text(&header),
        )
        .unwrap();
        println!("{rules_id}: {samples} samples");
    }
}
