// In-page dialogs (confirm, tile picker, blank letter): the same in the app window and in a
// browser, and testable.
import { h, fill, announce } from './dom.js';
import { tileEl, spoken } from './board.js';

/** @typedef {import('./contract').TileView} TileView */

/**
 * Shows the page's one dialog built by `build` and resolves with what it answers (`done`),
 * or null when it is closed otherwise (Escape).
 * @template T
 * @param {(done: (value: T | null) => void) => HTMLElement} build
 * @returns {Promise<T | null>}
 */
function open(build) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('dialog'));
  // The focus goes back where it was once the dialog closes (or, when that is gone, out of
  // the closed dialog), so no hidden button of it keeps the focus and takes the next Enter.
  const before = /** @type {HTMLElement} */ (document.activeElement);
  const giveBack = () => {
    if (before?.isConnected && before !== document.body) before.focus({ preventScroll: true });
    else if (dialog.contains(document.activeElement)) /** @type {HTMLElement} */ (document.activeElement).blur();
  };
  return new Promise(/** @param {(value: T | null) => void} resolve */ (resolve) => {
    // Closed, a dialog keeps nothing: the exchange picker's tiles are the player's rack, and
    // the cover comes up next (secrecy: no DOM node holds a rack its viewer may not see).
    /** @param {T | null} value */
    const done = (value) => { dialog.close(); dialog.replaceChildren(); giveBack(); resolve(value); };
    fill(dialog, build(done));
    // The close event comes a moment after the dialog closed: one that arrives while the
    // dialog is open again belongs to the one before (Escape, then a quick reopen) and must
    // neither cancel this one nor move its focus.
    dialog.onclose = () => {
      if (dialog.open) return;
      dialog.replaceChildren();
      giveBack();
      resolve(null);
    };
    dialog.showModal();
    // A confirmation starts on its safe choice (Cancel), so an Enter pressed on the way
    // (key repeat, a hurried second press) cancels rather than resigns; WebKitGTK, like the
    // browsers, would otherwise focus the first button, the dangerous one.
    /** @type {HTMLElement | null} */ (dialog.querySelector('[data-safe]'))?.focus();
  });
}

/** Resolves true when the player confirms.
 * @param {string} title @param {string} text @param {string} confirmLabel
 * @returns {Promise<boolean | null>} */
export function confirmDialog(title, text, confirmLabel) {
  return open(/** @param {(yes: boolean | null) => void} done */ (done) => h('form.stack', { method: 'dialog', onsubmit: (/** @type {Event} */ e) => e.preventDefault() },
    h('h2', {}, title),
    h('p', { 'data-testid': 'confirm-text' }, text),
    h('div.row', {},
      h('button.danger', { type: 'button', 'data-testid': 'confirm-yes', onclick: () => done(true) }, confirmLabel),
      h('button', { type: 'button', 'data-safe': '', 'data-testid': 'confirm-no', onclick: () => done(false) }, 'Cancel'))));
}

/** Lets the player choose tiles of the rack (faces as on the rack); resolves with the chosen
 * tiles (at least one) or null when cancelled.
 * @param {string} title
 * @param {TileView[]} rack
 * @param {{ max?: number, all?: boolean }} [limits]
 * @param {Record<string, number> | null} [values]  the letters' values, drawn on the tiles
 * @returns {Promise<TileView[] | null>} */
export function pickTiles(title, rack, { max = rack.length, all = false } = {}, values = null) {
  return open(/** @param {(tiles: TileView[] | null) => void} done */ (done) => {
    const chosen = new Set(all ? rack.map((_, i) => i) : []);
    const note = h('p.error', { 'data-testid': 'pick-note' });
    const tiles = rack.map((tile, i) => {
      const button = h('button.tile', {
        type: 'button', 'aria-pressed': String(chosen.has(i)),
        dataset: { letter: tile.blank ? '?' : tile.letter },
        onclick: (/** @type {MouseEvent} */ e) => {
          if (chosen.has(i)) chosen.delete(i); else if (chosen.size < max) chosen.add(i);
          /** @type {Element} */ (e.currentTarget).setAttribute('aria-pressed', String(chosen.has(i)));
          fill(note);
        },
      });
      const face = h('span.face', { 'aria-hidden': 'true' }, ...tileEl(tile.blank ? { letter: '?', blank: true } : tile, values).childNodes);
      button.append(spoken(tile.blank ? 'blank tile' : `tile ${tile.letter}`), face);
      return button;
    });
    const ok = () => {
      if (!chosen.size) { fill(note, 'Choose the tiles to exchange.'); announce('Choose the tiles to exchange.'); return; }
      done(rack.filter((_, i) => chosen.has(i)));
    };
    return h('div.stack', {},
      h('h2', {}, title),
      h('p.muted', { 'data-testid': 'pick-help' }, 'Choose the tiles to put back in the bag; you draw as many new ones. The turn scores nothing.'),
      h('div.picker', {}, tiles),
      note,
      h('div.row', {},
        h('button.primary', { type: 'button', 'data-testid': 'pick-ok', onclick: ok }, 'Exchange'),
        h('button', { type: 'button', onclick: () => done(null) }, 'Cancel')));
  });
}

const LETTER_COLUMNS = 7; // as .letters lays them out (app.css)
/** @type {Record<string, number | undefined>} */
const GRID_STEPS = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -LETTER_COLUMNS, ArrowDown: LETTER_COLUMNS };

/** Asks which letter a blank stands for; resolves with 'A'..'Z' or null. By keyboard: type the
 *  letter, or move with the arrows and press Enter; Escape cancels.
 * @returns {Promise<string | null>} */
export function pickLetter() {
  return open(/** @param {(letter: string | null) => void} done */ (done) => {
    const buttons = Array.from({ length: 26 }, (_, i) => {
      const letter = String.fromCharCode(65 + i);
      return h('button', { type: 'button', 'data-letter': letter, onclick: () => done(letter) }, letter);
    });
    /** @param {KeyboardEvent} e */
    const onkeydown = (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const step = GRID_STEPS[e.key];
      const at = buttons.indexOf(/** @type {HTMLElement} */ (document.activeElement));
      if (/^[a-z]$/i.test(e.key)) {
        e.preventDefault();
        done(e.key.toUpperCase());
      } else if (step && at >= 0) {
        e.preventDefault();
        const next = at + step;
        buttons[Math.min(buttons.length - 1, Math.max(0, next))].focus();
      }
    };
    return h('div.stack', { onkeydown },
      h('h2', {}, 'The blank stands for…'),
      h('p.muted', {}, 'Type a letter, or choose one.'),
      h('div.letters', { role: 'group', 'aria-label': 'Letters' }, buttons),
      h('button', { type: 'button', onclick: () => done(null) }, 'Cancel'));
  });
}
