// The current player's rack: tap to select a tile, drag it to the board or to another place on
// the rack. The order is the player's display choice (kept by rackorder.js); which tiles are on
// the rack is the backend's answer. Staged tiles keep their (hidden) place.
import { h } from './dom.js';
import { tileEl } from './board.js';

/**
 * @param rack      [{letter, blank}] from the view (only ever the revealed player's own)
 * @param order     indexes into rack, in display order
 * @param used      Set of rack indexes staged on the board
 * @param selected  the selected rack index or null
 * @param handlers  { onSelect(index), onDragStart(index, pointerEvent) }
 */
export function renderRack(rack, order, used, selected, values, handlers) {
  const el = h('div.rack', { role: 'listbox', 'aria-label': 'Your rack', 'data-testid': 'rack' });
  for (const index of order) {
    const tile = rack[index];
    const button = h('button.tile', {
      type: 'button', role: 'option',
      'aria-selected': String(selected === index),
      'aria-label': tile.blank ? 'blank tile' : `tile ${tile.letter}`,
      dataset: { index: String(index), letter: tile.blank ? '?' : tile.letter },
      class: [used.has(index) ? 'used' : '', selected === index ? 'selected' : ''].join(' ').trim() || undefined,
      onclick: () => handlers.onSelect(index),
      onpointerdown: (e) => handlers.onDragStart(index, e),
    });
    const face = tileEl(tile.blank ? { letter: '?', blank: true } : tile, values);
    button.append(...face.childNodes);
    el.append(button);
  }
  return el;
}

/** A new random display order (Fisher–Yates). */
export function shuffled(order) {
  const next = [...order];
  for (let i = next.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [next[i], next[j]] = [next[j], next[i]];
  }
  return next;
}
