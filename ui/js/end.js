// The end of a match: final scores with each adjustment, winner(s), assistance, best turn and
// the score progression, all as the backend reported them.
import { h } from './dom.js';

/** Why the match ended, by the backend's `reason`; `solo` for a one-player round. */
function reasonText(reason, solo) {
  switch (reason) {
    case 'went_out': return solo ? 'You used every tile.' : 'A player used their last tile with the bag empty.';
    case 'scoreless_turns': return solo ? 'The round ended after too many turns without a score.' : 'The match ended after too many turns in a row without a score.';
    case 'resigned': return solo ? 'You ended the round.' : 'The match ended by resignation.';
    case 'turn_limit': return 'The turn limit was reached.';
    default: return `The match ended (${reason}).`;
  }
}

export function renderEnd(view) {
  const r = view.result;
  const winners = new Set(r.winners);
  const names = r.winners.map((seat) => view.players[seat].name);
  const solo = view.players.length === 1;
  let title;
  if (solo) title = `Round over: ${r.players[0].score} point${r.players[0].score === 1 ? '' : 's'}`;
  else if (names.length > 1) title = `${names.join(' and ')} share the win`;
  else title = `${names[0] ?? 'Nobody'} wins`;
  return h('section.stack', { 'data-testid': 'end' },
    h('h1', {}, title),
    h('p.muted', { 'data-testid': 'end-reason' }, reasonText(r.reason, solo)),
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
