// Word Club 1.3 in the app: a match starts at 2, 3 and 4 players on its 13×13 board with the
// rack and start points of that table size (the backend's flat rule set, nothing worked out
// here), and the board and the Rules screen's diagram fit a phone, a tablet and a desktop
// (screenshots tests/screenshots/rules-1.3-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, reveal, screenshotPath } from './helpers.js';

const ctx = perTest({ seed: 5 });

const SIZES = [['phone-390', 390, 844], ['tablet-820', 820, 1180], ['desktop-1280', 1280, 800]];
const NAMES = ['Ann', 'Ben', 'Cat', 'Dan'];

const overflowX = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function call(command, args) {
  const { status, body } = await api(ctx.server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

test('wordclub-1.3 is offered as the rules lab\'s candidate, with its evidence', async () => {
  const ruleSets = await call('rule_sets');
  const r = ruleSets.find((x) => x.id === 'wordclub-1.3');
  assert.match(r?.label ?? '', /candidate, proposed by the rules lab/);
  assert.ok(r.candidate && r.evidence, 'candidate with evidence');
  assert.equal(r.board_size, 13);
  assert.ok(ruleSets.some((x) => x.id === 'wordclub-1.2'), '1.2 stays');
});

for (const players of [2, 3, 4]) {
  test(`a ${players}-player match of wordclub-1.3: 13×13, its table's rack and start points, at three screen sizes`, async () => {
    const view = await call('new_match', { rules: 'wordclub-1.3', players: NAMES.slice(0, players).map((name) => ({ name })) });
    // What the lab chose for this table size (engine/src/rules.rs), as the match plays it.
    const rack = players === 4 ? 5 : 7;
    const start = { 2: [0, 0], 3: [3, 0, 9], 4: [8, 0, 3, 8] }[players];
    assert.equal(view.rules.board_size, 13);
    assert.equal(view.rules.rack_size, rack);
    assert.deepEqual(view.players.map((p) => p.score), start);
    assert.deepEqual(view.players.map((p) => p.rack_count), Array(players).fill(rack));
    for (const [name, width, height] of SIZES) {
      const page = await ctx.openPage({ width, height }, width <= 820);
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await reveal(page);
      assert.equal(await page.locator('.board .square').count(), 169, 'a 13×13 board');
      assert.equal(await page.locator('[data-testid=rack] .tile').count(), rack);
      assert.equal(await page.locator('.board [data-premium="3W"]').count(), 8);
      assert.equal(await overflowX(page), 0, 'no sideways scrolling');
      await page.screenshot({ path: screenshotPath(`rules-1.3-${players}p-${name}.png`) });
      if (width < 600) {
        // The phone places on the zoomed board: 44 px squares in a frame the finger pans,
        // then the whole 13×13 at the screen's width.
        const zoomed = page.locator('[data-testid=board-zoom].zoomed');
        assert.equal(await zoomed.count(), 1, 'the rack is out: the board is zoomed');
        const square = await page.locator('.board .square').first().boundingBox();
        assert.ok(square.width >= 43, `a zoomed square is ${square.width} px`);
        const frame = await zoomed.evaluate((e) => [e.clientWidth, e.scrollWidth]);
        assert.ok(frame[1] > frame[0], `the zoomed board pans (${frame})`);
        await page.getByTestId('zoom').click();
        await page.locator('[data-testid=board-zoom]:not(.zoomed)').waitFor();
        const board = await page.locator('.board').boundingBox();
        assert.ok(board.x >= 0 && board.x + board.width <= width + 0.5, 'the whole board fits the width');
        await page.screenshot({ path: screenshotPath(`rules-1.3-${players}p-${name}-whole.png`) });
        await page.getByTestId('zoom').click();
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
}

test('the Rules screen draws 1.3\'s 13×13 premium map at three screen sizes', async () => {
  for (const [name, width, height] of SIZES) {
    const page = await ctx.openPage({ width, height }, width <= 820);
    // On a phone the top navigation sits behind its menu button.
    const menu = page.getByTestId('menu');
    if (await menu.isVisible()) await menu.click();
    await page.locator('nav [data-nav=rules]').click();
    await page.getByTestId('rules-screen').waitFor();
    await page.getByTestId('rules-choice').selectOption('wordclub-1.3');
    await page.getByTestId('candidate-note').waitFor();
    assert.equal(await page.locator('.rules-map [data-premium="2W"]').count(), 12);
    assert.equal(await page.locator('.rules-map [data-premium="3W"]').count(), 8);
    assert.equal(await overflowX(page), 0, 'no sideways scrolling');
    await page.locator('.rules-map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`rules-1.3-rules-${name}.png`) });
    await page.close();
  }
});
