//! Property tests over many random matches of every rule set, with random legal and illegal
//! actions (a fixed-seed generator, so failures reproduce): tile conservation, score = sum of
//! events, replay = live state, refusals change nothing, no view leaks a rack, no panics.
mod common;

use std::collections::BTreeMap;

use common::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use wordclub_engine::*;
use wordclub_lexicon::WordList;

fn counts(tiles: impl IntoIterator<Item = u8>) -> BTreeMap<u8, usize> {
    let mut m = BTreeMap::new();
    for t in tiles {
        *m.entry(t).or_insert(0) += 1;
    }
    m
}

/// bag + racks + board + out of play = the rule set's bag, tile for tile.
fn check_conservation(m: &Match) {
    let mut all: Vec<u8> = Vec::new();
    let view = m.view(None, false);
    assert_eq!(view.bag_count, m.bag_len());
    for s in 0..m.players().len() {
        all.extend(m.rack(s).unwrap());
    }
    all.extend(m.board().tiles().map(|(_, t)| t.rack_byte()));
    all.extend(m.out_of_play());
    let in_play = all.len();
    assert_eq!(in_play + m.bag_len(), m.rules().bag_size());
    let unseen_by_spectator: u32 = view.unseen.values().sum();
    assert_eq!(
        unseen_by_spectator as usize,
        m.rules().bag_size() - m.board().filled()
    );
    // The bag's own letters are only in the events; rebuild them from a replay's view of
    // seat 0 is not possible, so check the multiset through the unseen counts instead.
    let mut expected = counts(m.rules().bag());
    for (_, t) in m.board().tiles() {
        *expected.get_mut(&t.rack_byte()).unwrap() -= 1;
    }
    let unseen: BTreeMap<u8, usize> = view
        .unseen
        .iter()
        .map(|(&c, &n)| (c as u8, n as usize))
        .collect();
    expected.retain(|_, n| *n > 0);
    assert_eq!(unseen, expected);
    let racks_and_out = counts(
        (0..m.players().len())
            .flat_map(|s| m.rack(s).unwrap().to_vec())
            .chain(m.out_of_play().iter().copied()),
    );
    for (t, n) in racks_and_out {
        assert!(
            unseen.get(&t).copied().unwrap_or(0) >= n,
            "tile {} appears twice",
            t as char
        );
    }
}

/// Each seat's score is its start points plus its head start plus the sum of its placements'
/// scores plus its end adjustment.
fn check_scores(m: &Match) {
    let n = m.players().len();
    let mut sums: Vec<i32> = (0..n).map(|s| m.rules().start_points_of(s)).collect();
    let view = m.view(None, false);
    for (s, p) in view.players.iter().enumerate() {
        assert_eq!(
            p.start_points, sums[s],
            "the view says seat {s}'s start points"
        );
        assert_eq!(
            p.head_start,
            m.players()[s].head_start,
            "the view says seat {s}'s head start"
        );
        sums[s] += p.head_start as i32;
        assert_eq!(p.start_total, sums[s], "seat {s}'s total before turn 1");
    }
    // Each turn's (seat, score), so a take-back can withdraw the newest ones.
    let mut turns: Vec<(Seat, i32)> = Vec::new();
    for e in m.events() {
        match e {
            Event::Exchanged { player, .. } | Event::Passed { player } => turns.push((*player, 0)),
            Event::TakenBack { turns: k, .. } => {
                for _ in 0..*k {
                    let (seat, score) = turns.pop().expect("a take-back withdraws turns played");
                    sums[seat] -= score;
                }
            }
            Event::Placed {
                player,
                score,
                words,
                bingo,
                ..
            } => {
                assert_eq!(*score, words.iter().map(|w| w.score).sum::<u32>() + bingo);
                sums[*player] += *score as i32;
                turns.push((*player, *score as i32));
            }
            // A withdrawn play scores nothing; one that stood gains the match's bonus.
            Event::Challenged { not_in_list, .. } => {
                let (seat, score) = turns.pop().expect("a challenge follows a play");
                let bonus = m.options().challenges.unwrap().penalty.bonus() as i32;
                if not_in_list.is_empty() {
                    sums[seat] += bonus;
                    turns.push((seat, score + bonus));
                } else {
                    sums[seat] -= score;
                    turns.push((seat, 0));
                }
            }
            Event::Ended { result } => {
                assert_eq!(result.scores_before_adjustment, sums);
                for (sum, adjustment) in sums.iter_mut().zip(&result.adjustments) {
                    *sum += adjustment;
                }
                assert!(
                    result.adjustments.iter().sum::<i32>() <= 0,
                    "adjustments never add points"
                );
            }
            _ => {}
        }
    }
    assert_eq!(m.scores(), &sums[..]);
    if let Some(r) = m.result() {
        if r.reason == EndReason::WentOut && m.rules().end.rack_adjustment {
            assert_eq!(
                r.adjustments.iter().sum::<i32>(),
                0,
                "going out moves points, never makes them"
            );
        }
        // Adjustments exactly as SPEC: going out moves the others' rack values to the one who
        // went out; the pass ending takes each active player's own rack value; nothing else.
        let value = |s: Seat| rack_value(m, s);
        let adjust = m.rules().end.rack_adjustment;
        for s in 0..n {
            let expected = match r.reason {
                _ if !adjust || r.resigned[s] => 0,
                EndReason::WentOut if Some(s) == r.went_out => (0..n)
                    .filter(|&o| o != s && !r.resigned[o])
                    .map(value)
                    .sum(),
                EndReason::WentOut | EndReason::ScorelessTurns => -value(s),
                EndReason::Resigned | EndReason::TurnLimit => 0,
            };
            assert_eq!(r.adjustments[s], expected, "seat {s}, {:?}", r.reason);
        }
        for &w in &r.winners {
            assert!(!r.resigned[w], "a resigned player never wins");
        }
        if r.reason != EndReason::Resigned {
            let best = (0..n)
                .filter(|&s| !r.resigned[s])
                .map(|s| r.final_scores[s])
                .max();
            for s in 0..n {
                assert_eq!(
                    r.winners.contains(&s),
                    !r.resigned[s] && Some(r.final_scores[s]) == best
                );
            }
        }
    }
}

