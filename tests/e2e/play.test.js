// Playing a turn in a real browser against the real backend (wordclub-cli serve on a fresh
// database): start a 2-player Word Club 1.0 match, place a word by tapping (desktop) or with a
// touch drag (tablet), read the live preview, submit, pass the handoff cover and reveal the
// next rack; the cover after a reload or "Continue", the turn counter, refusals that read as
// sentences naming the word once, the last move outlined, and how to place a first tile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, wordFromRack, screenshotPath, square, rackTile, center, fingerDrag, api, openAndReveal, reveal, star, SIZES } from './helpers.js';

const ctx = perTest({ seed: 11 });

/** A match made through the API with fixed racks (the page then opens it at start-up), and a
 *  page on the app. */
const { dealtMatch, openPage } = ctx;

const STAR = { row: 4, col: 4 }; // E5 on the 9×9 board

async function startTwoPlayerMatch(page, names) {
  await page.goto(ctx.server.url);
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('wordclub-1.0');
  await page.getByLabel('Player 1 name').fill(names[0]);
  await page.getByLabel('Player 2 name').fill(names[1]);
  await page.getByTestId('start').click();
}

async function rackLetters(page) {
  return page.locator('[data-testid=rack] .tile').evaluateAll((els) => els.map((e) => e.dataset.letter));
}


/** The squares a word of `length` letters takes across row 5, covering the star. */
function acrossStar(length) {
  const start = STAR.col - Math.floor((length - 1) / 2);
  return Array.from({ length }, (_, i) => ({ row: STAR.row, col: start + i }));
}

async function expectPreviewTotal(page, total) {
  await page.getByTestId('preview-total').waitFor();
  assert.equal(await page.getByTestId('preview-total').textContent(), `Total ${total}`);
}

async function submitAndHandOff(page, first, second, word) {
  await page.locator('[data-action=play]').click();
  // The cover: the next player's rack is not on screen until they ask for it.
  await page.getByTestId('cover').waitFor();
  assert.equal(await page.locator('.cover h1').textContent(), `Pass to ${second}`);
  assert.equal(await page.getByTestId('rack').count(), 0);
  // Every letter is worth 1 in Word Club 1.0 and its board has no premiums.
  assert.equal(await page.getByTestId('score-0').textContent(), String(word.length));
  assert.equal(await page.getByTestId('score-1').textContent(), '0');
  await page.getByTestId('reveal').click();
  await page.getByTestId('rack').waitFor();
  const next = await rackLetters(page);
  assert.equal(next.length, 7, 'the next player holds a full rack');
  const board = await page.locator('.square .tile').evaluateAll((els) => els.map((e) => e.firstChild.textContent).join(''));
  assert.equal(board, word, 'the played word is on the board');
  assert.match(await page.getByTestId('last-move').textContent(), new RegExp(`${first} played ${word} for ${word.length}`));
}

test('desktop: tap a tile, tap a square, preview, submit, hand off, reveal', async () => {
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await startTwoPlayerMatch(page, ['Ann', 'Ben']);
  await page.getByTestId('cover').waitFor();
  assert.equal(await page.locator('.cover h1').textContent(), 'Pass to Ann');
  await page.screenshot({ path: screenshotPath('desktop-1-cover.png') });
  await page.getByTestId('reveal').click();
  await page.getByTestId('rack').waitFor();

  const rack = await rackLetters(page);
  assert.equal(rack.length, 7);
  const word = wordFromRack(rack);
  assert.ok(word, `some word can be made from ${rack.join('')}`);
  const squares = acrossStar(word.length);

  // One tile first: a lone tile is no word yet, so the preview names the refusal.
  await rackTile(page, word[0]).click();
  await square(page, squares[0].row, squares[0].col).click();
  await page.getByTestId('preview-error').waitFor();
  assert.equal(await page.locator('[data-action=play]').isDisabled(), true);

  // Tap the staged tile: it goes back to the rack.
  await square(page, squares[0].row, squares[0].col).click();
  assert.equal(await page.locator('.square .tile.staged').count(), 0);

  for (let i = 0; i < word.length; i++) {
    await rackTile(page, word[i]).click();
    await square(page, squares[i].row, squares[i].col).click();
  }
  await expectPreviewTotal(page, word.length);
  assert.equal(await page.locator('[data-testid=preview] tbody th').first().textContent(), word);
  await page.screenshot({ path: screenshotPath('desktop-2-preview.png') });

  await submitAndHandOff(page, 'Ann', 'Ben', word);
  await page.screenshot({ path: screenshotPath('desktop-3-next-rack.png') });
  await page.close();
});

