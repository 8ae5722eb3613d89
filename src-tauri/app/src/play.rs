//! The commands of a match being played: start it (or a rematch), show it, reveal the rack,
//! preview, the turn's actions, the hint and the computer's turn. The engine's table decides
//! who may act and what the screen shows; these pass its answers on.
use std::hash::{BuildHasher, RandomState};

use wordclub_engine::{
    Action, ChallengeRule, Deal, EngineError, ListRef, Match, MatchOptions, PlayerKind, PlayerSpec,
    RuleSet, Seat,
};
use wordclub_lexicon::WordList;
use wordclub_movegen::{computer_action_with, hint_answer, Level, MovegenError};
use wordclub_store::FixedDeal;

use crate::app::SEARCH_TRIES;
use crate::events::AppEvent;
use crate::matches::{
    exchange_text, placements, player_specs, ChallengeArgs, ExchangeArgs, FirstPlayer, HintAnswer,
    MatchIdArgs, MatchViewArgs, NewMatchArgs, OpenMatch, PreviewAnswer, ResignArgs, TilesArgs,
};
use crate::view::MatchView;
use crate::{App, AppError};

impl App {
    /// Starts a match and records it; answers its view, behind the cover.
    pub fn new_match(&self, args: NewMatchArgs) -> Result<MatchView, AppError> {
        let rules = RuleSet::builtin(&args.rules)?;
        // The list (a shipped one or one of one's own) and our words as they are now.
        let (list, our_words) = self.with_store(|store| {
            let list = crate::house::list_by_name(
                store,
                args.list.as_deref().unwrap_or(&rules.default_list),
            )?;
            let ours = crate::house::kept_our_words(store)?;
            Ok((list, ours))
        })?;
        let our_words = match args.use_our_words {
            Some(false) => None,
            Some(true) if our_words.is_none() => {
                return Err(AppError::bad_argument(
                    "new_match",
                    "\"Use our words\" needs at least one word of ours: add or block one first",
                ))
            }
            _ => our_words,
        };
        let mut players = player_specs(&args.players)?;
        // Who starts: the seats keep their order round the table, from the one who starts.
        let first = match args.first {
            None => 0,
            Some(FirstPlayer::Seat(seat)) if usize::from(seat) < players.len() => usize::from(seat),
            Some(FirstPlayer::Seat(seat)) => {
                return Err(AppError::bad_argument(
                    "new_match",
                    format!(
                        "no seat {seat} to start: the seats are 0 to {}",
                        players.len() - 1
                    ),
                ))
            }
            Some(FirstPlayer::Random) => {
                (RandomState::new().hash_one(players.len()) % players.len() as u64) as usize
            }
        };
        players.rotate_left(first);
        let (fixed, allowed) = {
            let deals = self.deals();
            let fixed = match (&args.seed, &args.deal) {
                (_, Some(_)) => Some(FixedDeal::Deal),
                (Some(_), None) => Some(FixedDeal::Seed),
                (None, None) => deals.seed_base.map(|_| FixedDeal::Seed),
            };
            (fixed, deals.fixed)
        };
        if (args.seed.is_some() || args.deal.is_some()) && !allowed {
            return Err(AppError::FixedDealRefused);
        }
        let deal = args.deal.map_or_else(Deal::default, |d| Deal {
            racks: d.racks,
            draw_order: d.draw_order,
        });
        let options = MatchOptions {
            hints: args.allow_hints.unwrap_or(true),
            take_backs: args.allow_take_backs.unwrap_or(false),
            our_words,
            challenges: args.challenges.map(|penalty| ChallengeRule { penalty }),
        };
        let start = Start {
            rules,
            list: ListRef::of(list),
            players,
            options,
        };
        self.start_match(start, args.seed, deal, fixed)
    }

