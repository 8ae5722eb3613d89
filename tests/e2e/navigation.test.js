// Moving between screens in a real browser against the real backend: every screen draws with
// no script error, the top navigation marks the screen on show, and the screen chosen last
// stays even when an earlier choice answers late.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, settle, SIZES } from './helpers.js';

const ctx = perTest({ seed: 7 });

/** A match made through the API with fixed racks (the page then opens it at start-up), and a
 *  page on the app. */
const { dealtMatch, openPage } = ctx;

test('the screen chosen last stays, even when an earlier choice answers late', async () => {
  const page = await openPage(SIZES[0][1]);
  await page.getByTestId('new-match').waitFor();
  // The history's first request is held back until the rules screen is up (the real backend
  // answers it then).
  let release;
  const held = new Promise((r) => { release = r; });
  let asked = 0;
  await page.route('**/api/player_stats', async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  await page.locator('nav [data-nav=history]').click();
  await page.locator('nav [data-nav=rules]').click();
  await page.getByTestId('rules-screen').waitFor();
  const answered = page.waitForResponse('**/api/player_stats');
  release();
  await answered;
  await settle(page); // the late history has had every chance to draw
  assert.ok(asked >= 1, 'the history asked');
  assert.equal(await page.getByTestId('history').count(), 0, 'the late history did not draw over the rules');
  assert.equal(await page.getByTestId('rules-screen').count(), 1);
  await page.context().close();
});

for (const [name, size, touch] of SIZES) {
  test(`${name}: a tour of every screen draws each one with no script error in the console`, async () => {
    const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
    const page = await openPage(size, touch);
    const { consoleErrors } = page.context();
    await page.getByTestId('cover').waitFor();
    const screens = [['home', 'New match'], ['history', 'History'], ['stats', 'Statistics'], ['checker', 'Word checker'], ['rules', 'Rules'], ['settings', 'Settings']];
    for (const [nav, heading] of screens) {
      await page.locator(`nav [data-nav=${nav}]`).click();
      await page.locator('#screen h1', { hasText: heading }).first().waitFor();
    }
    await page.locator('nav [data-nav=history]').click();
    await page.getByRole('button', { name: 'Details' }).click();
    await page.getByTestId('detail').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('cover').waitFor();
    assert.equal(Number(await page.getByTestId('match').getAttribute('data-match-id')), id);
    assert.deepEqual(page.context().errors, [], 'no uncaught script error');
    assert.deepEqual(consoleErrors, [], 'no error in the console');
    await page.context().close();
  });
}

test('the top navigation marks the screen on show, and nothing during a match', async () => {
  await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await openPage(SIZES[0][1]);
  await page.getByTestId('cover').waitFor();
  const current = () => page.locator('nav [aria-current=page]').allTextContents();
  assert.deepEqual(await current(), []);
  for (const [nav, label] of [['history', 'History'], ['rules', 'Rules'], ['home', 'New match']]) {
    await page.locator(`nav [data-nav=${nav}]`).click();
    await page.waitForFunction((l) => document.querySelector('nav [aria-current=page]')?.textContent === l, label);
    assert.deepEqual(await current(), [label]);
  }
  await page.getByRole('button', { name: /^First steps · / }).click();
  await page.getByTestId('cover').waitFor();
  assert.deepEqual(await current(), []);
  await page.context().close();
});
