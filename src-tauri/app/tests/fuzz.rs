//! A seeded fuzz test of the command layer: thousands of random, mutated and out-of-turn
//! commands through `App::call`, against real matches of every rule set (people and
//! computers), with these checked after every one:
//! - nothing panics, and every refusal is typed (a snake_case kind and a sentence, no SQL);
//! - a refused command changes neither the match's view nor the history;
//! - no answer holds a rack outside the secrecy rule of `src/lib.rs`: only the rack of the
//!   person to move, after their `reveal_rack` this turn, or with one person at the table
//!   (people who resigned still count), and never a second rack anywhere in an answer;
//! - unseen tiles subtract a rack only when that rack is shown.
//!
//! `WORDCLUB_FUZZ_SEED` and `WORDCLUB_FUZZ_CASES` change the seed (printed, so a failure
//! reproduces) and the number of commands (default 4000). The figures go to stdout
//! (`cargo test -p wordclub-app --test fuzz -- --nocapture`).
mod common;

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use wordclub_app::{App, COMMANDS};

/// What the test knows about a match it made: who is human, and who revealed this turn.
struct Known {
    humans: usize,
    /// The seat that revealed since the last turn-ending answer.
    revealed: Option<u64>,
}

struct Fuzz {
    app: App,
    rng: ChaCha8Rng,
    matches: BTreeMap<i64, Known>,
    tried: usize,
    accepted: usize,
    refused: usize,
    kinds: BTreeMap<String, usize>,
    misbehaved: Vec<String>,
}

const RULES: &[&str] = &[
    "wordclub-1.0",
    "wordclub-1.1",
    "solo-10",
    "classic-15",
    "classic-15-ten",
];
const NAMES: &[&str] = &["Ann", "Ben", "Cat", "Dee"];

impl Fuzz {
    fn seat_list(&mut self, rules: &str) -> Vec<Value> {
        if rules == "solo-10" {
            return vec![json!({"name": "Solo"})];
        }
        let max = if rules == "classic-15-ten" { 2 } else { 4 };
        let n = self.rng.gen_range(2..=max);
        let mut seats: Vec<Value> = (0..n)
            .map(|i| {
                if self.rng.gen_bool(0.4) {
                    json!({"name": NAMES[i], "computer": "easy"})
                } else {
                    json!({"name": NAMES[i]})
                }
            })
            .collect();
        if seats.iter().all(|s| s.get("computer").is_some()) {
            seats[0] = json!({"name": NAMES[0]});
        }
        // Now and then a head start, in range or not (out of range: a typed refusal).
        for seat in &mut seats {
            if self.rng.gen_bool(0.2) {
                seat["head_start"] =
                    json!(*[0i64, 60, 200, 201, -5].choose(&mut self.rng).unwrap());
            }
        }
        seats
    }

    fn any_match(&mut self) -> i64 {
        let ids: Vec<i64> = self.matches.keys().copied().collect();
        match ids.choose(&mut self.rng) {
            Some(&id) if !self.rng.gen_bool(0.03) => id,
            _ => *[0i64, -1, 999_999, i64::MAX].choose(&mut self.rng).unwrap(),
        }
    }

    fn letter(&mut self) -> String {
        let pool = [
            "A", "E", "C", "T", "S", "Q", "?", "a", "", "AB", "é", "1", " ",
        ];
        if self.rng.gen_bool(0.8) {
            ((b'A' + self.rng.gen_range(0..26u8)) as char).to_string()
        } else {
            pool.choose(&mut self.rng).unwrap().to_string()
        }
    }

    /// Tiles near the centre, sometimes from the revealed rack, sometimes nonsense.
    fn tiles(&mut self, view: Option<&Value>) -> Value {
        let rack: Vec<String> = view
            .and_then(|v| v["rack"].as_array())
            .map(|r| {
                r.iter()
                    .map(|t| t["letter"].as_str().unwrap_or("A").to_string())
                    .collect()
            })
            .unwrap_or_default();
        let size = view
            .and_then(|v| v["rules"]["board_size"].as_u64())
            .unwrap_or(9) as i64;
        let centre = size / 2;
        let n = self.rng.gen_range(0..=4);
        let across = self.rng.gen_bool(0.5);
        let start = centre - self.rng.gen_range(0..=2);
        let fixed = self.rng.gen_range(centre - 1..=centre + 1);
        let tiles: Vec<Value> = (0..n)
            .map(|i| {
                let (row, col) = if across {
                    (fixed, start + i)
                } else {
                    (start + i, fixed)
                };
                let letter = match rack.get(i as usize) {
                    Some(l) if l != "?" && self.rng.gen_bool(0.8) => l.clone(),
                    Some(_) => "E".to_string(),
                    None => self.letter(),
                };
                let mut t = json!({"row": row, "col": col, "letter": letter});
                if self.rng.gen_bool(0.05) {
                    t["blank"] = json!(true);
                }
                if self.rng.gen_bool(0.02) {
                    t["row"] = json!(-1);
                }
                if self.rng.gen_bool(0.03) {
                    t = json!([row, col, letter]);
                }
                t
            })
            .collect();
        json!(tiles)
    }

