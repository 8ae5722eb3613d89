//! Many real matches of every rule set, with random plays, exchanges, passes, hints and
//! resignations, recorded action by action: the store always resumes to the live state, and
//! its derived columns always agree with a replay.
mod common;

use common::*;
use wordclub_engine::{Action, ExchangePolicy, ListRef, Match, PlayerSpec, RuleSet, RULE_SET_IDS};
use wordclub_store::{Status, Store};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random action the engine accepts for the player to move (or any active player resigning).
fn random_action(game: &Match, rng: &mut Rng) -> Action {
    let list = wordclub();
    let seat = game.to_move().unwrap();
    let rules = game.rules();
    let roll = rng.below(100);
    if roll < 8 && !rules.hints.is_empty() {
        return Action::HintTaken {
            player: seat,
            kind: rules.hints[rng.below(rules.hints.len() as u64) as usize],
            shown: wordclub_engine::HintShown::words(rules, vec![("RANDOM".to_string(), vec![])]),
        };
    }
    if roll < 10 && rules.end.resign && game.players().len() > 1 {
        let active: Vec<usize> = (0..game.players().len())
            .filter(|&s| !game.resigned()[s])
            .collect();
        return Action::Resign {
            player: active[rng.below(active.len() as u64) as usize],
        };
    }
    let exchange = |rng: &mut Rng| {
        let rack = game.rack(seat).unwrap();
        let tiles = match rules.exchange {
            ExchangePolicy::WholeRack => String::new(),
            _ => {
                let n = 1 + rng.below(rack.len() as u64) as usize;
                rack[..n].iter().map(|&b| b as char).collect()
            }
        };
        Action::Exchange {
            player: seat,
            tiles,
        }
    };
    if roll < 20 && game.can_exchange(seat) {
        return exchange(rng);
    }
    if roll < 25 && game.can_pass(seat) {
        return Action::Pass { player: seat };
    }
    let start = rng.below(225) as usize;
    match some_move(game, list, start) {
        Some(tiles) => Action::Place {
            player: seat,
            tiles,
        },
        None if game.can_pass(seat) => Action::Pass { player: seat },
        None => exchange(rng),
    }
}

#[test]
fn random_matches_of_every_rule_set_resume_identically() {
    let list = wordclub();
    let mut store = Store::open_in_memory().unwrap();
    let mut rng = Rng(0x5EED_CAFE_F00D_D00D);
    let mut finished = 0;
    for id in RULE_SET_IDS {
        let rules = RuleSet::builtin(id).unwrap();
        for round in 0..4u64 {
            let span = u64::from(rules.players.max - rules.players.min) + 1;
            let n = rules.players.min as u64 + rng.below(span);
            let players = (0..n)
                .map(|i| PlayerSpec::human(&format!("{id} player {i}")))
                .collect();
            let mut game =
                Match::new(rules.clone(), ListRef::of(list), players, round * 31 + n).unwrap();
            let match_id = store.create(&game).unwrap();
            for step in 0..120 {
                if game.is_over() {
                    break;
                }
                let action = random_action(&game, &mut rng);
                game.apply(action.clone(), list)
                    .unwrap_or_else(|e| panic!("{id} step {step}: {action:?}: {e}"));
                store.record(match_id, &game).unwrap();
                if step % 10 == 0 {
                    assert_same_state(&store.resume(match_id).unwrap().game, &game);
                }
            }
            let resumed = store.resume(match_id).unwrap().game;
            assert_same_state(&resumed, &game);
            let s = store.summary(match_id).unwrap();
            assert_eq!(s.event_count as usize, game.events().len());
            assert_eq!(s.turn_count as usize, game.turns().len());
            let scores: Vec<i32> = s.players.iter().map(|p| p.score as i32).collect();
            assert_eq!(scores, game.scores(), "{id} round {round}");
            assert_eq!(s.status == Status::Finished, game.is_over());
            if let Some(r) = game.result() {
                finished += 1;
                let winners: Vec<usize> = s
                    .players
                    .iter()
                    .filter(|p| p.winner)
                    .map(|p| p.seat as usize)
                    .collect();
                assert_eq!(winners, r.winners, "{id} round {round}");
                let adjustments: Vec<i32> = s
                    .players
                    .iter()
                    .map(|p| p.adjustment.unwrap() as i32)
                    .collect();
                assert_eq!(adjustments, r.adjustments);
                let hints: Vec<u32> = s.players.iter().map(|p| p.hints_taken as u32).collect();
                assert_eq!(hints, r.hints);
            }
            // Every match exports; the cumulative scores in its last lines are the scores.
            let gcg = store.export_gcg(match_id).unwrap();
            for (seat, p) in s.players.iter().enumerate() {
                let nick_prefix = format!(">{}", p.name.replace(' ', "_"));
                if let Some(last) = gcg.lines().rev().find(|l| l.starts_with(&nick_prefix)) {
                    let cumulative: i64 = last.rsplit(' ').next().unwrap().parse().unwrap();
                    assert_eq!(
                        cumulative, s.players[seat].score,
                        "{id} round {round}: {last}"
                    );
                }
            }
        }
    }
    println!("{finished} of 20 random matches ended");
    assert!(finished >= 5, "only {finished} matches ended");
}
