// Drag a tile with a finger, pen or mouse (pointer events, so touch and mouse share one path):
// rack → board, board → board, board → rack, and along the rack to reorder it. A press without
// movement stays a tap (select a rack tile, tap a square, tap a staged tile to return it). A
// drop anywhere else hands the tile back (onDrop(null)); a cancelled touch changes nothing.
//
// Lost taps: a finger lifted while still moving is a fling to the browser's gesture
// recognizer. The board and rack have touch-action: none, so the fling scrolls nothing, but
// Chromium still counted it as running and swallowed the next tap anywhere on the page as
// "stop the fling" (measured at 820×1180 with touch: two drags, then Recall, did nothing; the
// second tap worked; a plain page with a touch-action: none box does the same after one drag).
// Once a press has become a drag its touchmove events are cancelled, so the recognizer sees
// no scroll and starts no fling. Before the threshold they are left alone: a tap stays a tap.
import { h } from './dom.js';

const THRESHOLD = 8; // px of movement before a press becomes a drag

// A phone's zoomed board (app.css) is a frame a finger pans, and a dragged tile cannot pan
// it: so a tile held near the frame's edge (its sticky coordinates included) pans it that
// way, faster the closer to the edge, until the squares out of view come under the finger.
// Only once the finger lingers there: a finger coming in from the rack, below the board,
// crosses the bottom edge on its way up and must not pan it, however slowly it goes. So the
// dwell starts again whenever the finger has gone EDGE_LEAVING px back out of the edge (a
// slow 150 px/s takes 40 ms for 6 px, of the dwell's 150; a finger held still wavers less).
// A walk-through's slow drags panned the board and dropped the tile a square off when only
// the time in the edge counted.
const EDGE = 40; // px inside the frame's edge
const EDGE_DWELL = 150; // ms lingering in the edge before the board pans
const EDGE_LEAVING = 6; // px back out of the edge that start the dwell again
const EDGE_SPEED = 12; // px per frame at the very edge

/** How a zoomed board frame at `r` pans with a tile held at (x, y): px this frame, each way,
 *  and how deep in its edge the tile is (px, 0 outside it).
 * @param {DOMRect} r @param {number} x @param {number} y */
function edgePan(r, x, y) {
  /** @param {number} v @param {number} lo @param {number} hi */
  const inside = (v, lo, hi) => v >= lo && v <= hi;
  /** @param {number} depth */
  const clamp = (depth) => Math.min(EDGE, Math.max(0, depth));
  /** @param {number} depth */
  const speed = (depth) => Math.ceil((EDGE_SPEED * clamp(depth)) / EDGE);
  let across = 0;
  let down = 0;
  if (inside(y, r.top, r.bottom)) {
    if (x < r.left + EDGE) across = -(r.left + EDGE - x);
    else if (x > r.right - EDGE) across = x - (r.right - EDGE);
  }
  if (inside(x, r.left, r.right)) {
    if (y < r.top + EDGE) down = -(r.top + EDGE - y);
    else if (y > r.bottom - EDGE && y <= r.bottom) down = y - (r.bottom - EDGE);
  }
  return {
    dx: Math.sign(across) * speed(Math.abs(across)),
    dy: Math.sign(down) * speed(Math.abs(down)),
    depth: Math.max(clamp(Math.abs(across)), clamp(Math.abs(down))),
  };
}

// From the end of a drag until the next press: the click a mouse fires on release (when it
// ends where it started) belongs to the drag, not a tap. No timer, so a quick next tap counts.
let dragEnded = false;
window.addEventListener('pointerdown', () => { dragEnded = false; }, true);

/** True when the click being handled ends a drag rather than being a tap. */
export const justDragged = () => dragEnded;

/** Where a dragged tile is over: a board square, or a place in the rack, and the element
 *  marked for it.
 * @typedef {{ square?: Square, rack?: { before: number }, el: Element }} DropTarget */
/** Where a tile is dropped: a board square, a place in the rack, or (null) nowhere.
 * @typedef {{ square: Square } | { rack: { before: number } } | null} Drop */
/** @typedef {import('./cursor.js').Square} Square */

/**
 * Where a tile would land at (x, y): a board square, a place in the rack (before the display
 * position `before`; the rack's length = at the end), or nowhere.
 * @param {number} x @param {number} y
 * @returns {DropTarget | null}
 */
function dropTargetAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const square = /** @type {HTMLElement | null} */ (el?.closest('.square'));
  if (square) return { square: { row: Number(square.dataset.row), col: Number(square.dataset.col) }, el: square };
  const rack = el?.closest('.rack');
  if (!rack) return null;
  const tiles = [...rack.querySelectorAll(':scope > .tile')];
  // Before the first tile whose row is below the pointer, or on the pointer's row and whose
  // middle is right of it (the rack may wrap on a narrow screen).
  let before = tiles.findIndex((t) => {
    const r = t.getBoundingClientRect();
    return r.top > y || (r.bottom >= y && r.left + r.width / 2 > x);
  });
  if (before < 0) before = tiles.length;
  return { rack: { before }, el: tiles[before] ?? rack };
}

/** @param {DropTarget | null} target @param {boolean} on */
function mark(target, on) {
  if (!target) return;
  const cls = target.rack && target.el.classList.contains('tile') ? 'insert-before' : 'drop-target';
  target.el.classList.toggle(cls, on);
}

