// The unseen-tiles grid (the tile tracker setting): each letter of the match's set and how
// many of it the person looking has not seen (the bag and the other racks together), as the
// backend's view counts them (`unseen`, present only with the tracker on), and how many of
// them left play with resigned players. Nothing is counted here: a letter the view leaves out
// has none unseen.
import { h } from './dom.js';

// Open or closed as the player last left it; by default open, but closed at the app window's
// default size (1100×820) and other short landscape screens up to 1199 px wide, where the
// open grid made the classic match screen 127 px taller than the window
// (tests/e2e/sizes.test.js): there one tap opens it.
/** @type {boolean | null} */
let gridOpen = null;
const short = () => Boolean(globalThis.matchMedia?.('(min-width: 861px) and (max-width: 1199px) and (max-height: 900px)').matches);

/** Who resigned, by name: "Ben", "Ben and Cy". @param {import('./contract').MatchView} v */
function leavers(v) {
  const names = v.players.filter((p) => p.resigned).map((p) => p.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0] ?? 'a resigned player';
}

/**
 * @param {import('./contract').MatchView} v  a view with `unseen`
 */
export function unseenGrid(v) {
  const unseen = v.unseen ?? {};
  // Every letter of the set, in order, the blank last: a letter with none left still shows.
  const letters = [...new Set([...(v.rules.tiles ?? []).filter((t) => t.count > 0).map((t) => t.letter), ...Object.keys(unseen)])]
    .sort((a, b) => Number(a === '?') - Number(b === '?') || a.localeCompare(b));
  const total = Object.values(unseen).reduce((sum, n) => sum + n, 0);
  return h('details.panel.unseen', {
    'data-testid': 'tile-tracker', open: gridOpen ?? !short(),
    ontoggle: (/** @type {Event} */ e) => { gridOpen = /** @type {HTMLDetailsElement} */ (e.target).open; },
  },
    h('summary.unseen-title', { 'data-testid': 'unseen-toggle' }, `Unseen tiles: ${total}`),
    // What "unseen" means, in the backend's plain words for this rule set.
    h('p.muted.unseen-note', { 'data-testid': 'unseen-why' }, v.rules.guide.unseen),
    // A resigned player's tiles are among them but will never be drawn (which ones is
    // nobody's to see): the backend counts them.
    v.unseen_left_play ? h('p.muted.unseen-note', { 'data-testid': 'unseen-left-play' },
      `${v.unseen_left_play} of them left play with ${leavers(v)} and will not be drawn.`) : null,
    h('ul.unseen-grid', { 'data-testid': 'unseen-grid' }, letters.map((letter) => {
      const n = unseen[letter] ?? 0;
      const name = letter === '?' ? 'blank' : letter;
      return h('li.unseen-cell', { class: n ? undefined : 'none', dataset: { letter, count: String(n) }, 'aria-label': `${name}: ${n}` },
        h('span.unseen-letter', { 'aria-hidden': 'true' }, letter === '?' ? '?' : letter),
        h('span.unseen-count', { 'aria-hidden': 'true' }, String(n)));
    })));
}
