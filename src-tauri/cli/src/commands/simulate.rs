//! `simulate --rules ID --games N --seed S --players hard,greedy[,…] [--list ID | --list-file
//! PATH] [--manners polite|any]`: matches between computer players (easy, medium, hard,
//! greedy) through the engine, and their figures as JSON. Polite players (the default, as in
//! the app) leave the kept offensive words alone; `any` lets them play every word of the list. Game `i` uses seed `S + i` and rotates the seating by `i`, so
//! each player moves first equally often. A progress bar goes to stderr when it is a
//! terminal.
use std::io::{IsTerminal, Write};

use super::lists::manners_option;
use super::moves::movegen_error;
use super::rules::{engine_error, list_for};
use crate::{args::Args, error::CliError, CliResult};
use wordclub_engine::RuleSet;
use wordclub_movegen::{simulate, Level, Manners, SimConfig};

const USAGE: &str = "simulate --rules ID --games N --seed S --players hard,greedy[,…] [--list ID | --list-file PATH] [--manners polite|any]";

/// Most games one run plays: hard players manage a few dozen classic games a second here, so
/// this is already hours of work; more is a typo, not a measurement.
const MAX_GAMES: u64 = 100_000;

pub fn run(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &[
            "rules",
            "games",
            "seed",
            "players",
            "list",
            "list-file",
            "manners",
        ],
        &[],
    )?;
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}: {USAGE}"
        )));
    }
    let rules = RuleSet::builtin(args.required("rules")?).map_err(engine_error)?;
    let number = |name: &str| -> Result<u64, CliError> {
        let text = args.required(name)?;
        text.parse::<u64>()
            .map_err(|_| CliError::usage(format!("--{name} takes a whole number, not {text:?}")))
    };
    let games = number("games")?;
    if games == 0 || games > MAX_GAMES {
        return Err(CliError::usage(format!(
            "--games is from 1 to {MAX_GAMES}, not {games}"
        )));
    }
    let games = games as usize;
    let seed = number("seed")?;
    let players = args
        .required("players")?
        .split(',')
        .map(Level::parse)
        .collect::<Result<Vec<_>, _>>()
        .map_err(movegen_error)?;
    let list = list_for(&args, &rules.default_list.clone())?;
    let manners = manners_option(&args, Manners::Polite, USAGE)?;
    // A list from a file may be too large for the graph: refused here, typed, before any
    // match is played (the simulation finds the graph already built).
    crate::graphs::graph_for(&list, manners).map_err(movegen_error)?;
    let config = SimConfig {
        rules,
        list: &list,
        games,
        seed,
        players,
        manners,
        threads: None,
    };
    let tty = std::io::stderr().is_terminal();
    let report = simulate(&config, |done, total| {
        if tty && (done == total || done % (total / 100).max(1) == 0) {
            let width = 40;
            let filled = done * width / total;
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r[{}{}] {done}/{total}",
                "#".repeat(filled),
                "-".repeat(width - filled)
            );
            if done == total {
                let _ = writeln!(err);
            }
            let _ = err.flush();
        }
    })
    .map_err(movegen_error)?;
    serde_json::to_value(report).map_err(|e| CliError::new("internal", e.to_string()))
}
