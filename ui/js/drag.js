// Drag a rack tile onto the board with a finger, pen or mouse (pointer events, so touch and
// mouse share one path). A tap without movement stays a tap (select, then tap a square).
import { h } from './dom.js';

const THRESHOLD = 8; // px of movement before a press becomes a drag
let lastDragEnd = -Infinity;

/** True right after a drag ended, so the click a mouse may fire then is not a tap. */
export const justDragged = () => performance.now() - lastDragEnd < 250;

/**
 * Starts tracking a press on a rack tile.
 * @param event     the pointerdown event
 * @param label     the tile's letter for the ghost
 * @param onDrop    (row, col) => void when released over a board square
 */
export function trackDrag(event, label, onDrop) {
  if (event.button !== undefined && event.button > 0) return;
  const start = { x: event.clientX, y: event.clientY };
  let ghost = null;
  let over = null;

  const squareAt = (x, y) => document.elementFromPoint(x, y)?.closest('.square') ?? null;
  const move = (e) => {
    if (e.pointerId !== event.pointerId) return;
    if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) < THRESHOLD) return;
    if (!ghost) {
      ghost = h('div.tile.dragging', { 'aria-hidden': 'true' }, label);
      document.body.append(ghost);
    }
    e.preventDefault();
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
    const square = squareAt(e.clientX, e.clientY);
    if (square !== over) {
      over?.classList.remove('drop-target');
      over = square;
      over?.classList.add('drop-target');
    }
  };
  const end = (e) => {
    if (e.pointerId !== event.pointerId) return;
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', end);
    over?.classList.remove('drop-target');
    if (!ghost) return; // a plain tap: the click handler selects the tile
    ghost.remove();
    lastDragEnd = performance.now();
    const square = e.type === 'pointerup' ? squareAt(e.clientX, e.clientY) : null;
    // Drop after this event: re-rendering now would detach the element the touch sequence
    // started on before its touchend, which leaves mobile browsers' tap detection stuck.
    if (square) setTimeout(() => onDrop(Number(square.dataset.row), Number(square.dataset.col)), 0);
  };
  window.addEventListener('pointermove', move, { passive: false });
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
}
