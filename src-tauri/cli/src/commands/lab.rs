//! `lab measure` and `lab search`: the rules lab (SPEC §7). The figures and the search live
//! in the lab's crate (`wordclub_lab`); this module reads the options, shows a progress bar on a
//! terminal (never with `--json` or when stderr is not a terminal) and prints either the
//! JSON document (`--json`) or a short summary for people.
use std::io::{IsTerminal, Write};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{json, Value};
use wordclub_lab::limits::{self, MAX_GAMES, MAX_THREADS};
use wordclub_lab::measure::{Rate, Spread};
use wordclub_lab::{
    self as lab, Axis, LabError, LabShard, MeasureShard, Measurement, SearchConfig, SearchReport,
    Shard, Tally, Target, VariantRun,
};
use wordclub_movegen::{default_threads, play_games_each, Level, Manners};

use super::moves::movegen_error;
use super::rules::{chosen_rule_set, RULES_OPTIONS};
use super::rules::{engine_error, list_for};
use crate::{args::Args, error::CliError, CliResult};

/// A lab error as the CLI answers it: its kind and its sentence, the error as the cause.
fn lab_error(e: LabError) -> CliError {
    CliError::from(e)
}

const USAGE: &str =
    "lab measure (--rules ID | --rules-file FILE) --games N --players LEVEL,LEVEL[,…] \
[--seed S] [--threads T] [--list ID | --list-file PATH] [--shard K/N] [--report FILE.html] [--json]
  (--players takes several tables separated by ;, as hard,hard;hard,hard,hard)
lab search (--base ID | --base-file FILE) --vary \"AXIS=VALUES …\" --target \"TARGET …\" \
[--players hard,hard[;hard,hard,hard…]] [--games MAX] [--batch B] [--seed S] [--threads T] \
[--list ID | --list-file PATH] [--shard K/N] [--write-best FILE] [--report FILE.html] [--json]
  (every variant is measured at every table of --players, over the same seeds)
