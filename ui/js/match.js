// The match screen: it wires the player's input (taps, drags from drag.js, keys from
// keyboard.js) to the draft (staging.js, pure), the turn's conversation with the backend
// (turn.js) and the drawing (matchview.js). Every rule question is asked of the backend
// (preview, play, exchange, pass, resign, hint, computer turns); this module only keeps what
// is staged on screen, the rack's display order and the keyboard cursor.
import { call } from './api.js';
import { fill, toast, sentence, announce } from './dom.js';
import { shuffled } from './rack.js';
import { orderFor, rememberOrder, forgetOrder, orderAfter, reordered } from './rackorder.js';
import { moved, nextEmpty, toggled } from './cursor.js';
import * as draftOf from './staging.js';
import { createTurn } from './turn.js';
import { renderTurn, renderThinking, showPreview, patchTurn } from './matchview.js';
import { listenForMatchKeys, SUBMIT_KEY } from './keyboard.js';
import { renderEnd, endTitle } from './end.js';
import { moveSentence } from './scores.js';
import { playSound } from './sound.js';
import { trackDrag, justDragged } from './drag.js';
import { confirmDialog, pickLetter, pickTiles } from './dialog.js';

const COMPUTER_PAUSE_MS = 450;
// The issue's pace for a computer's tiles appearing one by one.
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
    // After a command the focus goes where the next step is (match.js render): 'turn' after a
    // turn was done, 'reveal' after the rack was shown.
    focusAfter: null,
    rackFocus: null, // the rack tile last focused (the rack's one tab stop)
    shown: null, // what this screen last put in its box
    // What the shown turn screen was drawn from ({view, order, hintWords, hinting, draft}),
    // so a change of the draft alone can patch it (patchTurn) instead of drawing it again.
    drawn: null,
    // A phone shows a 15×15 board zoomed while the rack is out (matchview.js zoomable).
    zoomed: true,
    following: false, // a patched board's cursor is to be followed in the next frame
  };
  const alive = screen.alive;
  const show = (el) => { fill(box, el); s.shown = el; s.drawn = null; };

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
    // The request goes out first, so the backend works on it while the screen is drawn.
    if (preview) requestPreview();
    redraw();
  }

  /** Draws the draft: only what changed when the screen on show is this turn's, drawn from
   *  the same view, rack order and hint state; the whole screen otherwise. */
  function redraw() {
    const d = s.drawn;
    const focused = focusKey(box); // before the patch replaces the squares
    if (d && alive() && d.view === s.view && d.order === s.order && d.hintWords === s.hintWords && d.hinting === s.hinting
      && patchTurn(s.shown, s.view, viewState(), d.draft, handlers)) {
      d.draft = s.draft;
      placeFocus(focused);
      // The zoom frame stays the same element (its scroll kept); whether the cursor left its
      // view is measured in the next frame, before that frame lays out: the layout the
      // measurement needs is then the one the frame does anyway. Measured here, it laid the
      // page out an extra time inside the drop (1.0 of the 3.0 ms from the pointerup to the
      // preview in the DOM, Chromium at 820×1180: tests/e2e/latency.test.js).
      if (!s.following) {
        s.following = true;
        requestAnimationFrame(() => { s.following = false; if (alive()) followCursor(zoomScroll()); });
      }
      return;
    }
    render();
  }

  /** A drag over a square: the preview of the draft a drop there would make is asked for
   *  now, so the drop finds its answer in or on its way (the request was the largest part
   *  left of the drop-to-preview time: tests/e2e/latency.test.js). */
  function askAhead(next) {
    if (next && playerReady()) turn.prefetchPreview(draftOf.tilesOf(next.staged));
  }

  /** Asks for the draft's preview and shows it once it is in: at once when it is already
   *  known (a drop the preview was asked ahead for), so it is drawn before anything else the
   *  drop changes. */
  function requestPreview() {
    const asked = turn.requestPreview(draftOf.tilesOf(s.draft.staged));
    if (turn.settled) drawPreview();
    else asked.then((current) => { if (current) drawPreview(); });
  }

  function drawPreview() {
    if (!alive() || !s.shown) return;
    showPreview(s.shown, turn.preview);
    const p = turn.preview;
    if (p) announce(p.legal ? `Preview: ${p.words.map((w) => w.word).join(', ')} for ${p.score}` : `Not playable: ${sentence(p.error?.message ?? 'not a legal move')}`);
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
      const turnDone = command !== 'reveal_rack';
      if (settings.sound && turnDone) playSound(s.view.over ? 'end' : 'turn');
      s.focusAfter = turnDone ? 'turn' : 'reveal';
      if (turnDone) announce(turnSentence(s.view));
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
    if (!preview?.legal) {
      const why = sentence(preview?.error?.message ?? 'This move cannot be played.');
      toast(why, { say: `Not played: ${why}` });
      return;
    }
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
    stagedPress: (row, col, e) => {
      const tile = s.draft.staged[draftOf.stagedAt(s.draft.staged, row, col)];
      if (tile) trackDrag(e, tile.letter, (target) => dropStaged({ row, col }, target), (to) => askAhead(draftOf.moveStaged(s.draft, s.view, { row, col }, to)));
    },
    rackSelect: (index) => { if (!justDragged()) setDraft(draftOf.select(s.draft, index), { preview: false }); },
    rackPress: (index, tile, e) => trackDrag(e, tile.blank ? '?' : tile.letter, (target) => dropRackTile(index, target),
      // A blank's letter is not chosen yet: nothing to ask ahead.
      (to) => { if (!tile.blank) askAhead(draftOf.place(s.draft, s.view, index, to.row, to.col)); }),
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
    rackFocus: (index) => { s.rackFocus = index; },
    zoom: () => { s.zoomed = !s.zoomed; render(); },
  };

  function render() {
    if (!alive()) return;
    const v = s.view;
    const focused = focusKey(box);
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
    } else if (v.over || v.players[v.to_move].computer) {
      show(renderThinking(v, viewState(), handlers));
      // The next computer move waits until this one's tiles are all down.
      if (!v.over && !s.arriving.length) scheduleComputer();
    } else {
      if (s.order.length !== (v.rack ?? []).length) resetTurn();
      const scrolled = zoomScroll();
      show(renderTurn(v, viewState(), handlers));
      followCursor(scrolled);
      if (!v.covered) s.drawn = { view: v, order: s.order, hintWords: s.hintWords, hinting: s.hinting, draft: s.draft };
    }
    placeFocus(focused);
  }

  /**
   * Where the focus goes after a redraw (never into a page behind an open dialog): after a
   * turn, to the next step — the cover's "Show my rack", the end's heading, the board; after
   * "Show my rack", to the board's cursor; after a key, the cursor square, so the focus ring
   * and a screen reader follow the cursor; otherwise back onto the control that had it (the
   * redraw replaced it), so it never falls to <body>.
   */
  function placeFocus(focused) {
    if (document.querySelector('dialog[open]')) return;
    const v = s.view;
    const after = s.focusAfter;
    s.focusAfter = null;
    const cursorSquare = () => box.querySelector('.square.cursor') ?? box.querySelector('.square[tabindex="0"]');
    let target = null;
    if (after === 'turn') target = v.over ? box.querySelector('h1') : (v.covered ? box.querySelector('[data-testid=reveal]') : cursorSquare());
    else if (after === 'reveal' || (s.keyboard && !v.covered)) target = cursorSquare();
    else if (focused && !box.contains(document.activeElement)) {
      target = box.querySelector(focused);
      if (!target || target.disabled) target = cursorSquare();
    }
    target?.focus({ preventScroll: true });
  }

  function zoomScroll() {
    const frame = box.querySelector('.board-zoom.zoomed');
    return frame ? { left: frame.scrollLeft, top: frame.scrollTop } : null;
  }

  /** A zoomed board keeps where it was scrolled to (`scrolled`, from the frame it replaces),
   *  and scrolls to the cursor when the cursor left the part in view: the area being played
   *  stays in view. */
  function followCursor(scrolled) {
    // A screen's first drawing goes on the page once drawn (main.js): measure it then.
    if (!box.isConnected) { if (alive()) requestAnimationFrame(() => followCursor(scrolled)); return; }
    const frame = box.querySelector('.board-zoom.zoomed');
    if (!frame || frame.scrollWidth <= frame.clientWidth) return;
    if (scrolled) { frame.scrollLeft = scrolled.left; frame.scrollTop = scrolled.top; }
    const square = frame.querySelector('.square.cursor') ?? frame.querySelector('.square.star');
    if (!square) return;
    const f = frame.getBoundingClientRect();
    const q = square.getBoundingClientRect();
    if (scrolled && q.left >= f.left && q.right <= f.right && q.top >= f.top && q.bottom <= f.bottom) return;
    frame.scrollLeft += q.left + q.width / 2 - (f.left + f.width / 2);
    frame.scrollTop += q.top + q.height / 2 - (f.top + f.height / 2);
  }

  function viewState() {
    return {
      draft: s.draft, order: s.order, preview: turn.preview, hintWords: s.hintWords,
      hinting: s.hinting, tracker: Boolean(settings.tile_tracker), rackFocus: s.rackFocus, zoomed: s.zoomed,
      selectedTurn: s.selectedTurn, arriving: s.arriving,
    };
  }

  resetTurn();
  render();
  markFirstBoard();
}

