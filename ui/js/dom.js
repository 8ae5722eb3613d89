// Tiny DOM helpers. Text always goes in as text nodes (never innerHTML), so a player's name
// can never become markup.

/** h('button.primary', {onclick, type: 'button'}, 'Play') → element */
export function h(tagAndClasses, props = {}, ...children) {
  const [tag, ...classes] = tagAndClasses.split('.');
  const el = document.createElement(tag || 'div');
  if (classes.length) el.className = classes.join(' ');
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'class') el.className += ` ${value}`;
    // Through the CSSOM: a strict CSP (no 'unsafe-inline') blocks style attributes.
    else if (key === 'style') el.style.cssText = value;
    else if (key in el && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A backend message as a sentence for the player: capital first letter, full stop at the end
 *  ("the move does not touch any tile on the board" → "The move does not touch any tile on the
 *  board."). */
export function sentence(message) {
  const text = String(message ?? '').trim();
  if (!text) return text;
  const capital = text[0].toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

let announced = 0;
/** Says `message` (a short sentence) through the page's one polite status region. The same
 *  sentence twice in a row is still said again. */
export function announce(message) {
  const el = document.getElementById('status');
  if (!el) return;
  const serial = ++announced;
  el.textContent = '';
  // A moment after clearing, so a repeated sentence counts as a change.
  setTimeout(() => { if (serial === announced) el.textContent = message; }, 50);
}

let toastTimer = 0;
/** A short message at the bottom of the screen, also announced (as `say` when given). */
export function toast(message, { ms = 3500, say = message } = {}) {
  const el = document.getElementById('toast');
  el.textContent = message;
  el.hidden = false;
  announce(say);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}

/** Column letters for board coordinates: 0 → A. */
export const colName = (col) => String.fromCharCode(65 + col);
/** "E5" for row 4, col 4 (rows 1..N top to bottom, columns A.. left to right). */
export const squareName = ({ row, col }) => `${colName(col)}${row + 1}`;
