// A phone's zoomed board (390×844, touch) pans under a dragged tile held at its edge, so a
// drag reaches the squares it has scrolled out of view or under its coordinates (A5 and I9 of
// a 9×9 board opened on its star); a finger passing through the edge on its way in from the
// rack pans nothing, even slowly. In a real browser against the real backend.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, reveal, rackTile, square, center, settle, screenshotPath } from './helpers.js';

const ctx = perTest({ seed: 3 });
const PHONE = { width: 390, height: 844 };

/** A finger on the middle of `from`, moved to `to` ({x, y}, or a function giving it once the
 *  finger is there), as raw touch events; held still at `holdAt` (when given) for `holdMs`. */
async function touch(page, from, steps) {
  const a = await center(from);
  const cdp = await page.context().newCDPSession(page);
  const point = (x, y) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  let at = a;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(a.x, a.y) });
  for (const step of steps) {
    const to = typeof step.to === 'function' ? await step.to() : step.to;
    const n = step.moves ?? 8;
    for (let i = 1; i <= n; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(at.x + ((to.x - at.x) * i) / n, at.y + ((to.y - at.y) * i) / n) });
    }
    at = to;
    // A finger held still: the browser sends nothing more until it moves.
    if (step.holdMs) await page.waitForTimeout(step.holdMs);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const frameBox = (page) => page.locator('.board-zoom.zoomed').boundingBox();
const scrolled = (page) => page.locator('.board-zoom.zoomed').evaluate((f) => ({ left: f.scrollLeft, top: f.scrollTop }));
/** The letter staged on square (row, col), as its spoken name says it ("A5, C, staged"). */
const stagedAt = async (page, row, col) => /, (\w), staged/.exec(await square(page, row, col).locator('.visually-hidden').textContent())?.[1] ?? null;

async function phoneMatch() {
  await ctx.dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await ctx.openPage(PHONE, true);
  await reveal(page);
  await page.locator('.board-zoom.zoomed').waitFor();
  await settle(page);
  return page;
}

test('phone 390×844: a tile held at the zoomed board\'s left edge pans it, and drops on A5', async () => {
  const page = await phoneMatch();
  const start = await scrolled(page);
  assert.ok(start.left > 0, `the board opens panned to its star, column A partly out of view: ${JSON.stringify(start)}`);
  const f = await frameBox(page);
  const a5 = await center(square(page, 4, 0));
  // Where the finger aims: A5's middle lies under the sticky row numbers or off the frame.
  await touch(page, rackTile(page, 'C'), [
    { to: { x: f.x + 6, y: a5.y }, holdMs: 900 },
    { to: () => center(square(page, 4, 0)), moves: 4 },
  ]);
  assert.equal((await scrolled(page)).left, 0, 'the board panned to its left edge');
  await page.waitForFunction(() => document.querySelector('.square[data-row="4"][data-col="0"] .tile.staged'));
  assert.equal(await stagedAt(page, 4, 0), 'C');
  await page.screenshot({ path: screenshotPath('zoom-drag-a5.png') });
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('phone 390×844: held at the bottom right corner it pans both ways, and drops on I9', async () => {
  const page = await phoneMatch();
  const f = await frameBox(page);
  await touch(page, rackTile(page, 'A'), [
    { to: { x: f.x + f.width - 4, y: f.y + f.height - 4 }, holdMs: 900 },
    { to: () => center(square(page, 8, 8)), moves: 4 },
  ]);
  const end = await page.locator('.board-zoom.zoomed').evaluate((el) => ({
    right: el.scrollWidth - el.clientWidth - el.scrollLeft, bottom: el.scrollHeight - el.clientHeight - el.scrollTop,
  }));
  assert.deepEqual(end, { right: 0, bottom: 0 }, 'the board panned to its bottom right corner');
  await page.waitForFunction(() => document.querySelector('.square[data-row="8"][data-col="8"] .tile.staged'));
  assert.equal(await stagedAt(page, 8, 8), 'A');
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('phone 390×844: a drag from the rack to the star passes the bottom edge and pans nothing', async () => {
  const page = await phoneMatch();
  const start = await scrolled(page);
  await touch(page, rackTile(page, 'T'), [{ to: () => center(square(page, 4, 4)), moves: 8 }]);
  await page.waitForFunction(() => document.querySelector('.square[data-row="4"][data-col="4"] .tile.staged'));
  assert.equal(await stagedAt(page, 4, 4), 'T');
  assert.deepEqual(await scrolled(page), start, 'the board stayed where it was');
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('phone 390×844: a slow drag from the rack to the star pans nothing on its way in either', async () => {
  const page = await phoneMatch();
  const start = await scrolled(page);
  const from = await center(rackTile(page, 'T'));
  const to = await center(square(page, 4, 4));
  // About 150 px/s, in 8 px steps: each step's point, then the finger still for 55 ms (the
  // bottom edge's 40 px take some 270 ms to cross, well over the dwell).
  const steps = [];
  const n = Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 8);
  for (let i = 1; i <= n; i++) {
    steps.push({ to: { x: from.x + ((to.x - from.x) * i) / n, y: from.y + ((to.y - from.y) * i) / n }, moves: 1, holdMs: 55 });
  }
  await touch(page, rackTile(page, 'T'), steps);
  await page.waitForFunction(() => document.querySelector('.square[data-row="4"][data-col="4"] .tile.staged'));
  assert.equal(await stagedAt(page, 4, 4), 'T');
  assert.deepEqual(await scrolled(page), start, 'the board stayed where it was');
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});
