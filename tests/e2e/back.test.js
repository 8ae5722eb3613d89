// The browser's Back and Forward (a tablet's back gesture) step through the screens opened in
// the app, rather than leaving it; a match opened by Back comes behind the cover, and the
// session history keeps no view (no rack). In a real browser against the real backend.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, reveal, rackTile, square, settle, TABLET } from './helpers.js';

const ctx = perTest({ seed: 4 });

/** The top navigation's entry marked as the screen on show. */
const onShow = (page) => page.locator('nav [data-nav][aria-current=page]').getAttribute('data-nav');

test('Back and Forward step through the screens opened, and stay in the app', async () => {
  const page = await ctx.openPage({ width: 1280, height: 800 });
  assert.equal(await onShow(page), 'home');
  await page.locator('nav [data-nav=history]').click();
  await page.locator('nav [data-nav=history][aria-current=page]').waitFor();
  await page.locator('nav [data-nav=rules]').click();
  await page.locator('nav [data-nav=rules][aria-current=page]').waitFor();
  // The same screen chosen again is not a step of its own.
  await page.locator('nav [data-nav=rules]').click();
  await settle(page);
  const url = page.url();
  await page.goBack();
  await page.locator('nav [data-nav=history][aria-current=page]').waitFor();
  await page.goBack();
  await page.locator('nav [data-nav=home][aria-current=page]').waitFor();
  assert.equal(page.url(), url, 'still the app');
  await page.goForward();
  await page.locator('nav [data-nav=history][aria-current=page]').waitFor();
  await settle(page);
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('tablet: Back to a match opens it behind the cover; the history keeps no rack', async () => {
  const id = await ctx.dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await reveal(page);
  // A tile staged, then away to the history without playing.
  await rackTile(page, 'C').tap();
  await square(page, 4, 4).tap();
  await settle(page);
  const state = await page.evaluate(() => JSON.stringify(history.state));
  assert.deepEqual(JSON.parse(state), { screen: 'match', params: { id } });
  await page.locator('nav [data-nav=history]').tap();
  await page.locator('nav [data-nav=history][aria-current=page]').waitFor();
  await page.goBack();
  await page.getByTestId('cover').filter({ hasText: 'Ann' }).waitFor();
  assert.equal(await page.locator('[data-testid=rack] .tile').count(), 0, 'no rack behind the cover');
  // Ann shows her rack again: the tile she staged is back.
  await reveal(page);
  await page.waitForFunction(() => document.querySelector('.square[data-row="4"][data-col="4"] .tile.staged'));
  await settle(page);
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('tablet: Back or Forward while a confirmation is open closes it as cancelled; nothing happens to the match left', async () => {
  const id = await ctx.dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL', 'AAERRST'], ['Ann', 'Ben', 'Cy']);
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await page.getByTestId('cover').waitFor();
  await page.locator('nav [data-nav=history]').tap();
  await page.locator('nav [data-nav=history][aria-current=page]').waitFor();
  await page.goBack();
  await reveal(page);
  await page.locator('[data-action=resign]').tap();
  await page.locator('dialog[open]').filter({ hasText: 'Ann' }).waitFor();
  // Forward, by the browser or the tablet's gesture, with "Resign?" still asking.
  await page.goForward();
  await page.locator('nav [data-nav=history][aria-current=page]').waitFor();
  await settle(page);
  assert.equal(await page.locator('dialog[open]').count(), 0, 'the dialog went with its screen');
  const { body: view } = await api(ctx.server.url, 'match_view', { match_id: id });
  assert.deepEqual(view.players.map((p) => p.resigned ?? false), [false, false, false]);
  assert.equal(view.to_move, 0, 'still Ann to move');
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('a reload opens the screen it was on (the history, a match\'s detail), and adds no step to Back', async () => {
  const id = await ctx.dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  await api(ctx.server.url, 'reveal_rack', { match_id: id });
  await api(ctx.server.url, 'resign', { match_id: id, confirm: true });
  const page = await ctx.openPage({ width: 1280, height: 800 });
  await page.locator('nav [data-nav=history]').click();
  await page.locator('nav [data-nav=history][aria-current=page]').waitFor();
  const steps = await page.evaluate(() => history.length);
  await page.reload();
  await page.getByTestId('history').waitFor();
  assert.equal(await onShow(page), 'history');
  assert.equal(await page.evaluate(() => history.length), steps, 'no step added');
  await page.locator(`[data-testid=history] tbody tr[data-match="${id}"] button`).click();
  await page.getByTestId('detail').waitFor();
  await page.reload();
  await page.getByTestId('detail').waitFor();
  assert.match(await page.locator('[data-testid=detail] h1').textContent(), /Ann v Ben/);
  // Back from there still steps to the history.
  await page.goBack();
  await page.getByTestId('history').waitFor();
  await settle(page);
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});
