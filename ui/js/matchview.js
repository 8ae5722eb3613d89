// Draws the match screen from the backend's view and the draft: board, rack or cover, the
// turn's controls, the preview panel, scores and the tile tracker. It only reports intents to
// the handlers it is given (match.js carries them out); it keeps no state and asks nothing.
import { h } from './dom.js';
import { renderBoard, patchBoard } from './board.js';
import { renderRack } from './rack.js';
import { renderPreview } from './preview.js';
import { renderCover } from './handoff.js';
import { renderScores, renderScoreStrip, lastMoveText } from './scores.js';
import { SUBMIT_KEY } from './keyboard.js';
import { usedIndexes } from './staging.js';
import { renderScoresheet, withCoordinates } from './scoresheet.js';
import { takeBackButton } from './takeback.js';
import { unseenGrid } from './unseen.js';
import { defineButton } from './define.js';
import { challengeControls, challengeResult, wordLookup } from './challenge.js';

/** @typedef {import('./contract').MatchView} MatchView */
/** @typedef {import('./contract').PreviewAnswer} PreviewAnswer */
/** @typedef {import('./contract').WordGroup} WordGroup */
/** @typedef {import('./matchstate.js').ViewState} ViewState */
/** @typedef {import('./matchinput.js').Handlers} Handlers */

/**
 * The screen while a human player's turn runs (rack out) or waits behind the cover.
 * @param {MatchView} v  the match view
 * @param {ViewState} state  the rest to draw (matchstate.js viewState)
 * @param {Handlers} on  the handlers (matchinput.js)
 */
export function renderTurn(v, state, on) {
  if (v.covered) return layout(v, state, on, renderCover(v, on.reveal, [takeBackButton(v, on.takeBack), abandonButton(v, on)], on));
  const { draft } = state;
  const rack = rackOf(v, state, on);
  // The engine says whether the player may take a hint now (none when "Allow hints" is off)
  // and which one the match gives.
  const canHint = v.can.hint;
  // Named for what it gives: the classic sets stage a whole move (SPEC "Suggest a move").
  const suggests = v.hint_kind === 'suggest_move';
  const hintLabel = suggests ? 'Suggest a move' : 'Hint';
  const hintTitle = `${suggests ? 'Places the best-scoring move as a draft' : 'Lists the words your rack can spell'}; every hint is recorded in the result`;
  const controls = h('div.controls', {},
    h('button.primary', {
      type: 'button', 'data-action': 'play', disabled: !state.preview?.legal, onclick: on.play,
      title: touchOnly() ? 'Play' : `Play (${SUBMIT_KEY.label})`, 'aria-keyshortcuts': SUBMIT_KEY.aria,
    }, 'Play', touchOnly() ? null : h('kbd.shortcut', { 'aria-hidden': 'true' }, SUBMIT_KEY.label)),
    h('button', { type: 'button', 'data-action': 'recall', disabled: !draft.staged.length, title: 'Recall (Esc)', onclick: on.recall }, 'Recall'),
    h('button', { type: 'button', 'data-action': 'shuffle', onclick: on.shuffle }, 'Shuffle'),
    // A match whose bag starts too small never allows one: no control (exchangeNote says so).
    v.exchange_blocked?.never ? null : h('button', {
      type: 'button', 'data-action': 'exchange', disabled: !v.can.exchange, onclick: on.exchange,
      'aria-describedby': v.exchange_blocked ? 'exchange-why' : undefined,
    }, v.rules.exchange === 'solo' ? 'Replace' : 'Exchange'),
    h('button', { type: 'button', 'data-action': 'pass', disabled: !v.can.pass, onclick: on.pass }, 'Pass'),
    canHint ? h('button', { type: 'button', 'data-action': 'hint', disabled: state.hinting, 'aria-busy': String(Boolean(state.hinting)), title: hintTitle, onclick: on.hint }, state.hinting ? 'Thinking…' : hintLabel) : null,
    takeBackButton(v, on.takeBack),
    v.can.resign ? h('button.danger', { type: 'button', 'data-action': 'resign', onclick: on.resign }, 'Resign') : null,
    abandonButton(v, on));
  const side = h('div.stack.match-extra', {},
    h('div.preview.panel', {}),
    state.hintWords ? hintWords(state.hintWords, v.id) : null,
    wordLookup(v));
  // Key hints only where there is a keyboard to press them (not on touch-only devices).
  const keys = touchOnly() ? null : h('p.key-help.muted', { 'data-testid': 'key-help' },
    `Keys: arrows move the cursor, Space turns it, a letter places that tile, Enter places the chosen tile, Backspace takes back, Esc recalls, ${SUBMIT_KEY.label} plays.`);
  const screen = layout(v, state, on, h('div.turn-controls', {}, rack, controls, exchangeNote(v), keys), side);
  showPreview(screen, state.preview);
  return screen;
}