test('tablet with touch: drag tiles from the rack to the board, preview, submit, hand off', async () => {
  const context = await ctx.browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await startTwoPlayerMatch(page, ['Cleo', 'Dev']);
  await page.getByTestId('reveal').tap();
  await page.getByTestId('rack').waitFor();

  const rack = await rackLetters(page);
  const word = wordFromRack(rack);
  assert.ok(word, `some word can be made from ${rack.join('')}`);
  const squares = acrossStar(word.length);
  for (let i = 0; i < word.length; i++) {
    await fingerDrag(page, rackTile(page, word[i]), await center(square(page, squares[i].row, squares[i].col)));
    await page.locator(`.square[data-row="${squares[i].row}"][data-col="${squares[i].col}"] .tile.staged`).waitFor();
  }
  await expectPreviewTotal(page, word.length);
  await page.screenshot({ path: screenshotPath('tablet-1-preview.png') });

  await page.locator('[data-action=play]').tap();
  await page.getByTestId('cover').waitFor();
  assert.equal(await page.locator('.cover h1').textContent(), 'Pass to Dev');
  assert.equal(await page.getByTestId('score-0').textContent(), String(word.length));
  await page.getByTestId('reveal').tap();
  await page.getByTestId('rack').waitFor();
  assert.equal((await rackLetters(page)).length, 7);
  await page.screenshot({ path: screenshotPath('tablet-2-next-rack.png') });
  await context.close();
});

test('a reload or "Continue" after "Show my rack" puts the cover back, with the focus on "Show my rack" (and after Start)', async () => {
  await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page, ctx.server.url);
  await page.reload();
  await page.getByTestId('cover').waitFor();
  assert.equal(await page.getByTestId('rack').count(), 0);
  // ... with the focus on "Show my rack": Enter shows the rack.
  const focusedOn = () => page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.dataset.testid ?? null);
  assert.equal(await focusedOn(), 'reveal', 'after a reload the focus is on "Show my rack"');
  await page.keyboard.press('Enter');
  await page.getByTestId('rack').waitFor();

  await page.locator('[data-nav=history]').first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('cover').waitFor();
  assert.equal(await page.getByTestId('rack').count(), 0);
  assert.equal(await focusedOn(), 'reveal', 'after Continue the focus is on "Show my rack"');

  // A new match: Start, and the focus is on the first player's "Show my rack".
  await page.locator('[data-nav=home]:not(.brand)').first().click();
  await page.getByTestId('start').click();
  await page.getByTestId('cover').waitFor();
  assert.equal(await focusedOn(), 'reveal', 'after Start the focus is on "Show my rack"');
  await page.close();
});

test('classic-15-ten counts each player\'s own turns', async () => {
  const id = await dealtMatch('classic-15-ten', ['CATEIOL', 'SNNDBGL']);
  for (let i = 0; i < 2; i++) {
    await api(ctx.server.url, 'reveal_rack', { match_id: id });
    const r = await api(ctx.server.url, 'pass', { match_id: id });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(ctx.server.url);
  await page.getByTestId('cover').waitFor();
  // Ann and Ben passed once each: Ann now takes her 2nd of 10 turns.
  assert.equal(await page.getByTestId('turn-counter').textContent(), 'Turn 2 of 10');
  await page.close();
});

test('a refused word is named once in the preview', async () => {
  await dealtMatch('wordclub-1.0', ['TRAEIOL', 'SNNDBGL']);
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page, ctx.server.url);
  for (const [i, letter] of ['T', 'R', 'A'].entries()) {
    await rackTile(page, letter).click();
    await square(page, 4, 3 + i).click();
  }
  // The lone first tile was refused too: wait for the refusal of the whole word.
  await page.getByTestId('preview-error').filter({ hasText: 'TRA' }).waitFor();
  const message = await page.getByTestId('preview-error').textContent();
  assert.equal(message.split('TRA').length - 1, 1, `TRA named once in "${message}"`);
  await page.close();
});