/** A selector for the element holding the keyboard's focus inside `box` (a control, a square,
 *  a rack tile), to find its stand-in after a redraw; null when the focus is elsewhere or a
 *  pointer put it there (then the keys keep their match meaning: keyboard.js). */
function focusKey(box) {
  const el = document.activeElement;
  if (!el || el === document.body || !box.contains(el) || !focusVisible(el)) return null;
  if (el.dataset.action) return `[data-action="${el.dataset.action}"]`;
  if (el.dataset.square) return `.square[data-square="${el.dataset.square}"]`;
  if (el.dataset.index && el.closest('.rack')) return `[data-testid=rack] .tile[data-index="${el.dataset.index}"]:not(.used)`;
  if (el.dataset.testid) return `[data-testid="${el.dataset.testid}"]`;
  return null;
}

function focusVisible(el) {
  try { return el.matches(':focus-visible'); } catch { return true; }
}

/** What the status region says once a turn is done: the move, then who is next or how the
 *  match ended. */
function turnSentence(v) {
  const solo = v.rules.exchange === 'solo';
  const move = v.last_move ? `${moveSentence(v.last_move, solo)}.` : '';
  if (v.over) return `${move} Match over: ${endTitle(v)}.`.trim();
  const next = v.players[v.to_move];
  if (v.covered) return `${move} Pass to ${next.name}.`.trim();
  return `${move} ${next.computer ? `${next.name} is thinking.` : `${next.name} to play.`}`.trim();
}

/** Records when the first board reached the screen (epoch ms), for start-up measurements. */
function markFirstBoard() {
  if (globalThis.wordclubFirstBoardAt) return;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    globalThis.wordclubFirstBoardAt ??= performance.timeOrigin + performance.now();
  }));
}
