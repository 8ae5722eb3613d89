// The scoresheet's words (ui/js/scoresheet.js): a turn record of the backend's match view
// written as the table reads it (its breakdown: tests/unit/breakdown.test.js). Nothing is scored here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTotals, turnText } from '../../ui/js/scoresheet.js';

test('a play is written as its words, main word first; other turns in words', () => {
  const play = { action: 'play', words: [{ word: 'JEHAD' }, { word: 'HA' }] };
  assert.equal(turnText(play), 'JEHAD, HA');
  assert.equal(turnText({ action: 'exchange', count: 4 }), 'exchanged 4');
  assert.equal(turnText({ action: 'exchange', count: 7 }, true), 'replaced 7');
  assert.equal(turnText({ action: 'pass' }), 'passed');
  assert.equal(turnText({ action: 'resign' }), 'resigned');
});

test('the Start row shows each seat\'s start points from the view, only when one is not 0', () => {
  assert.deepEqual(startTotals({ players: [{ start_points: 0 }, { start_points: 5 }, { start_points: 9 }] }), [0, 5, 9]);
  assert.equal(startTotals({ players: [{ start_points: 0 }, { start_points: 0 }] }), null);
  // A view from before start points existed: no row.
  assert.equal(startTotals({ players: [{}, {}] }), null);
  assert.equal(startTotals({}), null);
});
