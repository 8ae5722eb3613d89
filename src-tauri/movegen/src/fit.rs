//! Which leave table a rule set plays with ([`LeaveTable::for_rules`], read from the rule
//! set's data, `RuleSet::leave`), and fitting one by self-play ([`LeaveTable::fit`]) for a
//! rule set that has none of its own: the shipped tables come from the same fit
//! (`examples/derive_leaves.rs`), so a derived table is made exactly as they were.
//!
//! The fit: greedy players (always the best-scoring move) play matches through the engine;
//! every placement made while the bag still held tiles pairs the leave kept with the score
//! that player makes on its next turn; a ridge regression of that score on the leave's
//! features, pulled towards a starting table (`prior`), gives the table, shifted so the empty
//! leave is worth 0. Games are played on every core, and their samples added in game order,
//! so a table depends on the rule set and the seed alone.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use wordclub_engine::{
    rack_text, Action, Leave, LeaveTableId, ListRef, Match, PlayerSpec, RuleSet,
};
use wordclub_lexicon::WordList;

use crate::bridge::{gaddag_for, grid_of, layout_of, rack_of};
use crate::error::MovegenError;
use crate::gen::Generator;
use crate::layout::Rack;
use crate::leave::{features, LeaveTable, Regression, FEATURES};
use crate::players::leave_after;
use crate::sim::default_threads;

/// Self-play matches behind a derived table: about 3,000 samples on a 9×9 board (1.1 at half
/// its bag), 4,800 on classic-15's at 0.8 of its bag, each fit about 2.5 s on two cores (a test
/// build); the prior holds the letters the games see little of where the shipped table has
/// them.
pub const DERIVED_GAMES: usize = 300;
/// The seed of a derived table's games (the shipped tables' own).
pub const DERIVED_SEED: u64 = 20261130;
/// How hard a derived table is pulled towards its starting table: a coefficient moves away
/// from it once the samples that carry its feature outweigh this many.
pub const DERIVED_LAMBDA: f64 = 50.0;
/// A self-play match longer than this (a rule set whose matches may never end, such as going
/// out as its only ending on a board that jams) stops there.
const MAX_TURNS: usize = 1000;

impl LeaveTable {
    /// The table a rule set's data names ([`RuleSet::leave`]): a shipped one, one derived
    /// from a shipped one (the same while the bag and the rack are the ones it was fitted
    /// under, re-fitted otherwise), one fitted for the rule set alone, or none for a rule set
    /// weighing moves by score only. Fitted tables are made once per process and rule set.
    pub fn for_rules(rules: &RuleSet) -> Result<&'static LeaveTable, MovegenError> {
        if !rules.by_table.is_empty() {
            // Each table size has its own bag and rack, so its own table: a match asks with
            // the flat rule set it plays.
            return Err(MovegenError::Unsupported {
                reason: format!(
                    "{} changes with the number of players: its leave table is the one of \
                     the rule set at a table size (RuleSet::at_table)",
                    rules.id
                ),
            });
        }
        match rules.leave() {
            Leave::Shipped(id) => Ok(LeaveTable::shipped(id)),
            Leave::ScoreOnly => {
                static ZERO: OnceLock<LeaveTable> = OnceLock::new();
                Ok(ZERO.get_or_init(LeaveTable::zero))
            }
            Leave::DerivedFrom(id) => {
                let base = fitted_under(id);
                if base.tiles == rules.tiles && base.rack_size == rules.rack_size {
                    Ok(LeaveTable::shipped(id))
                } else {
                    derived(rules, Some(id))
                }
            }
            Leave::Fitted => derived(rules, None),
        }
    }

    /// Fits a table by `games` greedy self-play matches under `rules` (match `i` dealt from
    /// `seed + i`) with ridge `lambda`, and the number of samples it was fitted on.
    ///
    /// Without a prior, this is how the shipped tables were fitted (many samples, λ = 1): the
    /// balance cells learn the mean next-turn score. With one, the table is pulled towards the
    /// prior and the residuals are centred first: the prior's empty leave is worth 0, so the
    /// mean next-turn score is in every residual, and with few samples and a strong pull the
    /// ridge would spread it over the tiles (measured on 1.1 at half its bag: tile values
    /// 6.8 points from 1.1's on average uncentred, 0.65 centred). The options (`weight`,
    /// `exchanges`) are the prior's, or a zero table's without one.
    pub fn fit(
        rules: &RuleSet,
        prior: Option<&LeaveTable>,
        games: usize,
        seed: u64,
        lambda: f64,
    ) -> Result<(LeaveTable, usize), MovegenError> {
        let list =
            WordList::builtin(&rules.default_list).map_err(|e| MovegenError::Unsupported {
                reason: format!("no leave table can be fitted for {}: {e}", rules.id),
            })?;
        let threads = default_threads().clamp(1, games.max(1));
        let play = |w: usize| -> Result<Vec<(usize, Samples)>, MovegenError> {
            (w..games)
                .step_by(threads)
                .map(|i| Ok((i, self_play(rules, list, seed + i as u64)?)))
                .collect()
        };
        // One thread plays inline: the browser's worker (wasm32) has no threads, and there
        // `available_parallelism` answers 1.
        let per_thread: Vec<Result<Vec<(usize, Samples)>, MovegenError>> = if threads == 1 {
            vec![play(0)]
        } else {
            std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads)
                    .map(|w| {
                        let play = &play;
                        scope.spawn(move || play(w))
                    })
                    .collect();
                workers
                    .into_iter()
                    .map(|h| h.join().expect("a fitting thread panicked"))
                    .collect()
            })
        };
        let mut by_game = Vec::with_capacity(games);
        for part in per_thread {
            by_game.extend(part?);
        }
        by_game.sort_by_key(|(i, _)| *i);
        // What each next-turn score has beyond the prior's value of the leave, less the
        // mean of that: the prior's empty leave is worth 0, so the mean next-turn score is in
        // every residual, and left there the ridge would spread it over the tiles.
        let zero = LeaveTable::zero();
        let centred = prior.is_some();
        let prior = prior.unwrap_or(&zero);
        let prior_beta = prior.coefficients();
        let mut x = Vec::new();
        let residuals: Vec<(&Rack, f64)> = by_game
            .iter()
            .flat_map(|(_, samples)| samples)
            .map(|(leave, score)| {
                features(leave, &mut x);
                let expected: f64 = x.iter().map(|&(i, a)| prior_beta[i] * a).sum();
                (leave, score - expected)
            })
            .collect();
        let mean = if residuals.is_empty() || !centred {
            0.0
        } else {
            residuals.iter().map(|(_, r)| r).sum::<f64>() / residuals.len() as f64
        };
        let mut reg = Regression::new(FEATURES);
        for (leave, residual) in residuals {
            features(leave, &mut x);
            reg.add(&x, residual - mean);
        }
        let mut beta = reg.solve(lambda);
        for (b, p) in beta.iter_mut().zip(&prior_beta) {
            *b += p;
        }
        // Make the empty leave worth 0: shift the balance table.
        features(&Rack::default(), &mut x);
        let empty: f64 = x.iter().map(|&(i, a)| beta[i] * a).sum();
        for b in &mut beta[54..] {
            *b -= empty;
        }
        let mut table = LeaveTable::from_coefficients(&beta);
        (table.weight, table.exchanges) = (prior.weight, prior.exchanges);
        Ok((table, reg.samples))
    }
}

