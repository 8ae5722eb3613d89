//! Every refusal the engine can give, each naming what is wrong.
use std::fmt;

use crate::rules::RuleProblem;
use crate::types::{ReadError, Square};

/// A refused action or bad input. A refused action never changes the match.
///
/// `kind()` is stable snake_case for programs; `Display` is the message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// No rule set has this id.
    UnknownRuleSet { id: String, known: Vec<String> },
    /// A move with no tiles in it.
    NoTiles,
    /// A square outside the board.
    OffBoard { square: String, size: u8 },
    /// Two staged tiles on one square.
    DuplicateSquare { square: Square },
    /// The placed tiles are not in one row or one column.
    NotInOneLine,
    /// An empty square lies between the first and last placed tile.
    Gap { square: Square },
    /// A later move that touches no committed tile.
    NotConnected,
    /// The first move does not cover the star.
    StarNotCovered { star: Square },
    /// The first move forms no word of 2+ letters (a single tile on an empty board).
    FirstWordTooShort,
    /// A tile placed on a filled square.
    SquareOccupied { square: Square },
    /// The player's rack does not hold this tile (`?` for a blank).
    TileNotOnRack { letter: char, rack: String },
    /// A blank placed without choosing the letter it stands for.
    BlankWithoutLetter { square: Square },
    /// A character that is not a letter A–Z (or `?` for a blank where allowed).
    InvalidLetter { character: char },
    /// Words the move forms that are not in the match's word list, each named; `blocked`
    /// names those of them the list holds but the family blocked at its table (our words).
    NotInList {
        words: Vec<String>,
        list: String,
        blocked: Vec<String>,
    },
    /// Exchanging is not allowed now (bag too small, or the rule set has none).
    ExchangeNotAllowed { bag: usize, min_bag: usize },
    /// The number of tiles to exchange is outside what the rule set allows.
    ExchangeCount {
        given: usize,
        min: usize,
        max: usize,
    },
    /// Passing is not allowed now (solo: only with an empty bag).
    PassNotAllowed { bag: usize },
    /// The rule set does not allow resigning.
    ResignNotAllowed { rules: String },
    /// This hint kind is not offered by the rule set.
    HintNotAllowed { kind: String, rules: String },
    /// The players started this match with "Allow hints" off.
    HintsOff,
    /// A word looked up from the match screen that no board could hold.
    BadLookUp { word: String },
    /// The person to move has not chosen "Show my rack" this turn (the handoff cover is up).
    RackHidden,
    /// The players started this match with "Allow take-backs" off.
    TakeBacksOff,
    /// No move can be taken back now; the reason is the sentence people see (the last event
    /// is a hint, a resignation, a take-back, or there is no move yet).
    NothingToTakeBack { reason: String },
    /// A take-back asked for by someone other than the player who just moved.
    NotYourMoveToTakeBack { player: usize, mover: String },
    /// The next player has already shown their rack: the take-back is closed.
    TakeBackClosed { name: String },
    /// The match has ended (the move that ended it shows every rack).
    TakeBackAfterEnd,
    /// The players started this match with challenges off: words are checked as played.
    ChallengesOff,
    /// No move can be challenged now; the reason is the sentence people see (no move yet,
    /// the newest turn is no play, a take-back came since, nobody else could challenge).
    NothingToChallenge { reason: String },
    /// The newest move has already been challenged.
    AlreadyChallenged,
    /// The player who made the move challenged it.
    ChallengeOwnMove { name: String },
    /// The next player has shown their rack (or the cover let the move stand): it stands.
    ChallengeClosed { reason: String },
    /// A challenge of a computer's move: computers play only words in the list, so it
    /// stands, and the challenge is refused rather than penalised.
    ChallengeComputerMove { name: String },
    /// The newest move ends the match once it is not challenged: only a challenge, its
    /// "No challenge" or its take-back may come first.
    ChallengeBeforeEnd,
    /// A computer's turn while a person may still challenge the move before it (the
    /// "Challenge?" cover is up).
    ChallengeOpen,
    /// The seat to move is a computer: a person cannot act for it.
    ComputerToMove { name: String },
    /// A computer's move was asked for while a person is to move.
    HumanToMove { name: String },
    /// It is another player's turn.
    NotYourTurn { player: usize, to_move: usize },
    /// The match has ended; nothing more can be played.
    MatchOver,
    /// No such seat (or the player has resigned).
    PlayerNotInMatch { player: usize, players: usize },
    /// The rule set does not allow this many players.
    PlayerCount { given: usize, min: u8, max: u8 },
    /// A new match's player name that is empty, too long, holds a control character or is
    /// another player's (ignoring case); the reason is the sentence people see.
    BadPlayerName { reason: String },
    /// A head start outside 0 to [`crate::MAX_HEAD_START`] for a new match.
    BadHeadStart { points: i64 },
    /// A computer seat where the rule set has none.
    ComputerSeatNotAllowed { rules: String },
    /// An action was applied with a word list other than the match's pinned one.
    WrongWordList { expected: String, given: String },
    /// A rule set that cannot be played: every problem the validator found, each with the
    /// path of its field (`RuleSet::validate`).
    InvalidRuleSet { problems: Vec<RuleProblem> },
    /// Fixed racks or bag order that do not match the rule set's bag.
    BadDeal { reason: String },
    /// CGP or GCG text that cannot be read.
    Notation { input: String, reason: String },
    /// Events that cannot be replayed (missing start, inconsistent draws, altered scores).
    BadEvents { index: usize, reason: String },
}

