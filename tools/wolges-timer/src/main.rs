// Times wolges' all-moves and best-move on Word Club's kept positions
// (src-tauri/movegen/tests/positions/*.cgp), the way Word Club's movegen bench times its own:
// 3 warm-up runs, then the median of N runs on the same board (cross-sets kept between runs, as
// ours are). Best move: wolges' `gen_moves_unfiltered` keeping one play, with an empty leave
// table (equity = score, in thousandths of a point).
use std::time::Instant;
use wolges::{alphabet, board_layout, display, game_config, klv, kwg, movegen};
use wordclub_engine::RuleSet;

/// An alphabet with these tile values (A to Z, then the blank). Nine of each letter: wolges
/// works out the tiles left in the bag from the alphabet's counts, and with none left it ranks
/// moves for the endgame (penalties for the tiles kept), not by score.
fn alphabet_with(values: &[u8; 27]) -> alphabet::Alphabet {
    let vowels = b"AEIOU";
    let mut text = format!("?\t?\t2\t{}\t0\t0\t0\n", values[26]);
    for i in 0..26u8 {
        let l = (b'A' + i) as char;
        let v = vowels.contains(&(b'A' + i)) as u8;
        text.push_str(&format!(
            "{l}\t{}\t9\t{}\t{v}\t0\t0\n",
            l.to_ascii_lowercase(),
            values[i as usize]
        ));
    }
    alphabet::Alphabet::new_static_from_text(&text).unwrap()
}

/// The rule set as a wolges game config: its tile values, premium squares, star, rack size
/// and bingo bonus, read from Word Club's own rule set (the data the positions are played by).
fn config_for(rules: &RuleSet) -> game_config::GameConfig {
    let premiums: Vec<(i8, i8)> = rules
        .premium_grid()
        .iter()
        .map(|p| (p.word_multiplier() as i8, p.letter_multiplier() as i8))
        .collect();
    game_config::make_custom_game_config(
        alphabet_with(&rules.value_table()),
        board_layout::make_custom_board_layout(
            rules.board_size as i8,
            rules.star.row as i8,
            rules.star.col as i8,
            &premiums,
        ),
        rules.rack_size,
        rules.bingo_bonus as i16,
    )
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn time_ns(reps: usize, mut f: impl FnMut()) -> f64 {
    for _ in 0..3 {
        f();
    }
    median(
        (0..reps)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_nanos() as f64
            })
            .collect(),
    )
}

// Two ways to run: `wolges-timer <positions dir> <lex dir>` times every position and prints a
// line each (`name all_ns best_ns moves best_score found`); `wolges-timer <lex dir> --serve`
// reads `path [reps]` lines on stdin and answers `all_ns best_ns moves best_score` for each, so
// Word Club's bench can interleave its own timings with these in one run (WOLGES_TIMER).
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let reps_env: Option<usize> = std::env::var("BENCH_REPS")
        .ok()
        .and_then(|r| r.parse().ok());
    let klv = klv::Klv::<kwg::Node22>::from_bytes_alloc(klv::EMPTY_KLV_BYTES);
    let mut kwgs = std::collections::HashMap::new();
    if args.get(2).is_some_and(|a| a == "--serve") {
        let lexdir = &args[1];
        use std::io::{BufRead, Write};
        let stdin = std::io::stdin();
        let mut out = std::io::stdout();
        for line in stdin.lock().lines() {
            let line = line.unwrap();
            let (path, reps) = match line.split_once(' ') {
                Some((p, r)) => (p.to_string(), r.trim().parse().ok()),
                None => (line.clone(), None),
            };
            let (all_ns, best_ns, moves, best, _) = time_one(
                std::path::Path::new(&path),
                lexdir,
                reps.or(reps_env),
                &klv,
                &mut kwgs,
            );
            writeln!(out, "{all_ns:.0} {best_ns:.0} {moves} {best}").unwrap();
            out.flush().unwrap();
        }
        return;
    }
    let dir = &args[1];
    let lexdir = &args[2];
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "cgp"))
        .collect();
    files.sort();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if !name.contains(&only) {
            continue;
        }
        let (all_ns, best_ns, moves, best, found) =
            time_one(&path, lexdir, reps_env, &klv, &mut kwgs);
        println!("{name} {all_ns:.0} {best_ns:.0} {moves} {best} {found}");
    }
}