lab merge SHARD_FILE… [--write-best FILE] [--report FILE.html] [--json]
lab head-start (--rules ID | --rules-file FILE) --games N [--seed S] [--threads T] [--list ID | --list-file PATH] [--json]
  (the head start that evens easy against medium, easy against hard and medium against hard \
at every table size: N matches each; --json prints the evidence file)
bounds: --games and --batch 1 to 10000000, --threads 1 to 256, at most 10000 variants, \
--shard K/N with N at most 10000; --seed any whole number below 2^64
a run with --shard K/N prints its shard (JSON) for lab merge, which prints the figures of the \
whole run
axes: bag=0.6,0.7 (scale the letter counts), letter.E=8,10, blanks=0,1, rack=6,8, passes=2,4, \
board=9,11 (odd; star and premiums scaled about the centre), bingo=0,20, start=0,2 (seat s \
starts with s×K points) or start=0/2/4 (each seat's), fill=1 (each letter with no tile gets 1), premiums=symmetric or premiums=FILE \
(layouts drawn with . d t D T, blank lines between); atN.AXIS for the table of N players only \
(at4.board=11, at4.rack=6,7, at3.start=0,2,4, at4.premiums=FILE; not passes)
targets: went_out>=90%, bag_emptied>=95%, first_win=50%±3%, turns=20..30, filled, margin, score, \
moves_per_player>=8, board_jams<=5%, worst_seat<=3% (every seat within 3 points of a fair share), \
win.hard>=60% (the wins of that level's players), missing_letters<=0; each for every table, or \
@N (the tables of N players) or @hard,medium (that table): worst_seat<=3%@4";

pub fn run(argv: &[String]) -> CliResult {
    match argv.split_first() {
        Some((sub, rest)) if sub == "measure" => measure(rest),
        Some((sub, rest)) if sub == "search" => search(rest),
        Some((sub, rest)) if sub == "merge" => merge(rest),
        Some((sub, rest)) if sub == "head-start" => head_start(rest),
        _ => Err(CliError::usage(USAGE)),
    }
}

fn read_file(path: &str, arg: crate::files::FileArg) -> Result<String, CliError> {
    crate::files::read_text(std::path::Path::new(path), arg)
}

/// `--name N`, a whole number in `min..=max` (`lab::limits`): past the bound, even past
/// what 64 bits hold, an `out_of_range` error that names the bound and why.
fn number(
    args: &Args,
    name: &str,
    default: Option<u64>,
    (min, max, why): (u64, u64, &'static str),
) -> Result<u64, CliError> {
    let value = match (args.value(name), default) {
        (None, Some(d)) => return Ok(d),
        (None, None) => return Err(CliError::usage(format!("--{name} is required\n{USAGE}"))),
        (Some(text), _) => match text.parse::<u64>() {
            Ok(v) => v,
            Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(lab_error(LabError::OutOfRange {
                    what: format!("--{name}"),
                    value: text.to_string(),
                    min,
                    max,
                    why,
                }))
            }
            Err(_) => {
                return Err(CliError::usage(format!(
                    "--{name} takes a whole number, not {text:?}"
                )))
            }
        },
    };
    limits::bounded(&format!("--{name}"), value, min, max, why).map_err(lab_error)
}

const GAMES: (u64, u64, &str) = (1, MAX_GAMES, limits::WHY_GAMES);
const SEED: (u64, u64, &str) = (0, u64::MAX, "a seed is a 64-bit number");

fn shard(args: &Args) -> Result<Option<Shard>, CliError> {
    args.value("shard")
        .map(|t| Shard::parse(t).map_err(lab_error))
        .transpose()
}

fn threads(args: &Args) -> Result<usize, CliError> {
    let cores = (default_threads() as u64).min(MAX_THREADS);
    let t = number(
        args,
        "threads",
        Some(cores),
        (1, MAX_THREADS, limits::WHY_THREADS),
    )?;
    Ok(t as usize)
}

fn to_json(v: &impl serde::Serialize) -> CliResult {
    serde_json::to_value(v).map_err(|e| CliError::new("internal", e.to_string()))
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

/// The tables of `--players`: one (`hard,hard`) or several, separated by `;`
/// (`hard,hard;hard,hard,hard`), measured in turn.
fn tables(args: &Args, default: Option<&str>) -> Result<Vec<Vec<Level>>, CliError> {
    let text = match (args.value("players"), default) {
        (Some(t), _) => t,
        (None, Some(d)) => d,
        (None, None) => return Err(CliError::usage(format!("--players is required\n{USAGE}"))),
    };
    text.split(';')
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            t.trim()
                .split(',')
                .map(|p| Level::parse(p.trim()))
                .collect::<Result<Vec<_>, _>>()
                .map_err(movegen_error)
        })
        .collect()
}

/// Writes `--report FILE` atomically (the app's one atomic write: a temporary file of a
/// fresh name beside it, then a rename; a page is never left half written).
fn write_report(path: &str, page: &str) -> Result<(), CliError> {
    let target = std::path::Path::new(path);
    let cannot =
        |e: std::io::Error| CliError::new("file", format!("--report: cannot write {path}: {e}"));
    if target.is_dir() {
        return Err(CliError::new(
            "file",
            format!("--report: {path} is a folder"),
        ));
    }
    wordclub_app::write_atomically(target, page.as_bytes()).map_err(cannot)
}

fn report_title(m: &Measurement) -> String {
    format!("Rules lab: {} · list {} · seed {}", m.rules, m.list, m.seed)
}

/// `lab head-start`: the head start that evens each weaker level against a stronger one at
/// every table size (`wordclub_lab::head_start`); `--json` prints the evidence file the app
/// ships (`src-tauri/lab/data/head_start/`).
fn head_start(argv: &[String]) -> CliResult {
    let args = Args::parse(
        argv,
        &[
            "rules",
            "rules-file",
            "games",
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
    let rules = chosen_rule_set(&args, RULES_OPTIONS, None, USAGE)?;
    let games = number(&args, "games", None, GAMES)?;
    let seed = number(&args, "seed", Some(1), SEED)?;
    let threads = threads(&args)?;
    let json = args.switch("json");
    let list = list_for(&args, &rules.default_list.clone())?;
    let sizes = lab::head_start::table_sizes(&rules);
    if !rules.computer_seats || sizes.is_empty() {
        return Err(movegen_error(wordclub_movegen::MovegenError::Unsupported {
            reason: format!("{} seats no two computers", rules.id),
        }));
    }
    let tables = sizes.count() * lab::head_start::LEVEL_PAIRS.len();
    let bar = progress_bar(games * tables as u64, json, "matches");
    let start = Instant::now();
    let mut done = 0u64;
    let evidence = lab::head_start::measure(&rules, &list, seed, games, threads, || {
        done += 1;
        bar.set_position(done);
    })
    .map_err(lab_error)?;
    bar.finish_and_clear();
    if json {
        return to_json(&evidence);
    }
    let mut text = format!(
        "Head start that evens a table: {} · list {} · seed {} · {games} matches per table \
         ({:.0} s)\n",
        evidence.rules.id,
        evidence.list,
        seed,
        start.elapsed().as_secs_f64()
    );
    for cell in &evidence.cells {
        let f = cell.figure;
        text.push_str(&format!(
            "  {:<24} +{} (95% {}..{}){}\n",
            cell.players.join(","),
            f.head_start,
            f.low,
            f.high,
            if f.over_max {
                ", over the most a seat may have"
            } else {
                ""
            }
        ));
    }
    print_text(&text)
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
            "shard",
            "report",
        ],
        &["json"],
    )?;
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}\n{USAGE}"
        )));
    }
    let rules = chosen_rule_set(&args, RULES_OPTIONS, None, USAGE)?;
    let games = number(&args, "games", None, GAMES)?;
    let tables = tables(&args, None)?;
    let seed = number(&args, "seed", Some(1), SEED)?;
    let threads = threads(&args)?;
    let shard = shard(&args)?;
    if shard.is_some() && (tables.len() > 1 || args.value("report").is_some()) {
        return Err(CliError::usage(
            "--shard measures one table and prints its shard: give one table to --players, \
             and --report to lab merge",
        ));
    }
    let json = args.switch("json");
    let list = list_for(&args, &rules.default_list.clone())?;
    // Every table's players are checked before any match is played.
    for players in &tables {
        wordclub_movegen::check_players(&rules, players).map_err(movegen_error)?;
    }
    let range = shard.unwrap_or(Shard::WHOLE).range(games);
    let total = range.len() as u64 * tables.len() as u64;
    let bar = progress_bar(total, json || shard.is_some(), "matches");
    let mut done = 0u64;
    let mut measured = Vec::new();
    for players in &tables {
        let start = Instant::now();
        // The table's own rule set: `by_table`'s changes for its size applied (a match
        // stores the same).
        let flat = rules.at_table(players.len()).map_err(engine_error)?;
        // Each match is folded into the tally as it ends and dropped: memory stays flat
        // whatever --games is.
        let mut tally = Tally::new(players.len());
        play_games_each(
            &flat,
            &list,
            players,
            Manners::AnyWord,
            seed,
            range.clone(),
            threads,
            |_, g| {
                tally.add(&g);
                done += 1;
                bar.set_position(done);
            },
        )
        .map_err(movegen_error)?;
        let per_second = range.len() as f64 / start.elapsed().as_secs_f64().max(1e-9);
        measured.push((players, flat, tally, per_second));
    }
    bar.finish_and_clear();
    if let Some(shard) = shard {
        let (players, _, tally, _) = measured.pop().expect("one table");
        return to_json(&LabShard::Measure(Box::new(MeasureShard {
            shard,
            rules_hash: rules.hash(),
            rules,
            list: list.info().id.clone(),
            players: players.iter().map(|l| l.name().to_string()).collect(),
            seed,
            games,
            range: [range.start as u64, range.end as u64],
            tally,
        })));
    }
    let figures: Vec<(Measurement, Tally, f64)> = measured
        .into_iter()
        .map(|(players, flat, tally, speed)| {
            (
                Measurement::of(&flat, &list.info().id, players, seed, &tally),
                tally,
                speed,
            )
        })
        .collect();
    if let Some(path) = args.value("report") {
        let pages: Vec<lab::report::Table> = figures
            .iter()
            .map(|(m, t, _)| lab::report::Table::of_run(m, t))
            .collect();
        write_report(
            path,
            &lab::report::html(&report_title(&figures[0].0), &pages),
        )?;
    }
    // The JSON holds the figures only (no speed, no thread count), so a merged sharded run
    // prints exactly what one run prints; the summary for people gives the speed.
    if json {
        return match figures.as_slice() {
            [(m, _, _)] => to_json(m),
            _ => Ok(json!({
                "tables": figures.iter().map(|(m, _, _)| to_json(m)).collect::<Result<Vec<_>, _>>()?
            })),
        };
    }
    let texts: Vec<String> = figures
        .iter()
        .map(|(m, _, speed)| measure_text(m, Some((threads, *speed))))
        .collect();
    print_text(&texts.join("\n"))
}

