// The end of a match in a real browser against the real backend: a resignation, who went out,
// the score chart, a solo round's end, and the way from the end screen to the final board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, screenshotPath, square, rackTile, reveal, openAndReveal, star, SIZES } from './helpers.js';

const ctx = perTest({ seed: 7 });

/** A match made through the API with fixed racks (the page then opens it at start-up), and a
 *  page on the app. */
const { dealtMatch, openPage } = ctx;

test('a resignation reads well at the end and in the history', async () => {
  await dealtMatch('wordclub-1.0', ['TRAEIOL', 'SNNDBGL']);
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page, ctx.server.url);
  await page.locator('[data-action=resign]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();
  assert.equal(await page.getByTestId('end-reason').textContent(), 'The match ended by resignation.');
  assert.equal(await page.locator('[data-testid=end] h1').textContent(), 'Ben wins');

  // History: the list's name, and a detail with names, final scores and the winner.
  await page.locator('[data-testid=end] [data-nav=history]').click();
  await page.getByTestId('history').waitFor();
  assert.equal(await page.locator('[data-testid=history] tbody td').nth(2).textContent(), 'Word Club list 4');
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByTestId('detail').waitFor();
  const players = await page.locator('[data-testid=detail] table').last().locator('tbody tr td:nth-child(2)').allTextContents();
  assert.deepEqual(players, ['Ann'], 'the one turn (a resignation) names its player');
  const results = await page.locator('[data-testid=detail-results] tbody tr').allTextContents();
  assert.equal(results.length, 2);
  assert.match(results[1], /^Ben.*Winner$/);
  await page.close();
});

test('the end screen\'s chart has a score scale up to the top score, the turn count and a legend', async () => {
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await openPage(SIZES[0][1]);
  await reveal(page);
  const s = await star(page);
  for (const [i, letter] of ['C', 'A', 'T'].entries()) {
    await rackTile(page, letter).click();
    await square(page, s.row, s.col + i).click();
  }
  await page.getByTestId('preview-total').waitFor();
  await page.locator('[data-action=play]').click();
  await page.getByTestId('reveal').click();
  await page.locator('[data-action=resign]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();

  const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
  const progression = view.result.progression;
  const top = Math.max(...progression.flat());
  assert.ok(top > 0, 'CAT scored');
  assert.equal(await page.getByTestId('chart-top').textContent(), String(top));
  // The lines end at the final scores: one point per turn, then one for the end adjustments.
  assert.equal(await page.getByTestId('chart-turns').textContent(), String(view.turns.length));
  assert.equal(Math.max(...progression.map((p) => p.length)), view.turns.length + 1);
  assert.deepEqual(progression.map((p) => p.at(-1)), view.result.players.map((p) => p.score));
  // On the chart too: each line's last point is its final score, one step after the last turn.
  const label = await page.getByTestId('progression-chart').getAttribute('aria-label');
  assert.equal(label, `Score progression, final scores: ${view.result.players.map((p) => `${p.name} ${p.score}`).join(', ')}`);
  const ends = await page.locator('[data-testid=progression-chart] polyline').evaluateAll((lines) => lines.map((l) => l.getAttribute('points').split(' ').length));
  assert.deepEqual(ends, progression.map((p) => p.length + 1), 'the origin, one point per turn, the final point');
  await page.getByTestId('chart-end').waitFor();
  await page.getByTestId('final-board').waitFor();
  assert.match(await page.getByTestId('best-turn').textContent(), /^Best turn: Ann: CAT at \d[A-I] for 3$/);
  const legend = await page.getByTestId('chart-legend').textContent();
  for (const p of view.result.players) assert.ok(legend.includes(`${p.name} (`), legend);
  // The legend gives no number (the results table and the chart's label give the scores).
  assert.doesNotMatch(legend, /\d/);
  // The chart fits beside the results, not a screen-tall drawing.
  const box = await page.getByTestId('progression-chart').boundingBox();
  assert.ok(box.height <= 320, `chart height ${box.height}`);
  assert.ok(await page.locator('[data-testid=end] [data-nav=home]').boundingBox().then((b) => b.y + b.height <= 860), 'New match is above the fold');
  await page.screenshot({ path: screenshotPath('walk2-end-chart.png'), fullPage: true });
  await page.context().close();
});

test('the end screen names who went out and opens the final board and turns', async () => {
  const { status, body } = await api(ctx.server.url, 'new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Bot', computer: 'hard' }],
  });
  assert.equal(status, 200, JSON.stringify(body));
  const id = body.id;
  const page = await openPage(SIZES[0][1]);
  // Opened on a (re)loaded page: behind the cover even at a one-person table (issue 22).
  await reveal(page);
  // Ann passes every turn; the computer plays until the match ends (it goes out or the turns
  // run scoreless).
  for (let turn = 0; turn < 60; turn++) {
    await page.locator('[data-testid=end], [data-action=pass]:not([disabled])').first().waitFor({ timeout: 60000 });
    if (await page.getByTestId('end').count()) break;
    await page.locator('[data-action=pass]').click();
    await page.getByTestId('confirm-yes').click();
    await page.waitForFunction(() => !document.querySelector('[data-action=pass]') || document.querySelector('[data-testid=end]'));
  }
  await page.getByTestId('end').waitFor();
  const result = (await api(ctx.server.url, 'match_view', { match_id: id })).body.result;
  const reason = await page.getByTestId('end-reason').textContent();
  if (result.reason === 'went_out') {
    // The backend names the seat; by SPEC that player gains the sum of the others' racks.
    const out = result.players.find((p) => p.seat === result.went_out);
    assert.ok(out, JSON.stringify(result));
    assert.ok(out.adjustment >= 0, JSON.stringify(result.players));
    assert.equal(reason, `${out.name} used their last tile with the bag empty.`);
  } else {
    assert.doesNotMatch(reason, /used their last tile/);
  }
  await page.screenshot({ path: screenshotPath('walk2-end-went-out.png') });

  await page.getByTestId('end-details').click();
  await page.getByTestId('detail').waitFor();
  const detail = (await api(ctx.server.url, 'match_detail', { match_id: id })).body;
  assert.equal(await page.locator('[data-testid=detail-turns] tbody tr').count(), detail.turns.length);
  await page.context().close();
});

