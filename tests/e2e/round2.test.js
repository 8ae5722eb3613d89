// At the table, round two (issue 22), in a real browser against the real backend: a reload
// reopens the match that was on this screen (not the newest), behind the cover even for one
// person, and the draft staged before it comes back only after "Show my rack"; "Allow hints"
// hidden for the solo round; the solo round's end as Word Tiles has it; why Exchange is greyed
// out; Pass and Resign confirmed with the focus on the safe choice; every analysis row and
// the step-through show the rack held.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, reveal, square, rackTile, screenshotPath, settle, TEST_CLIENT, DESKTOP, TABLET } from './helpers.js';

const ctx = perTest({ seed: 5 });

async function call(command, args) {
  const { status, body } = await api(ctx.server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

const matchId = async (page) => Number(await page.getByTestId('match').getAttribute('data-match-id'));

test('a reload reopens the match that was on screen, behind the cover, and the draft comes back only after the reveal', async () => {
  const three = await call('new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cat' }], deal: { racks: ['CATEIOL', 'SNNDBGL', 'REATERS'] },
  });
  // Made later: the newest unfinished match, which start-up used to open whatever was on screen.
  await call('new_match', { rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Bot', computer: 'easy' }] });
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await page.getByTestId('match').waitFor();
  // Cat's table is chosen on this screen: from the start screen's Continue.
  await page.locator('nav [data-nav=home]').click();
  await page.getByRole('button', { name: /Ann 0, Ben 0, Cat 0/ }).click();
  await page.getByTestId('cover').filter({ hasText: 'Pass to Ann' }).waitFor();
  assert.equal(await matchId(page), three.id);
  await reveal(page);
  // Two tiles staged (AT on E5 F5), then the page reloads mid-turn.
  await rackTile(page, 'A').click();
  await square(page, 4, 4).click();
  await rackTile(page, 'T').click();
  await square(page, 4, 5).click();
  await page.getByTestId('preview-total').waitFor();
  await settle(page);
  await page.reload();
  await page.getByTestId('cover').filter({ hasText: 'Pass to Ann' }).waitFor();
  assert.equal(await matchId(page), three.id, 'the match that was on screen, not the newest');
  // Behind the cover: no rack and no staged tile anywhere in the page, nor in its storage.
  assert.equal(await page.getByTestId('rack').count(), 0);
  assert.equal(await page.locator('.tile.staged').count(), 0);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  assert.doesNotMatch(stored, /"letter"|CATEIOL/, `webview storage holds no rack tile: ${stored}`);
  await reveal(page);
  // Shown again: the draft is back where it was, with its preview.
  await page.locator('.tile.staged').nth(1).waitFor();
  const staged = await page.locator('.square:has(.tile.staged)').evaluateAll((els) => els.map((e) => `${e.dataset.row},${e.dataset.col},${e.querySelector('.tile').textContent[0]}`));
  assert.deepEqual(staged.sort(), ['4,4,A', '4,5,T']);
  await page.getByTestId('preview-total').waitFor();
  assert.match(await page.getByTestId('preview').textContent(), /^Word.*AT/);
  await page.screenshot({ path: screenshotPath('round2-draft-back-tablet.png') });

  // Another device (a browser of its own) never had a match on screen: the start screen, with
  // the unfinished matches to continue.
  const other = await ctx.browser.newContext({ viewport: DESKTOP.options.viewport });
  await other.addInitScript(() => localStorage.setItem('wordclub-client', 'another-device'));
  const second = await other.newPage();
  await second.goto(ctx.server.url);
  await second.getByTestId('new-match').waitFor();
  assert.equal(await second.getByRole('button', { name: /Ann 0, Ben 0, Cat 0/ }).count(), 1, 'listed to continue');
  assert.equal(await second.getByTestId('match').count(), 0);
  await other.close();
  // The backend kept it per client.
  assert.equal((await call('screen_to_reopen', { client: TEST_CLIENT })).match_id, three.id);
  await page.context().close();
});

test('a reload on the end screen opens that end screen again, not the start screen', async () => {
  const { id } = await call('new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cat' }], deal: { racks: ['CATEIOL', 'SNNDBGL', 'REATERS'] },
  });
  // Ann resigns; Ben resigns by finger, which ends the match with Cat the winner.
  await call('reveal_rack', { match_id: id });
  await call('resign', { match_id: id, confirm: true });
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await page.getByTestId('reveal').tap();
  await page.locator('[data-action=resign]').tap();
  await page.getByTestId('confirm-yes').tap();
  const end = page.getByTestId('end');
  await end.waitFor();
  await settle(page);
  assert.match(await end.getByRole('heading').first().textContent(), /Cat wins/);
  await page.reload();
  await end.waitFor();
  assert.match(await end.getByRole('heading').first().textContent(), /Cat wins/);
  assert.equal(await page.getByTestId('cover').count(), 0, 'a finished match has nothing to cover');
  await settle(page);
  await page.screenshot({ path: screenshotPath('reload-end.png') });
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('a one-person round reopens behind the cover ("Ann\'s turn"); the solo form has no "Allow hints"', async () => {
  const page = await ctx.openPage(DESKTOP.options.viewport);
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('solo-10');
  assert.equal(await page.getByTestId('allow-hints').isVisible(), false, 'no hints in the solo round');
  await page.getByTestId('rules').selectOption('wordclub-1.0');
  assert.equal(await page.getByTestId('allow-hints').isVisible(), true);
  await page.getByTestId('rules').selectOption('solo-10');
  await page.getByLabel('Player 1 name').fill('Ann');
  await page.getByTestId('start').click();
  // Just started by the one person at the table: the rack is out at once.
  await page.getByTestId('rack').waitFor();
  await page.reload();
  const cover = page.getByTestId('cover');
  await cover.waitFor();
  assert.equal(await cover.locator('h1').textContent(), "Ann's turn");
  assert.equal(await page.getByTestId('rack').count(), 0);
  await reveal(page);
  await page.context().close();
});

