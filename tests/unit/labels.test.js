// What a screen reader says for a board square (ui/js/board.js squareLabel).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { squareLabel } from '../../ui/js/board.js';

test('a square is named by its name, then its tile or its premium', () => {
  assert.equal(squareLabel({ name: 'E1', premium: '3L' }), 'E1, triple letter');
  assert.equal(squareLabel({ name: 'F5', tile: { letter: 'S', blank: true } }), 'F5, S, blank');
  assert.equal(squareLabel({ name: 'C3', tile: { letter: 'Q', blank: false }, premium: '2W' }), 'C3, Q', 'a tile hides the premium');
  assert.equal(squareLabel({ name: 'A9' }), 'A9');
});

test('the star, a staged tile and the cursor are said too', () => {
  assert.equal(squareLabel({ name: 'H8', premium: '2W', star: true }), 'H8, double word, star');
  assert.equal(squareLabel({ name: 'H8', tile: { letter: 'C', blank: false }, staged: true, star: true }), 'H8, C, staged');
  assert.equal(squareLabel({ name: 'E5', star: true, cursor: { row: 4, col: 4, dir: 'down' } }), 'E5, star, cursor, down');
});
