// The first "Suggest a move" and the first computer move after the backend starts, in a real
// browser against a freshly started `wordclub-cli serve`: the default list's word graph is
// prebuilt, so neither waits for a graph build. Prints the figures (a benchmark's, not a
// timed test's): tap to the staged draft, and Play to the computer's move on the board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser } from './helpers.js';

let server;
let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('the first suggestion and the first computer move after a cold start', async () => {
  // The backend starts inside the test, so the tap below is its first Suggest since start-up.
  server = await startServer({ seed: 7 });
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(server.url);
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('classic-15');
  await page.getByLabel('Player 1 name').fill('Ann');
  await page.getByLabel('Player 2 name').fill('Robo');
  await page.getByLabel('Player 2 is').selectOption('hard');
  await page.getByTestId('start').click();
  await page.getByTestId('rack').waitFor();

  // A hurried player taps Suggest as soon as her rack shows.
  const t0 = await page.evaluate(() => performance.now());
  await page.locator('[data-action=hint]').click();
  const suggestMs = await page.evaluate(() => new Promise((resolve) => {
    const staged = () => document.querySelector('.square .tile.staged');
    if (staged()) { resolve(performance.now()); return; }
    new MutationObserver((_, obs) => {
      if (staged()) { obs.disconnect(); resolve(performance.now()); }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }));
  assert.ok(await page.locator('.square .tile.staged').count() >= 2, 'the suggested move is staged');

  const t1 = await page.evaluate(() => performance.now());
  await page.locator('[data-action=play]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=last-move]')?.textContent.startsWith('Robo'), null, { timeout: 20000 });
  const computerMs = await page.evaluate(() => performance.now());
  console.log(JSON.stringify({
    first_suggest_tap_to_staged_ms: Math.round(suggestMs - t0),
    first_play_to_computer_move_shown_ms: Math.round(computerMs - t1),
  }));
  await page.close();
});