test('the solo round ends as Word Tiles\' does: points, scoring plays, best turn, "New round"', async () => {
  const start = await call('new_match', { rules: 'solo-10', players: [{ name: 'Ann' }], deal: { racks: ['DUMBAEF'] } });
  const id = start.id;
  // DUMB at C5–F5 (SPEC's worked example, 22), then eight rack replacements (no scoring play).
  await call('play', { match_id: id, tiles: [...'DUMB'].map((letter, i) => ({ row: 4, col: 2 + i, letter })) });
  for (let i = 0; i < 8; i++) await call('exchange', { match_id: id, tiles: [] });
  const page = await ctx.openPage(DESKTOP.options.viewport);
  await reveal(page);
  await page.locator('[data-action=exchange]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();
  assert.equal(await page.getByTestId('solo-summary').textContent(), '22 points from 1 scoring play.');
  assert.match(await page.getByTestId('best-turn').textContent(), /DUMB at 5C for 22/);
  assert.equal(await page.getByTestId('rematch').textContent(), 'New round');
  await page.screenshot({ path: screenshotPath('round2-solo-end-desktop.png') });
  await page.getByTestId('rematch').click();
  await page.waitForFunction((old) => Number(document.querySelector('[data-testid=match]')?.dataset.matchId) > old, id);
  await page.context().close();
});

test('Exchange says why it is greyed out; with four at Word Club 1.0 it says once that there are none', async () => {
  const three = await call('new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cat' }], deal: { racks: ['CATEIOL', 'SNNDBGL', 'REATERS'] },
  });
  const id = three.id;
  const play = async (tiles) => { await call('reveal_rack', { match_id: id }); await call('play', { match_id: id, tiles }); };
  await play([...'CAT'].map((letter, i) => ({ row: 4, col: 3 + i, letter })));
  await play([{ row: 4, col: 6, letter: 'S' }]);
  await play([{ row: 5, col: 4, letter: 'R' }, { row: 6, col: 4, letter: 'E' }]);
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await reveal(page);
  const exchange = page.locator('[data-action=exchange]');
  assert.equal(await exchange.isDisabled(), true);
  const why = page.getByTestId('exchange-why');
  assert.equal(await why.textContent(), 'Exchange needs at least 7 tiles in the bag; it holds 5.');
  assert.equal(await exchange.getAttribute('aria-describedby'), 'exchange-why');
  await page.context().close();

  const four = await call('new_match', { rules: 'wordclub-1.0', players: ['Ann', 'Ben', 'Cy', 'Di'].map((name) => ({ name })) });
  const p4 = await ctx.openPage(TABLET.options.viewport, true);
  await reveal(p4);
  assert.equal(await matchId(p4), four.id);
  assert.equal(await p4.locator('[data-action=exchange]').count(), 0, 'no control that can never act');
  assert.match(await p4.getByTestId('exchange-why').textContent(), /^No exchanges in this match: with 4 players the bag starts with fewer than the 7 tiles an exchange needs\.$/);
  await p4.screenshot({ path: screenshotPath('round2-no-exchange-tablet.png') });
  // Said in the first round only, not every turn of the match.
  for (let i = 0; i < 4; i++) {
    await call('reveal_rack', { match_id: four.id });
    await call('pass', { match_id: four.id });
  }
  await p4.reload();
  await reveal(p4);
  assert.equal(await p4.getByTestId('exchange-why').count(), 0);
  await p4.context().close();
});

