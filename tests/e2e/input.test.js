// Match-screen input (SPEC §4) in a real browser against the real backend: drags rack→board,
// board→board, board→rack and along the rack (mouse at desktop size, touch at tablet size), the
// player's rack order across a stage/return and into their next turn, and keyboard play (cursor
// from the star, typing across and down, Backspace, Escape, the submit key, letters not on the
// rack, the blank, and nothing under the handoff cover or a dialog). Racks are fixed by the
// test-only deal; every score is checked against the backend's own preview of the same tiles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, screenshotPath, square, rackTile, reveal, dealtMatch as dealt, center, fingerDrag, settle, DESKTOP, TABLET } from './helpers.js';

const ctx = perTest({ seed: 3 });

const STAR = { row: 4, col: 4 }; // E5 on the 9×9 board (SPEC §2)
// Ann's and Ben's racks and the first tiles drawn after them (all from the Word Club 1.0 bag).
const ANN = 'CATERES';
const BEN = 'SNNDBGL';
const DRAWS = 'IOA';

/** A match with fixed racks made through the API; the page then opens it at start-up. */
const dealtMatch = (rules, racks, drawOrder = '') => dealt(ctx.server.url, rules, racks, { drawOrder });

async function openPage(size) {
  const context = await ctx.browser.newContext(size.options);
  const page = await context.newPage();
  await page.goto(ctx.server.url);
  await page.getByTestId('cover').waitFor();
  return { context, page };
}

const rackTileAt = (page, position) => page.locator('[data-testid=rack] .tile').nth(position);

/** Every rack tile in display order, staged ones (hidden in place) included. */
const rackOrder = (page) => page.locator('[data-testid=rack] .tile').evaluateAll((els) => els.map((e) => e.dataset.letter).join(''));
/** The rack tiles still on the rack, in display order. */
const rackLeft = (page) => page.locator('[data-testid=rack] .tile:not(.used)').evaluateAll((els) => els.map((e) => e.dataset.letter).join(''));

/** The staged tiles as {"row,col": letter}. */
async function staged(page) {
  const tiles = await page.locator('.square:has(.tile.staged)').evaluateAll((els) => els.map((e) => [
    `${e.dataset.row},${e.dataset.col}`, e.querySelector('.tile').firstChild.textContent]));
  return Object.fromEntries(tiles);
}

async function waitStaged(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('.square .tile.staged').length === n, count);
}

