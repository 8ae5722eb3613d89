//! `rules [ID…] [--rules-file FILE] [--players N]`: every rule set as data (or only those
//! named, or the one in a rules-lab file), each with its hash. A rule set that changes with
//! the number of players (`by_table`) also gets `tables`: what it is at each size it seats
//! and which fields that size sets. With `--players N`, each rule set is printed as a match
//! of N players plays it (`RuleSet::at_table`: flat, its `table` set).
//! Also the helpers the engine subcommands (`score`, `moves`, `play`) share.
use super::lists::{chosen_list, ChosenList};
use crate::{args::Args, error::CliError, CliResult};
use serde_json::{json, Value};
use wordclub_app::TableInfo;
use wordclub_engine::{EngineError, RuleSet, RULE_SET_IDS};
use wordclub_lab::LabError;
use wordclub_lexicon::WordList;

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &["rules-file", "players"], &[])?;
    let sets: Vec<RuleSet> = match args.value("rules-file") {
        Some(path) => {
            if let Some(extra) = args.positionals.first() {
                return Err(CliError::usage(format!(
                    "give rule set ids or --rules-file FILE, not both ({extra:?})"
                )));
            }
            vec![rule_set_file(path, crate::files::RULES_FILE)?]
        }
        None if args.positionals.is_empty() => RULE_SET_IDS
            .iter()
            .map(|id| RuleSet::builtin(id).map_err(engine_error))
            .collect::<Result<_, _>>()?,
        None => args
            .positionals
            .iter()
            .map(|id| RuleSet::builtin(id).map_err(engine_error))
            .collect::<Result<_, _>>()?,
    };
    let players = players_option(&args)?;
    let sets = sets
        .iter()
        .map(|r| match players {
            Some(n) => rule_set_json(&r.at_table(n).map_err(engine_error)?),
            None => rule_set_json(r),
        })
        .collect::<Result<Vec<Value>, CliError>>()?;
    Ok(json!({ "rule_sets": sets }))
}

fn rule_set_json(rules: &RuleSet) -> Result<Value, CliError> {
    let mut value = serde_json::to_value(rules)
        .map_err(|e| CliError::new("internal", format!("cannot serialise rules: {e}")))?;
    value["hash"] = json!(rules.hash());
    value["bag_size"] = json!(rules.bag_size());
    let tables = TableInfo::all_of(rules);
    if !tables.is_empty() {
        value["tables"] = json!(tables);
    }
    Ok(value)
}

/// `--players N`, when given: a table size (checked against the rule set by `at_table`).
pub fn players_option(args: &Args) -> Result<Option<usize>, CliError> {
    args.value("players")
        .map(|text| {
            text.parse::<usize>().map_err(|_| {
                CliError::usage(format!("--players takes a number of players, not {text:?}"))
            })
        })
        .transpose()
}

/// A rule set from a rules-lab JSON file (`arg`: `--rules-file`, or the lab's `--base-file`),
/// checked as the lab checks it (every table size it seats): a mistake is named by its field.
/// The one reader of rule files for every subcommand.
pub fn rule_set_file(path: &str, arg: crate::files::FileArg) -> Result<RuleSet, CliError> {
    let text = crate::files::read_text(std::path::Path::new(path), arg)?;
    wordclub_lab::rule_set_from_json(&text).map_err(|e| match e {
        LabError::RuleSetField { .. } | LabError::Engine(EngineError::InvalidRuleSet { .. }) => {
            CliError::new(e.kind(), format!("{path}: {e}"))
        }
        other => CliError::from(other),
    })
}

/// The rule set a command is given: `--{id_option} ID` (a built-in) or `--{file_option} FILE`
/// (a rules-lab file, read as `file`), exactly one of them; `fallback` (a built-in id) when
/// neither is given and the command has one. The one chooser, so every command words the
/// mistake alike.
pub fn chosen_rule_set(
    args: &Args,
    (id_option, file_option, file): (&str, &str, crate::files::FileArg),
    fallback: Option<&str>,
    usage: &str,
) -> Result<RuleSet, CliError> {
    match (args.value(id_option), args.value(file_option), fallback) {
        (Some(_), Some(_), _) => Err(CliError::usage(format!(
            "give --{id_option} ID or --{file_option} FILE, not both: {usage}"
        ))),
        (None, Some(path), _) => rule_set_file(path, file),
        (Some(id), None, _) | (None, None, Some(id)) => RuleSet::builtin(id).map_err(engine_error),
        (None, None, None) => Err(CliError::usage(format!(
            "give --{id_option} ID or --{file_option} FILE: {usage}"
        ))),
    }
}

/// The `--rules ID` / `--rules-file FILE` pair of [`chosen_rule_set`].
pub const RULES_OPTIONS: (&str, &str, crate::files::FileArg) =
    ("rules", "rules-file", crate::files::RULES_FILE);

/// The rule set of a command that reads a position: `--rules ID`, `--rules-file FILE`, else
/// `fallback` (the position's `rules` opcode), made flat for its table size
/// (`RuleSet::at_table`): `--players N`, else `seats` (the seats the position names) when
/// the rule set seats that many, else its fewest players. A rule set that does not change
/// with the table is the same at every size.
pub fn position_rules(
    args: &Args,
    fallback: Option<&str>,
    seats: usize,
    usage: &str,
) -> Result<RuleSet, CliError> {
    let rules = chosen_rule_set(args, RULES_OPTIONS, fallback, usage)?;
    let players = match players_option(args)? {
        Some(n) => n,
        None if rules.table_sizes().contains(&seats) => seats,
        None => usize::from(rules.players.min),
    };
    rules.at_table(players).map_err(engine_error)
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