    /// A command and its arguments: mostly sensible for the current state, some mutated.
    fn command(&mut self) -> (String, Value) {
        let id = self.any_match();
        let view = self.app.call("match_view", json!({"match_id": id})).ok();
        let command = *[
            "new_match",
            "match_view",
            "reveal_rack",
            "reveal_rack",
            "preview",
            "play",
            "play",
            "exchange",
            "pass",
            "resign",
            "hint",
            "computer_turn",
            "computer_turn",
            "challenge",
            "challenge",
            "let_stand",
            "match_list",
            "match_detail",
            "export_gcg",
            "update_settings",
            "app_info",
            "check_word",
            "define",
            "player_stats",
            "acknowledge_history_notice",
            "rematch",
            "rules_examples",
            "rules_evidence",
            "add_our_word",
            "remove_our_word",
            "no_such_command",
        ]
        .choose(&mut self.rng)
        .unwrap();
        let mut args = match command {
            "new_match" if self.matches.len() < 40 => {
                let rules = *RULES.choose(&mut self.rng).unwrap();
                // Our words (issue 46): on, off, or the default (on once there are any).
                let ours =
                    [json!(true), json!(false), Value::Null][self.rng.gen_range(0..3)].clone();
                let mut args = json!({"rules": rules, "players": self.seat_list(rules), "use_our_words": ours});
                // Challenges on in half the matches (issue 46), each penalty in turn.
                if self.rng.gen_bool(0.5) {
                    let penalty = *["none", "lose_turn", "plus5", "plus10"]
                        .choose(&mut self.rng)
                        .unwrap();
                    args["challenges"] = json!(penalty);
                }
                args
            }
            "challenge" => json!({"match_id": id, "player": self.rng.gen_range(0..=4)}),
            "add_our_word" => {
                json!({"word": self.letter() + "A" + &self.letter(), "blocked": self.rng.gen_bool(0.5)})
            }
            "remove_our_word" => json!({"word": self.letter() + "A" + &self.letter()}),
            "match_view" => json!({"match_id": id, "cover": self.rng.gen_bool(0.2)}),
            "preview" | "play" => json!({"match_id": id, "tiles": self.tiles(view.as_ref())}),
            "exchange" => {
                let k = self.rng.gen_range(0..=3);
                let tiles: Vec<String> = match view.as_ref().and_then(|v| v["rack"].as_array()) {
                    Some(r) if self.rng.gen_bool(0.7) => r
                        .iter()
                        .take(k)
                        .map(|t| t["letter"].as_str().unwrap_or("A").to_string())
                        .collect(),
                    _ => (0..k).map(|_| self.letter()).collect(),
                };
                json!({"match_id": id, "tiles": tiles})
            }
            "resign" => json!({"match_id": id, "confirm": self.rng.gen_bool(0.7)}),
            "export_gcg" => json!({"match_id": id, "reveal_racks": self.rng.gen_bool(0.3)}),
            "update_settings" => json!({"tile_tracker": self.rng.gen_bool(0.5)}),
            "match_list" => {
                let status = *["in_progress", "finished", "x"]
                    .choose(&mut self.rng)
                    .unwrap();
                json!({ "status": status })
            }
            // Half the time from the match's screen (a lookup recorded where challenges are
            // on, refused behind the cover).
            "check_word" if self.rng.gen_bool(0.5) => {
                json!({"word": self.letter() + "AT", "match_id": id})
            }
            "check_word" => json!({"word": self.letter() + "AT", "list": "wordclub"}),
            // Half the time the words of a play that can still be challenged, whose meanings
            // must wait (checked in `check_challenge_secrecy`).
            "define" => match view.as_ref().map(|v| v["challenge"]["words"].clone()) {
                Some(words @ Value::Array(_)) if self.rng.gen_bool(0.5) => {
                    json!({"words": words, "match_id": id})
                }
                _ => json!({"words": [self.letter() + "AT", self.letter()], "match_id": id}),
            },
            "acknowledge_history_notice" => json!({"moved_to": "/nowhere"}),
            "rules_examples" | "rules_evidence" => {
                json!({"rules": *RULES.choose(&mut self.rng).unwrap()})
            }
            "app_info" | "player_stats" => json!({}),
            _ => json!({"match_id": id}),
        };
        // Mutations: the same command with arguments it must refuse.
        if self.rng.gen_bool(0.12) {
            args = match self.rng.gen_range(0..7) {
                0 => Value::Array(
                    args.as_object()
                        .map_or(Vec::new(), |o| o.values().cloned().collect()),
                ),
                1 => {
                    args["surprise"] = json!(1);
                    args
                }
                2 => json!("text"),
                3 => json!(12),
                4 => {
                    if let Some(o) = args.as_object_mut() {
                        if let Some(k) = o.keys().next().cloned() {
                            o.insert(k, json!({"deep": [1, 2, 3]}));
                        }
                    }
                    args
                }
                5 => {
                    args["match_id"] = json!("1");
                    args
                }
                _ => {
                    args["seed"] = json!(7);
                    args
                }
            };
        }
        (command.to_string(), args)
    }

