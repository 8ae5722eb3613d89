// Every seat's colour and mark (issue 45): the backend serves each player's (`colour` in the
// match view's players, `colours` in a match's detail, the palette in `app_info.limits`);
// this draws a name in it. The mark comes first so seats are told apart without colour; the
// shade of each colour per theme, kept at 4.5:1 or more, is seats.css's.
import { h } from './dom.js';

/** @typedef {import('./contract').SeatColour} SeatColour */

/**
 * A player's name after their seat's mark, in their seat's colour: "● Ann".
 * @param {SeatColour | null | undefined} colour  the seat's colour (none: plain text)
 * @param {unknown} name  the name (text, or nodes)
 */
export function seatName(colour, name) {
  if (!colour) return name;
  // The mark is drawn by seats.css from `data-mark` (before the name, unread by screen
  // readers): the name's text stays the name, as every sentence and test reads it.
  return h('span.seat-name', { dataset: { colour: colour.id, mark: colour.mark }, 'data-testid': 'seat-name' }, name);
}

/** The colour of seat `seat` in a match view (or a detail's `colours`).
 * @param {{ players?: { colour?: SeatColour }[], colours?: SeatColour[] }} v @param {number} seat */
export function colourOf(v, seat) {
  return v.colours?.[seat] ?? v.players?.[seat]?.colour ?? null;
}
