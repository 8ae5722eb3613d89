//! One module per subcommand. To add one: a module here, a line in `dispatch`, a line in
//! `USAGE`.
use crate::{error::CliError, CliResult};

mod analyze;
mod check;
mod define;
mod history;
mod house;
mod lab;
mod lists;
mod moves;
mod play;
mod rules;
mod score;
mod serve;
mod simulate;
mod words;

const USAGE: &str = "usage: wordclub-cli <command> [options]
commands:
  lists                                   the shipped word lists
  check [--list ID | --list-file PATH] WORD...
                                          is each word in the list (default: wordclub)
  define [--list ID | --list-file PATH] [--manners polite|any] WORD...
                                          what each word means (offline WordNet 3.0, lemmas)
  words [--list ID | --list-file PATH] --rack RACK
                                          words spellable from a rack (? is a blank)
  rules [ID... | --rules-file FILE] [--players N]
                                          every rule set as data (what changes with the
                                          number of players; as played at N players)
  score (--rules ID | --rules-file FILE) [--players N] [--list ID | --list-file PATH]
        --position CGP --move \"POS WORD\"
                                          score one move with its breakdown
  moves (--rules ID | --rules-file FILE) [--players N] [--list ID | --list-file PATH]
        --position CGP --rack RACK [--limit N] [--level LEVEL [--time N]]
                                          every legal move, best first, and exchanges (with
                                          --level: what that computer plays; --time N: its median ms)
  simulate --rules ID --games N --seed S --players hard,greedy[,...]
                                          computer players' matches and their figures
  lab measure (--rules ID | --rules-file FILE) --games N --players LEVEL,LEVEL[,...] [--json]
  lab search --base ID --vary \"AXIS=VALUES ...\" --target \"TARGET ...\" [--json]
                                          the rules lab: a rule set's figures, variant search
  play (--rules ID | --rules-file FILE) [--list ID | --list-file PATH] --players A,B --seed N --script FILE
       [--racks R1,R2] [--bag TILES] [--manners polite|any] [--db PATH]
                                          play a scripted match: events, state, result
                                          (hints polite unless --manners any)
  history list|show ID|stats|export-gcg ID|acknowledge MOVED_TO --db PATH
                                          the match history; reads change nothing (list filters: --player,
                                          --rules, --status, --assisted yes|no, --page N)
  house our-words|add WORD [--block] [--note TEXT]|remove WORD|import-words FILE|export-words
        |lists|import-list NAME FILE|remove-list ID --db PATH
                                          our words and the word lists of one's own in the
                                          history (the app's commands, JSON answers)
  analyze ID --db PATH | analyze --all --db PATH | analyze --gcg FILE --rules ID [--list ID]
                                          post-game analysis of a finished match (kept in
                                          the history), of every match, or of a GCG record
  serve --port P [--db PATH] [--settings PATH] [--ui DIR] [--seed N]
                                          the UI and app commands on http://127.0.0.1:P
  serve --web DIR --port P                the web app (scripts/build-web.sh's dist/web) on
                                          http://127.0.0.1:P, its files only";

pub fn dispatch(argv: &[String]) -> CliResult {
    let Some((command, rest)) = argv.split_first() else {
        return Err(CliError::usage(USAGE));
    };
    match command.as_str() {
        "lists" => lists::run(rest),
        "check" => check::run(rest),
        "define" => define::run(rest),
        "words" => words::run(rest),
        "rules" => rules::run(rest),
        "score" => score::run(rest),
        "moves" => moves::run(rest),
        "simulate" => simulate::run(rest),
        "lab" => lab::run(rest),
        "play" => play::run(rest),
        "history" => history::run(rest),
        "house" => house::run(rest),
        "analyze" => analyze::run(rest),
        "serve" => serve::run(rest),
        "help" | "--help" | "-h" => Ok(serde_json::json!({ "usage": USAGE })),
        other => Err(CliError::usage(format!(
            "unknown command {other:?}\n{USAGE}"
        ))),
    }
}
