// Post-game analysis (SPEC §6), drawn from the backend's `match_analysis`: the end screen's
// biggest miss of each player, and in the match detail the per-player summary, the best move and
// points missed beside each turn, and alternatives drawn as a ghost on the step-through board
// (tiles and breakdown from the backend's `analysis_move`). Nothing here ranks or scores; the
// sentences are analysiswords.js's.
import * as commands from './commands.js';
import { onEvent } from './api.js';
import { breakdownLines } from './breakdown.js';
import { h, fill, messageOf } from './dom.js';
import { textWithWordLink } from './define.js';
import { unchallengedMark } from './challenge.js';
import { candidateText, turnSentence, sentenceWord, rankText, strongText, missHeading, missText, rackText, tilesText } from './analysiswords.js';

/** @typedef {import('./contract').Analysis} Analysis */
/** @typedef {import('./contract').TurnAnalysis} TurnAnalysis */
/** @typedef {import('./contract').Candidate} Candidate */
/** @typedef {import('./contract').GhostTile} GhostTile */

/** @param {number} n @param {string} word */
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The end screen's block: each player's biggest miss, then a link to the full analysis.
 *  `replaces`: the rule set's exchange replaces the whole rack (said "replaced").
 * @param {number} matchId @param {{ onOpen?: (() => Promise<void>) | null, replaces?: boolean }} [options] */
export function missedMovesBlock(matchId, { onOpen = null, replaces = false } = {}) {
  const heading = 'Biggest misses';
  const box = h('section.stack.analysis-end', { 'data-testid': 'end-analysis', 'aria-live': 'polite', 'aria-busy': 'true' },
    h('h2', {}, heading),
    h('p.muted', {}, 'Working out the best moves…'));
  commands.match_analysis({ match_id: matchId }).then((a) => {
    box.setAttribute('aria-busy', 'false');
    const items = a.players.map((p) => h('li', { 'data-testid': 'missed-move', 'data-seat': String(p.seat) },
      h('strong', {}, `${missHeading(p.name)}: `),
      // The best word itself opens its meaning.
      p.best_missed ? textWithWordLink(missText(p, a, replaces), p.best_missed.best.word, { matchId }) : missText(p, a, replaces)));
    // The link sits beside the heading rather than on a line of its own, so the end screen's
    // buttons stay above the fold at 1280×860.
    fill(box,
      h('div.row.analysis-end-head', {},
        h('h2', {}, heading),
        onOpen ? h('button.link', { type: 'button', 'data-testid': 'end-analysis-open', onclick: onOpen }, 'Full analysis') : null),
      h('ul.missed-moves', {}, items));
  }, (e) => {
    box.setAttribute('aria-busy', 'false');
    fill(box, h('h2', {}, heading), h('p.muted', {}, e.message));
  });
  return box;
}