test('the last move\'s tiles are outlined, and a blank looks the same on the rack and in the picker', async () => {
  const id = await dealtMatch('wordclub-1.1', ['CATEIOL', 'SNNDBG?']);
  await api(ctx.server.url, 'reveal_rack', { match_id: id });
  const played = await api(ctx.server.url, 'play', {
    match_id: id, tiles: [3, 4, 5].map((col, i) => ({ row: 4, col, letter: 'CAT'[i] })),
  });
  assert.equal(played.status, 200, JSON.stringify(played.body));
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page, ctx.server.url);
  // The tile covers its square, so the outline is on the tile itself.
  const outlines = await page.locator('.square.last .tile').evaluateAll((els) => els.map((e) => getComputedStyle(e).outlineStyle));
  assert.deepEqual(outlines, ['solid', 'solid', 'solid']);
  const blankOnRack = await page.locator('[data-testid=rack] .tile[data-letter="?"] .face').innerHTML();
  await page.locator('[data-action=exchange]').click();
  // The picker's face is the rack's (beside it, hidden text names the tile for screen readers).
  assert.equal(await page.locator('.picker .tile[data-letter="?"] .face').innerHTML(), blankOnRack);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.close();
});

test('a refusal in the preview and in the toast reads as a sentence of the backend\'s reason', async () => {
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await openPage(SIZES[0][1]);
  await reveal(page);
  const s = await star(page);
  await rackTile(page, 'C').click();
  await square(page, s.row, s.col).click();

  const { status, body } = await api(ctx.server.url, 'preview', {
    match_id: id, tiles: [{ row: s.row, col: s.col, letter: 'C', blank: false }],
  });
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.legal, false, 'one tile is no word');
  const reason = body.error.message;
  const expected = `${reason[0].toUpperCase()}${reason.slice(1)}${/[.!?]$/.test(reason) ? '' : '.'}`;
  await page.getByTestId('preview-error').filter({ hasText: reason.slice(1) }).waitFor();
  assert.equal(await page.getByTestId('preview-error').textContent(), expected);

  // The submit key on a refused move says the same in the toast.
  await page.keyboard.press('Control+Enter');
  await page.locator('#toast:not([hidden])').waitFor();
  assert.equal(await page.locator('#toast').textContent(), expected);
  await page.context().close();
});

test('tablet with touch: before any tile is down, the preview says how to place one, and that works', async () => {
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await openPage(SIZES[1][1], true);
  await page.getByTestId('reveal').tap();
  const help = page.getByTestId('preview-empty');
  await help.waitFor();
  assert.ok(await help.isVisible());
  assert.match(await help.textContent(), /Tap a rack tile, then a square/);
  // Do as it says: tap C, tap the star, tap A, tap the square after it.
  const s = await star(page);
  await rackTile(page, 'C').tap();
  await square(page, s.row, s.col).tap();
  await rackTile(page, 'A').tap();
  await square(page, s.row, s.col + 1).tap();
  const expected = (await api(ctx.server.url, 'preview', {
    match_id: id, tiles: [{ row: s.row, col: s.col, letter: 'C', blank: false }, { row: s.row, col: s.col + 1, letter: 'A', blank: false }],
  })).body;
  await page.getByTestId(expected.legal ? 'preview-total' : 'preview-error').waitFor();
  assert.equal(await page.getByTestId('preview-empty').count(), 0);
  assert.equal(await page.locator('.square .tile.staged').count(), 2);
  await page.context().close();
});
