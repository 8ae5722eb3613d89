// The keyboard cursor on the board: a square and a direction (across or down). Only geometry
// lives here (the star it starts on, where it moves, which squares already hold a tile); whether
// a placement is legal is always the backend's answer.

/** @typedef {import('./contract').MatchView} MatchView */
/** @typedef {import('./contract').Direction} Direction */
/** A square, 0-based. @typedef {{ row: number, col: number }} Square */
/** The keyboard cursor: a square and the direction typed letters go. @typedef {{ row: number, col: number, dir: Direction }} Cursor */

/** @type {Direction} */
export const ACROSS = 'across';
/** @type {Direction} */
export const DOWN = 'down';

/** @type {Record<Direction, [number, number]>} */
const STEP = { across: [0, 1], down: [1, 0] };

/** True when the square holds a committed or a staged tile.
 * @param {MatchView} view
 * @param {readonly Square[]} staged
 * @param {number} row
 * @param {number} col */
export function occupied(view, staged, row, col) {
  return Boolean(view.board[row][col]) || staged.some((t) => t.row === row && t.col === col);
}

/** @param {number} size @param {number} row @param {number} col */
const inside = (size, row, col) => row >= 0 && col >= 0 && row < size && col < size;

/** Where every player's turn starts: the star, across (the issue-13 table: a new player sits
 *  down to a known place, not to where the last one left the cursor).
 * @param {MatchView} view
 * @returns {Cursor} */
export function starCursor(view) {
  return { row: view.rules.star.row, col: view.rules.star.col, dir: ACROSS };
}

/** The cursor moved one square by an arrow key, stopping at the board's edge.
 * @param {Cursor} cursor @param {number} dRow @param {number} dCol @param {number} size
 * @returns {Cursor} */
export function moved(cursor, dRow, dCol, size) {
  const row = Math.min(size - 1, Math.max(0, cursor.row + dRow));
  const col = Math.min(size - 1, Math.max(0, cursor.col + dCol));
  return { ...cursor, row, col };
}

/**
 * The first empty square from (row, col) onwards in `dir` (the square itself included when
 * `includeStart`), or null when the line runs off the board first.
 * @param {MatchView} view
 * @param {readonly Square[]} staged
 * @param {Square} from
 * @param {Direction} dir
 * @param {boolean} includeStart
 * @returns {Square | null}
 */
export function nextEmpty(view, staged, { row, col }, dir, includeStart) {
  const size = view.rules.board_size;
  const [dr, dc] = STEP[dir];
  let r = includeStart ? row : row + dr;
  let c = includeStart ? col : col + dc;
  while (inside(size, r, c)) {
    if (!occupied(view, staged, r, c)) return { row: r, col: c };
    r += dr;
    c += dc;
  }
  return null;
}

/** @param {Direction} dir @returns {Direction} */
export const toggled = (dir) => (dir === ACROSS ? DOWN : ACROSS);
