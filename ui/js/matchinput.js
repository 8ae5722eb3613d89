// The match screen's input: taps on squares and rack tiles, drags (drag.js), keys
// (keyboard.js) and the turn's buttons, each turned into a step of the draft (staging.js) or
// a turn command. The state it changes is the screen's (matchstate.js); drawing, previews
// and the commands themselves are match.js's (`m`).
import * as commands from './commands.js';
import { toast, sentence } from './dom.js';
import { shuffled } from './rack.js';
import { reordered } from './rackorder.js';
import { moved, nextEmpty, toggled } from './cursor.js';
import * as draftOf from './staging.js';
import { setOrder, playerReady, keysReady } from './matchstate.js';
import { listenForMatchKeys, SUBMIT_KEY } from './keyboard.js';
import { trackDrag, justDragged } from './drag.js';
import { confirmDialog, pickLetter, pickTiles } from './dialog.js';
import { abandon as abandonMatch, viewName } from './closematch.js';

/** @typedef {import('./staging.js').Draft} Draft */
/** @typedef {import('./cursor.js').Square} Square */
/** @typedef {import('./drag.js').Drop} Drop */
/** matchview.js's handlers (what wireInput answers).
 * @typedef {ReturnType<typeof wireInput>} Handlers */

/**
 * The match screen, as its input needs it (match.js).
 * @typedef {object} MatchScreen
 * @property {import('./matchstate.js').MatchState} s  the state
 * @property {ReturnType<typeof import('./turn.js').createTurn>} turn  the turn's conversation with the backend
 * @property {() => boolean} alive  false once another screen replaced this one
 * @property {AbortSignal} signal  aborts once another screen replaced this one
 * @property {(next: Draft | null, options?: { preview?: boolean }) => void} setDraft
 * @property {() => void} render
 * @property {(command: import('./turn.js').TurnCommand, args?: object, how?: { gone?: number[] | null, wholeRack?: boolean }) => Promise<void>} act
 * @property {() => Promise<void>} hint
 * @property {() => void} leave  to the history
 */

/**
 * Wires the input of one match screen and returns matchview.js's handlers.
 * @param {MatchScreen} m
 */
