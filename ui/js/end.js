// The end of a match: final scores with each adjustment, winner(s), assistance, best turn and
// the score progression, all as the backend reported them.
import { h } from './dom.js';

const REASONS = {
  went_out: 'a player went out', passes: 'every player passed or exchanged three times in a row',
  resign: 'resignation', turn_limit: 'the turn limit was reached',
};

export function renderEnd(view) {
  const r = view.result;
  const winners = new Set(r.winners);
  const names = r.winners.map((seat) => view.players[seat].name);
  return h('section.stack', { 'data-testid': 'end' },
    h('h1', {}, names.length > 1 ? `${names.join(' and ')} share the win` : `${names[0] ?? 'Nobody'} wins`),
    h('p.muted', {}, `The match ended because ${REASONS[r.reason] ?? r.reason}.`),
    h('table.list', { 'data-testid': 'results' },
      h('thead', {}, h('tr', {}, ['Player', 'Score', 'Adjustment', 'Final', 'Hints'].map((t) => h('th', {}, t)))),
      h('tbody', {}, r.players.map((p) => h('tr', { class: winners.has(p.seat) ? 'winner' : undefined },
        h('td', {}, p.name, p.resigned ? ' (resigned)' : ''),
        h('td', {}, String(p.score - p.adjustment)),
        h('td', {}, p.adjustment > 0 ? `+${p.adjustment}` : String(p.adjustment)),
        h('td', {}, String(p.score)),
        h('td', {}, String(p.hints)))))),
    r.best_turn ? h('p', {}, `Best turn: ${r.best_turn.name}, ${r.best_turn.notation} for ${r.best_turn.score}`) : null,
    progressionChart(view),
    h('div.row', {},
      h('button.primary', { type: 'button', 'data-nav': 'home' }, 'New match'),
      h('button', { type: 'button', 'data-nav': 'history' }, 'History')));
}

/** Running totals per player after each turn, as an SVG line chart. */
function progressionChart(view) {
  const series = view.result.progression ?? [];
  const longest = Math.max(1, ...series.map((s) => s.length));
  const top = Math.max(1, ...series.flat());
  const W = 480; const H = 180; const pad = 24;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'Score progression');
  svg.style.maxWidth = '100%';
  const colours = ['#2f6f5e', '#c0533f', '#3c6fb2', '#9a6b16'];
  series.forEach((scores, seat) => {
    const points = [0, ...scores].map((score, i) => {
      const x = pad + (i * (W - 2 * pad)) / longest;
      const y = H - pad - (Math.max(0, score) * (H - 2 * pad)) / top;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    });
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', points.join(' '));
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', colours[seat % colours.length]);
    line.setAttribute('stroke-width', '3');
    const title = document.createElementNS(ns, 'title');
    title.textContent = view.players[seat]?.name ?? `Player ${seat + 1}`;
    line.append(title);
    svg.append(line);
  });
  return h('figure', {}, svg, h('figcaption.muted', {},
    view.players.map((p, i) => `${p.name}: ${['green', 'red', 'blue', 'amber'][i % 4]}`).join(' · ')));
}
