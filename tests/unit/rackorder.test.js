// The player's rack arrangement (ui/js/rackorder.js): kept per match and seat as places in the
// backend's rack, carried over a turn, moved by a drop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { orderFor, rememberOrder, forgetOrder, orderAfter, reordered } from '../../ui/js/rackorder.js';

const rack = (letters) => [...letters].map((c) => (c === '?' ? { letter: '?', blank: true } : { letter: c, blank: false }));
const faces = (tiles, order) => order.map((i) => (tiles[i].blank ? '?' : tiles[i].letter)).join('');

test('without an arrangement the backend\'s order; a kept one wins and new tiles follow', () => {
  assert.deepEqual(orderFor(10, 0, 7), [0, 1, 2, 3, 4, 5, 6]);
  rememberOrder(10, 0, [2, 0, 1]);
  assert.deepEqual(orderFor(10, 0, 5), [2, 0, 1, 3, 4]);
  assert.deepEqual(orderFor(10, 1, 3), [0, 1, 2], 'another seat has its own');
  forgetOrder(10, 0);
  assert.deepEqual(orderFor(10, 0, 3), [0, 1, 2]);
});

test('a kept arrangement that no longer fits the rack is dropped', () => {
  rememberOrder(11, 0, [0, 1, 2, 3]);
  assert.deepEqual(orderFor(11, 0, 3), [0, 1, 2], 'longer than the rack');
  rememberOrder(11, 0, [0, 0, 1]);
  assert.deepEqual(orderFor(11, 0, 3), [0, 1, 2], 'a place twice');
  rememberOrder(11, 0, [0, 5]);
  assert.deepEqual(orderFor(11, 0, 7), [0, 1, 2, 3, 4, 5, 6], 'a place past the kept tiles');
});

test('moving a tile before another, or to the end', () => {
  const order = [0, 1, 2, 3, 4];
  assert.deepEqual(reordered(order, 4, 0), [4, 0, 1, 2, 3]);
  assert.deepEqual(reordered(order, 0, 5), [1, 2, 3, 4, 0]);
  assert.deepEqual(reordered(order, 1, 3), [0, 2, 1, 3, 4]);
  assert.deepEqual(reordered(order, 2, 2), order, 'before itself: no change');
  assert.deepEqual(reordered(order, 2, 3), order, 'before its neighbour: no change');
});

test('after a turn the tiles left keep their arrangement, renumbered to the new rack', () => {
  // C A T E R E S shown as S C A T E R E; C and the second E played.
  const tiles = rack('CATERES');
  const order = [6, 0, 1, 2, 3, 4, 5];
  const kept = orderAfter(tiles, order, [0, 5]);
  // The backend's rack after it: the old one less the first C and the first E: A T R E S.
  // On screen the tiles left stay where they stood (the two Es are interchangeable).
  const after = rack('ATRES');
  assert.equal(faces(after, kept), 'SATER');
  assert.deepEqual([...kept].sort(), [0, 1, 2, 3, 4]);
});

test('a blank is a face of its own across a turn', () => {
  const tiles = rack('A?BA');
  const kept = orderAfter(tiles, [3, 1, 2, 0], [0]);
  assert.equal(faces(rack('?BA'), kept), 'A?B');
});
