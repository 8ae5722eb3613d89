// The rules lab's picture page: `wordclub-cli lab measure … --report FILE.html` writes one
// self-contained page, opened here from disk in Chromium: every chart is drawn for every
// table measured, nothing is fetched from anywhere, and no script runs or fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI, SCREENSHOTS, launchBrowser } from './helpers.js';

let browser;
let dir;
before(async () => { browser = await launchBrowser(); dir = mkdtempSync(join(tmpdir(), 'wordclub-report-')); });
after(async () => { await browser?.close(); rmSync(dir, { recursive: true, force: true }); });

test('lab measure --report writes a page with seat wins per table size, endings, lengths, a heat map and scores', async () => {
  const page = join(dir, 'lab.html');
  const out = execFileSync(CLI, [
    'lab', 'measure', '--rules', 'wordclub-1.2', '--games', '12', '--seed', '5',
    '--players', 'hard,hard;hard,medium,easy;hard,hard,hard,hard', '--report', page, '--json',
  ], { encoding: 'utf8' });
  const tables = JSON.parse(out).tables;
  assert.equal(tables.length, 3);

  const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  const requests = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  tab.on('request', (r) => requests.push(r.url()));
  await tab.goto(pathToFileURL(page).href);
  // Self-contained: the page itself is the only thing loaded.
  assert.deepEqual(requests, [pathToFileURL(page).href]);
  assert.deepEqual(errors, []);
  assert.equal(await tab.locator('script').count(), 0);

  // Seat wins: one bar per seat of every table (2 + 3 + 4), each the share the JSON gives.
  const bars = await tab.locator('[data-chart=seat-wins] g[data-seat]').evaluateAll((gs) =>
    gs.map((g) => [Number(g.dataset.players), Number(g.dataset.seat), Number(g.dataset.win)]));
  assert.equal(bars.length, 9);
  for (const [players, seat, win] of bars) {
    const m = tables.find((t) => t.per_seat.length === players);
    assert.ok(Math.abs(m.per_seat[seat - 1].win.rate - win) < 1e-4, `${players} players, seat ${seat}`);
  }
  // Every table has its section with each chart; the 9×9 heat map has 81 squares, and the
  // centre square (the star, covered by every first move) is the darkest.
  for (const players of [2, 3, 4]) {
    const section = tab.locator(`section[data-table="${players}"]`);
    for (const chart of ['endings', 'length', 'heat-map', 'scores', 'margin']) {
      assert.equal(await section.locator(`[data-chart=${chart}] svg`).count(), 1, `${players}: ${chart}`);
    }
    const squares = section.locator('[data-chart=heat-map] rect[data-square]');
    assert.equal(await squares.count(), 81);
    const opacity = await squares.evaluateAll((rs) => Object.fromEntries(rs.map((r) => [r.dataset.square, Number(r.getAttribute('fill-opacity'))])));
    assert.equal(Math.max(...Object.values(opacity)), opacity['4,4']);
    assert.equal(await section.locator('[data-chart=scores] polyline[data-seat]').count(), players);
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  await tab.screenshot({ path: join(SCREENSHOTS, 'lab-report.png'), fullPage: true });
  await tab.setViewportSize({ width: 390, height: 844 });
  await tab.screenshot({ path: join(SCREENSHOTS, 'lab-report-phone.png') });
  await tab.close();
});

test('lab search --report draws the Pareto front, the best variant first', async () => {
  const page = join(dir, 'search.html');
  const out = execFileSync(CLI, [
    'lab', 'search', '--base', 'wordclub-1.1', '--vary', 'bag=0.5,1', '--target', 'bag_emptied>=95%',
    '--players', 'greedy,greedy', '--games', '10', '--batch', '10', '--report', page, '--json',
  ], { encoding: 'utf8' });
  const report = JSON.parse(out);
  const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await tab.goto(pathToFileURL(page).href);
  const headings = await tab.locator('section[data-table] h2').allTextContents();
  assert.equal(headings.length, report.pareto_front.length);
  assert.match(headings[0], new RegExp(`^variant ${report.best + 1} \\(best\\)`));
  assert.equal(await tab.locator('[data-chart=seat-wins] g[data-seat]').count(), 2 * report.pareto_front.length);
  await tab.close();
});

test('lab search --report across table sizes draws every table of each front variant', async () => {
  const page = join(dir, 'search-tables.html');
  const out = execFileSync(CLI, [
    'lab', 'search', '--base', 'wordclub-1.2', '--vary', 'at3.start=0,4', '--target', 'worst_seat<=40% went_out>=50%@3',
    '--players', 'greedy,greedy;greedy,greedy,greedy', '--games', '10', '--batch', '10', '--report', page, '--json',
  ], { encoding: 'utf8' });
  const report = JSON.parse(out);
  const front = report.pareto_front.length;
  const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await tab.goto(pathToFileURL(page).href);
  const headings = await tab.locator('section[data-table] h2').allTextContents();
  assert.equal(headings.length, 2 * front);
  assert.match(headings[0], new RegExp(`^variant ${report.best + 1} \\(best\\).* at greedy,greedy$`));
  assert.match(headings[1], / at greedy,greedy,greedy$/);
  // Two seats at two players and three at three, for each variant on the front.
  assert.equal(await tab.locator('[data-chart=seat-wins] g[data-seat]').count(), 5 * front);
  assert.equal(await tab.locator('[data-chart=seat-wins] g[data-players="3"]').count(), 3 * front);
  await tab.close();
});
