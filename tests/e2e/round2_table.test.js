// Issue 22's last open points at the table, in a real browser against the real backend: a
// scoresheet row's hover breakdown closes when any confirmation opens; Enter with no rack
// tile chosen says so in the status region; Abandon from the match screen (the side panel,
// behind the cover or during a turn) asks first, naming the match; the end screen's words are
// their own meaning controls (no empty "?" buttons). Chained the way a hurried player taps:
// no waiting between the taps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, reveal, rackTile, settle, screenshotPath, DESKTOP } from './helpers.js';

const ctx = perTest({ seed: 7 });

async function call(command, args) {
  const { status, body } = await api(ctx.server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

/** A Word Club 1.0 match where Ann has played CAT (E5 F5 G5 → D5 E5 F5): Ben to move. */
async function catPlayed(players = ['Ann', 'Ben']) {
  const racks = ['CATEIOL', 'SNNDBGL', 'REATERS'].slice(0, players.length);
  const start = await call('new_match', { rules: 'wordclub-1.0', players: players.map((name) => ({ name })), deal: { racks } });
  await call('reveal_rack', { match_id: start.id });
  await call('play', { match_id: start.id, tiles: [...'CAT'].map((letter, i) => ({ row: 4, col: 3 + i, letter })) });
  return start.id;
}

const tipShown = (page) => page.evaluate(() => {
  const tip = document.getElementById('hover-tip');
  return Boolean(tip && !tip.hidden && tip.getBoundingClientRect().width > 0);
});

test('a scoresheet row\'s hover breakdown closes as soon as a confirmation opens (pass, resign, abandon)', async () => {
  await catPlayed();
  const page = await ctx.openPage(DESKTOP.options.viewport);
  await reveal(page);
  const row = page.locator('.sheet-row[data-turn="1"] .sheet-turn');
  // No native tooltip: the window system's stays beside a modal dialog (WebKitGTK did).
  assert.equal(await row.getAttribute('title'), null, 'no title tooltip on the row');
  for (const [action, button] of [['pass', '[data-action=pass]'], ['resign', '[data-action=resign]'], ['abandon', '[data-testid=abandon-match]']]) {
    await row.hover();
    await page.getByTestId('hover-tip').waitFor({ state: 'visible' });
    assert.match(await page.getByTestId('hover-tip').textContent(), /^CAT: C\u00a01 \+ A\u00a01 \+ T\u00a01 = 3$/);
    assert.equal(await row.getAttribute('aria-describedby'), 'hover-tip');
    const tip = await page.getByTestId('hover-tip').boundingBox();
    const vp = page.viewportSize();
    assert.ok(tip.x >= 0 && tip.y >= 0 && tip.x + tip.width <= vp.width && tip.y + tip.height <= vp.height, `${action}: the tip is inside the window`);
    // The dialog opens while the mouse is still on the row (no pointer or key event on the
    // way: a click in the page's own script).
    await page.evaluate((css) => document.querySelector(css).click(), button);
    await page.locator('dialog[open]').waitFor();
    assert.equal(await tipShown(page), false, `${action}: the breakdown closed when its dialog opened`);
    await page.screenshot({ path: screenshotPath(`round2-tip-${action}-dialog.png`) });
    await page.getByTestId('confirm-no').click();
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    assert.equal(await tipShown(page), false, `${action}: still closed after Cancel`);
    await page.mouse.move(1, 1);
  }
  // Hurried: hover, then straight to Pass and its confirmation.
  await row.hover();
  await page.locator('[data-action=pass]').click();
  await page.getByTestId('confirm-yes').click();
  assert.equal(await tipShown(page), false);
  await page.getByTestId('cover').filter({ hasText: 'Pass to Ann' }).waitFor();
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('Enter with no rack tile chosen says what to do, in the status region and on screen', async () => {
  await catPlayed();
  const page = await ctx.openPage(DESKTOP.options.viewport);
  await reveal(page);
  const status = page.getByTestId('status');
  // The focus is on the board's cursor after "Show my rack": Enter at once, nothing chosen.
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Choose a rack tile/.test(document.getElementById('status').textContent));
  assert.match(await status.textContent(), /^Choose a rack tile first, or type its letter\./);
  assert.equal(await page.locator('#toast').isVisible(), true, 'said on screen too');
  assert.equal(await page.locator('.tile.staged').count(), 0, 'nothing placed');
  // Hurried: a tile chosen and Enter twice; the first places it, the second says so again.
  await rackTile(page, 'S').click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.locator('.tile.staged').first().waitFor();
  await settle(page);
  assert.equal(await page.locator('.tile.staged').count(), 1, 'one tile placed by the first Enter');
  // (The status region then says the preview that came in after it.)
  assert.match(await page.locator('#toast').textContent(), /^Choose a rack tile first/);
  await page.context().close();
});

test('Abandon from the match screen: behind the cover or during a turn, asked first naming the match', async () => {
  const id = await catPlayed(['Ann', 'Ben', 'Cat']);
  const page = await ctx.openPage(DESKTOP.options.viewport);
  await page.getByTestId('cover').waitFor();
  // Behind the cover (Ben's turn): the dialog names the match; Enter keeps it.
  await page.getByTestId('abandon-match').click();
  await page.locator('dialog[open]').waitFor();
  assert.equal(await page.getByTestId('confirm-text').textContent(),
    'First steps: Ann v Ben v Cat, 1 turn played. It ends with no winner and stays in the history, marked abandoned; it no longer counts in the statistics.');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'confirm-no', 'the focus on "Keep the match"');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));
  await settle(page);
  assert.equal((await call('match_detail', { match_id: id })).summary.status, 'in_progress', 'Enter kept the match');
  // During Ben's turn, tapped through in a hurry: Show my rack, Abandon, Abandon match.
  await page.getByTestId('reveal').click();
  await page.getByTestId('abandon-match').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('history').waitFor();
  assert.equal((await call('match_detail', { match_id: id })).summary.status, 'abandoned');
  assert.match(await page.locator(`[data-testid=history] tbody tr[data-match="${id}"]`).textContent(), /abandoned/i);
  // Reopened after a reload? No: the screen was the history when it reloaded, and the
  // history it stays.
  await page.reload();
  await page.getByTestId('history').waitFor();
  await settle(page);
  assert.equal(await page.getByTestId('match').count(), 0);
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('no Abandon while a computer plays, nor once the match is over', async () => {
  const start = await call('new_match', { rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Hal', computer: 'easy' }], deal: { racks: ['CATEIOL', 'SNNDBGL'] } });
  const page = await ctx.openPage(DESKTOP.options.viewport);
  await reveal(page);
  assert.equal(await page.getByTestId('abandon-match').count(), 1);
  await page.locator('[data-action=resign]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();
  assert.equal(await page.getByTestId('abandon-match').count(), 0);
  assert.equal((await call('match_detail', { match_id: start.id })).summary.status, 'finished');
  await page.context().close();
});

for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', DESKTOP.options.viewport]]) {
  test(`${name}: the end screen's words are their own meaning controls, none an empty "?"`, async () => {
    const id = await catPlayed();
    await call('reveal_rack', { match_id: id });
    await call('play', { match_id: id, tiles: [{ row: 4, col: 6, letter: 'S' }] });
    await call('reveal_rack', { match_id: id });
    const page = await ctx.openPage(viewport, name === 'phone');
    await reveal(page);
    await page.locator('[data-action=resign]').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('end').waitFor();
    await page.locator('[data-testid=end-analysis][aria-busy=false]').waitFor({ timeout: 60000 });
    // The phone's scoresheet strip opened: its rows too.
    const sheet = page.locator('[data-testid=end] [data-testid=scoresheet]');
    if (await sheet.isVisible() && !await sheet.evaluate((e) => e.open)) await sheet.getByTestId('scoresheet-toggle').click();
    const controls = await page.locator('[data-testid=end] [data-testid=define-button]').evaluateAll((els) => els
      .filter((e) => e.checkVisibility())
      .map((e) => ({ text: e.innerText.trim(), label: e.getAttribute('aria-label') })));
    assert.ok(controls.length >= 2, `meaning controls on the end screen: ${JSON.stringify(controls)}`);
    for (const c of controls) {
      assert.match(c.text, /^[A-Z]+(, [A-Z]+)*$/, `a word as its own control, not an empty button: ${JSON.stringify(c)}`);
      assert.equal(c.label, `Meaning of ${c.text}`);
    }
    // The biggest miss names the best word, and that word is the control.
    const miss = page.getByTestId('missed-move').first();
    const missControl = miss.getByTestId('define-button');
    if (await missControl.count()) {
      const word = (await missControl.textContent()).trim();
      assert.match(await miss.textContent(), new RegExp(`: ${word} at \\S+ for \\d+ on turn`));
    }
    await page.screenshot({ path: screenshotPath(`round2-end-words-${name}.png`), fullPage: true });
    // A word opens its meaning.
    await page.locator('[data-testid=end] [data-testid=define-button]:visible').first().click();
    await page.getByTestId('define-popover').locator('[data-testid=definition]').first().waitFor();
    await page.context().close();
  });
}
