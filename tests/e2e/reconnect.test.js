// A browser over `wordclub-cli serve` whose connection to the pushed events drops and comes
// back asks again for what it shows: a computer's move made while it was away is drawn, not
// waited for forever. In a real browser against the real backend; only the first events
// connection is held back and then ended, as a dropped one ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, settle } from './helpers.js';

const ctx = perTest({ seed: 6 });

async function call(command, args) {
  const { status, body } = await api(ctx.server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

test('a computer\'s move made while the events were cut off is drawn once they are back', async () => {
  const { id } = await call('new_match', { rules: 'wordclub-1.1', players: [{ name: 'Ann' }, { name: 'Bot', computer: 'easy' }] });
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  let drop;
  const dropped = new Promise((resolve) => { drop = resolve; });
  let connections = 0;
  await context.route('**/api/events', async (route) => {
    connections += 1;
    if (connections > 1) return route.continue();
    // The first connection carries nothing and then ends (retry soon): what happened on the
    // server meanwhile was never pushed to this page.
    await dropped;
    await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: 'retry: 200\n\n' });
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
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
  assert.ok(connections >= 2, 'the page connected again');
  assert.deepEqual(errors, []);
  await context.close();
});
