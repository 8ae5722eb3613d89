// Statistics: each player's record over the whole history, as the backend counts it.
import * as commands from './commands.js';
import { h, fill, messageOf } from './dom.js';
import { unchallengedWords } from './challenge.js';

/** @param {number | null | undefined} x */
const number = (x) => (x == null ? '—' : String(x));

/** @param {number} n @param {string} word */
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 'es'}`;

/** Per player and rule set: matches, wins, average and best score, best turn, hints taken,
 *  and head starts (on a column of their own when anyone had one).
 *  One rule set at a time (a 9×9 average never mixes with a 15×15 one).
 * @param {HTMLElement} root @param {import('./main.js').ScreenParams} params @param {import('./main.js').Screen} screen */
export async function showStats(root, params, screen) {
  /** @type {import('./contract').RulesInfo[]} */
  let ruleSets;
  try { ruleSets = await commands.rule_sets(); } catch (e) { fill(root, h('p.error', {}, messageOf(e))); return; }
  const settings = await commands.get_settings().catch(() => /** @type {Partial<import('./contract').Settings>} */ ({}));
  const chosen = ruleSets.find((r) => r.id === (params?.rules ?? settings.default_rules)) ?? ruleSets[0];
  const box = h('div');
  const select = /** @type {HTMLSelectElement} */ (h('select', { 'data-testid': 'stats-rules', onchange: () => draw(select.value) },
    ruleSets.map((r) => h('option', { value: r.id, selected: r.id === chosen.id }, r.label))));
  fill(root, h('section.stack', { 'data-testid': 'stats' },
    h('h1', {}, 'Statistics'),
    h('label.field', {}, 'Rule set', select),
    box));
  /** @param {string} rules */
  async function draw(rules) {
    /** @type {import('./contract').PlayerStats} */
    let stats;
    try { stats = await commands.player_stats({ rules }); } catch (e) { fill(box, h('p.error', {}, messageOf(e))); return; }
    if (select.value !== rules) return;
    fill(box, table(stats.players, screen));
  }
  await draw(chosen.id);
}

/** @param {import('./contract').PlayerRecord[]} players @param {import('./main.js').Screen} screen */
function table(players, screen) {
  // Head starts the table chose, apart from the scores that count them (the backend's
  // figures): a column only when someone started with one.
  const heads = players.some((p) => p.head_start_matches > 0);
  return h('div.stack', { 'data-testid': 'stats-table' },
    h('p.muted', {}, 'Averages and best scores count finished matches; matches count every match a player sat in.',
      heads ? ' Scores count head starts, shown in a column of their own.' : ''),
    players.length ? h('div.table-scroll', {}, h('table.list.stats-table', {},
      h('thead', {}, h('tr', {}, ['Player', 'Matches', 'Finished', 'Wins', 'Average score', 'Best score', 'Best turn', 'Hints taken', heads ? 'Head starts' : null, '']
        .map((t) => t == null ? null : h('th', { scope: 'col' }, t)))),
      h('tbody', {}, players.map((p) => h('tr', { 'data-player': p.name },
        h('th', { scope: 'row' }, p.name, p.kind === 'computer' ? h('span.muted', {}, ' (computer)') : null),
        h('td', { 'data-stat': 'matches' }, String(p.matches)),
        h('td', { 'data-stat': 'finished' }, String(p.finished)),
        h('td', { 'data-stat': 'wins' }, String(p.wins)),
        h('td', { 'data-stat': 'average' }, p.average_score == null ? '—' : p.average_score.toFixed(1)),
        h('td', { 'data-stat': 'best-score' }, number(p.best_score)),
        h('td', { 'data-stat': 'best-turn' }, p.best_turn ?? '—', unchallengedWords(p.best_turn_unchallenged)),
        h('td', { 'data-stat': 'hints' }, String(p.hints_taken)),
        heads ? h('td', { 'data-stat': 'head-starts' }, p.head_start_matches ? `+${p.head_start_points} in ${plural(p.head_start_matches, 'match')}` : '—') : null,
        h('td', {}, h('button', {
          type: 'button', 'aria-label': `${p.name}'s matches`,
          onclick: () => screen.open('history', { player: p.name }),
        }, 'Matches'))))))) : h('p.muted', {}, 'No matches with this rule set yet.'));
}
