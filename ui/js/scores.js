// Scores, bag count and the last move, as text from the view.
import { h } from './dom.js';
import { seatName } from './seats.js';
import { startPointsNote } from './explain.js';

/**
 * `replaces`: the rule set's exchange replaces the whole rack (the rules' `exchange` is
 * `solo`), so an exchange is said "replaced".
 * @param {import('./contract').LastMove} m
 * @param {boolean} [replaces]
 */
export function lastMoveText(m, replaces = false) {
  switch (m.action) {
    case 'play': return `${m.name} played ${m.words.join(', ')} for ${m.score}`;
    case 'exchange': return `${m.name} ${replaces ? 'replaced' : 'exchanged'} ${m.count} tile${m.count === 1 ? '' : 's'}`;
    case 'pass': return `${m.name} passed`;
    case 'resign': return `${m.name} resigned`;
    default: return `${m.name}: ${m.action}`;
  }
}

/**
 * The last move as a sentence for the status region: "Ann played CATS at 5D for 4".
 * @param {import('./contract').LastMove} m
 * @param {boolean} [replaces]  as lastMoveText's
 */
export function moveSentence(m, replaces = false) {
  if (m.action !== 'play') return lastMoveText(m, replaces);
  const at = m.notation ? ` at ${m.notation.split(' ')[0]}` : '';
  return `${m.name} played ${m.words.join(', ')}${at} for ${m.score}`;
}

/**
 * @param {import('./contract').MatchView} view
 */
export function renderScores(view) {
  return h('div.scores', { 'data-testid': 'scores' },
    view.players.map((p) => h('div.score', {
      class: [view.to_move === p.seat && !view.over ? 'to-move' : '', p.resigned ? 'resigned' : ''].join(' ').trim() || undefined,
      dataset: { seat: String(p.seat) },
    },
    h('span', {}, seatName(p.colour, p.name), p.computer ? h('span.muted', {}, ` (computer, ${p.computer})`) : null),
    h('span', { 'data-testid': `score-${p.seat}` }, String(p.score)))),
    // Why some seats started with points, in plain words, beside the scores.
    startPointsNote(view),
    h('div.muted', { 'data-testid': 'bag' }, `Bag: ${view.bag} tile${view.bag === 1 ? '' : 's'}`));
}

/** The scores, the bag and the last move above the board, for narrow screens, where the full
 *  panel sits below the preview and out of sight while a player places tiles. The panel says
 *  the same to screen readers, so this line is hidden from them.
 * @param {import('./contract').MatchView} view
 */
export function renderScoreStrip(view) {
  return h('div.score-strip', { 'data-testid': 'score-strip', 'aria-hidden': 'true' },
    view.players.map((p) => h('span', {
      class: [view.to_move === p.seat && !view.over ? 'to-move' : '', p.resigned ? 'resigned' : ''].join(' ').trim() || undefined,
    }, seatName(p.colour, p.name), ` ${p.score}`)),
    h('span.muted', {}, `Bag ${view.bag}`),
    // With a computer at the table there is no cover to say what it just played.
    // The line is there before the first move too, so the board does not jump down by it
    // (23 px at 390 px) once a move has been made.
    view.last_move ? h('span.strip-last', { 'data-testid': 'strip-last-move' }, lastMoveText(view.last_move, view.rules?.exchange === 'solo'))
      : h('span.strip-last.muted', {}, 'No move yet'));
}
