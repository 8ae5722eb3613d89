//! `cargo bench -p wordclub-movegen` — timings over the kept positions (tests/positions).
//!
//! For each position: the median of many runs (after a warm-up) of listing every move and of
//! finding the best one; then the median over positions, per group. Runs repeat on the same
//! board, so the generator's kept cross-checks are reused (as the reference engine's are);
//! the "new board" column lists every move with all cross-checks worked out afresh each run
//! (a board the generator has not seen). Neither includes the one-time graph build.
//! `BENCH_ONLY=text` keeps the positions whose file name contains it; `BENCH_DETAIL=1` prints
//! every position; `BENCH_REPS=n` sets the runs per position. The graphs' bytes are printed.
//!
//! Side by side with wolges: `WOLGES_TIMER="program args…"` starts that program (a wolges
//! build outside this repository: `tools/wolges-timer`, see its README) and, position by
//! position, alternates three rounds of our timings with three of its own on the same
//! position (it reads `path reps` lines and answers `all_ns best_ns moves best_score`), each
//! side keeping its fastest round, so a load that comes and goes weighs on both alike. It adds
//! wolges' time over ours per group and the worst per-position ratio of our best-move time
//! over wolges', and checks that both find as many moves and best moves of the same score.
//!
//! `BENCH_PROCESSES=n` (3 when `WOLGES_TIMER` is given, else 1) measures every position in n
//! processes one after the other and keeps, for each side, a position's fastest: on these
//! virtual machines a process now and then runs in a slow mode throughout (the same binary's
//! classic opening 8.8 µs in most processes, 15-19 µs in some), which one process cannot tell
//! from the code.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use wordclub_engine::{Cgp, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::{gaddag_for, layout_of, position_of, BestScore, Generator, Move};

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if v.is_empty() {
        return f64::NAN;
    }
    v[v.len() / 2]
}

fn time_ns(reps: usize, mut f: impl FnMut()) -> f64 {
    for _ in 0..3 {
        f();
    }
    let mut runs: Vec<f64> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_nanos() as f64
        })
        .collect();
    median(&mut runs)
}

struct Row {
    group: String,
    name: String,
    moves: usize,
    all_ns: f64,
    best_ns: f64,
    fresh_ns: f64,
    /// wolges' all-moves and best-move times on the position, in the same run.
    wolges: Option<(f64, f64)>,
}

/// The wolges timer (`WOLGES_TIMER`), asked one position at a time.
struct Peer {
    _child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Peer {
    fn start(command: &str) -> Peer {
        let mut words = command.split_whitespace();
        let program = words.next().expect("WOLGES_TIMER names a program");
        let mut child = Command::new(program)
            .args(words)
            .arg("--serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("WOLGES_TIMER {command}: {e}"));
        Peer {
            input: child.stdin.take().unwrap(),
            output: BufReader::new(child.stdout.take().unwrap()),
            _child: child,
        }
    }

    /// wolges' all-moves and best-move medians over `reps` runs, its move count and the score
    /// of its best move.
    fn time(&mut self, path: &Path, reps: usize) -> (f64, f64, usize, i32) {
        writeln!(self.input, "{} {reps}", path.display()).unwrap();
        self.input.flush().unwrap();
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 4, "wolges timer answered {line:?}");
        // Its best score is in thousandths of a point (equity with an empty leave table).
        let score: i32 = f[3].parse().unwrap();
        (
            f[0].parse().unwrap(),
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
            score / 1000,
        )
    }
}

impl Row {
    /// The row as one tab-separated line, as a measuring process hands it to the first.
    fn to_line(&self) -> String {
        let (wa, wb) = self.wolges.unwrap_or((f64::NAN, f64::NAN));
        format!(
            "row\t{}\t{}\t{}\t{}\t{}\t{}\t{wa}\t{wb}",
            self.group, self.name, self.moves, self.all_ns, self.best_ns, self.fresh_ns
        )
    }

    fn from_line(line: &str) -> Option<Row> {
        let f: Vec<&str> = line.strip_prefix("row\t")?.split('\t').collect();
        let n = |i: usize| f[i].parse::<f64>().expect("a measuring process's figure");
        let (wa, wb) = (n(6), n(7));
        Some(Row {
            group: f[0].to_string(),
            name: f[1].to_string(),
            moves: f[2].parse().expect("a move count"),
            all_ns: n(3),
            best_ns: n(4),
            fresh_ns: n(5),
            wolges: (!wa.is_nan()).then_some((wa, wb)),
        })
    }

