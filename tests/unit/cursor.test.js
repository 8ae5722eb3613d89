// The keyboard cursor's geometry (ui/js/cursor.js): where a turn starts, arrows, the next
// empty square, occupied squares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startCursor, moved, nextEmpty, occupied, toggled, ACROSS, DOWN } from '../../ui/js/cursor.js';
import { view, at } from './views.js';

test('an empty board starts on the star, across', () => {
  assert.deepEqual(startCursor(view()), { row: 4, col: 4, dir: ACROSS });
  assert.deepEqual(startCursor(view({ size: 15 })), { row: 7, col: 7, dir: ACROSS });
});

test('after a move across, the cursor waits just past its end, across', () => {
  const v = view({ tiles: { E5: 'C', F5: 'A', G5: 'T' }, lastMove: ['E5', 'F5', 'G5'] });
  assert.deepEqual(startCursor(v), { ...at('H5'), dir: ACROSS });
});

test('after a move down, the cursor waits just below it, down; it skips tiles already there', () => {
  const v = view({ tiles: { E3: 'C', E4: 'A', E5: 'T', E6: 'S' }, lastMove: ['E3', 'E4', 'E5'], direction: 'down' });
  assert.deepEqual(startCursor(v), { ...at('E7'), dir: DOWN });
});

test('a one-tile move follows the line the backend gives it', () => {
  // A on E6 under the C of E5: the backend says its word runs down.
  const v = view({ tiles: { E5: 'C', E6: 'A' }, lastMove: ['E6'], direction: 'down' });
  assert.deepEqual(startCursor(v), { ...at('E7'), dir: DOWN });
  // With a tile beside it, its word runs across.
  const across = view({ tiles: { D6: 'B', E6: 'A' }, lastMove: ['E6'], direction: 'across' });
  assert.deepEqual(startCursor(across), { ...at('F6'), dir: ACROSS });
});

test('a move that ends at the edge: the first empty square beside it (reading order)', () => {
  const v = view({ tiles: { G5: 'C', H5: 'A', I5: 'T' }, lastMove: ['G5', 'H5', 'I5'] });
  assert.deepEqual(startCursor(v), { ...at('G4'), dir: ACROSS });
});

test('arrows stop at the edge of the board', () => {
  const c = { row: 0, col: 8, dir: DOWN };
  assert.deepEqual(moved(c, -1, 0, 9), c);
  assert.deepEqual(moved(c, 0, 1, 9), c);
  assert.deepEqual(moved(c, 1, -1, 9), { row: 1, col: 7, dir: DOWN });
});

test('the next empty square skips committed and staged tiles, and is null off the board', () => {
  const v = view({ tiles: { F5: 'A' } });
  const staged = [{ ...at('G5'), letter: 'T', blank: false, index: 2 }];
  assert.ok(occupied(v, staged, 4, 5) && occupied(v, staged, 4, 6));
  assert.ok(!occupied(v, staged, 4, 4));
  assert.deepEqual(nextEmpty(v, staged, at('E5'), ACROSS, false), at('H5'));
  assert.deepEqual(nextEmpty(v, staged, at('E5'), ACROSS, true), at('E5'));
  assert.deepEqual(nextEmpty(v, staged, at('E5'), DOWN, false), at('E6'));
  assert.equal(nextEmpty(v, staged, at('I5'), ACROSS, false), null);
  assert.equal(toggled(ACROSS), DOWN);
  assert.equal(toggled(DOWN), ACROSS);
});
