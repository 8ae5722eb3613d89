// The match detail's board, turn by turn: First / Previous / Next / Last and the arrow keys
// step through the backend's boards after each turn, the turn table's row of the step is
// marked, the score chart marks it too, and an analysis ghost (an alternative move) can be
// drawn over the board before its turn. Every board comes from the backend (`match_detail`).
import { h, fill, announce } from './dom.js';
import { progressionChart } from './chart.js';
import { withCoordinates } from './scoresheet.js';
import { replayBoard } from './replayboard.js';
import { candidateText, rackText } from './analysiswords.js';

/** @typedef {import('./contract').TurnDetail} TurnDetail */
/** An alternative drawn over the board before its turn.
 * @typedef {{ turn: number, tiles: import('./contract').GhostTile[], candidate: import('./contract').Candidate }} Ghost */

/**
 * The replay of `detail` (the backend's `match_detail` answer).
 * @param {import('./contract').MatchDetail} detail
 * @param {HTMLElement[]} turnRows  the turn table's rows, one per turn (marked as the step moves)
 * @param {(turn: TurnDetail) => string} describe  the move in words, for the caption
 * @param {AbortSignal} signal  aborts when the screen goes (the arrow keys' listener goes with it)
 */
export function createReplay(detail, turnRows, describe, signal) {
  const turns = detail.turns;
  const names = detail.summary.players.map((p) => p.name);
  const size = detail.rules.board_size;
  const emptyRows = Array.from({ length: size }, () => '.'.repeat(size));
  let step = turns.length; // 0: before the first turn; n: after turn n
  /** @type {Ghost | null} */
  let ghost = null; // while an alternative is drawn
  const ghostBox = h('div'); // the step's caption says what is drawn (announced by show)
  const boardBox = h('div.replay-board-box');
  const caption = h('p.replay-caption', { 'data-testid': 'replay-caption' });
  // The rack each player held, once the analysis (of a finished match) has come in.
  /** @type {Map<number, string>} */
  let racks = new Map();
  const rackLine = h('p.replay-rack', { 'data-testid': 'replay-rack' });
  const chartBox = h('div');
  /** @param {string} label @param {string} testid @param {() => number} to */
  const control = (label, testid, to) => h('button', { type: 'button', 'data-testid': testid, 'aria-label': label, onclick: () => show(to()) }, label);
  const controls = h('div.row.replay-controls', { role: 'group', 'aria-label': 'Step through the turns' },
    control('First', 'replay-first', () => 0),
    control('Previous', 'replay-prev', () => step - 1),
    control('Next', 'replay-next', () => step + 1),
    control('Last', 'replay-last', () => turns.length));

  /** The rack held on the turn shown (or the ghost's), once the racks are in; answers it. */
  function drawRack() {
    const t = ghost ? turns[ghost.turn - 1] : (step ? turns[step - 1] : null);
    const rack = t && racks.get(t.number);
    fill(rackLine, rack ? rackText(rack, t.player_name ?? names[t.player], t.number) : '');
    rackLine.hidden = !rack;
    return rack;
  }

  let drawn = false; // the first drawing is no news: only a step is announced
  /** @param {number} to @param {Ghost | null} [withGhost] */
  function show(to, withGhost = null) {
    step = Math.max(0, Math.min(turns.length, to));
    // Moving on removes a ghost; one is drawn over the board before its turn.
    if (ghost && !withGhost) { ghost = null; fill(ghostBox); }
    if (withGhost) ghost = withGhost;
    const at = step ? detail.boards[step - 1] : null;
    // With its coordinates: the turns beside it are written in that notation.
    fill(boardBox, withCoordinates(replayBoard({
      size, star: detail.rules.star, premiums: detail.premiums, values: detail.letter_values,
      rows: at ? at.rows : emptyRows, placed: ghost ? [] : (at ? at.placed : []), ghost: ghost ? ghost.tiles : [],
    }), size));
    const t = step ? turns[step - 1] : null;
    fill(caption, ghost
      ? `Before turn ${ghost.turn}, with a ghost: ${candidateText(ghost.candidate)}`
      : t
        ? `After turn ${step} of ${turns.length}: ${t.player_name ?? names[t.player]}, ${describe(t)}${t.kind === 'place' ? ` for ${t.score}` : ''}`
        : `Before the first turn (${turns.length} turn${turns.length === 1 ? '' : 's'} in all)`);
    const rack = drawRack();
    if (drawn) announce(`${caption.textContent}${rack ? `. ${rackLine.textContent}` : ''}`);
    drawn = true;
    controls.querySelectorAll('button').forEach((b, i) => { b.disabled = i < 2 ? step === 0 : step === turns.length; });
    turnRows.forEach((row, i) => {
      row.classList.toggle('current', i + 1 === step);
      if (i + 1 === step) row.setAttribute('aria-current', 'step'); else row.removeAttribute('aria-current');
    });
    fill(chartBox, progressionChart(names.map((_, seat) => turns.map((x) => x.totals[seat])), names, { marker: step, start: detail.start_totals ?? detail.rules.start_points ?? [], colours: detail.colours ?? [] }));
  }

  // Arrow keys step while the detail is on screen, wherever the focus is (not in a field or a
  // dialog).
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.target instanceof Element && e.target.closest('input, textarea, select, summary, dialog')) || document.querySelector('dialog[open]')) return;
    /** @type {Record<string, number | undefined>} */
    const steps = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: turns.length };
    const to = steps[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  }, { signal });

  const region = h('div.stack', { role: 'region', 'aria-label': 'Board, turn by turn', tabindex: '0', 'data-testid': 'replay' }, boardBox, caption, rackLine, ghostBox, controls,
    h('p.muted.hint-keys', {}, 'Arrow keys step back and forward; Home and End jump to the ends.'));
  /** The racks held, by turn number (a finished match's analysis): shown from now on. */
  // Only the rack line changes: the board is not drawn again (its coordinates' resize
  // observer would see a second layout in the same frame).
  /** @param {Map<number, string>} byTurn */
  const setRacks = (byTurn) => { racks = byTurn; drawRack(); };
  return { region, chartBox, ghostBox, show, step: () => step, setRacks };
}
