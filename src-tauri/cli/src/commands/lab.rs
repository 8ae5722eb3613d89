//! `lab measure` and `lab search`: the rules lab (SPEC §7). The figures and the search live
//! in `wordclub_movegen::lab`; this module reads the options, shows a progress bar on a
//! terminal (never with `--json` or when stderr is not a terminal) and prints either the
//! JSON document (`--json`) or a short summary for people.
use std::io::{IsTerminal, Write};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{json, Value};
use wordclub_engine::RuleSet;
use wordclub_movegen::lab::measure::{Rate, Spread};
use wordclub_movegen::lab::{self, Axis, Measurement, SearchConfig, SearchReport, Target};
use wordclub_movegen::{default_threads, play_games, Level, Manners, MovegenError};

use super::moves::movegen_error;
use super::rules::{engine_error, list_for};
use crate::{args::Args, error::CliError, CliResult};

const USAGE: &str = "lab measure (--rules ID | --rules-file FILE) --games N --players LEVEL,LEVEL[,…] \
[--seed S] [--threads T] [--list ID | --list-file PATH] [--json]
lab search (--base ID | --base-file FILE) --vary \"AXIS=VALUES …\" --target \"TARGET …\" \
[--players hard,hard] [--games MAX] [--batch B] [--seed S] [--threads T] [--list ID | --list-file PATH] \
[--write-best FILE] [--json]
axes: bag=0.6,0.7 (scale the letter counts), letter.E=8,10, blanks=0,1, rack=6,8, passes=2,4, \
premiums=symmetric or premiums=FILE (layouts drawn with . d t D T, blank lines between)
targets: went_out>=90%, bag_emptied>=95%, first_win=50%±3%, turns=20..30, filled, margin, score";

pub fn run(argv: &[String]) -> CliResult {
    match argv.split_first() {
        Some((sub, rest)) if sub == "measure" => measure(rest),
        Some((sub, rest)) if sub == "search" => search(rest),
        _ => Err(CliError::usage(USAGE)),
    }
}

fn read_file(path: &str, arg: crate::files::FileArg) -> Result<String, CliError> {
    crate::files::read_text(std::path::Path::new(path), arg)
}

/// How `--rules-file` or `--base-file` is read.
fn file_arg(option: &str) -> crate::files::FileArg {
    match option {
        "base-file" => crate::files::BASE_FILE,
        _ => crate::files::RULES_FILE,
    }
}

/// `--ID_OPTION ID` (built in) or `--FILE_OPTION FILE` (JSON), exactly one.
fn rule_set(args: &Args, id_option: &str, file_option: &str) -> Result<RuleSet, CliError> {
    match (args.value(id_option), args.value(file_option)) {
        (Some(id), None) => RuleSet::builtin(id).map_err(engine_error),
        (None, Some(path)) => lab::rule_set_from_json(&read_file(path, file_arg(file_option))?)
            .map_err(|e| match e {
                MovegenError::RuleSetField { .. } => {
                    CliError::new(e.kind(), format!("{path}: {e}"))
                }
                other => movegen_error(other),
            }),
        _ => Err(CliError::usage(format!(
            "give --{id_option} ID or --{file_option} FILE (one of them)\n{USAGE}"
        ))),
    }
}

fn number(args: &Args, name: &str, default: Option<u64>) -> Result<u64, CliError> {
    match (args.value(name), default) {
        (None, Some(d)) => Ok(d),
        (None, None) => Err(CliError::usage(format!("--{name} is required\n{USAGE}"))),
        (Some(text), _) => text
            .parse::<u64>()
            .map_err(|_| CliError::usage(format!("--{name} takes a whole number, not {text:?}"))),
    }
}

fn players(args: &Args, default: Option<&str>) -> Result<Vec<Level>, CliError> {
    let text = match (args.value("players"), default) {
        (Some(t), _) => t,
        (None, Some(d)) => d,
        (None, None) => return Err(CliError::usage(format!("--players is required\n{USAGE}"))),
    };
    text.split(',')
        .map(Level::parse)
        .collect::<Result<Vec<_>, _>>()
        .map_err(movegen_error)
}

