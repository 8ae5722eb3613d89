// Small match views for the UI's pure modules: part of the backend's `match_view` answer
// (only the fields those modules read), typed against the generated contract
// (ui/js/contract.d.ts), so `tsc` (scripts/test.sh) fails here when a field is renamed: a
// board of rows of {letter, blank} or null, the rule set's size and star, the rack of the
// player to move and the last move's squares and line (`direction`, which the backend gives).

/**
 * Any part of `T`, down to its nested objects and the items of its arrays.
 * @template T
 * @typedef {T extends (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T} DeepPartial
 */

/**
 * An empty `size`×`size` board with the star in the middle.
 * @param {{ size?: number, rack?: string, tiles?: Record<string, string>, lastMove?: string[] | null,
 *   direction?: import('../../ui/js/contract').Direction }} [shape]
 * @returns {DeepPartial<import('../../ui/js/contract').MatchView>}
 */
export function view({ size = 9, rack = 'CATERES', tiles = {}, lastMove = null, direction = 'across' } = {}) {
  const board = Array.from({ length: size }, () => Array(size).fill(null));
  for (const [name, letter] of Object.entries(tiles)) {
    const { row, col } = at(name);
    board[row][col] = { letter, blank: false };
  }
  const mid = Math.floor(size / 2);
  return {
    id: 1, to_move: 0, board,
    rules: { board_size: size, star: { row: mid, col: mid } },
    rack: [...rack].map((c) => (c === '?' ? { letter: '?', blank: true } : { letter: c, blank: false })),
    last_move: lastMove ? { squares: lastMove.map(at), direction } : null,
  };
}

/** "E5" → {row: 4, col: 4}, as the board names squares. @param {string} name */
export function at(name) {
  return { row: Number(name.slice(1)) - 1, col: name.charCodeAt(0) - 65 };
}