/** Abandon: the whole table stops (asked first, naming the match: closematch.js). Beside
 *  Resign during a turn and beside the take-back on the cover, so the table can stop at the
 *  handoff too; never while a computer plays (its screen has no controls). In the side
 *  panel's first line it cost the app window's 1100×820 screen 17 px of scrolling.
 * @param {MatchView} v @param {Handlers} on */
function abandonButton(v, on) {
  if (!on.abandon || v.over) return null;
  return h('button', { type: 'button', 'data-action': 'abandon', 'data-testid': 'abandon-match', onclick: on.abandon }, 'Abandon');
}

/** Why Exchange is greyed out, beside it (the backend's `exchange_blocked`); where no exchange
 *  is ever possible in this match, said once, in each player's first turn.
 * @param {MatchView} v */
function exchangeNote(v) {
  const b = v.exchange_blocked;
  if (!b) return null;
  if (b.never) {
    if (v.turn >= v.players.length) return null;
    return h('p.exchange-note.muted', { id: 'exchange-why', 'data-testid': 'exchange-why' },
      `No exchanges in this match: with ${v.players.length} players the bag starts with fewer than the ${b.min_bag} tiles an exchange needs.`);
  }
  return h('p.exchange-note.muted', { id: 'exchange-why', 'data-testid': 'exchange-why' },
    `Exchange needs at least ${b.min_bag} tiles in the bag; it holds ${b.bag}.`);
}

/** @param {MatchView} v @param {ViewState} state @param {Handlers} on */
function rackOf(v, { draft, order, rackFocus }, on) {
  const used = usedIndexes(draft.staged);
  const rack = v.rack ?? [];
  return renderRack(rack, order, used, draft.selected, v.letter_values, {
    onSelect: (i) => on.rackSelect(i),
    onDragStart: (i, e) => { if (!used.has(i)) on.rackPress(i, rack[i], e); },
  }, rackFocus ?? null);
}

/**
 * Brings a turn screen drawn by renderTurn(v, {draft: before, ...}) up to `state`, where only
 * the draft changed (same view, rack order and hint state): the squares whose staged tile or
 * cursor changed, the rack and Recall. The preview panel keeps its answer until the new one
 * is in (showPreview). Drawing the whole screen again on every drop took most of the time
 * from the drop to the painted preview (tests/e2e/latency.test.js).
 * @param {HTMLElement | null} screen @param {MatchView} v @param {ViewState} state
 * @param {import('./staging.js').Draft} before @param {Handlers} on
 */
export function patchTurn(screen, v, state, before, on) {
  const board = screen?.querySelector('[data-testid=board]');
  const rack = screen?.querySelector('[data-testid=rack]');
  if (!screen || !board || !rack) return false;
  patchBoard(board, v, before, state.draft, on.square ?? (() => {}), boardOptions(v, state, on));
  rack.replaceWith(rackOf(v, state, on));
  const recall = /** @type {HTMLButtonElement | null} */ (screen.querySelector('[data-action="recall"]'));
  if (recall) recall.disabled = !state.draft.staged.length;
  return true;
}

/** @param {MatchView} v @param {ViewState} state @param {Handlers} on
 * @returns {import('./board.js').BoardOptions} */
function boardOptions(v, state, on) {
  const { draft } = state;
  return {
    // The cursor shows only while this player's rack is out (not on the cover).
    cursor: v.rack && !v.covered ? draft.cursor : null,
    roving: true,
    // The staged tile is looked up when pressed (a patched board keeps older squares).
    onStagedPress: (row, col, e) => on.stagedPress?.(row, col, e),
    // A scoresheet turn tapped: its squares outlined; a computer's move still arriving.
    highlight: (v.turns ?? []).find((t) => t.number === state.selectedTurn && !t.taken_back)?.squares ?? [],
    arriving: state.arriving ?? [],
  };
}

/**
 * The screen while a computer seat thinks (or says its move failed, with "Try again").
 * @param {MatchView} v @param {ViewState} state @param {Handlers} on
 * @param {() => void} [retry]  asks the backend to try the failed move again
 */
export function renderThinking(v, state, on, retry = () => {}) {
  // Over: the last computer move's tiles are still arriving, then the end screen.
  if (v.over || v.to_move == null) return layout(v, state, on, h('p', { 'data-testid': 'thinking' }, `${v.last_move?.name ?? ''} is playing…`));
  const mover = v.players[v.to_move];
  // A person may still challenge the play before this computer's turn: the "Challenge?"
  // cover comes first (the computer waits for it on the backend).
  const asks = challengeControls(v, on);
  if (asks) return layout(v, state, on, h('section.cover.panel', { 'data-testid': 'challenge-cover' }, h('h1', {}, 'Challenge?'), asks));
  if (state.computerFailed) {
    return layout(v, state, on, h('div.stack', { role: 'alert', 'data-testid': 'computer-failed' },
      h('p', {}, state.computerFailed),
      h('div.row', {}, h('button.primary', { type: 'button', 'data-action': 'retry-computer', onclick: retry }, 'Try again'))));
  }
  return layout(v, state, on, h('div.stack', {}, challengeResult(v), h('p', { 'data-testid': 'thinking' }, `${mover.name} is thinking…`)));
}

