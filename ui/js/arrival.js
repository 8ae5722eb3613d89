// The computer's move is shown being made: its tiles appear one by one (reduced motion: at
// once), then stay outlined as the last move. The squares still to come are the match
// state's `arriving`; the match screen draws them hidden (matchview.js boardOptions).

// The pace for a computer's tiles appearing one by one.
const TILE_STEP_MS = 150;

/**
 * Starts the arrival of view `v`'s last move on state `s`: `render` is called after each
 * tile, until none is left or the screen is gone (`alive()` false).
 * @param {import('./matchstate.js').MatchState} s
 * @param {import('./contract').MatchView} v
 * @param {() => boolean} alive
 * @param {() => void} render
 */
export function showArriving(s, v, alive, render) {
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
