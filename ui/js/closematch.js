// Abandoning and deleting an unfinished match (the history list; Abandon also on the match
// screen, beside Resign and on the cover): each asks first in a dialog that names the
// match, with the focus on the safe choice ("Keep the match"), so an Enter pressed in a
// hurry changes nothing. The backend refuses both without `confirm`, and refuses to delete a
// finished match.
import * as commands from './commands.js';
import { h, fill, toast, announce, messageOf } from './dom.js';

/** @typedef {import('./contract').MatchSummary} MatchSummary */

/** "Word Club 1.0: Ann v Ben, started 2 Dec 2026, 01:02" — the match as the dialogs name it.
 * @param {MatchSummary} m */
export function matchName(m) {
  return `${m.rules_name}: ${m.players.map((p) => p.name).join(' v ')}, started ${new Date(m.created_at).toLocaleString()}`;
}

/** Resolves true when the player chose `yes`; the focus starts on "Keep the match".
 * @param {string} title @param {string} text @param {string} yes @returns {Promise<boolean>} */
function ask(title, text, yes) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('dialog'));
  const before = /** @type {HTMLElement} */ (document.activeElement);
  return new Promise(/** @param {(yes: boolean) => void} resolve */ (resolve) => {
    let answered = false;
    /** @param {boolean} value */
    const done = (value) => { answered = true; dialog.close(); dialog.replaceChildren(); resolve(value); };
    const keep = h('button', { type: 'button', 'data-testid': 'confirm-no', onclick: () => done(false) }, 'Keep the match');
    fill(dialog, h('form.stack', { method: 'dialog', onsubmit: (/** @type {Event} */ e) => e.preventDefault() },
      h('h2', {}, title),
      h('p', { 'data-testid': 'confirm-text' }, text),
      h('div.row', {},
        keep,
        h('button.danger', { type: 'button', 'data-testid': 'confirm-yes', onclick: () => done(true) }, yes))));
    dialog.onclose = () => {
      if (dialog.open) return;
      dialog.replaceChildren();
      if (before?.isConnected) before.focus({ preventScroll: true });
      if (!answered) resolve(false);
    };
    dialog.showModal();
    keep.focus();
  });
}

/** "First steps: Ann v Ben v Cat, 4 turns played" — the match on screen as its dialog
 *  names it (a view carries no start time; the screen shows which match it is).
 * @param {import('./contract').MatchView} v */
export function viewName(v) {
  const played = (v.turns ?? []).filter((t) => !t.taken_back).length;
  return `${v.rules.guide.name}: ${v.players.map((p) => p.name).join(' v ')}, ${played} turn${played === 1 ? '' : 's'} played`;
}

/** Abandon, then `after()` (the list again). `name`: the match as the dialog names it
 *  (matchName of a history row unless given).
 * @param {MatchSummary | { id: number }} m @param {() => void} after @param {string} [name] */
export async function abandon(m, after, name = 'players' in m ? matchName(m) : `Match ${m.id}`) {
  const ok = await ask('Abandon this match?', `${name}. It ends with no winner and stays in the history, marked abandoned; it no longer counts in the statistics.`, 'Abandon match');
  if (!ok) return;
  try {
    await commands.abandon_match({ match_id: m.id, confirm: true });
    announce(`Match abandoned: ${name}.`);
    after();
  } catch (e) { toast(messageOf(e)); }
}

/** Delete for good, then `after()`. @param {MatchSummary} m @param {() => void} after */
export async function remove(m, after) {
  const ok = await ask('Delete this match?', `${matchName(m)}. Deleting removes it and every turn of it from the history. This cannot be undone.`, 'Delete for good');
  if (!ok) return;
  try {
    await commands.delete_match({ match_id: m.id, confirm: true });
    announce(`Match deleted: ${matchName(m)}.`);
    after();
  } catch (e) { toast(messageOf(e)); }
}

/** The Abandon and Delete buttons of one history row: Abandon while in progress, Delete for
 *  any unfinished match (in progress or abandoned); none for a finished one.
 * @param {MatchSummary} m @param {() => void} after */
export function closeButtons(m, after) {
  if (m.status === 'finished') return [];
  return [
    m.status === 'in_progress' ? h('button', { type: 'button', 'data-testid': 'abandon', onclick: () => abandon(m, after) }, 'Abandon') : null,
    h('button.danger', { type: 'button', 'data-testid': 'delete', onclick: () => remove(m, after) }, 'Delete'),
  ];
}
