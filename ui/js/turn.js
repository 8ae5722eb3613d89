// The match screen's conversation with the backend about one match: previews of the draft
// (only the answer to the latest request counts), the turn's commands (one at a time), and the
// suggestion a hint gives. It holds no DOM and decides no rule: every answer is the backend's.
import * as commands from './commands.js';
import { ApiError } from './api.js';
import { messageOf } from './dom.js';

/** @typedef {import('./contract').PreviewAnswer} PreviewAnswer */
/** @typedef {import('./contract').TileArg} TileArg */
/** A preview asked for ahead: the tiles' key, the answer on its way and, once in, the answer.
 * @typedef {{ key: string | null, answer: Promise<PreviewAnswer> | null, done: boolean, value: PreviewAnswer | null }} Ahead */

/**
 * A turn command of commands.js, run for this match (its `match_id` is filled in).
 * @typedef {typeof commands.play | typeof commands.exchange | typeof commands.pass | typeof commands.resign
 *   | typeof commands.reveal_rack | typeof commands.hint
 *   | typeof commands.take_back | typeof commands.challenge | typeof commands.let_stand} TurnCommand
 */

/**
 * @param {number} matchId  the match this conversation is about
 * @param {typeof commands.preview} preview  the preview command (commands.js's; a parameter
 *                 so the sequencing can be driven without a backend)
 */
export function createTurn(matchId, preview = commands.preview) {
  let previewSeq = 0;
  /** @type {Promise<boolean>} */
  let previewPending = Promise.resolve(true);
  /** @type {import('./contract').PreviewAnswer | null} */
  let shown = null; // the answer for the draft as it is now (null: nothing staged)
  let settled = true; // `preview` answers the latest request (none is still out)
  let busy = false;
  // The answer asked for ahead of time (prefetchPreview) for the tiles `key`: its promise,
  // and the answer itself once it is in; good until the turn changes (clearPreview).
  /** @type {Ahead} */
  let ahead = { key: null, answer: null, done: false, value: null };

  /** The backend's preview of `tiles`; a refusal is an answer too (not legal, no score).
   * @param {TileArg[]} tiles @returns {Promise<PreviewAnswer>} */
  const ask = (tiles) => preview({ match_id: matchId, tiles }).catch((e) => ({
    legal: false, score: 0, bingo: 0, notation: null, words: [],
    error: e instanceof ApiError
      ? { kind: e.kind, message: e.message, details: e.details }
      : { kind: 'internal', message: messageOf(e), details: null },
  }));

  return {
    get busy() { return busy; },
    get preview() { return shown; },
    /** True when `preview` is the answer to the latest requestPreview (none is still out). */
    get settled() { return settled; },

    /**
     * Asks for the preview of `tiles` (the draft as it is now). Resolves true once this
     * request's answer is the preview, false when a later request overtook it. A refusal is an
     * answer too: {legal: false, error}. When the answer is already known (nothing staged, or
     * asked ahead and answered) it is the preview before this returns (`settled` is true), so
     * the caller can draw it in the same task instead of a microtask later.
     * @param {TileArg[]} tiles
     */
    requestPreview(tiles) {
      const seq = ++previewSeq;
      const key = tiles.length ? JSON.stringify(tiles) : null;
      if (!key || (ahead.key === key && ahead.done)) {
        shown = key ? ahead.value : null;
        settled = true;
        previewPending = Promise.resolve(true);
        return previewPending;
      }
      settled = false;
      previewPending = (async () => {
        const answer = await (ahead.key === key ? ahead.answer : ask(tiles));
        if (seq !== previewSeq) return false;
        shown = answer;
        settled = true;
        return true;
      })();
      return previewPending;
    },

    /**
     * Asks ahead for the preview of `tiles`, a draft the player may be about to make (a tile
     * held over a square): when requestPreview then asks for exactly these tiles it takes this
     * answer, already in or on its way, instead of asking again. One at a time: a new guess
     * replaces the last. The answer is still the backend's for exactly these tiles.
     * @param {TileArg[]} tiles
     */
    prefetchPreview(tiles) {
      const key = JSON.stringify(tiles);
      if (!tiles.length || ahead.key === key) return;
      const answer = ask(tiles);
      /** @type {Ahead} */
      const guess = { key, answer, done: false, value: null };
      answer.then((value) => { guess.done = true; guess.value = value; });
      ahead = guess;
    },

    /** Resolves with the preview of the latest draft once its answer is in (a key may come
     *  faster than the answer). */
    async settledPreview() {
      let pending;
      do { pending = previewPending; await pending; } while (pending !== previewPending);
      return shown;
    },

    /** Forgets the preview (a new turn starts). */
    clearPreview() {
      previewSeq += 1;
      previewPending = Promise.resolve(true);
      shown = null;
      settled = true;
      ahead = { key: null, answer: null, done: false, value: null };
    },

    /**
     * Runs a turn command (play, exchange, pass, resign, reveal_rack, hint) for
     * this match, one at a time: while one is out, another resolves with `undefined` at once.
     * Resolves with the backend's answer; a refusal rejects with the ApiError.
     * @template {TurnCommand} C
     * @param {C} run  the command
     * @param {Omit<Parameters<C>[0], 'match_id'>} [args]  its arguments but the match
     * @returns {Promise<Awaited<ReturnType<C>> | undefined>}
     */
    async command(run, args) {
      if (busy) return undefined;
      busy = true;
      try {
        return /** @type {Awaited<ReturnType<C>>} */ (await run(/** @type {any} */ ({ match_id: matchId, ...args })));
      } finally {
        busy = false;
      }
    },
  };
}
