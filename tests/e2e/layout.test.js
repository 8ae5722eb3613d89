// What fits on screen, at desktop and tablet size, in a real browser against the real backend:
// board, cover, rack, controls and preview above the fold, equal squares, and the scores and
// last move in view while placing tiles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, screenshotPath, square, rackTile, reveal, SIZES } from './helpers.js';

const ctx = perTest({ seed: 5 });

/** A match made through the API with fixed racks (the page then opens it at start-up), and a
 *  page on the app. */
const { dealtMatch, openPage } = ctx;

for (const [name, width, height] of [['desktop', 1280, 860], ['tablet', 820, 1180]]) {
  for (const rules of ['wordclub-1.0', 'classic-15']) {
    test(`${name} ${width}×${height}, ${rules}: board, cover, rack, controls and preview fit the screen`, async () => {
      await dealtMatch(rules, ['TRAEIOL', 'SNNDBGL']);
      const page = await ctx.browser.newPage({ viewport: { width, height } });
      await page.goto(ctx.server.url);
      const bottom = async (sel) => { const b = await page.locator(sel).first().boundingBox(); return b.y + b.height; };
      assert.ok(await bottom('[data-testid=reveal]') <= height, '"Show my rack" is above the fold');
      await page.getByTestId('reveal').click();
      await page.getByTestId('rack').waitFor();
      const star = await page.locator('.square.star').evaluate((e) => ({ row: Number(e.dataset.row), col: Number(e.dataset.col) }));
      for (const [i, letter] of ['T', 'R', 'A'].entries()) {
        await rackTile(page, letter).click();
        await square(page, star.row, star.col - 1 + i).click();
      }
      await page.getByTestId('preview-error').waitFor();
      assert.ok(await bottom('[data-action=play]') <= height, 'the Play row is above the fold');
      assert.ok(await bottom('.preview') <= height, 'the preview is on screen');
      const heights = await page.locator('.square').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      // Equal up to sub-pixel rounding (staged tiles once made their row taller).
      assert.ok(Math.max(...heights) - Math.min(...heights) < 1, `every square has the same height: ${Math.min(...heights)}–${Math.max(...heights)}`);
      await page.screenshot({ path: screenshotPath(`fit-${name}-${rules}.png`) });
      await page.close();
    });
  }
}

for (const [name, size, touch] of SIZES) {
  test(`${name}: while placing tiles the scores, the player to move and the bag are on screen`, async () => {
    const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
    // Ann plays CAT through the star, so the scores differ.
    await api(ctx.server.url, 'reveal_rack', { match_id: id });
    const view0 = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
    const [r, c] = [Math.floor(view0.rules.board_size / 2), Math.floor(view0.rules.board_size / 2)];
    const played = await api(ctx.server.url, 'play', {
      match_id: id, tiles: [...'CAT'].map((letter, i) => ({ row: r, col: c - 1 + i, letter, blank: false })),
    });
    assert.equal(played.status, 200, JSON.stringify(played.body));
    const page = await openPage(size, touch);
    await reveal(page);
    const view = played.body; // the backend's view after CAT: scores, bag, who moves next
    const onScreen = async (locator) => {
      if (!await locator.isVisible()) return false;
      const b = await locator.boundingBox();
      return b.y >= 0 && b.y + b.height <= size.height;
    };
    const panel = page.getByTestId('scores');
    const strip = page.getByTestId('score-strip');
    // Either the full panel or the one-line strip is in view, never neither.
    const shown = await onScreen(panel) ? panel : strip;
    assert.ok(await onScreen(shown), 'scores in view');
    const text = await shown.textContent();
    for (const p of view.players) assert.ok(text.includes(p.name) && text.includes(String(p.score)), `${p.name} ${p.score} in "${text}"`);
    assert.ok(text.includes(String(view.bag)), `bag ${view.bag} in "${text}"`);
    assert.equal(await shown.locator('.to-move').count(), 1);
    assert.match(await shown.locator('.to-move').textContent(), new RegExp(view.players[view.to_move].name));
    // The strip only where the panel is out of the way (one copy on a wide screen).
    if (size.width > 860) assert.equal(await strip.isVisible(), false);
    // What was played last is in view too (no cover says it when a computer plays), and the
    // preview and the Play row still fit.
    const last = view.last_move;
    assert.deepEqual(last.words, ['CAT']);
    const lastShown = await onScreen(page.getByTestId('last-move')) ? page.getByTestId('last-move') : page.getByTestId('strip-last-move');
    assert.ok(await onScreen(lastShown), 'last move in view');
    assert.match(await lastShown.textContent(), new RegExp(`${last.name} played CAT for ${last.score}`));
    for (const sel of ['.preview', '[data-action=play]']) {
      const b = await page.locator(sel).first().boundingBox();
      assert.ok(b.y + b.height <= size.height, `${sel} on screen`);
    }
    await page.screenshot({ path: screenshotPath(`walk2-scores-${name}.png`) });
    await page.context().close();
  });
}
