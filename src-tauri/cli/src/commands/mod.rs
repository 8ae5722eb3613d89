//! One module per subcommand. To add one: a module here, a line in `dispatch`, a line in
//! `USAGE`.
use crate::{error::CliError, CliResult};

mod lists;

const USAGE: &str = "usage: wordclub-cli <command> [options]
commands:
  lists                                   the shipped word lists";

pub fn dispatch(argv: &[String]) -> CliResult {
    let Some((command, rest)) = argv.split_first() else {
        return Err(CliError::usage(USAGE));
    };
    match command.as_str() {
        "lists" => lists::run(rest),
        "help" | "--help" | "-h" => Err(CliError::usage(USAGE)),
        other => Err(CliError::usage(format!(
            "unknown command {other:?}\n{USAGE}"
        ))),
    }
}