export function wireInput(m) {
  const { s, turn, alive, setDraft, render, act } = m;

  /** Stages rack tile `index` on (row, col); a blank stands for `asLetter`, or for the letter
   *  the player picks.
   * @param {number} index @param {number} row @param {number} col @param {string | null} [asLetter] */
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

  /** A drag over a square: the preview of the draft a drop there would make is asked for
   *  now, so the drop finds its answer in or on its way (the request was the largest part
   *  left of the drop-to-preview time: tests/e2e/latency.test.js).
   * @param {Draft | null} next */
  function askAhead(next) {
    if (next && playerReady(s)) turn.prefetchPreview(draftOf.tilesOf(next.staged));
  }

  /** @param {number} row @param {number} col */
  function onSquare(row, col) {
    if (!playerReady(s)) return;
    if (draftOf.stagedAt(s.draft.staged, row, col) >= 0) { setDraft(draftOf.takeBack(s.draft, row, col)); return; }
    if (s.draft.selected !== null) { place(s.draft.selected, row, col); return; }
    // Nothing chosen: the tap moves the keyboard cursor (on the cursor itself: turns it).
    const { cursor } = s.draft;
    const here = cursor.row === row && cursor.col === col;
    setDraft({ ...s.draft, cursor: { row, col, dir: here ? toggled(cursor.dir) : cursor.dir } }, { preview: false });
  }

  /** A staged tile dragged to another square (it moves there when the square is empty), back
   *  onto the rack (it returns, to the place it was dropped) or anywhere else (it returns to
   *  its own place on the rack).
   * @param {Square} from @param {Drop} target */
  function dropStaged(from, target) {
    if (target && 'square' in target) { setDraft(draftOf.moveStaged(s.draft, s.view, from, target.square)); return; }
    const at = draftOf.stagedAt(s.draft.staged, from.row, from.col);
    if (at < 0) return;
    const { index } = s.draft.staged[at];
    if (target && 'rack' in target) setOrder(s, reordered(s.order, s.order.indexOf(index), target.rack.before));
    setDraft(draftOf.takeBack(s.draft, from.row, from.col));
  }

  /** A rack tile dropped on a square (placed there), elsewhere on the rack (moved there) or
   *  anywhere else (it stays).
   * @param {number} index @param {Drop} target */
  function dropRackTile(index, target) {
    if (!target) return;
    if ('square' in target) { place(index, target.square.row, target.square.col); return; }
    setOrder(s, reordered(s.order, s.order.indexOf(index), target.rack.before));
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
    act(commands.play, { tiles: draftOf.tilesOf(s.draft.staged) }, { gone: s.draft.staged.map((t) => t.index) });
  }

  async function exchange() {
    const rack = s.view.rack ?? [];
    // Solo: the draft is recalled and the backend replaces min(bag, rack) tiles.
    if (s.view.rules.exchange === 'solo') {
      // Replacing the rack spends one of the round's turns: asked first, as Resign is.
      const left = s.view.turns_left;
      const spend = left != null ? ` It uses one of your turns (${left} left).` : '';
      if (await confirmDialog('Replace your rack?', `Your tiles go back to the bag and you draw new ones.${spend}`, 'Replace')) {
        act(commands.exchange, { tiles: [] }, { wholeRack: true });
      }
      return;
    }
    const tiles = await pickTiles('Exchange tiles', rack, { max: s.view.exchange_max }, s.view.letter_values);
    if (!tiles) return;
    act(commands.exchange, { tiles: tiles.map((t) => (t.blank ? '?' : t.letter)) }, { gone: tiles.map((t) => rack.indexOf(t)) });
  }

  async function resign() {
    const v = s.view;
    if (v.to_move == null) return;
    const me = v.players[v.to_move];
    // Resigning hands the match to the one other player still in, when there is one (the
    // backend's `resign_winner`): say so.
    const winner = v.resign_winner == null ? null : v.players[v.resign_winner];
    const what = winner ? `${winner.name} wins the match.` : `${me.name} leaves the match.`;
    if (await confirmDialog('Resign?', `${what} This cannot be undone.`, 'Resign')) {
      act(commands.resign, { confirm: true });
    }
  }

  /** Pass, after one tap to confirm (it sits beside Resign and Hint, and ends the turn). */
  async function pass() {
    if (s.view.to_move == null) return;
    const me = s.view.players[s.view.to_move];
    if (await confirmDialog('Pass?', `${me.name} passes: the turn scores nothing and the rack stays as it is.`, 'Pass')) {
      act(commands.pass);
    }
  }

  /** The square a key places on: the cursor's, or the first empty one after it. */
  function keyTarget() {
    const { cursor } = s.draft;
    const target = nextEmpty(s.view, s.draft.staged, cursor, cursor.dir, true);
    if (!target) toast(`No empty square ${cursor.dir === 'across' ? 'to the right' : 'below'}: move the cursor.`);
    return target;
  }

  /** @type {import('./keyboard.js').KeyActions} */
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
  /** The intent `fn`, noting first that the last input was a key.
   * @template {unknown[]} A @param {(...args: A) => void} fn @returns {(...args: A) => void} */
  const byKey = (fn) => (...args) => { s.keyboard = true; fn(...args); };
  listenForMatchKeys(() => keysReady(s, turn.busy), alive, {
    move: byKey(keyActions.move), toggle: byKey(keyActions.toggle), type: byKey(keyActions.type),
    enter: byKey(keyActions.enter), back: byKey(keyActions.back), recall: byKey(keyActions.recall),
    submit: byKey(keyActions.submit),
  }, m.signal);

  return {
    // The click a mouse fires where a drag ended belongs to the drag, not a tap.
    /** @param {number} row @param {number} col */
    square: (row, col) => { if (!justDragged()) onSquare(row, col); },
    /** @param {number} row @param {number} col @param {PointerEvent} e */
    stagedPress: (row, col, e) => {
      const tile = s.draft.staged[draftOf.stagedAt(s.draft.staged, row, col)];
      if (tile) trackDrag(e, tile.letter, (target) => dropStaged({ row, col }, target), (to) => askAhead(draftOf.moveStaged(s.draft, s.view, { row, col }, to)));
    },
    /** @param {number} index */
    rackSelect: (index) => { if (!justDragged()) setDraft(draftOf.select(s.draft, index), { preview: false }); },
    /** @param {number} index @param {import('./contract').TileView} tile @param {PointerEvent} e */
    rackPress: (index, tile, e) => trackDrag(e, tile.blank ? '?' : tile.letter, (target) => dropRackTile(index, target),
      // A blank's letter is not chosen yet: nothing to ask ahead.
      (to) => { if (!tile.blank) askAhead(draftOf.place(s.draft, s.view, index, to.row, to.col)); }),
    play: submit,
    recall: () => setDraft({ ...s.draft, staged: [] }),
    shuffle: () => { setOrder(s, shuffled(s.order)); render(); },
    exchange,
    pass,
    hint: m.hint,
    resign,
    // The whole table stops: asked first, naming the match; then the history, where it is
    // marked abandoned.
    abandon: () => { if (!turn.busy) abandonMatch({ id: s.view.id }, () => { if (alive()) m.leave(); }, viewName(s.view)); },
    reveal: () => act(commands.reveal_rack),
    // A challenge is the challenger's own tap: no question first (the cover names them). A
    // withdrawn play's tiles go back to its owner's covered rack, so the rack order goes.
    /** @param {number} player */
    challenge: (player) => act(commands.challenge, { player }, { wholeRack: true }),
    letStand: () => act(commands.let_stand),
    /** @param {number} player */
    takeBack: async (player) => {
      // Asked first, as Resign and Pass are: on the cover the button is within a thumb of
      // "Show my rack", and a take-back undoes a move the table has seen.
      const offer = s.view.take_back;
      if (!offer || offer.seat !== player) return;
      const also = offer.turns > 1 ? ` and the ${offer.turns - 1 === 1 ? 'reply' : `${offer.turns - 1} replies`} after it` : '';
      if (await confirmDialog(`Take back ${offer.name}'s move?`,
        `${offer.name}'s last move${also} comes off the board and ${offer.name} plays again with the same tiles. It counts as assistance.`, 'Take back')) {
        act(commands.take_back, { player }, { wholeRack: true });
      }
    },
    /** @param {number | null} number */
    selectTurn: (number) => { s.selectedTurn = number; render(); },
    // A press anywhere on the screen is no key: the focus stays where the pointer put it.
    press: () => { s.keyboard = false; },
    /** @param {number} index */
    rackFocus: (index) => { s.rackFocus = index; },
    zoom: () => { s.zoomed = !s.zoomed; render(); },
  };
}