/// No view shows a rack other than the viewer's own, and that only when asked.
fn check_views(m: &Match) {
    for viewer in (0..m.players().len()).map(Some).chain([None, Some(99)]) {
        for reveal in [false, true] {
            let v = m.view(viewer, reveal);
            match (viewer.filter(|&s| s < m.players().len()), reveal) {
                (Some(s), true) => assert_eq!(v.rack.as_deref().map(str::as_bytes), m.rack(s)),
                _ => assert_eq!(v.rack, None),
            }
            // What the viewer cannot see: their own rack comes off only when it is shown;
            // otherwise it is a spectator's count (anything less would tell the rack).
            let mut unseen = counts(m.rules().bag());
            for (_, t) in m.board().tiles() {
                *unseen.get_mut(&t.rack_byte()).unwrap() -= 1;
            }
            if let (Some(s), true) = (viewer.filter(|&s| s < m.players().len()), reveal) {
                for t in m.rack(s).unwrap() {
                    *unseen.get_mut(t).unwrap() -= 1;
                }
            }
            unseen.retain(|_, n| *n > 0);
            let shown: BTreeMap<u8, usize> = v
                .unseen
                .iter()
                .map(|(&c, &n)| (c as u8, n as usize))
                .collect();
            assert_eq!(shown, unseen, "unseen for {viewer:?}, reveal {reveal}");
            if let Some(t) = &v.last_move {
                if v.viewer != Some(t.player) || !reveal {
                    assert!(t.hints.iter().all(|h| h.shown.is_none()), "a hint leaked");
                }
            }
            let json = serde_json::to_value(&v).unwrap();
            let text = json.to_string();
            assert!(!text.contains("\"racks\""));
            assert_eq!(json["players"].as_array().unwrap().len(), m.players().len());
        }
    }
}