fn threads(args: &Args) -> Result<usize, CliError> {
    let t = number(args, "threads", Some(default_threads() as u64))? as usize;
    if t == 0 {
        return Err(CliError::usage("--threads must be at least 1"));
    }
    Ok(t)
}

/// A progress bar on stderr, drawn only on a terminal and never with `--json`.
fn progress_bar(total: u64, json: bool, what: &str) -> ProgressBar {
    if json || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {what} {{msg}} ({{elapsed}}, about {{eta}} left)"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// Prints the summary for people and tells `main` there is no JSON document to print.
fn print_text(text: &str) -> CliResult {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    Ok(Value::Null)
}

fn measure(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &[
            "rules",
            "rules-file",
            "games",
            "players",
            "seed",
            "threads",
            "list",
            "list-file",
        ],
        &["json"],
    )?;
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}\n{USAGE}"
        )));
    }
    let rules = rule_set(&args, "rules", "rules-file")?;
    let games = number(&args, "games", None)? as usize;
    if games == 0 {
        return Err(CliError::usage("--games must be at least 1"));
    }
    let players = players(&args, None)?;
    let seed = number(&args, "seed", Some(1))?;
    let threads = threads(&args)?;
    let json = args.switch("json");
    let list = list_for(&args, &rules.default_list.clone())?;
    let bar = progress_bar(games as u64, json, "matches");
    let start = Instant::now();
    let outcomes = play_games(
        &rules,
        &list,
        &players,
        Manners::AnyWord,
        seed,
        0..games,
        threads,
        |done| bar.set_position(done as u64),
    )
    .map_err(movegen_error)?;
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    bar.finish_and_clear();
    let m = Measurement::of(&rules, &list.info().id, &players, seed, &outcomes);
    if json {
        let mut v =
            serde_json::to_value(&m).map_err(|e| CliError::new("internal", e.to_string()))?;
        v["threads"] = json!(threads);
        v["games_per_second"] = json!(games as f64 / seconds);
        return Ok(v);
    }
    print_text(&measure_text(&m, threads, games as f64 / seconds))
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn rate(r: &Rate) -> String {
    format!("{} [{}, {}]", pct(r.rate), pct(r.ci95[0]), pct(r.ci95[1]))
}

fn spread(s: &Spread) -> String {
    format!("{:.1} (sd {:.1})", s.mean, s.sd)
}

fn measure_text(m: &Measurement, threads: usize, per_second: f64) -> String {
    let e = &m.endings;
    let mut t = String::new();
    t += &format!(
        "{} · list {} · {} matches · {} · seed {}\n",
        m.rules,
        m.list,
        m.games,
        m.players.join(" vs "),
        m.seed
    );
    t += &format!(
        "endings        went out {} · passes, bag empty {} · full board, tiles in bag {} · turn limit {} · resigned {}\n",
        pct(e.went_out.rate),
        pct(e.passes.rate),
        pct(e.full_board.rate),
        pct(e.turn_limit.rate),
        pct(e.resigned.rate)
    );
    t += &format!(
        "board          {} of {} squares filled; {} tiles left in the bag; bag emptied in {}\n",
        spread(&m.squares_filled),
        m.squares,
        spread(&m.bag_left),
        rate(&m.bag_emptied)
    );
    t += &format!("first player   wins {}\n", rate(&m.first_player_win));
    if m.seat_win.len() > 2 {
        let seats: Vec<String> = m
            .seat_win
            .iter()
            .enumerate()
            .map(|(i, r)| format!("seat {} {}", i + 1, rate(r)))
            .collect();
        t += &format!("per seat       {}\n", seats.join(" · "));
    }
    t += &format!(
        "scores         {} per player; winning margin {}\n",
        spread(&m.score),
        spread(&m.winning_margin)
    );
    t += &format!("turns          {} per match\n", spread(&m.turns));
    t += &format!(
        "bingos         {:.2} per match ({} of placements); blanks played {:.2} per match ({} of the bag's)\n",
        m.bingos.per_match.mean,
        pct(m.bingos.share),
        m.blanks.per_match.mean,
        pct(m.blanks.share)
    );
    t += &format!(
        "no placement   on {} of turns; in {} of matches\n",
        pct(m.no_placement.turns),
        pct(m.no_placement.matches.rate)
    );
    t += &format!("speed          {per_second:.0} matches/s on {threads} threads\n");
    t
}

