// Benchmark (printed, not asserted): from the drop of a tile on the board (the finger's
// pointerup) to the painted preview of the move, over 50 drops at tablet size with touch, in
// Chromium against the real backend (`wordclub-cli serve`). A classic 15×15 match with CAT on
// the board; each drop puts S after it (CATS, a legal preview with its table), then Recall
// takes it back. dropbench.js records each drop and prints its parts: the browser's
// (timestamp→dispatch), the app's JS (dispatch→preview in the DOM), DOM→painted, and in
// which frame after the dispatch the preview was painted; beside them the floor, the same
// paced drag on a blank page in the same browser.
//
// What the figures say (820×1180, this 2-core machine, p50): headless Chromium hands the page
// the pointerup just after the next frame, 16.2 ms after its timeStamp, on the blank page too;
// so no page paints sooner than that wait plus one frame: the floor, 33.3 ms from the
// timestamp (the literal ≤ 16 ms cannot be met here). The app paints its preview in that same
// first frame after the dispatch (50 of 50 drops), 36.3 ms from the timestamp. Its JS from the
// dispatch to the preview in the DOM was 2.8 ms (p95 3.2): the drop's hit test laid the page
// out after the drag's own DOM changes, and the zoom frame's cursor check laid it out again;
// now 1.2 ms (p95 1.5). The frame still starts ~16 ms after the dispatch either way, so the
// total moved little (35.6 -> 36.3, within noise): what is left over the floor (~3 ms) is that
// JS and the frame's style, layout and paint of the patched squares, rack and preview.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, catPlayed, center, square, TABLET } from './helpers.js';
import { installDropBench, dropReport } from './dropbench.js';

const ctx = perTest({ seed: 3 });
const DROPS = 50;

/** A finger drag from `a` to `to` as raw touch events, one move a frame as a finger on a
 *  60 Hz screen reports them, lifted a frame after the last, still moving. (helpers.js's
 *  fingerDrag sends its moves back to back, so its lift waits behind their frames: that
 *  measures the test's queue, not the app.) */
async function pacedDrag(page, a, to) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x, y) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  // After the next frame; `arm`: the recorder then takes the next pointerup as a drop.
  const frame = (arm = false) => page.evaluate((armed) => new Promise((r) => requestAnimationFrame(() => setTimeout(() => {
    window.dropBench.armed = armed;
    r();
  }, 0))), arm);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(a.x, a.y) });
  for (let i = 1; i <= 8; i++) {
    await frame();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(a.x + ((to.x - a.x) * i) / 8, a.y + ((to.y - a.y) * i) / 8) });
  }
  await frame(true);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The same drags on a blank page in the same browser, whose pointerup sets one text node:
 *  what no page can go below here. */
async function floorDrops() {
  const context = await ctx.browser.newContext(TABLET.options);
  const page = await context.newPage();
  await page.setContent('<div id="pad" style="width: 600px; height: 600px; touch-action: none; background: #ddd"></div><p id="out"></p>');
  await page.evaluate(`(${installDropBench})('#out:not(:empty)')`);
  await page.evaluate(() => {
    const out = document.getElementById('out');
    document.getElementById('pad').addEventListener('pointerup', () => { out.textContent = 'dropped'; });
  });
  for (let i = 0; i < DROPS; i++) {
    await page.evaluate(() => { document.getElementById('out').textContent = ''; });
    await pacedDrag(page, { x: 100, y: 100 }, { x: 450, y: 500 });
    await page.waitForFunction((n) => window.dropBench.drops.length === n, i + 1);
  }
  const drops = await page.evaluate(() => window.dropBench.drops);
  await context.close();
  return drops;
}

test(`drop to painted preview over ${DROPS} drops, tablet ${TABLET.options.viewport.width}×${TABLET.options.viewport.height} with touch, and a blank page's floor (Chromium)`, async () => {
  const { row, col } = await catPlayed(ctx.server.url, 'SNNDBGL');

  const page = await ctx.openPage(TABLET.options.viewport, true);
  await page.getByTestId('reveal').click();
  await page.getByTestId('rack').waitFor();
  assert.match(await square(page, row, col).locator('.tile').textContent(), /^A/, 'the A is on the star');
  // Armed just before each lift (pacedDrag).
  await page.evaluate(`(${installDropBench})('[data-testid=preview-total]')`);
  const target = square(page, row, col + 2);
  for (let i = 0; i < DROPS; i++) {
    const s = page.locator('[data-testid=rack] .tile:not(.used)[data-letter="S"]').first();
    await pacedDrag(page, await center(s), await center(target));
    await page.waitForFunction((n) => window.dropBench.drops.length === n, i + 1);
    assert.match(await page.getByTestId('preview-total').textContent(), /Total \d+/);
    assert.match(await page.getByTestId('preview').textContent(), /CATS/);
    await page.locator('[data-action=recall]').click();
    await page.getByTestId('preview-empty').waitFor();
  }
  const { drops, ticks } = await page.evaluate(() => window.dropBench);
  assert.equal(drops.length, DROPS);
  await page.context().close();

  const floor = await floorDrops();
  assert.equal(floor.length, DROPS);
  const { width, height } = TABLET.options.viewport;
  console.log(dropReport(`drop→painted preview (Chromium, ${width}×${height}, touch)`, drops, ticks, floor));
});
