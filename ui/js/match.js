// The match screen: it wires the player's input (taps, drags from drag.js, keys from
// keyboard.js) to the draft (staging.js, pure), the turn's conversation with the backend
// (turn.js) and the drawing (matchview.js). Every rule question is asked of the backend
// (preview, play, exchange, pass, resign, hint, computer turns); this module only keeps what
// is staged on screen, the rack's display order and the keyboard cursor.
import { call } from './api.js';
import { fill, toast, sentence } from './dom.js';
import { shuffled } from './rack.js';
import { orderFor, rememberOrder, forgetOrder, orderAfter, reordered } from './rackorder.js';
import { moved, nextEmpty, toggled } from './cursor.js';
import * as draftOf from './staging.js';
import { createTurn } from './turn.js';
import { renderTurn, renderThinking, showPreview } from './matchview.js';
import { listenForMatchKeys, SUBMIT_KEY } from './keyboard.js';
import { renderEnd } from './end.js';
import { playSound } from './sound.js';
import { trackDrag, justDragged } from './drag.js';
import { confirmDialog, pickLetter, pickTiles } from './dialog.js';

const COMPUTER_PAUSE_MS = 450;
// The pace for a computer's tiles appearing one by one.
const TILE_STEP_MS = 150;

/**
 * Opens match `params.id` in `box`, starting from `params.view` when the caller already has
 * it. Without one (start-up, "Continue") the backend puts the handoff cover back up.
 * @param screen  { alive(), signal, open(name, params) } from main.js: alive() turns false and
 *                the signal aborts once another screen replaced this one
 */
