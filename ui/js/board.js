// Draws the board from a view: committed tiles, premium labels, the star, the last move and
// the tiles staged this turn, and the keyboard cursor. It reports taps and presses on staged
// tiles (to drag them); it never decides whether a move is legal.
import { h, squareName } from './dom.js';

const PREMIUM_NAMES = { '2L': 'double letter', '3L': 'triple letter', '2W': 'double word', '3W': 'triple word' };

/**
 * What a screen reader says for a square: its name, then the tile on it ("F5, S, blank"), or
 * its premium ("E1, triple letter"); the star, a staged tile and the keyboard cursor too.
 */
export function squareLabel({ name, tile = null, staged = false, premium = null, star = false, cursor = null }) {
  const parts = [name];
  if (tile) parts.push(tile.letter, ...(tile.blank ? ['blank'] : []), ...(staged ? ['staged'] : []));
  else if (premium) parts.push(PREMIUM_NAMES[premium]);
  if (star && !tile) parts.push('star');
  if (cursor) parts.push('cursor', cursor.dir);
  return parts.join(', ');
}

/** The name a screen reader gives a square or tile: hidden text inside it, with what it shows
 *  (letter and value, a premium's "3W") hidden from screen readers instead. Not an aria-label,
 *  whose name would leave out the visible text that speech control says (WCAG 2.5.3). */
export function spoken(text) {
  return h('span.visually-hidden', {}, text);
}

/** An ARIA grid of `size` rows (role=row wrappers that take no room: app.css), filled by
 *  `cell(row, col)`. */
export function gridRows(board, size, cell) {
  for (let row = 0; row < size; row++) {
    const line = h('div.board-row', { role: 'row' });
    for (let col = 0; col < size; col++) line.append(cell(row, col));
    board.append(line);
  }
  return board;
}

/** A tile element: letter, value and blank styling. `hidden`: the element it sits in names it
 *  for screen readers (a square's label), so its letters are not read again. */
export function tileEl(tile, values, extraClass = '', hidden = false) {
  const value = tile.blank ? 0 : (values?.[tile.letter] ?? '');
  return h(`span.tile${extraClass ? `.${extraClass}` : ''}${tile.blank ? '.blank-letter' : ''}`, hidden ? { 'aria-hidden': 'true' } : {},
    tile.letter === '?' ? '' : tile.letter,
    h('span.value', {}, tile.letter === '?' ? '' : value));
}

/**
 * @param view     the match view from the backend
 * @param staged   [{row, col, letter, blank}] placed this turn, not yet played
 * @param onSquare (row, col) => void, for taps on a square (empty or staged)
 * @param options  { cursor: {row, col, dir} | null, onStagedPress(row, col, pointerEvent),
 *                  roving: one tab stop for the whole grid, on the cursor square (the arrow
 *                  keys move it, keyboard.js), so Tab goes on to the rack and the controls }
 */
export function renderBoard(view, staged, onSquare, { cursor = null, onStagedPress = null, roving = false } = {}) {
  const size = view.rules.board_size;
  const last = new Set((view.last_move?.squares ?? []).map((s) => `${s.row},${s.col}`));
  const stagedAt = new Map(staged.map((t) => [`${t.row},${t.col}`, t]));
  const board = h(`div.board.size-${size}`, {
    role: 'grid', 'aria-label': `Board, ${size} by ${size}`, 'data-testid': 'board',
    // Rows sized like columns, and neither grows with its content: every square is equal.
    style: `grid-template-columns: repeat(${size}, minmax(0, 1fr)); grid-template-rows: repeat(${size}, minmax(0, 1fr))`,
  });
  // Without a cursor (the cover, a computer's turn) the star or the first square is the stop.
  const stop = cursor ?? view.rules.star ?? { row: 0, col: 0 };
  return gridRows(board, size, (row, col) => {
    const premium = view.premiums[row][col];
    const isStar = view.rules.star.row === row && view.rules.star.col === col;
    const committed = view.board[row][col];
    const stagedTile = stagedAt.get(`${row},${col}`);
    const name = squareName({ row, col });
    const atCursor = cursor?.row === row && cursor?.col === col;
    const label = squareLabel({ name, tile: committed ?? stagedTile ?? null, staged: !committed && Boolean(stagedTile), premium, star: isStar, cursor: atCursor ? cursor : null });
    const square = h('button.square', {
      type: 'button', role: 'gridcell',
      dataset: { row: String(row), col: String(col), square: name, ...(premium ? { premium } : {}), ...(atCursor ? { dir: cursor.dir } : {}) },
      class: [isStar && !committed && !stagedTile ? 'star' : '', last.has(`${row},${col}`) ? 'last' : '', atCursor ? 'cursor' : ''].join(' ').trim() || undefined,
      tabindex: roving ? (stop.row === row && stop.col === col ? '0' : '-1') : undefined,
      onclick: () => onSquare(row, col),
      onpointerdown: stagedTile && onStagedPress ? (e) => onStagedPress(row, col, e) : undefined,
    });
    square.append(spoken(label));
    if (committed) square.append(tileEl(committed, view.letter_values, '', true));
    else if (stagedTile) square.append(tileEl(stagedTile, view.letter_values, 'staged', true));
    else if (premium) square.append(h('span.premium', { 'aria-hidden': 'true' }, premium));
    return square;
  });
}
