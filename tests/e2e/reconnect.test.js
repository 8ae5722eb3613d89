// A browser over `wordclub-cli serve` whose connection to the pushed events drops and comes
// back asks again for what it shows: a computer's move made while it was away is drawn, and
// the history's background analysis that ended meanwhile is seen to end; neither is waited
// for forever. In a real browser against the real backend; only the first events
// connection is held back and then ended, as a dropped one ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, settle, TEST_CLIENT } from './helpers.js';

const ctx = perTest({ seed: 6 });

async function call(command, args) {
  const { status, body } = await api(ctx.server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

/** A browser context whose first events connection carries nothing until `drop()`, then
 *  ends (retry soon): what happened on the server meanwhile was never pushed to its page. */
async function cutOffContext() {
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  let drop;
  const dropped = new Promise((resolve) => { drop = resolve; });
  const cut = { context, drop, connections: 0, errors: [] };
  await context.route('**/api/events', async (route) => {
    cut.connections += 1;
    if (cut.connections > 1) return route.continue();
    await dropped;
    await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: 'retry: 200\n\n' });
  });
  cut.page = await context.newPage();
  cut.page.on('pageerror', (e) => cut.errors.push(e.message));
  return cut;
}

test('a computer\'s move made while the events were cut off is drawn once they are back', async () => {
  const { id } = await call('new_match', { rules: 'wordclub-1.1', players: [{ name: 'Ann' }, { name: 'Bot', computer: 'easy' }] });
  const cut = await cutOffContext();
  const { context, page, drop, errors } = cut;
  await page.goto(ctx.server.url);
  await page.getByTestId('cover').filter({ hasText: 'Ann' }).waitFor();
  await settle(page);
  // Meanwhile Ann passes (elsewhere) and Bot replies.
  await call('reveal_rack', { match_id: id });
  await call('pass', { match_id: id });
  const deadline = Date.now() + 20000;
  let view;
  do {
    await new Promise((r) => setTimeout(r, 200));
    view = await call('match_view', { match_id: id, cover: false });
  } while (view.turn < 2 && Date.now() < deadline);
  assert.ok(view.turn >= 2, 'Bot moved');
  assert.equal(await page.getByText(/Bot (played|exchanged|passed)/).count(), 0, 'the page has not heard of it');
  drop();
  // The connection is back: the page asks again and shows Bot's move.
  await page.getByText(/Bot (played|exchanged|passed)/).first().waitFor({ state: 'attached', timeout: 20000 });
  assert.ok(cut.connections >= 2, 'the page connected again');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the history\'s background analysis that ended while the events were cut off is seen to end', async () => {
  for (let i = 0; i < 2; i++) {
    const id = await ctx.dealtMatch('classic-15', ['CATEIOL', 'SNNDBGL']);
    // Three passes each: the scoreless ending.
    for (let turn = 0; turn < 6; turn++) {
      await call('reveal_rack', { match_id: id });
      await call('pass', { match_id: id });
    }
  }
  assert.equal((await call('analysis_progress', {})).missing, 2);
  await call('remember_screen', { client: TEST_CLIENT, match_id: null });
  const { context, page, drop, errors } = await cutOffContext();
  await page.goto(ctx.server.url);
  await page.locator('nav [data-nav=history]').click();
  const line = page.getByTestId('analysis-progress');
  await line.filter({ hasText: /Analysing past matches in the background: \d of 2/ }).waitFor();
  const deadline = Date.now() + 30000;
  let progress;
  do {
    await new Promise((r) => setTimeout(r, 100));
    progress = await call('analysis_progress', {});
  } while ((progress.running || progress.missing) && Date.now() < deadline);
  assert.equal(progress.missing, 0, 'the backend analysed both');
  await settle(page);
  assert.equal(await line.isVisible(), true, 'the page has not heard that it ended');
  drop();
  await page.waitForFunction(() => document.querySelector('[data-testid=analysis-progress]')?.hidden, null, { timeout: 20000 });
  assert.deepEqual(errors, []);
  await context.close();
});
