// What a word means: the backend's `define` answer drawn as a small popover (beside any word on
// the scoresheet, the recap, the end screen, the analysis, the detail, "Words from rack") and
// as the word checker's result. Nothing here decides a meaning, a lemma or whether a word is
// valid: the backend answers all of it against the match's own list (`match_id`) or the
// checker's (`list`). One popover at a time; a tap elsewhere or Escape closes it and gives the
// focus back to the control that opened it.
import * as commands from './commands.js';
import { h, fill, announce, messageOf } from './dom.js';

/** @type {Record<string, string | undefined>} */
const POS = {
  noun: 'noun', verb: 'verb', adjective: 'adjective', adverb: 'adverb', interjection: 'interjection',
  pronoun: 'pronoun', preposition: 'preposition', conjunction: 'conjunction', determiner: 'determiner',
};
/** @type {Record<string, string | undefined>} */
const FORMS = {
  plural: 'plural of', present_tense: 'present tense of', past_tense: 'past tense of',
  present_participle: '-ing form of', comparative: 'comparative of', superlative: 'superlative of',
  inflection: 'a form of',
};
/** @type {Record<string, string | undefined>} */
const LABELS = {
  ethnic_slur: 'ethnic slur', disparaging: 'disparaging', vulgar: 'vulgar',
  offensive_word: 'offensive word',
};

/** One word's answer as DOM: each meaning's part of speech (and lemma for an inflection), its
 *  senses, and the backend's note (why a word is valid, or not in the list; `note: false`
 *  where the screen has said so already and the word has a meaning).
 * @param {import('./contract').Definition} d
 * @param {{ note?: boolean }} [opts] */
export function renderDefinition(d, { note = true } = {}) {
  const meanings = d.meanings.map((m) => h('div.meaning', { 'data-testid': 'meaning', dataset: { pos: m.pos, lemma: m.lemma, source: m.source } },
    h('p.meaning-head', {},
      h('em', {}, POS[m.pos] ?? m.pos),
      m.form ? h('span', { 'data-testid': 'lemma' }, ` — ${FORMS[m.form] ?? 'a form of'} ${m.lemma}`) : null),
    h('ol.senses', {}, m.senses.map((s) => h('li', { 'data-testid': 'sense' },
      s.label ? h('span.sense-label', {}, `(${LABELS[s.label] ?? s.label}) `) : null,
      s.gloss ?? 'meaning not shown with polite manners (Settings)')))));
  return h('div.definition', { 'data-testid': 'definition', dataset: { word: d.word, status: d.status } },
    h('p.definition-word', {}, h('strong', {}, d.word)),
    // "One of our words" (the family's addition, with their note) or "blocked at our table".
    d.ours ? h('p.our-word', { 'data-testid': 'our-word' }, d.ours.added ? 'One of our words' : 'Blocked at our table', d.ours.note ? ` — ${d.ours.note}` : '') : null,
    meanings,
    note || d.status !== 'defined' ? h('p.muted.definition-note', { 'data-testid': 'definition-note' }, d.note) : null);
}

/** A short sentence for the status region: the word and its first sense's part of speech.
 * @param {import('./contract').Definition[]} defs */
function spoken(defs) {
  return defs.map((d) => {
    const m = d.meanings[0];
    if (!m) return d.note;
    const first = m.senses[0];
    return `${d.word}: ${POS[m.pos] ?? m.pos}${m.form ? `, ${FORMS[m.form]} ${m.lemma}` : ''}. ${first?.gloss ?? ''}`;
  }).join(' ');
}

/** @type {{ box: HTMLElement, opener: HTMLElement, abort: AbortController } | null} */
let open = null;

/** Closes the open popover, if any; the focus goes back to its opener when it was inside.
 * @param {{ restoreFocus?: boolean }} [how] */
export function closeDefinition({ restoreFocus = true } = {}) {
  if (!open) return;
  const { box, opener, abort } = open;
  open = null;
  abort.abort();
  const hadFocus = box.contains(document.activeElement);
  box.remove();
  opener.setAttribute('aria-expanded', 'false');
  if (restoreFocus && hadFocus && opener.isConnected) opener.focus();
}

/**
 * Opens the popover for `words` beside `opener`.
 * @param {HTMLElement} opener
 * @param {string[]} words
 * @param {{ matchId?: number|null, list?: string|null }} where  the list that decides
 */
