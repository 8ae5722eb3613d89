//! Replay stays linear in the events whatever the take-backs (issue 42, item 1).
//!
//! A take-back used to rebuild the state by replaying every event before the withdrawn move,
//! meeting each earlier take-back and replaying its prefix again: every take-back doubled the
//! work of replaying its match. It now restores the state it needs from a checkpoint. These
//! tests count the events folded (feature `fold-count`, which the engine's tests turn on) and
//! compare the match with the one the old way gives
//! (`take_backs_by_replay_on_this_thread`), on random matches full of take-backs.
//!
//! The timings before and after: `cargo test -p wordclub-engine --release --test
//! take_back_replay -- --ignored --nocapture`.
mod common;

use std::time::{Duration, Instant};

use common::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use wordclub_engine::*;
use wordclub_lexicon::WordList;

const ON: MatchOptions = MatchOptions {
    hints: true,
    take_backs: true,
    our_words: None,
    challenges: None,
};

/// Word Club 1.0 with SPEC §2's example deal (the first seat CATEIOL, the second SNNDBGL),
/// take-backs allowed.
fn deal(players: Vec<PlayerSpec>) -> (Match, &'static WordList) {
    let r = rules("wordclub-1.0");
    let l = list(&r.default_list);
    let mut racks = vec!["CATEIOL".to_string(), "SNNDBGL".to_string()];
    for _ in 2..players.len() {
        racks.push("AAERRST".to_string());
    }
    let deal = Deal {
        racks: Some(racks),
        draw_order: "ARTE".to_string(),
    };
    let m = Match::with_options(r, ListRef::of(l), players, 3, deal, ON).unwrap();
    (m, l)
}

fn take_back(m: &mut Match, l: &WordList, player: Seat) {
    m.apply(Action::TakeBack { player }, l).unwrap();
}

/// Events folded while `f` runs, on this thread.
fn folds<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = fold_steps_on_this_thread();
    let out = f();
    (out, fold_steps_on_this_thread() - before)
}

/// One round of `kind`: the first seat moves (a pass, or `5D CAT`), the second seat (a
/// computer in some tests) answers with a pass where `reply`, and the first takes it all
/// back.
fn round(m: &mut Match, l: &WordList, place_it: bool, reply: bool) {
    if place_it {
        place(m, l, 0, "5D CAT").unwrap();
    } else {
        pass(m, l, 0).unwrap();
    }
    if reply {
        pass(m, l, 1).unwrap();
    }
    take_back(m, l, 0);
}

/// 200 take-backs in one match, of passes and of plays, alone and with a computer's reply:
/// each take-back folds its own event and nothing more, and replaying the whole log folds
/// each event once. With take-backs that replay their prefix (builds before issue 42) the
/// count of one take-back passes twice the events within ten rounds.
#[test]
fn two_hundred_take_backs_fold_each_event_once() {
    for (players, reply) in [
        (humans(&["Ann", "Ben"]), false),
        (
            vec![
                PlayerSpec::human("Ann"),
                PlayerSpec::computer("Bot", "easy"),
            ],
            true,
        ),
    ] {
        let (mut m, l) = deal(players);
        let start = (m.board().rows(), m.rack(0).map(<[u8]>::to_vec), m.bag_len());
        for k in 0..200 {
            let place_it = k % 2 == 1;
            let (_, steps) = folds(|| round(&mut m, l, place_it, reply));
            let events = m.events().len() as u64;
            assert!(
                steps <= 2 * events,
                "round {k}: {steps} events folded for a log of {events}"
            );
            // The move, the reply and the take-back: one step each.
            assert_eq!(steps, 2 + u64::from(reply), "round {k}");
        }
        assert_eq!(m.take_backs()[0], 200);
        assert_eq!(
            (m.board().rows(), m.rack(0).map(<[u8]>::to_vec), m.bag_len()),
            start,
            "200 take-backs give back the deal"
        );
        assert!(m.turns().is_empty());
        assert_eq!(m.sheet().len(), 200 * (1 + usize::from(reply)));
        assert!(m.sheet().iter().all(|t| t.taken_back));

        // The last move, taken back once more, is one step too.
        place(&mut m, l, 0, "5D CAT").unwrap();
        let (_, steps) = folds(|| take_back(&mut m, l, 0));
        assert_eq!(steps, 1);

        let events = m.events().to_vec();
        let (replayed, steps) = folds(|| Match::replay(&events).unwrap());
        assert!(steps <= 2 * events.len() as u64);
        // Every event but the start is folded once.
        assert_eq!(steps, events.len() as u64 - 1);
        assert_same(&replayed, &m);
        assert_replays(&m);
    }
}