test('solo: the end screen says all the turns are played, and shows no Hints column (solo has no hints)', async () => {
  const { body } = await api(ctx.server.url, 'new_match', { rules: 'solo-10', players: [{ name: 'Sol' }] });
  let view = body;
  assert.ok(view.turn_limit > 1, JSON.stringify(view.turn_limit));
  while (view.turns_left > 1) {
    const r = await api(ctx.server.url, 'exchange', { match_id: view.id, tiles: [] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    view = r.body;
  }
  const rules = (await api(ctx.server.url, 'rule_sets')).body.find((r) => r.id === 'solo-10');
  assert.deepEqual(rules.hints, []);
  const page = await openPage(SIZES[1][1], true);
  await page.getByTestId('reveal').tap();
  await page.locator('[data-action=exchange]').tap();
  // Replace spends a turn: it is confirmed first.
  await page.getByTestId('confirm-yes').tap();
  await page.getByTestId('end').waitFor();
  const result = (await api(ctx.server.url, 'match_view', { match_id: view.id })).body.result;
  assert.equal(result.reason, 'turn_limit');
  assert.equal(await page.getByTestId('end-reason').textContent(), `All ${view.turn_limit} turns are played.`);
  const headers = await page.locator('[data-testid=results] th').allTextContents();
  assert.deepEqual(headers, ['Player', 'Score', 'Adjustment', 'Final']);
  await page.context().close();
});

test('a final score below 0 is drawn where it is: the chart\'s scale reaches down to it, with 0 marked', async () => {
  // Six passes end a classic match; each rack's value is then taken off its player's 0. Five
  // through the API, the last on the page, which then shows the end.
  const id = await dealtMatch('classic-15', ['CATEIOL', 'SNNDBGL']);
  for (let i = 0; i < 5; i++) {
    await api(ctx.server.url, 'reveal_rack', { match_id: id });
    assert.equal((await api(ctx.server.url, 'pass', { match_id: id })).status, 200);
  }
  const page = await openPage(SIZES[0][1]);
  await reveal(page);
  await page.locator('[data-action=pass]').click();
  await page.getByTestId('confirm-yes').click();
  const chart = page.locator('[data-testid=end] [data-testid=progression-chart]');
  await chart.waitFor();
  const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
  const finals = view.result.players.map((p) => p.score);
  assert.ok(Math.max(...finals) < 0, `both end below 0: ${finals}`);
  assert.equal(await chart.getByTestId('chart-low').textContent(), String(Math.min(...finals)));
  const zero = Number(await chart.getByTestId('chart-zero').getAttribute('y1'));
  const lastY = await chart.locator('polyline').evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('points').split(' ').at(-1).split(',')[1])));
  // SVG y grows downwards: each line ends below the 0 line, the lowest at the scale's foot.
  for (const y of lastY) assert.ok(y > zero, `a line ends at ${y}, the 0 line is at ${zero}`);
  const foot = Number(await chart.locator('.chart-axis').first().getAttribute('y1'));
  assert.equal(Math.max(...lastY).toFixed(1), foot.toFixed(1));
  await page.screenshot({ path: screenshotPath('end-chart-below-zero.png') });
  await page.context().close();
});
