// The one style a score's breakdown is written in (ui/js/breakdown.js): the scorer's letters,
// multipliers and totals repeated, never worked out again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { letterText, wordBreakdown, breakdownLines, breakdownText } from '../../ui/js/breakdown.js';

const letter = (l, value, letterMultiplier = 1, blank = false) => ({ letter: l, value, letter_multiplier: letterMultiplier, blank, placed: true });
// The module keeps a letter and its value together with a no-break space; written plainly here.
const plain = (text) => text.replaceAll('\u00a0', ' ');

test('a letter is its value, a blank says so, a letter premium is a factor', () => {
  assert.equal(plain(letterText(letter('S', 1))), 'S 1');
  assert.equal(plain(letterText(letter('H', 4, 3))), 'H 4×3');
  assert.equal(plain(letterText(letter('A', 0, 2, true))), 'A(blank) 0×2');
  assert.match(letterText(letter('S', 1)), /^S\u00a01$/, 'a letter and its value never wrap apart');
});

test("a word repeats the scorer's letters, its word multiplier only when it counts, and its score", () => {
  const house = { word: 'HOUSE', letters: [letter('H', 4, 3), letter('O', 1), letter('U', 1), letter('S', 1), letter('E', 1)], word_multiplier: 1, score: 16 };
  assert.equal(plain(wordBreakdown(house)), 'HOUSE: H 4×3 + O 1 + U 1 + S 1 + E 1 = 16');
  const at = { word: 'AT', letters: [letter('A', 0, 1, true), letter('T', 1)], word_multiplier: 2, score: 2 };
  assert.equal(plain(wordBreakdown(at)), 'AT: A(blank) 0 + T 1, word ×2 = 2');
});

test('a move is its words, then the bingo when there is one, as lines or on one line', () => {
  const cat = { word: 'CAT', letters: [letter('C', 3), letter('A', 1), letter('T', 1)], word_multiplier: 1, score: 5 };
  const ta = { word: 'TA', letters: [letter('T', 1), letter('A', 1)], word_multiplier: 1, score: 2 };
  assert.deepEqual(breakdownLines({ words: [cat, ta], bingo: 0 }).map(plain), ['CAT: C 3 + A 1 + T 1 = 5', 'TA: T 1 + A 1 = 2']);
  assert.deepEqual(breakdownLines({ words: [cat], bingo: 50 }).map(plain), ['CAT: C 3 + A 1 + T 1 = 5', 'bingo +50']);
  assert.equal(plain(breakdownText({ words: [cat], bingo: 50 })), 'CAT: C 3 + A 1 + T 1 = 5; bingo +50');
});