/// A random action that is probably refused; returns it to apply.
fn random_illegal(m: &Match, rng: &mut StdRng) -> Action {
    let n = m.players().len();
    let seat = m.to_move().unwrap_or(0);
    let size = m.board().size();
    let rack = m.rack(seat).unwrap_or_default().to_vec();
    let random_square =
        |rng: &mut StdRng| Square::new(rng.gen_range(0..size + 1), rng.gen_range(0..size));
    match rng.gen_range(0..10) {
        // A take-back by any seat (or none): open only to the one who just moved, where the
        // match allows them.
        9 if rng.gen_bool(0.5) => Action::TakeBack {
            player: rng.gen_range(0..=n),
        },
        // A challenge by any seat (or none): open only after a person's play, to another
        // seat, where the match has challenges on.
        9 => Action::Challenge {
            player: rng.gen_range(0..=n),
        },
        0 => {
            // Rack tiles at random squares.
            let k = rng.gen_range(1..=rack.len().clamp(1, 3));
            let tiles = rack
                .choose_multiple(rng, k)
                .map(|&t| {
                    let tile = if t == BLANK {
                        Tile::blank(rng.gen_range(b'A'..=b'Z'))
                    } else {
                        Tile::letter(t)
                    };
                    Placement::new(random_square(rng), tile)
                })
                .collect();
            Action::Place {
                player: seat,
                tiles,
            }
        }
        1 => Action::Place {
            player: seat,
            tiles: vec![Placement::new(
                m.rules().star,
                Tile::letter(rng.gen_range(b'A'..=b'Z')),
            )],
        },
        2 => Action::Pass {
            player: (seat + rng.gen_range(1..=n.max(2))) % (n + 1),
        },
        3 => {
            let k = rng.gen_range(0..9);
            let tiles: String = (0..k).map(|_| rng.gen_range(b'A'..=b'Z') as char).collect();
            Action::Exchange {
                player: seat,
                tiles,
            }
        }
        4 => Action::Pass { player: seat },
        5 => Action::HintTaken {
            player: seat,
            kind: if rng.gen_bool(0.5) {
                HintKind::SuggestMove
            } else {
                HintKind::WordsFromRack
            },
            shown: words_shown(&["X"]),
        },
        6 => {
            // On a filled square when there is one.
            let sq = m
                .board()
                .tiles()
                .next()
                .map_or(random_square(rng), |(s, _)| s);
            let t = rack.first().copied().unwrap_or(b'E');
            let tile = if t == BLANK {
                Tile::blank(b'E')
            } else {
                Tile::letter(t)
            };
            Action::Place {
                player: seat,
                tiles: vec![Placement::new(sq, tile)],
            }
        }
        7 => Action::Place {
            player: seat,
            tiles: vec![Placement::new(m.rules().star, Tile::blank(b'?'))],
        },
        // A word looked up from the match screen (recorded where challenges are on), now and
        // then one no board holds.
        8 if rng.gen_bool(0.5) => Action::LookUpWord {
            player: seat,
            word: if rng.gen_bool(0.8) {
                (0..rng.gen_range(2..6))
                    .map(|_| rng.gen_range(b'A'..=b'Z') as char)
                    .collect()
            } else {
                "E-MAIL".to_string()
            },
        },
        _ => Action::Place {
            player: 7,
            tiles: Vec::new(),
        },
    }
}

/// Plays one random match; returns it and the number of actions applied (legal or not).
fn play_random_match(rules_id: &str, players: usize, seed: u64, list: &WordList) -> (Match, u64) {
    play_random_match_of(rules(rules_id), players, seed, list)
}

/// [`play_random_match`] under any rule set.
fn play_random_match_of(r: RuleSet, players: usize, seed: u64, list: &WordList) -> (Match, u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let rules_id = r.id.clone();
    let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
    // A head start for some seats, anywhere in its range (the rest none, as most matches).
    let specs = names
        .iter()
        .map(|n| {
            let head = if rng.gen_bool(0.3) {
                rng.gen_range(0..=MAX_HEAD_START)
            } else {
                0
            };
            PlayerSpec::human(n).with_head_start(head)
        })
        .collect();
    // Take-backs allowed in every other match; challenges on in two matches of three, with
    // each penalty in turn (a play is then accepted whatever its words, so the random
    // placements below land too).
    let penalties = [
        ChallengePenalty::None,
        ChallengePenalty::LoseTurn,
        ChallengePenalty::Plus5,
        ChallengePenalty::Plus10,
    ];
    let options = MatchOptions {
        take_backs: seed.is_multiple_of(2),
        challenges: (!seed.is_multiple_of(3)).then(|| ChallengeRule {
            penalty: penalties[(seed / 3) as usize % penalties.len()],
        }),
        ..MatchOptions::default()
    };
    let mut m = Match::with_options(
        r.clone(),
        ListRef::of(list),
        specs,
        seed,
        Deal::default(),
        options,
    )
    .unwrap();
    // The match plays the flat rule set of its size, and its first turn starts from it.
    assert_eq!(m.rules(), &r.at_table(players).unwrap());
    let mut steps = 0;
    while !m.is_over() {
        steps += 1;
        assert!(
            steps < 400,
            "{rules_id} seed {seed}: the match does not end"
        );
        let window = m.challenge_window().ok();
        if let Some(w) = window.filter(|w| w.ends_match || rng.gen_bool(0.3)) {
            // A challenge open: a random challenger, or "No challenge" (the only ways on
            // when the play would end the match).
            if rng.gen_bool(0.5) {
                let by = *w.challengers.choose(&mut rng).unwrap();
                m.apply(Action::Challenge { player: by }, list).unwrap();
            } else {
                m.let_stand().unwrap();
            }
        } else if rng.gen_bool(0.4) {
            let action = random_illegal(&m, &mut rng);
            let before_events = m.events().len();
            let before_view = m.view(m.to_move(), true);
            let seat = m.to_move();
            match m.apply(action.clone(), list).map(<[Event]>::len) {
                Err(e) => {
                    assert!(!e.kind().is_empty() && !e.to_string().is_empty());
                    assert_eq!(m.events().len(), before_events, "{action:?}");
                    assert_eq!(
                        m.view(seat, true),
                        before_view,
                        "a refusal changed the match"
                    );
                }
                // Accepted with no event: only the hint asked again in the same turn, which
                // leaves the match as it was.
                Ok(0) => {
                    assert!(
                        matches!(action, Action::HintTaken { .. }),
                        "{action:?} added no event"
                    );
                    assert!(seat.is_some_and(|s| !m.pending_hints(s).is_empty()));
                    assert_eq!(
                        m.view(seat, true),
                        before_view,
                        "a repeat changed the match"
                    );
                }
                Ok(_) => {}
            }
        } else if players > 1 && rng.gen_bool(0.01) {
            let seat = m.to_move().unwrap();
            m.apply(Action::Resign { player: seat }, list).unwrap();
        } else {
            random_turn(&mut m, list, &mut rng);
        }
        check_conservation(&m);
        check_scores(&m);
        if steps % 7 == 0 {
            check_views(&m);
        }
    }
    check_views(&m);
    assert_replays(&m);
    (m, steps)
}

