// The end of a match: final scores with each adjustment, winner(s), assistance, best turn and
// the score progression, all as the backend reported them.
import { h } from './dom.js';
import { progressionChart } from './chart.js';
import { missedMovesBlock } from './analysis.js';
import { renderBoard } from './board.js';
import { withCoordinates, renderScoresheet, startTotals, headStarts } from './scoresheet.js';
import { winnerMoment } from './winner.js';
import { textWithWordLink } from './define.js';
import { unchallengedWords } from './challenge.js';
import { seatName } from './seats.js';

/** @typedef {import('./contract').MatchView} MatchView */
/** @typedef {import('./contract').ResultView} ResultView */

/** Why the match ended, by the backend's `reason`; `solo` for a one-player round. `outName`:
 *  who went out, when the result shows it.
 * @param {import('./contract').EndReason} reason @param {boolean} solo
 * @param {string | null} [outName] @param {number | null} [limit] */
function reasonText(reason, solo, outName = null, limit = null) {
  switch (reason) {
    case 'went_out':
      if (solo) return 'You used every tile.';
      return `${outName ?? 'A player'} used their last tile with the bag empty.`;
    case 'scoreless_turns': return solo ? 'The round ended after too many turns without a score.' : 'The match ended after too many turns in a row without a score.';
    case 'resigned': return solo ? 'You ended the round.' : 'The match ended by resignation.';
    case 'turn_limit':
      if (!limit) return 'The turn limit was reached.';
      return solo ? `All ${limit} turns are played.` : `Every player has played ${limit} turns.`;
    default: return `The match ended (${reason}).`;
  }
}

/** @param {number} n @param {string} word */
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Who went out, as the backend's result names it (`went_out`, a seat).
 * @param {ResultView} r */
function wentOutName(r) {
  return r.went_out != null ? r.players.find((p) => p.seat === r.went_out)?.name ?? null : null;
}

/** A view of a match that is over, with its result (the backend's `over` is set exactly
 *  when it has one).
 * @param {MatchView} v @returns {v is MatchView & { result: ResultView }} */
export const hasResult = (v) => v.over && v.result != null;

/**
 * The end screen's heading: who won (or a solo round's points), from the backend's result.
 * @param {MatchView} view  a view of a match that is over
 */
export function endTitle(view) {
  const r = view.result;
  if (!r) return 'Match over';
  const names = r.winners.map((seat) => view.players[seat].name);
  if (view.rules.solo) return `Round over: ${r.players[0].score} point${r.players[0].score === 1 ? '' : 's'}`;
  if (names.length > 1) return `${names.join(' and ')} share the win`;
  return `${names[0] ?? 'Nobody'} wins`;
}

/** `onDetails`: opens the match's detail (the final board, every turn); `onRematch`: starts
 *  the same table again (the backend's `rematch`).
 * @param {MatchView & { result: ResultView }} view  a view of a match that is over
 * @param {{ onDetails?: (() => Promise<void>) | null, onRematch?: (() => Promise<void>) | null }} [actions]
 */
