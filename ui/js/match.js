// The match screen: board, rack, live preview and the turn's actions. Every rule question is
// asked of the backend (preview, play, exchange, pass, resign, hint, computer turns); this
// module only keeps what is staged on screen.
import { call } from './api.js';
import { h, fill, toast } from './dom.js';
import { renderBoard } from './board.js';
import { renderRack, shuffled } from './rack.js';
import { renderPreview } from './preview.js';
import { renderCover } from './handoff.js';
import { renderScores, lastMoveText } from './scores.js';
import { renderEnd } from './end.js';
import { trackDrag, justDragged } from './drag.js';
import { confirmDialog, pickLetter, pickTiles } from './dialog.js';

const COMPUTER_PAUSE_MS = 450;

let screen = null; // the live match screen, replaced whenever another screen opens

/** Opens match `matchId` in `root`, starting from `view` when the caller already has it.
 * Without one (start-up, "Continue") the backend puts the handoff cover back up. */
export async function showMatch(root, matchId, view = null) {
  const token = {};
  screen = token;
  const settings = await call('get_settings').catch(() => ({ tile_tracker: false }));
  const s = {
    view: view ?? await call('match_view', { match_id: matchId, cover: true }),
    staged: [], selected: null, order: [], preview: null, previewSeq: 0, hintWords: null, busy: false,
  };
  const alive = () => screen === token && root.isConnected;

  function resetTurn() {
    s.staged = []; s.selected = null; s.preview = null; s.hintWords = null;
    s.order = (s.view.rack ?? []).map((_, i) => i);
  }

  async function act(command, args = {}) {
    if (s.busy) return;
    s.busy = true;
    try {
      s.view = await call(command, { match_id: s.view.id, ...args });
      resetTurn();
    } catch (e) {
      toast(e.message);
    } finally {
      s.busy = false;
    }
    if (alive()) render();
  }

  function usedIndexes() { return new Set(s.staged.map((t) => t.index)); }

  async function place(index, row, col) {
    const tile = s.view.rack[index];
    if (!tile || usedIndexes().has(index) || s.view.board[row][col]) return;
    if (s.staged.some((t) => t.row === row && t.col === col)) return;
    let letter = tile.letter;
    if (tile.blank) {
      letter = await pickLetter();
      if (!letter) return;
    }
    s.staged.push({ row, col, letter, blank: tile.blank, index });
    s.selected = null;
    changed();
  }

  function onSquare(row, col) {
    const at = s.staged.findIndex((t) => t.row === row && t.col === col);
    if (at >= 0) { s.staged.splice(at, 1); changed(); return; }
    if (s.selected !== null) place(s.selected, row, col);
  }

  function changed() {
    render();
    requestPreview();
  }

  async function requestPreview() {
    const seq = ++s.previewSeq;
    if (!s.staged.length) { s.preview = null; return renderPreviewNow(); }
    let answer;
    try {
      answer = await call('preview', { match_id: s.view.id, tiles: tilesOf(s.staged) });
    } catch (e) {
      answer = { legal: false, error: { kind: e.kind, message: e.message, details: e.details } };
    }
    if (seq !== s.previewSeq || !alive()) return;
    s.preview = answer;
    renderPreviewNow();
  }

  function renderPreviewNow() {
    const el = root.querySelector('.preview');
    if (el) renderPreview(el, s.preview);
    const play = root.querySelector('[data-action="play"]');
    if (play) play.disabled = !(s.preview?.legal);
  }

  // A hint is recorded as assistance and the classic suggestion takes a moment: while it
  // works the screen is busy and the button says so, so a second tap cannot ask again.
  async function hint() {
    if (s.busy) return;
    s.busy = true;
    s.hinting = true;
    render();
    let answer;
    try {
      answer = await call('hint', { match_id: s.view.id });
    } catch (e) {
      toast(e.message);
      return;
    } finally {
      s.busy = false;
      s.hinting = false;
      if (alive()) render();
    }
    if (!alive()) return;
    if (answer.kind === 'words') {
      s.hintWords = answer.words;
      render();
    } else if (answer.kind === 'no_move') {
      toast('No move fits this rack: exchange or pass.');
    } else if (answer.kind === 'move') {
      // Stage the suggested move as a draft, tile by tile from the rack.
      const free = (s.view.rack ?? []).map((t, i) => ({ ...t, i }));
      s.staged = [];
      for (const t of answer.tiles) {
        const k = free.findIndex((r) => (t.blank ? r.blank : !r.blank && r.letter === t.letter));
        if (k < 0) { toast('The suggestion does not fit the rack'); s.staged = []; break; }
        s.staged.push({ row: t.row, col: t.col, letter: t.letter, blank: t.blank, index: free[k].i });
        free.splice(k, 1);
      }
      changed();
    }
  }

  async function exchange() {
    const rack = s.view.rack ?? [];
    const solo = s.view.rules.exchange === 'solo';
    // Solo: the draft is recalled and the backend replaces min(bag, rack) tiles.
    if (solo) { act('exchange', { tiles: [] }); return; }
    const tiles = await pickTiles('Exchange tiles', rack, { max: s.view.exchange_max ?? rack.length }, s.view.letter_values);
    if (!tiles) return;
    act('exchange', { tiles: tiles.map((t) => (t.blank ? '?' : t.letter)) });
  }

  async function resign() {
    const me = s.view.players[s.view.to_move];
    if (await confirmDialog('Resign?', `${me.name} leaves the match. This cannot be undone.`, 'Resign')) {
      act('resign', { confirm: true });
    }
  }

  function scheduleComputer() {
    setTimeout(async () => {
      if (!alive() || s.busy) return;
      await act('computer_turn');
    }, COMPUTER_PAUSE_MS);
  }

  function render() {
    if (!alive()) return;
    const v = s.view;
    if (v.over) { fill(root, renderEnd(v)); return; }
    const mover = v.players[v.to_move];
    if (mover.computer) {
      fill(root, layout(v, h('p', { 'data-testid': 'thinking' }, `${mover.name} is thinking…`)));
      scheduleComputer();
      return;
    }
    if (v.covered) {
      fill(root, layout(v, renderCover(v, () => act('reveal_rack'))));
      return;
    }
    if (s.order.length !== (v.rack ?? []).length) resetTurn();
    const used = usedIndexes();
    const rack = renderRack(v.rack ?? [], s.order, used, s.selected, v.letter_values, {
      onSelect: (i) => { if (justDragged() || used.has(i)) return; s.selected = s.selected === i ? null : i; render(); },
      onDragStart: (i, e) => {
        if (used.has(i)) return;
        const tile = v.rack[i];
        trackDrag(e, tile.blank ? '?' : tile.letter, (row, col) => place(i, row, col));
      },
    });
    const canHint = v.rules.hints.length > 0;
    const controls = h('div.controls', {},
      h('button.primary', { type: 'button', 'data-action': 'play', disabled: !s.preview?.legal, onclick: () => act('play', { tiles: tilesOf(s.staged) }) }, 'Play'),
      h('button', { type: 'button', 'data-action': 'recall', disabled: !s.staged.length, onclick: () => { s.staged = []; changed(); } }, 'Recall'),
      h('button', { type: 'button', 'data-action': 'shuffle', onclick: () => { s.order = shuffled(s.order); render(); } }, 'Shuffle'),
      h('button', { type: 'button', 'data-action': 'exchange', disabled: !v.can.exchange, onclick: exchange }, v.rules.exchange === 'solo' ? 'Replace' : 'Exchange'),
      h('button', { type: 'button', 'data-action': 'pass', disabled: !v.can.pass, onclick: () => act('pass') }, 'Pass'),
      canHint ? h('button', { type: 'button', 'data-action': 'hint', disabled: s.hinting, 'aria-busy': String(Boolean(s.hinting)), onclick: hint }, s.hinting ? 'Thinking…' : 'Hint') : null,
      v.can.resign ? h('button.danger', { type: 'button', 'data-action': 'resign', onclick: resign }, 'Resign') : null);
    const side = h('div.stack.match-extra', {},
      h('div.preview.panel', { 'aria-live': 'polite' }),
      s.hintWords ? h('div.panel', { 'data-testid': 'hint-words' }, h('strong', {}, 'Words from your rack: '),
        s.hintWords.length ? s.hintWords.join(', ') : 'none') : null);
    fill(root, layout(v, h('div', {}, rack, controls), side));
    renderPreviewNow();
  }

  function layout(v, below, extra = null) {
    // Grid areas (app.css): the play area, then the preview, then scores and the tracker, so on
    // a narrow screen the preview sits right under the controls.
    return h('section.match', { 'data-testid': 'match', dataset: { matchId: String(v.id) } },
      h('div.play-area', {},
        renderBoard(v, s.staged, onSquare),
        below),
      extra,
      h('aside.stack.match-info', {},
        h('div.panel', {},
          h('div.muted', {}, `${v.rules.label} · ${v.list.name}`),
          renderScores(v),
          turnCounter(v),
          v.last_move ? h('p', { 'data-testid': 'last-move' }, lastMoveText(v.last_move, v.rules.exchange === 'solo')) : null),
        settings.tile_tracker && v.rack ? tileTracker(v) : null));
  }

  resetTurn();
  render();
  markFirstBoard();
}

/** Records when the first board reached the screen (epoch ms), for start-up measurements. */
function markFirstBoard() {
  if (globalThis.wordclubFirstBoardAt) return;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    globalThis.wordclubFirstBoardAt ??= performance.timeOrigin + performance.now();
  }));
}

/** "Turn n of N" from the backend's turns left (per player when the rule set counts so). */
function turnCounter(v) {
  if (!v.turn_limit || v.turns_left == null || v.over) return null;
  const n = Math.min(v.turn_limit - v.turns_left + 1, v.turn_limit);
  return h('div.muted', { 'data-testid': 'turn-counter' }, `Turn ${n} of ${v.turn_limit}`);
}

function tilesOf(staged) {
  return staged.map(({ row, col, letter, blank }) => ({ row, col, letter, blank }));
}

/** Tiles not yet seen by the player to move: the bag and the other racks together. */
function tileTracker(v) {
  const entries = Object.entries(v.unseen);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  return h('details.panel', { 'data-testid': 'tile-tracker' },
    h('summary', {}, `Unseen tiles: ${total}`),
    h('p', {}, entries.map(([letter, n]) => `${letter === '?' ? 'blank' : letter}×${n}`).join('  ')));
}
