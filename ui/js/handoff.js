// The cover between human players. It stands where the rack would be; the board, scores and
// last move around it are public. The next player's rack stays on the backend until they
// choose "Show my rack".
import { h } from './dom.js';
import { renderRecap } from './scoresheet.js';
import { seatName } from './seats.js';
import { unusualNotes } from './explain.js';
import { challengeControls, challengeResult } from './challenge.js';

/**
 * @param {import('./contract').MatchView} view  a view with the cover up (a player to move)
 * @param {() => void} onReveal
 * @param {unknown[] | null} [more]  beside the recap's button: the take-back, Abandon
 * @param {{ challenge?: (seat: number) => void, letStand?: () => void }} [on]  challenges
 */
export function renderCover(view, onReveal, more = null, on = {}) {
  const next = view.players[view.to_move ?? 0];
  return h('section.cover.panel', { 'data-testid': 'cover', dataset: next.colour ? { colour: next.colour.id } : undefined },
    // Reopened at a one-person table (a reload, a restart): nobody to pass to, but who holds
    // the device is not known, so the rack waits for its player all the same.
    h('h1', {}, view.reopened ? [seatName(next.colour, next.name), '\'s turn'] : ['Pass to ', seatName(next.colour, next.name)]),
    // Before the first move, what is unusual about this table, in plain words (start
    // points, a smaller rack): the backend's sentences.
    view.turn === 0 ? unusualNotes(view, 'cover-why') : null,
    // The head starts the table chose, before the first move: "Mia starts +60".
    view.turn === 0 ? headStartLine(view) : null,
    // Everything since this player last played, so nobody misses a move at the table.
    renderRecap(view),
    // A challenge open: what the last one found, then "Challenge <words>" for whoever may.
    challengeResult(view),
    challengeControls(view, on),
    // A play that ends the match waits on its last challenge: no rack to show before it.
    view.challenge?.ends_match ? null : h('button.primary', {
      type: 'button', 'data-testid': 'reveal', 'data-first-focus': '', onclick: onReveal,
      // The focus comes here after a turn: an Enter still held from it (key repeat) must not
      // show the next player's rack; a fresh press does.
      onkeydown: (/** @type {KeyboardEvent} */ e) => { if (e.repeat) e.preventDefault(); },
    }, 'Show my rack'),
    // The player who just moved may still take it back, until this rack is shown; the
    // table may stop the match (Abandon).
    h('div.row.cover-more', {}, more));
}

/** "Mia starts +60 · Ben starts +20": the seats the table gave a head start (the view's
 *  `players[].head_start`), or null when none has one.
 * @param {import('./contract').MatchView} view */
export function headStartLine(view) {
  const given = view.players.filter((p) => p.head_start > 0);
  if (!given.length) return null;
  return h('p.why-note', { 'data-testid': 'cover-head-start' },
    given.map((p, i) => [i ? ' · ' : '', seatName(p.colour, p.name), ` starts +${p.head_start}`]));
}
