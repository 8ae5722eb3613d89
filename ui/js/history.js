// History: past and unfinished matches, filtered and paged, newest first; one opens to be
// played on (match.js) or in detail (detail.js). Every name, score and count comes from the
// backend.
import * as commands from './commands.js';
import { h, fill, messageOf, fieldValue } from './dom.js';
import { backgroundProgress } from './analysis.js';
import { STATUS_TEXT, plural } from './detail.js';
import { closeButtons } from './closematch.js';
import { historyTransfer } from './transfer.js';

// The list's filters and page, kept while the app runs so "Back to history" returns to them.
/** @typedef {import('./contract').MatchSummary} MatchSummary */

/** @type {{ player: string, rules: string, status: string, assisted: string, page: number }} */
const filters = { player: '', rules: '', status: '', assisted: '', page: 1 };

/** @param {MatchSummary} m */
function assistanceText(m) {
  const hinted = m.players.filter((p) => p.hints > 0);
  const parts = hinted.map((p) => `${p.name}: ${plural(p.hints, 'hint')}`);
  if (m.take_backs) parts.push(plural(m.take_backs, 'take-back'));
  // Words looked up from the match screen (challenges on): assistance too, as the backend counts it.
  if (m.looked_up) parts.push(`${plural(m.looked_up, 'word')} looked up`);
  return parts.length ? parts.join(', ') : 'none';
}

/** @param {MatchSummary} m */
function winnerText(m) {
  if (m.status !== 'finished') return '—';
  const names = m.players.filter((p) => p.winner).map((p) => p.name);
  return names.length ? names.join(' and ') : 'nobody';
}

/** Past and unfinished matches, newest first: filter, page, open. `params.player` (from
 *  Statistics, or '' to show all): the filters start afresh with only that player's matches;
 *  without it the last filters and page stay.
 * @param {HTMLElement} root @param {import('./main.js').ScreenParams} params @param {import('./main.js').Screen} screen */
