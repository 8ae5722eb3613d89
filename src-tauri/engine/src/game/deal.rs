//! Dealing a new match and replaying a recorded one: the two ways a [`Match`] begins.
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use super::{count_tiles, Event, ListRef, Match, MatchOptions, PlayerKind, PlayerSpec};
use crate::board::Board;
use crate::error::EngineError;
use crate::notation::{parse_rack, rack_text};
use crate::rules::{RuleBounds, RuleSet};

/// A fixed deal for tests and reproducible scenarios. Unset parts come from the seed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// Each seat's starting rack (exactly `rack_size` tiles each, `?` for a blank).
    pub racks: Option<Vec<String>>,
    /// The first tiles drawn after the deal, in order; the rest of the bag is shuffled.
    pub draw_order: String,
}

impl Match {
    /// A new match with a deal shuffled from `seed`.
    pub fn new(
        rules: RuleSet,
        list: ListRef,
        players: Vec<PlayerSpec>,
        seed: u64,
    ) -> Result<Match, EngineError> {
        Match::with_deal(rules, list, players, seed, Deal::default())
    }

    /// A new match with some or all of the deal fixed.
    pub fn with_deal(
        rules: RuleSet,
        list: ListRef,
        players: Vec<PlayerSpec>,
        seed: u64,
        deal: Deal,
    ) -> Result<Match, EngineError> {
        Match::with_options(rules, list, players, seed, deal, MatchOptions::default())
    }

    /// [`Match::with_deal`] with the players' own choices for this match.
    pub fn with_options(
        rules: RuleSet,
        list: ListRef,
        players: Vec<PlayerSpec>,
        seed: u64,
        deal: Deal,
        options: MatchOptions,
    ) -> Result<Match, EngineError> {
        Match::dealt(rules, list, players, seed, deal, options, RuleBounds::New)
    }

    /// [`Match::new`] under a stored match's own rule set, held to the bounds it was recorded
    /// under ([`RuleBounds::Recorded`]) rather than a new match's: for the matches a program
    /// plays to study a recorded one (the self-play that fits a leave table for its analysis),
    /// so that every match an earlier build stored can still be analysed. Never for a match
    /// people play: that is [`Match::with_options`].
    pub fn under_recorded_rules(
        rules: RuleSet,
        list: ListRef,
        players: Vec<PlayerSpec>,
        seed: u64,
    ) -> Result<Match, EngineError> {
        let options = MatchOptions::default();
        Match::dealt(
            rules,
            list,
            players,
            seed,
            Deal::default(),
            options,
            RuleBounds::Recorded,
        )
    }

    fn dealt(
        rules: RuleSet,
        list: ListRef,
        players: Vec<PlayerSpec>,
        seed: u64,
        deal: Deal,
        options: MatchOptions,
        bounds: RuleBounds,
    ) -> Result<Match, EngineError> {
        // Every problem of the rule set, at every table size it seats, before anything else.
        rules.validate_with(bounds)?;
        let players = PlayerSpec::clean_all(players)?;
        for p in &players {
            PlayerSpec::check_head_start(i64::from(p.head_start))?;
        }
        let n = players.len();
        // The rule set as played at this table size (checks the size): what the match keeps,
        // records in its start event and so stores.
        let rules = rules.at_table(n)?;
        if !rules.computer_seats
            && players
                .iter()
                .any(|p| matches!(p.kind, PlayerKind::Computer { .. }))
        {
            return Err(EngineError::ComputerSeatNotAllowed {
                rules: rules.id.clone(),
            });
        }
        let bad = |reason: String| EngineError::BadDeal { reason };
        let mut fixed: Vec<u8> = Vec::new();
        if let Some(racks) = &deal.racks {
            if racks.len() != n {
                return Err(bad(format!("{} racks for {n} players", racks.len())));
            }
            for r in racks {
                let tiles = parse_rack(r)?;
                if tiles.len() != rules.rack_size as usize {
                    return Err(bad(format!(
                        "rack {r:?} has {} tiles; a rack holds {}",
                        tiles.len(),
                        rules.rack_size
                    )));
                }
                fixed.extend(tiles);
            }
        }
        let draw_order = parse_rack(&deal.draw_order)?;
        let mut rest = rules.bag();
        let mut used = fixed.clone();
        used.extend(&draw_order);
        for &t in &used {
            match rest.iter().position(|&x| x == t) {
                Some(i) => {
                    rest.remove(i);
                }
                None => {
                    return Err(bad(format!(
                        "more {} tiles than {}'s bag holds",
                        t as char, rules.id
                    )))
                }
            }
        }
        let mut rng = StdRng::seed_from_u64(seed);
        rest.shuffle(&mut rng);
        let mut bag = Vec::with_capacity(rules.bag_size());
        if deal.racks.is_some() {
            bag.extend(&fixed);
        } else {
            let dealt = (n * rules.rack_size as usize).min(rest.len());
            bag.extend(rest.drain(..dealt));
        }
        bag.extend(&draw_order);
        bag.extend(&rest);
        let rack_size = rules.rack_size as usize;
        let racks: Vec<String> = (0..n)
            .map(|s| {
                let from = (s * rack_size).min(bag.len());
                let to = ((s + 1) * rack_size).min(bag.len());
                rack_text(&bag[from..to])
            })
            .collect();
        let start = Event::Started {
            rules_hash: rules.hash(),
            rules,
            list,
            players,
            seed,
            bag: rack_text(&bag),
            racks,
            options,
        };
        Match::start(&start)
    }

