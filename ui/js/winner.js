// The winner moment at the top of the end screen: the winner's name large, then every final
// score, from the backend's result (its winners and final scores; nothing is worked out
// here). Its entrance is an animation only where the player has not asked for reduced motion
// (family.css).
import { h } from './dom.js';
import { seatName } from './seats.js';

/**
 * @param {import('./contract').MatchView & { result: import('./contract').ResultView }} view  a finished match's view
 * @param {string} title  the end screen's heading (end.js's endTitle)
 */
export function winnerMoment(view, title) {
  const r = view.result;
  const winners = new Set(r.winners);
  const ranked = [...r.players].sort((a, b) => b.score - a.score || a.seat - b.seat);
  return h('div.winner-moment', { 'data-testid': 'winner-moment' },
    // Focused when the match ends (match.js), so a screen reader starts here.
    h('h1.winner-name', { tabindex: '-1', 'data-testid': 'winner-name' }, title),
    view.rules.solo ? null : h('ol.final-scores', { 'data-testid': 'final-scores', 'aria-label': 'Final scores' },
      ranked.map((p) => h('li', { class: winners.has(p.seat) ? 'won' : undefined, dataset: { seat: String(p.seat) } },
        h('span.final-name', {}, seatName(view.players[p.seat]?.colour, p.name), p.resigned ? ' (resigned)' : ''),
        h('span.final-score', {}, String(p.score))))));
}
