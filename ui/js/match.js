// The match screen: board, rack, live preview and the turn's actions. Every rule question is
// asked of the backend (preview, play, exchange, pass, resign, hint, computer turns); this
// module only keeps what is staged on screen, the rack's display order and the keyboard cursor.
// Input: tap a rack tile then a square, tap a staged tile to return it, drag tiles (drag.js),
// and keys (keyboard.js).
import { call } from './api.js';
import { h, fill, toast, sentence } from './dom.js';
import { renderBoard } from './board.js';
import { renderRack, shuffled } from './rack.js';
import { orderFor, rememberOrder, forgetOrder, orderAfter, reordered } from './rackorder.js';
import { startCursor, moved, nextEmpty, occupied, toggled } from './cursor.js';
import { listenForMatchKeys, SUBMIT_KEY } from './keyboard.js';
import { renderPreview } from './preview.js';
import { renderCover } from './handoff.js';
import { renderScores, renderScoreStrip, lastMoveText } from './scores.js';
import { renderEnd } from './end.js';
import { showDetail } from './history.js';
import { playSound } from './sound.js';
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
    // staged: [{row, col, letter, blank, index}] in the order they were put down; order: rack
    // indexes in display order; cursor: {row, col, dir}; keyboard: the last input was a key
    // (the cursor square then takes the focus after a redraw).
    staged: [], selected: null, order: [], cursor: null, keyboard: false,
    preview: null, previewSeq: 0, previewPending: Promise.resolve(), hintWords: null, busy: false,
    shown: null, // what this screen last put on the page
  };
  // Still on screen: no other match opened, and no other screen (history, settings…) replaced
  // this one, so late answers, the computer's turn and keys do not draw over it.
  const alive = () => screen === token && root.isConnected && (!s.shown || s.shown.isConnected);
  const show = (el) => { fill(root, el); s.shown = el; };

  function resetTurn() {
    s.staged = []; s.selected = null; s.preview = null; s.hintWords = null;
    const rack = s.view.rack ?? [];
    s.order = rack.length ? orderFor(s.view.id, s.view.to_move, rack.length) : [];
    if (rack.length) rememberOrder(s.view.id, s.view.to_move, s.order);
    s.cursor = startCursor(s.view);
  }

  function setOrder(order) {
    s.order = order;
    rememberOrder(s.view.id, s.view.to_move, order);
  }

  /** Runs a turn command. `gone`: the rack indexes leaving the rack (played or exchanged), so
   *  the player's arrangement of the rest carries over; `wholeRack`: the rack is replaced. */
  async function act(command, args = {}, { gone = null, wholeRack = false } = {}) {
    if (s.busy) return;
    s.busy = true;
    const seat = s.view.to_move;
    const kept = gone && s.view.rack ? orderAfter(s.view.rack, s.order, gone) : null;
    try {
      s.view = await call(command, { match_id: s.view.id, ...args });
      // A turn done (a play, exchange, pass, resignation or the computer's move), not a reveal.
      if (settings.sound && command !== 'reveal_rack') playSound(s.view.over ? 'end' : 'turn');
      if (kept) rememberOrder(s.view.id, seat, kept);
      else if (wholeRack) forgetOrder(s.view.id, seat);
      resetTurn();
    } catch (e) {
      toast(e.message);
    } finally {
      s.busy = false;
    }
    if (alive()) render();
  }

  function usedIndexes() { return new Set(s.staged.map((t) => t.index)); }

  /** Stages rack tile `index` on an empty square; a blank stands for `asLetter`, or for the
   *  letter the player picks. The cursor moves on past it, as after a typed letter. */
  async function place(index, row, col, asLetter = null) {
    const tile = s.view.rack?.[index];
    if (!tile || usedIndexes().has(index) || occupied(s.view, s.staged, row, col)) return;
    let letter = tile.letter;
    if (tile.blank) {
      letter = asLetter ?? await pickLetter();
      if (!letter || !alive()) return;
      // The chooser took a moment: the tile or the square may have been used meanwhile.
      if (usedIndexes().has(index) || occupied(s.view, s.staged, row, col)) return;
    }
    s.staged.push({ row, col, letter, blank: tile.blank, index });
    s.selected = null;
    s.cursor = { ...(nextEmpty(s.view, s.staged, { row, col }, s.cursor.dir, false) ?? { row, col }), dir: s.cursor.dir };
    changed();
  }

  function stagedAt(row, col) { return s.staged.findIndex((t) => t.row === row && t.col === col); }

  function onSquare(row, col) {
    if (justDragged() || !s.view.rack || s.view.covered) return;
    const at = stagedAt(row, col);
    if (at >= 0) { s.staged.splice(at, 1); changed(); return; }
    if (s.selected !== null) { place(s.selected, row, col); return; }
    // Nothing chosen: the tap moves the keyboard cursor (on the cursor itself: turns it).
    const here = s.cursor.row === row && s.cursor.col === col;
    s.cursor = { row, col, dir: here ? toggled(s.cursor.dir) : s.cursor.dir };
    render();
  }

  /** A staged tile dragged to another square (it moves there when the square is empty) or
   *  back onto the rack (it returns, to the place it was dropped). */
  function dropStaged(from, target) {
    const at = stagedAt(from.row, from.col);
    if (at < 0) return;
    if (target.square) {
      const { row, col } = target.square;
      if (occupied(s.view, s.staged, row, col)) return;
      const [tile] = s.staged.splice(at, 1);
      s.staged.push({ ...tile, row, col }); // now the last one put down (Backspace takes it)
    } else {
      const [tile] = s.staged.splice(at, 1);
      setOrder(reordered(s.order, s.order.indexOf(tile.index), target.rack.before));
    }
    changed();
  }

  /** A rack tile dropped on a square (placed there) or elsewhere on the rack (moved there). */
  function dropRackTile(index, target) {
    if (target.square) { place(index, target.square.row, target.square.col); return; }
    setOrder(reordered(s.order, s.order.indexOf(index), target.rack.before));
    render();
  }

  function changed() {
    render();
    requestPreview();
  }

  function requestPreview() {
    const seq = ++s.previewSeq;
    s.previewPending = (async () => {
      if (!s.staged.length) { s.preview = null; renderPreviewNow(); return; }
      let answer;
      try {
        answer = await call('preview', { match_id: s.view.id, tiles: tilesOf(s.staged) });
      } catch (e) {
        answer = { legal: false, error: { kind: e.kind, message: e.message, details: e.details } };
      }
      if (seq !== s.previewSeq || !alive()) return;
      s.preview = answer;
      renderPreviewNow();
    })();
    return s.previewPending;
  }

  /** Plays the staged tiles once the preview of exactly these tiles is in (a key may come
   *  faster than the answer); the backend judges the play again either way. */
  async function submit() {
    if (!s.staged.length) { toast('Place tiles on the board first.'); return; }
    let pending;
    do { pending = s.previewPending; await pending; } while (pending !== s.previewPending);
    if (!alive()) return;
    if (!s.preview?.legal) { toast(sentence(s.preview?.error?.message ?? 'This move cannot be played.')); return; }
    act('play', { tiles: tilesOf(s.staged) }, { gone: s.staged.map((t) => t.index) });
  }

  // ---- keyboard (keyboard.js maps the keys to these) ---------------------------------------

  const keysReady = () => {
    const v = s.view;
    return !s.busy && !v.over && !v.covered && Boolean(v.rack) && !v.players[v.to_move]?.computer;
  };

  /** The first free rack tile (display order) showing `letter`, else a free blank. */
  function rackIndexFor(letter) {
    const used = usedIndexes();
    const free = s.order.filter((i) => !used.has(i));
    const exact = free.find((i) => !s.view.rack[i].blank && s.view.rack[i].letter === letter);
    return exact ?? free.find((i) => s.view.rack[i].blank) ?? null;
  }

  /** The square a key places on: the cursor's, or the first empty one after it. */
  function keyTarget() {
    const target = nextEmpty(s.view, s.staged, s.cursor, s.cursor.dir, true);
    if (!target) toast(`No empty square ${s.cursor.dir === 'across' ? 'to the right' : 'below'}: move the cursor.`);
    return target;
  }

  const keyActions = {
    move(dRow, dCol) {
      s.cursor = moved(s.cursor, dRow, dCol, s.view.rules.board_size);
      render();
    },
    toggle() {
      s.cursor = { ...s.cursor, dir: toggled(s.cursor.dir) };
      render();
    },
    type(letter) {
      const index = rackIndexFor(letter);
      if (index === null) { toast(`No ${letter} on your rack.`); return; }
      const target = keyTarget();
      if (target) place(index, target.row, target.col, letter);
    },
    enter(focusedIndex) {
      const used = usedIndexes();
      const index = s.selected ?? (focusedIndex !== null && !used.has(focusedIndex) ? focusedIndex : null);
      if (index === null) { toast(`Choose a rack tile first, or type its letter. ${SUBMIT_KEY.label} plays.`); return; }
      const target = keyTarget();
      if (target) place(index, target.row, target.col);
    },
    back() {
      const last = s.staged.pop();
      if (!last) return;
      s.cursor = { row: last.row, col: last.col, dir: s.cursor.dir };
      changed();
    },
    recall() {
      if (!s.staged.length) {
        if (s.selected !== null) { s.selected = null; render(); }
        return;
      }
      const first = s.staged[0];
      s.cursor = { row: first.row, col: first.col, dir: s.cursor.dir };
      s.staged = [];
      changed();
    },
    submit,
  };
  listenForMatchKeys(keysReady, alive, Object.fromEntries(Object.entries(keyActions).map(
    ([name, fn]) => [name, (...args) => { s.keyboard = true; return fn(...args); }])));

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
        if (k < 0) { toast('The suggestion does not fit the rack.'); s.staged = []; break; }
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
    if (solo) { act('exchange', { tiles: [] }, { wholeRack: true }); return; }
    const tiles = await pickTiles('Exchange tiles', rack, { max: s.view.exchange_max ?? rack.length }, s.view.letter_values);
    if (!tiles) return;
    act('exchange', { tiles: tiles.map((t) => (t.blank ? '?' : t.letter)) }, { gone: tiles.map((t) => rack.indexOf(t)) });
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
    if (v.over) { show(renderEnd(v, { onDetails: () => showDetail(root, v.id) })); return; }
    const mover = v.players[v.to_move];
    if (mover.computer) {
      show(layout(v, h('p', { 'data-testid': 'thinking' }, `${mover.name} is thinking…`)));
      scheduleComputer();
      return;
    }
    if (v.covered) {
      show(layout(v, renderCover(v, () => act('reveal_rack'))));
      return;
    }
    if (s.order.length !== (v.rack ?? []).length) resetTurn();
    const used = usedIndexes();
    const rack = renderRack(v.rack ?? [], s.order, used, s.selected, v.letter_values, {
      onSelect: (i) => {
        if (justDragged() || used.has(i)) return;
        s.selected = s.selected === i ? null : i;
        render();
      },
      onDragStart: (i, e) => {
        if (used.has(i)) return;
        const tile = v.rack[i];
        trackDrag(e, tile.blank ? '?' : tile.letter, (target) => dropRackTile(i, target));
      },
    });
    const canHint = v.rules.hints.length > 0;
    // Named for what it gives: the classic sets stage a whole move (SPEC "Suggest a move").
    const suggests = v.rules.hints.includes('suggest_move');
    const hintLabel = suggests ? 'Suggest a move' : 'Hint';
    const hintTitle = `${suggests ? 'Places the best-scoring move as a draft' : 'Lists the words your rack can spell'}; every hint is recorded in the result`;
    const controls = h('div.controls', {},
      h('button.primary', {
        type: 'button', 'data-action': 'play', disabled: !s.preview?.legal, onclick: submit,
        title: `Play (${SUBMIT_KEY.label})`, 'aria-keyshortcuts': SUBMIT_KEY.aria,
      }, 'Play', h('kbd.shortcut', { 'aria-hidden': 'true' }, SUBMIT_KEY.label)),
      h('button', { type: 'button', 'data-action': 'recall', disabled: !s.staged.length, title: 'Recall (Esc)', onclick: () => { s.staged = []; changed(); } }, 'Recall'),
      h('button', { type: 'button', 'data-action': 'shuffle', onclick: () => { setOrder(shuffled(s.order)); render(); } }, 'Shuffle'),
      h('button', { type: 'button', 'data-action': 'exchange', disabled: !v.can.exchange, onclick: exchange }, v.rules.exchange === 'solo' ? 'Replace' : 'Exchange'),
      h('button', { type: 'button', 'data-action': 'pass', disabled: !v.can.pass, onclick: () => act('pass') }, 'Pass'),
      canHint ? h('button', { type: 'button', 'data-action': 'hint', disabled: s.hinting, 'aria-busy': String(Boolean(s.hinting)), title: hintTitle, onclick: hint }, s.hinting ? 'Thinking…' : hintLabel) : null,
      v.can.resign ? h('button.danger', { type: 'button', 'data-action': 'resign', onclick: resign }, 'Resign') : null);
    const side = h('div.stack.match-extra', {},
      h('div.preview.panel', { 'aria-live': 'polite' }),
      s.hintWords ? h('div.panel', { 'data-testid': 'hint-words' }, h('strong', {}, 'Words from your rack: '),
        s.hintWords.length ? s.hintWords.join(', ') : 'none') : null);
    const keys = h('p.key-help.muted', { 'data-testid': 'key-help' },
      `Keys: arrows move the cursor, Space turns it, a letter places that tile, Enter places the chosen tile, Backspace takes back, Esc recalls, ${SUBMIT_KEY.label} plays.`);
    show(layout(v, h('div', {}, rack, controls, keys), side));
    renderPreviewNow();
    // After a key the cursor square holds the focus (a redraw replaces the old one), so the
    // focus ring and a screen reader follow the cursor. Never on the cover: there a stray
    // Enter would show the next player's rack.
    if (s.keyboard && !document.querySelector('dialog[open]')) {
      root.querySelector('.square.cursor')?.focus({ preventScroll: true });
    }
  }

  function layout(v, below, extra = null) {
    // Grid areas (app.css): the play area, then the preview, then scores and the tracker, so on
    // a narrow screen the preview sits right under the controls.
    return h('section.match', {
      'data-testid': 'match', dataset: { matchId: String(v.id) },
      // A press anywhere here is no key: the focus stays where the pointer put it.
      onpointerdown: () => { s.keyboard = false; },
    },
      h('div.play-area', {},
        renderScoreStrip(v),
        renderBoard(v, s.staged, onSquare, {
          // The cursor shows only while this player's rack is out (not on the cover).
          cursor: v.rack && !v.covered ? s.cursor : null,
          roving: true,
          onStagedPress: (row, col, e) => {
            const tile = s.staged[stagedAt(row, col)];
            trackDrag(e, tile.letter, (target) => dropStaged({ row, col }, target));
          },
        }),
        below),
      extra,
      h('aside.stack.match-info', {},
        h('div.panel', {},
          h('div.muted', {}, `${v.rules.label} · ${v.list.name}`),
          renderScores(v),
          turnCounter(v),
          v.last_move ? h('p', { 'data-testid': 'last-move' }, lastMoveText(v.last_move, v.rules.exchange === 'solo')) : null),
        settings.tile_tracker && v.rack && v.unseen ? tileTracker(v) : null));
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
