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
}
