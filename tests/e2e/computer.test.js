// One person against a computer on the classic board, in a real browser: no handoff cover,
// the "suggest a move" hint stages a draft that the preview scores, the play goes through,
// and the computer answers by itself. Then the history lists the match.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, screenshotPath } from './helpers.js';

let server;
let browser;
before(async () => { server = await startServer({ seed: 3 }); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('classic-15 against a computer: hint, play, the computer answers', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(server.url);
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('classic-15');
  await page.getByLabel('Player 1 name').fill('Ann');
  await page.getByLabel('Player 2 name').fill('Robo');
  await page.getByLabel('Player 2 is').selectOption('hard');
  await page.getByTestId('start').click();

  // The only person at the table sees her rack at once: no cover.
  await page.getByTestId('rack').waitFor();
  assert.equal(await page.getByTestId('cover').count(), 0);
  assert.equal(await page.locator('[data-testid=board] .square').count(), 225);
  assert.equal(await page.locator('.square[data-square="H8"]').getAttribute('data-premium'), '2W');

  await page.locator('[data-action=hint]').click();
  await page.getByTestId('preview-total').waitFor();
  const staged = await page.locator('.square .tile.staged').count();
  assert.ok(staged >= 2, `the suggested move is staged (${staged} tiles)`);
  const total = Number((await page.getByTestId('preview-total').textContent()).replace('Total ', ''));
  assert.ok(total > 0);
  await page.screenshot({ path: screenshotPath('computer-1-hint.png') });

  await page.locator('[data-action=play]').click();
  // Robo thinks, moves, and it is Ann's turn again with a fresh rack.
  await page.waitForFunction(() => document.querySelector('[data-testid=last-move]')?.textContent.startsWith('Robo'), null, { timeout: 20000 });
  await page.getByTestId('rack').waitFor();
  assert.equal(await page.getByTestId('score-0').textContent(), String(total));
  assert.equal(await page.locator('[data-testid=rack] .tile').count(), 7);
  await page.screenshot({ path: screenshotPath('computer-2-answered.png') });

  await page.locator('nav [data-nav=history]').click();
  await page.getByTestId('history').waitFor();
  const row = await page.locator('[data-testid=history] tbody tr').first().textContent();
  assert.match(row, /Classic/i);
  assert.match(row, /Ann/);
  assert.match(row, /1 hint/);
  await page.close();
});
