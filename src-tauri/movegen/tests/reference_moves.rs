//! Independent references for the generator and the scorer.
//!
//! - `tests/reference/classic15_wolges.txt` and `ninebynine_wolges.txt`: positions whose
//!   complete move lists were produced by another engine (wolges, see
//!   `tests/reference/README.md`). For each position the generator must give the same number
//!   of placements, the same top 20 (score, then notation) and the same FNV-1a 64 hash of the
//!   whole sorted list.
//! - `tests/reference/hand_scored.txt`: 9×9 moves scored by hand from SPEC §2; the engine's
//!   scorer and the generator must both give exactly that score.

use std::path::{Path, PathBuf};

use wordclub_engine::{score_move, Cgp, GcgMove, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::{gaddag_for, layout_of, position_of, sort_moves, Generator, Rack};

fn reference_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/reference")
        .join(name)
}

/// FNV-1a, 64 bits: small enough to state exactly in the README and recompute anywhere.
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// One position of the other engine's reference file.
struct Reference {
    name: String,
    cgp: String,
    count: usize,
    exchanges: Option<usize>,
    hash: u64,
    top: Vec<(String, i32)>,
}

fn read_references(file: &str) -> Vec<Reference> {
    let path = reference_file(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = Vec::new();
    let mut cur: Option<Reference> = None;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        match tag {
            "position" => {
                cur = Some(Reference {
                    name: rest.to_string(),
                    cgp: String::new(),
                    count: 0,
                    exchanges: None,
                    hash: 0,
                    top: Vec::new(),
                })
            }
            "end" => out.push(cur.take().expect("end without position")),
            _ => {
                let r = cur.as_mut().expect("field outside a position");
                match tag {
                    "cgp" => r.cgp = rest.to_string(),
                    "count" => r.count = rest.parse().unwrap(),
                    "exchanges" => r.exchanges = Some(rest.parse().unwrap()),
                    "fnv1a64" => r.hash = u64::from_str_radix(rest, 16).unwrap(),
                    "top" => {
                        let (notation, score) = rest.rsplit_once(' ').unwrap();
                        r.top.push((notation.to_string(), score.parse().unwrap()));
                    }
                    other => panic!("unknown field {other:?} in {}", path.display()),
                }
            }
        }
    }
    out
}

/// The generator's sorted list for a CGP that names its `rules` and `lex`.
fn generated(cgp: &str) -> (Vec<(String, i32)>, Rack) {
    let parsed = Cgp::parse(cgp).unwrap();
    let rules = RuleSet::builtin(parsed.opcode("rules").expect("rules opcode")).unwrap();
    let list = WordList::builtin(parsed.opcode("lex").expect("lex opcode")).unwrap();
    let layout = layout_of(&rules).unwrap();
    let pos = position_of(cgp, &rules).unwrap();
    let rack = pos.rack.unwrap_or_default();
    let mut moves = Generator::new().all_moves(&gaddag_for(list), &layout, &pos.grid, &rack);
    sort_moves(&mut moves);
    let list = moves.iter().map(|m| (m.notation(), m.score)).collect();
    (list, rack)
}

/// Every difference between the generator and the reference positions; and the moves compared.
fn disagreements(refs: &[Reference]) -> (Vec<String>, usize) {
    let mut failures = Vec::new();
    let mut total = 0;
    for r in refs {
        let (got, rack) = generated(&r.cgp);
        total += got.len();
        let mut text = String::new();
        for (notation, score) in &got {
            text.push_str(&format!("{notation} {score}\n"));
        }
        let top: Vec<(String, i32)> = got.iter().take(20).cloned().collect();
        if got.len() != r.count || top != r.top || fnv1a64(text.as_bytes()) != r.hash {
            let only_ours: Vec<_> = top.iter().filter(|m| !r.top.contains(m)).collect();
            let only_theirs: Vec<_> = r.top.iter().filter(|m| !top.contains(m)).collect();
            failures.push(format!(
                "{}: {} moves (reference {}); hash {:016x} (reference {:016x}); top 20 only ours {:?}, only reference {:?}",
                r.name,
                got.len(),
                r.count,
                fnv1a64(text.as_bytes()),
                r.hash,
                only_ours,
                only_theirs
            ));
        }
        if let Some(n) = r.exchanges {
            if rack.distinct_exchanges(1, rack.len()) != n {
                failures.push(format!(
                    "{}: {} distinct exchanges (reference {n})",
                    r.name,
                    rack.distinct_exchanges(1, rack.len())
                ));
            }
        }
    }
    (failures, total)
}