/** The backend's preview of `tiles` (letters at squares) for match `id`. */
async function backendPreview(id, tiles) {
  const { status, body } = await api(ctx.server.url, 'preview', {
    match_id: id, tiles: tiles.map((t) => ({ blank: false, ...t })),
  });
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

/** Waits until the page's preview shows `expected` (a backend preview answer): its words and
 *  total, or that it refuses the move. */
async function expectPreview(page, expected) {
  if (!expected.legal) {
    await page.getByTestId('preview-error').waitFor();
    assert.equal(await page.getByTestId('preview-error').getAttribute('data-kind'), expected.error?.kind ?? '');
    return;
  }
  await page.waitForFunction((total) => document.querySelector('[data-testid=preview-total]')?.textContent === `Total ${total}`, expected.score);
  const words = await page.locator('[data-testid=preview] tbody th').allTextContents();
  assert.deepEqual(words, expected.words.map((w) => w.word));
}

/** The point just inside a rack tile's left edge: a drop there lands before that tile. */
const leftEdge = async (locator) => {
  const b = await locator.boundingBox();
  return { x: b.x + 4, y: b.y + b.height / 2 };
};
/** A point on the rack right of its last tile: a drop there lands at the end. */
async function rackEnd(page) {
  const b = await page.locator('[data-testid=rack] .tile').last().boundingBox();
  return { x: b.x + b.width + 30, y: b.y + b.height / 2 };
}

/** A mouse drag from the middle of `from` to a point. */
async function mouseDrag(page, from, to) {
  const a = await center(from);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
}

for (const [size, drag, tap] of [
  [DESKTOP, mouseDrag, (l) => l.click()],
  [TABLET, fingerDrag, (l) => l.tap()],
]) {
  test(`${size.name}: drag rack→board, board→board, board→rack and along the rack; the rack order lasts into the next turn`, async () => {
    const id = await dealtMatch('wordclub-1.0', [ANN, BEN], DRAWS);
    const { context, page } = await openPage(size);
    await reveal(page);
    assert.equal(await rackOrder(page), ANN, 'the dealt rack, in the order it was dealt');

    // Reorder: the second E (the sixth tile) dragged to before the first tile.
    await drag(page, rackTileAt(page, 5), await leftEdge(rackTileAt(page, 0)));
    await page.waitForFunction(() => document.querySelector('[data-testid=rack] .tile')?.dataset.letter === 'E');
    const arranged = 'E' + ANN.slice(0, 5) + ANN.slice(6);
    assert.equal(await rackOrder(page), arranged);
    assert.equal(await page.locator('.square .tile.staged').count(), 0, 'a drop on the rack stages nothing');

    // Stage a tile and tap it back: the arrangement stays, the tile goes back to its place.
    await drag(page, rackTile(page, 'T'), await center(square(page, STAR.row, STAR.col)));
    await waitStaged(page, 1);
    assert.equal(await rackOrder(page), arranged, 'a staged tile keeps its place on the rack');
    assert.equal(await rackLeft(page), arranged.replace('T', ''));
    await tap(square(page, STAR.row, STAR.col));
    await waitStaged(page, 0);
    assert.equal(await rackLeft(page), arranged, 'returned to its own place');

    // EAT across D5–F5, then the E dragged board→board to G5: ATE. The preview follows.
    const row = STAR.row;
    for (const [letter, col] of [['E', 3], ['A', 4], ['T', 5]]) {
      await drag(page, rackTile(page, letter), await center(square(page, row, col)));
      await waitStaged(page, col - 2);
    }
    await expectPreview(page, await backendPreview(id, [{ row, col: 3, letter: 'E' }, { row, col: 4, letter: 'A' }, { row, col: 5, letter: 'T' }]));
    await drag(page, square(page, row, 3), await center(square(page, row, 6)));
    await page.waitForFunction(() => !document.querySelector('.square[data-row="4"][data-col="3"] .tile'));
    assert.deepEqual(await staged(page), { '4,4': 'A', '4,5': 'T', '4,6': 'E' });
    const ate = await backendPreview(id, [{ row, col: 4, letter: 'A' }, { row, col: 5, letter: 'T' }, { row, col: 6, letter: 'E' }]);
    assert.ok(ate.legal, 'ATE is a word of the list');
    await expectPreview(page, ate);
    // A drop on a tile that is already there moves nothing.
    await drag(page, square(page, row, 6), await center(square(page, row, 5)));
    await settle(page);
    assert.deepEqual(await staged(page), { '4,4': 'A', '4,5': 'T', '4,6': 'E' });

    // The T dragged board→rack, dropped at the end: it is back on the rack, there.
    await drag(page, square(page, row, 5), await rackEnd(page));
    await waitStaged(page, 2);
    const withTLast = arranged.replace('T', '') + 'T';
    assert.equal(await rackOrder(page), withTLast);
    assert.deepEqual(await staged(page), { '4,4': 'A', '4,6': 'E' });
    await expectPreview(page, await backendPreview(id, [{ row, col: 4, letter: 'A' }, { row, col: 6, letter: 'E' }]));

    // The T back to F5 and ATE played; its score is the backend's preview.
    await drag(page, rackTile(page, 'T'), await center(square(page, row, 5)));
    await expectPreview(page, ate);
    const kept = await rackLeft(page);
    assert.equal(kept, withTLast.replace('E', '').replace('A', '').replace('T', ''), 'the first E shown went to the board');
    await tap(page.locator('[data-action=play]'));
    await page.getByTestId('cover').waitFor();
    assert.equal(await page.getByTestId('score-0').textContent(), String(ate.score));

    // Ben passes; Ann's next rack: her arrangement of the tiles she kept, then the new tiles
    // in the order they were drawn.
    await reveal(page);
    await tap(page.locator('[data-action=pass]'));
    await tap(page.getByTestId('confirm-yes'));
    await page.getByTestId('cover').waitFor();
    await reveal(page);
    assert.equal(await rackOrder(page), kept + DRAWS);

    // Shuffle still shuffles the same tiles, and a stage/return keeps the shuffled order.
    let shuffledOrder = kept + DRAWS;
    for (let i = 0; i < 5 && shuffledOrder === kept + DRAWS; i++) {
      await tap(page.locator('[data-action=shuffle]'));
      shuffledOrder = await rackOrder(page);
    }
    assert.notEqual(shuffledOrder, kept + DRAWS, 'five shuffles changed the order');
    assert.equal([...shuffledOrder].sort().join(''), [...(kept + DRAWS)].sort().join(''));
    await tap(rackTile(page, 'I'));
    await tap(square(page, row - 1, 4));
    await waitStaged(page, 1);
    await tap(square(page, row - 1, 4));
    await waitStaged(page, 0);
    assert.equal(await rackOrder(page), shuffledOrder);
    await page.screenshot({ path: screenshotPath(`input-${size.name}-drag.png`) });
    await context.close();
  });
}

test('desktop: after an exchange the kept tiles keep their arrangement and the new ones follow', async () => {
  await dealtMatch('wordclub-1.0', [ANN, BEN], DRAWS);
  const { context, page } = await openPage(DESKTOP);
  await reveal(page);
  // S (the last tile) to the front: S C A T E R E.
  await mouseDrag(page, rackTileAt(page, 6), await leftEdge(rackTileAt(page, 0)));
  await page.waitForFunction(() => document.querySelector('[data-testid=rack] .tile')?.dataset.letter === 'S');
  const arranged = 'S' + ANN.slice(0, 6);
  assert.equal(await rackOrder(page), arranged);
  // Exchange the C and the second E of the picker (it lists the rack as dealt: the E that is
  // the rack's last tile, shown last).
  await page.locator('[data-action=exchange]').click();
  await page.locator('dialog .tile[data-letter=C]').click();
  await page.locator('dialog .tile[data-letter=E]').nth(1).click();
  await page.getByTestId('pick-ok').click();
  await page.getByTestId('cover').waitFor();
  await reveal(page);
  await page.locator('[data-action=pass]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('cover').waitFor();
  await reveal(page);
  // The exchange drew the bag's next tiles (the deal's draw order), as many as went back.
  assert.equal(await rackOrder(page), 'SATER' + DRAWS.slice(0, 2));
  await context.close();
});

/** The keyboard cursor: {row, col, dir}. */
async function cursor(page) {
  const el = page.locator('.square.cursor');
  assert.equal(await el.count(), 1, 'one cursor square');
  return el.evaluate((e) => ({ row: Number(e.dataset.row), col: Number(e.dataset.col), dir: e.dataset.dir }));
}

for (const size of [DESKTOP, TABLET]) {
  test(`${size.name}: type a word across from the star, Backspace, Escape, Space and down, the submit key plays`, async () => {
    const id = await dealtMatch('wordclub-1.0', [ANN, BEN], DRAWS);
    const { context, page } = await openPage(size);
    await reveal(page);
    // SPEC §4: the cursor starts on the star.
    assert.deepEqual(await cursor(page), { ...STAR, dir: 'across' });

    await page.keyboard.type('cat');
    await waitStaged(page, 3);
    assert.deepEqual(await staged(page), { '4,4': 'C', '4,5': 'A', '4,6': 'T' });
    assert.deepEqual(await cursor(page), { row: 4, col: 7, dir: 'across' });
    await expectPreview(page, await backendPreview(id, [{ row: 4, col: 4, letter: 'C' }, { row: 4, col: 5, letter: 'A' }, { row: 4, col: 6, letter: 'T' }]));

    // Backspace: the last tile back to the rack and the cursor back onto its square.
    await page.keyboard.press('Backspace');
    await waitStaged(page, 2);
    assert.deepEqual(await staged(page), { '4,4': 'C', '4,5': 'A' });
    assert.deepEqual(await cursor(page), { row: 4, col: 6, dir: 'across' });
    assert.equal(await rackLeft(page), ANN.replace('C', '').replace('A', ''));
    // Escape: everything back.
    await page.keyboard.press('Escape');
    await waitStaged(page, 0);
    assert.equal(await rackLeft(page), ANN);
    assert.deepEqual(await cursor(page), { ...STAR, dir: 'across' });

    // Space: down, from the star.
    await page.keyboard.press(' ');
    assert.deepEqual(await cursor(page), { ...STAR, dir: 'down' });
    await page.keyboard.type('cat');
    await waitStaged(page, 3);
    assert.deepEqual(await staged(page), { '4,4': 'C', '5,4': 'A', '6,4': 'T' });
    const preview = await backendPreview(id, [{ row: 4, col: 4, letter: 'C' }, { row: 5, col: 4, letter: 'A' }, { row: 6, col: 4, letter: 'T' }]);
    await expectPreview(page, preview);
    // SPEC §2's worked example: CAT through the centre scores 3 in Word Club 1.0.
    assert.equal(preview.score, 3);
    // The key is named where there is a keyboard to press it, not on a touch-only tablet
    // (the key still works there, for a keyboard plugged in).
    const title = await page.locator('[data-action=play]').getAttribute('title');
    if (size.name === 'tablet') assert.equal(title, 'Play');
    else assert.match(title, /Ctrl\+Enter|⌘\+Enter/);

    await page.keyboard.press('Control+Enter');
    await page.getByTestId('cover').waitFor();
    assert.equal(await page.getByTestId('score-0').textContent(), String(preview.score));
    const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
    assert.deepEqual(view.board[4][4], { letter: 'C', blank: false });
    assert.deepEqual(view.board[6][4], { letter: 'T', blank: false });
    await page.screenshot({ path: screenshotPath(`input-${size.name}-keys.png`) });
    await context.close();
  });
}

test('desktop: typing skips tiles already on the board; a letter not on the rack places nothing', async () => {
  const id = await dealtMatch('wordclub-1.0', [ANN, BEN], DRAWS);
  const { context, page } = await openPage(DESKTOP);
  await reveal(page);
  // A tile tapped onto F5 first; then "C A T" from E5 across: C on E5, F5 skipped, A on G5.
  await rackTile(page, 'E').click();
  await square(page, 4, 5).click();
  await waitStaged(page, 1);
  await square(page, 4, 4).click(); // nothing chosen: the tap puts the cursor here
  assert.deepEqual(await cursor(page), { ...STAR, dir: 'across' });
  await page.keyboard.type('ca');
  await waitStaged(page, 3);
  assert.deepEqual(await staged(page), { '4,4': 'C', '4,5': 'E', '4,6': 'A' });

  // No Z (and no blank) on the rack: nothing placed, and a message says so.
  await page.keyboard.press('z');
  await page.locator('#toast:not([hidden])').waitFor();
  assert.match(await page.locator('#toast').textContent(), /No Z on your rack/);
  await settle(page);
  assert.equal(await page.locator('.square .tile.staged').count(), 3);
  assert.deepEqual(await cursor(page), { row: 4, col: 7, dir: 'across' });
  // Two tiles of a letter the rack has only once: the second places nothing.
  await page.keyboard.press('c');
  await page.locator('#toast', { hasText: 'No C on your rack' }).waitFor();
  await settle(page);
  assert.equal(await page.locator('.square .tile.staged').count(), 3);
  await expectPreview(page, await backendPreview(id, [{ row: 4, col: 4, letter: 'C' }, { row: 4, col: 5, letter: 'E' }, { row: 4, col: 6, letter: 'A' }]));
  await context.close();
});

test('desktop: a typed letter the rack lacks uses the blank; Enter places the chosen tile; the blank chooser works by keyboard', async () => {
  // Word Club 1.1 has two blanks (SPEC §2).
  const id = await dealtMatch('wordclub-1.1', ['?ATEIOL', 'SNNDBGH']);
  const { context, page } = await openPage(DESKTOP);
  await reveal(page);
  // The blank on the rack is no empty face (a newcomer took it for a missing tile): a faint "?".
  assert.equal(await rackTile(page, '?').locator('.face').evaluate((f) => getComputedStyle(f, '::before').content), '"?"');
  assert.equal(await rackTile(page, 'A').locator('.face').evaluate((f) => getComputedStyle(f, '::before').content), 'none');
  await page.keyboard.type('cat');
  await waitStaged(page, 3);
  assert.deepEqual(await staged(page), { '4,4': 'C', '4,5': 'A', '4,6': 'T' });
  assert.equal(await square(page, 4, 4).locator('.tile.blank-letter').count(), 1, 'the C is the blank');
  await expectPreview(page, await backendPreview(id, [
    { row: 4, col: 4, letter: 'C', blank: true }, { row: 4, col: 5, letter: 'A' }, { row: 4, col: 6, letter: 'T' }]));
  await page.keyboard.press('Escape');
  await waitStaged(page, 0);

  // Enter with a chosen (tapped) tile places it on the cursor square and moves on.
  await rackTile(page, 'A').click();
  await page.keyboard.press('Enter');
  await waitStaged(page, 1);
  assert.deepEqual(await staged(page), { '4,4': 'A' });
  assert.deepEqual(await cursor(page), { row: 4, col: 5, dir: 'across' });

  // The blank chosen and Enter: the letter chooser opens; keys there are the chooser's.
  await rackTile(page, '?').click();
  await page.keyboard.press('Enter');
  await page.locator('dialog[open]').waitFor();
  // Escape closes the chooser only: the staged A stays.
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));
  assert.deepEqual(await staged(page), { '4,4': 'A' });
  // The blank is still the chosen tile: Enter again, then arrows and Enter: A → B → C, down a
  // row (7 letters a row) to J, and back up to C.
  assert.equal(await rackTile(page, '?').getAttribute('aria-selected'), 'true');
  await page.keyboard.press('Enter');
  await page.locator('dialog[open]').waitFor();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'J');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await waitStaged(page, 2);
  assert.deepEqual(await staged(page), { '4,4': 'A', '4,5': 'C' });
  assert.equal(await square(page, 4, 5).locator('.tile.blank-letter').count(), 1);
  // Typing a letter in the chooser picks it.
  await page.keyboard.press('Backspace');
  await waitStaged(page, 1);
  await rackTile(page, '?').click();
  await page.keyboard.press('Enter');
  await page.locator('dialog[open]').waitFor();
  await page.keyboard.press('t');
  await waitStaged(page, 2);
  assert.deepEqual(await staged(page), { '4,4': 'A', '4,5': 'T' });
  await expectPreview(page, await backendPreview(id, [{ row: 4, col: 4, letter: 'A' }, { row: 4, col: 5, letter: 'T', blank: true }]));

  // While the exchange picker is open, letters stage nothing.
  await page.keyboard.press('Escape');
  await waitStaged(page, 0);
  await page.locator('[data-action=exchange]').click();
  await page.locator('dialog[open]').waitFor();
  await page.keyboard.type('at');
  await page.keyboard.press('Backspace');
  assert.equal(await page.locator('.square .tile.staged').count(), 0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await context.close();
});