export async function showHistory(root, params, screen) {
  if (typeof params?.player === 'string') {
    Object.assign(filters, { player: params.player, rules: '', status: '', assisted: '', page: 1 });
  }
  const [ruleSets, stats] = await Promise.all([commands.rule_sets(), commands.player_stats({}).catch(() => ({ players: [] }))]);
  const results = h('div.stack');
  /** @param {'player' | 'rules' | 'status' | 'assisted'} key */
  const change = (key) => (/** @type {Event} */ e) => { filters[key] = fieldValue(e); filters.page = 1; load(); };
  const names = [...new Set(stats.players.map((p) => p.name))];
  const form = h('form.history-filters.panel', { 'aria-label': 'Filter matches', onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); filters.page = 1; load(); } },
    h('label.field', {}, 'Player',
      h('input', { name: 'player', 'data-testid': 'filter-player', list: 'history-player-names', value: filters.player, placeholder: 'Any player', autocomplete: 'off', onchange: change('player') }),
      h('datalist', { id: 'history-player-names' }, names.map((n) => h('option', { value: n })))),
    h('label.field', {}, 'Rule set',
      h('select', { name: 'rules', 'data-testid': 'filter-rules', onchange: change('rules') },
        h('option', { value: '' }, 'Any rule set'),
        ruleSets.map((r) => h('option', { value: r.id, selected: filters.rules === r.id }, r.label)))),
    h('label.field', {}, 'Status',
      h('select', { name: 'status', 'data-testid': 'filter-status', onchange: change('status') },
        [['', 'Any'], ['in_progress', 'Unfinished'], ['finished', 'Finished'], ['abandoned', 'Abandoned']].map(([v, l]) => h('option', { value: v, selected: filters.status === v }, l)))),
    h('label.field', {}, 'Assistance',
      h('select', { name: 'assisted', 'data-testid': 'filter-assisted', onchange: change('assisted') },
        [['', 'Any'], ['true', 'With hints'], ['false', 'Unassisted']].map(([v, l]) => h('option', { value: v, selected: filters.assisted === v }, l)))),
    h('button', { type: 'submit' }, 'Filter'));

  fill(root, h('section.stack', { 'data-testid': 'history' }, h('h1', {}, 'History'), backgroundProgress(screen.signal), form, results,
    historyTransfer(() => { filters.page = 1; load(); })));

  /** @param {MatchSummary} m */
  const open = (m) => (m.status === 'in_progress' ? screen.open('match', { id: m.id }) : screen.open('detail', { id: m.id }));

  let latest = 0; // answers to an older request are dropped
  async function load() {
    const request = ++latest;
    /** @type {import('./contract').MatchListArgs} */
    const args = { page: filters.page };
    if (filters.player.trim()) args.player = filters.player.trim();
    if (filters.rules) args.rules = filters.rules;
    if (filters.status) args.status = filters.status;
    if (filters.assisted) args.assisted = filters.assisted === 'true';
    /** @type {import('./contract').MatchList} */
    let list;
    try { list = await commands.match_list(args); } catch (e) { if (request === latest) fill(results, h('p.error', {}, messageOf(e))); return; }
    if (request !== latest) return;
    // A filter can leave fewer pages than the one shown: go to the last there is.
    if (list.pages > 0 && list.page > list.pages) { filters.page = list.pages; load(); return; }
    const pager = h('nav.row.pager', { 'aria-label': 'Pages' },
      h('button', { type: 'button', disabled: list.page <= 1, onclick: () => { filters.page -= 1; load(); } }, '‹ Newer'),
      h('span', { 'data-testid': 'history-page' }, `Page ${list.page} of ${Math.max(1, list.pages)} · ${list.total} match${list.total === 1 ? '' : 'es'}`),
      h('button', { type: 'button', disabled: list.page >= list.pages, onclick: () => { filters.page += 1; load(); } }, 'Older ›'));
    if (!list.total) {
      // Nothing to page through: say why, and offer the way on.
      const filtered = Boolean(args.player || args.rules || args.status || args.assisted !== undefined);
      fill(results, filtered
        ? [h('p.muted', { 'data-testid': 'history-empty' }, 'No matches fit these filters.'),
          h('div.row', {}, h('button', { type: 'button', 'data-testid': 'clear-filters', onclick: () => screen.open('history', { player: '' }) }, 'Show all matches'))]
        : [h('p.muted', { 'data-testid': 'history-empty' }, 'No matches yet. Every match appears here as soon as it starts, finished or not.'),
          h('div.row', {}, h('button.primary', { type: 'button', 'data-nav': 'home' }, 'Start a match'))]);
      return;
    }
    if (!list.matches.length) { fill(results, h('p.muted', { 'data-testid': 'history-empty' }, 'No matches on this page.'), pager); return; }
    fill(results,
      h('table.list.history-list', {},
        h('thead', {}, h('tr', {}, ['Date', 'Rule set', 'Word list', 'Players', 'Winner', 'Assistance', 'Status', ''].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, list.matches.map((m) => h('tr', {
          'data-match': String(m.id),
          // The whole row opens the match; its button is the keyboard's way in. On a phone each
          // row is a card, its cells named by data-label (history.css).
          onclick: (/** @type {MouseEvent} */ e) => { if (!(e.target instanceof Element && e.target.closest('button'))) open(m); },
        },
        h('td', { 'data-label': 'Date' }, new Date(m.created_at).toLocaleString()), // the list's order: newest first
        h('td', { 'data-label': 'Rule set' }, m.rules_name),
        h('td', { 'data-label': 'Word list' }, m.list_name, m.our_words ? h('span', { 'data-testid': 'with-our-words' }, ' with our words') : null),
        // Computer seats marked as such (the backend's `computer` level per seat).
        // One span for the value: on a phone's card the cell is a grid (label, value), where a
        // mark of its own would start a row under the label.
        h('td', { 'data-label': 'Players', 'data-testid': 'history-players' }, h('span', {}, m.label ? h('span.match-label', { 'data-testid': 'match-label' }, `${m.label}: `) : null, m.players.map((p, i) => [i ? ', ' : '',
          `${p.name}${p.computer ? ` (computer, ${p.computer})` : ''} ${p.score}${p.hints ? ` (${plural(p.hints, 'hint')})` : ''}`,
          // Resigned players marked, as the match detail marks them.
          p.resigned ? h('span.resigned-mark', { 'data-testid': 'resigned-mark' }, ' (resigned)') : null]))),
        h('td', { 'data-label': 'Winner' }, winnerText(m)),
        h('td', { 'data-label': 'Assistance' }, assistanceText(m)),
        h('td', { 'data-label': 'Status' }, STATUS_TEXT[m.status] ?? m.status),
        h('td', {}, h('div.row', {},
          h('button', { type: 'button', onclick: () => open(m) }, m.status === 'in_progress' ? 'Continue' : 'Open'),
          // An unfinished match opens to be played on; its turns so far are one step away.
          m.status === 'in_progress' ? h('button', { type: 'button', onclick: () => screen.open('detail', { id: m.id }) }, 'Details') : null,
          closeButtons(m, load))))))),
      pager);
  }
  await load();
}
