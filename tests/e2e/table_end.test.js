// The end screen of a table of three and of four at tablet landscape (1180×820, touch) and on a
// phone (390×844), in a real browser against the real backend: every part of it can be
// reached (a box whose content is taller than itself scrolls, it does not clip), and nothing
// scrolls sideways. The wide layout fits a two-player end screen in the window
// (round2_sizes.test.js); a table's longer results and legend did not fit, and were cut off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, screenshotPath, settle } from './helpers.js';

const ctx = perTest({ seed: 8 });

async function call(command, args) {
  const { status, body } = await api(ctx.server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

/** Boxes of the end screen (itself included) whose content is taller than they are and that
 *  do not scroll: what is past their bottom cannot be seen. (Text kept for screen readers
 *  only is clipped on purpose.) */
const clipped = (page) => page.evaluate(() => [document.querySelector('[data-testid=end]'), ...document.querySelectorAll('[data-testid=end] *')]
  .filter((e) => e.checkVisibility() && !e.closest('.visually-hidden') && e.clientHeight > 0 && e.scrollHeight > e.clientHeight + 1)
  .filter((e) => !['auto', 'scroll'].includes(getComputedStyle(e).overflowY) && getComputedStyle(e).overflowY !== 'visible')
  .map((e) => `${e.tagName}.${e.className} ${e.scrollHeight}>${e.clientHeight}`));

for (const seats of [3, 4]) {
  for (const [name, width, height] of [['tablet-landscape', 1180, 820], ['phone', 390, 844]]) {
    test(`${name} ${width}×${height}: the end screen of a table of ${seats} can be read to its end`, async () => {
      const names = ['Ann', 'Ben', 'Cy', 'Dee'].slice(0, seats);
      const { id } = await call('new_match', {
        rules: 'wordclub-1.1', players: names.map((n) => ({ name: n })),
        deal: { racks: ['CATEIOL', 'SNNDBGL', 'AAERRST', 'EEIOUNR'].slice(0, seats), draw_order: '' },
      });
      // Ann plays CAT; then everyone but the last resigns in turn, the last of them by finger.
      await call('reveal_rack', { match_id: id });
      const { rules } = await call('match_view', { match_id: id });
      const { row, col } = rules.star;
      await call('play', { match_id: id, tiles: [...'CAT'].map((letter, i) => ({ row, col: col - 1 + i, letter })) });
      for (let i = 2; i < seats; i++) {
        await call('reveal_rack', { match_id: id });
        await call('resign', { match_id: id, confirm: true });
      }
      const page = await ctx.openPage({ width, height }, true);
      await page.getByTestId('reveal').tap();
      await page.locator('[data-action=resign]').tap();
      await page.getByTestId('confirm-yes').tap();
      await page.getByTestId('end').waitFor();
      await page.locator('[data-testid=end-analysis][aria-busy=false]').waitFor({ timeout: 60000 });
      await settle(page);
      assert.deepEqual(await clipped(page), [], 'no part of the end screen is clipped');
      const sideways = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);
      assert.equal(sideways, 0, 'nothing scrolls sideways');
      // The chart's legend, the last of it, can be scrolled into view and is then not cut off.
      const legend = page.locator('[data-testid=end] [data-testid=chart-legend]');
      await legend.scrollIntoViewIfNeeded();
      const b = await legend.boundingBox();
      assert.ok(b && b.y >= 0 && b.y + b.height <= height + 0.5, `the legend is in view: ${JSON.stringify(b)}`);
      await page.screenshot({ path: screenshotPath(`table-end-${seats}-${name}.png`) });
      assert.deepEqual(page.context().errors, []);
      await page.context().close();
    });
  }
}

test('tablet: after a resignation at a table of three, the unseen tiles say how many left play with whom', async () => {
  const { id } = await call('new_match', {
    rules: 'wordclub-1.0', players: ['Ann', 'Ben', 'Cy'].map((n) => ({ name: n })),
    deal: { racks: ['CATEIOL', 'SNNDBGL', 'AAERRST'], draw_order: '' },
  });
  await call('reveal_rack', { match_id: id });
  await call('resign', { match_id: id, confirm: true });
  const page = await ctx.openPage({ width: 820, height: 1180 }, true);
  await page.getByTestId('reveal').tap();
  const note = page.getByTestId('unseen-left-play');
  await note.waitFor();
  assert.equal(await note.textContent(), '7 of them left play with Ann and will not be drawn.');
  await page.context().close();
});
