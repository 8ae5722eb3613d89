//! `cargo bench -p wordclub-definitions`: the offline definitions' cost and coverage.
//!
//! - open: the first lookup's one-time cost in a fresh process (the embedded fst's header
//!   check), median of 9 child processes;
//! - one lookup: `define` of a word of the list (its own senses and its lemmas, the answer
//!   built), median over the list's words in 5 passes of 2,000 words;
//! - the compiled data's size (what the binary and so the .deb grows by, uncompressed);
//! - `has_meaning` over the whole list: the first cost of the Medium computer's graph (its
//!   words are those with a meaning), before the graph is built;
//! - coverage: the share of the current list defined (directly or by lemma), of Easy's common
//!   words, of the distinct words the Hard computer plays over `WORDCLUB_DEFINE_GAMES` (1,000)
//!   simulated classic-15 matches (Hard v Hard, polite), and the 127 twos;
//! - issue 44's goals: the share of the 30,000 most frequent English words the list accepts
//!   that is defined (`wordlists/frequency/top-30000-boardable.txt`, or the file
//!   `WORDCLUB_FREQUENCY_LIST` names; goal 100%), of the distinct words the computers play in
//!   `WORDCLUB_DEFINE_MEDIUM_GAMES` (20) simulated Medium v Medium matches of every rule set
//!   (goal ≥ 95%), and the words whose lemma the bare suffix rules get wrong (HATED → HAT):
//!   how many there were before the spelling check and how many are shown now (goal 0).
use std::collections::BTreeMap;
use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

use wordclub_definitions::{define, Status};
use wordclub_engine::{ListRef, Match, PlayerSpec, RuleSet};
use wordclub_lexicon::WordList;
use wordclub_movegen::{computer_action, Level};