/// Everything a caller can read of a match, the same in `a` and `b`.
fn assert_same(a: &Match, b: &Match) {
    assert_eq!(a.events(), b.events());
    assert_eq!(a.turns(), b.turns());
    assert_eq!(a.sheet(), b.sheet());
    assert_eq!(a.take_backs(), b.take_backs());
    assert_eq!(a.hints_taken(), b.hints_taken());
    assert_eq!(a.scores(), b.scores());
    assert_eq!(a.result(), b.result());
    assert_eq!(a.to_move(), b.to_move());
    assert_eq!(a.bag_len(), b.bag_len());
    assert_eq!(a.board().rows(), b.board().rows());
    assert_eq!(a.resigned(), b.resigned());
    assert_eq!(a.out_of_play(), b.out_of_play());
    assert_eq!(a.scoreless_turns(), b.scoreless_turns());
    assert_eq!(a.best_turn(None), b.best_turn(None));
    assert_eq!(
        a.take_back_turns().map_err(|e| e.to_string()),
        b.take_back_turns().map_err(|e| e.to_string())
    );
    for seat in 0..a.players().len() {
        assert_eq!(a.rack(seat), b.rack(seat));
        assert_eq!(a.pending_hints(seat), b.pending_hints(seat));
        assert_eq!(a.hint_shown_this_turn(seat), b.hint_shown_this_turn(seat));
        assert_eq!(a.exchange_range(seat), b.exchange_range(seat));
        assert_eq!(a.can_pass(seat), b.can_pass(seat));
        assert_eq!(a.best_turn(Some(seat)), b.best_turn(Some(seat)));
        assert_eq!(a.view(Some(seat), true), b.view(Some(seat), true));
        assert_eq!(a.view(Some(seat), false), b.view(Some(seat), false));
    }
    assert_eq!(a.view(None, false), b.view(None, false));
}

/// A random match with take-backs: random plays, exchanges and passes, computers' replies,
/// hints, now and then a resignation, and a take-back whenever one is open half the time.
fn random_match(seed: u64) -> Match {
    let mut rng = StdRng::seed_from_u64(seed);
    let ids = ["wordclub-1.0", "classic-15", "classic-15-ten"];
    let r = rules(ids[rng.gen_range(0..ids.len())]);
    let l = list(&r.default_list);
    let n = rng.gen_range(2..=r.players.max.clamp(2, 3) as usize);
    let players: Vec<PlayerSpec> = (0..n)
        .map(|s| {
            let name = format!("P{}", s + 1);
            if s > 0 && rng.gen_bool(0.4) {
                PlayerSpec::computer(&name, "easy")
            } else {
                PlayerSpec::human(&name)
            }
        })
        .collect();
    let mut m = Match::with_options(r, ListRef::of(l), players, seed, Deal::default(), ON)
        .expect("a random match deals");
    let mut take_backs = 0;
    for _ in 0..rng.gen_range(10..60) {
        if m.is_over() {
            break;
        }
        if let Ok((seat, _)) = m.take_back_turns() {
            // Bounded, so the reference (exponential in them) stays quick.
            if take_backs < 9 && rng.gen_bool(0.5) {
                take_back(&mut m, l, seat);
                take_backs += 1;
                continue;
            }
        }
        let seat = m.to_move().unwrap();
        if let Some(kind) = m.hint_kind() {
            if rng.gen_bool(0.1) {
                let shown = words_shown(&["CAT"]);
                m.apply(
                    Action::HintTaken {
                        player: seat,
                        kind,
                        shown,
                    },
                    l,
                )
                .unwrap();
            }
        }
        if rng.gen_bool(0.02) {
            m.apply(Action::Resign { player: seat }, l).unwrap();
            continue;
        }
        random_turn(&mut m, l, &mut rng);
    }
    m
}

