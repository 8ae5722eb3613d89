// The keyboard cursor's geometry (ui/js/cursor.js): the star a turn starts on, arrows, the next
// empty square, occupied squares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { starCursor, moved, nextEmpty, occupied, toggled, ACROSS, DOWN } from '../../ui/js/cursor.js';
import { view, at } from './views.js';

test('every turn starts on the star, across, whatever is on the board (issue 13)', () => {
  assert.deepEqual(starCursor(view()), { row: 4, col: 4, dir: ACROSS });
  assert.deepEqual(starCursor(view({ size: 15 })), { row: 7, col: 7, dir: ACROSS });
  // It used to wait past the last move (here H5, or E7 below a move down): a player sat
  // down to wherever the previous player's play had left it.
  assert.deepEqual(starCursor(view({ tiles: { E5: 'C', F5: 'A', G5: 'T' }, lastMove: ['E5', 'F5', 'G5'] })), { ...at('E5'), dir: ACROSS });
  assert.deepEqual(starCursor(view({ tiles: { E3: 'C', E4: 'A', E5: 'T' }, lastMove: ['E3', 'E4', 'E5'] })), { ...at('E5'), dir: ACROSS });
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
