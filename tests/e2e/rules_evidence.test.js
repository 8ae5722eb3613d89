// The Rules screen's lab evidence: for a candidate, the charts the lab's report draws
// (`rules_evidence`, from the evidence files shipped), with their figures as a table and
// each chart described in words; at phone, tablet and desktop sizes the charts scale to the
// column and the page never scrolls sideways. The charts arrive as markup from the backend:
// under the app's strict CSP nothing is refused (no console error) and nothing runs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api, openApp, screenshotPath, settle } from './helpers.js';

let browser;
let server;
before(async () => { browser = await launchBrowser(); server = await startServer(); });
after(async () => { await browser?.close(); await server?.stop(); });

const SIZES = [
  ['phone', { width: 390, height: 844 }, true],
  ['tablet', { width: 820, height: 1180 }, true],
  ['tablet-landscape', { width: 1180, height: 820 }, true],
  ['desktop', { width: 1280, height: 800 }, false],
];

const pct = (x) => `${(100 * x).toFixed(1)}%`;

async function openRules(viewport, touch, rules) {
  const page = await openApp(browser, server.url, viewport, touch);
  const menu = page.getByTestId('menu');
  if (await menu.isVisible()) await menu.click();
  await page.locator('nav [data-nav=rules]').click();
  await page.getByTestId('rules-screen').waitFor();
  await page.getByTestId('rules-choice').selectOption(rules);
  return page;
}

test('the backend answers 1.2\'s evidence, and none for 1.0', async () => {
  const { status, body } = await api(server.url, 'rules_evidence', { rules: 'wordclub-1.0' });
  assert.equal(status, 200);
  assert.equal(body.shipped, false);
  assert.match(body.note, /^No lab evidence shipped/);
  const refused = await api(server.url, 'rules_evidence', { rules: 'nope' });
  assert.equal(refused.body.error.kind, 'unknown_rule_set');
});

for (const [name, viewport, touch] of SIZES) {
  test(`${name}: the Rules screen shows 1.2's lab evidence as charts with their figures`, async () => {
    const { body: evidence } = await api(server.url, 'rules_evidence', { rules: 'wordclub-1.2' });
    const hard = evidence.tables.filter((t) => !t.mixed);
    assert.deepEqual(hard.map((t) => t.seats.length), [2, 3, 4]);

    const page = await openRules(viewport, touch, 'wordclub-1.2');
    const section = page.getByTestId('lab-evidence');
    await section.waitFor();
    assert.equal(await section.getByRole('heading', { name: 'Lab evidence' }).count(), 1);

    // The figures table: one row per table size, each seat's share as the backend gives it.
    const rows = section.locator('[data-testid=evidence-figures] tbody tr');
    assert.equal(await rows.count(), 3);
    for (const [i, t] of hard.entries()) {
      const cells = await rows.nth(i).locator('td').allTextContents();
      t.seats.forEach((s, seat) => assert.ok(cells[seat].startsWith(pct(s.win)), `${t.heading} seat ${seat + 1}: ${cells[seat]}`));
    }

    // One seat chart per table size (the lab report's drawing: a bar per seat, its share in
    // data-win), each described in words by the caption it points to.
    const seatCharts = section.locator('[data-testid=evidence-seat-wins] svg');
    assert.equal(await seatCharts.count(), 3);
    for (const [i, t] of hard.entries()) {
      const svg = seatCharts.nth(i);
      const bars = await svg.locator('g[data-seat]').evaluateAll((gs) => gs.map((g) => Number(g.dataset.win)));
      assert.deepEqual(bars, t.seats.map((s) => Number(s.win.toFixed(4))));
      assert.equal(await svg.getAttribute('role'), 'img');
      const described = await svg.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby'))?.textContent ?? '');
      assert.ok(described.includes(t.charts[0].description), described);
    }

    // Every table's other charts are behind its summary: opened, each drawn and described.
    const details = section.locator('details.evidence-table');
    assert.equal(await details.count(), evidence.tables.length);
    const four = section.locator('details.evidence-table[data-players="4"]').first();
    await four.locator('summary').click();
    for (const chart of ['endings', 'length', 'heat-map', 'scores', 'margin']) {
      assert.equal(await four.locator(`[data-chart=${chart}] svg`).count(), 1, chart);
    }
    assert.equal(await four.locator('[data-chart=heat-map] rect[data-square]').count(), 81);
    assert.equal(await four.locator('[data-chart=scores] polyline[data-seat]').count(), 4);
    assert.ok((await four.locator('code').textContent()).startsWith('wordclub-cli lab measure --rules wordclub-1.2'));

    // Readable at this size: no sideways scrolling, every chart within its column, and its
    // text not shrunk below 8 px.
    await settle(page);
    // (The body clips sideways overflow, so each element's box is what tells.)
    const fit = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const column = document.querySelector('[data-testid=rules-screen]').getBoundingClientRect();
      const inside = [...document.querySelectorAll('[data-testid=lab-evidence], [data-testid=lab-evidence] *')]
        .filter((e) => e.getBoundingClientRect().width > 0 && !e.closest('details:not([open]) > :not(summary)'));
      return {
        body: document.body.scrollWidth - width,
        over: inside.map((e) => [e.tagName, e.getBoundingClientRect().right - Math.min(width, column.right)]).filter(([, o]) => o > 0.5),
        scales: [...document.querySelectorAll('[data-testid=lab-evidence] svg')].filter((s) => s.getBoundingClientRect().width > 0)
          .map((s) => s.getBoundingClientRect().width / Number(s.getAttribute('width'))),
      };
    });
    assert.ok(fit.body <= 0, `${name}: the page is ${fit.body}px wider than the screen`);
    assert.deepEqual(fit.over, [], `${name}: wider than the screen's column`);
    for (const scale of fit.scales) assert.ok(12 * scale >= 8, `${name}: chart text drawn at ${12 * scale}px`);
    await section.screenshot({ path: screenshotPath(`rules-evidence-${name}.png`) });

    // A rule set that is no candidate and has no evidence: no section.
    await page.getByTestId('rules-choice').selectOption('wordclub-1.0');
    await page.getByTestId('rules-facts').waitFor();
    await settle(page);
    assert.equal(await page.getByTestId('lab-evidence').count(), 0);
    assert.deepEqual(page.context().errors, []);
    assert.deepEqual(page.context().consoleErrors, []);
    await page.context().close();
  });
}