#[test]
fn generator_matches_the_other_engine_on_classic_positions() {
    let refs = read_references("classic15_wolges.txt");
    assert!(refs.len() >= 30, "only {} reference positions", refs.len());
    let (failures, total) = disagreements(&refs);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(total > 50_000, "the references cover only {total} moves");
}

#[test]
fn generator_matches_the_other_engine_on_nine_by_nine_positions() {
    let refs = read_references("ninebynine_wolges.txt");
    for rules in ["wordclub-1.0", "wordclub-1.1", "solo-10"] {
        let tag = format!("rules {rules};");
        assert!(refs.iter().filter(|r| r.cgp.contains(&tag)).count() >= 3);
    }
    let (failures, total) = disagreements(&refs);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(total > 20_000, "the references cover only {total} moves");
}

#[test]
fn the_reference_file_covers_what_it_claims() {
    let refs = read_references("classic15_wolges.txt");
    let with_blanks = |n: usize| {
        refs.iter()
            .filter(|r| {
                let rack = r.cgp.split_whitespace().nth(1).unwrap_or("");
                rack.matches('?').count() == n
            })
            .count()
    };
    assert!(with_blanks(1) >= 3 && with_blanks(2) >= 3);
    assert!(refs
        .iter()
        .any(|r| r.cgp.starts_with("15/15/15/15/15/15/15/15")));
    assert!(refs.iter().any(|r| r.cgp.contains("lex enable2k;")));
    // Computed by wolges on version 1 of the wordclub list, so pinned to it by name.
    assert!(refs.iter().any(|r| r.cgp.contains("lex wordclub@1;")));
    // a near-full board: at least 85 tiles
    assert!(refs.iter().any(|r| {
        let board = r.cgp.split_whitespace().next().unwrap();
        board.bytes().filter(|b| b.is_ascii_alphabetic()).count() >= 85
    }));
    // every top list is in list order (score descending, then notation)
    for r in &refs {
        assert!(r.top.len() == r.count.min(20), "{}", r.name);
        for w in r.top.windows(2) {
            assert!(
                w[0].1 > w[1].1 || (w[0].1 == w[1].1 && w[0].0.as_bytes() < w[1].0.as_bytes()),
                "{}: {:?} before {:?}",
                r.name,
                w[0],
                w[1]
            );
        }
    }
}

/// One hand-scored move.
struct HandScored {
    rules: String,
    list: String,
    board: String,
    notation: String,
    score: u32,
    working: String,
}

fn read_hand_scored() -> Vec<HandScored> {
    let text = std::fs::read_to_string(reference_file("hand_scored.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").map(str::trim).collect();
            assert_eq!(f.len(), 6, "bad line {l:?}");
            HandScored {
                rules: f[0].to_string(),
                list: f[1].to_string(),
                board: f[2].to_string(),
                notation: f[3].to_string(),
                score: f[4].parse().unwrap(),
                working: f[5].to_string(),
            }
        })
        .collect()
}

#[test]
fn hand_scored_nine_by_nine_moves_score_as_worked_out() {
    let cases = read_hand_scored();
    assert!(cases.len() >= 10);
    for rules_id in ["wordclub-1.1", "solo-10"] {
        assert!(cases.iter().filter(|c| c.rules == rules_id).count() >= 4);
    }
    let mut gen = Generator::new();
    for c in &cases {
        let what = format!("{} {} on {} ({})", c.rules, c.notation, c.board, c.working);
        let rules = RuleSet::builtin(&c.rules).unwrap();
        let list = WordList::builtin(&c.list).unwrap();
        let board = Cgp::parse(&c.board).unwrap().board(&rules).unwrap();
        let tiles = GcgMove::parse(&c.notation)
            .unwrap()
            .placements(&board)
            .unwrap();

        // the engine's scorer
        let scored = score_move(&board, &rules, list, &tiles)
            .unwrap_or_else(|e| panic!("{what}: refused: {e}"));
        assert_eq!(scored.score, c.score, "engine: {what}");
        assert_eq!(scored.bingo, 0, "no bingo on 9x9: {what}");

        // the generator lists the same move, with the same score, for a rack of exactly its tiles
        let rack_text: String = tiles
            .iter()
            .map(|p| {
                if p.tile.blank {
                    '?'
                } else {
                    p.tile.letter as char
                }
            })
            .collect();
        let rack = Rack::parse(&rack_text).unwrap();
        let pos = position_of(&c.board, &rules).unwrap();
        let layout = layout_of(&rules).unwrap();
        let moves = gen.all_moves(&gaddag_for(list), &layout, &pos.grid, &rack);
        let found = moves.iter().find(|m| m.notation() == c.notation);
        assert_eq!(
            found.map(|m| m.score),
            Some(c.score as i32),
            "generator: {what}"
        );
    }
}