    /// Keeps, for each side, the faster of two measurements of one position.
    fn keep_fastest(&mut self, other: Row) {
        assert_eq!(
            self.moves, other.moves,
            "{}: the same moves every run",
            self.name
        );
        self.all_ns = self.all_ns.min(other.all_ns);
        self.best_ns = self.best_ns.min(other.best_ns);
        self.fresh_ns = self.fresh_ns.min(other.fresh_ns);
        if let (Some(a), Some(b)) = (self.wolges, other.wolges) {
            self.wolges = Some((a.0.min(b.0), a.1.min(b.1)));
        }
    }
}

/// Measures every position in `processes` runs of this bench, one after the other, and keeps
/// each position's fastest figures per side.
fn fastest_of_processes(processes: usize) -> Vec<Row> {
    let exe = std::env::current_exe().expect("the bench's own path");
    let mut rows: Vec<Row> = Vec::new();
    for run in 0..processes {
        eprintln!("measuring process {} of {processes}", run + 1);
        let out = Command::new(&exe)
            .args(std::env::args_os().skip(1))
            .env("BENCH_ROWS_ONLY", "1")
            .stderr(Stdio::inherit())
            .output()
            .expect("a measuring process starts");
        assert!(out.status.success(), "a measuring process failed");
        let text = String::from_utf8(out.stdout).expect("rows are text");
        let measured: Vec<Row> = text.lines().filter_map(Row::from_line).collect();
        if rows.is_empty() {
            rows = measured;
            continue;
        }
        assert_eq!(
            rows.len(),
            measured.len(),
            "every process measures every position"
        );
        for (row, other) in rows.iter_mut().zip(measured) {
            row.keep_fastest(other);
        }
    }
    rows
}

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "cgp"))
        .collect();
    files.sort();
    if std::env::var_os("BENCH_ROWS_ONLY").is_some() {
        for row in measure(&files) {
            println!("{}", row.to_line());
        }
        return;
    }
    let build = Instant::now();
    for list in ["wordclub", "enable-2-9"] {
        gaddag_for(WordList::builtin(list).unwrap());
    }
    println!(
        "graph load (wordclub + enable-2-9, once per process): {:.2} s",
        build.elapsed().as_secs_f64()
    );
    // wolges' graphs of the same words, when its timer is given (its second word: the folder
    // of KWG files, `tools/wolges-timer/lex`, with `-polite` ones of the polite words).
    let kwg_dir = std::env::var("WOLGES_TIMER")
        .ok()
        .and_then(|c| c.split_whitespace().nth(1).map(std::path::PathBuf::from));
    for (list, kwg) in [("wordclub", "wordclub-3"), ("enable-2-9", "enable-2-9-1")] {
        let list = WordList::builtin(list).unwrap();
        let g = gaddag_for(list);
        let source = if wordclub_movegen::is_prebuilt(list) {
            "prebuilt"
        } else {
            "built"
        };
        let kwg_bytes = |name: &str| {
            kwg_dir
                .as_ref()
                .and_then(|d| std::fs::metadata(d.join(format!("{name}.kwg"))).ok())
                .map_or("-".to_string(), |m| {
                    format!("{:.2} MB", m.len() as f64 / 1e6)
                })
        };
        // One graph serves both manners: the polite view reads the same slots.
        println!(
            "graph bytes {} ({source}; both manners, one graph): {} ({:.2} MB; records {:.2} MB, \
             the rest the anagram filter); wolges' KWG: {} any words, {} polite words",
            list.info().name,
            g.memory_bytes(),
            g.memory_bytes() as f64 / 1e6,
            g.record_bytes() as f64 / 1e6,
            kwg_bytes(kwg),
            kwg_bytes(&format!("{kwg}-polite")),
        );
    }
    let default_processes = if std::env::var_os("WOLGES_TIMER").is_some() {
        3
    } else {
        1
    };
    let processes = std::env::var("BENCH_PROCESSES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default_processes);
    let rows = if processes > 1 {
        fastest_of_processes(processes)
    } else {
        measure(&files)
    };
    report(&rows);
}

