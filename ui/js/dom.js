// Tiny DOM helpers. Text always goes in as text nodes (never innerHTML), so a player's name
// can never become markup.

/** h('button.primary', {onclick, type: 'button'}, 'Play') → element
 * @param {string} tagAndClasses
 * @param {Record<string, unknown> | null} [props]
 * @param {...unknown} children  nodes and text (anything else written out as text), nothing
 *   for `null`, `undefined` or `false`, and arrays of these, flattened
 * @returns {HTMLElement} */
export function h(tagAndClasses, props = {}, ...children) {
  const [tag, ...classes] = tagAndClasses.split('.');
  const el = document.createElement(tag || 'div');
  if (classes.length) el.className = classes.join(' ');
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'class') el.className += ` ${value}`;
    // Through the CSSOM: a strict CSP (no 'unsafe-inline') blocks style attributes.
    else if (key === 'style') el.style.cssText = String(value);
    else if (key in el && typeof value !== 'string') /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (el))[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  appendAll(el, children);
  return el;
}

/** Replaces the children of `el`.
 * @template {Element} E
 * @param {E} el
 * @param {...unknown} children  nodes and text (anything else written out as text), nothing
 *   for `null`, `undefined` or `false`, and arrays of these, flattened
 * @returns {E} */
export function fill(el, ...children) {
  el.replaceChildren();
  appendAll(el, children);
  return el;
}

/** @param {Element} el @param {unknown[]} children */
function appendAll(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** What a refusal or failure says (an ApiError's sentence, an Error's message), for a
 *  `catch`, whose value may be anything thrown.
 * @param {unknown} e */
export const messageOf = (e) => (e instanceof Error ? e.message : String(e));

/** A backend message as a sentence for the player: capital first letter, full stop at the end
 *  ("the move does not touch any tile on the board" → "The move does not touch any tile on the
 *  board.").
 * @param {unknown} message */
export function sentence(message) {
  const text = String(message ?? '').trim();
  if (!text) return text;
  const capital = text[0].toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

let announced = 0;
/** Says `message` (a short sentence) through the page's one polite status region. The same
 *  sentence twice in a row is still said again.
 * @param {string} message */
export function announce(message) {
  const el = document.getElementById('status');
  if (!el) return;
  const serial = ++announced;
  el.textContent = '';
  // A moment after clearing, so a repeated sentence counts as a change.
  setTimeout(() => { if (serial === announced) el.textContent = message; }, 50);
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;
/** A short message at the bottom of the screen, also announced (as `say` when given).
 * @param {string} message
 * @param {{ ms?: number, say?: string }} [options] */
export function toast(message, { ms = 3500, say = message } = {}) {
  const el = document.getElementById('toast');
  if (!el) return;
  el.textContent = message;
  el.hidden = false;
  announce(say);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}

/** The value of the field (an input, a select) an event came from.
 * @param {Event} e */
export const fieldValue = (e) => /** @type {HTMLInputElement | HTMLSelectElement} */ (e.target).value;

/** Whether the checkbox an event came from is checked. @param {Event} e */
export const fieldChecked = (e) => /** @type {HTMLInputElement} */ (e.target).checked;

/** Column letters for board coordinates: 0 → A.
 * @param {number} col */
export const colName = (col) => String.fromCharCode(65 + col);
/** "E5" for row 4, col 4 (rows 1..N top to bottom, columns A.. left to right).
 * @param {{ row: number, col: number }} square */
export const squareName = ({ row, col }) => `${colName(col)}${row + 1}`;
