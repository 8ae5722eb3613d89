// Screen readers and the keyboard, in a real browser against the real backend: axe-core (from
// npm) checks every screen at desktop and phone size with 0 violations of serious or critical
// impact; the board is an ARIA grid of rows with one tab stop, the rack one tab stop moved
// along with the arrow keys; one polite status region says what happened; and a whole turn is
// played with the keyboard alone, the focus landing where the next step is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { perTest, api, reveal, rackTile, square, screenshotPath, settle, ROOT } from './helpers.js';

const ctx = perTest({ seed: 13 });
const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const SIZES = [['desktop', { width: 1280, height: 800 }, false], ['phone', { width: 390, height: 844 }, true]];

/** axe's serious and critical violations on the page as it is now, one line each. */
async function violations(page) {
  // Through the DevTools protocol, so the page's strict CSP does not stop the script.
  if (!await page.evaluate(() => Boolean(globalThis.axe))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const { violations: found } = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return found.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes[0].target.join(' ')}: ${v.nodes[0].failureSummary.split('\n')[1]?.trim()}`);
  });
}

async function expectClean(page, where, found) {
  const list = await violations(page);
  if (list.length) found.push(`${where}:\n    ${list.join('\n    ')}`);
}

for (const [name, viewport, touch] of SIZES) {
  for (const theme of ['light', 'dark']) {
    test(`${name}, ${theme} theme: axe finds no serious or critical violation on any screen`, async () => {
      await api(ctx.server.url, 'update_settings', { theme });
      // A finished match for the history, its detail and the statistics.
      const done = await ctx.dealtMatch('wordclub-1.0', ['CATERES', 'SNNDBGL']);
      await api(ctx.server.url, 'reveal_rack', { match_id: done });
      await api(ctx.server.url, 'play', { match_id: done, tiles: [...'CAT'].map((letter, i) => ({ row: 4, col: 3 + i, letter })) });
      await api(ctx.server.url, 'reveal_rack', { match_id: done });
      await api(ctx.server.url, 'resign', { match_id: done, confirm: true });
      // The classic board (every premium) with a blank on the rack, opened at start-up.
      await ctx.dealtMatch('classic-15', ['CATERS?', 'NNDBGLI']);
      const page = await ctx.openPage(viewport, touch);
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
      const found = [];
      await page.getByTestId('cover').waitFor();
      await expectClean(page, 'match, covered', found);
      await reveal(page);
      await expectClean(page, 'match, rack shown', found);
      await page.locator('[data-action=exchange]').click();
      await page.locator('dialog[open]').waitFor();
      await expectClean(page, 'exchange dialog', found);
      await page.locator('dialog').getByRole('button', { name: 'Cancel' }).click();
      await rackTile(page, '?').click();
      await square(page, 7, 7).click();
      await page.locator('dialog[open] [data-letter]').first().waitFor();
      await expectClean(page, 'blank picker', found);
      await page.locator('dialog [data-letter=S]').click();
      await page.getByTestId('preview-error').waitFor();
      await expectClean(page, 'match, a tile staged', found);
      const nav = async (screen, ready) => {
        // On a phone the top navigation sits behind its menu button.
        const menu = page.getByTestId('menu');
        if (await menu.isVisible()) await menu.click();
        await page.locator(`nav [data-nav=${screen}]`).click();
        await ready.waitFor();
      };
      await nav('home', page.getByTestId('new-match'));
      await expectClean(page, 'home / new match', found);
      await nav('history', page.getByTestId('history'));
      await page.locator('[data-testid=history] tbody tr').first().waitFor();
      await expectClean(page, 'history list', found);
      await page.getByRole('button', { name: 'Open' }).click();
      await page.getByTestId('detail').waitFor();
      await expectClean(page, 'history detail', found);
      await nav('stats', page.getByTestId('stats'));
      await expectClean(page, 'statistics', found);
      await nav('rules', page.getByTestId('rules-screen'));
      await expectClean(page, 'rules', found);
      // A candidate's lab evidence: its figures table and every chart, each table's opened.
      await page.getByTestId('rules-choice').selectOption('wordclub-1.2');
      await page.getByTestId('lab-evidence').waitFor();
      for (const summary of await page.locator('details.evidence-table summary').all()) await summary.click();
      await expectClean(page, 'rules, lab evidence', found);
      await nav('checker', page.getByRole('heading', { name: 'Word checker' }));
      await expectClean(page, 'word checker', found);
      await nav('settings', page.getByTestId('settings'));
      await expectClean(page, 'settings', found);
      // The end screen: the classic match resigned from its own screen.
      await nav('history', page.getByTestId('history'));
      await page.getByRole('button', { name: 'Continue' }).click();
      await reveal(page);
      await page.locator('[data-action=resign]').click();
      await page.getByTestId('confirm-yes').click();
      await page.getByTestId('end').waitFor();
      await expectClean(page, 'end', found);
      await page.screenshot({ path: screenshotPath(`a11y-${name}-${theme}-end.png`) });
      assert.deepEqual(found, [], `axe, ${name}, ${theme}:\n  ${found.join('\n  ')}`);
      await page.context().close();
    });
  }
}

/** What the status region says once it has said something new. */
async function nextAnnouncement(page, previous) {
  await page.waitForFunction((p) => {
    const t = document.getElementById('status')?.textContent ?? '';
    return t !== '' && t !== p;
  }, previous);
  return page.getByTestId('status').textContent();
}

/** The name a screen reader gives an element: its text, less what is hidden from it. */
const spokenName = (locator) => locator.evaluate((e) => {
  const copy = e.cloneNode(true);
  copy.querySelectorAll('[aria-hidden=true]').forEach((x) => x.remove());
  return e.getAttribute('aria-label') ?? copy.textContent.trim();
});

const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return { tag: e?.tagName ?? null, square: e?.dataset.square ?? null, index: e?.dataset.index ?? null, testid: e?.dataset.testid ?? null, action: e?.dataset.action ?? null };
});

test('desktop: a whole turn by keyboard alone, with the board and rack one tab stop each, and the status region saying what happened', async () => {
  const id = await ctx.dealtMatch('wordclub-1.0', ['CATERES', 'SNNDBGL']);
  const page = await ctx.openPage({ width: 1280, height: 800 });
  await page.getByTestId('cover').waitFor();
  // Markup: one live region, and it is not <main>; the toast is no second one.
  assert.equal(await page.locator('[aria-live], [role=status], [role=alert]').count(), 1);
  assert.equal(await page.locator('main[aria-live]').count(), 0);
  // The match opens with the focus on "Show my rack" (not on <body>, Tabs away from it):
  // Enter shows the rack, and the focus goes onto the board's cursor (the star).
  assert.equal((await focused(page)).testid, 'reveal', 'the match screen opens with the focus on "Show my rack"');
  await page.keyboard.press('Enter');
  await page.getByTestId('rack').waitFor();
  await page.waitForFunction(() => document.activeElement?.dataset.square === 'E5');

  // The grid: rows of cells, one of them in the Tab order, cells named by square and premium.
  assert.equal(await page.locator('[data-testid=board] > [role=row]').count(), 9);
  assert.equal(await page.locator('[data-testid=board] [role=row] > [role=gridcell]').count(), 81);
  assert.equal(await page.locator('[data-testid=board] [tabindex="0"]').count(), 1);
  assert.equal(await spokenName(square(page, 4, 4)), 'E5, star, cursor, across');
  // The rack: one tab stop; the arrows move along it.
  assert.equal(await page.locator('[data-testid=rack] [tabindex="0"]').count(), 1);
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).index, '0', 'Tab goes from the board to the rack');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal((await focused(page)).index, '2', 'the arrows move along the rack');
  assert.equal(await page.locator('[data-testid=rack] [tabindex="0"]').count(), 1);
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused(page)).square, 'E5', 'Shift+Tab goes back to the board, one stop');

  // Type CAT from the star; the preview is said, then Ctrl+Enter plays it.
  await page.keyboard.type('cat');
  await page.waitForFunction(() => document.querySelectorAll('.square .tile.staged').length === 3);
  assert.equal(await spokenName(square(page, 4, 4)), 'E5, C, staged');
  const preview = await nextAnnouncement(page, '');
  assert.equal(preview, 'Preview: CAT for 3');
  await page.keyboard.press('Control+Enter');
  await page.getByTestId('cover').waitFor();
  const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
  const [at] = view.last_move.notation.split(' ');
  assert.equal(await nextAnnouncement(page, preview), `Ann played CAT at ${at} for 3. Pass to Ben.`);
  // The focus waits on "Show my rack" for the next player.
  assert.equal((await focused(page)).testid, 'reveal');
  await page.screenshot({ path: screenshotPath('a11y-keyboard-turn.png') });
  await page.context().close();
});

test('desktop: a refused move is said as "Not played: …", and a pass and closing a dialog leave the focus somewhere sensible', async () => {
  await ctx.dealtMatch('wordclub-1.0', ['CATERES', 'SNNDBGL']);
  const page = await ctx.openPage({ width: 1280, height: 800 });
  await reveal(page);
  await page.keyboard.type('ct');
  // The lone C was refused first: wait for the refusal of CT.
  await page.getByTestId('preview-error').filter({ hasText: 'CT' }).waitFor();
  const refusal = await page.getByTestId('preview-error').textContent();
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Not played: '));
  assert.equal(await page.getByTestId('status').textContent(), `Not played: ${refusal}`);
  // The exchange dialog opened from the keyboard and cancelled: the focus is back on Exchange.
  await page.keyboard.press('Escape');
  await page.locator('[data-action=exchange]').focus();
  await page.keyboard.press('Enter');
  await page.locator('dialog[open]').waitFor();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));
  assert.equal((await focused(page)).action, 'exchange');
  // Pass from the keyboard: it asks first, with the focus on the safe choice (Enter there
  // cancels); confirmed, the focus goes to the cover's "Show my rack", never to <body>.
  await page.locator('[data-action=pass]').focus();
  await page.keyboard.press('Enter');
  await page.locator('dialog[open]').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'confirm-no');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));
  assert.equal(await page.getByTestId('cover').count(), 0, 'Enter on the safe choice did not pass');
  await page.locator('[data-action=pass]').focus();
  await page.keyboard.press('Enter');
  await page.locator('dialog[open]').waitFor();
  await page.getByTestId('confirm-yes').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('cover').waitFor();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'reveal');
  await page.waitForFunction(() => document.getElementById('status').textContent !== '');
  assert.equal(await page.getByTestId('status').textContent(), 'Ann passed. Pass to Ben.');
  await page.context().close();
});

test('desktop: an Enter held down from Play does not show the next player\'s rack; a fresh press does', async () => {
  await ctx.dealtMatch('wordclub-1.0', ['CATERES', 'SNNDBGL']);
  const page = await ctx.openPage({ width: 1280, height: 800 });
  await reveal(page);
  await page.keyboard.type('cat');
  await page.getByTestId('preview-total').waitFor();
  await page.locator('[data-action=play]').focus();
  // Enter pressed on Play and held: the key repeats once the focus is on "Show my rack".
  await page.keyboard.down('Enter');
  await page.getByTestId('cover').waitFor();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'reveal');
  await page.keyboard.down('Enter'); // a repeat (the key never went up)
  await page.keyboard.down('Enter');
  await settle(page);
  assert.equal(await page.getByTestId('rack').count(), 0, 'the cover stays');
  await page.keyboard.up('Enter');
  await page.keyboard.press('Enter');
  await page.getByTestId('rack').waitFor();
  await page.context().close();
});
