//! `rules [ID…]`: every rule set as data (or only those named), each with its hash.
//! Also the helpers the engine subcommands (`score`, `play`) share.
use super::lists::{chosen_list, ChosenList};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::{json, Value};
use wordclub_engine::{EngineError, RuleSet, RULE_SET_IDS};
use wordclub_lexicon::WordList;

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &[], &[])?;
    let ids: Vec<String> = if args.positionals.is_empty() {
        RULE_SET_IDS.iter().map(|s| s.to_string()).collect()
    } else {
        args.positionals.clone()
    };
    let sets = ids
        .iter()
        .map(|id| rule_set_json(&RuleSet::builtin(id).map_err(engine_error)?))
        .collect::<Result<Vec<Value>, CliError>>()?;
    Ok(json!({ "rule_sets": sets }))
}

fn rule_set_json(rules: &RuleSet) -> Result<Value, CliError> {
    let mut value = serde_json::to_value(rules)
        .map_err(|e| CliError::new("internal", format!("cannot serialise rules: {e}")))?;
    value["hash"] = json!(rules.hash());
    value["bag_size"] = json!(rules.bag_size());
    Ok(value)
}

/// An engine refusal as a CLI error (same stable kind and message).
pub fn engine_error(e: EngineError) -> CliError {
    CliError::from(e)
}

/// The refusal as an answer: `{"kind","message","words"}`.
pub fn refusal_json(e: &EngineError) -> Value {
    json!({ "kind": e.kind(), "message": e.to_string(), "words": e.words() })
}

/// `--list ID` / `--list-file PATH` when given, else `fallback` (a lex opcode or the rule
/// set's default list).
pub fn list_for(args: &Args, fallback: &str) -> Result<ChosenList, CliError> {
    if args.value("list").is_some() || args.value("list-file").is_some() {
        chosen_list(args)
    } else {
        Ok(ChosenList::Builtin(WordList::builtin(fallback)?))
    }
}