    /// "Rematch": the same table again after a finished match — the same players, computer
    /// levels, rule set, word list (version) and "Allow hints", with the first player
    /// rotated (the old second seat starts; everyone keeps their place around the table).
    /// A fresh deal. Answers the new match's view, behind the cover.
    pub fn rematch(&self, args: MatchIdArgs) -> Result<MatchView, AppError> {
        let start = self.with_match(args.match_id, |old| {
            let old = old.game();
            if !old.is_over() {
                return Err(AppError::Backend {
                    kind: "match_in_progress".to_string(),
                    message: "a rematch starts once the match is over".to_string(),
                    details: None,
                });
            }
            // Each player keeps the colour they had (a match recorded before colours: the
            // one their seat showed), wherever the rotation seats them.
            let mut players: Vec<PlayerSpec> = old
                .players()
                .iter()
                .enumerate()
                .map(|(seat, p)| {
                    let shown = crate::guide::seat_colour(p.colour.as_deref(), seat);
                    p.clone().with_colour(Some(shown.id.to_string()))
                })
                .collect();
            players.rotate_left(1);
            Ok(Start {
                rules: old.rules().clone(),
                list: old.list().clone(),
                players,
                options: old.options(),
            })
        })?;
        let fixed = self.deals().seed_base.map(|_| FixedDeal::Seed);
        self.start_match(start, None, Deal::default(), fixed)
    }

    /// Deals a match (from `seed`, or the test server's next seed, or at random), records it
    /// in the history and opens it; answers its view, behind the cover.
    fn start_match(
        &self,
        start: Start,
        seed: Option<u64>,
        deal: Deal,
        fixed: Option<FixedDeal>,
    ) -> Result<MatchView, AppError> {
        self.history().store()?;
        let seed = {
            let mut deals = self.deals();
            deals.new_matches += 1;
            match (seed, deals.seed_base) {
                (Some(seed), _) => seed,
                (None, Some(base)) => base.wrapping_add(deals.new_matches),
                (None, None) => RandomState::new().hash_one(deals.new_matches),
            }
        };
        let game = Match::with_options(
            start.rules,
            start.list,
            start.players,
            seed,
            deal,
            start.options,
        )?;
        let id = {
            let mut history = self.history();
            let created = history.store()?.create_with(&game, fixed);
            match created {
                Ok(id) => id,
                Err(e) => return Err(self.on_store_error(&mut history, e)),
            }
        };
        let mut open = OpenMatch::new(id, game)?;
        open.tile_tracker = self.settings().tile_tracker;
        let view = open.view();
        self.add_open(open);
        Ok(view)
    }

    /// The view for whoever holds the device (behind the cover until the player to move
    /// reveals their rack). With `cover: true` (the match is opened on screen again) an
    /// earlier reveal is undone.
    pub fn match_view(&self, args: MatchViewArgs) -> Result<MatchView, AppError> {
        self.with_match(args.match_id, |m| {
            if args.cover {
                m.table.cover();
            }
            Ok(m.view())
        })
    }

    /// "Show my rack": the player to move sees their own rack, for this turn only. A reveal
    /// that closes the take-back of the move before it is a fact of the match
    /// ([`wordclub_engine::Event::RackShown`]): kept in the history before the rack is shown,
    /// so the move stands after a restart too.
    pub fn reveal_rack(&self, args: MatchIdArgs) -> Result<MatchView, AppError> {
        self.act(
            args.match_id,
            |m| {
                m.table.reveal()?;
                Ok((None, ()))
            },
            |m, ()| m.view(),
        )
    }

    /// A person at the table challenges the newest play (issue 46): any other person still in
    /// the match, covered or not, before the next player shows their rack. The answer shows
    /// the words against the list (the sheet's challenge mark), never a rack: a withdrawn
    /// play's tiles go back to their owner's covered rack. A computer seat's challenge is
    /// the app's own (`OpenMatch::computers_on_challenge`), never asked for.
    pub fn challenge(&self, args: ChallengeArgs) -> Result<MatchView, AppError> {
        self.act(
            args.match_id,
            |m| {
                let player = usize::from(args.player);
                if let Some(PlayerKind::Computer { .. }) =
                    m.game().players().get(player).map(|p| &p.kind)
                {
                    return Err(EngineError::ComputerToMove {
                        name: m.game().players()[player].name.clone(),
                    }
                    .into());
                }
                Ok((Some(Action::Challenge { player }), ()))
            },
            |m, ()| m.view(),
        )
    }

