// Draws the board from a view: committed tiles, premium labels, the star, the last move and
// the tiles staged this turn, and the keyboard cursor. It reports taps and presses on staged
// tiles (to drag them); it never decides whether a move is legal.
import { h, squareName } from './dom.js';

/** @typedef {import('./contract').MatchView} MatchView */
/** @typedef {import('./contract').Pos} Pos */
/** @typedef {import('./cursor.js').Cursor} Cursor */
/** A tile's face: `letter` A–Z (`?` for an unplayed blank). @typedef {{ letter: string, blank: boolean }} Face */
/** A tile on a square, staged or shown: @typedef {{ row: number, col: number, letter: string, blank: boolean }} PlacedTile */
/** A board's options (renderBoard).
 * @typedef {object} BoardOptions
 * @property {Cursor | null} [cursor]  the keyboard cursor, drawn on its square
 * @property {((row: number, col: number, e: PointerEvent) => void) | null} [onStagedPress]  a press on a staged tile
 * @property {boolean} [roving]  one tab stop for the whole grid, on the cursor square
 * @property {readonly Pos[]} [highlight]  squares outlined (a scoresheet turn tapped)
 * @property {readonly Pos[]} [arriving]  squares of a computer's move not drawn yet
 */

/** @type {Record<string, string>} */
const PREMIUM_NAMES = { '2L': 'double letter', '3L': 'triple letter', '2W': 'double word', '3W': 'triple word' };

/**
 * What a screen reader says for a square: its name, then the tile on it ("F5, S, blank"), or
 * its premium ("E1, triple letter"); the star, a staged tile and the keyboard cursor too.
 * @param {{ name: string, tile?: Face | null, staged?: boolean, premium?: string | null, star?: boolean, cursor?: Cursor | null }} square
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
 *  whose name would leave out the visible text that speech control says (WCAG 2.5.3).
 * @param {string} text */
export function spoken(text) {
  return h('span.visually-hidden', {}, text);
}

/** An ARIA grid of `size` rows (role=row wrappers that take no room: app.css), filled by
 *  `cell(row, col)`.
 * @template {Element} B
 * @param {B} board @param {number} size @param {(row: number, col: number) => Element} cell
 * @returns {B} */
export function gridRows(board, size, cell) {
  for (let row = 0; row < size; row++) {
    const line = h('div.board-row', { role: 'row' });
    for (let col = 0; col < size; col++) line.append(cell(row, col));
    board.append(line);
  }
  return board;
}

/** A tile element: letter, value and blank styling. `hidden`: the element it sits in names it
 *  for screen readers (a square's label), so its letters are not read again.
 * @param {Face} tile
 * @param {Record<string, number> | null} [values]  the letters' values
 * @param {string} [extraClass]
 * @param {boolean} [hidden] */
export function tileEl(tile, values, extraClass = '', hidden = false) {
  const value = tile.blank ? 0 : (values?.[tile.letter] ?? '');
  return h(`span.tile${extraClass ? `.${extraClass}` : ''}${tile.blank ? '.blank-letter' : ''}`, hidden ? { 'aria-hidden': 'true' } : {},
    tile.letter === '?' ? '' : tile.letter,
    h('span.value', {}, tile.letter === '?' ? '' : value));
}

/**
 * @param {MatchView} view  the match view from the backend
 * @param {readonly PlacedTile[]} staged  placed this turn, not yet played
 * @param {(row: number, col: number) => void} onSquare  for taps on a square (empty or staged)
 * @param {BoardOptions} [options]  roving: the arrow keys move the one tab stop (keyboard.js),
 *                  so Tab goes on to the rack and the controls
 */
export function renderBoard(view, staged, onSquare, options = {}) {
  const size = view.rules.board_size;
  const board = h(`div.board.size-${size}`, {
    role: 'grid', 'aria-label': `Board, ${size} by ${size}`, 'data-testid': 'board',
    // Rows sized like columns, and neither grows with its content: every square is equal.
    style: `grid-template-columns: repeat(${size}, minmax(0, 1fr)); grid-template-rows: repeat(${size}, minmax(0, 1fr))`,
  });
  const ctx = squareContext(view, staged, onSquare, options);
  return gridRows(board, size, (row, col) => renderSquare(ctx, row, col));
}

/**
 * Redraws on `board` (drawn by renderBoard for the same view) only the squares whose staged
 * tile or cursor differ between `before` and `after` ({staged, cursor}); the arguments are
 * renderBoard's for the new draft. A tile dropped then replaces one or two squares instead of
 * the whole board (the whole match screen took most of the drop-to-preview time: see
 * tests/e2e/latency.test.js).
 * @param {Element} board
 * @param {MatchView} view
 * @param {{ staged: readonly PlacedTile[], cursor: Cursor | null }} before
 * @param {{ staged: readonly PlacedTile[], cursor: Cursor | null }} after
 * @param {(row: number, col: number) => void} onSquare
 * @param {BoardOptions} [options]
 */