/// Matches per rule set in the CI run: every built-in rule set, sized so the file takes about
/// as long as it did with five (the 1.x sets' matches are the longest).
const CI_MATCHES: [(&str, u64); 7] = [
    ("wordclub-1.0", 45),
    ("wordclub-1.1", 18),
    ("wordclub-1.2", 18),
    ("wordclub-1.3", 9),
    ("solo-10", 30),
    ("classic-15", 9),
    ("classic-15-ten", 12),
];

/// The long mode: `WORDCLUB_PROPERTY_ACTIONS=N` plays each rule set's random matches until
/// it has applied N / (number of rule sets) actions, instead of the CI run's match counts.
fn long_mode_actions() -> Option<u64> {
    let text = std::env::var("WORDCLUB_PROPERTY_ACTIONS").ok()?;
    let total: u64 = text
        .trim()
        .parse()
        .expect("WORDCLUB_PROPERTY_ACTIONS is a whole number of actions");
    Some(total.div_ceil(RULE_SET_IDS.len() as u64))
}

/// Plays a rule set's random matches, its seat counts (1–4 where it allows) in turn; a match
/// whose checks fail is counted as a violation with its seed and the run goes on, so a long
/// run reports every violation, then the test fails if there was any.
fn run_many(rules_id: &str) -> BTreeMap<String, u64> {
    run_many_of(rules(rules_id))
}

/// Matches of the test rule set that scales with the table in the CI run: 8 at each of its
/// three sizes, about 5 s (45 took 9.3 s in a test build).
const SCALED_CI_MATCHES: u64 = 24;

/// [`run_many`] under any rule set (one not built in plays [`SCALED_CI_MATCHES`]).
fn run_many_of(r: RuleSet) -> BTreeMap<String, u64> {
    let rules_id = r.id.as_str();
    let l = list(&r.default_list);
    let seats: Vec<usize> = (r.players.min..=r.players.max.min(4))
        .map(usize::from)
        .collect();
    let ci_matches = CI_MATCHES
        .iter()
        .find(|(id, _)| *id == rules_id)
        .map(|(_, n)| *n)
        .unwrap_or(SCALED_CI_MATCHES);
    let budget = long_mode_actions();
    let started = std::time::Instant::now();
    let mut tally: BTreeMap<String, u64> = BTreeMap::new();
    let mut violations = Vec::new();
    let mut seed = 0u64;
    while match budget {
        Some(actions) => tally.get("actions").copied().unwrap_or(0) < actions,
        None => seed < ci_matches,
    } {
        let players = seats[seed as usize % seats.len()];
        let match_seed = seed * 7919 + 1;
        seed += 1;
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            play_random_match_of(r.clone(), players, match_seed, l)
        }));
        *tally.entry("matches".into()).or_insert(0) += 1;
        *tally.entry(format!("seats {players}")).or_insert(0) += 1;
        let (m, actions) = match played {
            Ok(played) => played,
            Err(_) => {
                violations.push((match_seed, players));
                continue;
            }
        };
        *tally.entry("actions".into()).or_insert(0) += actions;
        *tally
            .entry(format!("{:?}", m.result().unwrap().reason))
            .or_insert(0) += 1;
        let placed = m
            .events()
            .iter()
            .filter(|e| matches!(e, Event::Placed { .. }))
            .count();
        *tally.entry("placements".into()).or_insert(0) += placed as u64;
    }
    eprintln!(
        "{rules_id}: {tally:?}, {} violations, {:.1} s",
        violations.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        violations.is_empty(),
        "{rules_id}: checks failed for (seed, seats) {violations:?}"
    );
    tally
}