test('desktop: the blank chooser closed and opened again at once still places the letter chosen in the second one', async () => {
  await dealtMatch('wordclub-1.1', ['?ATEIOL', 'SNNDBGH']);
  const { context, page } = await openPage(DESKTOP);
  await reveal(page);
  await rackTile(page, '?').click();
  await page.keyboard.press('Enter');
  await page.locator('dialog[open]').waitFor();
  // Closed and, in the same moment, asked for again by Enter: the first one's close event
  // arrives while the second is open (it once cancelled the second and took its focus).
  await page.evaluate(() => {
    document.getElementById('dialog').close();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  await page.locator('dialog[open]').waitFor();
  await settle(page);
  assert.equal(await page.locator('dialog[open]').count(), 1, 'the second chooser stays open');
  await page.locator('dialog [data-letter=Q]').click();
  await waitStaged(page, 1);
  assert.deepEqual(await staged(page), { '4,4': 'Q' });
  await context.close();
});

test('desktop: Tab reaches one board square then the rack; Enter on a rack tile places it; Space and Enter keep their meaning on a control reached by Tab', async () => {
  await dealtMatch('wordclub-1.0', [ANN, BEN], DRAWS);
  const { context, page } = await openPage(DESKTOP);
  await reveal(page);
  const focused = () => page.evaluate(() => {
    const e = document.activeElement;
    return { square: e?.dataset.square ?? null, letter: e?.dataset.letter ?? null, action: e?.dataset.action ?? null };
  });
  // Only the cursor square of the board is in the Tab order.
  assert.equal(await page.locator('.square[tabindex="0"]').count(), 1);
  for (let i = 0; i < 30 && (await focused()).square !== 'E5'; i++) await page.keyboard.press('Tab');
  assert.equal((await focused()).square, 'E5', 'Tab reaches the cursor square on the star');
  await page.keyboard.press('Tab');
  assert.deepEqual(await focused(), { square: null, letter: ANN[0], action: null }, 'then the first rack tile');
  await page.keyboard.press('Enter');
  await waitStaged(page, 1);
  assert.deepEqual(await staged(page), { '4,4': ANN[0] });
  assert.equal((await focused()).square, 'F5', 'the focus follows the cursor');

  // A press that drags the staged tile off its square and back again is no tap: it stays.
  const at = await center(square(page, 4, 4));
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + 60, at.y + 60, { steps: 5 });
  await page.mouse.move(at.x, at.y, { steps: 5 });
  await page.mouse.up();
  await settle(page);
  assert.deepEqual(await staged(page), { '4,4': ANN[0] });

  // Shuffle clicked with the mouse keeps the focus, but Space still turns the cursor.
  await page.locator('[data-action=shuffle]').click();
  const shuffledOrder = await rackOrder(page);
  assert.equal([...shuffledOrder].sort().join(''), [...ANN].sort().join(''));
  await page.keyboard.press(' ');
  assert.equal((await cursor(page)).dir, 'down');
  assert.equal(await rackOrder(page), shuffledOrder, 'Space did not press Shuffle');

  // Recall reached by Tab: Space presses it, as on any button.
  await page.locator('.square.cursor').focus();
  for (let i = 0; i < 20 && (await focused()).action !== 'recall'; i++) await page.keyboard.press('Tab');
  assert.equal((await focused()).action, 'recall');
  await page.keyboard.press(' ');
  await waitStaged(page, 0);
  assert.equal((await cursor(page)).dir, 'down', 'the Space was the button\'s');
  await context.close();
});

test("desktop: after the first move the next player's cursor starts on the star again", async () => {
  const id = await dealtMatch('wordclub-1.0', [ANN, BEN], DRAWS);
  const { context, page } = await openPage(DESKTOP);
  await reveal(page);
  await page.keyboard.type('cat');
  await waitStaged(page, 3);
  await expectPreview(page, await backendPreview(id, [{ row: 4, col: 4, letter: 'C' }, { row: 4, col: 5, letter: 'A' }, { row: 4, col: 6, letter: 'T' }]));
  await page.keyboard.press('Control+Enter');
  await page.getByTestId('cover').waitFor();
  await reveal(page);
  // Issue 13: every player's turn starts on the star (it used to wait past the last move, so
  // a player sat down to wherever the previous one's play had left it).
  assert.deepEqual(await cursor(page), { ...STAR, dir: 'across' });
  await context.close();
});

for (const size of [DESKTOP, TABLET]) {
  test(`${size.name}: keys do nothing under the handoff cover`, async () => {
    const id = await dealtMatch('wordclub-1.0', [ANN, BEN], DRAWS);
    const { context, page } = await openPage(size);
    const before = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
    await page.evaluate(() => document.activeElement?.blur());
    for (const key of ['c', 'a', 't', 'Enter', ' ', 'ArrowRight', 'Backspace', 'Escape', 'Control+Enter']) {
      await page.keyboard.press(key);
    }
    await settle(page);
    assert.equal(await page.getByTestId('cover').count(), 1, 'still covered');
    assert.equal(await page.getByTestId('rack').count(), 0);
    assert.equal(await page.locator('.square.cursor').count(), 0, 'no cursor on the cover');
    assert.equal(await page.locator('.square .tile').count(), 0);
    const after = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
    assert.equal(after.turn, before.turn);
    assert.equal(after.covered, true);
    assert.equal(after.to_move, before.to_move);
    await context.close();
  });
}

test('desktop: keys do nothing once another screen replaced the match', async () => {
  const id = await dealtMatch('wordclub-1.0', [ANN, BEN], DRAWS);
  const { context, page } = await openPage(DESKTOP);
  await reveal(page);
  await page.locator('[data-nav=history]').first().click();
  await page.getByTestId('match').waitFor({ state: 'detached' });
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.type('cat');
  await page.keyboard.press('Control+Enter');
  await settle(page);
  assert.equal(await page.getByTestId('match').count(), 0, 'the match screen did not come back');
  const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
  assert.equal(view.turn, 0);
  assert.ok(view.board.every((row) => row.every((sq) => !sq)), 'nothing was played');
  await context.close();
});

test('a narrow window with a keyboard: Play shows its whole name, and the key summary names the submit key', async () => {
  await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const { context, page } = await openPage({ options: { viewport: { width: 390, height: 844 } } });
  await reveal(page);
  const play = page.locator('[data-action=play]');
  const fits = await play.evaluate((b) => b.scrollWidth <= b.clientWidth + 1);
  assert.ok(fits, `Play's content fits it: ${await play.evaluate((b) => `${b.scrollWidth} in ${b.clientWidth}`)}`);
  assert.match(await page.locator('.key-help').textContent(), /Ctrl\+Enter/);
  await context.close();
});
