// The turn's preview sequencing (ui/js/turn.js), driven through its `preview` parameter: a
// preview asked ahead and answered is the preview at once when the draft becomes those tiles
// (the drop draws it in its own task); any other draft waits for its own answer, and only the
// latest request counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTurn } from '../../ui/js/turn.js';

const S = [{ row: 7, col: 9, letter: 'S', blank: false }];
const T = [{ row: 7, col: 9, letter: 'T', blank: false }];

/** A preview command whose answers the test releases one by one: {preview, asked, answer(i, value)}. */
function backend() {
  const asked = [];
  return {
    asked,
    preview: (args) => new Promise((resolve) => asked.push({ args, resolve })),
    answer: (i, value) => asked[i].resolve(value),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

test('a draft asked ahead and answered is the preview before requestPreview returns, without asking again', async () => {
  const b = backend();
  const turn = createTurn(7, b.preview);
  turn.prefetchPreview(S);
  assert.deepEqual(b.asked.map((a) => a.args), [{ match_id: 7, tiles: S }]);
  b.answer(0, { legal: true, score: 6 });
  await tick();
  const asked = turn.requestPreview(S);
  assert.equal(turn.settled, true);
  assert.deepEqual(turn.preview, { legal: true, score: 6 });
  assert.equal(b.asked.length, 1, 'the answer asked ahead is used');
  assert.equal(await asked, true);
});

test('a draft asked ahead whose answer is still out waits for that answer (still one request)', async () => {
  const b = backend();
  const turn = createTurn(7, b.preview);
  turn.prefetchPreview(S);
  const asked = turn.requestPreview(S);
  assert.equal(turn.settled, false);
  assert.equal(turn.preview, null);
  b.answer(0, { legal: true, score: 6 });
  assert.equal(await asked, true);
  assert.equal(turn.settled, true);
  assert.deepEqual(turn.preview, { legal: true, score: 6 });
  assert.equal(b.asked.length, 1);
});

test('another draft than the one asked ahead asks for its own answer', async () => {
  const b = backend();
  const turn = createTurn(7, b.preview);
  turn.prefetchPreview(S);
  b.answer(0, { legal: true, score: 6 });
  await tick();
  const asked = turn.requestPreview(T);
  assert.equal(turn.settled, false);
  assert.equal(turn.preview, null, "the answer for S is not T's");
  assert.deepEqual(b.asked[1].args.tiles, T);
  b.answer(1, { legal: false, error: { kind: 'not_a_word', message: 'no' } });
  assert.equal(await asked, true);
  assert.equal(turn.preview.legal, false);
});

test('only the latest request counts: an answer that comes after a newer (known) draft is dropped', async () => {
  const b = backend();
  const turn = createTurn(7, b.preview);
  const first = turn.requestPreview(T);
  // Nothing staged now: known at once.
  const second = turn.requestPreview([]);
  assert.equal(turn.settled, true);
  assert.equal(turn.preview, null);
  b.answer(0, { legal: true, score: 2 });
  assert.equal(await first, false);
  assert.equal(await second, true);
  assert.equal(turn.preview, null, 'the late answer for T did not replace the empty draft');
  assert.equal(turn.settled, true);
});

test('a new turn forgets the answer asked ahead', async () => {
  const b = backend();
  const turn = createTurn(7, b.preview);
  turn.prefetchPreview(S);
  b.answer(0, { legal: true, score: 6 });
  await tick();
  turn.clearPreview();
  turn.requestPreview(S);
  assert.equal(turn.settled, false);
  assert.equal(b.asked.length, 2, 'asked again after the turn changed');
});
