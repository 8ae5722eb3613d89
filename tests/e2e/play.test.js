// A person's first match in a real browser against the real backend (wordclub-cli serve on a
// fresh database): start a 2-player Word Club 1.0 match, place a word by tapping (desktop) or
// with a touch drag (tablet), read the live preview, submit, pass the handoff cover and reveal
// the next rack.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, wordFromRack, screenshotPath, square, rackTile, center, fingerDrag } from './helpers.js';

let server; // a fresh server and database for each test
let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });
beforeEach(async () => { server = await startServer({ seed: 11 }); });
afterEach(async () => { await server?.stop(); });

const STAR = { row: 4, col: 4 }; // E5 on the 9×9 board

async function startTwoPlayerMatch(page, names) {
  await page.goto(server.url);
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
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
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
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
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