/// On many random matches with take-backs, the match played, its replay and the replay of
/// the old way (every take-back replaying the events before its cut) are the same in
/// everything a caller can read; and the replay folds each event once.
#[test]
fn replay_matches_the_old_way_on_random_matches_with_take_backs() {
    let mut with_take_backs = 0;
    for seed in 0..60 {
        let played = random_match(seed);
        let events = played.events().to_vec();
        if events.iter().any(|e| matches!(e, Event::TakenBack { .. })) {
            with_take_backs += 1;
        }
        let (replayed, steps) = folds(|| Match::replay(&events).unwrap());
        assert!(steps < events.len() as u64, "seed {seed}");
        assert_same(&replayed, &played);

        take_backs_by_replay_on_this_thread(true);
        let old = Match::replay(&events);
        take_backs_by_replay_on_this_thread(false);
        assert_same(&old.unwrap(), &played);

        // A take-back after a restart (the checkpoint rebuilt by the replay) is the same as
        // one live, and as one the old way.
        if let Ok((seat, _)) = played.take_back_turns() {
            let l = list(&played.rules().default_list);
            let mut live = played.clone();
            let mut resumed = Match::replay(&events).unwrap();
            take_back(&mut live, l, seat);
            take_back(&mut resumed, l, seat);
            assert_same(&resumed, &live);
            take_backs_by_replay_on_this_thread(true);
            let mut old = Match::replay(&events).unwrap();
            take_back(&mut old, l, seat);
            take_backs_by_replay_on_this_thread(false);
            assert_same(&old, &live);
        }
    }
    assert!(
        with_take_backs >= 30,
        "{with_take_backs} of 60 had a take-back"
    );
}

/// A match of `n` rounds of a pass taken back (issue 42's measure), its events.
fn passes_taken_back(n: usize) -> Vec<Event> {
    let (mut m, l) = deal(humans(&["Ann", "Ben"]));
    for _ in 0..n {
        round(&mut m, l, false, false);
    }
    m.events().to_vec()
}

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let out = f();
    (out, t.elapsed())
}

/// Prints the time of replaying a match of 5 to 200 take-backs and of its last take-back,
/// the old way (up to 18 take-backs: each further one doubles it) and now.
#[test]
#[ignore = "a bench: run with --ignored --nocapture"]
fn take_back_times_before_and_after() {
    println!("take-backs | replay before | take-back before | replay after | take-back after");
    for n in [5, 17, 18, 50, 200] {
        let events = passes_taken_back(n);
        let last_cut = events.len() - 1;
        let l = list(&rules("wordclub-1.0").default_list);
        let mut cells = Vec::new();
        for by_replay in [true, false] {
            if by_replay && n > 18 {
                cells.push("-".to_string());
                cells.push("-".to_string());
                continue;
            }
            take_backs_by_replay_on_this_thread(by_replay);
            let (_, replay) = time(|| Match::replay(&events).unwrap());
            let mut before = Match::replay(&events[..last_cut]).unwrap();
            let (_, one) = time(|| take_back(&mut before, l, 0));
            take_backs_by_replay_on_this_thread(false);
            cells.push(format!("{replay:?}"));
            cells.push(format!("{one:?}"));
        }
        println!("{n} | {}", cells.join(" | "));
    }
}