/** Puts a preview answer (null: nothing staged) into the screen's preview panel and enables
 *  Play only for a legal move.
 * @param {Element} screen @param {PreviewAnswer | null} preview */
export function showPreview(screen, preview) {
  const el = screen.querySelector('.preview');
  if (el) renderPreview(el, preview);
  const play = /** @type {HTMLButtonElement | null} */ (screen.querySelector('[data-action="play"]'));
  if (play) play.disabled = !(preview?.legal);
}

/** @param {MatchView} v @param {ViewState} state @param {Handlers} on @param {HTMLElement} below
 * @param {HTMLElement | null} [extra] */
function layout(v, state, on, below, extra = null) {
  const { draft } = state;
  // Grid areas (app.css): the play area, then the preview, then scores and the tracker, so on
  // a narrow screen the preview sits right under the controls.
  return h('section.match', {
    'data-testid': 'match', dataset: { matchId: String(v.id) }, 'aria-labelledby': 'match-title',
    onpointerdown: () => on.press?.(),
    onfocusin: (/** @type {FocusEvent} */ e) => {
      const t = e.target instanceof Element ? /** @type {HTMLElement | null} */ (e.target.closest('.rack .tile')) : null;
      if (t) on.rackFocus?.(Number(t.dataset.index));
    },
  },
  h('h1.visually-hidden', { id: 'match-title' }, `${v.rules.guide.name}: ${v.players.map((p) => p.name).join(' v ')}`),
  h('div.play-area', {},
    renderScoreStrip(v),
    zoomable(v, state, on, withCoordinates(renderBoard(v, draft.staged, on.square ?? (() => {}), boardOptions(v, state, on)), v.rules.board_size)),
    below),
  extra,
  h('aside.stack.match-info', {},
    h('div.panel', {},
      h('div.muted', {}, `${v.rules.guide.name} · ${v.list.name}`),
      renderScores(v),
      turnCounter(v),
      v.last_move ? h('p', { 'data-testid': 'last-move' }, lastMoveText(v.last_move, v.rules.exchange === 'solo'),
        // The move's words looked up where it is reported (a computer's move above all).
        v.last_move.action === 'play' ? [' ', defineButton(v.last_move.words, { matchId: v.id }, { text: 'Meaning', className: 'word-link' })] : null) : null),
    state.tracker && v.unseen && !v.over ? unseenGrid(v) : null),
  h('div.match-sheet', {}, renderScoresheet(v, state.selectedTurn ?? null, on.selectTurn ?? (() => {}))));
}

/** A device whose only pointer is a finger (no keyboard shortcut is worth showing). */
function touchOnly() {
  return Boolean(globalThis.matchMedia?.('(hover: none) and (pointer: coarse)').matches);
}

/** "Words from rack": by length, longest first, and within a length by score (the
 *  backend's order and groups).
 * @param {WordGroup[]} groups @param {number} matchId */
function hintWords(groups, matchId) {
  return h('div.panel', { 'data-testid': 'hint-words' }, h('strong', {}, 'Words from your rack'), h('span.muted', {}, ' (a hint: shown in the result)'),
    groups.length
      ? groups.map((g) => h('p.hint-group', { dataset: { length: String(g.length) } },
        h('span.muted', {}, `${g.length} letters: `), g.words.map((w, i) => [i ? ', ' : null, defineButton([w.word], { matchId }, { className: 'word-link' }), ` ${w.score}`])))
      : h('p', {}, 'none'));
}

/**
 * The board in a frame that a phone zooms (app.css "Sizes: phones"): a 15×15 board at a
 * phone's width has 21 px squares, too small to read or hit, so while the rack is out the
 * frame shows part of the board at 34 px a square, scrolled to the cursor (match.js), and a
 * button zooms out to the whole board and back. Wider screens ignore the frame.
 * @param {MatchView} v @param {ViewState} state @param {Handlers} on @param {HTMLElement} board
 */
function zoomable(v, state, on, board) {
  const zoomed = Boolean(v.rack && !v.covered && state.zoomed);
  return h('div.zoom-frame', {},
    h(`div.board-zoom${zoomed ? '.zoomed' : ''}`, { 'data-testid': 'board-zoom' }, board),
    v.rack && !v.covered ? h('button.zoom-toggle', {
      type: 'button', 'data-testid': 'zoom', 'aria-pressed': String(zoomed), onclick: () => on.zoom?.(),
    }, zoomed ? 'Whole board' : 'Zoom in') : null);
}

/** "Turn n of N" from the backend's turns left (per player when the rule set counts so).
 * @param {MatchView} v */
function turnCounter(v) {
  if (!v.turn_limit || v.turns_left == null || v.over) return null;
  const n = Math.min(v.turn_limit - v.turns_left + 1, v.turn_limit);
  return h('div.muted', { 'data-testid': 'turn-counter' }, `Turn ${n} of ${v.turn_limit}`);
}
