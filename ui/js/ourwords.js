// "Our words" (the family's additions to a match's list and the words it blocks at its table)
// and word lists of one's own (issue 46). The backend keeps both in the history, checks every
// word and line, and pins what a match starts with; this module only draws the controls and
// says what the backend answered.
import * as commands from './commands.js';
import { inAppWindow, onEvent } from './api.js';
import { h, fill, toast, announce, messageOf } from './dom.js';

/**
 * The new-match form's "Use our words" line: on by default once the family has any words,
 * hidden while there are none. `checked()` is what `new_match` is sent (null: the backend's
 * default).
 */
export function ourWordsOption() {
  const input = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', checked: true, 'data-testid': 'use-our-words', name: 'use-our-words' }));
  const help = h('span.muted.option-help', { 'data-testid': 'use-our-words-help' });
  const line = h('label.row.option-line', { hidden: true }, input, h('span', {}, 'Use our words', help));
  let any = false;
  commands.our_words().then((ours) => {
    any = ours.added.length + ours.blocked.length > 0;
    line.hidden = !any;
    fill(help, ` — ${ours.added.length} added, ${ours.blocked.length} blocked (Settings); the match keeps them as they are now`);
  }).catch(() => {});
  return { line, checked: () => (any ? input.checked : null) };
}

/**
 * The word checker's "Add to our words" / "Block at our table" (or "Remove from our words"
 * for one of ours), by a word just checked; `after` redraws the checker's answer.
 * @param {import('./contract').CheckWordAnswer} a
 * @param {() => void} after
 */
export function checkerActions(a, after) {
  const note = /** @type {HTMLInputElement} */ (h('input', { name: 'our-note', 'aria-label': 'Our note on it (optional)', placeholder: 'Our note (optional)', maxLength: 200 }));
  /** @param {boolean} blocked */
  const add = async (blocked) => {
    try {
      await commands.add_our_word({ word: a.word, blocked, note: note.value.trim() || null });
      toast(blocked ? `${a.word} is blocked at our table` : `${a.word} is one of our words`);
      after();
    } catch (err) { toast(messageOf(err)); }
  };
  if (a.ours) {
    return h('div.row', { 'data-testid': 'our-word-actions' },
      h('span', { 'data-testid': 'our-word-state' }, a.ours.added ? 'One of our words' : 'Blocked at our table', a.ours.note ? ` — ${a.ours.note}` : ''),
      h('button', {
        type: 'button', 'data-testid': 'remove-our-word',
        onclick: async () => { try { await commands.remove_our_word({ word: a.word }); after(); } catch (err) { toast(messageOf(err)); } },
      }, 'Remove from our words'));
  }
  return h('div.row', { 'data-testid': 'our-word-actions' }, note,
    a.valid
      ? h('button', { type: 'button', 'data-testid': 'block-our-word', onclick: () => add(true) }, 'Block at our table')
      : h('button', { type: 'button', 'data-testid': 'add-our-word', onclick: () => add(false) }, 'Add to our words'));
}

/** A text file chosen by the player, read as text (none chosen: null).
 * @param {HTMLInputElement} input */
async function chosenText(input) {
  const file = input.files?.[0];
  return file ? file.text() : null;
}

/** Settings' "Our words": the words with their notes, each removable; add or block one;
 *  export and import the plain text file. */