export function renderEnd(view, { onDetails = null, onRematch = null } = {}) {
  const r = view.result;
  const winners = new Set(r.winners);
  const solo = view.rules.solo;
  // A Hints column only where the rule set offers hints (solo's word checker is no hint).
  const hinted = (view.rules?.hints ?? []).length > 0 || r.players.some((p) => p.hints > 0);
  // A Take-backs column once anybody took a move back (the backend's count, as the history
  // list says it): assistance, like a hint.
  const tookBack = r.players.some((p) => p.take_backs > 0);
  const start = startTotals(view);
  const head = headStarts(view);
  const finalBoard = h('div.end-board', { 'data-testid': 'final-board' },
    withCoordinates(renderBoard(view, [], () => {}), view.rules.board_size));
  return h('section.stack.end-screen', { 'data-testid': 'end' },
    // The winner's name large with the final scores; its heading is focused when the match
    // ends (match.js), so a screen reader starts here.
    winnerMoment(view, endTitle(view)),
    h('p.muted', { 'data-testid': 'end-reason' }, reasonText(r.reason, solo, r.reason === 'went_out' ? wentOutName(r) : null, view.turn_limit)),
    // A solo round says what Word Tiles' "Round complete" says: the points, the scoring
    // plays (an exchange or a pass is none; the backend counts them) and the best turn.
    solo ? h('p', { 'data-testid': 'solo-summary' },
      `${plural(r.players[0].score, 'point')} from ${plural(view.scoring_plays?.[0] ?? 0, 'scoring play')}.`) : null,
    // The way on first, above the fold: the same table again (a solo round: a new round), or
    // a new one.
    h('div.row', {},
      onRematch ? h('button.primary', { type: 'button', 'data-testid': 'rematch', onclick: onRematch }, solo ? 'New round' : 'Rematch') : null,
      h(onRematch ? 'button' : 'button.primary', { type: 'button', 'data-nav': 'home' }, 'New match'),
      onDetails ? h('button', { type: 'button', 'data-testid': 'end-details', onclick: onDetails }, 'Final board and turns') : null,
      h('button', { type: 'button', 'data-nav': 'history' }, 'History')),
    // In a box of its own that scrolls sideways if it must: at 360 px its five columns were
    // 363 px wide and pushed the whole end screen 12 px past the right edge (cut off there).
    h('div.table-scroll.results-scroll', { tabindex: '0', role: 'region', 'aria-label': 'Results' }, h('table.list', { 'data-testid': 'results' },
      h('thead', {}, h('tr', {}, ['Player', start ? 'Start' : null, head ? 'Head start' : null, 'Score', 'Adjustment', 'Final', hinted ? 'Hints' : null, tookBack ? 'Take-backs' : null].map((t) => t && h('th', {}, t)))),
      h('tbody', {}, r.players.map((p) => h('tr', { class: winners.has(p.seat) ? 'winner' : undefined },
        h('td', {}, seatName(view.players[p.seat]?.colour, p.name), p.resigned ? ' (resigned)' : ''),
        // The points the seat started with (the backend's view): already in its score.
        start ? h('td', { 'data-testid': 'result-start' }, String(start[p.seat] ?? 0)) : null,
        // The head start the table chose for the seat, apart from the rule set's: in its score too.
        head ? h('td', { 'data-testid': 'result-head-start' }, `+${head.heads[p.seat] ?? 0}`) : null,
        h('td', {}, String(p.score_before_adjustment)),
        h('td', {}, p.adjustment > 0 ? `+${p.adjustment}` : String(p.adjustment)),
        h('td', {}, String(p.score)),
        hinted ? h('td', {}, String(p.hints)) : null,
        tookBack ? h('td', { 'data-testid': 'result-take-backs' }, String(p.take_backs)) : null))))),
    // The backend's words for a best turn, as the statistics say it; its word opens its meaning.
    r.best_turn ? h('p', { 'data-testid': 'best-turn' }, 'Best turn: ', seatName(view.players[r.best_turn.seat]?.colour, r.best_turn.name), ': ', textWithWordLink(r.best_turn.text, r.best_turn.word, { matchId: view.id }), unchallengedWords(r.best_turn.unchallenged)) : null,
    // Each player's best missed move, from the backend's post-game analysis; its link opens
    // the detail at the full analysis.
    view.id != null ? missedMovesBlock(view.id, {
      replaces: view.rules.exchange === 'solo',
      onOpen: onDetails ? async () => {
        await onDetails();
        const heading = document.getElementById('analysis');
        if (heading) { heading.setAttribute('tabindex', '-1'); heading.scrollIntoView({ block: 'start' }); heading.focus(); }
      } : null,
    }) : null,
    progressionChart(r.progression ?? [], view.players.map((p) => p.name), { final: true, start: view.players.map((p) => p.start_total ?? 0), colours: view.players.map((p) => p.colour) }),
    h('div.end-table', {}, finalBoard, renderScoresheet(view, null, null)));
}