/// `lab merge FILE…`: the shards of one measure run or of one search, added up.
fn merge(argv: &[String]) -> CliResult {
    let args = Args::parse(argv, &["write-best", "report"], &["json"])?;
    if args.positionals.is_empty() {
        return Err(CliError::usage(format!(
            "lab merge needs the shard files\n{USAGE}"
        )));
    }
    limits::bounded(
        "the number of shard files",
        args.positionals.len() as u64,
        1,
        limits::MAX_MERGE_FILES,
        limits::WHY_SHARDS,
    )
    .map_err(lab_error)?;
    let mut measures = Vec::new();
    let mut searches = Vec::new();
    for path in &args.positionals {
        let text = read_file(path, crate::files::SHARD_FILE)?;
        let shard: LabShard = serde_json::from_str(&text).map_err(|e| {
            CliError::new(
                "bad_shard",
                format!("{path}: not a shard written by lab measure or lab search --shard: {e}"),
            )
        })?;
        match shard {
            LabShard::Measure(m) => measures.push(*m),
            LabShard::Search(s) => searches.push(*s),
        }
    }
    let json = args.switch("json");
    let bad = |e: LabError| CliError::new("bad_shard", e.to_string());
    match (measures.is_empty(), searches.is_empty()) {
        (false, true) => {
            if args.value("write-best").is_some() {
                return Err(CliError::usage(
                    "--write-best is for the shards of a search",
                ));
            }
            let (m, tally) = lab::merge_measure(&measures).map_err(bad)?;
            if let Some(path) = args.value("report") {
                write_report(
                    path,
                    &lab::report::html(
                        &report_title(&m),
                        &[lab::report::Table::of_run(&m, &tally)],
                    ),
                )?;
            }
            if json {
                return to_json(&m);
            }
            print_text(&measure_text(&m, None))
        }
        (true, false) => {
            let report = lab::merge_search(&searches).map_err(bad)?;
            if let Some(path) = args.value("report") {
                let runs: Vec<&VariantRun> = searches.iter().flat_map(|s| &s.runs).collect();
                write_search_report(path, &report, &runs)?;
            }
            finish_search(&args, &report, json, None)
        }
        _ => Err(CliError::new(
            "bad_shard",
            "the files mix shards of a measure run and of a search: merge one run at a time",
        )),
    }
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

fn measure_text(m: &Measurement, speed: Option<(usize, f64)>) -> String {
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
    let seats: Vec<String> = m
        .per_seat
        .iter()
        .map(|s| {
            format!(
                "seat {} {} (99.5% {}–{}; {:+.1} from fair; {:.1} turns, {} without a placement)",
                s.seat,
                rate(&s.win),
                pct(s.win_ci995[0]),
                pct(s.win_ci995[1]),
                s.from_fair,
                s.turns,
                pct(s.no_placement)
            )
        })
        .collect();
    t += &format!("per seat       {}\n", seats.join("\n               "));
    let table = &m.table;
    t += &format!(
        "table          {:.1} moves per player · board jams in {} · winning margin median {} (10–90%: {}–{}) · match length median {} turns\n",
        table.moves_per_player,
        rate(&table.board_jams),
        table.margin.p50,
        table.margin.p10,
        table.margin.p90,
        table.length.p50
    );
    if m.players.iter().any(|p| p != &m.players[0]) {
        let players: Vec<String> = m
            .per_player
            .iter()
            .map(|p| format!("{} wins {}", p.player, rate(&p.win_rate)))
            .collect();
        t += &format!("skill          {}\n", players.join(" · "));
    }
    t += &format!(
        "letters        {} tiles, {} blanks; in the bag {}; missing {}\n",
        m.letters.tiles,
        m.letters.blanks,
        m.letters.in_bag,
        if m.letters.missing.is_empty() {
            "none"
        } else {
            &m.letters.missing
        }
    );
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
    if let Some((threads, per_second)) = speed {
        t += &format!("speed          {per_second:.0} matches/s on {threads} threads\n");
    }
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
            "shard",
            "report",
        ],
        &["json"],
    )?;
    if let Some(extra) = args.positionals.first() {
        return Err(CliError::usage(format!(
            "unexpected argument {extra:?}\n{USAGE}"
        )));
    }
    let base = chosen_rule_set(
        &args,
        ("base", "base-file", crate::files::BASE_FILE),
        None,
        USAGE,
    )?;
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
    // Every file an axis reads is kept with its text, for the shards (`lab merge` parses
    // the same axes from them).
    let axis_files = std::cell::RefCell::new(std::collections::BTreeMap::new());
    let axes = split("vary")?
        .into_iter()
        .map(|spec| {
            let axis = Axis::parse(&spec, &base, |path| {
                let text = read_file(path, crate::files::PREMIUMS_FILE)
                    .map_err(|e| LabError::Search { reason: e.message })?;
                axis_files
                    .borrow_mut()
                    .insert(path.to_string(), text.clone());
                Ok(text)
            })?;
            Ok((spec, axis))
        })
        .collect::<Result<Vec<_>, LabError>>()
        .map_err(lab_error)?;
    let axis_files = axis_files.into_inner();
    let targets = split("target")?
        .iter()
        .map(|t| Target::parse(t))
        .collect::<Result<Vec<_>, _>>()
        .map_err(lab_error)?;
    let tables = tables(&args, Some("hard,hard"))?;
    let max_games = number(&args, "games", Some(2000), GAMES)? as usize;
    let batch = number(
        &args,
        "batch",
        Some(200),
        (1, limits::MAX_BATCH, limits::WHY_GAMES),
    )? as usize;
    let seed = number(&args, "seed", Some(1), SEED)?;
    let threads = threads(&args)?;
    let shard = shard(&args)?;
    let json = args.switch("json");
    let list = list_for(&args, &base.default_list.clone())?;
    let config = SearchConfig {
        base,
        list: &list,
        axes,
        targets,
        tables,
        seed,
        batch,
        max_games,
        threads,
        shard: shard.unwrap_or(Shard::WHOLE),
        axis_files,
    };
    let bar = progress_bar(1, json || shard.is_some(), "variants");
    let start = Instant::now();
    let played = lab::search_shard(&config, |variant, total, games| {
        bar.set_length(total as u64);
        bar.set_position(variant as u64);
        bar.set_message(format!("(variant {}: {games} matches)", variant + 1));
    })
    .map_err(lab_error)?;
    bar.finish_and_clear();
    if shard.is_some() {
        if args.value("write-best").is_some() || args.value("report").is_some() {
            return Err(CliError::usage(
                "--write-best and --report come with lab merge: one shard cannot know the best variant",
            ));
        }
        return to_json(&LabShard::Search(Box::new(played)));
    }
    let report = lab::merge_search(std::slice::from_ref(&played)).map_err(lab_error)?;
    if let Some(path) = args.value("report") {
        let runs: Vec<&VariantRun> = played.runs.iter().collect();
        write_search_report(path, &report, &runs)?;
    }
    finish_search(&args, &report, json, Some(start.elapsed().as_secs_f64()))
}

