//! Shipped lab evidence: the files of `data/evidence/` (see its README), each the stdout of
//! one `lab measure --shard 1/1` run of one table, read back into the run's figures and
//! drawn with [`crate::report`]'s charts — the same pictures as `--report`, so there is one
//! drawing of each chart. The app embeds the files at build time and answers them on the
//! Rules screen (`rules_evidence`).
//!
//! A file is named `<rule-set id>.<anything>.json` and holds the shard of that rule set: a
//! shard is integer tallies, so the figures read back from it are exactly those the run
//! printed (`lab merge FILE --json` prints them too).

use crate::measure::Measurement;
use crate::report::{self, Chart, Table};
use crate::shard::{merge_measure, LabShard, MeasureShard};
use crate::tally::Tally;
use crate::LabError;

fn evidence_error(file: &str, reason: impl Into<String>) -> LabError {
    LabError::Evidence {
        file: file.to_string(),
        reason: reason.into(),
    }
}

/// One table of shipped evidence: the file it came from, the shard in it, and the figures
/// and tally of its matches.
#[derive(Debug, Clone)]
pub struct EvidenceTable {
    pub file: String,
    pub shard: MeasureShard,
    pub figures: Measurement,
    pub tally: Tally,
}

impl EvidenceTable {
    /// Every player of the table is the same computer level (Hard in every seat: the
    /// balance tables), as opposed to a mixed table (the skill signal).
    pub fn same_level(&self) -> bool {
        self.shard.players.windows(2).all(|w| w[0] == w[1])
    }

    /// The charts of this table, as `--report` draws them: its seats' wins, how matches end,
    /// their length, the squares covered, the seats' scores and the winning margins.
    pub fn charts(&self) -> Vec<Chart> {
        let table = Table::of_run(&self.figures, &self.tally);
        let mut charts = vec![report::seat_wins(std::slice::from_ref(&table))];
        charts.extend(report::table_charts(&table));
        charts
    }
}

/// Reads one evidence file: a `lab measure` shard of one whole run (`--shard 1/1`), of the
/// rule set its name begins with. Anything else is an `Evidence` error naming the file.
pub fn parse(file: &str, text: &str) -> Result<EvidenceTable, LabError> {
    let shard: LabShard = serde_json::from_str(text).map_err(|e| {
        evidence_error(
            file,
            format!("not a shard written by lab measure --shard 1/1: {e}"),
        )
    })?;
    let LabShard::Measure(shard) = shard else {
        return Err(evidence_error(
            file,
            "a lab search shard: evidence is a lab measure shard",
        ));
    };
    if shard.shard.n != 1 {
        return Err(evidence_error(
            file,
            format!(
                "shard {}/{} is part of a run: merge its shards with lab merge, then ship \
                 the measure of the whole run (--shard 1/1)",
                shard.shard.k, shard.shard.n
            ),
        ));
    }
    let id = &shard.rules.id;
    if !file.starts_with(&format!("{id}.")) || !file.ends_with(".json") {
        return Err(evidence_error(
            file,
            format!("it holds rule set {id}: name it {id}.<table>.json"),
        ));
    }
    let (figures, tally) = merge_measure(std::slice::from_ref(&shard))
        .map_err(|e| evidence_error(file, e.to_string()))?;
    Ok(EvidenceTable {
        file: file.to_string(),
        shard: *shard,
        figures,
        tally,
    })
}

/// The evidence for rule set `id` among `files` (name, text): its tables, those with one
/// computer level in every seat first, by table size, then the mixed tables by name. Empty
/// when none is shipped; every file of `id` that does not read is an error.
pub fn tables_of(id: &str, files: &[(&str, &str)]) -> Result<Vec<EvidenceTable>, LabError> {
    let prefix = format!("{id}.");
    let mut tables = files
        .iter()
        // A longer id that starts with this one (`wordclub-1.2.1`) has its own files: the
        // rule set inside each file decides, and `parse` checks the name agrees.
        .filter(|(name, _)| name.starts_with(&prefix))
        .map(|(name, text)| parse(name, text))
        .filter(|t| t.as_ref().map_or(true, |t| t.shard.rules.id == id))
        .collect::<Result<Vec<_>, _>>()?;
    tables.sort_by(|a, b| {
        (!a.same_level(), a.shard.players.len(), &a.file).cmp(&(
            !b.same_level(),
            b.shard.players.len(),
            &b.file,
        ))
    });
    Ok(tables)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_a_shard_is_a_typed_error_naming_it() {
        for (name, text) in [
            ("wordclub-1.2.hard-hard.json", "{not json"),
            ("wordclub-1.2.hard-hard.json", "{\"lab_shard\":\"measure\"}"),
            ("wordclub-1.2.hard-hard.json", "[]"),
        ] {
            let e = parse(name, text).unwrap_err();
            assert_eq!(e.kind(), "bad_evidence");
            assert!(e.to_string().contains(name), "{e}");
        }
    }
}
