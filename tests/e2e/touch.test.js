// Touch on the match screen at tablet size (820×1180, Chromium with touch emulation) against the
// real backend: every tap acts the first time whatever drags came before it (SPEC §4: "every
// tap acts, whatever came before it"), a drop outside the board and rack returns the tile, and
// the blank's letter chooser opens only when the blank is placed.
//
// The drags are finger drags as a person makes them: raw touch events (Chromium turns them
// into pointer events of type "touch"), lifted while still moving. A quick lift like that is a
// fling to the browser's gesture recognizer; before the fix the fling (which touch-action: none
// had kept from scrolling anything) made Chromium swallow the next tap as "stop the fling".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, square, dealtMatch, screenshotPath, center, fingerDrag, TABLET } from './helpers.js';

const ctx = perTest({ seed: 9 });

// Word Club 1.1 (two blanks in its bag): Ann's rack holds one.
const ANN = 'CATERS?';
const BEN = 'NNDBGLI';

/** The match screen's state as the page shows it. */
function screenState(page) {
  return page.evaluate(() => ({
    staged: [...document.querySelectorAll('.square:has(.tile.staged)')].map((e) => e.dataset.square),
    free: [...document.querySelectorAll('[data-testid=rack] .tile:not(.used)')].map((e) => e.dataset.letter),
    order: [...document.querySelectorAll('[data-testid=rack] .tile')].map((e) => e.dataset.index).join(''),
    selected: document.querySelector('[data-testid=rack] .tile[aria-selected=true]')?.dataset.index ?? null,
    dialog: Boolean(document.querySelector('dialog[open]')),
  }));
}

