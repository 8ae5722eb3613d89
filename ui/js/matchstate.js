// The match screen's state, in one place: what the backend last said (the view), what the
// player has staged (the draft, staging.js), the rack's display order, the hint shown, the
// scoresheet turn highlighted, the computer's tiles still arriving, and where the focus and
// the zoom are. match.js changes it in answer to the player and the backend; matchview.js
// draws from `viewState`. No rule is decided here.
import * as draftOf from './staging.js';
import { orderFor, rememberOrder } from './rackorder.js';

/**
 * The state of a match screen first showing `view`.
 * @param {import('./contract').MatchView} view
 */
export function newMatchState(view) {
  return {
    view,
    draft: draftOf.newDraft(view),
    order: [], // rack indexes in display order
    hintWords: null, hinting: false,
    selectedTurn: null, // a scoresheet turn highlighted on the board
    arriving: [], // squares of the computer's move not drawn yet (arrival.js)
    // The last input was a key: the cursor square then takes the focus after a redraw.
    keyboard: false,
    // After a command the focus goes where the next step is (matchfocus.js): 'turn' after a
    // turn was done, 'reveal' after the rack was shown.
    focusAfter: null,
    rackFocus: null, // the rack tile last focused (the rack's one tab stop)
    shown: null, // what this screen last put in its box
    // What the shown turn screen was drawn from ({view, order, hintWords, hinting, draft}),
    // so a change of the draft alone can patch it (patchTurn) instead of drawing it again.
    drawn: null,
    // A phone shows a 15×15 board zoomed while the rack is out (matchview.js zoomable).
    zoomed: true,
    following: false, // a patched board's cursor is to be followed in the next frame
    // A computer moved again while the last move's tiles were still arriving: its view is
    // asked for once they are down (match.js computerMoved).
    movedMeanwhile: false,
  };
}

/** A new turn (or a new view of it): an empty draft, no hint, the player's rack order. */
export function resetTurn(s) {
  s.draft = draftOf.newDraft(s.view);
  s.hintWords = null;
  const rack = s.view.rack ?? [];
  s.order = rack.length ? orderFor(s.view.id, s.view.to_move, rack.length) : [];
  if (rack.length) rememberOrder(s.view.id, s.view.to_move, s.order);
}

/** The player arranged the rack: kept for this seat of this match. */
export function setOrder(s, order) {
  s.order = order;
  rememberOrder(s.view.id, s.view.to_move, order);
}

/** The player to move has the rack out (not behind the cover). */
export const playerReady = (s) => Boolean(s.view.rack) && !s.view.covered;

/** The keys may act: a human's rack is out and no turn command is under way. */
export function keysReady(s, busy) {
  const v = s.view;
  return !busy && !v.over && !v.covered && Boolean(v.rack) && !v.players[v.to_move]?.computer;
}

/** What matchview.js draws besides the view. */
export function viewState(s, preview, tracker) {
  return {
    draft: s.draft, order: s.order, preview, hintWords: s.hintWords,
    hinting: s.hinting, tracker, rackFocus: s.rackFocus, zoomed: s.zoomed,
    selectedTurn: s.selectedTurn, arriving: s.arriving,
  };
}

/** The shown turn screen was drawn from the state as it is now but for the draft: patching
 *  the draft's squares is enough. */
export function onlyDraftChanged(s) {
  const d = s.drawn;
  return Boolean(d) && d.view === s.view && d.order === s.order && d.hintWords === s.hintWords && d.hinting === s.hinting;
}

/** Remembers what the turn screen on show was drawn from (see `drawn`). */
export function markDrawn(s) {
  s.drawn = { view: s.view, order: s.order, hintWords: s.hintWords, hinting: s.hinting, draft: s.draft };
}