/// The built-in rule set a shipped table was fitted under.
fn fitted_under(id: LeaveTableId) -> &'static RuleSet {
    static RULES: OnceLock<HashMap<LeaveTableId, RuleSet>> = OnceLock::new();
    let all = RULES.get_or_init(|| {
        [
            LeaveTableId::Classic15,
            LeaveTableId::Wordclub10,
            LeaveTableId::Wordclub11,
        ]
        .into_iter()
        .map(|t| {
            let rules = RuleSet::builtin(t.as_str()).expect("each table is named after its rules");
            (t, rules)
        })
        .collect()
    });
    &all[&id]
}

/// One self-play match's samples: each leave kept, with its player's next-turn score.
type Samples = Vec<(Rack, f64)>;

type Fitting = Arc<OnceLock<Result<&'static LeaveTable, MovegenError>>>;

/// The derived table of `rules` (from `base`'s, or from nothing), fitted once per process: a
/// second caller for the same rule set waits for the first one's fit.
fn derived(
    rules: &RuleSet,
    base: Option<LeaveTableId>,
) -> Result<&'static LeaveTable, MovegenError> {
    static FITTED: OnceLock<Mutex<HashMap<String, Fitting>>> = OnceLock::new();
    let slot = FITTED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .entry(rules.hash())
        .or_default()
        .clone();
    slot.get_or_init(|| {
        // From nothing, the zero table's options: every point counts (weight 1), and no
        // exchanging by choice, which on a crowded board cost Hard most of its wins
        // (data/README.md, wordclub-1.1).
        let zero = LeaveTable::zero();
        let prior = match base {
            Some(id) => LeaveTable::shipped(id),
            None => &zero,
        };
        let (table, _) = LeaveTable::fit(
            rules,
            Some(prior),
            DERIVED_GAMES,
            DERIVED_SEED,
            DERIVED_LAMBDA,
        )?;
        Ok(&*Box::leak(Box::new(table)))
    })
    .clone()
}

