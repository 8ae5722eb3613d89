// A read-only board drawn from the backend's rows: the match detail's turn-by-turn replay,
// an analysis ghost over it, and the rule sets' worked examples.
import { h, squareName } from './dom.js';
import { squareLabel, gridRows, spoken } from './board.js';

/** Board rows from the backend (`.` empty, lower case a blank) as tiles.
 * @param {readonly string[]} rows @param {number} row @param {number} col */
function tileAt(rows, row, col) {
  const ch = rows[row]?.[col];
  if (!ch || ch === '.') return null;
  const upper = ch.toUpperCase();
  return { letter: upper, blank: ch !== upper };
}

/** A read-only board: premium squares, the star, tiles and the squares a turn covered;
 *  `ghost` tiles (an alternative from the analysis) are drawn dashed on empty squares. */
/**
 * @param {{ size: number, star: {row: number, col: number}, premiums: readonly (readonly (string | null)[])[] | null, values?: Record<string, number>,
 *   rows: string[] | null, placed?: {row: number, col: number}[], ghost?: {row: number, col: number, letter: string, blank: boolean}[] }} board
 */
export function replayBoard({ size, star, premiums, values = {}, rows, placed = [], ghost = [] }) {
  const covered = new Set(placed.map((p) => `${p.row},${p.col}`));
  const ghosts = new Map(ghost.map((g) => [`${g.row},${g.col}`, g]));
  const board = h(`div.board.replay-board.size-${size}`, {
    role: 'grid', 'aria-readonly': 'true', 'aria-label': `Board, ${size} by ${size}`, 'data-testid': 'replay-board',
    style: `grid-template-columns: repeat(${size}, minmax(0, 1fr)); grid-template-rows: repeat(${size}, minmax(0, 1fr))`,
  });
  return gridRows(board, size, (row, col) => {
    const premium = premiums?.[row]?.[col] ?? null;
    const isStar = star?.row === row && star?.col === col;
    const tile = rows ? tileAt(rows, row, col) : null;
    const g = tile ? null : ghosts.get(`${row},${col}`);
    const name = squareName({ row, col });
    const square = h('div.square', {
      role: 'gridcell',
      dataset: { row: String(row), col: String(col), square: name, ...(premium ? { premium } : {}) },
      // A tile on the star keeps a small star in its corner: the rules' diagram of "the first
      // move covers the star" showed no star at all.
      class: [isStar ? (tile ? 'star-covered' : 'star') : '', covered.has(`${row},${col}`) ? 'last' : ''].join(' ').trim() || undefined,
    });
    square.append(spoken(g
      ? `${name}, ghost ${g.letter}${g.blank ? ', blank' : ''}`
      : squareLabel({ name, tile, premium, star: isStar })));
    if (tile) {
      square.append(h(`span.tile${tile.blank ? '.blank-letter' : ''}`, { 'data-letter': tile.letter, 'aria-hidden': 'true' },
        tile.letter, h('span.value', {}, tile.blank ? 0 : (values?.[tile.letter] ?? ''))));
    } else if (g) {
      square.append(h(`span.tile.ghost${g.blank ? '.blank-letter' : ''}`, { 'data-letter': g.letter, 'data-testid': 'ghost-tile', 'aria-hidden': 'true' },
        g.letter, h('span.value', {}, g.blank ? 0 : (values?.[g.letter] ?? ''))));
    } else if (premium) square.append(h('span.premium', { 'aria-hidden': 'true' }, premium));
    return square;
  });
}
