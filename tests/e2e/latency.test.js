// Benchmark (printed, not asserted): from the drop of a tile on the board (the finger's
// pointerup) to the painted preview of the move, p50 / p95 over 50 drops, at tablet size with
// touch, in Chromium against the real backend (`wordclub-cli serve`). A classic 15×15 match
// with CAT on the board; each drop puts S after it (CATS, a legal preview with its table),
// then Recall takes it back.
//
// "Painted": the page marks the first animation frame after the preview's total reached the
// DOM (a MutationObserver on the preview panel), then the task after that frame — the frame
// the total is drawn in has been produced by then.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, catPlayed, center, square, TABLET } from './helpers.js';

const ctx = perTest({ seed: 3 });
const DROPS = 50;

/** A finger drag from the middle of `from` to `to` as raw touch events, one move a frame as
 *  a finger on a 60 Hz screen reports them, lifted while still moving. (helpers.js's
 *  fingerDrag sends its moves back to back, so its lift waits behind their frames: that
 *  measures the test's queue, not the app.) */
async function pacedDrag(page, from, to) {
  const a = await center(from);
  const cdp = await page.context().newCDPSession(page);
  const point = (x, y) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  const frame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(a.x, a.y) });
  for (let i = 1; i <= 8; i++) {
    await frame();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(a.x + ((to.x - a.x) * i) / 8, a.y + ((to.y - a.y) * i) / 8) });
  }
  await frame();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** p-th percentile (nearest rank) of `values`. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

test(`drop to painted preview: p50/p95 over ${DROPS} drops, tablet ${TABLET.options.viewport.width}×${TABLET.options.viewport.height} with touch (Chromium)`, async () => {
  const { row, col } = await catPlayed(ctx.server.url, 'SNNDBGL');

  const page = await ctx.openPage(TABLET.options.viewport, true);
  await page.getByTestId('reveal').click();
  await page.getByTestId('rack').waitFor();
  assert.match(await square(page, row, col).locator('.tile').textContent(), /^A/, 'the A is on the star');
  await page.evaluate(() => {
    // The drop: the finger's pointerup (capture phase, before the app's own listener); the
    // taps on Recall are mouse clicks and do not count.
    // Also how long the browser held the pointerup before the page got it (its time stamp is
    // when the input arrived): the part no page code can shorten.
    window.addEventListener('pointerup', (e) => {
      if (e.pointerType !== 'touch') return;
      globalThis.benchDropAt = e.timeStamp;
      globalThis.benchHeld.push(performance.now() - e.timeStamp);
    }, true);
    globalThis.benchPaints = [];
    globalThis.benchHeld = [];
    new MutationObserver(() => {
      if (globalThis.benchDropAt == null || !document.querySelector('[data-testid=preview-total]')) return;
      const dropAt = globalThis.benchDropAt;
      globalThis.benchDropAt = null;
      requestAnimationFrame(() => setTimeout(() => globalThis.benchPaints.push(performance.now() - dropAt), 0));
    }).observe(document.getElementById('screen'), { childList: true, subtree: true });
  });
  const target = square(page, row, col + 2);
  for (let i = 0; i < DROPS; i++) {
    const s = page.locator('[data-testid=rack] .tile:not(.used)[data-letter="S"]').first();
    await pacedDrag(page, s, await center(target));
    await page.waitForFunction((n) => globalThis.benchPaints.length === n, i + 1);
    assert.match(await page.getByTestId('preview-total').textContent(), /Total \d+/);
    assert.match(await page.getByTestId('preview').textContent(), /CATS/);
    await page.locator('[data-action=recall]').click();
    await page.getByTestId('preview-empty').waitFor();
  }
  const { times, held } = await page.evaluate(() => ({ times: globalThis.benchPaints, held: globalThis.benchHeld }));
  assert.equal(times.length, DROPS);
  const f = (ms) => `${ms.toFixed(1)} ms`;
  console.log(`drop→painted preview (Chromium, ${DROPS} drops at ${TABLET.options.viewport.width}×${TABLET.options.viewport.height}, touch): p50 ${f(percentile(times, 50))}, p95 ${f(percentile(times, 95))}, min ${f(Math.min(...times))}, max ${f(Math.max(...times))}; of it, the browser held the pointerup before the page got it: p50 ${f(percentile(held, 50))}, p95 ${f(percentile(held, 95))}`);
  await page.context().close();
});