/** The per-player summary table. @param {Analysis} a @param {boolean} bingos @param {boolean} replaces */
function summaryTable(a, bingos, replaces) {
  const heads = ['Player', 'Points missed', 'Average place (1 = the best move)', 'Best moves played', bingos ? 'Bingos found' : null, 'Biggest miss'].filter(Boolean);
  return h('table.list.analysis-summary', { 'data-testid': 'analysis-summary' },
    h('caption', {}, 'Analysis by player'),
    h('thead', {}, h('tr', {}, heads.map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, a.players.map((p) => h('tr', {},
      h('th', { scope: 'row' }, p.name),
      h('td', {}, String(p.points_missed)),
      // A tenth tells places apart near the top (1.4 v 2.0); far down it is noise ("906.0").
      h('td', {}, p.average_rank == null ? '—' : p.average_rank < 10 ? p.average_rank.toFixed(1) : String(Math.round(p.average_rank))),
      h('td', {}, `${p.best_played} of ${plural(p.turns, 'turn')}`),
      bingos ? h('td', {}, `${p.bingos_found ?? 0} of ${p.bingos_available ?? 0} available`) : null,
      h('td', {}, missText(p, a, replaces))))));
}

/** The text beside a turn: the rack held, the move beside the best one, its place among the
 *  possible moves, the strong computer's choice. `name`: the player of the turn.
 * @param {TurnAnalysis} t @param {string} name
 * @param {(t: TurnAnalysis, c: Candidate) => void} onGhost @param {number} matchId
 * @param {boolean} replaces  the rule set's exchange replaces the whole rack
 * @param {Element | null} mark  the "not in the list, not challenged" mark of the move played */
function turnCell(t, name, onGhost, matchId, replaces, mark) {
  const best = t.best_by_score;
  const facts = [turnSentence(name, t, replaces), rankText(t)];
  const named = sentenceWord(t);
  if (t.best_by_value && best && t.best_by_value.notation !== best.notation) facts.push(strongText(t.best_by_value));
  // A solo round's Replace puts the whole rack back: no choice of tiles to say.
  if (t.best_exchange && t.played.kind === 'exchange' && !replaces) facts.push(`The best exchange would have put back ${tilesText(t.best_exchange.tiles)}, keeping ${tilesText(t.best_exchange.keep)}.`);
  if (t.hint_taken) facts.push('A hint was taken.');
  const alternatives = t.alternatives.map((c, i) => h('li', {},
    h('button.ghost-button', {
      type: 'button', 'data-testid': 'alternative', 'data-turn': String(t.turn), 'data-move': c.notation,
      'aria-label': `Show ${candidateText(c)} on the board before turn ${t.turn}`,
      onclick: () => onGhost(t, c),
    }, `${i + 1}. ${c.word} ${c.place.split(' ')[0]} ${c.score}`)));
  return h('div.turn-analysis', { 'data-testid': 'turn-analysis', 'data-turn': String(t.turn) },
    // The match is over, so every rack may be shown.
    h('p.turn-rack', { 'data-testid': 'turn-rack' }, rackText(t.rack)),
    // The word the sentence names is its meaning control (none put before it: a tied best
    // move the sentence does not name read as a stray word, "LONE Lily played LOTE …").
    h('span', {}, named ? textWithWordLink(facts.filter(Boolean).join(' '), named, { matchId }) : facts.filter(Boolean).join(' ')),
    mark ? h('span', { 'data-testid': 'analysis-unchallenged' }, mark) : null,
    alternatives.length ? h('details.alternatives', {},
      h('summary', {}, `Alternatives (${alternatives.length})`),
      h('ul', {}, alternatives)) : null);
}

/** The ghost's description and breakdown (the backend's scorer), with a way to remove it.
 * @param {number} turn @param {Candidate} candidate @param {import('./contract').ScoredMove} scored
 * @param {() => void} onRemove */
function ghostInfo(turn, candidate, scored, onRemove) {
  return h('div.ghost-info.panel', { 'data-testid': 'ghost-info', role: 'status' },
    h('p', {}, h('strong', {}, `Ghost: ${candidateText(candidate)}`), ` — shown with dashed tiles on the board before turn ${turn}, instead of the move played.`),
    h('ul', {}, breakdownLines(scored).map((line) => h('li', {}, line)),
    h('li', {}, `Total ${scored.score}`)),
    h('button', { type: 'button', 'data-testid': 'ghost-remove', onclick: onRemove }, 'Remove the ghost'));
}

/**
 * Loads the analysis into the match detail. `rows`: the turn table's rows by turn number;
 * `box`: where the summary goes; `showGhost(turn, tiles | null)` draws (or removes) ghost
 * tiles on the board as it was before `turn`; `ghostBox`: where the ghost's breakdown goes;
 * `replaces`: the rule set's exchange replaces the whole rack (an exchange is said
 * "replaced").
 * @param {object} where
 * @param {number} where.matchId
 * @param {Map<number, Element>} where.rows
 * @param {Element} where.box
 * @param {Element} where.ghostBox
 * @param {(turn: number | null, tiles: GhostTile[] | null, candidate?: Candidate) => void} where.showGhost
 * @param {boolean} where.bingos  the summary counts bingos
 * @param {boolean} [where.replaces]
 * @param {import('./contract').UnchallengedTurn[]} [where.unchallenged]  the backend's plays
 *   that stood with words outside the list, nobody having challenged them: the analysis of
 *   such a turn marks them as the scoresheet does
 */
export async function attachAnalysis({ matchId, rows, box, ghostBox, showGhost, bingos, replaces = false, unchallenged = [] }) {
  fill(box, h('p.muted', { 'data-testid': 'analysis-loading' }, 'Working out the best moves…'));
  /** @type {import('./contract').Analysis} */
  let a;
  try { a = await commands.match_analysis({ match_id: matchId }); } catch (e) { fill(box, h('p.muted', {}, messageOf(e))); return null; }
  const removeGhost = () => { fill(ghostBox); showGhost(null, null); };
  /** @param {TurnAnalysis} t @param {Candidate} c */
  async function onGhost(t, c) {
    /** @type {import('./contract').AnalysisMove} */
    let r;
    try { r = await commands.analysis_move({ match_id: matchId, turn: t.turn, move: c.notation }); } catch (e) { fill(ghostBox, h('p.error', {}, messageOf(e))); return; }
    showGhost(t.turn, r.ghost, c);
    fill(ghostBox, ghostInfo(t.turn, c, r.scored, removeGhost));
  }
  fill(box,
    h('h2', { id: 'analysis' }, 'Analysis'),
    h('p.muted', {}, `By the move generator, with this match's own rules and word list (${a.list_name}). Points missed: the best score available minus the score played. The strong computer is the Hard player, which weighs the tiles a move keeps as well as its score.`),
    // Scrolls sideways on a phone: a tab stop of its own (its table holds no control).
    h('div.table-scroll', { tabindex: '0', role: 'region', 'aria-label': 'Analysis by player' }, summaryTable(a, bingos, replaces)));
  for (const t of a.turns) {
    const row = rows.get(t.turn);
    const cell = row?.querySelector('[data-analysis-cell]');
    if (cell) fill(cell, turnCell(t, a.players.find((p) => p.seat === t.player)?.name ?? `Player ${t.player + 1}`, onGhost, matchId, replaces, unchallengedMark(unchallenged, t.turn)));
  }
  return { analysis: a, removeGhost };
}

/** A line on the history screen while past matches are (re-)analysed in the background (after
 *  an analyser upgrade, or matches from an older history): starts the work, then follows the
 *  backend's progress events until it is done, then goes. Play is never held up: the backend
 *  does it on its own thread. `signal`: the screen's, which stops the following.
 * @param {AbortSignal} [signal] */
export function backgroundProgress(signal) {
  const line = h('p.muted.analysis-progress', { 'data-testid': 'analysis-progress', role: 'status', hidden: true });
  const bar = /** @type {HTMLProgressElement} */ (h('progress', { max: '1', value: '0', 'aria-hidden': 'true' }));
  const text = h('span');
  line.append(text, ' ', bar);
  /** @param {import('./contract').Progress} p */
  const show = (p) => {
    line.hidden = !p.running;
    text.textContent = `Analysing past matches in the background: ${p.done} of ${p.total}…`;
    bar.max = p.total; bar.value = p.done;
  };
  // Listening first, so no step between the answer and the first event is missed.
  let latest = -1; // the `done` shown, so an answer older than an event shown changes nothing
  const stop = onEvent((e) => {
    // Progress may have been missed: asked again (the answer shows only if it is newer).
    if (e.event === 'resync') { ask(false); return; }
    if (e.event !== 'analysis_progress') return;
    latest = e.progress.running ? e.progress.done : Infinity;
    show(e.progress);
    if (!e.progress.running) stop();
  });
  signal?.addEventListener('abort', stop);
  /** @param {boolean} start */
  const ask = (start) => commands.analysis_progress({ start }).then((p) => {
    if (!p.running) { show(p); stop(); } else if (p.done > latest) show(p);
  }, () => stop());
  ask(true);
  return line;
}