async function openDefinition(opener, words, where) {
  const again = open?.opener === opener;
  closeDefinition({ restoreFocus: false });
  if (again) return; // a second tap on the same control closes it
  const body = h('div.popover-body', {}, h('p.muted', {}, 'Looking up…'));
  const box = h('div.define-popover', {
    role: 'dialog', 'aria-label': `Meaning of ${words.join(', ')}`, tabindex: '-1', 'data-testid': 'define-popover',
  }, body, h('button.link.popover-close', { type: 'button', onclick: () => closeDefinition() }, 'Close'));
  const abort = new AbortController();
  open = { box, opener, abort };
  opener.setAttribute('aria-expanded', 'true');
  document.body.append(box);
  place(box, opener);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); closeDefinition({ restoreFocus: true }); opener.focus(); }
  }, { signal: abort.signal, capture: true });
  // A redraw (the computer's move arriving, another screen) takes the opener away: the
  // popover goes with it rather than float over a screen it no longer belongs to.
  const watch = setInterval(() => { if (!opener.isConnected) closeDefinition({ restoreFocus: false }); }, 400);
  abort.signal.addEventListener('abort', () => clearInterval(watch));
  document.addEventListener('pointerdown', (e) => {
    if (!box.contains(/** @type {Node} */ (e.target)) && !opener.contains(/** @type {Node} */ (e.target))) closeDefinition({ restoreFocus: false });
  }, { signal: abort.signal, capture: true });
  try {
    const args = where.matchId != null ? { words, match_id: where.matchId } : { words, list: where.list ?? null };
    const answer = await commands.define(args);
    if (open?.box !== box) return;
    fill(body, answer.definitions.map((d) => renderDefinition(d)), h('p.muted.definition-source', {}, answer.source));
    announce(spoken(answer.definitions));
  } catch (err) {
    if (open?.box !== box) return;
    fill(body, h('p.error', {}, messageOf(err)));
    announce(messageOf(err));
  }
  place(box, opener);
  box.focus();
}

/** Below the opener (above it when there is no room), kept inside the window.
 * @param {HTMLElement} box @param {HTMLElement} opener */
function place(box, opener) {
  const r = opener.getBoundingClientRect();
  const width = Math.min(360, window.innerWidth - 16);
  box.style.width = `${width}px`;
  const left = Math.max(8, Math.min(r.left, window.innerWidth - width - 8));
  const below = r.bottom + 6;
  const height = box.offsetHeight;
  const top = below + height > window.innerHeight - 8 && r.top - height - 6 > 8 ? r.top - height - 6 : below;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
}

/**
 * A control that shows what `words` mean: its own button (never inside another one), named
 * for screen readers, 44 px tall on touch.
 * @param {string[]} words
 * @param {{ matchId?: number|null, list?: string|null }} where
 * @param {{ text?: string | null, className?: string }} [opts]  visible text (default: the words; ''
 *   for the round "?" that define.css draws, so the row's own text stays the words alone)
 */
export function defineButton(words, where, { text = null, className = 'word-define' } = {}) {
  const button = h(`button.${className}`, {
    type: 'button', 'aria-haspopup': 'dialog', 'aria-expanded': 'false',
    'aria-label': `Meaning of ${words.join(', ')}`, 'data-testid': 'define-button',
    onclick: (/** @type {MouseEvent} */ e) => { e.stopPropagation(); openDefinition(button, words, where); },
  }, text ?? words.join(', '));
  return button;
}

/** Each word its own meaning button, separated by commas: for lists of words that are not
 *  inside a button (the recap, "Words from rack", the analysis, the detail).
 * @param {string[]} words
 * @param {{ matchId?: number|null, list?: string|null }} where */
export function wordLinks(words, where) {
  return words.flatMap((w, i) => [i ? ', ' : null, defineButton([w], where, { className: 'word-link' })]);
}

/** `text` with the first whole-word `word` in it made that word's meaning control: the word
 *  itself is the control, where a sentence names it ("DATES at 8D for 24 on turn 3 — …").
 *  Without the word in the text, the text alone: a control put before it read as a stray
 *  word in the sentence.
 * @param {string} text
 * @param {string} word
 * @param {{ matchId?: number|null, list?: string|null }} where */
export function textWithWordLink(text, word, where) {
  const at = new RegExp(`(^|[^A-Za-z])${word.replace(/[^A-Za-z]/g, '')}(?![A-Za-z])`).exec(text);
  if (!at || !word) return [text];
  const link = defineButton([word], where, { className: 'word-link' });
  const start = at.index + at[1].length;
  return [text.slice(0, start), link, text.slice(start + word.length)];
}