/**
 * Starts tracking a press on a tile.
 * @param {PointerEvent} event  the pointerdown event
 * @param {string} label  the tile's letter for the ghost ('' for an unplayed blank)
 * @param {(target: Drop) => void} onDrop  once released: target {square: {row, col}} over a
 *                  board square, {rack: {before}} over the rack, null anywhere else
 * @param {((square: Square) => void) | null} [onOver]  when the tile comes over another board
 *                  square (the match screen asks ahead for the preview of a drop there)
 */
export function trackDrag(event, label, onDrop, onOver = null) {
  if (event.button !== undefined && event.button > 0) return;
  const start = { x: event.clientX, y: event.clientY };
  const source = /** @type {Element | null} */ (event.currentTarget); // dimmed while its tile is in the air
  /** @type {HTMLElement | null} */
  let ghost = null;
  /** @type {DropTarget | null} */
  let over = null;
  // Touch events go to the element the touch started on, even once a redraw took it off the
  // page: listen there.
  const touchTarget = event.pointerType === 'touch' ? event.target : null;
  /** @param {Event} e */
  const holdTouch = (e) => { if (ghost && e.cancelable) e.preventDefault(); };
  // Where the tile is held; since when it has lingered in a zoomed board's edge (0: not),
  // and the deepest in the edge it has been since then.
  let at = start;
  let edgeSince = 0;
  let edgeDeepest = 0;
  let panning = 0;

  /** The tile came over `target` (a square, the rack or nothing).
   * @param {DropTarget | null} target */
  const overTarget = (target) => {
    if (target?.el === over?.el) return;
    mark(over, false);
    over = target;
    mark(over, true);
    if (over?.square) onOver?.(over.square);
  };

  /** One frame of panning a zoomed board held at its edge; the tile, held still, is then
   *  over another square.
   * @param {number} now */
  const pan = (now) => {
    panning = 0;
    const frame = ghost ? document.querySelector('.board-zoom.zoomed') : null;
    const { dx, dy, depth } = frame ? edgePan(frame.getBoundingClientRect(), at.x, at.y) : { dx: 0, dy: 0, depth: 0 };
    if (!frame || (!dx && !dy)) { edgeSince = 0; return; }
    const lingering = now - edgeSince < EDGE_DWELL;
    if (!edgeSince || (lingering && depth <= edgeDeepest - EDGE_LEAVING)) {
      edgeSince = now;
      edgeDeepest = depth;
    }
    edgeDeepest = Math.max(edgeDeepest, depth);
    if (now - edgeSince >= EDGE_DWELL) {
      const before = [frame.scrollLeft, frame.scrollTop];
      frame.scrollBy(dx, dy);
      if (frame.scrollLeft !== before[0] || frame.scrollTop !== before[1]) overTarget(dropTargetAt(at.x, at.y));
    }
    panning = requestAnimationFrame(pan);
  };

  /** @param {PointerEvent} e */
  const move = (e) => {
    if (e.pointerId !== event.pointerId) return;
    if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) < THRESHOLD) return;
    if (!ghost) {
      ghost = h('div.tile.dragging', { 'aria-hidden': 'true' }, label);
      document.body.append(ghost);
      source?.classList.add('lifted');
    }
    e.preventDefault();
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
    at = { x: e.clientX, y: e.clientY };
    overTarget(dropTargetAt(e.clientX, e.clientY));
    if (!panning) panning = requestAnimationFrame(pan);
  };
  /** @param {PointerEvent} e */
  const end = (e) => {
    if (e.pointerId !== event.pointerId) return;
    // Where the tile lands, looked up before this handler changes anything (the ghost, the
    // marks): on the layout the last frame drew the hit test lays out nothing, while after
    // those changes it laid the page out first (0.8 of the 3 ms from the pointerup to the
    // preview in the DOM, Chromium at 820×1180: tests/e2e/latency.test.js). The ghost takes no
    // hits and the marks move nothing, so the answer is the same.
    const target = ghost && e.type === 'pointerup' ? dropTargetAt(e.clientX, e.clientY) : null;
    cancelAnimationFrame(panning);
    panning = 0;
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', end);
    touchTarget?.removeEventListener('touchmove', holdTouch);
    mark(over, false);
    if (!ghost) return; // a plain tap: the click handler does the rest
    ghost.remove();
    source?.classList.remove('lifted');
    dragEnded = true;
    if (e.type !== 'pointerup') return; // a cancelled touch: the tile stays where it was
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      touchTarget?.removeEventListener('touchend', dropAfterTouch);
      onDrop(target && (target.square ? { square: target.square } : target.rack ? { rack: target.rack } : null));
    };
    // Drop after this event, so the redraw does not detach the element the touch sequence
    // started on before its touchend arrives: a touch's drop waits for that touchend (it
    // follows the pointerup in the same input task), anything else for the next task. A
    // timer alone waited for the frame the browser drew in between: 16 ms of the 32 from the
    // drop to the preview request (Chromium at 820×1180, tests/e2e/latency.test.js). The
    // timer stays for a touch whose touchend never comes.
    const dropAfterTouch = () => queueMicrotask(drop);
    touchTarget?.addEventListener('touchend', dropAfterTouch);
    setTimeout(drop, 0);
  };
  window.addEventListener('pointermove', move, { passive: false });
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
  touchTarget?.addEventListener('touchmove', holdTouch, { passive: false });
}
