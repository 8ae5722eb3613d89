// Statistics: each player's record over the whole history, as the backend counts it.
import { call } from './api.js';
import { h, fill } from './dom.js';

const number = (x) => (x == null ? '—' : String(x));

/** Per player: matches, wins, average and best score, best turn, hints taken. */
export async function showStats(root, _params, screen) {
  let stats;
  try { stats = await call('player_stats'); } catch (e) { fill(root, h('p.error', {}, e.message)); return; }
  const players = stats.players;
  fill(root, h('section.stack', { 'data-testid': 'stats' },
    h('h1', {}, 'Statistics'),
    h('p.muted', {}, 'Averages and best scores count finished matches; matches count every match a player sat in.'),
    players.length ? h('div.table-scroll', {}, h('table.list.stats-table', {},
      h('thead', {}, h('tr', {}, ['Player', 'Matches', 'Finished', 'Wins', 'Average score', 'Best score', 'Best turn', 'Hints taken', '']
        .map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, players.map((p) => h('tr', { 'data-player': p.name },
        h('th', { scope: 'row' }, p.name, p.kind === 'computer' ? h('span.muted', {}, ' (computer)') : null),
        h('td', { 'data-stat': 'matches' }, String(p.matches)),
        h('td', { 'data-stat': 'finished' }, String(p.finished)),
        h('td', { 'data-stat': 'wins' }, String(p.wins)),
        h('td', { 'data-stat': 'average' }, p.average_score == null ? '—' : p.average_score.toFixed(1)),
        h('td', { 'data-stat': 'best-score' }, number(p.best_score)),
        h('td', { 'data-stat': 'best-turn' }, p.best_move ? `${p.best_move} (${p.best_move_score})` : '—'),
        h('td', { 'data-stat': 'hints' }, String(p.hints_taken)),
        h('td', {}, h('button', {
          type: 'button', 'aria-label': `${p.name}'s matches`,
          onclick: () => screen.open('history', { player: p.name }),
        }, 'Matches'))))))) : h('p.muted', {}, 'No matches yet.')));
}
