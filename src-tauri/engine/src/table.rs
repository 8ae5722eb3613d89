//! The table: a [`Match`] as it is played around one device, with the handoff cover
//! (SPEC §4). Who holds the device is not known, so a rack is shown only to the person to
//! move once they choose "Show my rack", and only for that turn; the cover goes back up
//! after every turn. With one person at the table (the rest computers, or solo) there is
//! nobody to hide a rack from, so there is no cover. A person who resigned still sits there
//! and still looks at the screen, so they count.
//!
//! The command layer keeps one `Table` per open match and asks it who may act, what the
//! screen shows ([`Table::view`]) and to apply an action; it never decides the cover itself.
use wordclub_lexicon::WordList;

use crate::error::EngineError;
use crate::game::{Action, Event, Match, PlayerKind, Seat, View};

/// A match with the cover of the turn in progress.
///
/// ```
/// use wordclub_engine::{Action, ListRef, Match, PlayerSpec, RuleSet, Table};
/// use wordclub_lexicon::WordList;
///
/// let rules = RuleSet::builtin("wordclub-1.0")?;
/// let list = WordList::builtin(&rules.default_list)?;
/// let players = vec![PlayerSpec::human("Ann"), PlayerSpec::human("Ben")];
/// let mut table = Table::new(Match::new(rules, ListRef::of(list), players, 7)?);
/// // Two people at one device: no rack is shown until its player asks.
/// assert!(table.view().standing.covered && table.view().rack.is_none());
/// assert!(table.apply(Action::Pass { player: 0 }, list).is_err());
/// assert_eq!(table.reveal()?, 0);
/// assert!(table.view().rack.is_some());
/// table.apply(Action::Pass { player: 0 }, list)?;
/// // The cover goes back up for the next player.
/// assert!(table.view().standing.covered && table.view().standing.to_move == Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Table {
    game: Match,
    /// `(seat, turns played then)`: that seat chose "Show my rack" during that turn. A turn
    /// played changes the count, so the reveal lapses by itself; a hint (no turn) keeps it.
    revealed: Option<(Seat, usize)>,
    /// The match was (re)opened on a screen (a reload, a restart) and nobody has shown their
    /// rack since: whoever holds the device is not known, so even a one-person table is
    /// covered until its person chooses "Show my rack" (SPEC §4); a computer's turn meanwhile
    /// does not lift it.
    reopened: bool,
}

impl Table {
    /// The match behind the cover: a new deal, or a match resumed after a restart (whoever
    /// holds the device then may not be the one who revealed).
    pub fn new(game: Match) -> Table {
        Table {
            game,
            revealed: None,
            reopened: false,
        }
    }

    /// The match opened again on a screen after a restart: behind the cover, even at a table
    /// with one person, until the person to move shows their rack.
    pub fn reopened(game: Match) -> Table {
        let mut table = Table::new(game);
        table.cover();
        table
    }

    /// The match itself, to read.
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// People at the table, resigned ones included (they still sit there).
    pub fn people(&self) -> usize {
        self.game
            .players()
            .iter()
            .filter(|p| p.kind == PlayerKind::Human)
            .count()
    }

    /// Whether a rack must be covered between turns: more than one person sits here.
    pub fn has_cover(&self) -> bool {
        self.people() > 1
    }

    /// Whether the player to move may see their rack now: a person, who revealed it this
    /// turn or sits at a table with no cover.
    pub fn is_revealed(&self) -> bool {
        let Some(seat) = self.game.to_move() else {
            return false;
        };
        if self.game.players()[seat].kind != PlayerKind::Human {
            return false;
        }
        let turns = self.game.turns().len();
        if self.revealed == Some((seat, turns)) {
            return true;
        }
        !self.reopened && !self.has_cover()
    }

    /// Whether the cover is up because the match was (re)opened on a screen, at a table that
    /// has no cover between turns (one person): the screen then says `"<name>'s turn"`, not
    /// `"Pass to <name>"`.
    pub fn reopened_cover(&self) -> bool {
        self.reopened && !self.has_cover()
    }

    /// The seat to move, when a person sits there (their rack may still be covered).
    pub fn person_to_move(&self) -> Result<Seat, EngineError> {
        let seat = self.game.to_move().ok_or(EngineError::MatchOver)?;
        if let PlayerKind::Computer { .. } = self.game.players()[seat].kind {
            return Err(EngineError::ComputerToMove {
                name: self.game.players()[seat].name.clone(),
            });
        }
        Ok(seat)
    }

    /// The seat to move, when the person there may act now: their rack is shown.
    pub fn acting_person(&self) -> Result<Seat, EngineError> {
        let seat = self.person_to_move()?;
        if !self.is_revealed() {
            return Err(EngineError::RackHidden);
        }
        Ok(seat)
    }

    /// The seat to move and its level, when a computer sits there and may move now: not
    /// while a person at the table may still challenge the play before it (the
    /// "Challenge?" cover comes first: [`Table::let_stand`] or a challenge closes it).
    pub fn computer_to_move(&self) -> Result<(Seat, &str), EngineError> {
        let seat = self.game.to_move().ok_or(EngineError::MatchOver)?;
        if self.person_may_challenge() {
            return Err(EngineError::ChallengeOpen);
        }
        let player = &self.game.players()[seat];
        match &player.kind {
            PlayerKind::Computer { level } => Ok((seat, level)),
            PlayerKind::Human => Err(EngineError::HumanToMove {
                name: player.name.clone(),
            }),
        }
    }