    /// Rebuilds a match from its events (never consulting a random number generator).
    pub fn replay(events: &[Event]) -> Result<Match, EngineError> {
        Match::replay_with(events, |_| {})
    }

    /// [`Match::replay`], showing `after_each` the state after every action event (a
    /// history's board, turn by turn).
    pub fn replay_with(
        events: &[Event],
        mut after_each: impl FnMut(&Match),
    ) -> Result<Match, EngineError> {
        let Some(first) = events.first() else {
            return Err(EngineError::BadEvents {
                index: 0,
                reason: "no events".into(),
            });
        };
        let mut m = Match::start(first)?;
        for (index, event) in events.iter().enumerate().skip(1) {
            let wrap = |e: EngineError| match e {
                EngineError::BadEvents { .. } => e,
                other => EngineError::BadEvents {
                    index,
                    reason: other.to_string(),
                },
            };
            match event {
                Event::Started { .. } => {
                    return Err(EngineError::BadEvents {
                        index,
                        reason: "a second start".into(),
                    })
                }
                Event::Ended { result } => {
                    if m.events.last() != Some(event) {
                        return Err(EngineError::BadEvents {
                            index,
                            reason: format!(
                                "recorded end {:?} differs from the replayed one",
                                result.reason
                            ),
                        });
                    }
                }
                _ => {
                    if m.result.is_some() {
                        return Err(EngineError::BadEvents {
                            index,
                            reason: "an action after the match ended".into(),
                        });
                    }
                    m.fold(event.clone()).map_err(wrap)?;
                    after_each(&m);
                }
            }
        }
        Ok(m)
    }

    /// The state right after [`Event::Started`], checking it is consistent.
    fn start(event: &Event) -> Result<Match, EngineError> {
        let bad = |reason: String| EngineError::BadEvents { index: 0, reason };
        let Event::Started {
            rules,
            rules_hash,
            list,
            players,
            seed,
            bag,
            racks,
            options,
        } = event
        else {
            return Err(bad("the first event must be the start".into()));
        };
        // A recorded rule set is held to the bounds of the build that recorded it: a new match
        // was checked in full by `Match::with_options`, and one an earlier build dealt and
        // stored (on a board up to 26 squares, say) still opens and replays.
        rules.validate_with(RuleBounds::Recorded)?;
        if !rules.by_table.is_empty() {
            // A match starts under the flat rule set of its table size (`RuleSet::at_table`).
            return Err(bad(
                "the recorded rule set still has per-table changes".into()
            ));
        }
        if &rules.hash() != rules_hash {
            return Err(bad("the rule set does not match its recorded hash".into()));
        }
        let mut bag = parse_rack(bag)?;
        if count_tiles(&bag) != count_tiles(&rules.bag()) {
            return Err(bad("the bag is not the rule set's bag".into()));
        }
        let n = players.len();
        if n == 0 || racks.len() != n {
            return Err(bad("one rack per player is needed".into()));
        }
        let mut dealt = Vec::with_capacity(n);
        for recorded in racks {
            let k = (rules.rack_size as usize).min(bag.len());
            let rack: Vec<u8> = bag.drain(..k).collect();
            if &rack_text(&rack) != recorded {
                return Err(bad(
                    "the recorded racks are not the bag's first tiles".into()
                ));
            }
            dealt.push(rack);
        }
        let mut m = Match {
            board: Board::new(rules),
            rules: rules.clone(),
            options: options.clone(),
            list: list.clone(),
            players: players.clone(),
            seed: *seed,
            bag,
            racks: dealt,
            // Set just below from `Match::start_total` (the start points and the head start).
            scores: vec![0; n],
            resigned: vec![false; n],
            out_of_play: Vec::new(),
            to_move: 0,
            streaks: vec![0; n],
            turns_taken: vec![0; n],
            scoreless_turns: 0,
            turns: Vec::new(),
            sheet: Vec::new(),
            take_backs: vec![0; n],
            pending_hints: vec![Vec::new(); n],
            hints: vec![0; n],
            pending_lookups: vec![0; n],
            lost_turn: vec![false; n],
            events: vec![event.clone()],
            result: None,
            before_move: None,
        };
        // A head start adds to the rule set's start points; a recorded one is read as
        // recorded (replay never applies the new-match bound) and saturates.
        m.scores = (0..n).map(|seat| m.start_total(seat)).collect();
        Ok(m)
    }
}