    /// With challenges on, nobody is told whether a play's words are in the list until a
    /// challenge (issue 46): `preview` names no word, and `define` answers no word of a play
    /// that can still be challenged.
    fn check_challenge_secrecy(&mut self, command: &str, args: &Value, answer: &Value) {
        let Some(id) = args["match_id"].as_i64() else {
            return;
        };
        let Ok(view) = self.app.call("match_view", json!({"match_id": id})) else {
            return;
        };
        if view["challenges"].is_null() {
            return;
        }
        if command == "preview" && answer["error"]["kind"] == "not_in_list" {
            self.bad(format!("preview named a word with challenges on: {answer}"));
        }
        if command == "define" {
            let open = view["challenge"]["words"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let asked = answer["definitions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if asked.iter().any(|d| open.contains(&d["word"])) {
                self.bad(format!("define told a challengeable word: {answer}"));
            }
        }
    }

    fn bad(&mut self, what: String) {
        if self.misbehaved.len() < 20 {
            println!("MISBEHAVED: {what}");
        }
        self.misbehaved.push(what);
    }

    /// What a refusal of a command naming match `id` must leave alone: that match's view,
    /// the history list (every match's turns, scores, hints and times) and the settings.
    fn snapshot(&self, id: Option<i64>) -> String {
        let mut out = String::new();
        if let Some(id) = id {
            let v = self.app.call("match_view", json!({"match_id": id}));
            out.push_str(&format!("{id}: {v:?}\n"));
        }
        out.push_str(&format!(
            "{:?}",
            self.app.call("match_list", json!({"page": 1}))
        ));
        out.push_str(&format!("{:?}", self.app.call("get_settings", json!({}))));
        out
    }

    /// Checks one answer against the secrecy rule, given what the test knows.
    fn check_secrecy(&mut self, command: &str, answer: &Value) {
        let mut views = Vec::new();
        if answer.get("rack").is_some() && answer.get("board").is_some() {
            views.push(answer.clone());
        }
        // No rack-shaped field anywhere else in an answer about a match in play: a `rack`
        // only at the top of a view, never `racks`, a `seed` or a draw order.
        let finished_detail =
            command == "match_detail" && answer["summary"]["status"] != "in_progress";
        if !finished_detail {
            let mut found = Vec::new();
            forbidden_keys(answer, 0, &mut found);
            if !found.is_empty() {
                self.bad(format!("{command}: the answer holds {found:?}"));
            }
        }
        for v in views {
            let Some(id) = v["id"].as_i64() else { continue };
            let Some(known) = self.matches.get(&id) else {
                continue;
            };
            let rack = v["rack"].as_array().cloned();
            let to_move = v["to_move"].as_u64();
            let humans = known.humans;
            let revealed = known.revealed;
            if let Some(rack) = &rack {
                let seat = to_move.unwrap_or(u64::MAX);
                let person = v["players"][seat as usize]["computer"].is_null();
                if !person || (humans > 1 && revealed != Some(seat)) {
                    self.bad(format!(
                        "{command} on match {id}: rack shown for seat {seat} (humans {humans}, \
                         revealed {revealed:?})"
                    ));
                }
                if v["players"][seat as usize]["rack_count"].as_u64() != Some(rack.len() as u64) {
                    self.bad(format!("{command}: the rack shown is not seat {seat}'s"));
                }
            } else if v["covered"] == false && to_move.is_some() && humans > 1 {
                if let Some(seat) = to_move {
                    if v["players"][seat as usize]["computer"].is_null() && revealed != Some(seat) {
                        self.bad(format!("{command}: uncovered without a reveal"));
                    }
                }
            }
            if let Some(unseen) = v.get("unseen").and_then(Value::as_object) {
                let sum: u64 = unseen.values().filter_map(Value::as_u64).sum();
                let filled = v["board"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|r| r.as_array().unwrap())
                    .filter(|t| !t.is_null())
                    .count() as u64;
                let bag = v["rules"]["bag_size"].as_u64().unwrap();
                let shown = rack.as_ref().map_or(0, |r| r.len() as u64);
                if sum + filled + shown != bag {
                    self.bad(format!(
                        "{command}: unseen {sum} + board {filled} + shown rack {shown} != bag {bag}"
                    ));
                }
            }
        }
    }

    fn run_one(&mut self) {
        let (command, args) = self.command();
        let id = args.get("match_id").and_then(Value::as_i64);
        let before = self.snapshot(id);
        let result = catch_unwind(AssertUnwindSafe(|| self.app.call(&command, args.clone())));
        self.tried += 1;
        let result = match result {
            Ok(r) => r,
            Err(_) => {
                self.bad(format!("PANIC: {command} {args}"));
                return;
            }
        };
        match result {
            Err(e) => {
                self.refused += 1;
                let kind = e.kind().to_string();
                *self.kinds.entry(kind.clone()).or_insert(0) += 1;
                let message = e.to_string();
                let typed = !kind.is_empty()
                    && kind.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                    && !message.is_empty()
                    && !["SELECT", "INSERT", "CREATE TABLE", "panicked"]
                        .iter()
                        .any(|s| message.contains(s));
                if !typed {
                    self.bad(format!(
                        "untyped refusal of {command}: {kind:?} {message:?}"
                    ));
                }
                let after = self.snapshot(id);
                if after != before {
                    self.bad(format!(
                        "refused {command} {args} changed the state ({kind})"
                    ));
                }
            }
            Ok(answer) => {
                self.accepted += 1;
                if command == "new_match" {
                    let humans = args["players"].as_array().map_or(0, |p| {
                        p.iter().filter(|s| s.get("computer").is_none()).count()
                    });
                    self.matches.insert(
                        answer["id"].as_i64().unwrap(),
                        Known {
                            humans,
                            revealed: None,
                        },
                    );
                }
                if let Some(known) = id.and_then(|id| self.matches.get_mut(&id)) {
                    match command.as_str() {
                        "reveal_rack" => known.revealed = answer["to_move"].as_u64(),
                        "play" | "exchange" | "pass" | "resign" | "computer_turn" | "challenge" => {
                            known.revealed = None
                        }
                        "match_view" if args["cover"] == true => known.revealed = None,
                        _ => {}
                    }
                }
                self.check_secrecy(&command, &answer);
                self.check_challenge_secrecy(&command, &args, &answer);
            }
        }
    }
}

/// Keys that would tell a rack: `racks`, `seed`, `draw_order`, `bag` as tiles (not a count),
/// and `rack` below the top level of an answer.
fn forbidden_keys(v: &Value, depth: usize, found: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            for (k, child) in o {
                let bad = match k.as_str() {
                    "racks" | "seed" | "draw_order" => true,
                    "bag" => !child.is_number(),
                    "rack" => depth > 0 && !child.is_null(),
                    _ => false,
                };
                if bad {
                    found.push(format!("{k} at depth {depth}"));
                }
                forbidden_keys(child, depth + 1, found);
            }
        }
        Value::Array(a) => a.iter().for_each(|c| forbidden_keys(c, depth + 1, found)),
        _ => {}
    }
}