export function ourWordsSettings() {
  const box = h('section.stack', { 'data-testid': 'our-words-settings' });
  const note = h('p', { 'data-testid': 'our-words-note', role: 'status' });
  const exported = h('div.stack');
  /** @param {import('./contract').OurWords} ours */
  function draw(ours) {
    /** @param {import('./contract').OurWord[]} side @param {string} what */
    const rows = (side, what) => side.map((w) => h('li', { dataset: { word: w.word } },
      h('strong', {}, w.word), ` ${what}`, w.note ? ` — ${w.note}` : '', ' ',
      h('button.link', {
        type: 'button', 'aria-label': `Remove ${w.word} from our words`,
        onclick: async () => { try { draw(await commands.remove_our_word({ word: w.word })); } catch (err) { fill(note, messageOf(err)); } },
      }, 'Remove')));
    const word = /** @type {HTMLInputElement} */ (h('input', { name: 'our-word', 'aria-label': 'Word', placeholder: 'Word', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', maxLength: 40 }));
    const wordNote = /** @type {HTMLInputElement} */ (h('input', { name: 'our-word-note', 'aria-label': 'Our note (optional)', placeholder: 'Our note (optional)', maxLength: 200 }));
    /** @param {boolean} blocked */
    const add = async (blocked) => {
      try { draw(await commands.add_our_word({ word: word.value, blocked, note: wordNote.value.trim() || null })); } catch (err) { fill(note, messageOf(err)); announce(note.textContent ?? ''); }
    };
    const file = /** @type {HTMLInputElement} */ (h('input', { type: 'file', accept: '.txt,text/plain', 'data-testid': 'import-our-words', 'aria-label': 'Import our words from a file' }));
    file.addEventListener('change', async () => {
      const text = await chosenText(file);
      if (text == null) return;
      try { const next = await commands.import_our_words({ text }); draw(next); fill(note, 'Imported.'); } catch (err) { fill(note, messageOf(err)); announce(note.textContent ?? ''); }
    });
    fill(box,
      h('h2', {}, 'Our words'),
      h('p.muted.setting-help', {}, `Words our family plays that the list lacks, and words we block at our table (up to ${ours.max_len} letters, A–Z). A new match uses them when "Use our words" is on, and keeps them as they were when it started.`),
      ours.added.length + ours.blocked.length
        ? h('ul.our-words', { 'data-testid': 'our-words-list' }, rows(ours.added, 'added'), rows(ours.blocked, 'blocked'))
        : h('p.muted', { 'data-testid': 'our-words-list' }, 'None yet.'),
      h('div.row', {}, word, wordNote,
        h('button', { type: 'button', 'data-testid': 'settings-add-our-word', onclick: () => add(false) }, 'Add to our words'),
        h('button', { type: 'button', 'data-testid': 'settings-block-our-word', onclick: () => add(true) }, 'Block at our table')),
      h('div.row', {},
        h('button', { type: 'button', 'data-testid': 'export-our-words', onclick: exportWords }, 'Export as a text file'),
        h('label.field', {}, 'Import a text file', file)),
      exported, note);
  }
  async function exportWords() {
    try {
      const f = await commands.export_our_words();
      const url = URL.createObjectURL(new Blob([f.text], { type: 'text/plain' }));
      fill(exported, h('textarea', { readOnly: true, rows: 6, 'aria-label': 'Our words as text', 'data-testid': 'our-words-text' }, f.text),
        // The app window cannot follow a download link: the text above can be copied.
        inAppWindow ? null : h('a.download-link', { href: url, download: f.file_name }, `Download ${f.file_name}`));
    } catch (err) { fill(note, messageOf(err)); }
  }
  commands.our_words().then(draw).catch((err) => fill(box, h('p.error', {}, messageOf(err))));
  return box;
}

/** Settings' "Word lists of your own": import one (a name and a text file, one word a line),
 *  see each with the matches that use it, remove one no match uses. */
export function ownListsSettings() {
  const box = h('section.stack', { 'data-testid': 'own-lists-settings' });
  const note = h('p', { 'data-testid': 'own-lists-note', role: 'status' });
  const progress = h('p.muted', { 'data-testid': 'own-list-graph' });
  const stop = onEvent((e) => {
    if (!box.isConnected && e.event !== 'resync') { stop(); return; }
    if (e.event === 'list_graph') {
      fill(progress, e.ready ? `The computers are ready to play on ${e.name}.` : `Getting the computers ready for ${e.name}: ${e.percent} %`);
    }
  });
  /** @param {import('./contract').OwnListRow[]} lists */
  function draw(lists) {
    const name = /** @type {HTMLInputElement} */ (h('input', { name: 'own-list-name', 'aria-label': 'List name', 'data-testid': 'own-list-name', maxLength: 40, placeholder: 'Name' }));
    const file = /** @type {HTMLInputElement} */ (h('input', { type: 'file', accept: '.txt,text/plain', 'data-testid': 'own-list-file', 'aria-label': 'A text file, one word a line' }));
    const importList = async () => {
      const text = await chosenText(file);
      if (text == null) { fill(note, 'Choose a text file first.'); return; }
      try {
        const row = await commands.import_own_list({ name: name.value, text });
        fill(note, `Imported ${row.name}: ${row.word_count} words.`);
        draw(await commands.own_lists());
      } catch (err) { fill(note, messageOf(err)); }
      announce(note.textContent ?? '');
    };
    fill(box,
      h('h2', {}, 'Word lists of your own'),
      h('p.muted.setting-help', {}, 'A text file with one word a line (A–Z, 2 to 15 letters) becomes a list new matches may use; the computers play on it too. A list a saved match uses stays, so that match always replays as it was played.'),
      lists.length ? h('ul', { 'data-testid': 'own-lists' }, lists.map((l) => h('li', { dataset: { list: l.id } },
        h('strong', {}, l.name), ` — ${l.word_count} words${l.used_by.length ? `, used by ${l.used_by.length} saved ${l.used_by.length === 1 ? 'match' : 'matches'}` : ''} `,
        h('button.link', {
          type: 'button', 'data-testid': 'remove-own-list', 'aria-label': `Remove ${l.name}`,
          onclick: async () => { try { draw(await commands.remove_own_list({ id: l.id })); fill(note, `Removed ${l.name}.`); } catch (err) { fill(note, messageOf(err)); } announce(note.textContent ?? ''); },
        }, 'Remove')))) : h('p.muted', {}, 'None yet.'),
      h('div.row', {}, name, file, h('button', { type: 'button', 'data-testid': 'import-own-list', onclick: importList }, 'Import list')),
      progress, note);
  }
  commands.own_lists().then(draw).catch((err) => fill(box, h('p.error', {}, messageOf(err))));
  return box;
}
