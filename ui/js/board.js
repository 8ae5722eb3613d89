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
export function renderBoard(view, staged, onSquare, { cursor = null, onStagedPress = null, roving = false, highlight = [], arriving = [] } = {}) {
  // A scoresheet turn tapped (its squares outlined) and a computer move still arriving (its
  // tiles not drawn yet): squares from the backend's turn records.
  const lit = new Set(highlight.map((s) => `${s.row},${s.col}`));
  const pending = new Set(arriving.map((s) => `${s.row},${s.col}`));
  const size = view.rules.board_size;
  const last = new Set((view.last_move?.squares ?? []).map((s) => `${s.row},${s.col}`));
  const stagedAt = new Map(staged.map((t) => [`${t.row},${t.col}`, t]));
  const board = h(`div.board.size-${size}`, {
    role: 'grid', 'aria-label': `Board, ${size} by ${size}`, 'data-testid': 'board',
    // Rows sized like columns, and neither grows with its content: every square is equal.
    style: `grid-template-columns: repeat(${size}, minmax(0, 1fr)); grid-template-rows: repeat(${size}, minmax(0, 1fr))`,
  });
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
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
        class: [isStar && !committed && !stagedTile ? 'star' : '', last.has(`${row},${col}`) ? 'last' : '', atCursor ? 'cursor' : '',
          lit.has(`${row},${col}`) ? 'highlight' : '', pending.has(`${row},${col}`) ? 'arriving' : ''].join(' ').trim() || undefined,
        tabindex: roving ? (atCursor ? '0' : '-1') : undefined,
        onclick: () => onSquare(row, col),
        onpointerdown: stagedTile && onStagedPress ? (e) => onStagedPress(row, col, e) : undefined,
      });
      if (committed) square.append(tileEl(committed, view.letter_values));
      else if (stagedTile) square.append(tileEl(stagedTile, view.letter_values, 'staged'));
      else if (premium) square.append(h('span.premium', {}, premium));
      board.append(square);
    }
  }
  return board;
}
