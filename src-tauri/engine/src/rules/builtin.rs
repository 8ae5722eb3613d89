//! The built-in rule sets: one JSON file each in `engine/rules/` (the format `wordclub-cli
//! rules` prints and `--rules-file` reads), embedded at build. The engine's tests check every
//! file with the validator and pin each one's hash (stored matches and the lab's evidence
//! files name their rule set by it), so a file that fails either fails `cargo test`.
use std::sync::OnceLock;

use super::RuleSet;
use crate::error::EngineError;

/// Lists the built-in rule sets once: their ids in display order, and each id's file.
macro_rules! built_in {
    ($($id:literal),* $(,)?) => {
        /// Ids of the built-in rule sets, in display order (each is `engine/rules/ID.json`).
        pub const RULE_SET_IDS: [&str; [$($id),*].len()] = [$($id),*];
        /// Each id's file, in the order of [`RULE_SET_IDS`].
        const FILES: [&str; RULE_SET_IDS.len()] =
            [$(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/", $id, ".json"))),*];
    };
}

built_in!(
    "wordclub-1.0",
    "wordclub-1.1",
    "wordclub-1.2",
    "wordclub-1.3",
    "solo-10",
    "classic-15",
    "classic-15-ten",
);

/// Every built-in read from its file, once.
fn read() -> &'static [RuleSet] {
    static READ: OnceLock<Vec<RuleSet>> = OnceLock::new();
    READ.get_or_init(|| {
        FILES
            .iter()
            .zip(RULE_SET_IDS)
            .map(|(text, id)| {
                // The engine's tests read and check every file: a build that ships one that
                // does not read has failed them.
                serde_json::from_str(text)
                    .unwrap_or_else(|e| panic!("engine/rules/{id}.json does not read: {e}"))
            })
            .collect()
    })
}

impl RuleSet {
    /// A built-in rule set by id.
    pub fn builtin(id: &str) -> Result<RuleSet, EngineError> {
        RULE_SET_IDS
            .iter()
            .position(|known| *known == id)
            .map(|i| read()[i].clone())
            .ok_or_else(|| EngineError::UnknownRuleSet {
                id: id.to_string(),
                known: RULE_SET_IDS.iter().map(|s| s.to_string()).collect(),
            })
    }

    /// Every built-in rule set, in display order.
    pub fn all() -> Vec<RuleSet> {
        read().to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Leave, LeaveTableId};
    use crate::types::{Premium, Square, BLANK};

    /// Each built-in's hash as the rule set was defined in code before it moved to its file:
    /// stored matches and the lab's evidence files are pinned to these, so the move (and any
    /// later edit of a file) must leave them as they are. A new rule set adds its line.
    const HASHES: [(&str, &str); 7] = [
        (
            "wordclub-1.0",
            "75c582e082b9c5a4ed9dffb2fb898d744f8e9eb8d173ce62e26982b7f6090f0a",
        ),
        (
            "wordclub-1.1",
            "8f1e2263b1c237d5f9732bed9badf3638950788efa8ef9109a4dadb35744468e",
        ),
        (
            "wordclub-1.2",
            "d2f4e35217df579966891585ac06e90012184f6358d3f449a96484fde4dda5ad",
        ),
        (
            "wordclub-1.3",
            "87b3a1a1847ade4deb9a9d4cbe1a1a85e3ac5d5360e263bd64dedcdd6a54173f",
        ),
        (
            "solo-10",
            "3cf4bc057d062eff6887ff3606391357ae65318684c7a27bf25f3081beb2c810",
        ),
        (
            "classic-15",
            "dd82b4b565e78399191cc810eb1e8ed585d29cfacf4bc7aba965a5c9e999b0c3",
        ),
        (
            "classic-15-ten",
            "33eb5fd144e84d2f98eea6880de804c1100ebce1d16500ed66d5cf8074ca7750",
        ),
    ];

    #[test]
    fn every_built_in_keeps_its_hash() {
        let ids: Vec<&str> = HASHES.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, RULE_SET_IDS, "one pinned hash per built-in, in order");
        for (id, hash) in HASHES {
            assert_eq!(RuleSet::builtin(id).unwrap().hash(), hash, "{id}");
        }
    }

    /// A built-in the validator refuses fails here, before any build ships it; so does a file
    /// whose id is not its name.
    #[test]
    fn every_built_in_file_passes_the_validator() {
        for (id, r) in RULE_SET_IDS.iter().zip(RuleSet::all()) {
            assert_eq!(r.id, *id);
            assert_eq!(r.validate(), Ok(()), "{id}");
            for n in r.table_sizes() {
                assert_eq!(r.at_table(n).unwrap().validate(), Ok(()), "{id} at {n}");
            }
        }
    }

    #[test]
    fn bag_sizes_match_spec() {
        let sizes: Vec<usize> = RuleSet::all().iter().map(|r| r.bag_size()).collect();
        assert_eq!(sizes, vec![32, 93, 47, 78, 70, 100, 100]);
        let blanks: Vec<usize> = RuleSet::all().iter().map(|r| r.blank_count()).collect();
        assert_eq!(blanks, vec![0, 2, 2, 2, 0, 2, 2]);
    }

    #[test]
    fn classic_layout_has_the_standard_premium_counts() {
        let r = RuleSet::builtin("classic-15").unwrap();
        let count = |p| r.premium_grid().iter().filter(|&&q| q == p).count();
        assert_eq!(count(Premium::TripleWord), 8);
        assert_eq!(count(Premium::DoubleWord), 17); // 16 + the star
        assert_eq!(count(Premium::TripleLetter), 12);
        assert_eq!(count(Premium::DoubleLetter), 24);
        assert_eq!(
            r.premium_at(Square::parse("H8").unwrap()),
            Premium::DoubleWord
        );
        assert_eq!(
            r.premium_at(Square::parse("A15").unwrap()),
            Premium::TripleWord
        );
        assert_eq!(
            r.premium_at(Square::parse("D15").unwrap()),
            Premium::DoubleLetter
        );
    }

    #[test]
    fn layouts_are_symmetric_about_the_diagonal() {
        for r in RuleSet::all() {
            for p in &r.premiums {
                let t = Square::new(p.square.col, p.square.row);
                assert_eq!(r.premium_at(t), p.premium, "{} {}", r.id, p.square);
            }
        }
    }

    #[test]
    fn solo_layout_fixed_by_the_worked_example() {
        let r = RuleSet::builtin("solo-10").unwrap();
        let at = |s: &str| r.premium_at(Square::parse(s).unwrap());
        assert_eq!(at("C5"), Premium::DoubleLetter);
        assert_eq!(at("E3"), Premium::DoubleLetter);
        assert_eq!(at("E5"), Premium::DoubleWord);
        for plain in ["D5", "F5", "E4", "E6"] {
            assert_eq!(at(plain), Premium::None, "{plain}");
        }
    }

    #[test]
    fn values_follow_tables() {
        let a = RuleSet::builtin("solo-10").unwrap();
        let b = RuleSet::builtin("classic-15").unwrap();
        let one = RuleSet::builtin("wordclub-1.0").unwrap();
        assert_eq!((a.value(b'Q'), a.value(b'J'), a.value(b'K')), (9, 7, 5));
        assert_eq!((b.value(b'Q'), b.value(b'X'), b.value(BLANK)), (10, 8, 0));
        assert_eq!((one.value(b'Z'), one.value(b'C')), (1, 1));
    }

    #[test]
    fn hash_differs_between_rule_sets_and_is_stable() {
        let all = RuleSet::all();
        assert_eq!(
            all[5].hash(),
            RuleSet::builtin("classic-15").unwrap().hash()
        );
        assert_ne!(all[5].hash(), all[6].hash());
        assert_eq!(all[0].hash().len(), 64);
    }

    #[test]
    fn wordclub_1_1_is_unchanged_and_1_2_keeps_its_board_values_and_premium_kinds() {
        let old = RuleSet::builtin("wordclub-1.1").unwrap();
        // The hash of 1.1 as it shipped before 1.2 existed: not one byte of it changed but the
        // leave table it names, which it played with by its id before.
        let before_leave = RuleSet {
            leave: None,
            ..old.clone()
        };
        assert_eq!(
            before_leave.hash(),
            "4d1957ee609b90ea30355e9024151cde2c44b80860a87dd9cf110da8e182ddbe"
        );
        assert_eq!(before_leave.leave(), old.leave());
        let new = RuleSet::builtin("wordclub-1.2").unwrap();
        assert!(new.candidate && new.label.contains("proposed by the rules lab"));
        assert!(new.evidence.is_some() && old.evidence.is_none());
        assert_eq!(
            (
                new.board_size,
                new.star,
                new.rack_size,
                new.end,
                new.exchange
            ),
            (
                old.board_size,
                old.star,
                old.rack_size,
                old.end,
                old.exchange
            )
        );
        assert_eq!(new.value_table(), old.value_table());
        let kinds = |r: &RuleSet, p| r.premiums.iter().filter(|x| x.premium == p).count();
        for p in [Premium::DoubleWord, Premium::TripleLetter] {
            assert_eq!(kinds(&new, p), kinds(&old, p));
        }
        assert_eq!(new.premiums.len(), old.premiums.len());
        assert_eq!(new.blank_count(), 2);
    }

    /// 1.3 is data only: one 13×13 board at every size, every letter in every bag, what the
    /// lab chose per table size, and 1.0–1.2 exactly as they shipped (their own tests above
    /// pin their hashes and fields).
    #[test]
    fn wordclub_1_3_is_the_lab_s_candidate_for_every_table_size() {
        let r = RuleSet::builtin("wordclub-1.3").unwrap();
        assert!(r.candidate && r.label.contains("candidate, proposed by the rules lab"));
        assert!(r.evidence.is_some());
        assert_eq!(r.leave(), Leave::Shipped(LeaveTableId::Wordclub11));
        let one_one = RuleSet::builtin("wordclub-1.1").unwrap();
        let sizes: Vec<(usize, usize, u8, Vec<i32>)> = r
            .table_sizes()
            .map(|n| {
                let flat = r.at_table(n).unwrap();
                assert_eq!((flat.board_size, flat.star), (13, Square::new(6, 6)));
                assert_eq!(flat.premiums, r.premiums);
                assert_eq!(flat.value_table(), one_one.value_table());
                assert_eq!(flat.blank_count(), 2);
                // Every letter of the alphabet is in the bag at every table size.
                assert!(flat.tiles.iter().all(|t| t.count > 0), "{n} players");
                assert_eq!(flat.table, Some(n as u8));
                // The shipped table as it is at every size: no re-fit before a first move.
                assert_eq!(flat.leave(), Leave::Shipped(LeaveTableId::Wordclub11));
                (n, flat.bag_size(), flat.rack_size, flat.start_points)
            })
            .collect();
        assert_eq!(
            sizes,
            vec![
                (2, 78, 7, vec![]),
                (3, 101, 7, vec![3, 0, 9]),
                (4, 107, 5, vec![8, 0, 3, 8]),
            ]
        );
        let count = |p| r.premiums.iter().filter(|x| x.premium == p).count();
        assert_eq!(
            [
                Premium::TripleWord,
                Premium::DoubleWord,
                Premium::TripleLetter,
                Premium::DoubleLetter
            ]
            .map(count),
            [8, 12, 8, 16]
        );
        assert_eq!(r.premium_at(r.star), Premium::None);
        // A four-player rack of five exchanges at most five, and only while five are left.
        let four = r.at_table(4).unwrap();
        assert_eq!(four.exchange_range(5, 5), Some((1, 5)));
        assert_eq!(four.exchange_range(4, 5), None);
    }

    #[test]
    fn unknown_id_is_typed() {
        assert_eq!(
            RuleSet::builtin("nope").unwrap_err().kind(),
            "unknown_rule_set"
        );
    }
}
