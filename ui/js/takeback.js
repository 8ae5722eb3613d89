// Take-backs (a per-match option): the button that asks the backend to take the last move
// back. The engine decides who may and until when; the view says so (`can.take_back`, with
// `take_back`: the seat that just moved and how many turns go, its move and the computers'
// replies), so this only draws what the view allows and names who asks.
import { h } from './dom.js';

/**
 * "Take back Ann's move" (and "… and the reply" when a computer's reply goes with it) where
 * the view offers a take-back, else null. `onTakeBack(seat)`.
 * @param {import('./contract').MatchView} v
 * @param {((seat: number) => void) | undefined} onTakeBack
 */
export function takeBackButton(v, onTakeBack) {
  const offer = v.take_back;
  if (!v.can.take_back || !offer || !onTakeBack) return null;
  const own = v.to_move === offer.seat && !v.covered;
  const replies = offer.turns > 1 ? ` and the ${offer.turns - 1 === 1 ? 'reply' : `${offer.turns - 1} replies`} after it` : '';
  // The computers' replies that go with it are said on the button itself: a title is never
  // seen by touch.
  const also = offer.turns > 1 ? ` and ${offer.turns - 1 === 1 ? 'the reply' : `${offer.turns - 1} replies`}` : '';
  const label = `${own ? 'Take back my move' : `Take back ${offer.name}'s move`}${also}`;
  return h('button', {
    type: 'button', 'data-action': 'take-back', 'data-testid': 'take-back',
    title: `Takes back ${own ? 'your' : `${offer.name}'s`} last move${replies}; the same tiles come again, and it counts as assistance`,
    onclick: () => onTakeBack(offer.seat),
  }, label);
}

/** The new match form's "Allow take-backs" line, off by default (recorded in the match). */
export function takeBackOption() {
  const input = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', 'data-testid': 'allow-take-backs', name: 'allow-take-backs' }));
  // What it does, in words touch players see (a title never shows on touch).
  const line = h('label.row.option-line', {}, input, h('span', {}, 'Allow take-backs', h('span.muted.option-help', { 'data-testid': 'allow-take-backs-help' }, ' — the player who just moved may undo it until the next player shows their rack')));
  return { input, line };
}
