// Keyboard play on the match screen (SPEC §4): arrows move the cursor, Space toggles across /
// down, a letter places that rack tile and advances, Enter places the chosen rack tile,
// Backspace takes back the last staged tile, Escape recalls, Ctrl+Enter (⌘+Enter on a Mac)
// plays. This module only maps keys to intents; match.js carries them out.

const MAC = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '');

/** The submit shortcut, as shown to the player and as aria-keyshortcuts. */
export const SUBMIT_KEY = MAC ? { label: '⌘+Enter', aria: 'Meta+Enter' } : { label: 'Ctrl+Enter', aria: 'Control+Enter' };

/** @type {Record<string, [number, number] | undefined>} */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * What the match keys ask for (match.js carries it out).
 * @typedef {object} KeyActions
 * @property {(dRow: number, dCol: number) => void} move
 * @property {() => void} toggle
 * @property {(letter: string) => void} type
 * @property {(rackIndexWithFocus: number | null) => void} enter
 * @property {() => void} back
 * @property {() => void} recall
 * @property {() => void} submit
 */

/** Focus in a text field, or a dialog (exchange picker, blank chooser, confirmation) open:
 *  the keys are theirs.
 * @param {EventTarget | null} target */
function keysBelongElsewhere(target) {
  if (document.querySelector('dialog[open]')) return true;
  const el = target instanceof Element ? target : null;
  return Boolean(el?.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])'));
}

/** A control outside the board and rack that the player reached with the keyboard (visible
 *  focus): Enter and Space keep their usual meaning there (press the button).
 * @param {EventTarget | null} target */
function focusedControl(target) {
  const el = target instanceof Element ? target : null;
  // A button of a dialog that has closed is no control any more.
  if (!el || el.closest('.board, .rack, dialog:not([open])')) return false;
  if (!el.matches('button, a[href], summary, [role="button"]')) return false;
  try { return el.matches(':focus-visible'); } catch { return true; }
}

/**
 * Listens for match keys on the document until `signal` aborts (the match screen goes).
 * @param {() => boolean} ready  true while keys may act: a human's rack is revealed, nothing is busy
 * @param {() => boolean} alive  false once the match screen is gone
 * @param {KeyActions} actions  the intents
 * @param {AbortSignal} signal  the listener is removed when it aborts
 */
export function listenForMatchKeys(ready, alive, actions, signal) {
  /** @param {KeyboardEvent} e */
  const onKey = (e) => {
    const arrow = ARROWS[e.key];
    if (!alive()) return;
    if (e.defaultPrevented || e.isComposing || e.altKey) return;
    if (keysBelongElsewhere(e.target) || !ready()) return;
    const command = e.ctrlKey || e.metaKey;
    let act = null;
    if (e.key === 'Enter' && command) act = () => actions.submit();
    else if (command) return; // leave the browser's and the system's shortcuts alone
    else if (arrow) act = () => actions.move(...arrow);
    else if ((e.key === ' ' || e.key === 'Enter') && focusedControl(e.target)) return;
    else if (e.key === ' ') act = () => actions.toggle();
    else if (e.key === 'Enter') {
      const rackTile = e.target instanceof Element ? /** @type {HTMLElement | null} */ (e.target.closest('.rack .tile')) : null;
      act = () => actions.enter(rackTile ? Number(rackTile.dataset.index) : null);
    } else if (e.key === 'Backspace') act = () => actions.back();
    else if (e.key === 'Escape') act = () => actions.recall();
    else if (/^[a-z]$/i.test(e.key)) act = () => actions.type(e.key.toUpperCase());
    if (!act) return;
    // Handled here: no scrolling, no click on a focused button, no browser back.
    e.preventDefault();
    act();
  };
  document.addEventListener('keydown', onKey, { signal });
}