/// One greedy self-play match: each leave kept while the bag held tiles, with the score its
/// player made on its next turn.
fn self_play(rules: &RuleSet, list: &'static WordList, seed: u64) -> Result<Samples, MovegenError> {
    // Two seats, or the table size a flat rule set was made for (`RuleSet::at_table`): its
    // bag and rack are that table's, and so is how much of the bag the deal takes.
    let seats = rules.table.map_or_else(
        || usize::from(rules.players.max.min(2).max(rules.players.min)),
        usize::from,
    );
    let players = (0..seats)
        .map(|s| PlayerSpec::human(&format!("P{}", s + 1)))
        .collect();
    // The rule set may be a stored match's (its analysis asks for a table fitted for it): it
    // is held to the bounds it was recorded under, as the match itself is when it opens.
    let mut m = Match::under_recorded_rules(rules.clone(), ListRef::of(list), players, seed)?;
    let g = gaddag_for(list);
    let layout = layout_of(rules)?;
    let mut gen = Generator::new();
    let mut pending: Vec<Option<Rack>> = vec![None; seats];
    let mut samples = Vec::new();
    for _ in 0..MAX_TURNS {
        let Some(seat) = m.to_move() else { break };
        let rack = rack_of(m.rack(seat).unwrap_or_default());
        let best = gen.best_move(&g, &layout, &grid_of(m.board()), &rack);
        if let Some(leave) = pending[seat].take() {
            samples.push((leave, f64::from(best.map_or(0, |b| b.score))));
        }
        let action = match best {
            Some(b) => {
                if m.bag_len() > 0 {
                    pending[seat] = Some(leave_after(&rack, &b));
                }
                Action::Place {
                    player: seat,
                    tiles: b.placements(),
                }
            }
            None if m.can_pass(seat) => Action::Pass { player: seat },
            None => match m.exchange_range(seat) {
                // No placement and no pass (solo, while the bag holds tiles): the fewest
                // tiles an exchange may take, from the rack's front.
                Some((fewest, _)) => Action::Exchange {
                    player: seat,
                    tiles: rack_text(&m.rack(seat).unwrap_or_default()[..fewest]),
                },
                None => break,
            },
        };
        m.apply(action, list)?;
    }
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin(id: &str) -> RuleSet {
        RuleSet::builtin(id).unwrap()
    }

    #[test]
    fn every_built_in_plays_with_the_table_its_data_names() {
        let t = |id: &str| LeaveTable::for_rules(&builtin(id)).unwrap();
        let shipped = LeaveTable::shipped;
        assert_eq!(t("classic-15"), shipped(LeaveTableId::Classic15));
        assert_eq!(t("classic-15-ten"), shipped(LeaveTableId::Classic15));
        assert_eq!(t("wordclub-1.0"), shipped(LeaveTableId::Wordclub10));
        assert_eq!(t("wordclub-1.1"), shipped(LeaveTableId::Wordclub11));
        assert_eq!(t("wordclub-1.2"), shipped(LeaveTableId::Wordclub11));
        // Solo seats no computer: its analysis ranks by score, as before.
        assert_eq!(t("solo-10"), &LeaveTable::zero());
    }

    /// A table size that deals another rack plays a leave table re-fitted under it (from
    /// the base's), not the base's as it is and never zeros; the sizes it leaves alone play
    /// the shipped one.
    #[test]
    fn a_table_size_with_another_rack_gets_a_refitted_leave_table() {
        let base = builtin("wordclub-1.0");
        let scaled = RuleSet {
            id: "scaled-test".into(),
            start_points: vec![0, 2],
            by_table: vec![wordclub_engine::TableChanges {
                players: 3,
                rack_size: Some(6),
                // An exchange the rack of six can hold (the validator refuses one of seven).
                exchange: Some(wordclub_engine::ExchangePolicy::Chosen {
                    min_bag: 6,
                    max_tiles: 6,
                }),
                ..Default::default()
            }],
            ..base.clone()
        };
        assert!(
            LeaveTable::for_rules(&scaled).is_err(),
            "asked per table size"
        );
        let shipped = LeaveTable::shipped(LeaveTableId::Wordclub10);
        let two = LeaveTable::for_rules(&scaled.at_table(2).unwrap()).unwrap();
        assert!(std::ptr::eq(two, shipped));
        let three = scaled.at_table(3).unwrap();
        assert_eq!(three.leave(), Leave::DerivedFrom(LeaveTableId::Wordclub10));
        let refitted = LeaveTable::for_rules(&three).unwrap();
        assert_ne!(refitted, shipped);
        assert_ne!(refitted.tile, LeaveTable::zero().tile);
        assert_eq!(
            (refitted.weight, refitted.exchanges),
            (shipped.weight, shipped.exchanges)
        );
        // A computer player at the 3-player table plays with it: a whole match runs.
        let list = WordList::builtin(&three.default_list).unwrap();
        let outcome = crate::sim::play_game(
            &scaled,
            list,
            &[crate::Level::Hard, crate::Level::Medium, crate::Level::Hard],
            5,
            0,
            crate::Manners::AnyWord,
        )
        .unwrap();
        assert!(outcome.placements > 0);
    }

    #[test]
    fn a_rule_set_no_table_was_named_for_gets_one_fitted_not_zeros() {
        // Stored before rule sets named their table, under an id no table was made for.
        let mut mine = builtin("wordclub-1.0");
        mine.id = "my-rules".into();
        mine.leave = None;
        assert_eq!(mine.leave(), Leave::Fitted);
        let table = LeaveTable::for_rules(&mine).unwrap();
        assert_ne!(table.tile, LeaveTable::zero().tile);
        assert_eq!((table.weight, table.exchanges), (1.0, false));
    }
}