fn search(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &[
            "base",
            "base-file",
            "vary",
            "target",
            "players",
            "games",
            "batch",
            "seed",
            "threads",
            "list",
            "list-file",
            "write-best",
        ],
        &["json"],
    )?;
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}\n{USAGE}"
        )));
    }
    let base = rule_set(&args, "base", "base-file")?;
    let split = |name: &str| -> Result<Vec<String>, CliError> {
        let text = args
            .value(name)
            .ok_or_else(|| CliError::usage(format!("--{name} is required\n{USAGE}")))?;
        Ok(text
            .split([';', ' ', '\n', '\t'])
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect())
    };
    let axes = split("vary")?
        .into_iter()
        .map(|spec| {
            let axis = Axis::parse(&spec, &base, |path| {
                read_file(path, crate::files::PREMIUMS_FILE)
                    .map_err(|e| MovegenError::Search { reason: e.message })
            })?;
            Ok((spec, axis))
        })
        .collect::<Result<Vec<_>, MovegenError>>()
        .map_err(movegen_error)?;
    let targets = split("target")?
        .iter()
        .map(|t| Target::parse(t))
        .collect::<Result<Vec<_>, _>>()
        .map_err(movegen_error)?;
    let players = players(&args, Some("hard,hard"))?;
    let max_games = number(&args, "games", Some(2000))? as usize;
    let batch = number(&args, "batch", Some(200))? as usize;
    let seed = number(&args, "seed", Some(1))?;
    let threads = threads(&args)?;
    let json = args.switch("json");
    let list = list_for(&args, &base.default_list.clone())?;
    let config = SearchConfig {
        base,
        list: &list,
        axes,
        targets,
        players,
        seed,
        batch,
        max_games,
        threads,
    };
    let bar = progress_bar(1, json, "variants");
    let report = lab::search(&config, |variant, total, games| {
        bar.set_length(total as u64);
        bar.set_position(variant as u64);
        bar.set_message(format!("(variant {}: {games} matches)", variant + 1));
    })
    .map_err(movegen_error)?;
    bar.finish_and_clear();
    if let Some(path) = args.value("write-best") {
        let best = report
            .best
            .and_then(|i| report.variants[i].rules.as_ref())
            .ok_or_else(|| CliError::new("bad_search", "no variant to write"))?;
        let text = serde_json::to_string_pretty(best)
            .map_err(|e| CliError::new("internal", e.to_string()))?;
        std::fs::write(path, text + "\n")
            .map_err(|e| CliError::new("file", format!("cannot write {path}: {e}")))?;
    }
    if json {
        return serde_json::to_value(&report).map_err(|e| CliError::new("internal", e.to_string()));
    }
    print_text(&search_text(&report))
}

fn search_text(r: &SearchReport) -> String {
    let mut t = String::new();
    t += &format!(
        "search from {} · list {} · {} · {} variants · {} matches in {:.0} s\n",
        r.base,
        r.list,
        r.players.join(" vs "),
        r.variants.len(),
        r.games_played,
        r.seconds
    );
    t += &format!("targets: {}\n", r.targets.join(" · "));
    let meeting = r.variants.iter().filter(|v| v.meets_targets).count();
    t += &format!(
        "{meeting} variant(s) meet every target; Pareto front ({} variants):\n",
        r.pareto_front.len()
    );
    for &i in &r.pareto_front {
        let v = &r.variants[i];
        let figures: Vec<String> = v
            .targets
            .iter()
            .map(|x| {
                let est = if x.target.contains('%') {
                    pct(x.estimate)
                } else {
                    format!("{:.1}", x.estimate)
                };
                format!(
                    "{} {est} ({})",
                    x.target.split(' ').next().unwrap_or(""),
                    x.verdict
                )
            })
            .collect();
        t += &format!(
            "  {}{} [{} tiles, {} matches]: {}\n",
            if r.best == Some(i) { "* " } else { "  " },
            v.name,
            v.bag_size,
            v.games,
            figures.join(", ")
        );
    }
    if let Some(i) = r.best {
        t += &format!("best: {} (marked *)\n", r.variants[i].name);
    }
    t
}
