// A hurried player's double taps at tablet size (820×1180, touch), in a real browser against
// the real backend. The second tap of a double tap belongs to what the first pressed
// (ui/js/ghosttap.js): it must not press a control the first tap's redraw put under the
// finger, nor make a second match while the first is made. Taps on one control still act
// each time. Two taps 120 ms apart at one point, which Chromium counts as one double tap (the
// click's `detail` is 2), as a person's double tap is.
// And a Play tapped right after the last drop, before the draft it kept has arrived.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, rackTile, square, settle, center, screenshotPath, TABLET } from './helpers.js';

const ctx = perTest({ seed: 5 });

/** Two finger taps at the middle of `locator`, `gap` ms apart (0: one right after the other,
 *  while the first one's command is still out). */
async function doubleTap(page, locator, gap = 120) {
  const { x, y } = await center(locator);
  await page.touchscreen.tap(x, y);
  if (gap) await page.waitForTimeout(gap);
  await page.touchscreen.tap(x, y);
}

const openTablet = () => ctx.openPage(TABLET.options.viewport, true);

/** Ann (CATEIOL, rack shown) places CAT across the star of a 9×9 board tile by tile, by
 *  finger, and taps Play. */
async function playCatByFinger(page) {
  for (const [i, letter] of ['C', 'A', 'T'].entries()) {
    await rackTile(page, letter).tap();
    await square(page, 4, 3 + i).tap();
  }
  await page.getByTestId('preview-total').waitFor();
  await page.locator('[data-action=play]').tap();
}

async function view(id) {
  return (await api(ctx.server.url, 'match_view', { match_id: id })).body;
}

test('tablet: a double tap on Start match makes one match', async () => {
  const page = await openTablet();
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('wordclub-1.0');
  await doubleTap(page, page.getByTestId('start'), 0);
  await page.getByTestId('cover').waitFor();
  await settle(page);
  const { matches } = (await api(ctx.server.url, 'match_list', {})).body;
  assert.equal(matches.length, 1, JSON.stringify(matches));
});

test('tablet: a double tap on "Show my rack" shows the rack and takes no hint from the button drawn under the finger', async () => {
  const { body: made } = await api(ctx.server.url, 'new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cy' }],
    deal: { racks: ['CATEIOL', 'SNNDBGL', 'AAERRST'], draw_order: '' },
  });
  const page = await openTablet();
  const reveal = page.getByTestId('reveal');
  await reveal.waitFor();
  const spot = await center(reveal);
  await doubleTap(page, reveal);
  await page.getByTestId('rack').waitFor();
  await settle(page);
  // What the second tap landed on is a control of the turn screen (else this proves nothing).
  const under = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.dataset.action ?? null, spot);
  assert.ok(under, 'a button of the turn screen lies where "Show my rack" was');
  const v = await view(made.id);
  assert.deepEqual(v.players.map((p) => p.hints), [0, 0, 0]);
  assert.equal(await page.getByTestId('hint-words').count(), 0);
  assert.equal(await page.locator('dialog[open]').count(), 0);
  await page.screenshot({ path: screenshotPath('double-tap-reveal-tablet.png') });
  // One control tapped twice still acts twice: a rack tile picked up, then put back.
  await doubleTap(page, rackTile(page, 'C'));
  await settle(page);
  assert.equal(await page.locator('[data-testid=rack] .tile[aria-selected=true]').count(), 0);
  assert.deepEqual(ctx.browser.contexts().flatMap((c) => c.errors ?? []), []);
});

test('tablet: a double tap on the cover\'s take-back asks once, and one on its answer takes the move back once', async () => {
  const { body: made } = await api(ctx.server.url, 'new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Ben' }],
    deal: { racks: ['CATEIOL', 'SNNDBGL'], draw_order: 'ARTE' }, allow_take_backs: true,
  });
  const page = await openTablet();
  await page.getByTestId('reveal').tap();
  await playCatByFinger(page);
  const takeBack = page.getByTestId('take-back');
  await takeBack.waitFor();
  // The double tap opens its question once (issue 45: asked first); a double tap on its
  // answer takes the move back once.
  await doubleTap(page, takeBack);
  await page.getByTestId('confirm-yes').waitFor();
  await doubleTap(page, page.getByTestId('confirm-yes'));
  await page.waitForFunction(() => document.querySelectorAll('.sheet-row.taken-back').length === 1);
  await settle(page);
  assert.equal(await page.locator('dialog[open]').count(), 0, 'no dialog opened by the second tap');
  const v = await view(made.id);
  assert.equal(v.to_move, 0, 'Ann is to move again');
  assert.equal(v.over, false);
  await page.screenshot({ path: screenshotPath('double-tap-take-back-tablet.png') });
});

test('tablet: Play tapped right after the last tile is placed waits for that draft to be kept, and nothing is refused', async () => {
  const { body: made } = await api(ctx.server.url, 'new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Hal', computer: 'easy' }],
    deal: { racks: ['CATEIOL', 'SNNDBGL'], draw_order: 'ARTE' },
  });
  const page = await openTablet();
  // Each kept draft is slow on its way to the backend (as on a busy machine), so a Play
  // sent at once would reach it first: the draft would then arrive with Hal to move.
  const refused = [];
  page.on('response', (r) => { if (r.status() >= 400) refused.push(`${r.url()} ${r.status()}`); });
  await page.route('**/api/keep_draft', async (route) => { await new Promise((r) => setTimeout(r, 300)); await route.continue(); });
  await page.getByTestId('reveal').tap();
  await playCatByFinger(page);
  // A draft that arrived late would be refused once Hal was to move: Hal's answer on the
  // scoresheet, and every command sent by then answered, is when it would have shown.
  await page.waitForFunction(() => document.querySelectorAll('.sheet-row').length >= 2, null, { timeout: 20000 });
  await settle(page);
  const v = await view(made.id);
  assert.ok(v.turn >= 2, 'CAT was played and Hal answered');
  assert.deepEqual(refused, [], 'no command refused');
  assert.deepEqual(page.context().consoleErrors, []);
});

test('tablet: a tap where a message is showing reaches the control under it', async () => {
  await api(ctx.server.url, 'new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Ben' }],
    deal: { racks: ['CATEIOL', 'SNNDBGL'], draw_order: '' },
  });
  const page = await openTablet();
  await page.getByTestId('reveal').tap();
  await page.getByTestId('rack').waitFor();
  // A message: a typed letter the rack lacks.
  await page.keyboard.press('z');
  const message = page.locator('#toast:not([hidden])');
  await message.waitFor();
  const spot = await center(message);
  const under = await page.evaluate(({ x, y }) => {
    const hit = document.elementFromPoint(x, y);
    return { inMessage: Boolean(hit?.closest('#toast')), below: document.elementsFromPoint(x, y).find((e) => !e.closest('#toast'))?.tagName };
  }, spot);
  assert.equal(under.inMessage, false, `the message takes no taps (under it: ${under.below})`);
  // A real tap there lands on what is drawn beneath, not on the message.
  await page.evaluate(() => {
    window.tappedUnderMessage = null;
    addEventListener('click', (e) => { window.tappedUnderMessage = e.target.closest('#toast') ? 'message' : e.target.tagName; }, { capture: true, once: true });
  });
  await page.touchscreen.tap(spot.x, spot.y);
  await page.waitForFunction(() => window.tappedUnderMessage !== null);
  assert.notEqual(await page.evaluate(() => window.tappedUnderMessage), 'message');
  assert.equal(await message.isVisible(), true, 'the message was still showing');
});