    /// Whether a challenge is open ([`Match::challenge_window`]) that a person other than the
    /// mover may make: the cover offers "`Challenge <words>`" (before "Show my rack", or on a
    /// "Challenge?" cover of its own before a computer's turn or the end).
    pub fn person_may_challenge(&self) -> bool {
        self.game.challenge_window().is_ok_and(|w| {
            w.challengers
                .iter()
                .any(|&s| self.game.players()[s].kind == PlayerKind::Human)
        })
    }

    /// "No challenge" on the cover: the newest play stands ([`Match::let_stand`], an
    /// [`Event::Unchallenged`] the caller keeps with the others).
    pub fn let_stand(&mut self) -> Result<&[Event], EngineError> {
        let before = self.game.events().len();
        self.game.let_stand()?;
        Ok(&self.game.events()[before..])
    }

    /// Puts the cover back (the match is opened on a screen again): whoever sits down next
    /// must choose "Show my rack" again, at a one-person table too.
    pub fn cover(&mut self) {
        self.revealed = None;
        self.reopened = true;
    }

    /// "Show my rack": the person to move sees their rack, for this turn only. A computer's
    /// seat has no rack to show (`computer_to_move`). Where the reveal closes the take-back
    /// of another person's move, the match records it ([`Match::show_rack`]: an
    /// [`Event::RackShown`] the caller keeps with the others), so the move stands after a
    /// restart too.
    pub fn reveal(&mut self) -> Result<Seat, EngineError> {
        let seat = self.person_to_move()?;
        self.game.show_rack(seat)?;
        self.revealed = Some((seat, self.game.turns().len()));
        self.reopened = false;
        Ok(seat)
    }

    /// What the screen shows whoever holds the device: the player to move's own view with
    /// their rack once it is revealed, else a spectator's (the cover).
    pub fn view(&self) -> View {
        let revealed = self.is_revealed();
        let viewer = self.game.to_move().filter(|_| revealed);
        let mut view = self.game.view(viewer, revealed);
        view.take_back = self.take_back_open().ok().and(view.take_back);
        view.standing.can.take_back = view.take_back.is_some();
        view
    }

    /// The take-back open now ([`Match::take_back_turns`]): closed once the next person has
    /// shown their rack, which [`Table::reveal`] records in the match, so the move stands
    /// behind the cover again and after a restart. When the next person is the one who
    /// moved (only computers replied, or nobody else sits here), their own rack shown does
    /// not close it; their next action does.
    pub fn take_back_open(&self) -> Result<(Seat, u32), EngineError> {
        self.game.take_back_turns()
    }

    /// Applies an action of the seat that may act now: the computer to move, or the person
    /// to move with their rack shown. Anything else is refused and changes nothing. The
    /// match's own rules hold too ([`Match::apply`]): a hint of a kind the rule set does not
    /// give is refused, and one asked again in the same turn is accepted with no new event.
    pub fn apply(&mut self, action: Action, list: &WordList) -> Result<&[Event], EngineError> {
        let player = actor(&action);
        if let Action::Challenge { .. } = action {
            // Any other seat may challenge, covered or not: a challenge shows the play's
            // words against the list and no rack (a withdrawn play's tiles go back to their
            // owner's covered rack).
            let before = self.game.events().len();
            self.game.apply(action, list)?;
            self.revealed = None;
            return Ok(&self.game.events()[before..]);
        }
        if let Action::TakeBack { .. } = action {
            self.take_back_open()?;
            let before = self.game.events().len();
            self.game.apply(action, list)?;
            // The device may be in the next person's hands: the one who took back shows
            // their rack again.
            self.revealed = None;
            return Ok(&self.game.events()[before..]);
        }
        let seat = self.game.to_move().ok_or(EngineError::MatchOver)?;
        match self.game.players().get(player).map(|p| &p.kind) {
            Some(PlayerKind::Human) if seat == player => {
                self.acting_person()?;
            }
            Some(_) if seat != player => {
                if let Some(PlayerKind::Computer { .. }) =
                    self.game.players().get(seat).map(|p| &p.kind)
                {
                    return Err(EngineError::ComputerToMove {
                        name: self.game.players()[seat].name.clone(),
                    });
                }
                return Err(EngineError::NotYourTurn {
                    player,
                    to_move: seat,
                });
            }
            // The computer to move, or a seat the match itself refuses.
            _ => {}
        }
        self.game.apply(action, list)
    }
}

/// The seat an action is for.
fn actor(action: &Action) -> Seat {
    match action {
        Action::Place { player, .. }
        | Action::Exchange { player, .. }
        | Action::Pass { player }
        | Action::Resign { player }
        | Action::TakeBack { player }
        | Action::Challenge { player }
        | Action::LookUpWord { player, .. }
        | Action::HintTaken { player, .. } => *player,
    }
}