/// Every kept position's timings in this process (and wolges', when its timer is given).
fn measure(files: &[PathBuf]) -> Vec<Row> {
    let mut peer = std::env::var("WOLGES_TIMER").ok().map(|c| Peer::start(&c));
    let rounds = if peer.is_some() { 3 } else { 1 };
    let mut gen = Generator::new();
    let mut rows = Vec::new();
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if !name.contains(&only) {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let cgp = Cgp::parse(text.trim()).unwrap();
        let rules = RuleSet::builtin(cgp.opcode("rules").unwrap()).unwrap();
        let list = WordList::builtin(cgp.opcode("lex").unwrap_or(&rules.default_list)).unwrap();
        let layout = layout_of(&rules).unwrap();
        let pos = position_of(text.trim(), &rules).unwrap();
        let rack = pos.rack.unwrap();
        let g = gaddag_for(list);
        let empty = pos.grid.is_empty();
        let variant = if name.ends_with("-blank2") {
            "two blanks"
        } else if name.ends_with("-blank1") {
            "one blank"
        } else if name.ends_with("-short") {
            "short rack"
        } else if name.starts_with("edge-") {
            "edge cases"
        } else {
            "dealt rack"
        };
        let group = format!(
            "{n}x{n} {} {variant}",
            if empty { "opening" } else { "midgame" },
            n = layout.size
        );
        let reps = if empty && rack.counts[0] == 2 {
            21
        } else {
            301
        };
        let reps = std::env::var("BENCH_REPS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(reps);
        let mut moves: Vec<Move> = Vec::with_capacity(1 << 16);
        let (mut all_ns, mut best_ns) = (f64::INFINITY, f64::INFINITY);
        let mut wolges: Option<(f64, f64)> = None;
        let mut best_score = None;
        for _ in 0..rounds {
            all_ns = all_ns.min(time_ns(reps, || {
                moves.clear();
                gen.generate(&g, &layout, &pos.grid, &rack, &mut moves);
            }));
            best_ns = best_ns.min(time_ns(reps, || {
                let mut best = BestScore::default();
                gen.generate_best(&g, &layout, &pos.grid, &rack, &mut best);
                best_score = best.best.map(|m| m.score);
            }));
            if let Some(peer) = peer.as_mut() {
                let (all, best, count, score) = peer.time(path, reps);
                assert_eq!(count, moves.len(), "{name}: wolges finds {count} moves");
                assert_eq!(score, best_score.unwrap_or(0), "{name}: wolges' best score");
                let (a, b) = wolges.unwrap_or((f64::INFINITY, f64::INFINITY));
                wolges = Some((a.min(all), b.min(best)));
            }
        }
        let fresh_ns = time_ns(reps, || {
            moves.clear();
            gen.forget_board();
            gen.generate(&g, &layout, &pos.grid, &rack, &mut moves);
        });
        rows.push(Row {
            group,
            name,
            moves: moves.len(),
            all_ns,
            best_ns,
            fresh_ns,
            wolges,
        });
    }
    rows
}

/// The figures per group, side by side with wolges when it ran, and per position on request.
fn report(rows: &[Row]) {
    println!(
        "{:<36} {:>9} {:>12} {:>13} {:>10} {:>10} {:>12}",
        "group", "positions", "all (median)", "best (median)", "new board", "ns/move", "moves/s"
    );
    let mut groups: Vec<String> = rows.iter().map(|r| r.group.clone()).collect();
    groups.sort();
    groups.dedup();
    for group in &groups {
        let g: Vec<&Row> = rows.iter().filter(|r| &r.group == group).collect();
        if g.is_empty() {
            continue;
        }
        let mut all: Vec<f64> = g.iter().map(|r| r.all_ns).collect();
        let mut best: Vec<f64> = g.iter().map(|r| r.best_ns).collect();
        let mut fresh: Vec<f64> = g.iter().map(|r| r.fresh_ns).collect();
        let mut per_move: Vec<f64> = g.iter().map(|r| r.all_ns / r.moves.max(1) as f64).collect();
        let total_moves: usize = g.iter().map(|r| r.moves).sum();
        let total_ns: f64 = g.iter().map(|r| r.all_ns).sum();
        let fmt = |ns: f64| {
            if ns >= 1e6 {
                format!("{:.2} ms", ns / 1e6)
            } else {
                format!("{:.1} µs", ns / 1e3)
            }
        };
        println!(
            "{:<36} {:>9} {:>12} {:>13} {:>10} {:>10.0} {:>12.0}",
            group,
            g.len(),
            fmt(median(&mut all)),
            fmt(median(&mut best)),
            fmt(median(&mut fresh)),
            median(&mut per_move),
            total_moves as f64 / (total_ns / 1e9)
        );
        let mut ratios: Vec<f64> = g
            .iter()
            .filter_map(|r| r.wolges.map(|w| w.0 / r.all_ns))
            .collect();
        let mut best_ratios: Vec<f64> = g
            .iter()
            .filter_map(|r| r.wolges.map(|w| w.1 / r.best_ns))
            .collect();
        if !ratios.is_empty() {
            println!(
                "{:<36} wolges/ours on {} positions: all moves {:.2}×, best move {:.2}×",
                "",
                ratios.len(),
                median(&mut ratios),
                median(&mut best_ratios)
            );
        }
    }
    // Side by side with wolges, position by position: the slowest best move relative to it.
    let mut worst: Vec<(f64, &Row, f64)> = rows
        .iter()
        .filter_map(|r| r.wolges.map(|w| (r.best_ns / w.1, r, w.1)))
        .collect();
    worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    if let Some((ratio, r, w)) = worst.first() {
        let slower = worst.iter().filter(|x| x.0 > 1.0).count();
        println!(
            "best move, ours/wolges per position, side by side in this run: worst {ratio:.2}× on {} \
             ({:.1} µs vs {:.1} µs); slower than wolges on {slower} of {} positions",
            r.name,
            r.best_ns / 1e3,
            w / 1e3,
            worst.len()
        );
    }
    if std::env::var_os("BENCH_DETAIL").is_some() {
        for r in rows {
            let peer = r
                .wolges
                .map(|(a, b)| format!("  wolges all {a:>10.0} ns  best {b:>10.0} ns"))
                .unwrap_or_default();
            println!(
                "{:<48} {:>7} moves  all {:>10.0} ns  best {:>10.0} ns  new board {:>10.0} ns{peer}  \
                 ({})",
                r.name, r.moves, r.all_ns, r.best_ns, r.fresh_ns, r.group
            );
        }
    }
}
