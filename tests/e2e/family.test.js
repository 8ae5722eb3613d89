// What a family asked for (issue 22), in a real browser against the real backend, by finger
// at tablet size and by mouse on a desktop: taking a move back behind the cover (and the
// move standing once the next player shows their rack), abandoning and deleting unfinished
// matches from the history (each asked first, naming the match, the focus on the safe
// choice), resigned players marked in the history list, the winner moment at the end and
// the unseen-tiles grid, screenshotted at a phone, a tablet and a desktop size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { perTest, api, screenshotPath, square, rackTile, reveal, settle, SIZES, ROOT } from './helpers.js';

const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** axe's serious and critical violations on the page as it is now (as a11y.test.js runs it). */
async function axeProblems(page) {
  if (!await page.evaluate(() => Boolean(globalThis.axe))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const { violations } = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`);
  });
}

const ctx = perTest({ seed: 11 });
const { openPage } = ctx;

async function ok(command, args) {
  const { status, body } = await api(ctx.server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

/** Ann (CATEIOL) v Ben (SNNDBGL) at Word Club 1.0, A R T E drawn next; take-backs as asked. */
async function dealt({ takeBacks = true, players = ['Ann', 'Ben'] } = {}) {
  const racks = ['CATEIOL', 'SNNDBGL', 'AAERRST'].slice(0, players.length);
  const view = await ok('new_match', {
    rules: 'wordclub-1.0', players: players.map((name) => ({ name })),
    deal: { racks, draw_order: 'ARTE' }, allow_take_backs: takeBacks,
  });
  return view.id;
}

/** A press as the size's person makes it: a finger tap on the tablet, a click on the desktop. */
const press = (locator, touch) => (touch ? locator.tap() : locator.click());

/** Places CAT across the star (D5–F5) tile by tile, rack tile then square, and plays it. */
async function playCat(page, touch) {
  for (const [i, letter] of ['C', 'A', 'T'].entries()) {
    await press(rackTile(page, letter), touch);
    await press(square(page, 4, 3 + i), touch);
  }
  await page.getByTestId('preview-total').waitFor();
  await press(page.locator('[data-action=play]'), touch);
  await page.getByTestId('cover').waitFor();
}

const rackText = (page) => page.locator('[data-testid=rack] .tile').evaluateAll((ts) => ts.map((t) => t.dataset.letter).sort().join(''));

for (const [name, viewport, touch] of SIZES) {
  test(`${name}: Ann takes her move back behind the cover; once Ben shows his rack it stands`, async () => {
    const id = await dealt();
    const page = await openPage(viewport, touch);
    await reveal(page);
    const before = await rackText(page);
    await playCat(page, touch);
    // "Pass to Ben", and Ann may still take CAT back.
    const takeBack = page.getByTestId('take-back');
    assert.equal(await takeBack.textContent(), "Take back Ann's move");
    await page.screenshot({ path: screenshotPath(`family-take-back-cover-${name}.png`) });
    assert.deepEqual(await axeProblems(page), [], 'the cover with its take-back');
    await press(takeBack, touch);
    // Asked first, as Resign and Pass are (issue 45).
    await press(page.getByTestId('confirm-yes'), touch);
    await page.waitForFunction(() => document.querySelector('[data-testid=cover] h1')?.textContent === 'Pass to Ann');
    // Struck through on the scoresheet and in the recap; the board is empty again.
    const row = page.locator('.sheet-row.taken-back');
    assert.equal(await row.count(), 1);
    assert.match(await row.textContent(), /CAT 3 \(taken back\)/);
    assert.equal(await row.locator('del').first().textContent(), 'CAT 3');
    assert.match(await page.getByTestId('recap').textContent(), /Ann: CAT 3 \(taken back\)/);
    assert.equal(await page.locator('[data-testid=board] .square .tile').count(), 0);
    // The same rack again: the bag is as it was.
    await reveal(page);
    assert.equal(await rackText(page), before);
    await page.screenshot({ path: screenshotPath(`family-take-back-after-${name}.png`) });
    assert.deepEqual(await axeProblems(page), [], 'a struck-through row on the scoresheet');
    // Played again; Ben shows his rack, so it stands: no take-back on his screen, and the
    // backend refuses a forged one.
    await playCat(page, touch);
    assert.equal(await page.getByTestId('take-back').count(), 1);
    await reveal(page);
    await settle(page);
    assert.equal(await page.getByTestId('take-back').count(), 0);
    const forged = await api(ctx.server.url, 'take_back', { match_id: id, player: 0 });
    assert.equal(forged.status, 400);
    assert.equal(forged.body.error.kind, 'take_back_closed');
    assert.equal((await api(ctx.server.url, 'match_view', { match_id: id })).body.turns.length, 2, 'nothing changed');
    assert.deepEqual(page.context().errors, []);
    await page.close();
  });

  test(`${name}: abandon then delete unfinished matches from the history, each asked first`, async () => {
    const first = await dealt({ players: ['Ann', 'Ben'] });
    const second = await dealt({ players: ['Cy', 'Dee'] });
    const page = await openPage(viewport, touch);
    await page.getByTestId('cover').waitFor();
    await press(page.locator('nav [data-nav=history]'), touch);
    const row = (id) => page.locator(`[data-testid=history] tbody tr[data-match="${id}"]`);
    await row(first).waitFor();
    // Abandon: the dialog names the match; Enter, pressed in a hurry, keeps it.
    await press(row(first).getByTestId('abandon'), touch);
    const text = page.getByTestId('confirm-text');
    await text.waitFor();
    assert.match(await text.textContent(), /^First steps: Ann v Ben, started .*no winner/);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'confirm-no', 'the focus on the safe choice');
    await page.screenshot({ path: screenshotPath(`family-abandon-dialog-${name}.png`) });
    await page.keyboard.press('Enter');
    await settle(page);
    assert.equal((await ok('match_list', { status: 'in_progress' })).total, 2, 'Enter kept the match');
    await press(row(first).getByTestId('abandon'), touch);
    await press(page.getByTestId('confirm-yes'), touch);
    await page.waitForFunction((id) => document.querySelector(`tr[data-match="${id}"] td[data-label=Status]`)?.textContent === 'abandoned', first);
    assert.equal(await row(first).getByTestId('abandon').count(), 0, 'abandoned: only Delete is left');
    // Delete: named, "cannot be undone", the safe choice focused; confirmed, the row goes.
    await press(row(second).getByTestId('delete'), touch);
    await text.waitFor();
    assert.match(await text.textContent(), /^First steps: Cy v Dee, started .*This cannot be undone\.$/);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'confirm-no');
    await page.screenshot({ path: screenshotPath(`family-delete-dialog-${name}.png`) });
    assert.deepEqual(await axeProblems(page), [], 'the delete dialog');
    await press(page.getByTestId('confirm-yes'), touch);
    await row(second).waitFor({ state: 'detached' });
    assert.equal((await api(ctx.server.url, 'match_detail', { match_id: second })).body.error.kind, 'unknown_match');
    // The abandoned one stays in the history, marked, with no winner.
    const cells = await row(first).locator('td').allTextContents();
    assert.equal(cells[4], '—');
    assert.deepEqual(page.context().errors, []);
    await page.close();
  });
}

test('against a computer: after its reply, "Take back my move and the reply" withdraws both', async () => {
  await ok('new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Bot', computer: 'easy' }],
    deal: { racks: ['CATEIOL', 'SNNDBGL'], draw_order: 'ARTE' }, allow_take_backs: true,
  });
  const page = await openPage(SIZES[0][1]);
  // After a start-up even a one-person match opens behind the cover.
  if (await page.getByTestId('reveal').count()) await reveal(page);
  await page.getByTestId('rack').waitFor();
  for (const [i, letter] of ['C', 'A', 'T'].entries()) {
    await rackTile(page, letter).click();
    await square(page, 4, 3 + i).click();
  }
  await page.getByTestId('preview-total').waitFor();
  await page.locator('[data-action=play]').click();
  // Bot replies; then Ann may take back her move and the reply with it.
  const takeBack = page.getByTestId('take-back');
  await takeBack.waitFor({ timeout: 20000 });
  assert.equal(await takeBack.textContent(), 'Take back my move and the reply');
  assert.match(await takeBack.getAttribute('title'), /and the reply after it/);
  await takeBack.click();
  assert.match(await page.getByTestId('confirm-text').textContent(), /and the reply after it/);
  await page.getByTestId('confirm-yes').click();
  await page.waitForFunction(() => document.querySelectorAll('.sheet-row.taken-back').length === 2);
  assert.equal(await page.locator('[data-testid=board] .square .tile').count(), 0);
  assert.equal(await rackText(page), 'ACEILOT');
  assert.deepEqual(page.context().errors, []);
  await page.close();
});

test('the history list marks resigned players, and a finished match offers no delete', async () => {
  const id = await dealt({ players: ['Ann', 'Ben', 'Cy'] });
  // Ann resigns; Ben and Cy carry on.
  await ok('reveal_rack', { match_id: id });
  await ok('resign', { match_id: id, confirm: true });
  const finished = await dealt({ players: ['Dee', 'Eve'] });
  await ok('reveal_rack', { match_id: finished });
  await ok('resign', { match_id: finished, confirm: true });
  const page = await openPage(SIZES[0][1]);
  await press(page.locator('nav [data-nav=history]'), false);
  const row = (m) => page.locator(`[data-testid=history] tbody tr[data-match="${m}"]`);
  await row(id).waitFor();
  assert.match(await row(id).getByTestId('history-players').textContent(), /^Ann 0 \(resigned\), Ben 0, Cy 0$/);
  assert.equal(await row(id).getByTestId('resigned-mark').count(), 1);
  assert.match(await row(finished).getByTestId('history-players').textContent(), /^Dee 0 \(resigned\), Eve 0$/);
  assert.equal(await row(finished).getByTestId('delete').count(), 0);
  // The start screen's Continue entry marks her too, with how far the match went, so two
  // unfinished matches of one table read apart.
  await page.locator('nav [data-nav=home]').click();
  const entry = page.getByTestId('continue-match');
  await entry.first().waitFor();
  assert.equal(await entry.count(), 1, 'the finished match is not offered');
  assert.match(await entry.textContent(), /^First steps · Ann 0 \(resigned\), Ben 0, Cy 0 · 1 turn so far · last played \S.*\d:\d\d\b.*$/);
  await page.close();
  // On a phone each match is a card of label and value: the mark stays with the players.
  const phone = await openPage({ width: 390, height: 844 }, true);
  await press(phone.getByTestId('menu'), true);
  await press(phone.locator('nav [data-nav=history]'), true);
  const cell = phone.locator(`[data-testid=history] tbody tr[data-match="${id}"] [data-testid=history-players]`);
  await cell.waitFor();
  const [mark, value] = await cell.evaluate((td) => [td.querySelector('.resigned-mark').getBoundingClientRect(), td.firstElementChild.getBoundingClientRect()]
    .map((r) => ({ left: r.left, top: r.top })));
  assert.ok(mark.left >= value.left && mark.top < value.top + 30, `the mark sits in the value column: ${JSON.stringify({ mark, value })}`);
  const { x: cellLeft } = await cell.boundingBox();
  assert.ok(value.left > cellLeft + 60, `the value is beside its label (${value.left} v ${cellLeft})`);
  await phone.close();
});

/** Turns the tile tracker on, in the settings the backend keeps. */
async function trackerOn() {
  await ok('update_settings', { tile_tracker: true });
}

for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['tablet', { width: 820, height: 1180 }], ['desktop', { width: 1280, height: 800 }]]) {
  test(`${name}: the unseen-tiles grid, and the winner moment at the end`, async () => {
    await trackerOn();
    const id = await dealt({ takeBacks: false });
    const page = await openPage(viewport, name !== 'desktop');
    // Behind the cover the grid counts from nobody's side: the bag and both racks.
    const grid = page.getByTestId('unseen-grid');
    await grid.waitFor();
    const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
    const cell = (letter) => grid.locator(`[data-letter="${letter}"]`);
    assert.equal(await cell('A').getAttribute('data-count'), String(view.unseen.A));
    await reveal(page);
    // Ann's own rack is no longer unseen for her: A×5 in the set, one on her rack.
    assert.equal(await cell('A').getAttribute('data-count'), '4');
    assert.equal(await cell('C').getAttribute('data-count'), '0', 'her only C: the letter stays, at 0');
    await page.getByTestId('tile-tracker').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`family-unseen-${name}.png`) });
    assert.deepEqual(await axeProblems(page), [], 'the unseen-tiles grid');
    // Ann plays CAT, Ben resigns: Ann's name large at the top, with the final scores.
    await playCat(page, false);
    await reveal(page);
    await page.locator('[data-action=resign]').click();
    await page.getByTestId('confirm-yes').click();
    const moment = page.getByTestId('winner-moment');
    await moment.waitFor();
    assert.equal(await page.getByTestId('winner-name').textContent(), 'Ann wins');
    assert.deepEqual(await page.locator('[data-testid=final-scores] li').allTextContents(), ['Ann3', 'Ben (resigned)0']);
    const box = await moment.boundingBox();
    assert.ok(box.y >= 0 && box.y < 120, `at the top of the screen, in sight (y ${box.y})`);
    const size = await page.getByTestId('winner-name').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(size >= 32, `large (${size}px)`);
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: screenshotPath(`family-winner-${name}.png`) });
    assert.deepEqual(await axeProblems(page), [], 'the winner moment');
    await page.close();
  });
}

test('at the app window\'s default size (1100×820) the unseen-tiles grid is one tap away', async () => {
  await trackerOn();
  await dealt({ takeBacks: false });
  const page = await openPage({ width: 1100, height: 820 });
  await reveal(page);
  const panel = page.getByTestId('tile-tracker');
  assert.equal(await panel.evaluate((e) => e.open), false, 'closed where the open grid would not fit');
  await page.getByTestId('unseen-toggle').click();
  assert.ok(await page.getByTestId('unseen-grid').isVisible());
  assert.equal(await page.getByTestId('unseen-grid').locator('[data-letter="A"]').getAttribute('data-count'), '4');
  await page.close();
});

test('the winner moment keeps still with reduced motion', async () => {
  await dealt({ takeBacks: false });
  const context = await ctx.browser.newContext({ viewport: { width: 820, height: 1180 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(ctx.server.url);
  await reveal(page);
  await page.locator('[data-action=resign]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('winner-moment').waitFor();
  const animation = await page.getByTestId('winner-moment').evaluate((e) => getComputedStyle(e).animationName);
  assert.equal(animation, 'none');
  await context.close();
});