/// The page of a search: the variants of its Pareto front, the best first, each at every
/// table of the search.
fn write_search_report(
    path: &str,
    report: &SearchReport,
    runs: &[&VariantRun],
) -> Result<(), CliError> {
    let mut order = report.pareto_front.clone();
    order.sort_by_key(|&i| (Some(i) != report.best, i));
    let several = report.tables.len() > 1;
    let mut tables: Vec<lab::report::Table> = Vec::new();
    let label = |players: &[String]| table_label(&players.join(","), &report.tables);
    for &i in &order {
        let v = &report.variants[i];
        let (Some(run), Some(figures)) =
            (runs.iter().find(|r| r.index == i), v.measurements.as_ref())
        else {
            continue;
        };
        for ((m, tally), players) in figures.iter().zip(&run.tallies).zip(&report.tables) {
            let at = if several {
                format!(" at {}", players.join(","))
            } else {
                String::new()
            };
            tables.push(lab::report::Table {
                short: if several {
                    format!("v{} · {}", i + 1, label(players))
                } else {
                    format!("variant {}", i + 1)
                },
                heading: format!(
                    "variant {}{}: {}{at}",
                    i + 1,
                    if report.best == Some(i) {
                        " (best)"
                    } else {
                        ""
                    },
                    v.name
                ),
                figures: m,
                tally,
            });
        }
    }
    let title = format!(
        "Rules lab search from {} · list {} · Pareto front: {} of {} variants",
        report.base,
        report.list,
        report.pareto_front.len(),
        report.variants.len()
    );
    write_report(path, &lab::report::html(&title, &tables))
}

