// Readable text (WCAG AA, 4.5:1) in the dark theme, measured in a real browser against the real
// backend: buttons, the Resign button, refusals, the match detail's current turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, screenshotPath, square, rackTile, star, SIZES } from './helpers.js';

const ctx = perTest({ seed: 7 });

/** A match made through the API with fixed racks (the page then opens it at start-up), and a
 *  page on the app. */
const { dealtMatch, openPage } = ctx;

/** WCAG contrast ratio of an element's text against the first opaque background behind it. */
function contrastOf(page, locator) {
  return locator.evaluate((el) => {
    const rgb = (c) => c.match(/[\d.]+/g).map(Number);
    const lum = ([r, g, b]) => {
      const lin = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    let bg = null;
    for (let n = el; n && !bg; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length < 4 || c[3] > 0.9) bg = c;
    }
    bg ??= rgb(getComputedStyle(document.documentElement).backgroundColor);
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });
}

for (const [name, size, touch] of SIZES) {
  test(`${name}, dark theme: buttons, the Resign button and refusals are readable (WCAG AA 4.5:1)`, async () => {
    const saved = await api(ctx.server.url, 'update_settings', { theme: 'dark' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
    const page = await openPage(size, touch);
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const reveal = page.getByTestId('reveal');
    assert.ok(await contrastOf(page, reveal) >= 4.5, `"Show my rack": ${await contrastOf(page, reveal)}`);
    await reveal.click();
    await page.getByTestId('rack').waitFor();
    const resign = page.locator('[data-action=resign]');
    assert.ok(await contrastOf(page, resign) >= 4.5, `Resign: ${await contrastOf(page, resign)}`);
    // One tile on the star is no word yet: the refusal is shown in the danger colour.
    const s = await star(page);
    await rackTile(page, 'C').click();
    await square(page, s.row, s.col).click();
    const refusal = page.getByTestId('preview-error');
    await refusal.waitFor();
    assert.ok(await contrastOf(page, refusal) >= 4.5, `refusal: ${await contrastOf(page, refusal)}`);
    await page.screenshot({ path: screenshotPath(`walk2-dark-${name}.png`) });
    assert.deepEqual(page.context().errors, []);
    await page.context().close();
  });
}

test('dark theme: the match detail\'s current turn number stays readable', async () => {
  await api(ctx.server.url, 'update_settings', { theme: 'dark' });
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  await api(ctx.server.url, 'reveal_rack', { match_id: id });
  await api(ctx.server.url, 'pass', { match_id: id });
  await api(ctx.server.url, 'reveal_rack', { match_id: id });
  await api(ctx.server.url, 'resign', { match_id: id, confirm: true });
  const page = await openPage(SIZES[0][1]);
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await page.locator('nav [data-nav=history]').click();
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByTestId('detail').waitFor();
  const current = page.locator('[data-testid=detail-turns] tbody tr.current button.turn-link');
  assert.equal(await current.count(), 1);
  assert.ok(await contrastOf(page, current) >= 4.5, `current turn number: ${await contrastOf(page, current)}`);
  await page.context().close();
});
