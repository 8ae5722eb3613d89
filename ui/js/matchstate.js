// The match screen's state, in one place: what the backend last said (the view), what the
// player has staged (the draft, staging.js), the rack's display order, the hint shown, the
// scoresheet turn highlighted, the computer's tiles still arriving, and where the focus and
// the zoom are. match.js changes it in answer to the player and the backend; matchview.js
// draws from `viewState`. No rule is decided here.
import * as draftOf from './staging.js';
import { orderFor, rememberOrder } from './rackorder.js';

/** @typedef {import('./contract').MatchView} MatchView */
/** @typedef {import('./contract').PreviewAnswer} PreviewAnswer */
/** @typedef {import('./contract').WordGroup} WordGroup */
/** @typedef {import('./contract').Pos} Pos */
/** @typedef {import('./staging.js').Draft} Draft */

/**
 * What the shown turn screen was drawn from (see `drawn`).
 * @typedef {{ view: MatchView, order: number[], hintWords: WordGroup[] | null, hinting: boolean, draft: Draft }} Drawn
 */

/**
 * The match screen's state (`newMatchState` says what each field is).
 * @typedef {object} MatchState
 * @property {MatchView} view  what the backend last said
 * @property {Draft} draft  what the player has staged
 * @property {number[]} order  rack indexes in display order
 * @property {WordGroup[] | null} hintWords  the words a hint showed, by length
 * @property {boolean} hinting  a hint is being asked for
 * @property {number | null} selectedTurn  the number of a scoresheet turn highlighted on the board
 * @property {Pos[]} arriving  squares of the computer's move not drawn yet
 * @property {boolean} keyboard  the last input was a key
 * @property {'turn' | 'reveal' | null} focusAfter  where the focus goes after a command
 * @property {number | null} rackFocus  the rack tile last focused
 * @property {HTMLElement | null} shown  what this screen last put in its box
 * @property {Drawn | null} drawn  what the shown turn screen was drawn from
 * @property {boolean} zoomed  a phone's 15×15 board is zoomed while the rack is out
 * @property {boolean} following  a patched board's cursor is to be followed in the next frame
 * @property {boolean} movedMeanwhile  a computer moved again while tiles were arriving
 * @property {string | null} computerFailed  what the backend said when a computer's move failed
 */

/**
 * What matchview.js draws besides the view (`viewState`).
 * @typedef {object} ViewState
 * @property {Draft} draft
 * @property {number[]} order
 * @property {PreviewAnswer | null} preview  the backend's answer for the draft as it is now
 * @property {WordGroup[] | null} hintWords
 * @property {boolean} hinting
 * @property {boolean} tracker  the tile tracker setting is on
 * @property {number | null} rackFocus
 * @property {boolean} zoomed
 * @property {number | null} selectedTurn
 * @property {Pos[]} arriving
 * @property {string | null} computerFailed
 */

/**
 * The state of a match screen first showing `view`.
 * @param {MatchView} view
 * @returns {MatchState}
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
    // A computer's move failed (the backend's `computer_failed`): said with "Try again" until
    // tapped, never asked again by itself (a defect that fails every time would loop).
    computerFailed: null,
  };
}

/** A new turn (or a new view of it): an empty draft, no hint, the player's rack order.
 * @param {MatchState} s */
export function resetTurn(s) {
  s.draft = draftOf.newDraft(s.view);
  s.hintWords = null;
  const rack = s.view.rack ?? [];
  s.order = rack.length ? orderFor(s.view.id, s.view.to_move, rack.length) : [];
  if (rack.length) rememberOrder(s.view.id, s.view.to_move, s.order);
}

/** The player arranged the rack: kept for this seat of this match.
 * @param {MatchState} s @param {number[]} order */
export function setOrder(s, order) {
  s.order = order;
  rememberOrder(s.view.id, s.view.to_move, order);
}

/** The player to move has the rack out (not behind the cover). @param {MatchState} s */
export const playerReady = (s) => Boolean(s.view.rack) && !s.view.covered;

/** The keys may act: a human's rack is out and no turn command is under way.
 * @param {MatchState} s @param {boolean} busy */
export function keysReady(s, busy) {
  const v = s.view;
  return !busy && !v.over && !v.covered && Boolean(v.rack) && v.to_move != null && !v.players[v.to_move]?.computer;
}

/** What matchview.js draws besides the view.
 * @param {MatchState} s @param {PreviewAnswer | null} preview @param {boolean} tracker
 * @returns {ViewState} */
export function viewState(s, preview, tracker) {
  return {
    draft: s.draft, order: s.order, preview, hintWords: s.hintWords,
    hinting: s.hinting, tracker, rackFocus: s.rackFocus, zoomed: s.zoomed, computerFailed: s.computerFailed,
    selectedTurn: s.selectedTurn, arriving: s.arriving,
  };
}

/** The shown turn screen was drawn from the state as it is now but for the draft: patching
 *  the draft's squares is enough.
 * @param {MatchState} s */
export function onlyDraftChanged(s) {
  const d = s.drawn;
  return d !== null && d.view === s.view && d.order === s.order && d.hintWords === s.hintWords && d.hinting === s.hinting;
}

/** Remembers what the turn screen on show was drawn from (see `drawn`).
 * @param {MatchState} s */
export function markDrawn(s) {
  s.drawn = { view: s.view, order: s.order, hintWords: s.hintWords, hinting: s.hinting, draft: s.draft };
}
