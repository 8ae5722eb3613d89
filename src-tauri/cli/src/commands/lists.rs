use crate::{args::Args, CliResult};
use serde_json::json;
use wordclub_lexicon::WordList;

pub fn run(argv: &[String]) -> CliResult {
    let _ = Args::parse(argv, &[], &[])?;
    let lists: Vec<_> = WordList::builtins().iter().map(|l| l.info()).collect();
    Ok(json!({ "lists": lists }))
}
