//! What a hint shows the player to move: the one answer of "Words from rack" and "Suggest a
//! move", with the manners the player chose (SPEC §3: polite by default, no kept offensive
//! word offered). The app's `hint` command and `wordclub-cli play` both answer with
//! [`hint_answer`], so a hint reads the same wherever it is taken; which kind a match gives,
//! and that a repeat in the same turn is the same hint, is the engine's
//! ([`Match::hint_kind`], [`Match::apply`]).
use wordclub_engine::{rack_text, EngineError, HintKind, HintShown, Match, Seat};
use wordclub_lexicon::{LexiconError, WordList};

use crate::bridge::{grid_of, rack_of, Manners};
use crate::error::MovegenError;
use crate::players::suggest_with;

/// The answer of a hint of `kind` for `seat` in `game`, with these manners, in the one shape
/// the engine records. It reads the match and changes nothing, so it may run on a copy while
/// nothing is locked (a suggestion's search takes a while).
pub fn hint_answer(
    game: &Match,
    list: &WordList,
    seat: Seat,
    kind: HintKind,
    manners: Manners,
) -> Result<HintShown, MovegenError> {
    let rack = game.rack(seat).ok_or(EngineError::PlayerNotInMatch {
        player: seat,
        players: game.players().len(),
    })?;
    match kind {
        HintKind::WordsFromRack => rack_words(game, list, rack, manners),
        HintKind::SuggestMove => suggested_move(game, list, seat, rack, manners),
    }
}

/// "Words from rack": the words the rack alone spells (when polite, no kept offensive word),
/// ordered by the engine ([`HintShown::words`]).
fn rack_words(
    game: &Match,
    list: &WordList,
    rack: &[u8],
    manners: Manners,
) -> Result<HintShown, MovegenError> {
    let text = rack_text(rack);
    let found = list
        .rack_words(&text)
        .map_err(|e| match e {
            LexiconError::BadRack { rack, reason } => MovegenError::Rack { rack, reason },
            other => MovegenError::Rack {
                rack: text.clone(),
                reason: other.to_string(),
            },
        })?
        .into_iter()
        .filter(|w| {
            manners == Manners::AnyWord || !wordclub_lexicon::is_offensive(w.word.as_bytes())
        })
        .map(|w| {
            let blanks = w.blanks.iter().map(|b| b.position).collect();
            (w.word, blanks)
        })
        .collect();
    Ok(HintShown::words(game.rules(), found))
}

/// "Suggest a move": the best-scoring legal move (when polite, none forming a kept offensive
/// word), checked and scored by the engine, for the UI to stage as a draft.
fn suggested_move(
    game: &Match,
    list: &WordList,
    seat: Seat,
    rack: &[u8],
    manners: Manners,
) -> Result<HintShown, MovegenError> {
    let best = suggest_with(
        game.rules(),
        list,
        &grid_of(game.board()),
        &rack_of(rack),
        manners,
    )?;
    let scored = match best {
        Some(best) => Some(game.preview(seat, &best.placements(), list)?),
        None => None,
    };
    Ok(HintShown::suggestion(scored.as_ref()))
}