    /// "No challenge" on the "Challenge?" cover (before a computer's turn or the match's
    /// end): the newest play stands, recorded so that a restart does not ask again.
    pub fn let_stand(&self, args: MatchIdArgs) -> Result<MatchView, AppError> {
        self.act(
            args.match_id,
            |m| {
                m.table.let_stand()?;
                Ok((None, ()))
            },
            |m, ()| m.view(),
        )
    }

    /// Scores the staged tiles without playing them.
    pub fn preview(&self, args: TilesArgs) -> Result<PreviewAnswer, AppError> {
        self.with_match(args.match_id, |m| {
            let seat = m.table.acting_person()?;
            let tiles = placements("preview", m.game().rules(), &args.tiles)?;
            Ok(match m.game().preview(seat, &tiles, m.list) {
                Ok(scored) => PreviewAnswer {
                    legal: true,
                    score: scored.score,
                    bingo: scored.bingo,
                    notation: Some(scored.notation),
                    words: scored.words,
                    error: None,
                },
                Err(e) => PreviewAnswer {
                    legal: false,
                    score: 0,
                    bingo: 0,
                    notation: None,
                    words: Vec::new(),
                    error: Some(AppError::from(e).body()),
                },
            })
        })
    }

    pub fn play(&self, args: TilesArgs) -> Result<MatchView, AppError> {
        self.turn(args.match_id, |m| {
            let player = m.table.acting_person()?;
            let tiles = placements("play", m.game().rules(), &args.tiles)?;
            Ok(Action::Place { player, tiles })
        })
    }

    pub fn exchange(&self, args: ExchangeArgs) -> Result<MatchView, AppError> {
        self.turn(args.match_id, |m| {
            let player = m.table.acting_person()?;
            let tiles = exchange_text(&args.tiles, m.game().rules().rack_size)?;
            Ok(Action::Exchange { player, tiles })
        })
    }

    pub fn pass(&self, args: MatchIdArgs) -> Result<MatchView, AppError> {
        self.turn(args.match_id, |m| {
            Ok(Action::Pass {
                player: m.table.acting_person()?,
            })
        })
    }

    /// The player to move leaves the match; needs `confirm: true`.
    pub fn resign(&self, args: ResignArgs) -> Result<MatchView, AppError> {
        if !args.confirm {
            return Err(AppError::ConfirmationRequired {
                what: "resigning".to_string(),
            });
        }
        self.turn(args.match_id, |m| {
            Ok(Action::Resign {
                player: m.table.acting_person()?,
            })
        })
    }

    /// A turn's action by the person to move (`f` names it), recorded; answers the view.
    fn turn(
        &self,
        id: i64,
        f: impl FnOnce(&OpenMatch) -> Result<Action, AppError>,
    ) -> Result<MatchView, AppError> {
        self.act(id, |m| Ok((Some(f(m)?), ())), |m, ()| m.view())
    }

    /// The match's hint for the player to move; recorded as assistance. Asking again in
    /// the same turn shows the same answer and is not recorded again: it is one hint (the
    /// engine's rule, which [`wordclub_engine::Match::apply`] enforces; the answer is read
    /// back here so the search is not run again). A new answer follows the "Polite
    /// computer" setting ([`wordclub_movegen::hint_answer`], the CLI's answer too) and is
    /// searched like the computer's move (`App::searched`).
    pub fn hint(&self, args: MatchIdArgs) -> Result<HintAnswer, AppError> {
        let id = args.match_id;
        self.searched(
            id,
            "the hint was searched",
            |m| {
                let seat = m.table.acting_person()?;
                let kind = m.game().hint_to_give(seat)?;
                Ok(match m.game().hint_shown_this_turn(seat) {
                    Some(shown) => Err(shown.clone()),
                    None => Ok((Copied::of(m, seat), kind)),
                })
            },
            |(copy, kind)| {
                self.hint_searching(id, copy.seat);
                let shown = hint_answer(&copy.game, copy.list, copy.seat, kind, self.manners())
                    .map_err(|e| match e {
                        // The engine's refusal keeps its own kind, as when the app checked
                        // the suggestion itself.
                        MovegenError::Engine(e) => AppError::Engine(e),
                        other => other.into(),
                    })?;
                let action = Action::HintTaken {
                    player: copy.seat,
                    kind,
                    shown: shown.clone(),
                };
                Ok((action, shown))
            },
            |_, shown| shown,
        )
    }