#[test]
fn random_mutated_and_out_of_turn_commands_keep_every_promise() {
    let seed: u64 = std::env::var("WORDCLUB_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    let cases: usize = std::env::var("WORDCLUB_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4000);
    let app = common::app();
    let mut fuzz = Fuzz {
        app,
        rng: ChaCha8Rng::seed_from_u64(seed),
        matches: BTreeMap::new(),
        tried: 0,
        accepted: 0,
        refused: 0,
        kinds: BTreeMap::new(),
        misbehaved: Vec::new(),
    };
    let started = std::time::Instant::now();
    for _ in 0..cases {
        fuzz.run_one();
    }
    println!(
        "{}",
        json!({
            "seed": seed,
            "cases_tried": fuzz.tried,
            "accepted": fuzz.accepted,
            "refused": fuzz.refused,
            "misbehaved": fuzz.misbehaved.len(),
            "matches": fuzz.matches.len(),
            "commands": COMMANDS.len(),
            "refusal_kinds": fuzz.kinds,
            "seconds": started.elapsed().as_secs_f64(),
        })
    );
    assert!(
        fuzz.accepted > cases / 5,
        "the generator mostly makes nonsense"
    );
    assert!(
        fuzz.misbehaved.is_empty(),
        "{} of {} cases misbehaved (seed {seed}); first: {:?}",
        fuzz.misbehaved.len(),
        fuzz.tried,
        &fuzz.misbehaved[..fuzz.misbehaved.len().min(5)]
    );
}
