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
  const rows = preview.words.map((w) => h('tr', {},
    h('th', {}, w.word),
    h('td', {}, lettersText(w)),
    h('td', {}, wordMultiplierText(w)),
    h('td', {}, String(w.score))));
  if (preview.bingo) rows.push(h('tr', {}, h('th', {}, 'Bingo'), h('td'), h('td'), h('td', {}, `+${preview.bingo}`)));
  // The total first: a move of five or more words pushed it below the fold on a portrait
  // tablet and a phone, where the preview sits under the rack.
  return fill(el,
    h('p.preview-total', {}, h('strong', { 'data-testid': 'preview-total' }, `Total ${preview.score}`)),
    h('table', { 'data-testid': 'preview' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Word'), h('th', {}, 'Letters'), h('th', {}, 'Word ×'), h('th', {}, 'Score'))),
      h('tbody', {}, rows)));
}
