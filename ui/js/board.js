// Draws the board from a view: committed tiles, premium labels, the star, the last move and
// the tiles staged this turn, and the keyboard cursor. It reports taps and presses on staged
// tiles (to drag them); it never decides whether a move is legal.
import { h, squareName } from './dom.js';

const PREMIUM_NAMES = { '2L': 'double letter', '3L': 'triple letter', '2W': 'double word', '3W': 'triple word' };

/** A tile element: letter, value and blank styling. */
export function tileEl(tile, values, extraClass = '') {
  const value = tile.blank ? 0 : (values?.[tile.letter] ?? '');
  return h(`span.tile${extraClass ? `.${extraClass}` : ''}${tile.blank ? '.blank-letter' : ''}`, {},
    tile.letter === '?' ? '' : tile.letter,
    h('span.value', {}, tile.letter === '?' ? '' : value));
}

/**
 * @param view     the match view from the backend
 * @param staged   [{row, col, letter, blank}] placed this turn, not yet played
 * @param onSquare (row, col) => void, for taps on a square (empty or staged)
 * @param options  { cursor: {row, col, dir} | null, onStagedPress(row, col, pointerEvent),
 *                  roving: only the cursor square is in the Tab order (arrows move in the
 *                  board), so Tab goes on to the rack and the controls }
 */
export function renderBoard(view, staged, onSquare, options = {}) {
  const size = view.rules.board_size;
  const board = h(`div.board.size-${size}`, {
    role: 'grid', 'aria-label': `Board, ${size} by ${size}`, 'data-testid': 'board',
    // Rows sized like columns, and neither grows with its content: every square is equal.
    style: `grid-template-columns: repeat(${size}, minmax(0, 1fr)); grid-template-rows: repeat(${size}, minmax(0, 1fr))`,
  });
  const ctx = squareContext(view, staged, onSquare, options);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) board.append(renderSquare(ctx, row, col));
  }
  return board;
}

/**
 * Redraws on `board` (drawn by renderBoard for the same view) only the squares whose staged
 * tile or cursor differ between `before` and `after` ({staged, cursor}); the arguments are
 * renderBoard's for the new draft. A tile dropped then replaces one or two squares instead of
 * the whole board (the whole match screen took most of the drop-to-preview time: see
 * tests/e2e/latency.test.js).
 */
export function patchBoard(board, view, before, after, onSquare, options = {}) {
  const key = (t) => `${t.row},${t.col}`;
  const face = (t) => (t ? `${t.letter}${t.blank ? '?' : ''}` : '');
  const was = new Map(before.staged.map((t) => [key(t), face(t)]));
  const now = new Map(after.staged.map((t) => [key(t), face(t)]));
  const changed = new Set();
  for (const k of new Set([...was.keys(), ...now.keys()])) if (was.get(k) !== now.get(k)) changed.add(k);
  const cursorKey = (c) => (c ? `${c.row},${c.col}` : null);
  const sameCursor = cursorKey(before.cursor) === cursorKey(after.cursor) && before.cursor?.dir === after.cursor?.dir;
  if (!sameCursor) for (const c of [before.cursor, after.cursor]) if (c) changed.add(key(c));
  const ctx = squareContext(view, after.staged, onSquare, { ...options, cursor: after.cursor });
  for (const k of changed) {
    const [row, col] = k.split(',').map(Number);
    board.querySelector(`.square[data-row="${row}"][data-col="${col}"]`)?.replaceWith(renderSquare(ctx, row, col));
  }
}

function squareContext(view, staged, onSquare, { cursor = null, onStagedPress = null, roving = false } = {}) {
  return {
    view, onSquare, cursor, onStagedPress, roving,
    last: new Set((view.last_move?.squares ?? []).map((s) => `${s.row},${s.col}`)),
    stagedAt: new Map(staged.map((t) => [`${t.row},${t.col}`, t])),
  };
}

function renderSquare({ view, onSquare, cursor, onStagedPress, roving, last, stagedAt }, row, col) {
  const premium = view.premiums[row][col];
  const isStar = view.rules.star.row === row && view.rules.star.col === col;
  const committed = view.board[row][col];
  const stagedTile = stagedAt.get(`${row},${col}`);
  const name = squareName({ row, col });
  let label = name;
  if (committed) label += `, ${committed.letter}${committed.blank ? ' (blank)' : ''}`;
  else if (stagedTile) label += `, ${stagedTile.letter} staged`;
  else if (premium) label += `, ${PREMIUM_NAMES[premium]}`;
  if (isStar && !committed) label += ', star';
  const atCursor = cursor?.row === row && cursor?.col === col;
  if (atCursor) label += `, cursor, ${cursor.dir}`;
  const square = h('button.square', {
    type: 'button', role: 'gridcell', 'aria-label': label,
    dataset: { row: String(row), col: String(col), square: name, ...(premium ? { premium } : {}), ...(atCursor ? { dir: cursor.dir } : {}) },
    class: [isStar && !committed && !stagedTile ? 'star' : '', last.has(`${row},${col}`) ? 'last' : '', atCursor ? 'cursor' : ''].join(' ').trim() || undefined,
    tabindex: roving ? (atCursor ? '0' : '-1') : undefined,
    onclick: () => onSquare(row, col),
    onpointerdown: stagedTile && onStagedPress ? (e) => onStagedPress(row, col, e) : undefined,
  });
  if (committed) square.append(tileEl(committed, view.letter_values));
  else if (stagedTile) square.append(tileEl(stagedTile, view.letter_values, 'staged'));
  else if (premium) square.append(h('span.premium', {}, premium));
  return square;
}