test('Pass and Resign ask first, with the focus on Cancel: Enter cancels, nothing is played', async () => {
  const start = await call('new_match', { rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Ben' }], deal: { racks: ['CATEIOL', 'SNNDBGL'] } });
  const page = await ctx.openPage(DESKTOP.options.viewport);
  await reveal(page);
  for (const action of ['pass', 'resign']) {
    await page.locator(`[data-action=${action}]`).click();
    await page.locator('dialog[open]').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'confirm-no', `${action}: the safe choice has the focus`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await settle(page);
    const view = await call('match_view', { match_id: start.id });
    assert.equal(view.turn, 0, `${action}: Enter on Cancel did nothing`);
    assert.equal(view.over, false);
  }
  // One tap confirms.
  await page.locator('[data-action=pass]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('cover').filter({ hasText: 'Pass to Ben' }).waitFor();
  await page.context().close();
});

test('every analysis row and the step-through show the rack each player held', async () => {
  const start = await call('new_match', { rules: 'classic-15', players: [{ name: 'Ann' }, { name: 'Ben' }], deal: { racks: ['CATEIOL', 'SNNDBGL'] } });
  const id = start.id;
  await call('reveal_rack', { match_id: id });
  await call('play', { match_id: id, tiles: [...'CAT'].map((letter, i) => ({ row: 7, col: 6 + i, letter })) });
  for (let i = 0; i < 6; i++) {
    await call('reveal_rack', { match_id: id });
    await call('pass', { match_id: id });
  }
  const analysis = await call('match_analysis', { match_id: id });
  const page = await ctx.openPage(DESKTOP.options.viewport);
  await page.locator('nav [data-nav=history]').click();
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByTestId('analysis-summary').waitFor();
  const racks = await page.getByTestId('turn-rack').allTextContents();
  assert.equal(racks.length, analysis.turns.length, 'a rack on every row');
  assert.deepEqual(racks, analysis.turns.map((t) => `Rack: ${[...t.rack].join(' ')}`));
  // The first turn: Ann played CAT, in words beside the best, with its place among the moves.
  const first = page.locator('[data-testid=turn-analysis][data-turn="1"]');
  assert.match(await first.textContent(), /Ann played CAT at 8G for \d+ — (the best-scoring move|best was [A-Z]+ at \S+ for \d+ \(\d+ more\))\./);
  assert.match(await first.textContent(), /(\d+(st|nd|rd|th)|The) best of \d+ possible moves\./);
  assert.doesNotMatch(await page.getByTestId('analysis').textContent(), /Rank \d|Hard's choice|keeps [A-Z]/);
  // The step-through: each turn with the rack its player held.
  await page.getByTestId('replay-first').click();
  await page.getByTestId('replay-next').click();
  await page.getByTestId('replay-rack').filter({ hasText: 'turn 1' }).waitFor();
  assert.equal(await page.getByTestId('replay-rack').textContent(), "Ann's rack on turn 1: A C E I L O T");
  await page.getByTestId('replay-next').click();
  await page.getByTestId('replay-rack').filter({ hasText: 'turn 2' }).waitFor();
  assert.equal(await page.getByTestId('replay-rack').textContent(), "Ben's rack on turn 2: B D G L N N S");
  await page.screenshot({ path: screenshotPath('round2-analysis-racks-desktop.png'), fullPage: true });
  await page.context().close();
});

test('the rules diagram of "the first move covers the star" still shows the star under the tile', async () => {
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await page.locator('nav [data-nav=rules]').click();
  const diagram = page.locator('.rules-diagram[data-rule=star]');
  await diagram.waitFor();
  const covered = diagram.locator('.square.star-covered');
  assert.equal(await covered.count(), 1);
  assert.equal(await covered.locator('.tile').count(), 1, 'a tile on the star');
  assert.equal(await covered.evaluate((e) => getComputedStyle(e, '::after').content), '"★"');
  // A badge on the square's corner, clear of the letter: the star's box and the letter's
  // glyph (its text's box) do not meet.
  const fit = await covered.evaluate((e) => {
    const star = getComputedStyle(e, '::after');
    const square = e.getBoundingClientRect();
    const left = square.left + parseFloat(star.left);
    const top = square.top + parseFloat(star.top);
    const text = [...e.querySelector('.tile').childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
    const range = document.createRange();
    range.selectNodeContents(text);
    const box = range.getBoundingClientRect();
    // The ink of the letter inside its text box, by the canvas's measure of the same font.
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = getComputedStyle(e.querySelector('.tile')).font;
    const m = pen.measureText(text.textContent);
    const middle = (box.left + box.right) / 2;
    const baseline = box.top + (box.height - (m.fontBoundingBoxAscent + m.fontBoundingBoxDescent)) / 2 + m.fontBoundingBoxAscent;
    const glyph = { left: middle - m.width / 2 - m.actualBoundingBoxLeft, top: baseline - m.actualBoundingBoxAscent };
    return { star: { left, top, right: left + parseFloat(star.width), bottom: top + parseFloat(star.height) }, glyph };
  });
  await diagram.screenshot({ path: screenshotPath('round2-rules-star.png') });
  assert.ok(fit.star.right <= fit.glyph.left || fit.star.bottom <= fit.glyph.top, `the star clear of the letter: ${JSON.stringify(fit)}`);
  await page.context().close();
});