/// Writes the best variant if asked (`--write-best`) and prints the report.
fn finish_search(
    args: &Args,
    report: &SearchReport,
    json: bool,
    seconds: Option<f64>,
) -> CliResult {
    if let Some(path) = args.value("write-best") {
        let best = report
            .best
            .and_then(|i| report.variants[i].rules.as_ref())
            .ok_or_else(|| CliError::new("bad_search", "no variant to write"))?;
        let text = serde_json::to_string_pretty(best)
            .map_err(|e| CliError::new("internal", e.to_string()))?;
        // Atomically: a failed write leaves an earlier best whole.
        wordclub_app::write_atomically(std::path::Path::new(path), (text + "\n").as_bytes())
            .map_err(|e| CliError::new("file", format!("cannot write {path}: {e}")))?;
    }
    if json {
        return to_json(report);
    }
    print_text(&search_text(report, seconds))
}

/// A table's short name among the search's tables: `4p` when no other table has as many
/// players, else its players (`hard,medium`).
fn table_label(table: &str, tables: &[Vec<String>]) -> String {
    let n = table.split(',').count();
    if tables.iter().filter(|t| t.len() == n).count() == 1 {
        format!("{n}p")
    } else {
        table.to_string()
    }
}

fn search_text(r: &SearchReport, seconds: Option<f64>) -> String {
    let mut t = String::new();
    let tables: Vec<String> = r.tables.iter().map(|p| p.join(" vs ")).collect();
    t += &format!(
        "search from {} · list {} · {} · {} variants · {} matches{}\n",
        r.base,
        r.list,
        tables.join("; "),
        r.variants.len(),
        r.games_played,
        seconds.map_or(String::new(), |s| format!(" in {s:.0} s"))
    );
    t += &format!("targets: {}\n", r.targets.join(" · "));
    let meeting = r.variants.iter().filter(|v| v.meets_targets).count();
    t += &format!(
        "{meeting} variant(s) meet every target; Pareto front ({} variants):\n",
        r.pareto_front.len()
    );
    let label = |table: &str| table_label(table, &r.tables);
    for &i in &r.pareto_front {
        let v = &r.variants[i];
        // One entry per target, its estimate at each table it is judged at.
        let mut figures: Vec<(String, Vec<String>)> = Vec::new();
        for x in &v.targets {
            let est = if x.target.contains('%') {
                pct(x.estimate)
            } else {
                format!("{:.1}", x.estimate)
            };
            let at = if r.tables.len() > 1 {
                format!(" @{}", label(&x.table))
            } else {
                String::new()
            };
            let figure = format!("{est}{at} ({})", x.verdict.replace('_', " "));
            match figures.last_mut() {
                Some((target, list)) if *target == x.target => list.push(figure),
                _ => figures.push((x.target.clone(), vec![figure])),
            }
        }
        let bags: Vec<String> = v.bag_sizes.iter().map(usize::to_string).collect();
        let games = if v.games_per_table.iter().all(|&g| g == v.games) {
            format!("{} matches per table", v.games)
        } else {
            let each: Vec<String> = v.games_per_table.iter().map(usize::to_string).collect();
            format!("{} matches", each.join("/"))
        };
        t += &format!(
            "  {}{} [{} tiles; {games}, stopped: {}]\n",
            if r.best == Some(i) { "* " } else { "  " },
            v.name,
            bags.join("/"),
            v.stopped.replace('_', " ")
        );
        for (target, list) in figures {
            let name = target.split(' ').next().unwrap_or("");
            t += &format!("      {name}: {}\n", list.join(", "));
        }
        if !v.misses.is_empty() {
            t += &format!("      misses: {}\n", v.misses.join("; "));
        }
    }
    if let Some(i) = r.best {
        t += &format!("best: {} (marked *)\n", r.variants[i].name);
    }
    t
}
