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
 *  and scrolls when the part being played left its view: the word being built (the staged
 *  tiles) with the cursor after it, or, when those do not fit, the word alone, its start
 *  first. It followed the cursor alone, so a word typed along a row slid out of view as it
 *  grew (390 px: ARSINES at 5A left A5 off-view; issue 45). With nothing staged, the
 *  cursor (or the star) is centred once it leaves the view.
 * @param {Element} box @param {() => boolean} alive @param {Scrolled | null} scrolled */
export function followCursor(box, alive, scrolled) {
  // A screen's first drawing goes on the page once drawn (main.js): measure it then.
  if (!box.isConnected) { if (alive()) requestAnimationFrame(() => followCursor(box, alive, scrolled)); return; }
  const frame = box.querySelector('.board-zoom.zoomed');
  if (!frame || frame.scrollWidth <= frame.clientWidth) return;
  if (scrolled) { frame.scrollLeft = scrolled.left; frame.scrollTop = scrolled.top; }
  const square = frame.querySelector('.square.cursor') ?? frame.querySelector('.square.star');
  const staged = [...frame.querySelectorAll('.square')].filter((q) => q.querySelector('.tile.staged'));
  if (!square && !staged.length) return;
  const view = visiblePart(frame);
  if (!staged.length) {
    const q = /** @type {Element} */ (square).getBoundingClientRect();
    if (scrolled && inside(q, view)) return;
    frame.scrollLeft += q.left + q.width / 2 - (view.left + view.right) / 2;
    frame.scrollTop += q.top + q.height / 2 - (view.top + view.bottom) / 2;
    return;
  }
  const word = around(staged);
  const withCursor = square ? around([...staged, square]) : word;
  const target = fits(withCursor, view) ? withCursor : word;
  if (inside(target, view)) return;
  frame.scrollLeft += shift(target.left, target.right, view.left, view.right);
  frame.scrollTop += shift(target.top, target.bottom, view.top, view.bottom);
}

/** @typedef {{ left: number, top: number, right: number, bottom: number }} Box */

/** The part of a zoomed board's frame the squares show in: its client area less the
 *  coordinates that stay at its top and left edges (sticky, drawn over the squares).
 * @param {Element} frame @returns {Box} */
function visiblePart(frame) {
  const f = frame.getBoundingClientRect();
  const rows = frame.querySelector('.coords-rows')?.getBoundingClientRect().width ?? 0;
  const cols = frame.querySelector('.coords-cols')?.getBoundingClientRect().height ?? 0;
  return { left: f.left + rows, top: f.top + cols, right: f.left + frame.clientWidth, bottom: f.top + frame.clientHeight };
}

/** The box around elements. @param {Element[]} els @returns {Box} */
function around(els) {
  const rs = els.map((e) => e.getBoundingClientRect());
  return {
    left: Math.min(...rs.map((r) => r.left)), top: Math.min(...rs.map((r) => r.top)),
    right: Math.max(...rs.map((r) => r.right)), bottom: Math.max(...rs.map((r) => r.bottom)),
  };
}

/** @param {Box} b @param {Box} view */
const inside = (b, view) => b.left >= view.left - 1 && b.right <= view.right + 1 && b.top >= view.top - 1 && b.bottom <= view.bottom + 1;

/** @param {Box} b @param {Box} view */
const fits = (b, view) => b.right - b.left <= view.right - view.left && b.bottom - b.top <= view.bottom - view.top;

/** The least scroll along one axis that brings [lo, hi] into [from, to]; its start first when
 *  it cannot all come in. @param {number} lo @param {number} hi @param {number} from @param {number} to */
function shift(lo, hi, from, to) {
  if (lo < from) return lo - from;
  if (hi > to) return Math.min(hi - to, lo - from);
  return 0;
}
