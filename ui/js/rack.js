// The current player's rack: tap to select a tile, drag it to the board or to another place on
// the rack. The order is the player's display choice (kept by rackorder.js); which tiles are on
// the rack is the backend's answer. Staged tiles keep their (hidden) place.
import { h } from './dom.js';
import { tileEl, spoken } from './board.js';

/**
 * @param {readonly import('./contract').TileView[]} rack  from the view (only ever the revealed player's own)
 * @param {readonly number[]} order  indexes into rack, in display order
 * @param {Set<number>} used  rack indexes staged on the board
 * @param {number | null} selected  the selected rack index or null
 * @param {Record<string, number>} values  the letters' values
 * @param {{ onSelect: (index: number) => void, onDragStart: (index: number, e: PointerEvent) => void }} handlers
 * @param {number | null} [active]  the rack index that holds the rack's one tab stop (the last one focused),
 *                  when it is still on the rack; else the chosen tile, else the first free one
 *
 * The rack is one tab stop: the arrow keys (and Home, End) move between its free tiles.
 */
export function renderRack(rack, order, used, selected, values, handlers, active = null) {
  const free = order.filter((i) => !used.has(i));
  const stop = [active, selected].find((i) => i !== null && free.includes(i)) ?? free[0];
  const el = h('div.rack', {
    role: 'listbox', 'aria-label': 'Your rack', 'aria-orientation': 'horizontal', 'data-testid': 'rack',
    onkeydown: (/** @type {KeyboardEvent} */ e) => moveAlong(e, el),
  });
  for (const index of order) {
    const tile = rack[index];
    const button = h('button.tile', {
      type: 'button', role: 'option',
      'aria-selected': String(selected === index),
      tabindex: index === stop ? '0' : '-1',
      dataset: { index: String(index), letter: tile.blank ? '?' : tile.letter },
      class: [used.has(index) ? 'used' : '', selected === index ? 'selected' : ''].join(' ').trim() || undefined,
      onclick: () => handlers.onSelect(index),
      onpointerdown: (/** @type {PointerEvent} */ e) => handlers.onDragStart(index, e),
    });
    const face = h('span.face', { 'aria-hidden': 'true' }, ...tileEl(tile.blank ? { letter: '?', blank: true } : tile, values).childNodes);
    button.append(spoken(tile.blank ? 'blank tile' : `tile ${tile.letter}`), face);
    el.append(button);
  }
  return el;
}

/** @type {Record<string, number | undefined>} */
const STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** Arrow keys, Home and End on a rack tile: the focus (and the tab stop) to another free tile.
 *  Handled here, so the board's cursor keys (keyboard.js) leave them alone.
 * @param {KeyboardEvent} e @param {Element} rack */
function moveAlong(e, rack) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const tiles = /** @type {HTMLElement[]} */ ([...rack.querySelectorAll(':scope > .tile:not(.used)')]);
  const at = tiles.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  if (at < 0) return;
  const step = STEPS[e.key];
  let to;
  if (step) to = Math.min(tiles.length - 1, Math.max(0, at + step));
  else if (e.key === 'Home') to = 0;
  else if (e.key === 'End') to = tiles.length - 1;
  else return;
  e.preventDefault();
  tiles.forEach((t, i) => t.setAttribute('tabindex', i === to ? '0' : '-1'));
  tiles[to].focus();
}

/** A new random display order (Fisher–Yates). @param {readonly number[]} order */
export function shuffled(order) {
  const next = [...order];
  for (let i = next.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [next[i], next[j]] = [next[j], next[i]];
  }
  return next;
}