const CHILD_ENV: &str = "WORDCLUB_DEFINE_BENCH_CHILD";

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn pct(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

/// Words of `words` for which the bare suffix rules propose a lemma whose regular inflection
/// does not spell the word (what `define` showed before issue 44), and of those, how many
/// `define` still shows with that lemma (the goal is none).
fn spurious(what: &str, words: &[&String], list: &WordList) {
    let mut before = Vec::new();
    let mut shown = Vec::new();
    for w in words {
        let wrong = wordclub_definitions::spurious_lemmas(w, list).expect("A-Z");
        if wrong.is_empty() {
            continue;
        }
        let d = define(w, list, false).expect("A-Z");
        if d.meanings.iter().any(|m| wrong.contains(&m.lemma)) {
            shown.push(w.to_string());
        }
        before.push(format!("{w}→{}", wrong.join("/")));
    }
    println!(
        "lemmas, {what}: {} words had a lemma the suffix rules give but its spelling does not \
         (e.g. {:?}); shown now: {} {:?}",
        before.len(),
        before.iter().take(8).collect::<Vec<_>>(),
        shown.len(),
        shown.iter().take(8).collect::<Vec<_>>()
    );
}

fn main() {
    if std::env::var_os(CHILD_ENV).is_some() {
        let t = Instant::now();
        black_box(wordclub_definitions::open());
        println!("{}", t.elapsed().as_nanos());
        return;
    }
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let list = WordList::builtin("wordclub").expect("wordclub");
    let exe = std::env::current_exe().expect("current exe");
    let opens: Vec<Duration> = (0..9)
        .map(|_| {
            let out = Command::new(&exe)
                .env(CHILD_ENV, "1")
                .output()
                .expect("child");
            let ns: u64 = String::from_utf8_lossy(&out.stdout)
                .trim()
                .parse()
                .expect("ns");
            Duration::from_nanos(ns)
        })
        .collect();
    println!(
        "open (first lookup's cost, fresh process): median {:?} over 9 (goal < 50 ms)",
        median(opens)
    );

    let words: Vec<String> = list.fst().stream().into_strs().expect("A-Z keys");
    let step = (words.len() / 2000).max(1);
    let sample: Vec<&String> = words.iter().step_by(step).take(2000).collect();
    let mut passes = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        for w in &sample {
            black_box(define(w, list, true).expect("A-Z"));
        }
        passes.push(t.elapsed() / sample.len() as u32);
    }
    println!(
        "one lookup (define, answer built): median {:?} per word over {} words (goal < 50 µs)",
        median(passes),
        sample.len()
    );
    let f = wordclub_definitions::data_figures();
    println!(
        "compiled data: {} bytes ({:.2} MB) for {} words, embedded in the binary (budget 5 MB)",
        f.bytes,
        f.bytes as f64 / 1e6,
        f.words
    );

    // Coverage of the current list.
    let t = Instant::now();
    let (mut defined, mut by_lemma) = (0, 0);
    for w in &words {
        let d = define(w, list, true).expect("A-Z");
        if d.status == Status::Defined {
            defined += 1;
            if d.meanings.iter().all(|m| m.form.is_some()) {
                by_lemma += 1;
            }
        }
    }
    println!(
        "coverage, {}: {defined} of {} words ({:.1}%), {by_lemma} of them only by lemma; {:?} for the whole list",
        list.info().name,
        words.len(),
        pct(defined, words.len()),
        t.elapsed()
    );

    // What the Medium computer's graph costs on first use, before the graph itself is built:
    // the meaning check of every word of the list.
    let t = Instant::now();
    let meaningful = words
        .iter()
        .filter(|w| wordclub_definitions::has_meaning(w.as_bytes(), list))
        .count();
    println!(
        "has_meaning over {} (Medium's words): {meaningful} words in {:?}",
        list.info().name,
        t.elapsed()
    );

    let common: Vec<String> = include_str!("../../movegen/data/common-words.txt")
        .lines()
        .map(|w| w.trim().to_ascii_uppercase())
        .filter(|w| !w.is_empty() && list.contains(w.as_bytes()))
        .collect();
    let missing: Vec<&String> = common
        .iter()
        .filter(|w| define(w, list, true).expect("A-Z").status != Status::Defined)
        .collect();
    println!(
        "coverage, Easy's common words in the list: {} of {} ({:.2}%, goal ≥ 99%); first missing: {:?}",
        common.len() - missing.len(),
        common.len(),
        pct(common.len() - missing.len(), common.len()),
        missing.iter().take(12).collect::<Vec<_>>()
    );

    let twos: Vec<&str> = include_str!("../../../wordlists/two-letter-words-127.txt")
        .lines()
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .collect();
    let twos_defined = twos
        .iter()
        .filter(|w| define(w, list, true).expect("A-Z").status == Status::Defined)
        .count();
    println!(
        "coverage, the twos: {twos_defined} of {} defined ({} by the project's own gloss); \
         {} common words glossed by the project",
        twos.len(),
        wordclub_definitions::glossed_twos().count(),
        wordclub_definitions::glossed_common().count()
    );

    // Issue 44: the frequency list, the spurious lemmas, Medium's words in every rule set.
    let freq_path = std::env::var("WORDCLUB_FREQUENCY_LIST")
        .unwrap_or_else(|_| "../../wordlists/frequency/top-30000-boardable.txt".to_string());
    match std::fs::read_to_string(&freq_path) {
        Ok(text) => {
            let freq: Vec<String> = text
                .lines()
                .map(|w| w.trim().to_ascii_uppercase())
                .filter(|w| !w.is_empty() && !w.starts_with('#'))
                .collect();
            let accepted: Vec<&String> = freq
                .iter()
                .filter(|w| list.contains(w.as_bytes()))
                .collect();
            let missing: Vec<&&String> = accepted
                .iter()
                .filter(|w| define(w, list, true).expect("A-Z").status != Status::Defined)
                .collect();
            println!(
                "coverage, the 30,000 most frequent words ({} boardable, {} accepted by {}): {} \
                 defined ({:.2}%, goal 100%); {} without a meaning: {:?}",
                freq.len(),
                accepted.len(),
                list.info().name,
                accepted.len() - missing.len(),
                pct(accepted.len() - missing.len(), accepted.len()),
                missing.len(),
                missing
            );
            spurious("the frequent words", &accepted, list);
        }
        Err(e) => println!("coverage, the frequency list: {freq_path} unreadable ({e}); skipped"),
    }
    spurious(
        &format!("{} (every word)", list.info().name),
        &words.iter().collect::<Vec<_>>(),
        list,
    );
    let medium_games: usize = std::env::var("WORDCLUB_DEFINE_MEDIUM_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(20);
    for rules in RuleSet::all() {
        let t = Instant::now();
        let mut played: BTreeMap<String, usize> = BTreeMap::new();
        for game in 0..medium_games {
            let seats = if rules.players.min > 1 { 2 } else { 1 };
            let specs = (0..seats)
                .map(|i| PlayerSpec::computer(&format!("Medium {}", i + 1), "medium"))
                .collect();
            let seed = game as u64 + 1;
            let mut m = match Match::new(rules.clone(), ListRef::of(list), specs, seed) {
                Ok(m) => m,
                // A rule set without computer seats (solo-10): nothing for a computer to play.
                Err(e) => {
                    println!(
                        "coverage, Medium v Medium, {}: no computer match ({e})",
                        rules.id
                    );
                    break;
                }
            };
            while let Some(seat) = m.to_move() {
                let action = computer_action(&m, seat, list, Level::Medium).expect("computer move");
                m.apply(action, list).expect("a computer move is legal");
            }
            for turn in m.turns() {
                for w in &turn.words {
                    *played.entry(w.word.to_ascii_uppercase()).or_default() += 1;
                }
            }
        }
        if played.is_empty() {
            continue;
        }
        let missing: Vec<&String> = played
            .keys()
            .filter(|w| define(w, list, true).expect("A-Z").status != Status::Defined)
            .collect();
        println!(
            "coverage, Medium v Medium over {medium_games} {} matches ({:?}): {} of {} distinct \
             words ({:.1}%, goal ≥ 95%); undefined: {:?}",
            rules.id,
            t.elapsed(),
            played.len() - missing.len(),
            played.len(),
            pct(played.len() - missing.len(), played.len()),
            missing.iter().take(15).collect::<Vec<_>>()
        );
    }

    // The Hard computer's words over simulated classic matches.
    let games: usize = std::env::var("WORDCLUB_DEFINE_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(1000);
    let rules = RuleSet::builtin("classic-15").expect("classic-15");
    let t = Instant::now();
    let mut played: BTreeMap<String, usize> = BTreeMap::new();
    let mut plays = 0usize;
    for game in 0..games {
        let specs = vec![
            PlayerSpec::computer("Hard 1", "hard"),
            PlayerSpec::computer("Hard 2", "hard"),
        ];
        let mut m = Match::new(rules.clone(), ListRef::of(list), specs, game as u64 + 1)
            .expect("new match");
        while let Some(seat) = m.to_move() {
            let action = computer_action(&m, seat, list, Level::Hard).expect("computer move");
            m.apply(action, list).expect("a computer move is legal");
        }
        for turn in m.turns() {
            for w in &turn.words {
                plays += 1;
                *played.entry(w.word.to_ascii_uppercase()).or_default() += 1;
            }
        }
    }
    let hard_missing: Vec<(&String, &usize)> = played
        .iter()
        .filter(|(w, _)| define(w, list, true).expect("A-Z").status != Status::Defined)
        .collect();
    let missed_plays: usize = hard_missing.iter().map(|(_, n)| **n).sum();
    println!(
        "coverage, Hard v Hard over {games} classic-15 matches ({:?}): {} of {} distinct words \
         ({:.1}%, goal ≥ 80%); {} of {plays} words formed ({:.1}%); undefined examples: {:?}",
        t.elapsed(),
        played.len() - hard_missing.len(),
        played.len(),
        pct(played.len() - hard_missing.len(), played.len()),
        plays - missed_plays,
        pct(plays - missed_plays, plays),
        hard_missing
            .iter()
            .take(15)
            .map(|(w, _)| w)
            .collect::<Vec<_>>()
    );
}