export async function showMatch(box, { id, view = null }, screen) {
  const [settings, firstView] = await Promise.all([
    call('get_settings').catch(() => ({ tile_tracker: false })),
    view ?? call('match_view', { match_id: id, cover: true }),
  ]);
  const turn = createTurn(firstView.id);
  const s = {
    view: firstView,
    draft: draftOf.newDraft(firstView),
    order: [], // rack indexes in display order
    hintWords: null, hinting: false,
    selectedTurn: null, // a scoresheet turn highlighted on the board
    arriving: [], // squares of the computer's move not drawn yet
    // The last input was a key: the cursor square then takes the focus after a redraw.
    keyboard: false,
    shown: null, // what this screen last put in its box
  };
  const alive = screen.alive;
  const show = (el) => { fill(box, el); s.shown = el; };

  function resetTurn() {
    s.draft = draftOf.newDraft(s.view);
    s.hintWords = null;
    turn.clearPreview();
    const rack = s.view.rack ?? [];
    s.order = rack.length ? orderFor(s.view.id, s.view.to_move, rack.length) : [];
    if (rack.length) rememberOrder(s.view.id, s.view.to_move, s.order);
  }

  function setOrder(order) {
    s.order = order;
    rememberOrder(s.view.id, s.view.to_move, order);
  }

  /** The draft changed: draw it and ask for its preview. A step that could not be taken
   *  (null) changes nothing. */
  function setDraft(next, { preview = true } = {}) {
    if (!next) return;
    s.draft = next;
    render();
    if (preview) requestPreview();
  }

  async function requestPreview() {
    const current = await turn.requestPreview(draftOf.tilesOf(s.draft.staged));
    if (current && alive() && s.shown) showPreview(s.shown, turn.preview);
  }

  /** Runs a turn command. `gone`: the rack indexes leaving the rack (played or exchanged), so
   *  the player's arrangement of the rest carries over; `wholeRack`: the rack is replaced. */
  async function act(command, args = {}, { gone = null, wholeRack = false } = {}) {
    if (turn.busy) return;
    const seat = s.view.to_move;
    const kept = gone && s.view.rack ? orderAfter(s.view.rack, s.order, gone) : null;
    try {
      const next = await turn.command(command, args);
      if (!next) return;
      s.view = next;
      // A turn done (a play, exchange, pass, resignation or the computer's move), not a reveal.
      if (settings.sound && command !== 'reveal_rack') playSound(s.view.over ? 'end' : 'turn');
      if (command === 'computer_turn') showArriving(next);
      if (kept) rememberOrder(s.view.id, seat, kept);
      else if (wholeRack) forgetOrder(s.view.id, seat);
      resetTurn();
    } catch (e) {
      toast(e.message);
    }
    render();
  }

  /** Stages rack tile `index` on (row, col); a blank stands for `asLetter`, or for the letter
   *  the player picks. */
  async function place(index, row, col, asLetter = null) {
    if (!draftOf.canPlace(s.draft, s.view, index, row, col)) return;
    let letter = asLetter;
    if (draftOf.needsLetter(s.view, index) && !letter) {
      letter = await pickLetter();
      // The chooser took a moment: the tile or the square may have been used meanwhile
      // (place answers null then).
      if (!letter || !alive()) return;
    }
    setDraft(draftOf.place(s.draft, s.view, index, row, col, letter));
  }

  const playerReady = () => Boolean(s.view.rack) && !s.view.covered;

  function onSquare(row, col) {
    if (!playerReady()) return;
    if (draftOf.stagedAt(s.draft.staged, row, col) >= 0) { setDraft(draftOf.takeBack(s.draft, row, col)); return; }
    if (s.draft.selected !== null) { place(s.draft.selected, row, col); return; }
    // Nothing chosen: the tap moves the keyboard cursor (on the cursor itself: turns it).
    const { cursor } = s.draft;
    const here = cursor.row === row && cursor.col === col;
    setDraft({ ...s.draft, cursor: { row, col, dir: here ? toggled(cursor.dir) : cursor.dir } }, { preview: false });
  }

  /** A staged tile dragged to another square (it moves there when the square is empty), back
   *  onto the rack (it returns, to the place it was dropped) or anywhere else (it returns to
   *  its own place on the rack). */
  function dropStaged(from, target) {
    if (target?.square) { setDraft(draftOf.moveStaged(s.draft, s.view, from, target.square)); return; }
    const at = draftOf.stagedAt(s.draft.staged, from.row, from.col);
    if (at < 0) return;
    const { index } = s.draft.staged[at];
    if (target?.rack) setOrder(reordered(s.order, s.order.indexOf(index), target.rack.before));
    setDraft(draftOf.takeBack(s.draft, from.row, from.col));
  }

  /** A rack tile dropped on a square (placed there), elsewhere on the rack (moved there) or
   *  anywhere else (it stays). */
  function dropRackTile(index, target) {
    if (!target) return;
    if (target.square) { place(index, target.square.row, target.square.col); return; }
    setOrder(reordered(s.order, s.order.indexOf(index), target.rack.before));
    render();
  }

  /** Plays the staged tiles once the preview of exactly these tiles is in; the backend judges
   *  the play again either way. */
  async function submit() {
    if (!s.draft.staged.length) { toast('Place tiles on the board first.'); return; }
    const preview = await turn.settledPreview();
    if (!alive()) return;
    if (!preview?.legal) { toast(sentence(preview?.error?.message ?? 'This move cannot be played.')); return; }
    act('play', { tiles: draftOf.tilesOf(s.draft.staged) }, { gone: s.draft.staged.map((t) => t.index) });
  }

  // ---- keyboard (keyboard.js maps the keys to these) ---------------------------------------

  const keysReady = () => {
    const v = s.view;
    return !turn.busy && !v.over && !v.covered && Boolean(v.rack) && !v.players[v.to_move]?.computer;
  };

  /** The square a key places on: the cursor's, or the first empty one after it. */
  function keyTarget() {
    const { cursor } = s.draft;
    const target = nextEmpty(s.view, s.draft.staged, cursor, cursor.dir, true);
    if (!target) toast(`No empty square ${cursor.dir === 'across' ? 'to the right' : 'below'}: move the cursor.`);
    return target;
  }

  const keyActions = {
    move(dRow, dCol) {
      setDraft({ ...s.draft, cursor: moved(s.draft.cursor, dRow, dCol, s.view.rules.board_size) }, { preview: false });
    },
    toggle() {
      setDraft({ ...s.draft, cursor: { ...s.draft.cursor, dir: toggled(s.draft.cursor.dir) } }, { preview: false });
    },
    type(letter) {
      const index = draftOf.rackIndexFor(s.draft, s.view, s.order, letter);
      if (index === null) { toast(`No ${letter} on your rack.`); return; }
      const target = keyTarget();
      if (target) place(index, target.row, target.col, letter);
    },
    enter(focusedIndex) {
      const used = draftOf.usedIndexes(s.draft.staged);
      const index = s.draft.selected ?? (focusedIndex !== null && !used.has(focusedIndex) ? focusedIndex : null);
      if (index === null) { toast(`Choose a rack tile first, or type its letter. ${SUBMIT_KEY.label} plays.`); return; }
      const target = keyTarget();
      if (target) place(index, target.row, target.col);
    },
    back() { setDraft(draftOf.takeBackLast(s.draft)); },
    recall() {
      const next = draftOf.recall(s.draft);
      // Dropping a choice stages nothing new: no preview to ask for.
      setDraft(next, { preview: Boolean(s.draft.staged.length) });
    },
    submit,
  };
  listenForMatchKeys(keysReady, alive, Object.fromEntries(Object.entries(keyActions).map(
    ([name, fn]) => [name, (...args) => { s.keyboard = true; return fn(...args); }])), screen.signal);

  // A hint is recorded as assistance and the classic suggestion takes a moment: while it
  // works the screen is busy and the button says so, so a second tap cannot ask again.
  async function hint() {
    if (turn.busy) return;
    s.hinting = true;
    const asked = turn.command('hint');
    render();
    let answer;
    try {
      answer = await asked;
    } catch (e) {
      toast(e.message);
      return;
    } finally {
      s.hinting = false;
      render();
    }
    if (!answer || !alive()) return;
    if (answer.kind === 'words') {
      s.hintWords = answer.groups ?? [{ length: 0, words: answer.words.map((word) => ({ word, score: '' })) }];
      render();
    } else if (answer.kind === 'no_move') {
      toast('No move fits this rack: exchange or pass.');
    } else if (answer.kind === 'move') {
      // The suggested move as a draft, tile by tile from the rack.
      const next = draftOf.stageSuggestion(s.draft, s.view, answer.tiles);
      if (!next) toast('The suggestion does not fit the rack.');
      setDraft(next ?? { ...s.draft, staged: [] });
    }
  }

  async function exchange() {
    const rack = s.view.rack ?? [];
    // Solo: the draft is recalled and the backend replaces min(bag, rack) tiles.
    if (s.view.rules.exchange === 'solo') {
      // Replacing the rack spends one of the round's turns: asked first, as Resign is.
      const left = s.view.turns_left;
      const spend = left != null ? ` It uses one of your turns (${left} left).` : '';
      if (await confirmDialog('Replace your rack?', `Your tiles go back to the bag and you draw new ones.${spend}`, 'Replace')) {
        act('exchange', { tiles: [] }, { wholeRack: true });
      }
      return;
    }
    const tiles = await pickTiles('Exchange tiles', rack, { max: s.view.exchange_max ?? rack.length }, s.view.letter_values);
    if (!tiles) return;
    act('exchange', { tiles: tiles.map((t) => (t.blank ? '?' : t.letter)) }, { gone: tiles.map((t) => rack.indexOf(t)) });
  }

  async function resign() {
    const me = s.view.players[s.view.to_move];
    // With one other player still in, resigning hands them the match: say so.
    const others = s.view.players.filter((p) => p.seat !== me.seat && !p.resigned);
    const what = others.length === 1 && !s.view.rules.solo
      ? `${others[0].name} wins the match.`
      : `${me.name} leaves the match.`;
    if (await confirmDialog('Resign?', `${what} This cannot be undone.`, 'Resign')) {
      act('resign', { confirm: true });
    }
  }

  /** The computer's move is shown being made: its tiles appear one by one (reduced motion:
   *  at once), then stay outlined as the last move. */
  function showArriving(v) {
    const squares = v.last_move?.action === 'play' ? v.last_move.squares : [];
    const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!squares.length || reduced) { s.arriving = []; return; }
    s.arriving = squares.slice();
    const step = () => {
      if (!alive() || !s.arriving.length) return;
      s.arriving = s.arriving.slice(1);
      render();
      if (s.arriving.length) setTimeout(step, TILE_STEP_MS);
    };
    setTimeout(step, TILE_STEP_MS);
  }

  function scheduleComputer() {
    setTimeout(() => {
      if (alive() && !turn.busy) act('computer_turn');
    }, COMPUTER_PAUSE_MS);
  }

  const handlers = {
    // The click a mouse fires where a drag ended belongs to the drag, not a tap.
    square: (row, col) => { if (!justDragged()) onSquare(row, col); },
    stagedPress: (row, col, tile, e) => trackDrag(e, tile.letter, (target) => dropStaged({ row, col }, target)),
    rackSelect: (index) => { if (!justDragged()) setDraft(draftOf.select(s.draft, index), { preview: false }); },
    rackPress: (index, tile, e) => trackDrag(e, tile.blank ? '?' : tile.letter, (target) => dropRackTile(index, target)),
    play: submit,
    recall: () => setDraft({ ...s.draft, staged: [] }),
    shuffle: () => { setOrder(shuffled(s.order)); render(); },
    exchange,
    pass: () => act('pass'),
    hint,
    resign,
    reveal: () => act('reveal_rack'),
    selectTurn: (number) => { s.selectedTurn = number; render(); },
    // A press anywhere on the screen is no key: the focus stays where the pointer put it.
    press: () => { s.keyboard = false; },
  };

  function render() {
    if (!alive()) return;
    const v = s.view;
    if (v.over && !s.arriving.length) {
      show(renderEnd(v, {
        onDetails: () => screen.open('detail', { id: v.id }),
        onRematch: async () => {
          try {
            const next = await call('rematch', { match_id: v.id });
            screen.open('match', { id: next.id, view: next });
          } catch (e) { toast(e.message); }
        },
      }));
      return;
    }
    if (v.over || v.players[v.to_move].computer) {
      show(renderThinking(v, viewState(), handlers));
      // The next computer move waits until this one's tiles are all down.
      if (!v.over && !s.arriving.length) scheduleComputer();
      return;
    }
    if (s.order.length !== (v.rack ?? []).length) resetTurn();
    show(renderTurn(v, viewState(), handlers));
    // After a key the cursor square holds the focus (a redraw replaces the old one), so the
    // focus ring and a screen reader follow the cursor. Never on the cover: there a stray
    // Enter would show the next player's rack.
    if (s.keyboard && !v.covered && !document.querySelector('dialog[open]')) {
      box.querySelector('.square.cursor')?.focus({ preventScroll: true });
    }
  }

  function viewState() {
    return {
      draft: s.draft, order: s.order, preview: turn.preview, hintWords: s.hintWords,
      hinting: s.hinting, tracker: Boolean(settings.tile_tracker),
      selectedTurn: s.selectedTurn, arriving: s.arriving,
    };
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
