// The keyboard cursor on the board: a square and a direction (across or down). Only geometry
// lives here (where the cursor starts, where it moves, which squares already hold a tile); whether
// a placement is legal is always the backend's answer.

export const ACROSS = 'across';
export const DOWN = 'down';

const STEP = { [ACROSS]: [0, 1], [DOWN]: [1, 0] };

/** True when the square holds a committed or a staged tile. */
export function occupied(view, staged, row, col) {
  return Boolean(view.board[row][col]) || staged.some((t) => t.row === row && t.col === col);
}

const inside = (size, row, col) => row >= 0 && col >= 0 && row < size && col < size;

/** Where every player's turn starts: the star, across (the issue-13 table: a new player sits
 *  down to a known place, not to where the last one left the cursor). */
export function starCursor(view) {
  return { row: view.rules.star.row, col: view.rules.star.col, dir: ACROSS };
}

/**
 * A cursor placed after the last move. An empty board: the star, across. Otherwise the square just
 * past the end of the last move along its own line (so the move can be extended), in its
 * direction; failing that, the first empty square (reading order) beside the last move, then
 * beside any tile on the board; the star as a last resort.
 */
export function startCursor(view) {
  const size = view.rules.board_size;
  const star = { row: view.rules.star.row, col: view.rules.star.col, dir: ACROSS };
  const empty = (r, c) => inside(size, r, c) && !view.board[r][c];
  if (view.board.every((row) => row.every((sq) => !sq))) return star;

  // The backend gives the last play's squares along its line and the line's direction (a
  // one-tile play's included): nothing about the move is worked out again here.
  const squares = view.last_move?.squares ?? [];
  if (squares.length) {
    const last = squares[squares.length - 1];
    const dir = view.last_move.direction === DOWN ? DOWN : ACROSS;
    const [dr, dc] = STEP[dir];
    let r = last.row + dr;
    let c = last.col + dc;
    while (inside(size, r, c) && view.board[r][c]) { r += dr; c += dc; }
    if (empty(r, c)) return { row: r, col: c, dir };
    const beside = firstEmptyBeside(size, squares, empty);
    if (beside) return { ...beside, dir };
  }
  const tiles = [];
  view.board.forEach((row, r) => row.forEach((sq, c) => { if (sq) tiles.push({ row: r, col: c }); }));
  return { ...(firstEmptyBeside(size, tiles, empty) ?? star), dir: ACROSS };
}

function firstEmptyBeside(size, squares, empty) {
  let best = null;
  for (const { row, col } of squares) {
    for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
      const r = row + dr;
      const c = col + dc;
      if (!empty(r, c)) continue;
      if (!best || r < best.row || (r === best.row && c < best.col)) best = { row: r, col: c };
    }
  }
  return best;
}

/** The cursor moved one square by an arrow key, stopping at the board's edge. */
export function moved(cursor, dRow, dCol, size) {
  const row = Math.min(size - 1, Math.max(0, cursor.row + dRow));
  const col = Math.min(size - 1, Math.max(0, cursor.col + dCol));
  return { ...cursor, row, col };
}

/**
 * The first empty square from (row, col) onwards in `dir` (the square itself included when
 * `includeStart`), or null when the line runs off the board first.
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

export const toggled = (dir) => (dir === ACROSS ? DOWN : ACROSS);
