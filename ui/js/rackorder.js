// The order a player arranged their rack in, kept from turn to turn. Which tiles are on a rack
// is the backend's answer; the order they are shown in is the player's own. Between turns only
// numbers are kept (places in the backend's rack), never letters: a rack behind the cover is
// not held in the page.
//
// The backend's rack after a turn is the old rack less the tiles used (for each tile, the first
// one of that letter, in rack order) with the drawn tiles appended; the arrangement below maps
// onto that.

/** @typedef {import('./contract').TileView} TileView */

/** @type {Map<string, number[]>} */
const saved = new Map(); // `${matchId}:${seat}` → [places in the backend's rack, display order]

/** @param {number} matchId @param {number | null} seat */
const key = (matchId, seat) => `${matchId}:${seat}`;
/** @param {TileView} tile */
const face = (tile) => (tile.blank ? '?' : tile.letter);

/** The display order for a rack of `length` tiles: the kept arrangement, then any new tiles
 *  in the order they were drawn. Without an arrangement, the backend's order.
 * @param {number} matchId @param {number | null} seat @param {number} length
 * @returns {number[]} */
export function orderFor(matchId, seat, length) {
  const order = saved.get(key(matchId, seat));
  const valid = order && order.length <= length && new Set(order).size === order.length
    && order.every((i) => Number.isInteger(i) && i >= 0 && i < order.length);
  const kept = valid ? [...order] : [];
  for (let i = kept.length; i < length; i++) kept.push(i);
  return kept;
}

/** Keeps `order` (a permutation of the whole rack) as this seat's arrangement.
 * @param {number} matchId @param {number | null} seat @param {readonly number[]} order */
export function rememberOrder(matchId, seat, order) {
  saved.set(key(matchId, seat), [...order]);
}

/** Forgets a seat's arrangement (its rack is replaced as a whole).
 * @param {number} matchId @param {number | null} seat */
export function forgetOrder(matchId, seat) {
  saved.delete(key(matchId, seat));
}

/**
 * The arrangement of the tiles left once the rack indexes in `gone` leave the rack (played or
 * exchanged), renumbered to their places in the backend's rack after the turn. Tiles of the
 * same letter are interchangeable on screen, so each remaining display slot takes the next
 * remaining tile of its letter.
 * @param {readonly TileView[]} rack @param {readonly number[]} order @param {readonly number[]} gone
 * @returns {number[] | null}
 */
export function orderAfter(rack, order, gone) {
  /** @type {Set<number>} */
  const removed = new Set();
  for (const i of gone) {
    const first = rack.findIndex((t, j) => !removed.has(j) && face(t) === face(rack[i]));
    removed.add(first);
  }
  const survivors = rack.map((t, i) => ({ face: face(t), i })).filter(({ i }) => !removed.has(i));
  /** @type {Set<number>} */
  const taken = new Set();
  /** @type {number[]} */
  const kept = [];
  for (const i of order) {
    if (gone.includes(i)) continue;
    const place = survivors.findIndex((s, rank) => !taken.has(rank) && s.face === face(rack[i]));
    if (place < 0) return null; // cannot happen while `gone` is a subset of the rack
    taken.add(place);
    kept.push(place);
  }
  return kept;
}

/** `order` with the tile at display position `from` moved to stand before display position
 *  `before` (order.length = at the end).
 * @param {readonly number[]} order @param {number} from @param {number} before */
export function reordered(order, from, before) {
  const next = [...order];
  const [index] = next.splice(from, 1);
  next.splice(before > from ? before - 1 : before, 0, index);
  return next;
}
