// The match screen: it holds the screen's state (matchstate.js), takes the player's input
// through matchinput.js (taps, drags, keys, the turn's buttons), carries on the turn's
// conversation with the backend (turn.js: previews and commands), and draws (matchview.js),
// with the computer's tiles arriving one by one (arrival.js) and the focus carried over each
// redraw (matchfocus.js). The backend plays the computers' turns itself and says so with a
// pushed event (api.js onEvent): this screen asks for no computer move and keeps no timer
// for one, so nothing it redraws can ask twice. Every rule question is asked of the backend;
// this module decides only what to draw next.
import * as commands from './commands.js';
import { onEvent } from './api.js';
import { fill, toast, sentence, announce, messageOf } from './dom.js';
import { rememberOrder, forgetOrder, orderAfter } from './rackorder.js';
import * as draftOf from './staging.js';
import { createTurn } from './turn.js';
import { renderTurn, renderThinking, showPreview, patchTurn } from './matchview.js';
import { renderEnd, endTitle, hasResult } from './end.js';
import { moveSentence } from './scores.js';
import { playSound } from './sound.js';
import { newMatchState, resetTurn, viewState, onlyDraftChanged, markDrawn } from './matchstate.js';
import { draftKeeper } from './draftkeeper.js';
import { wireInput } from './matchinput.js';
import { showArriving } from './arrival.js';
import { focusKey, placeFocus, zoomScroll, followCursor } from './matchfocus.js';

/** @typedef {import('./contract').MatchView} MatchView */

/**
 * Opens match `params.id` in `box`, starting from `params.view` when the caller already has
 * it. Without one (start-up, "Continue") the backend puts the handoff cover back up.
 * @param {HTMLElement} box
 * @param {import('./main.js').ScreenParams} params
 * @param {import('./main.js').Screen} screen  the screen's handle from main.js: alive() turns
 *                false and the signal aborts once another screen replaced this one
 */
