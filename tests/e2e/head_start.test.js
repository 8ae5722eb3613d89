// Issue 46's head start in a real browser against the real backend, at tablet size with
// touch: a head start chosen on the new-match form is said on the first cover ("Mia starts
// +60"), has its own row on the scoresheet (apart from the rule set's start points) and its
// own column on the end screen and in the statistics; a table that mixes computer levels is offered the rules lab's
// head start (the backend's sentence and figure), which a tap gives to the weaker seat and
// the player may still change (within the backend's most).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, perTest, settle, TABLET } from './helpers.js';

const ctx = perTest();
const SIZE = TABLET.options.viewport;

test('tablet: a match started with a head start shows it on the cover, the scoresheet and the end', async () => {
  const page = await ctx.openPage(SIZE, true);
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('wordclub-1.0');
  await page.getByLabel('Player 1 name').fill('Mia');
  await page.getByLabel('Player 2 name').fill('Dad');
  const head = page.getByTestId('head-start-0');
  await head.tap();
  await head.fill('60');
  await page.getByTestId('start').tap();
  await page.getByTestId('cover').waitFor();
  assert.equal((await page.getByTestId('cover-head-start').textContent()).trim(), 'Mia starts +60');

  await page.getByTestId('reveal').tap();
  await page.getByTestId('rack').waitFor();
  await settle(page);
  const row = page.locator('[data-testid=sheet-head-start]');
  assert.equal(await row.locator('.sheet-who').textContent(), 'Head start');
  assert.equal(await row.locator('.sheet-words').textContent(), '+60 · +0');
  assert.equal(await row.locator('.sheet-totals').textContent(), '60 · 0');
  // 1.0 gives no start points of its own: no Start row, only the head start's.
  assert.equal(await page.locator('[data-testid=sheet-start]').count(), 0);

  await page.locator('[data-action=resign]').tap();
  await page.getByTestId('confirm-yes').tap();
  await page.getByTestId('end').waitFor();
  const heads = await page.locator('[data-testid=results] thead th').allTextContents();
  assert.deepEqual(heads.slice(0, 4), ['Player', 'Head start', 'Score', 'Adjustment']);
  assert.deepEqual(await page.getByTestId('result-head-start').allTextContents(), ['+60', '+0']);
  // The statistics give head starts a column of their own (the scores count them too).
  await page.locator('[data-nav=stats]').first().tap();
  await page.getByTestId('stats-rules').selectOption('wordclub-1.0');
  const mia = page.locator('[data-player=Mia] [data-stat=head-starts]');
  await mia.waitFor();
  assert.equal(await mia.textContent(), '+60 in 1 match');
  assert.equal(await page.locator('[data-player=Dad] [data-stat=head-starts]').textContent(), '—');
  assert.deepEqual(page.context().errors, []);
  await page.close();
});

test('tablet: a table of a person, Easy and Hard is offered the lab\'s head start for Easy', async () => {
  const page = await ctx.openPage(SIZE, true);
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('classic-15');
  while (await page.locator('[data-testid=new-match] .seat').count() < 3) {
    await page.getByRole('button', { name: 'Add player' }).tap();
  }
  const line = page.getByTestId('head-start-suggestion');
  await page.getByLabel('Player 2 is').selectOption('easy');
  // One computer level alone: nothing to even.
  await settle(page);
  assert.equal(await line.isHidden(), true);
  await page.getByLabel('Player 3 is').selectOption('hard');
  await line.waitFor();
  // The sentence and the figure are the backend's.
  const { body } = await api(ctx.server.url, 'head_start_suggestion', { rules: 'classic-15', seats: [null, 'easy', 'hard'] });
  const s = body.suggestion;
  assert.ok(s && s.points > 0, JSON.stringify(body));
  assert.match(await line.textContent(), new RegExp(`^Suggested head start for Easy against Hard: \\+${s.points}`));
  await page.getByTestId('use-head-start').tap();
  assert.equal(await page.getByTestId('head-start-1').inputValue(), String(s.points));
  assert.equal(await page.getByTestId('head-start-0').inputValue(), '0');
  assert.equal(await page.getByTestId('head-start-2').inputValue(), '0');
  // The player may change it; past the backend's most (app_info.limits.max_head_start) the
  // form does not start the match (the backend refuses it too: app/tests/head_start.rs).
  await page.getByTestId('head-start-1').fill('250');
  await page.getByTestId('start').tap();
  assert.equal(await page.getByTestId('head-start-1').evaluate((el) => /** @type {HTMLInputElement} */ (el).validity.rangeOverflow), true);
  assert.equal(await page.getByTestId('new-match').isVisible(), true);
  const { body: list } = await api(ctx.server.url, 'match_list', {});
  assert.equal(list.total, 0, 'no match started');
  assert.deepEqual(page.context().errors, []);
  await page.close();
});