export function patchBoard(board, view, before, after, onSquare, options = {}) {
  /** @param {Pos} t */
  const key = (t) => `${t.row},${t.col}`;
  /** @param {PlacedTile} t */
  const face = (t) => (t ? `${t.letter}${t.blank ? '?' : ''}` : '');
  const was = new Map(before.staged.map((t) => [key(t), face(t)]));
  const now = new Map(after.staged.map((t) => [key(t), face(t)]));
  /** @type {Set<string>} */
  const changed = new Set();
  for (const k of new Set([...was.keys(), ...now.keys()])) if (was.get(k) !== now.get(k)) changed.add(k);
  /** @param {Cursor | null} c */
  const cursorKey = (c) => (c ? `${c.row},${c.col}` : null);
  const sameCursor = cursorKey(before.cursor) === cursorKey(after.cursor) && before.cursor?.dir === after.cursor?.dir;
  if (!sameCursor) for (const c of [before.cursor, after.cursor]) if (c) changed.add(key(c));
  const ctx = squareContext(view, after.staged, onSquare, { ...options, cursor: after.cursor });
  for (const k of changed) {
    const [row, col] = k.split(',').map(Number);
    board.querySelector(`.square[data-row="${row}"][data-col="${col}"]`)?.replaceWith(renderSquare(ctx, row, col));
  }
}

/**
 * What every square of one board is drawn from.
 * @param {MatchView} view @param {readonly PlacedTile[]} staged @param {(row: number, col: number) => void} onSquare
 * @param {BoardOptions} [options]
 */
function squareContext(view, staged, onSquare, { cursor = null, onStagedPress = null, roving = false, highlight = [], arriving = [] } = {}) {
  return {
    view, onSquare, cursor, onStagedPress, roving,
    // A scoresheet turn tapped (its squares outlined) and a computer move still arriving (its
    // tiles not drawn yet): squares from the backend's turn records.
    lit: new Set(highlight.map((s) => `${s.row},${s.col}`)),
    pending: new Set(arriving.map((s) => `${s.row},${s.col}`)),
    last: new Set((view.last_move?.squares ?? []).map((s) => `${s.row},${s.col}`)),
    stagedAt: new Map(staged.map((t) => [`${t.row},${t.col}`, t])),
  };
}

/** @param {ReturnType<typeof squareContext>} ctx @param {number} row @param {number} col */
function renderSquare({ view, onSquare, cursor, onStagedPress, roving, last, stagedAt, lit, pending }, row, col) {
  const premium = view.premiums[row][col];
  const isStar = view.rules.star.row === row && view.rules.star.col === col;
  const committed = view.board[row][col];
  const stagedTile = stagedAt.get(`${row},${col}`);
  const name = squareName({ row, col });
  const atCursor = cursor?.row === row && cursor?.col === col;
  // Without a cursor (the cover, a computer's turn) the star or the first square is the stop.
  const stop = cursor ?? view.rules.star ?? { row: 0, col: 0 };
  const label = squareLabel({ name, tile: committed ?? stagedTile ?? null, staged: !committed && Boolean(stagedTile), premium, star: isStar, cursor: atCursor ? cursor : null });
  const square = h('button.square', {
    type: 'button', role: 'gridcell',
    dataset: { row: String(row), col: String(col), square: name, ...(premium ? { premium } : {}), ...(atCursor && cursor ? { dir: cursor.dir } : {}) },
    class: [isStar && !committed && !stagedTile ? 'star' : '', last.has(`${row},${col}`) ? 'last' : '', atCursor ? 'cursor' : '',
      lit.has(`${row},${col}`) ? 'highlight' : '', pending.has(`${row},${col}`) ? 'arriving' : ''].join(' ').trim() || undefined,
    tabindex: roving ? (stop.row === row && stop.col === col ? '0' : '-1') : undefined,
    onclick: () => onSquare(row, col),
    onpointerdown: stagedTile && onStagedPress ? (/** @type {PointerEvent} */ e) => onStagedPress(row, col, e) : undefined,
  });
  square.append(spoken(label));
  if (committed) square.append(tileEl(committed, view.letter_values, '', true));
  else if (stagedTile) square.append(tileEl(stagedTile, view.letter_values, 'staged', true));
  else if (premium) square.append(h('span.premium', { 'aria-hidden': 'true' }, premium));
  return square;
}
