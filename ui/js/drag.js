// Drag a tile with a finger, pen or mouse (pointer events, so touch and mouse share one path):
// rack → board, board → board, board → rack, and along the rack to reorder it. A press without
// movement stays a tap (select a rack tile, tap a square, tap a staged tile to return it).
import { h } from './dom.js';

const THRESHOLD = 8; // px of movement before a press becomes a drag

// From the end of a drag until the next press: the click a mouse fires on release (when it
// ends where it started) belongs to the drag, not a tap. No timer, so a quick next tap counts.
let dragEnded = false;
window.addEventListener('pointerdown', () => { dragEnded = false; }, true);

/** True when the click being handled ends a drag rather than being a tap. */
export const justDragged = () => dragEnded;

/**
 * Where a tile would land at (x, y): a board square, a place in the rack (before the display
 * position `before`; the rack's length = at the end), or nowhere.
 * @returns {{square: {row, col}, el} | {rack: {before}, el} | null}
 */
function dropTargetAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const square = el?.closest('.square');
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

function mark(target, on) {
  if (!target) return;
  const cls = target.rack && target.el.classList.contains('tile') ? 'insert-before' : 'drop-target';
  target.el.classList.toggle(cls, on);
}

/**
 * Starts tracking a press on a tile.
 * @param event     the pointerdown event
 * @param label     the tile's letter for the ghost ('' for an unplayed blank)
 * @param onDrop    (target) => void once released over a board square or the rack, with
 *                  target {square: {row, col}} or {rack: {before}}
 */
export function trackDrag(event, label, onDrop) {
  if (event.button !== undefined && event.button > 0) return;
  const start = { x: event.clientX, y: event.clientY };
  const source = event.currentTarget; // dimmed while its tile is in the air
  let ghost = null;
  let over = null;

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
    const target = dropTargetAt(e.clientX, e.clientY);
    if (target?.el !== over?.el) {
      mark(over, false);
      over = target;
      mark(over, true);
    }
  };
  const end = (e) => {
    if (e.pointerId !== event.pointerId) return;
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', end);
    mark(over, false);
    if (!ghost) return; // a plain tap: the click handler does the rest
    ghost.remove();
    source?.classList.remove('lifted');
    dragEnded = true;
    const target = e.type === 'pointerup' ? dropTargetAt(e.clientX, e.clientY) : null;
    // Drop after this event: re-rendering now would detach the element the touch sequence
    // started on before its touchend, which leaves mobile browsers' tap detection stuck.
    if (target) setTimeout(() => onDrop(target.square ? { square: target.square } : { rack: target.rack }), 0);
  };
  window.addEventListener('pointermove', move, { passive: false });
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
}
