// Start points (issue 23: komi, a rule set's points for the later seats) in a real browser
// against the real backend. No built-in rule set has them, so the matches are played by
// `wordclub-cli play --rules-file` under the test rule set tests/rules/table-scaled.json
// (seat 2 starts on 3 at two players) into the history the app then opens: the history
// detail and the scoresheet show a Start row before turn 1, every total counts the start
// points, and the end screen has a Start column.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, openApp, reveal, settle, ROOT, CLI, SIZES } from './helpers.js';

const RULES = join(ROOT, 'tests', 'rules', 'table-scaled.json');

/** Plays `script` (one action a line) as Ann (CATEELN) v Ben (SBDGIOO) into the history. */
function play(dir, db, name, script) {
  const file = join(dir, `${name}.txt`);
  writeFileSync(file, script.join('\n'));
  return JSON.parse(execFileSync(CLI, ['play', '--rules-file', RULES, '--players', 'Ann,Ben', '--seed', '3',
    '--racks', 'CATEELN,SBDGIOO', '--bag', 'ARTE', '--script', file, '--db', db]).toString());
}

let browser;
let server;
let finished;
before(async () => {
  browser = await launchBrowser();
  server = await startServer({
    prepare: (dir, db) => {
      // Finished: CAT 3, Ben's S 4 (3 + 4 = 7), ART 4, then six passes.
      finished = play(dir, db, 'finished', ['5D CAT', '5D ...S', 'D5 .ART', ...Array(6).fill('pass')]);
      // In progress: Ann's CAT, Ben to move.
      play(dir, db, 'going', ['5D CAT']);
    },
  });
});
after(async () => {
  await server?.stop();
  await browser?.close();
});

/** Where each line of the progression chart begins (its first point's y; smaller is higher). */
const chartStarts = (page, scope) => page.locator(`${scope} [data-testid=progression-chart] polyline`)
  .evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('points').split(' ')[0].split(',')[1])));

test('the Start row, the totals and the end screen count the start points', async () => {
  assert.deepEqual(finished.result.scores_before_adjustment, [7, 7], `${JSON.stringify(finished.result)}`);
  const page = await openApp(browser, server.url, SIZES[0][1]);

  // The history's detail of the finished match: a Start row, then totals from it.
  await page.locator('[data-nav=history]').first().click();
  await page.getByTestId('history').waitFor();
  await page.getByRole('button', { name: 'Open' }).last().click();
  await page.getByTestId('detail').waitFor();
  const start = await page.getByTestId('detail-start').locator('td').allTextContents();
  assert.deepEqual(start.slice(1, 3), ['Start', 'start points']);
  assert.deepEqual(start.slice(5, 7), ['0', '3']);
  const first = await page.locator('[data-testid=detail-turns] tbody tr[data-turn="2"] td').allTextContents();
  assert.deepEqual(first.slice(4, 7), ['4', '3', '7'], 'Ben\'s S: 4, on top of his 3');
  // The replay's chart: Ben's line begins at his 3 start points, Ann's at 0.
  const [annAt, benAt] = await chartStarts(page, '[data-testid=detail]');
  assert.ok(benAt < annAt, `Ben's line starts above Ann's (${benAt} v ${annAt})`);

  // The match still going, from the start screen: the scoresheet's Start row and totals.
  await page.locator('[data-nav=home]').first().click();
  await page.getByRole('button', { name: /Ann 3, Ben 3/ }).click();
  await reveal(page);
  await settle(page);
  assert.equal(await page.locator('[data-testid=sheet-start] .sheet-totals').textContent(), '0 · 3');
  assert.equal(await page.locator('[data-testid=scoresheet-log] .sheet-row[data-turn="1"] [data-testid=sheet-totals]').textContent(), '3 · 3');

  // Ben resigns: the end screen's Start column, and each score counting it.
  await page.locator('[data-action=resign]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();
  const heads = await page.locator('[data-testid=results] thead th').allTextContents();
  assert.deepEqual(heads.slice(0, 5), ['Player', 'Start', 'Score', 'Adjustment', 'Final']);
  assert.deepEqual(await page.getByTestId('result-start').allTextContents(), ['0', '3']);
  const ben = await page.locator('[data-testid=results] tbody tr').nth(1).locator('td').allTextContents();
  assert.deepEqual(ben.slice(1, 5), ['3', '3', '0', '3']);
  assert.equal(await page.locator('[data-testid=end] [data-testid=sheet-start] .sheet-totals').textContent(), '0 · 3');
  const [annEnd, benEnd] = await chartStarts(page, '[data-testid=end]');
  assert.ok(benEnd < annEnd, `the end chart starts Ben above Ann (${benEnd} v ${annEnd})`);
  assert.deepEqual(page.context().errors, []);
  await page.close();
});
