// The draft kept in the backend with its match (`keep_draft`: in memory and in the history),
// so a reload or a restart gives the staged tiles back once the player shows their rack
// again (`view.draft`, only in the revealed view). The webview keeps no copy: a draft is
// rack tiles, and behind the cover the webview must hold none.
import * as commands from './commands.js';
import * as draftOf from './staging.js';
import { playerReady } from './matchstate.js';

/**
 * @param {import('./matchstate.js').MatchState} s  the match screen's state
 * @param {() => void} preview  asks for the preview of the draft as it is now
 */
export function draftKeeper(s, preview) {
  /** @type {{ turn: number | null, key: string }} */
  let kept = { turn: null, key: '[]' }; // what the backend holds, as far as this screen knows
  /** @type {Promise<unknown>} */
  let sending = Promise.resolve(); // the last keep_draft sent, settled or not
  return {
    /** Tells the backend the draft as it is now, when it changed. */
    keep() {
      if (!playerReady(s)) return;
      const tiles = draftOf.tilesOf(s.draft.staged);
      const key = JSON.stringify(tiles);
      if (kept.turn === s.view.turn && kept.key === key) return;
      kept = { turn: s.view.turn, key };
      sending = commands.keep_draft({ match_id: s.view.id, tiles }).catch(() => { kept = { turn: null, key: '' }; });
    },
    /** Once the draft last sent is kept: a turn command waits for it, or a Play tapped right
     *  after the last drop could overtake it and the draft arrive when the turn is over (and
     *  be refused, a computer or a covered rack being to move by then). */
    settled() {
      return sending;
    },
    /** The draft the backend kept for this turn back on the board (right after the reveal). */
    restore() {
      if (!s.view.draft?.length || !playerReady(s)) return;
      const back = draftOf.stageSuggestion(s.draft, s.view, s.view.draft);
      if (!back) return;
      s.draft = back;
      kept = { turn: s.view.turn, key: JSON.stringify(draftOf.tilesOf(back.staged)) };
      preview();
    },
  };
}
