// Where the keyboard's focus and a phone's zoomed board go when the match screen is drawn
// again: the redraw replaces the elements, so the focus and the scroll are carried over to
// their stand-ins (or moved to the next step after a turn).

/** A selector for the element holding the keyboard's focus inside `box` (a control, a square,
 *  a rack tile), to find its stand-in after a redraw; null when the focus is elsewhere or a
 *  pointer put it there (then the keys keep their match meaning: keyboard.js).
 * @param {Element} box
 * @returns {string | null} */
export function focusKey(box) {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || el === document.body || !box.contains(el) || !focusVisible(el)) return null;
  if (el.dataset.action) return `[data-action="${el.dataset.action}"]`;
  if (el.dataset.square) return `.square[data-square="${el.dataset.square}"]`;
  if (el.dataset.index && el.closest('.rack')) return `[data-testid=rack] .tile[data-index="${el.dataset.index}"]:not(.used)`;
  if (el.dataset.testid) return `[data-testid="${el.dataset.testid}"]`;
  return null;
}

/** @param {Element} el */
function focusVisible(el) {
  try { return el.matches(':focus-visible'); } catch { return true; }
}

/**
 * Where the focus goes after a redraw (never into a page behind an open dialog): after a
 * turn, to the next step — the cover's "Show my rack", the end's heading, the board; after
 * "Show my rack", to the board's cursor; after a key, the cursor square, so the focus ring
 * and a screen reader follow the cursor; otherwise back onto the control that had it (the
 * redraw replaced it), so it never falls to <body>. `focused`: focusKey before the redraw.
 * @param {Element} box @param {import('./matchstate.js').MatchState} s @param {string | null} focused
 */
export function placeFocus(box, s, focused) {
  if (document.querySelector('dialog[open]')) return;
  const v = s.view;
  const after = s.focusAfter;
  s.focusAfter = null;
  /** @returns {HTMLElement | null} */
  const cursorSquare = () => box.querySelector('.square.cursor') ?? box.querySelector('.square[tabindex="0"]');
  /** @type {HTMLElement | null} */
  let target = null;
  if (after === 'turn') target = v.over ? box.querySelector('h1') : (v.covered ? box.querySelector('[data-testid=reveal]') : cursorSquare());
  else if (after === 'reveal' || (s.keyboard && !v.covered)) target = cursorSquare();
  else if (focused && !box.contains(document.activeElement)) {
    target = box.querySelector(focused);
    if (!target || /** @type {HTMLButtonElement} */ (target).disabled) target = cursorSquare();
  }
  target?.focus({ preventScroll: true });
  // The end: its winner moment in sight, wherever the last turn left the page scrolled.
  if (after === 'turn' && v.over) box.querySelector('[data-testid=winner-moment]')?.scrollIntoView({ block: 'nearest' });
}

/** Where a zoomed board is scrolled to. @typedef {{ left: number, top: number }} Scrolled */

/** Where the zoomed board in `box` is scrolled to (null: no zoomed board).
 * @param {Element} box @returns {Scrolled | null} */
export function zoomScroll(box) {
  const frame = box.querySelector('.board-zoom.zoomed');
  return frame ? { left: frame.scrollLeft, top: frame.scrollTop } : null;
}

/** A zoomed board keeps where it was scrolled to (`scrolled`, from the frame it replaces),
 *  and scrolls to the cursor when the cursor left the part in view: the area being played
 *  stays in view.
 * @param {Element} box @param {() => boolean} alive @param {Scrolled | null} scrolled */
export function followCursor(box, alive, scrolled) {
  // A screen's first drawing goes on the page once drawn (main.js): measure it then.
  if (!box.isConnected) { if (alive()) requestAnimationFrame(() => followCursor(box, alive, scrolled)); return; }
  const frame = box.querySelector('.board-zoom.zoomed');
  if (!frame || frame.scrollWidth <= frame.clientWidth) return;
  if (scrolled) { frame.scrollLeft = scrolled.left; frame.scrollTop = scrolled.top; }
  const square = frame.querySelector('.square.cursor') ?? frame.querySelector('.square.star');
  if (!square) return;
  const f = frame.getBoundingClientRect();
  const q = square.getBoundingClientRect();
  if (scrolled && q.left >= f.left && q.right <= f.right && q.top >= f.top && q.bottom <= f.bottom) return;
  frame.scrollLeft += q.left + q.width / 2 - (f.left + f.width / 2);
  frame.scrollTop += q.top + q.height / 2 - (f.top + f.height / 2);
}