#[test]
fn every_rule_set_has_random_matches() {
    let covered: Vec<&str> = CI_MATCHES.iter().map(|(id, _)| *id).collect();
    assert_eq!(covered, RULE_SET_IDS);
}

#[test]
fn random_matches_wordclub_1_0() {
    let tally = run_many("wordclub-1.0");
    assert!(tally.contains_key("WentOut"), "{tally:?}");
}

#[test]
fn random_matches_wordclub_1_1() {
    run_many("wordclub-1.1");
}

#[test]
fn random_matches_wordclub_1_2() {
    run_many("wordclub-1.2");
}

#[test]
fn random_matches_wordclub_1_3() {
    run_many("wordclub-1.3");
}

#[test]
fn random_matches_solo_10() {
    let tally = run_many("solo-10");
    assert!(tally.contains_key("TurnLimit"), "{tally:?}");
}

/// A rule set that scales with the table (tests/rules/table-scaled.json: start points at
/// every size, another rack at 3 players, another board, bag, rack and exchange at 4):
/// tiles are conserved and every score is the start points plus the events' sum, at every
/// size it seats.
#[test]
fn random_matches_of_a_rule_set_that_scales_with_the_table() {
    let scaled = table_scaled();
    assert!(!scaled.by_table.is_empty() && !scaled.start_points.is_empty());
    let tally = run_many_of(scaled.clone());
    for n in scaled.table_sizes() {
        assert!(tally.contains_key(&format!("seats {n}")), "{tally:?}");
    }
}

#[test]
fn random_matches_classic_15() {
    run_many("classic-15");
}

#[test]
fn random_matches_classic_15_ten() {
    let tally = run_many("classic-15-ten");
    assert!(tally.contains_key("TurnLimit"), "{tally:?}");
}

/// Damaged event logs (dropped, swapped, duplicated or edited events) are replayed or refused
/// with a typed error, never a panic; an undamaged log always replays.
#[test]
fn damaged_event_logs_never_panic() {
    let l = list("wordclub");
    let mut rng = StdRng::seed_from_u64(99);
    for seed in 0..6u64 {
        let (m, _) = play_random_match("classic-15", 2 + seed as usize % 3, seed, l);
        let events = m.events().to_vec();
        assert!(Match::replay(&events).is_ok());
        for _ in 0..300 {
            let mut damaged = events.clone();
            let i = rng.gen_range(0..damaged.len());
            match rng.gen_range(0..6) {
                0 => {
                    damaged.remove(i);
                }
                1 => {
                    let j = rng.gen_range(0..damaged.len());
                    damaged.swap(i, j);
                }
                2 => {
                    let e = damaged[i].clone();
                    damaged.insert(i, e);
                }
                3 => damaged.truncate(i),
                _ => {
                    // Edit one field of one event through its JSON.
                    let mut json = serde_json::to_value(&damaged[i]).unwrap();
                    if let Some(obj) = json.as_object_mut() {
                        let keys: Vec<String> = obj.keys().cloned().collect();
                        let key = &keys[rng.gen_range(0..keys.len())];
                        if key != "type" {
                            obj[key] = match rng.gen_range(0..4) {
                                0 => serde_json::json!(rng.gen_range(0..9)),
                                1 => serde_json::json!("ZZ?"),
                                2 => serde_json::json!(""),
                                _ => serde_json::json!(99),
                            };
                        }
                    }
                    if let Ok(e) = serde_json::from_value::<Event>(json) {
                        damaged[i] = e;
                    }
                }
            }
            if let Ok(r) = Match::replay(&damaged) {
                check_conservation(&r);
            }
        }
    }
}
