// The scoresheet's words (ui/js/scoresheet.js): a turn record of the backend's match view
// written as the table reads it, and the scorer's breakdown in words. Nothing is scored here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { turnText, breakdownText } from '../../ui/js/scoresheet.js';

const letter = (l, value, letterMultiplier = 1, blank = false) => ({ letter: l, value, letter_multiplier: letterMultiplier, blank, placed: true });

test('a play is written as its words, main word first; other turns in words', () => {
  const play = { action: 'play', words: [{ word: 'JEHAD' }, { word: 'HA' }] };
  assert.equal(turnText(play), 'JEHAD, HA');
  assert.equal(turnText({ action: 'exchange', count: 4 }), 'exchanged 4');
  assert.equal(turnText({ action: 'exchange', count: 7 }, true), 'replaced 7');
  assert.equal(turnText({ action: 'pass' }), 'passed');
  assert.equal(turnText({ action: 'resign' }), 'resigned');
});

test("the breakdown repeats the scorer's letters, multipliers and totals", () => {
  const t = {
    words: [{ word: 'HOUSE', letters: [letter('H', 4, 3), letter('O', 1), letter('U', 1), letter('S', 1), letter('E', 1)], word_multiplier: 1, score: 16 }],
    bingo: 0,
  };
  assert.equal(breakdownText(t), 'HOUSE: H 4×3 + O 1 + U 1 + S 1 + E 1 = 16');
  const blankAndBingo = {
    words: [{ word: 'AT', letters: [letter('A', 0, 1, true), letter('T', 1)], word_multiplier: 2, score: 2 }],
    bingo: 50,
  };
  assert.equal(breakdownText(blankAndBingo), 'AT: A(blank) 0 + T 1, word ×2 = 2; bingo +50');
});
