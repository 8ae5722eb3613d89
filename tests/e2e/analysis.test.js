// Post-game analysis in a real browser against the real backend: the end screen names each
// player's best missed move, its link opens the detail's analysis, and an alternative is drawn
// as a ghost on the step-through board (and removed again), at desktop and tablet sizes.
//
// The match: classic-15, Ann (CATEIOL) v Ben (SNNDBGL). Ann plays CAT through the star, then
// both pass three times (the scoreless ending); the last pass is made in the browser.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api, screenshotPath, dealtMatch, reveal, TEST_CLIENT } from './helpers.js';

let server;
let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });
beforeEach(async () => { server = await startServer({ seed: 9 }); });
afterEach(async () => { await server?.stop(); });

async function ok(command, args) {
  const { status, body } = await api(server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

/** Plays all but the last turn through the API; resolves with the match id. */
async function almostFinished() {
  const id = await dealtMatch(server.url, 'classic-15', ['CATEIOL', 'SNNDBGL']);
  await ok('reveal_rack', { match_id: id });
  await ok('play', { match_id: id, tiles: [{ row: 7, col: 6, letter: 'C' }, { row: 7, col: 7, letter: 'A' }, { row: 7, col: 8, letter: 'T' }] });
  for (let i = 0; i < 5; i++) {
    await ok('reveal_rack', { match_id: id });
    await ok('pass', { match_id: id });
  }
  return id;
}

const MOVE = /[A-Z]+ at (\d+[A-O]|[A-O]\d+) for \d+/;

test('the end screen names each best missed move; an unfinished match has no analysis', async () => {
  const id = await almostFinished();
  // Still going: refused, typed, and the detail says none is available.
  const refused = await api(server.url, 'match_analysis', { match_id: id });
  assert.equal(refused.status, 400);
  assert.equal(refused.body.error.kind, 'match_in_progress');
  assert.equal((await ok('match_detail', { match_id: id })).analysis.available, false);

  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.getByTestId('cover').waitFor();
  await reveal(page);
  await page.locator('[data-action=pass]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();
  const items = page.locator('[data-testid=end-analysis] [data-testid=missed-move]');
  await items.first().waitFor();
  const texts = await items.allTextContents();
  assert.equal(texts.length, 2, texts.join(' | '));
  // Each named in its own heading, never "Your" on a shared screen.
  assert.match(texts[0], /^Ann's biggest miss: /);
  assert.match(texts[1], /^Ben's biggest miss: /);
  // Ben only passed: his best missed move is a real placement with its square and score.
  assert.match(texts[1], MOVE);
  assert.match(texts[1], /— Ben passed \(\d+ points? missed\)/);
  assert.doesNotMatch(texts.join(' '), /\bYour\b/);
  await page.screenshot({ path: screenshotPath('analysis-end-desktop.png') });

  // The link opens the match detail at its analysis, which the history now keeps.
  await page.getByTestId('end-analysis-open').click();
  await page.getByTestId('analysis-summary').waitFor();
  const summary = await page.locator('[data-testid=analysis-summary] tbody tr').allTextContents();
  assert.equal(summary.length, 2);
  assert.match(summary[1], /^Ben/);
  // Ann's average place among the possible moves: whole places once past the tenth.
  const rank = (await ok('match_analysis', { match_id: id })).players[0].average_rank;
  assert.ok(rank >= 10, `CAT ranks far down (${rank})`);
  assert.equal(await page.locator('[data-testid=analysis-summary] tbody tr').first().locator('td').nth(1).textContent(), String(Math.round(rank)));
  assert.equal((await ok('match_detail', { match_id: id })).analysis.ready, true);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [name, width, height] of [['desktop', 1280, 860], ['tablet', 820, 1180]]) {
  test(`${name}: an alternative is drawn as a ghost with its breakdown, and removed`, async () => {
    const id = await almostFinished();
    await ok('reveal_rack', { match_id: id });
    await ok('pass', { match_id: id });
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(server.url);
    await page.locator('nav [data-nav=history]').click();
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByTestId('detail').waitFor();
    await page.getByTestId('analysis-summary').waitFor();
    // Turn 2 (Ben's first pass): open its alternatives and show the first one.
    const cell = page.locator('[data-testid=turn-analysis][data-turn="2"]');
    // Who played what beside the best, in words; the rack Ben held, on his row.
    assert.match(await cell.textContent(), /Ben passed — best was [A-Z]+ at (\d+[A-O]|[A-O]\d+) for (\d+) \(\2 more\)\./);
    assert.match(await cell.getByTestId('turn-rack').textContent(), /^Rack: B D G L N N S$/);
    await cell.locator('summary').click();
    const first = cell.getByTestId('alternative').first();
    const notation = await first.getAttribute('data-move');
    await first.click();
    await page.getByTestId('ghost-info').waitFor();
    const ghosts = page.locator('[data-testid=replay-board] [data-testid=ghost-tile]');
    const placed = notation.split(' ')[1].replaceAll('.', '').length;
    assert.equal(await ghosts.count(), placed, `${notation}: one dashed tile per tile it places`);
    // Over the board before turn 2: CAT is there, the ghost beside it, described in words.
    assert.match(await page.getByTestId('replay-caption').textContent(), /^Before turn 2, with a ghost: /);
    assert.equal(await page.locator('[data-testid=replay-board] [data-square=H8] .tile').textContent(), 'A1');
    const label = await page.locator('[data-testid=replay-board] [data-testid=ghost-tile]').first()
      .evaluate((e) => e.closest('[role=gridcell]').querySelector('.visually-hidden').textContent);
    assert.match(label, /ghost [A-Z]/);
    const info = await page.getByTestId('ghost-info').textContent();
    assert.match(info, /Ghost: .* for \d+/);
    assert.match(info, /Total \d+/);
    await page.getByTestId('ghost-info').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`analysis-ghost-${name}.png`), fullPage: false });
    await page.screenshot({ path: screenshotPath(`analysis-detail-${name}.png`), fullPage: true });
    await page.getByTestId('ghost-remove').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid=ghost-tile]'));
    assert.equal(await page.getByTestId('ghost-info').count(), 0);
    assert.doesNotMatch(await page.getByTestId('replay-caption').textContent(), /ghost/);
    await page.close();
  });
}

test('opening the history analyses past matches in the background, with progress', async () => {
  const ids = [];
  for (let i = 0; i < 3; i++) {
    const id = await almostFinished();
    await ok('reveal_rack', { match_id: id });
    await ok('pass', { match_id: id });
    ids.push(id);
  }
  assert.equal((await ok('analysis_progress', {})).missing, 3);
  // The browser was last on the start screen: a reload on the last match's end screen would
  // reopen it, and its own analysis would race the background's count.
  await ok('remember_screen', { client: TEST_CLIENT, match_id: null });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(server.url);
  await page.locator('nav [data-nav=history]').click();
  await page.getByTestId('history').waitFor();
  // The screen started the work; it finishes on its own and the line goes.
  const started = Date.now();
  let p;
  do {
    p = await ok('analysis_progress', {});
    // While the line shows, it says how far the work is.
    const line = await page.getByTestId('analysis-progress').evaluate((e) => (e.hidden ? null : e.textContent));
    if (line !== null) assert.match(line, /^Analysing past matches in the background: \d of 3/);
    await new Promise((r) => setTimeout(r, 100));
  } while ((p.running || p.missing) && Date.now() - started < 60000);
  assert.equal(p.missing, 0);
  assert.equal(p.done, 3);
  for (const id of ids) assert.equal((await ok('match_detail', { match_id: id })).analysis.ready, true);
  await page.waitForFunction(() => document.querySelector('[data-testid=analysis-progress]')?.hidden);
  await page.close();
});

test('a solo round\'s analysis says a Replace as the round offered it: "replaced", never "exchanged"', async () => {
  const view = await ok('new_match', { rules: 'solo-10', players: [{ name: 'Sol' }] });
  // Sol replaces the rack (the solo exchange), then resigns: the round is over.
  await ok('exchange', { match_id: view.id, tiles: [] });
  await ok('resign', { match_id: view.id, confirm: true });
  const analysis = await ok('match_analysis', { match_id: view.id });
  assert.equal(analysis.turns[0].played.kind, 'exchange', 'the backend records the Replace as an exchange');

  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(server.url);
  await page.locator('nav [data-nav=history]').click();
  await page.getByRole('button', { name: 'Open', exact: true }).first().click();
  await page.getByTestId('detail').waitFor();
  const cell = page.locator('[data-testid=turn-analysis][data-turn="1"]');
  await cell.waitFor();
  const text = await cell.textContent();
  assert.match(text, /Sol replaced /, text);
  assert.doesNotMatch(text, /exchanged/);
  await page.close();
});
