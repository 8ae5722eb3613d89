// The draft of a turn (ui/js/staging.js): place, take back, move, recall, choose, stage a
// suggestion, the tile a typed letter uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as draft from '../../ui/js/staging.js';
import { view, at } from './views.js';

const squares = (d) => d.staged.map((t) => `${String.fromCharCode(65 + t.col)}${t.row + 1}${t.letter}`).join(' ');

test('a new draft is empty, with the cursor on the star', () => {
  const d = draft.newDraft(view());
  assert.deepEqual(d, { staged: [], selected: null, cursor: { row: 4, col: 4, dir: 'across' } });
});

test("every player's turn starts with the cursor on the star, even on a board with tiles", () => {
  const v = view();
  v.board[4][3] = { letter: 'C', blank: false };
  v.board[4][4] = { letter: 'A', blank: false };
  v.last_move = { squares: [{ row: 4, col: 3 }, { row: 4, col: 4 }], direction: 'across' };
  assert.deepEqual(draft.newDraft(v).cursor, { row: 4, col: 4, dir: 'across' });
});

test('placing stages the tile, clears the choice and moves the cursor past it', () => {
  const v = view();
  let d = draft.select(draft.newDraft(v), 1);
  assert.equal(d.selected, 1);
  d = draft.place(d, v, 1, 4, 4);
  assert.equal(squares(d), 'E5A');
  assert.equal(d.selected, null);
  assert.deepEqual(d.cursor, { ...at('F5'), dir: 'across' });
  assert.deepEqual(draft.tilesOf(d.staged), [{ row: 4, col: 4, letter: 'A', blank: false }]);
  assert.deepEqual([...draft.usedIndexes(d.staged)], [1]);
});

test('a tile already down, an occupied square or a missing tile cannot be placed', () => {
  const v = view({ tiles: { F5: 'Q' } });
  const d = draft.place(draft.newDraft(v), v, 0, 4, 4);
  assert.equal(draft.place(d, v, 0, 3, 3), null, 'the same tile twice');
  assert.equal(draft.place(d, v, 1, 4, 4), null, 'a staged tile in the way');
  assert.equal(draft.place(d, v, 1, 4, 5), null, 'a committed tile in the way');
  assert.equal(draft.place(d, v, 9, 3, 3), null, 'no such rack tile');
  assert.equal(draft.select(d, 0), null, 'a staged tile cannot be chosen');
});

test('the cursor skips tiles on the board after a placement', () => {
  const v = view({ tiles: { F5: 'Q' } });
  const d = draft.place(draft.newDraft(v), v, 0, 4, 4);
  assert.deepEqual(d.cursor, { ...at('G5'), dir: 'across' });
});

test('a blank needs a letter and stands for it', () => {
  const v = view({ rack: 'CA?' });
  assert.ok(draft.needsLetter(v, 2));
  assert.ok(!draft.needsLetter(v, 0));
  assert.equal(draft.place(draft.newDraft(v), v, 2, 4, 4), null, 'no letter chosen');
  const d = draft.place(draft.newDraft(v), v, 2, 4, 4, 'T');
  assert.deepEqual(d.staged, [{ row: 4, col: 4, letter: 'T', blank: true, index: 2 }]);
  // A letter given for a tile that is no blank does not change it.
  assert.equal(draft.place(draft.newDraft(v), v, 0, 4, 4, 'Z').staged[0].letter, 'C');
});

test('take back one tile, the last one, or all of them', () => {
  const v = view();
  let d = draft.newDraft(v);
  for (const [index, name] of [[0, 'E5'], [1, 'F5'], [2, 'G5']]) d = draft.place(d, v, index, at(name).row, at(name).col);
  assert.equal(squares(d), 'E5C F5A G5T');
  assert.equal(squares(draft.takeBack(d, 4, 5)), 'E5C G5T');
  assert.equal(draft.takeBack(d, 0, 0), null, 'nothing staged there');
  const back = draft.takeBackLast(d);
  assert.equal(squares(back), 'E5C F5A');
  assert.deepEqual(back.cursor, { ...at('G5'), dir: 'across' }, 'the cursor goes onto its square');
  const none = draft.recall({ ...d, cursor: { ...at('A1'), dir: 'down' } });
  assert.deepEqual(none.staged, []);
  assert.deepEqual(none.cursor, { ...at('E5'), dir: 'down' }, 'back to where the first tile was');
  assert.equal(draft.takeBackLast(none), null);
});

test('recall with nothing staged drops the choice, or does nothing', () => {
  const v = view();
  const chosen = draft.select(draft.newDraft(v), 3);
  assert.equal(draft.recall(chosen).selected, null);
  assert.equal(draft.recall(draft.newDraft(v)), null);
  assert.equal(draft.select(chosen, 3).selected, null, 'choosing again lets it go');
});

test('a staged tile moves to an empty square and becomes the last one put down', () => {
  const v = view({ tiles: { A1: 'Q' } });
  let d = draft.newDraft(v);
  d = draft.place(d, v, 0, 4, 4);
  d = draft.place(d, v, 1, 4, 5);
  const m = draft.moveStaged(d, v, at('E5'), at('G5'));
  assert.equal(squares(m), 'F5A G5C');
  assert.equal(draft.moveStaged(d, v, at('E5'), at('F5')), null, 'onto a staged tile');
  assert.equal(draft.moveStaged(d, v, at('E5'), at('A1')), null, 'onto a committed tile');
  assert.equal(draft.moveStaged(d, v, at('B2'), at('C3')), null, 'nothing to move');
});

test('a suggestion is staged from the rack, a blank for a blank; one the rack cannot give is refused', () => {
  const v = view({ rack: 'TAC?E' });
  const d = draft.stageSuggestion(draft.newDraft(v), v, [
    { row: 4, col: 4, letter: 'C', blank: false }, { row: 4, col: 5, letter: 'A', blank: false },
    { row: 4, col: 6, letter: 'S', blank: true }]);
  assert.deepEqual(d.staged.map((t) => [t.letter, t.blank, t.index]), [['C', false, 2], ['A', false, 1], ['S', true, 3]]);
  assert.equal(draft.stageSuggestion(d, v, [{ row: 0, col: 0, letter: 'Q', blank: false }, { row: 0, col: 1, letter: 'Z', blank: false }]), null,
    'one Q could come from the blank, but not a Z too');
});

test('a typed letter uses the first free tile showing it (display order), else a blank', () => {
  const v = view({ rack: 'EAE?' });
  const d = draft.newDraft(v);
  assert.equal(draft.rackIndexFor(d, v, [0, 1, 2, 3], 'E'), 0);
  assert.equal(draft.rackIndexFor(d, v, [2, 1, 0, 3], 'E'), 2, 'the display order counts');
  assert.equal(draft.rackIndexFor(d, v, [0, 1, 2, 3], 'Z'), 3, 'the blank');
  const placed = draft.place(d, v, 3, 4, 4, 'Q');
  assert.equal(draft.rackIndexFor(placed, v, [0, 1, 2, 3], 'Z'), null, 'the blank is down');
  assert.equal(draft.rackIndexFor(placed, v, [0, 1, 2, 3], 'A'), 1);
});