impl EngineError {
    /// Stable snake_case name of the refusal.
    pub fn kind(&self) -> &'static str {
        use EngineError::*;
        match self {
            UnknownRuleSet { .. } => "unknown_rule_set",
            NoTiles => "no_tiles",
            OffBoard { .. } => "off_board",
            DuplicateSquare { .. } => "duplicate_square",
            NotInOneLine => "not_in_one_line",
            Gap { .. } => "gap",
            NotConnected => "not_connected",
            StarNotCovered { .. } => "star_not_covered",
            FirstWordTooShort => "first_word_too_short",
            SquareOccupied { .. } => "square_occupied",
            TileNotOnRack { .. } => "tile_not_on_rack",
            BlankWithoutLetter { .. } => "blank_without_letter",
            InvalidLetter { .. } => "invalid_letter",
            NotInList { .. } => "not_in_list",
            ExchangeNotAllowed { .. } => "exchange_not_allowed",
            ExchangeCount { .. } => "exchange_count",
            PassNotAllowed { .. } => "pass_not_allowed",
            ResignNotAllowed { .. } => "resign_not_allowed",
            HintNotAllowed { .. } => "hint_not_allowed",
            HintsOff => "hints_off",
            BadLookUp { .. } => "bad_look_up",
            RackHidden => "rack_hidden",
            TakeBacksOff => "take_backs_off",
            NothingToTakeBack { .. } => "nothing_to_take_back",
            NotYourMoveToTakeBack { .. } => "not_your_move_to_take_back",
            TakeBackClosed { .. } => "take_back_closed",
            TakeBackAfterEnd => "take_back_after_end",
            ChallengesOff => "challenges_off",
            NothingToChallenge { .. } => "nothing_to_challenge",
            AlreadyChallenged => "already_challenged",
            ChallengeOwnMove { .. } => "challenge_own_move",
            ChallengeClosed { .. } => "challenge_closed",
            ChallengeComputerMove { .. } => "challenge_computer_move",
            ChallengeBeforeEnd => "challenge_before_end",
            ChallengeOpen => "challenge_open",
            ComputerToMove { .. } => "computer_to_move",
            HumanToMove { .. } => "human_to_move",
            NotYourTurn { .. } => "not_your_turn",
            MatchOver => "match_over",
            PlayerNotInMatch { .. } => "player_not_in_match",
            PlayerCount { .. } => "player_count",
            BadPlayerName { .. } => "bad_player_name",
            BadHeadStart { .. } => "bad_head_start",
            ComputerSeatNotAllowed { .. } => "computer_seat_not_allowed",
            WrongWordList { .. } => "wrong_word_list",
            InvalidRuleSet { .. } => "invalid_rule_set",
            BadDeal { .. } => "bad_deal",
            Notation { .. } => "notation",
            BadEvents { .. } => "bad_events",
        }
    }

    /// The words a `not_in_list` refusal names (empty for every other refusal).
    pub fn words(&self) -> &[String] {
        match self {
            EngineError::NotInList { words, .. } => words,
            _ => &[],
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use EngineError::*;
        match self {
            UnknownRuleSet { id, known } => {
                write!(f, "no rule set {id:?}; known: {}", known.join(", "))
            }
            NoTiles => write!(f, "the move places no tiles"),
            OffBoard { square, size } => {
                write!(f, "square {square} is not on the {size}×{size} board")
            }
            DuplicateSquare { square } => write!(f, "two tiles are staged on {square}"),
            NotInOneLine => write!(f, "the tiles are not in one row or one column"),
            Gap { square } => write!(f, "the tiles leave a gap at {square}"),
            NotConnected => write!(f, "the move does not touch any tile on the board"),
            StarNotCovered { star } => write!(f, "the first move must cover the star ({star})"),
            FirstWordTooShort => write!(f, "the first word must have at least 2 letters"),
            SquareOccupied { square } => write!(f, "square {square} already holds a tile"),
            TileNotOnRack { letter, rack } => {
                if *letter == '?' {
                    write!(f, "no blank left on the rack ({rack})")
                } else {
                    write!(f, "no {letter} left on the rack ({rack})")
                }
            }
            BlankWithoutLetter { square } => {
                write!(f, "the blank on {square} needs a letter A–Z")
            }
            InvalidLetter { character } => {
                write!(f, "{character:?} is not a letter A–Z")
            }
            NotInList {
                words,
                list,
                blocked,
            } => {
                let missing: Vec<&str> = words
                    .iter()
                    .filter(|w| !blocked.contains(w))
                    .map(String::as_str)
                    .collect();
                if !missing.is_empty() {
                    write!(
                        f,
                        "{}: not in this match's word list ({list})",
                        missing.join(", ")
                    )?;
                }
                if !blocked.is_empty() {
                    if !missing.is_empty() {
                        write!(f, "; ")?;
                    }
                    write!(
                        f,
                        "{}: blocked at our table (our words), though {list} holds {}",
                        blocked.join(", "),
                        if blocked.len() == 1 { "it" } else { "them" }
                    )?;
                }
                Ok(())
            }
            ExchangeNotAllowed { bag, min_bag } => {
                if *min_bag == 0 {
                    write!(f, "this rule set has no exchange")
                } else if *min_bag == 1 {
                    write!(f, "exchange needs tiles in the bag; it is empty")
                } else {
                    write!(
                        f,
                        "exchange needs at least {min_bag} tiles in the bag; it holds {bag}"
                    )
                }
            }
            ExchangeCount { given, min, max } => write!(
                f,
                "exchange {given} tiles is not allowed here: choose {min} to {max}"
            ),
            PassNotAllowed { bag } => write!(
                f,
                "pass is only allowed when the bag is empty; it holds {bag}"
            ),
            ResignNotAllowed { rules } => write!(f, "{rules} does not allow resigning"),
            HintNotAllowed { kind, rules } => {
                write!(f, "the hint {kind:?} is not offered in {rules}")
            }
            HintsOff => write!(f, "hints are off in this match (chosen when it started)"),
            BadLookUp { word } => write!(
                f,
                "{word:?} cannot be looked up: only the letters A–Z, as long as the board at most"
            ),
            TakeBacksOff => write!(
                f,
                "take-backs are off in this match (chosen when it started)"
            ),
            NothingToTakeBack { reason } => write!(f, "there is no move to take back: {reason}"),
            NotYourMoveToTakeBack { player, mover } => write!(
                f,
                "only {mover}, who just moved, may take the move back (not player {})",
                player + 1
            ),
            TakeBackClosed { name } => write!(
                f,
                "{name} has already shown their rack, so the last move stands"
            ),
            TakeBackAfterEnd => write!(
                f,
                "the move that ended the match cannot be taken back (the end shows every rack)"
            ),
            RackHidden => write!(
                f,
                "the rack is covered: the player to move must choose \"Show my rack\" first"
            ),
            ChallengesOff => write!(
                f,
                "challenges are off in this match (chosen when it started): words are checked as \
                 they are played"
            ),
            NothingToChallenge { reason } => write!(f, "there is no move to challenge: {reason}"),
            AlreadyChallenged => write!(f, "the last move has already been challenged"),
            ChallengeOwnMove { name } => {
                write!(f, "{name} made this move and cannot challenge it")
            }
            ChallengeClosed { reason } => write!(f, "{reason}, so the last move stands"),
            ChallengeComputerMove { name } => write!(
                f,
                "{name} is a computer player and plays only words in the list: its move stands"
            ),
            ChallengeBeforeEnd => write!(
                f,
                "the last move ends the match: challenge it or choose \"No challenge\" first"
            ),
            ChallengeOpen => write!(
                f,
                "the last move may still be challenged: challenge it or choose \"No challenge\" \
                 first"
            ),
            ComputerToMove { name } => write!(f, "{name} is a computer player and moves by itself"),
            HumanToMove { name } => write!(f, "it is {name}'s turn, not a computer's"),
            NotYourTurn { player, to_move } => write!(
                f,
                "it is not player {}'s turn (player {} is to move)",
                player + 1,
                to_move + 1
            ),
            MatchOver => write!(f, "the match is over"),
            PlayerNotInMatch { player, players } => write!(
                f,
                "player {} is not playing in this match ({players} seats)",
                player + 1
            ),
            PlayerCount { given, min, max } => {
                write!(f, "{given} players: this rule set takes {min} to {max}")
            }
            BadPlayerName { reason } => write!(f, "{reason}"),
            BadHeadStart { points } => write!(
                f,
                "a head start is 0 to {} points, not {points}",
                crate::MAX_HEAD_START
            ),
            ComputerSeatNotAllowed { rules } => {
                write!(f, "{rules} has no computer seats")
            }
            WrongWordList { expected, given } => write!(
                f,
                "this match is pinned to word list {expected}, not {given}"
            ),
            InvalidRuleSet { problems } => {
                let listed: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
                write!(f, "invalid rule set: {}", listed.join("; "))
            }
            BadDeal { reason } => write!(f, "bad deal: {reason}"),
            Notation { input, reason } => write!(f, "cannot read {input:?}: {reason}"),
            BadEvents { index, reason } => write!(f, "event {index}: {reason}"),
        }
    }
}

impl std::error::Error for EngineError {}

impl From<ReadError> for EngineError {
    fn from(e: ReadError) -> EngineError {
        match e {
            ReadError::Square { input, reason } => EngineError::Notation {
                input,
                reason: reason.to_string(),
            },
            ReadError::Letter { character } => EngineError::InvalidLetter { character },
        }
    }
}