/** Waits until `check(state)` holds; a tap that was swallowed never gets there. */
async function until(page, what, check) {
  const deadline = Date.now() + 3000;
  let state;
  for (;;) {
    state = await screenState(page);
    if (check(state)) return state;
    if (Date.now() > deadline) assert.fail(`${what}: the screen shows ${JSON.stringify(state)}`);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
}

// Squares of the 9×9 board used for staging, away from each other's words.
const SPOTS = ['E5', 'F5', 'G5', 'C3', 'C7', 'G3', 'G7', 'A1', 'I9', 'A9'];
const squareAt = (page, name) => square(page, Number(name.slice(1)) - 1, name.charCodeAt(0) - 65);
const rackTileAt = (page, index) => page.locator(`[data-testid=rack] .tile[data-index="${index}"]`);

/** The first free rack tile that is no blank, and the first empty staging square. */
async function freeTile(page) {
  const index = await page.locator('[data-testid=rack] .tile:not(.used):not([data-letter="?"])').first().getAttribute('data-index');
  return rackTileAt(page, index);
}
async function emptySpot(page) {
  const { staged } = await screenState(page);
  return SPOTS.find((s) => !staged.includes(s));
}

const drags = {
  async 'rack→board'(page) {
    const before = await screenState(page);
    const spot = await emptySpot(page);
    await fingerDrag(page, await freeTile(page), await center(squareAt(page, spot)));
    await until(page, `a tile dragged to ${spot}`, (s) => s.staged.includes(spot) && s.staged.length === before.staged.length + 1);
  },
  async 'board→board'(page) {
    const { staged } = await screenState(page);
    const [from] = staged;
    const to = await emptySpot(page);
    await fingerDrag(page, squareAt(page, from), await center(squareAt(page, to)));
    await until(page, `a staged tile dragged ${from}→${to}`, (s) => s.staged.includes(to) && !s.staged.includes(from));
  },
  async 'board→rack'(page) {
    const { staged } = await screenState(page);
    const from = staged.at(-1);
    const rack = await page.getByTestId('rack').boundingBox();
    await fingerDrag(page, squareAt(page, from), { x: rack.x + rack.width - 10, y: rack.y + rack.height / 2 });
    await until(page, `a staged tile dragged ${from}→rack`, (s) => !s.staged.includes(from));
  },
  async 'along the rack'(page) {
    const { order } = await screenState(page);
    const tile = await freeTile(page);
    const index = await tile.getAttribute('data-index');
    const last = await page.locator('[data-testid=rack] .tile').last().boundingBox();
    await fingerDrag(page, tile, { x: last.x + last.width + 30, y: last.y + last.height / 2 });
    await until(page, `rack tile ${index} dragged to the end`, (s) => s.order === order.replace(index, '') + index);
  },
};

// What each drag needs staged before it runs twice (and at most, to leave free tiles).
const NEEDS = { 'rack→board': [0, 2], 'board→board': [1, 4], 'board→rack': [2, 4], 'along the rack': [0, 4] };

const taps = {
  async 'select a rack tile'(page) {
    const tile = await freeTile(page);
    const index = await tile.getAttribute('data-index');
    await tile.tap();
    await until(page, 'tap selects the rack tile', (s) => s.selected === index);
    await tile.tap();
    await until(page, 'a second tap lets it go', (s) => s.selected === null);
  },
  async 'tap a tile then a square'(page) {
    const tile = await freeTile(page);
    const index = await tile.getAttribute('data-index');
    await tile.tap();
    await until(page, 'tap selects the rack tile', (s) => s.selected === index);
    const spot = await emptySpot(page);
    await squareAt(page, spot).tap();
    await until(page, `tap places it on ${spot}`, (s) => s.staged.includes(spot) && s.selected === null);
  },
  async 'tap a staged tile to return it'(page) {
    const { staged } = await screenState(page);
    await squareAt(page, staged[0]).tap();
    await until(page, `tap returns the tile on ${staged[0]}`, (s) => !s.staged.includes(staged[0]));
  },
  async 'Recall'(page) {
    await page.locator('[data-action=recall]').tap();
    await until(page, 'Recall takes every tile back', (s) => s.staged.length === 0);
  },
  async 'a dialog: Exchange, then Cancel'(page) {
    await page.locator('[data-action=exchange]').tap();
    await until(page, 'Exchange opens its dialog', (s) => s.dialog);
    await page.locator('dialog').getByRole('button', { name: 'Cancel' }).tap();
    await until(page, 'Cancel closes it', (s) => !s.dialog);
  },
};
const TAP_NEEDS = { 'tap a staged tile to return it': 1, 'Recall': 1 };

/** Brings the staged count into [min, max] with drags only (no taps). */
async function stageBetween(page, min, max) {
  for (let s = await screenState(page); s.staged.length < min; s = await screenState(page)) await drags['rack→board'](page);
  for (let s = await screenState(page); s.staged.length > max; s = await screenState(page)) await drags['board→rack'](page);
}

async function openTablet() {
  await dealtMatch(ctx.server.url, 'wordclub-1.1', [ANN, BEN]);
  const context = await ctx.browser.newContext(TABLET.options);
  const page = await context.newPage();
  await page.goto(ctx.server.url);
  await page.getByTestId('reveal').tap();
  await page.getByTestId('rack').waitFor();
  return { context, page };
}

test('tablet: the lost-tap sequence — show the rack, drag a tile to the board, drag a second, tap Recall — recalls at the first tap', async () => {
  const { context, page } = await openTablet();
  await drags['rack→board'](page);
  await drags['rack→board'](page);
  await taps.Recall(page);
  // And the same with a tap on a rack tile to select it.
  await drags['rack→board'](page);
  await drags['rack→board'](page);
  await taps['select a rack tile'](page);
  await context.close();
});

for (const tapName of Object.keys(taps)) {
  test(`tablet: after two drags of each kind, "${tapName}" acts at the first tap; the blank's chooser never opens by itself`, async () => {
    const { context, page } = await openTablet();
    const need = TAP_NEEDS[tapName] ?? 0;
    for (const [dragName, drag] of Object.entries(drags)) {
      const [min, max] = NEEDS[dragName];
      await stageBetween(page, min + need, max);
      await drag(page);
      await drag(page);
      assert.equal((await screenState(page)).dialog, false, `no dialog after two drags ${dragName}`);
      await taps[tapName](page);
      // Then one drag and the tap again: a tap right after a single drag counts too.
      await stageBetween(page, min / 2 + need, max);
      await drag(page);
      await taps[tapName](page);
      assert.equal((await screenState(page)).dialog, false, `no dialog left open after "${tapName}" following ${dragName}`);
    }
    await context.close();
  });
}

test('tablet: a drop outside the board and rack returns the tile; the blank\'s chooser opens when the blank is placed, and only then', async () => {
  const { context, page } = await openTablet();
  const outside = await center(page.locator('.preview'));
  // A rack tile dropped on the preview panel: it stays on the rack, nothing is staged.
  const before = await screenState(page);
  await fingerDrag(page, await freeTile(page), outside);
  await page.waitForFunction(() => !document.querySelector('.lifted, .tile.dragging'));
  await until(page, 'a rack tile dropped outside', (s) => s.staged.length === 0 && s.free.length === before.free.length && !s.dialog);
  // A staged tile dropped there goes back to the rack.
  await drags['rack→board'](page);
  const [spot] = (await screenState(page)).staged;
  await fingerDrag(page, squareAt(page, spot), outside);
  await until(page, 'a staged tile dropped outside returns to the rack', (s) => s.staged.length === 0 && s.free.length === before.free.length);
  // The blank dragged to a square: now the chooser opens; a letter tapped there stages it.
  await fingerDrag(page, page.locator('[data-testid=rack] .tile[data-letter="?"]'), await center(squareAt(page, 'E5')));
  await until(page, 'the blank placed asks for its letter', (s) => s.dialog);
  await page.locator('dialog [data-letter=Q]').tap();
  await until(page, 'the chosen letter is staged', (s) => !s.dialog && s.staged.includes('E5'));
  assert.equal(await squareAt(page, 'E5').locator('.tile.staged.blank-letter').evaluate((t) => t.firstChild.textContent), 'Q');
  await page.screenshot({ path: screenshotPath('touch-tablet-blank.png') });
  // The blank's tile dropped outside as well: back, and no chooser.
  await fingerDrag(page, squareAt(page, 'E5'), outside);
  await until(page, 'the staged blank dropped outside returns', (s) => s.staged.length === 0 && !s.dialog);
  await context.close();
});
