// Carry your history (issue 43) in a real browser at tablet size: the whole history exported
// from one profile ("Export history" downloads the file), imported into a fresh profile on a
// fresh history ("Import a history"): the same matches, move for move; the result said in
// plain words, and the start screen says when the last backup was made. Importing the same
// file again adds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, startServer, openApp, api, TABLET, screenshotPath } from './helpers.js';

const tile = (row, col, letter) => ({ row, col, letter });
const CAT = [tile(4, 3, 'C'), tile(4, 4, 'A'), tile(4, 5, 'T')];

async function ok(url, command, args = {}) {
  const { status, body } = await api(url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

/** Ann v Ben finished (CAT, then Ben resigns), Cy v Dee unfinished after CAT. */
async function playMatches(url) {
  const dealt = async (names) => (await ok(url, 'new_match', {
    rules: 'wordclub-1.0', players: names.map((name) => ({ name })), seed: 3,
    deal: { racks: ['CATEIOL', 'SNNDBGL'], draw_order: 'ARTE' },
  })).id;
  const finished = await dealt(['Ann', 'Ben']);
  await ok(url, 'reveal_rack', { match_id: finished });
  await ok(url, 'play', { match_id: finished, tiles: CAT });
  await ok(url, 'reveal_rack', { match_id: finished });
  await ok(url, 'resign', { match_id: finished, confirm: true });
  const unfinished = await dealt(['Cy', 'Dee']);
  await ok(url, 'reveal_rack', { match_id: unfinished });
  await ok(url, 'play', { match_id: unfinished, tiles: CAT });
}

/** Every match as the backend lists it, with each one's turns: what must be identical. */
async function matches(url) {
  const list = await ok(url, 'match_list', {});
  const out = [];
  for (const m of list.matches) {
    const detail = await ok(url, 'match_detail', { match_id: m.id });
    const row = { ...m };
    for (const field of ['id', 'created_at', 'updated_at', 'finished_at']) delete row[field];
    out.push(JSON.stringify({ row, turns: detail.turns }));
  }
  return out.sort();
}

async function openHistory(page) {
  await page.locator('nav [data-nav=history]').tap();
  await page.getByTestId('history-transfer').waitFor();
}

test('a history exported at tablet size imports into a fresh profile: identical matches', async () => {
  const browser = await launchBrowser();
  const from = await startServer({ seed: 5 });
  const to = await startServer({ seed: 6 });
  try {
    await playMatches(from.url);
    const page = await openApp(browser, from.url, TABLET.options.viewport, true);
    // It opens on the match last started; the start screen is a tap away.
    await page.locator('nav [data-nav=home]').tap();
    assert.match(await page.getByTestId('last-backup').textContent(), /not been exported yet/);
    await openHistory(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-history').tap(),
    ]);
    const file = join(from.dir, 'exported.db');
    await download.saveAs(file);
    assert.match(download.suggestedFilename(), /^wordclub-history-\d{4}-\d{2}-\d{2}\.db$/);
    assert.match(await page.getByTestId('transfer-result').textContent(), /Exported the whole history \(2 matches\)/);
    assert.equal(readFileSync(file).subarray(0, 15).toString(), 'SQLite format 3');
    // The start screen now says when.
    await page.locator('nav [data-nav=home]').tap();
    await page.getByTestId('last-backup').filter({ hasText: 'Last backup' }).waitFor();

    // A fresh profile (a new browser context) on a fresh history.
    const other = await openApp(browser, to.url, TABLET.options.viewport, true);
    await openHistory(other);
    await other.getByTestId('history-empty').waitFor();
    await other.getByTestId('import-file').setInputFiles(file);
    const result = other.getByTestId('transfer-result');
    await result.filter({ hasText: 'Imported' }).waitFor();
    assert.equal(await result.textContent(), "Imported the file's 2 matches: 2 matches added.");
    await other.locator('[data-testid=history] tbody tr').nth(1).waitFor();
    assert.deepEqual(await matches(to.url), await matches(from.url));
    await other.screenshot({ path: screenshotPath('transfer-imported-tablet.png'), fullPage: true });

    // The same file again: one match stays one match.
    await other.getByTestId('import-file').setInputFiles(file);
    await result.filter({ hasText: 'already here' }).waitFor();
    assert.equal(await result.textContent(), "Imported the file's 2 matches: 2 matches already here, unchanged.");
    assert.equal((await ok(to.url, 'match_list', {})).total, 2);

    // Not a history: refused in plain words, nothing changed.
    const notes = join(from.dir, 'notes.txt');
    writeFileSync(notes, 'shopping list: eggs, milk, tiles');
    await other.getByTestId('import-file').setInputFiles(notes);
    await result.filter({ hasText: 'cannot be imported' }).waitFor();
    assert.match(await result.textContent(), /not a Word Club history.*was not changed/);
    assert.equal((await ok(to.url, 'match_list', {})).total, 2);
    assert.deepEqual(page.context().errors, []);
    assert.deepEqual(other.context().errors, []);
  } finally {
    await browser.close();
    await from.stop();
    await to.stop();
  }
});
