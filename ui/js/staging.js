// The draft of a turn: the tiles staged on the board but not yet played, the rack tile chosen
// for the next tap, and the keyboard cursor. Pure functions of plain data (no DOM, no
// backend): each takes a draft and answers a new one, or null when the step cannot be taken
// (the square is taken, the tile is already down). Whether the draft is a legal move is never
// decided here: the backend's preview says so.
//
// A draft: { staged: [{row, col, letter, blank, index}] in the order they were put down
//            (index: the tile's place in the backend's rack), selected: a rack index or null,
//            cursor: {row, col, dir} }.
import { starCursor, nextEmpty, occupied } from './cursor.js';

/** @typedef {import('./contract').MatchView} MatchView */
/** @typedef {import('./contract').HintTile} HintTile */
/** @typedef {import('./contract').TileArg} TileArg */
/** @typedef {import('./cursor.js').Cursor} Cursor */
/** @typedef {import('./cursor.js').Square} Square */
/** A tile staged on the board: `index` is its place in the backend's rack.
 * @typedef {{ row: number, col: number, letter: string, blank: boolean, index: number }} StagedTile */
/** @typedef {{ staged: StagedTile[], selected: number | null, cursor: Cursor }} Draft */

/** The draft a turn starts with: nothing staged, nothing chosen, the cursor on the star
 *  (every player's turn, whatever is on the board).
 * @param {MatchView} view
 * @returns {Draft}
 */
export function newDraft(view) {
  return { staged: [], selected: null, cursor: starCursor(view) };
}

/** The place in `staged` of the tile on (row, col), or -1.
 * @param {readonly StagedTile[]} staged @param {number} row @param {number} col */
export function stagedAt(staged, row, col) {
  return staged.findIndex((t) => t.row === row && t.col === col);
}

/** The rack indexes staged on the board. @param {readonly StagedTile[]} staged */
export function usedIndexes(staged) {
  return new Set(staged.map((t) => t.index));
}

/**
 * True when rack tile `index` exists, is still on the rack and (row, col) is empty.
 * @param {Draft} draft @param {MatchView} view @param {number} index @param {number} row @param {number} col
 */
export function canPlace(draft, view, index, row, col) {
  return Boolean(view.rack?.[index]) && !usedIndexes(draft.staged).has(index)
    && !occupied(view, draft.staged, row, col);
}

/**
 * True when placing rack tile `index` needs a letter chosen first (it is a blank).
 * @param {MatchView} view @param {number} index
 */
export function needsLetter(view, index) {
  return Boolean(view.rack?.[index]?.blank);
}

/**
 * Rack tile `index` staged on (row, col), standing for `letter` (the tile's own letter when
 * null; a blank needs one). The choice is cleared and the cursor moves on past the tile, as
 * after a typed letter. Null when the tile or the square is taken, or a blank has no letter.
 * @param {Draft} draft @param {MatchView} view @param {number} index @param {number} row @param {number} col
 * @param {string | null} [letter]
 * @returns {Draft | null}
 */
export function place(draft, view, index, row, col, letter = null) {
  const tile = view.rack?.[index];
  if (!tile || !canPlace(draft, view, index, row, col)) return null;
  const face = tile.blank ? letter : tile.letter;
  if (!face) return null;
  const staged = [...draft.staged, { row, col, letter: face, blank: tile.blank, index }];
  const { dir } = draft.cursor;
  const next = nextEmpty(view, staged, { row, col }, dir, false) ?? { row, col };
  return { ...draft, staged, selected: null, cursor: { ...next, dir } };
}

/** The staged tile on (row, col) back to the rack.
 * @param {Draft} draft @param {number} row @param {number} col @returns {Draft | null} */
export function takeBack(draft, row, col) {
  const at = stagedAt(draft.staged, row, col);
  if (at < 0) return null;
  return { ...draft, staged: draft.staged.filter((_, i) => i !== at) };
}

/** The last tile put down back to the rack (Backspace); the cursor goes onto its square.
 * @param {Draft} draft @returns {Draft | null} */
export function takeBackLast(draft) {
  const last = draft.staged.at(-1);
  if (!last) return null;
  return { ...draft, staged: draft.staged.slice(0, -1), cursor: { row: last.row, col: last.col, dir: draft.cursor.dir } };
}

/** The staged tile on `from` moved to the empty square `to`; it is then the last one put
 *  down (Backspace takes it first).
 * @param {Draft} draft @param {MatchView} view @param {Square} from @param {Square} to
 * @returns {Draft | null}
 */
export function moveStaged(draft, view, from, to) {
  const at = stagedAt(draft.staged, from.row, from.col);
  if (at < 0 || occupied(view, draft.staged, to.row, to.col)) return null;
  const tile = draft.staged[at];
  return { ...draft, staged: [...draft.staged.filter((_, i) => i !== at), { ...tile, row: to.row, col: to.col }] };
}

/** Every staged tile back to the rack (the cursor goes to where the first one was); with
 *  nothing staged, the choice of a rack tile is dropped instead.
 * @param {Draft} draft @returns {Draft | null} */
export function recall(draft) {
  if (!draft.staged.length) return draft.selected === null ? null : { ...draft, selected: null };
  const first = draft.staged[0];
  return { ...draft, staged: [], cursor: { row: first.row, col: first.col, dir: draft.cursor.dir } };
}

/** Rack tile `index` chosen for the next tap on a square; choosing it again lets it go. A
 *  staged tile cannot be chosen.
 * @param {Draft} draft @param {number} index @returns {Draft | null} */
export function select(draft, index) {
  if (usedIndexes(draft.staged).has(index)) return null;
  return { ...draft, selected: draft.selected === index ? null : index };
}

/**
 * A suggested move (the backend's tiles: {row, col, letter, blank}) staged from the rack, each
 * tile taken from the first free rack tile that shows it (a blank for a blank). It replaces
 * whatever was staged. Null when the rack cannot supply every tile.
 * @param {Draft} draft @param {MatchView} view @param {readonly HintTile[]} tiles
 * @returns {Draft | null}
 */
export function stageSuggestion(draft, view, tiles) {
  const free = (view.rack ?? []).map((t, i) => ({ ...t, i }));
  /** @type {StagedTile[]} */
  const staged = [];
  for (const t of tiles) {
    const k = free.findIndex((r) => (t.blank ? r.blank : !r.blank && r.letter === t.letter));
    if (k < 0) return null;
    staged.push({ row: t.row, col: t.col, letter: t.letter, blank: Boolean(t.blank), index: free[k].i });
    free.splice(k, 1);
  }
  return { ...draft, staged, selected: null };
}

/** The rack tile a typed `letter` places: the first free one (in display `order`) showing
 *  the letter, else the first free blank; null when there is neither.
 * @param {Draft} draft @param {MatchView} view @param {readonly number[]} order @param {string} letter
 * @returns {number | null}
 */
export function rackIndexFor(draft, view, order, letter) {
  const used = usedIndexes(draft.staged);
  const rack = view.rack ?? [];
  const free = order.filter((i) => !used.has(i) && rack[i]);
  const exact = free.find((i) => !rack[i].blank && rack[i].letter === letter);
  return exact ?? free.find((i) => rack[i].blank) ?? null;
}

/** The staged tiles as the backend's preview and play commands take them.
 * @param {readonly StagedTile[]} staged @returns {TileArg[]} */
export function tilesOf(staged) {
  return staged.map(({ row, col, letter, blank }) => ({ row, col, letter, blank }));
}
