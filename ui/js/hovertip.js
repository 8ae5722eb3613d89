// A hover breakdown for a scoresheet row: one tip element of the page's own, shown while a
// mouse rests on the row (or the keyboard's visible focus is on it) and gone as soon as a
// dialog opens. It replaced the rows' `title` attribute: a browser's native tooltip is the
// window system's, which a page cannot close, and WebKitGTK kept it on screen beside the
// modal resign, pass and abandon dialogs (issue 22). The text is the row's own breakdown
// (a play's words, public to everyone at the table): never a rack.
import { h } from './dom.js';

const SHOW_MS = 350; // a pointer passing over the sheet on its way elsewhere shows nothing
const HIDE_MS = 150; // time to move the pointer onto the tip (WCAG 1.4.13: hoverable)

/** @type {HTMLElement | null} */
let tip = null; // the one tip element, made on first use
/** @type {HTMLElement | null} */
let anchor = null; // the row it is shown for
/** @type {ReturnType<typeof setTimeout> | undefined} */
let showTimer;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let hideTimer;

/** @returns {HTMLElement} */
function tipElement() {
  if (tip) return tip;
  const made = h('div.hover-tip', { id: 'hover-tip', role: 'tooltip', 'data-testid': 'hover-tip', hidden: true });
  tip = made;
  made.addEventListener('pointerenter', () => clearTimeout(hideTimer));
  made.addEventListener('pointerleave', () => scheduleHide());
  document.body.append(made);
  // Any dialog opening (every confirmation uses the page's one <dialog>) closes the tip at
  // once, whoever opened it and however (a key, a tap elsewhere, a script).
  const dialog = document.getElementById('dialog');
  if (dialog) {
    new MutationObserver(() => { if (dialog.hasAttribute('open')) hideTip(); })
      .observe(dialog, { attributes: true, attributeFilter: ['open'] });
  }
  // Escape dismisses it (WCAG 1.4.13); so does any other key, a press or a scroll: each may
  // redraw or move the row (a row focused again after a redraw shows it again).
  document.addEventListener('keydown', () => hideTip(), true);
  document.addEventListener('pointerdown', () => hideTip(), true);
  document.addEventListener('scroll', () => hideTip(), true);
  // A redraw (a computer's move arriving) takes the row away: the tip goes with it.
  setInterval(() => { if (anchor && !anchor.isConnected) hideTip(); }, 300);
  return made;
}

const dialogOpen = () => Boolean(document.querySelector('dialog[open]'));

/** Hides the tip now. */
export function hideTip() {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  if (anchor) anchor.removeAttribute('aria-describedby');
  anchor = null;
  if (tip) tip.hidden = true;
}

function scheduleHide() {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  hideTimer = setTimeout(hideTip, HIDE_MS);
}

/** @param {HTMLElement} el @param {string} text */
function show(el, text) {
  if (!el.isConnected || dialogOpen()) return;
  const box = tipElement();
  clearTimeout(hideTimer);
  if (anchor && anchor !== el) anchor.removeAttribute('aria-describedby');
  anchor = el;
  box.textContent = text;
  box.hidden = false;
  el.setAttribute('aria-describedby', box.id);
  place(box, el);
}

/** Beside the row, on the side with more room (the scoresheet is the side panel's, so the
 *  tip goes over the board rather than off the window's edge); kept inside the window.
 * @param {HTMLElement} box @param {HTMLElement} el */
function place(box, el) {
  const r = el.getBoundingClientRect();
  const width = Math.min(340, window.innerWidth - 16);
  box.style.maxWidth = `${width}px`;
  const w = Math.min(width, box.offsetWidth);
  const roomLeft = r.left - 8;
  const roomRight = window.innerWidth - r.right - 8;
  let left;
  let top;
  if (roomLeft >= w || roomRight >= w) {
    left = roomLeft >= w && roomLeft >= roomRight ? r.left - w - 6 : r.right + 6;
    top = r.top;
  } else {
    left = r.left;
    top = r.bottom + 4;
  }
  const height = box.offsetHeight;
  if (top + height > window.innerHeight - 8) top = Math.max(8, window.innerHeight - 8 - height);
  box.style.left = `${Math.max(8, Math.min(left, window.innerWidth - w - 8))}px`;
  box.style.top = `${Math.max(8, top)}px`;
}

/**
 * Shows `text` beside `el` while a mouse rests on it or the keyboard's focus is on it.
 * Touch shows nothing (a tap selects the row, which shows its breakdown under it).
 * @param {HTMLElement} el
 * @param {string} text
 */
export function hoverTip(el, text) {
  el.addEventListener('pointerenter', (e) => {
    if (e.pointerType !== 'mouse' || dialogOpen()) return;
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    showTimer = setTimeout(() => show(el, text), SHOW_MS);
  });
  el.addEventListener('pointerleave', (e) => { if (e.pointerType === 'mouse') scheduleHide(); });
  el.addEventListener('focus', () => {
    let visible;
    try { visible = el.matches(':focus-visible'); } catch { visible = false; }
    if (visible) show(el, text);
  });
  el.addEventListener('blur', () => { if (anchor === el) hideTip(); });
  return el;
}