fn time_one(
    path: &std::path::Path,
    lexdir: &str,
    reps_env: Option<usize>,
    klv: &klv::Klv<kwg::Node22>,
    kwgs: &mut std::collections::HashMap<&'static str, kwg::Kwg<kwg::Node22>>,
) -> (f64, f64, usize, i32, usize) {
    let text = std::fs::read_to_string(&path).unwrap();
    let mut parts = text.trim().split_whitespace();
    let board = parts.next().unwrap();
    let rack_str = parts.next().unwrap();
    let opcode = |key: &str| {
        text.split(';')
            .map(str::trim)
            .find_map(|op| op.strip_prefix(key).map(|v| v.trim().to_string()))
    };
    let rules = RuleSet::builtin(&opcode("rules ").unwrap()).unwrap();
    let lex = opcode("lex ").unwrap_or_else(|| rules.default_list.clone());
    let lexfile = match lex.as_str() {
        "wordclub" => "wordclub-3",
        "wordclub@2" => "wordclub-2",
        "wordclub@1" => "wordclub-1",
        "enable-2-9" => "enable-2-9-1",
        "enable2k" => "enable2k-1",
        other => panic!("lex {other}"),
    };
    let kwg = kwgs.entry(lexfile).or_insert_with(|| {
        kwg::Kwg::<kwg::Node22>::from_bytes_alloc(
            &std::fs::read(format!("{lexdir}/{lexfile}.kwg")).unwrap(),
        )
    });
    let gc = config_for(&rules);
    let alphabet = gc.alphabet();
    let mut fen = display::BoardFenParser::new(alphabet, gc.board_layout());
    let board_tiles = fen.parse(board).unwrap().to_vec();
    let reader = alphabet::AlphabetReader::new_for_racks(alphabet);
    let mut rack = Vec::new();
    let mut ix = 0;
    let sb = rack_str.as_bytes();
    while ix < sb.len() {
        let (t, next) = reader.next_tile(sb, ix).unwrap();
        rack.push(t);
        ix = next;
    }
    let empty = board_tiles.iter().all(|&t| t == 0);
    let blanks = rack.iter().filter(|&&t| t == 0).count();
    let reps = reps_env.unwrap_or(if empty && blanks == 2 { 21 } else { 301 });
    let snap = movegen::BoardSnapshot {
        board_tiles: &board_tiles,
        game_config: &gc,
        kwg,
        klv,
    };
    let mut mg = movegen::KurniaMoveGenerator::new(&gc);
    let all_ns = time_ns(reps, || {
        mg.gen_moves_raw_all_unsorted(&snap, &rack, i16::MAX, false);
    });
    let moves = mg
        .plays
        .iter()
        .filter(|p| matches!(p.play, movegen::Play::Place { .. }))
        .count();
    let mut mg = movegen::KurniaMoveGenerator::new(&gc);
    let params = movegen::GenMovesParams {
        board_snapshot: &snap,
        rack: &rack,
        max_gen: 1,
        num_exchanges_by_this_player: i16::MAX,
        always_include_pass: false,
        dynamic_leaves: None,
    };
    let best_ns = time_ns(reps, || {
        mg.gen_moves_unfiltered(&params);
    });
    let mut found = 0usize;
    mg.gen_moves_filtered(
        &params,
        |_, _, _, _, _| {
            found += 1;
            true
        },
        |l| l,
        |_, _| true,
    );
    let best = match &mg.plays.first().map(|p| &p.play) {
        Some(movegen::Play::Place { score, .. }) => *score,
        _ => 0,
    };
    (all_ns, best_ns, moves, best as i32, found)
}