export async function showMatch(box, { id, view = null }, screen) {
  if (id == null) return;
  const [settings, firstView] = await Promise.all([
    commands.get_settings().catch(() => /** @type {Partial<import('./contract').Settings>} */ ({ tile_tracker: false })),
    view ?? commands.match_view({ match_id: id, cover: true }),
  ]);
  const turn = createTurn(firstView.id);
  const s = newMatchState(firstView);
  const alive = screen.alive;
  /** @param {HTMLElement} el */
  const show = (el) => { fill(box, el); s.shown = el; s.drawn = null; };
  // A rematch being made (the end screen's button acts once per match made).
  let rematching = false;
  const state = () => viewState(s, turn.preview, Boolean(settings.tile_tracker));
  const newTurn = () => { resetTurn(s); turn.clearPreview(); };

  /** The draft changed: draw it and ask for its preview. A step that could not be taken
   *  (null) changes nothing.
   * @param {import('./staging.js').Draft | null} next @param {{ preview?: boolean }} [options] */
  function setDraft(next, { preview = true } = {}) {
    if (!next) return;
    s.draft = next;
    // The request goes out first, so the backend works on it while the screen is drawn.
    if (preview) requestPreview();
    keeper.keep();
    redraw();
  }

  // The draft is kept in the backend with the match (draftkeeper.js), back after a reload.
  const keeper = draftKeeper(s, () => requestPreview());

  /** Draws the draft: only what changed when the screen on show is this turn's, drawn from
   *  the same view, rack order and hint state; the whole screen otherwise. */
  function redraw() {
    const focused = focusKey(box); // before the patch replaces the squares
    const drawn = s.drawn;
    if (alive() && drawn && onlyDraftChanged(s) && patchTurn(s.shown, s.view, state(), drawn.draft, handlers)) {
      drawn.draft = s.draft;
      placeFocus(box, s, focused);
      // The zoom frame stays the same element (its scroll kept); whether the cursor left its
      // view is measured in the next frame, before that frame lays out: the layout the
      // measurement needs is then the one the frame does anyway. Measured here, it laid the
      // page out an extra time inside the drop (1.0 of the 3.0 ms from the pointerup to the
      // preview in the DOM, Chromium at 820×1180: tests/e2e/latency.test.js).
      if (!s.following) {
        s.following = true;
        requestAnimationFrame(() => { s.following = false; if (alive()) followCursor(box, alive, zoomScroll(box)); });
      }
      return;
    }
    render();
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

  /**
   * Runs a turn command. `gone`: the rack indexes leaving the rack (played or exchanged), so
   * the player's arrangement of the rest carries over; `wholeRack`: the rack is replaced.
   * @param {import('./turn.js').TurnCommand} command  one of commands.js's turn commands
   * @param {object} [args]  its arguments but the match
   * @param {{ gone?: number[] | null, wholeRack?: boolean }} [how]
   */
  async function act(command, args = {}, { gone = null, wholeRack = false } = {}) {
    if (turn.busy) return;
    const seat = s.view.to_move;
    const keptOrder = gone && s.view.rack ? orderAfter(s.view.rack, s.order, gone) : null;
    try {
      await keeper.settled();
      const next = await turn.command(command, args);
      if (!next) return;
      s.view = /** @type {MatchView} */ (next);
      // A turn done (a play, exchange, pass, resignation or the computer's move), not a reveal.
      const turnDone = command !== commands.reveal_rack;
      if (settings.sound && turnDone) playSound(s.view.over ? 'end' : 'turn');
      s.focusAfter = turnDone ? 'turn' : 'reveal';
      if (turnDone) announce(turnSentence(s.view));
      if (keptOrder) rememberOrder(s.view.id, seat, keptOrder);
      else if (wholeRack) forgetOrder(s.view.id, seat);
      newTurn();
      if (!turnDone) keeper.restore();
    } catch (e) {
      toast(messageOf(e));
    }
    render();
  }

  /** A computer moved in this match (the backend's event): its view is asked for and its
   *  tiles arrive one by one. While an earlier move's tiles are still arriving it waits:
   *  the redraw after the last of them asks. */
  async function computerMoved() {
    if (s.arriving.length) { s.movedMeanwhile = true; return; }
    /** @type {MatchView} */
    let next;
    try { next = await commands.match_view({ match_id: s.view.id }); } catch (e) { toast(messageOf(e)); return; }
    if (!alive() || next.turn <= s.view.turn) return;
    s.view = next;
    s.computerFailed = null;
    if (settings.sound) playSound(next.over ? 'end' : 'turn');
    s.focusAfter = 'turn';
    announce(turnSentence(next));
    showArriving(s, next, alive, render);
    newTurn();
    render();
  }

  const stop = onEvent((e) => {
    if (!alive()) return;
    // Events may have been missed: a computer's move made meanwhile is asked for and drawn.
    if (e.event === 'resync') { computerMoved(); return; }
    if (!('match_id' in e) || e.match_id !== s.view.id) return;
    if (e.event === 'computer_moved' && e.turn > s.view.turn) computerMoved();
    // Not made: said on the screen with "Try again" (retryComputer). The backend tries again
    // only when a command opens the match, and asking at once would loop on a move that fails
    // every time, a toast each 450 ms (as it once did).
    else if (e.event === 'computer_failed') {
      s.computerFailed = sentence(e.message);
      render();
    }
  });
  screen.signal.addEventListener('abort', stop);

  // A hint is recorded as assistance and the classic suggestion takes a moment: while it
  // works the screen is busy and the button says so, so a second tap cannot ask again.
  async function hint() {
    if (turn.busy) return;
    s.hinting = true;
    const asked = turn.command(commands.hint);
    render();
    /** @type {import('./contract').HintShown | undefined} */
    let answer;
    try {
      answer = await asked;
    } catch (e) {
      toast(messageOf(e));
    }
    s.hinting = false;
    // One drawing per answer: the suggested move's draft draws the screen itself (whole, as
    // the hint state changed with it).
    if (answer?.kind === 'move' && alive()) {
      // The suggested move as a draft, tile by tile from the rack.
      const next = draftOf.stageSuggestion(s.draft, s.view, answer.tiles);
      if (!next) toast('The suggestion does not fit the rack.');
      setDraft(next ?? { ...s.draft, staged: [] });
      return;
    }
    if (answer?.kind === 'words' && alive()) s.hintWords = answer.groups;
    render();
    if (answer?.kind === 'no_move' && alive()) toast('No move fits this rack: exchange or pass.');
  }

  /** "Try again" after a computer's move failed: asking for the view opens the match, which
   *  has the backend try the move again. Its move comes as an event and is drawn as any
   *  computer's move is (computerMoved), so the answer here is not kept. */
  async function retryComputer() {
    s.computerFailed = null;
    render();
    try { await commands.match_view({ match_id: s.view.id }); } catch (e) { toast(messageOf(e)); }
  }

  const handlers = wireInput({ s, turn, alive, signal: screen.signal, setDraft, render, act, hint, leave: () => screen.open('history') });

  function render() {
    if (!alive()) return;
    const v = s.view;
    const focused = focusKey(box);
    if (hasResult(v) && !s.arriving.length) {
      show(renderEnd(v, {
        onDetails: () => screen.open('detail', { id: v.id }),
        onRematch: async () => {
          // One rematch per tap: a second tap while the first is made, or after it while the
          // new match opens, does nothing; a refusal lets it be asked again.
          if (rematching) return;
          rematching = true;
          try {
            const next = await commands.rematch({ match_id: v.id });
            screen.open('match', { id: next.id, view: next });
          } catch (e) { toast(messageOf(e)); rematching = false; }
        },
      }));
    } else if (v.over || v.to_move == null || v.players[v.to_move].computer) {
      show(renderThinking(v, state(), handlers, retryComputer));
      // A later computer move that came while this one's tiles arrived is drawn now.
      if (!v.over && !s.arriving.length && s.movedMeanwhile) { s.movedMeanwhile = false; computerMoved(); }
    } else {
      if (s.order.length !== (v.rack ?? []).length) newTurn();
      const scrolled = zoomScroll(box);
      show(renderTurn(v, state(), handlers));
      followCursor(box, alive, scrolled);
      if (!v.covered) markDrawn(s);
    }
    placeFocus(box, s, focused);
  }

  newTurn();
  keeper.restore();
  render();
  markFirstBoard();
}

/** What the status region says once a turn is done: the move, then who is next or how the
 *  match ended.
 * @param {MatchView} v */
function turnSentence(v) {
  const move = v.last_move ? `${moveSentence(v.last_move, v.rules.exchange === 'solo')}.` : '';
  if (v.over || v.to_move == null) return `${move} Match over: ${endTitle(v)}.`.trim();
  const next = v.players[v.to_move];
  if (v.covered) return `${move} Pass to ${next.name}.`.trim();
  return `${move} ${next.computer ? `${next.name} is thinking.` : `${next.name} to play.`}`.trim();
}

/** Marks when the first board reached the screen in the page's performance timeline (the
 *  standard User Timing mark `first-board`), for start-up measurements. */
function markFirstBoard() {
  if (performance.getEntriesByName('first-board').length) return;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (!performance.getEntriesByName('first-board').length) performance.mark('first-board');
  }));
}
