// "Export history" and "Import a history" (the History screen): the whole history as one file
// to carry to another device, and such a file merged into this one. The file never passes
// through the JSON commands: the window saves and opens it from Rust in the platform's
// dialogs (`export_history`, `import_history`); a browser downloads the bytes the backend
// hands over and sends the file the player picks (api.js). What an import did is the
// backend's sentence, shown as it is.
import * as commands from './commands.js';
import { inAppWindow, downloadHistory, uploadHistory } from './api.js';
import { h, fill, messageOf } from './dom.js';

/** The panel with both buttons and the sentence saying what happened.
 * @param {() => void} imported called after an import changed the history (the list reloads)
 * @returns {HTMLElement} */
export function historyTransfer(imported) {
  const result = h('p', { 'data-testid': 'transfer-result', role: 'status' });
  const link = h('div.row');
  /** @param {string} text @param {boolean} [failed] */
  const say = (text, failed = false) => { fill(result, text); result.className = failed ? 'error' : ''; };

  const picker = /** @type {HTMLInputElement} */ (h('input', {
    type: 'file',
    hidden: true,
    'data-testid': 'import-file',
    onchange: async () => {
      const file = picker.files?.[0];
      picker.value = '';
      if (file) await runImport(() => uploadHistory(file));
    },
  }));

  /** @param {() => Promise<import('./contract').ImportAnswer>} run */
  async function runImport(run) {
    say('Importing…');
    try {
      const answer = await run();
      say(answer.message);
      if (answer.report) imported();
    } catch (err) { say(messageOf(err), true); }
  }

  async function runExport() {
    fill(link);
    say('Exporting…');
    try {
      if (inAppWindow) {
        say((await commands.export_history()).message);
        return;
      }
      const { file, name, matches } = await downloadHistory();
      const url = URL.createObjectURL(file);
      const anchor = h('a.download-link', { href: url, download: name, 'data-testid': 'export-link' }, `Download ${name} again`);
      fill(link, anchor);
      anchor.click();
      say(`Exported the whole history (${matches} match${matches === 1 ? '' : 'es'}) as ${name}. Import it on another device with "Import a history".`);
    } catch (err) { say(messageOf(err), true); }
  }

  return h('section.panel.stack', { 'data-testid': 'history-transfer', 'aria-label': 'Carry your history' },
    h('h2', {}, 'Carry your history'),
    h('p.muted', {}, 'Export the whole history as one file to keep a copy or to carry it to another device; import such a file to add its matches here. A match already here is never added twice, and one played on further elsewhere gets those moves.'),
    h('div.row', {},
      h('button', { type: 'button', 'data-testid': 'export-history', onclick: runExport }, 'Export history'),
      h('button', {
        type: 'button',
        'data-testid': 'import-history',
        onclick: () => (inAppWindow ? runImport(() => commands.import_history()) : picker.click()),
      }, 'Import a history'),
      picker),
    link, result);
}
