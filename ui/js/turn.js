// The match screen's conversation with the backend about one match: previews of the draft
// (only the answer to the latest request counts), the turn's commands (one at a time), and the
// suggestion a hint gives. It holds no DOM and decides no rule: every answer is the backend's.
import { call as backendCall } from './api.js';

/**
 * @param matchId  the match this conversation is about
 * @param call     (command, args) => Promise of the answer (api.js's `call`; a parameter so
 *                 the sequencing can be driven without a backend)
 */
export function createTurn(matchId, call = backendCall) {
  let previewSeq = 0;
  let previewPending = Promise.resolve();
  let preview = null; // the answer for the draft as it is now (null: nothing staged)
  let busy = false;

  return {
    get busy() { return busy; },
    get preview() { return preview; },

    /**
     * Asks for the preview of `tiles` (the draft as it is now). Resolves true once this
     * request's answer is the preview, false when a later request overtook it. A refusal is an
     * answer too: {legal: false, error}.
     */
    requestPreview(tiles) {
      const seq = ++previewSeq;
      previewPending = (async () => {
        let answer = null;
        if (tiles.length) {
          try {
            answer = await call('preview', { match_id: matchId, tiles });
          } catch (e) {
            answer = { legal: false, error: { kind: e.kind, message: e.message, details: e.details } };
          }
        }
        if (seq !== previewSeq) return false;
        preview = answer;
        return true;
      })();
      return previewPending;
    },

    /** Resolves with the preview of the latest draft once its answer is in (a key may come
     *  faster than the answer). */
    async settledPreview() {
      let pending;
      do { pending = previewPending; await pending; } while (pending !== previewPending);
      return preview;
    },

    /** Forgets the preview (a new turn starts). */
    clearPreview() {
      previewSeq += 1;
      previewPending = Promise.resolve();
      preview = null;
    },

    /**
     * Runs a turn command (play, exchange, pass, resign, reveal_rack, computer_turn, hint) for
     * this match, one at a time: while one is out, another resolves with `undefined` at once.
     * Resolves with the backend's answer; a refusal rejects with the ApiError.
     */
    async command(name, args = {}) {
      if (busy) return undefined;
      busy = true;
      try {
        return await call(name, { match_id: matchId, ...args });
      } finally {
        busy = false;
      }
    },
  };
}