    /// Plays one turn for the computer seat to move, searched with no lock held
    /// (`App::searched`): settings, history and other matches answer meanwhile, and the
    /// answer is the one the same call gets when nothing else runs.
    pub fn computer_turn(&self, args: MatchIdArgs) -> Result<MatchView, AppError> {
        let id = args.match_id;
        let (view, seat) = self.searched(
            id,
            "the computer's move was searched",
            |m| {
                let (seat, level) = m.table.computer_to_move()?;
                let level = Level::parse(level)?;
                Ok(Ok((Copied::of(m, seat), level)))
            },
            |(copy, level)| {
                self.computer_thinking(id, copy.seat);
                let action =
                    computer_action_with(&copy.game, copy.seat, copy.list, level, self.manners())?;
                Ok((action, copy.seat))
            },
            |m, seat| (m.view(), seat),
        )?;
        self.send(AppEvent::ComputerMoved {
            match_id: id,
            seat,
            turn: view.turn,
        });
        Ok(view)
    }

    /// Copy, search, recheck: the shape of every command whose action takes a search (a
    /// computer's move, a hint; the first search of a list also waits for its word graph,
    /// about a second, see `OpenMatch::new`). `copy` takes what the search needs under the
    /// match's lock (or answers at once, `Err`); `search` runs with no lock held and names
    /// the action; the action is applied only if the match has not moved on since the copy
    /// (no event appended), and then `answer` reads the match under its lock. A match that
    /// moved on is copied and searched again, as it is now; after `SEARCH_TRIES` searches
    /// that each lost the race the command answers `busy` (`what` says what was searched).
    fn searched<C, T, R>(
        &self,
        id: i64,
        what: &str,
        copy: impl Fn(&OpenMatch) -> Result<Result<C, R>, AppError>,
        search: impl Fn(C) -> Result<(Action, T), AppError>,
        answer: impl Fn(&OpenMatch, T) -> R,
    ) -> Result<R, AppError> {
        for _ in 0..SEARCH_TRIES {
            let copied = self.with_match(id, |m| {
                let seen = m.game().events().len();
                Ok(copy(m)?.map(|c| (c, seen)))
            })?;
            let (copied, seen) = match copied {
                Ok(copied) => copied,
                Err(answered) => return Ok(answered),
            };
            let (action, found) = search(copied)?;
            let applied = self.act(
                id,
                |m| {
                    let moved_on = m.game().events().len() != seen;
                    Ok(((!moved_on).then_some(action), moved_on))
                },
                |m, moved_on| (!moved_on).then(|| answer(m, found)),
            )?;
            if let Some(answered) = applied {
                return Ok(answered);
            }
        }
        Err(AppError::Busy {
            what: what.to_string(),
        })
    }
}

/// What a search reads, copied under the match's lock so the lock can go: the match, its
/// word list and the seat the search is for.
struct Copied {
    game: Match,
    list: &'static WordList,
    seat: Seat,
}

impl Copied {
    fn of(m: &OpenMatch, seat: Seat) -> Copied {
        Copied {
            game: m.game().clone(),
            list: m.list,
            seat,
        }
    }
}

/// What a new match is made of, before its deal.
struct Start {
    rules: RuleSet,
    list: ListRef,
    players: Vec<PlayerSpec>,
    options: MatchOptions,
}
