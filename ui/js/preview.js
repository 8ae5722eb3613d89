// Shows the backend's preview of the staged tiles: each word and how its score is made up,
// or why the move would be refused. The numbers all come from the backend.
import { h, fill, sentence } from './dom.js';
import { lettersText, wordMultiplierText } from './breakdown.js';

/** Renders a preview answer into `el` (null = nothing staged).
 * @param {Element} el @param {import('./contract').PreviewAnswer | null} preview */
export function renderPreview(el, preview) {
  // Nothing staged: say how to place a tile, for the touch screen has no key summary.
  if (!preview) {
    return fill(el, h('p.muted', { 'data-testid': 'preview-empty' },
      'Tap a rack tile, then a square (or drag the tile there). The score of your move shows here.'));
  }
  if (!preview.legal) {
    // The backend's message already names the words it refuses.
    return fill(el, h('p.error', { 'data-testid': 'preview-error', 'data-kind': preview.error?.kind ?? '' },
      sentence(preview.error?.message ?? 'Not a legal move')));
  }
  // The "Word ×" column only when a word of this move has a word multiplier: empty, it cost
  // a phone's preview a column (every move on a board without premiums; issue 45).
  const multiplied = preview.words.some((w) => wordMultiplierText(w) !== '');
  const rows = preview.words.map((w) => h('tr', {},
    h('th', {}, w.word),
    h('td', {}, lettersText(w)),
    multiplied ? h('td', {}, wordMultiplierText(w)) : null,
    h('td', {}, String(w.score))));
  if (preview.bingo) rows.push(h('tr', {}, h('th', {}, 'Bingo'), h('td'), multiplied ? h('td') : null, h('td', {}, `+${preview.bingo}`)));
  // The total first: a move of five or more words pushed it below the fold on a portrait
  // tablet and a phone, where the preview sits under the rack.
  return fill(el,
    h('p.preview-total', {}, h('strong', { 'data-testid': 'preview-total' }, `Total ${preview.score}`)),
    h('table', { 'data-testid': 'preview' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Word'), h('th', {}, 'Letters'), multiplied ? h('th', {}, 'Word ×') : null, h('th', {}, 'Score'))),
      h('tbody', {}, rows)));
}
