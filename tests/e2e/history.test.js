// History, match detail, statistics and rules in a real browser against the real backend (an
// empty history and an empty filter say so, the detail names its word list).
// Two Word Club 1.0 matches are played through the API with fixed racks (SPEC §2's worked
// example): Ann v Ben — CAT across D5–F5, Ben takes a hint and adds S at G5 (CATS), Ann plays
// A R T down from the C (CART), Ben resigns — and Cy v Dee, still going after Cy's CAT.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, screenshotPath, SIZES } from './helpers.js';

const ctx = perTest({ seed: 5 });

/** A match made through the API with fixed racks (the page then opens it at start-up), and a
 *  page on the app. */
const { dealtMatch, openPage } = ctx;

async function ok(command, args) {
  const { status, body } = await api(ctx.server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

const tile = (row, col, letter) => ({ row, col, letter });
const CAT = [tile(4, 3, 'C'), tile(4, 4, 'A'), tile(4, 5, 'T')];

async function dealt(names) {
  const view = await ok('new_match', {
    rules: 'wordclub-1.0', players: names.map((name) => ({ name })), seed: 3,
    deal: { racks: ['CATEIOL', 'SNNDBGL'], draw_order: 'ARTE' },
  });
  return view.id;
}

async function turn(id, command, args = {}) {
  await ok('reveal_rack', { match_id: id });
  return ok(command, { match_id: id, ...args });
}

/** Ann v Ben, finished (4 turns), then Cy v Dee, unfinished (1 turn). */
async function playMatches() {
  const finished = await dealt(['Ann', 'Ben']);
  await turn(finished, 'play', { tiles: CAT });
  await ok('reveal_rack', { match_id: finished });
  await ok('hint', { match_id: finished });
  await turn(finished, 'play', { tiles: [tile(4, 6, 'S')] });
  await turn(finished, 'play', { tiles: [tile(5, 3, 'A'), tile(6, 3, 'R'), tile(7, 3, 'T')] });
  await turn(finished, 'resign', { confirm: true });
  const unfinished = await dealt(['Cy', 'Dee']);
  await turn(unfinished, 'play', { tiles: CAT });
  return { finished, unfinished };
}

const rows = (page) => page.locator('[data-testid=history] tbody tr');
const square = (page, name) => page.locator(`[data-testid=replay-board] [data-square="${name}"] .tile`);
const caption = (page) => page.getByTestId('replay-caption').textContent();

async function openHistory(page) {
  await page.locator('nav [data-nav=history]').click();
  await page.getByTestId('history').waitFor();
  await rows(page).first().waitFor();
}

/** Waits until the history table shows exactly `n` rows. */
async function expectRows(page, n) {
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid=history] tbody tr').length === count
    && document.querySelector('[data-testid=history-page]')?.textContent.includes(`${count} match`), n);
}

test('desktop: filter the history, step through a finished match, chart, GCG of finished and unfinished matches', async () => {
  await playMatches();
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(ctx.server.url);
  await page.getByTestId('cover').waitFor(); // the unfinished match opens at start, covered
  await openHistory(page);
  await expectRows(page, 2);
  await page.screenshot({ path: screenshotPath('history-0-list.png') });
  // Every row: date, rule set, word list, players with scores, winner, assistance, status.
  const annRow = rows(page).filter({ hasText: 'Ann' });
  const cells = await annRow.locator('td').allTextContents();
  assert.equal(cells[1], 'First steps', 'the plain name, no version');
  assert.equal(cells[2], 'Word Club list 4');
  assert.match(cells[3], /Ann 7, Ben 4 \(1 hint\)/);
  assert.equal(cells[4], 'Ann', 'Ben resigned: Ann wins');
  assert.equal(cells[5], 'Ben: 1 hint');
  assert.equal(cells[6], 'finished');
  assert.match(cells[0], new RegExp(String(new Date().getFullYear())), 'the date');

  // By player (ignoring case), then by status.
  await page.getByTestId('filter-player').fill('cy');
  await page.getByTestId('filter-player').press('Enter');
  await expectRows(page, 1);
  assert.match(await rows(page).first().textContent(), /Cy 3, Dee 0/);
  await page.getByTestId('filter-player').fill('');
  await page.getByTestId('filter-player').press('Enter');
  await expectRows(page, 2);
  // One row either side, so wait for the row the new filter answers with, not just a count.
  await page.getByTestId('filter-status').selectOption('in_progress');
  await rows(page).filter({ hasText: 'Cy' }).waitFor();
  await expectRows(page, 1);
  assert.match(await rows(page).first().textContent(), /Cy.*unfinished/);
  await page.getByTestId('filter-status').selectOption('finished');
  await rows(page).filter({ hasText: 'Ann' }).waitFor();
  await expectRows(page, 1);
  assert.match(await rows(page).first().textContent(), /Ann.*finished/);
  await page.getByTestId('filter-assisted').selectOption('false');
  await page.waitForSelector('[data-testid=history-empty]');
  await page.getByTestId('filter-assisted').selectOption('');
  await expectRows(page, 1);

  // The finished match opens in detail, on its last turn.
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await page.getByTestId('detail').waitFor();
  assert.equal(await caption(page), 'After turn 4 of 4: Ben, resigned');
  assert.equal(await page.locator('[data-testid=replay-board] .tile').count(), 7, 'CATS and ART');
  assert.equal(await page.locator('[data-testid=detail-turns] tbody tr').count(), 4);
  // The chart: one line per player and a marker at the turn shown.
  assert.equal(await page.locator('[data-testid=progression-chart] polyline').count(), 2);
  assert.equal(await page.getByTestId('chart-marker').count(), 1);

  // Step through: the first board is empty, CAT comes at turn 1, the S at G5 at turn 2.
  await page.getByTestId('replay-first').click();
  assert.equal(await page.locator('[data-testid=replay-board] .tile').count(), 0);
  assert.ok(await page.getByTestId('replay-prev').isDisabled());
  await page.getByTestId('replay-next').click();
  assert.match(await caption(page), /^After turn 1 of 4: Ann, 5D CAT for 3/);
  assert.equal(await page.locator('[data-testid=replay-board] .tile').count(), 3);
  assert.equal(await square(page, 'G5').count(), 0);
  // The squares a turn covered are marked like the match board's last move.
  assert.deepEqual(await page.locator('[data-testid=replay-board] .square.last').evaluateAll((els) => els.map((e) => e.dataset.square)), ['D5', 'E5', 'F5']);
  await page.getByTestId('replay-next').click();
  assert.equal(await square(page, 'G5').textContent(), 'S1', 'the S appears at G5 (value 1)');
  // Arrow keys step too: back, and the S disappears.
  await page.keyboard.press('ArrowLeft');
  assert.match(await caption(page), /^After turn 1 of 4/);
  assert.equal(await square(page, 'G5').count(), 0, 'the S is gone again');
  await page.keyboard.press('End');
  assert.match(await caption(page), /^After turn 4 of 4/);
  // Clicking a turn row shows the board after that turn: CART down column D at turn 3.
  await page.locator('[data-testid=detail-turns] tbody tr[data-turn="3"] td').nth(2).click();
  assert.equal(await caption(page), 'After turn 3 of 4: Ann, D5 .ART for 4');
  assert.equal(await square(page, 'D6').textContent(), 'A1');
  assert.equal(await page.locator('[data-testid=detail-turns] tr.current').getAttribute('data-turn'), '3');
  // The turn's words with their breakdown and the hint Ben took.
  const ben = page.locator('[data-testid=detail-turns] tbody tr[data-turn="2"]');
  assert.match(await ben.textContent(), /CATS 4/);
  assert.match(await ben.textContent(), /words from rack/);
  // The words' breakdown (the analysis column beside it has its own <details>).
  const words = ben.locator('details').filter({ has: page.locator('summary', { hasText: 'CATS 4' }) });
  await words.locator('summary').click();
  assert.match(await words.locator('li').first().textContent(), /CATS: C\s1 \+ A\s1 \+ T\s1 \+ S\s1 = 4/);
  await page.screenshot({ path: screenshotPath('history-1-detail.png'), fullPage: true });

  // GCG of a finished match: no confirmation, not marked incomplete.
  await page.getByTestId('export-gcg').click();
  await page.getByTestId('gcg').waitFor();
  const finishedGcg = await page.getByTestId('gcg').inputValue();
  assert.match(finishedGcg, /^#player1 Ann Ann$/m);
  assert.match(finishedGcg, /^>Ann: ACEILOT 5D CAT \+3 3$/m);
  assert.doesNotMatch(finishedGcg, /#incomplete/);

  // The unfinished match: its detail through "Details", and its export after a confirmation.
  await page.locator('[data-testid=detail] [data-nav=history]').click();
  await page.getByTestId('filter-status').selectOption('in_progress');
  await expectRows(page, 1);
  await page.getByRole('button', { name: 'Details' }).click();
  await page.getByTestId('detail').waitFor();
  assert.equal(await caption(page), 'After turn 1 of 1: Cy, 5D CAT for 3');
  await page.getByTestId('export-gcg').click();
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /Exporting an unfinished match shows every player's racks so far\. Export anyway\?/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await page.getByTestId('gcg').count(), 0, 'cancelled: nothing exported');
  await page.getByTestId('export-gcg').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('gcg').waitFor();
  const unfinishedGcg = await page.getByTestId('gcg').inputValue();
  assert.match(unfinishedGcg, /^#incomplete$/m);
  assert.match(unfinishedGcg, /^>Cy: ACEILOT 5D CAT \+3 3$/m);

  // "Continue" from the list opens the match itself, behind the cover.
  await page.locator('[data-testid=detail] [data-nav=history]').click();
  await expectRows(page, 1);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('cover').waitFor();
  await page.close();
});

test('desktop: the rules screen explains the chosen rule set; statistics count each player', async () => {
  await playMatches();
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(ctx.server.url);
  await page.getByTestId('cover').waitFor();
  const rules = await ok('rule_sets');
  const fact = (key) => page.locator(`[data-testid=rules-facts] [data-fact=${key}]`).textContent();

  // From the start screen's link: the rule set chosen in the form.
  await page.locator('nav [data-nav=home]').click();
  await page.getByTestId('rules').selectOption('classic-15');
  await page.getByTestId('rules-link').click();
  await page.getByTestId('rules-screen').waitFor();
  assert.equal(await page.getByTestId('rules-choice').inputValue(), 'classic-15');
  const classic = rules.find((r) => r.id === 'classic-15');
  assert.match(await fact('board'), /15 × 15 squares.*star on H8 \(a double word square\)/);
  assert.match(await fact('bingo'), new RegExp(`\\+${classic.bingo_bonus} for using all 7 tiles`));
  assert.match(await fact('premiums'), /Triple word \(3W\), 8: A1 /);
  assert.match(await fact('values'), /10 points: Q Z/);
  assert.match(await fact('hints'), /Suggest a move/);
  assert.equal(await page.locator('.rules-map [data-premium="3W"]').count(), 8);
  await page.screenshot({ path: screenshotPath('history-2-rules.png'), fullPage: true });

  // From the top navigation, another rule set (once the new screen replaced the old one).
  const before = await page.getByTestId('rules-choice').elementHandle();
  await page.locator('nav [data-nav=rules]').click();
  await page.waitForFunction((el) => !el.isConnected, before);
  await page.getByTestId('rules-choice').selectOption('solo-10');
  assert.match(await fact('players'), /^Players1\.$/);
  assert.match(await fact('exchange'), /Replace your rack/);
  assert.match(await fact('pass'), /Only once the bag is empty/);
  assert.match(await fact('ending'), /After 10 turns/);
  assert.match(await fact('adjustments'), /no rack deduction/);
  await page.getByTestId('rules-choice').selectOption('wordclub-1.0');
  assert.match(await fact('premiums'), /None: every square is plain/);
  assert.match(await fact('bag'), /32 tiles, no blanks/);
  assert.match(await fact('exchange'), /Choose 1–7 tiles to swap, only while the bag holds at least 7/);
  assert.match(await fact('ending'), /passed or exchanged 3 times in a row/);

  // Statistics: everyone who played, with their match count; Ann won her one match.
  await page.locator('nav [data-nav=stats]').click();
  await page.getByTestId('stats').waitFor();
  const stat = (name, key) => page.locator(`[data-testid=stats] tr[data-player="${name}"] [data-stat=${key}]`).textContent();
  assert.equal(await stat('Ann', 'matches'), '1');
  assert.equal(await stat('Ann', 'wins'), '1');
  assert.equal(await stat('Ann', 'best-score'), '7');
  assert.equal(await stat('Ben', 'hints'), '1');
  assert.equal(await stat('Cy', 'matches'), '1');
  assert.equal(await stat('Cy', 'average'), '—', 'no finished match yet');
  // A player's matches: the history opens filtered by them.
  await page.getByRole('button', { name: "Cy's matches" }).click();
  await expectRows(page, 1);
  assert.equal(await page.getByTestId('filter-player').inputValue(), 'Cy');
  await page.close();
});

test('tablet: step through the board with taps', async () => {
  const { finished } = await playMatches();
  const page = await ctx.browser.newPage({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });
  await page.goto(ctx.server.url);
  await page.getByTestId('cover').waitFor();
  await openHistory(page);
  await page.locator(`[data-testid=history] tbody tr[data-match="${finished}"] button`).tap();
  await page.getByTestId('detail').waitFor();
  const board = await page.getByTestId('replay-board').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 820, 'the board fits the width');
  await page.getByTestId('replay-first').tap();
  await page.getByTestId('replay-next').tap();
  await page.getByTestId('replay-next').tap();
  assert.equal(await square(page, 'G5').textContent(), 'S1');
  await page.getByTestId('replay-prev').tap();
  assert.equal(await square(page, 'G5').count(), 0);
  await page.locator('[data-testid=detail-turns] tbody tr[data-turn="3"] .turn-link').tap();
  assert.equal(await square(page, 'D8').textContent(), 'T1');
  await page.screenshot({ path: screenshotPath('history-3-tablet.png'), fullPage: true });
  await page.close();
});

test('desktop: the history pages through many matches, newest first', async () => {
  const ids = [];
  for (let i = 1; i <= 21; i++) {
    ids.push((await ok('new_match', { rules: 'wordclub-1.0', players: [{ name: `P${i}` }, { name: 'Q' }] })).id);
  }
  const { pages, total } = await ok('match_list', {});
  assert.equal(total, 21);
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(ctx.server.url);
  await page.getByTestId('cover').waitFor();
  await openHistory(page);
  assert.equal(await page.getByTestId('history-page').textContent(), `Page 1 of ${pages} · 21 matches`);
  const perPage = await rows(page).count();
  assert.ok(perPage < 21, 'not every match on one page');
  assert.equal(await rows(page).first().getAttribute('data-match'), String(ids[20]), 'the newest first');
  assert.ok(await page.getByRole('button', { name: '‹ Newer' }).isDisabled());
  await page.getByRole('button', { name: 'Older ›' }).click();
  await page.waitForFunction((n) => document.querySelector('[data-testid=history-page]')?.textContent.startsWith(`Page ${n} `), pages);
  assert.equal(await rows(page).count(), 21 - perPage * (pages - 1));
  assert.equal(await rows(page).last().getAttribute('data-match'), String(ids[0]), 'the oldest last');
  assert.ok(await page.getByRole('button', { name: 'Older ›' }).isDisabled());
  await page.getByRole('button', { name: '‹ Newer' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=history-page]')?.textContent.startsWith('Page 1 '));
  // A filter starts again from its first page; nothing finished yet.
  await page.getByTestId('filter-status').selectOption('finished');
  await page.getByTestId('history-empty').waitFor();
  assert.equal(await page.getByTestId('history-empty').textContent(), 'No matches fit these filters.');
  await page.close();
});

test('the match detail names its word list as "Word list: <name>"', async () => {
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  await api(ctx.server.url, 'reveal_rack', { match_id: id });
  await api(ctx.server.url, 'resign', { match_id: id, confirm: true });
  const lists = (await api(ctx.server.url, 'word_lists')).body;
  const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
  const listName = lists.find((l) => l.id === view.list.id && l.sha256 === view.list.sha256)?.name ?? view.list.name; // the version the match is pinned to
  const page = await openPage(SIZES[0][1]);
  await page.locator('[data-nav=history]').first().click();
  await page.getByRole('button', { name: 'Open' }).click();
  // The detail draws in steps (its analysis after the turns): wait for the line, then read it.
  await page.getByTestId('detail').filter({ hasText: 'Word list: ' }).waitFor();
  assert.match(await page.getByTestId('detail').textContent(), new RegExp(`Word list: ${listName} ·`));
  await page.context().close();
});

test('history with nothing in it says so and leads to a new match; an empty filter offers to show all', async () => {
  const page = await openPage(SIZES[0][1]);
  await page.getByTestId('new-match').waitFor();
  assert.equal((await api(ctx.server.url, 'match_list', {})).body.total, 0, 'a fresh history');
  await page.locator('nav [data-nav=history]').click();
  await page.getByTestId('history-empty').waitFor();
  assert.match(await page.getByTestId('history-empty').textContent(), /^No matches yet\./);
  assert.equal(await page.getByTestId('history-page').count(), 0, 'no pager over nothing');
  await page.getByRole('button', { name: 'Start a match' }).click();
  await page.getByTestId('new-match').waitFor();

  await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  await page.locator('nav [data-nav=history]').click();
  await page.getByTestId('filter-status').selectOption('finished');
  await page.getByTestId('history-empty').filter({ hasText: 'filters' }).waitFor();
  assert.equal(await page.getByTestId('history-empty').textContent(), 'No matches fit these filters.');
  await page.getByTestId('clear-filters').click();
  await page.locator('[data-testid=history] tbody tr').first().waitFor();
  assert.equal(await page.getByTestId('filter-status').inputValue(), '');
  assert.equal(await page.locator('[data-testid=history] tbody tr').count(), (await api(ctx.server.url, 'match_list', {})).body.total);
  await page.context().close();
});

test('tablet portrait: a 4-seat match\'s turns, wider than the screen, show a shadow on the side with more of the table', async () => {
  const view = await ok('new_match', {
    rules: 'classic-15', players: ['Mum', 'Dad', 'Sam', 'Kit'].map((name) => ({ name })),
    deal: { racks: ['CATEIOL', 'SNNDBGL', 'AAERRST', 'EEINORT'], draw_order: '' },
  });
  await ok('reveal_rack', { match_id: view.id });
  await ok('play', { match_id: view.id, tiles: [tile(7, 6, 'C'), tile(7, 7, 'A'), tile(7, 8, 'T')] });
  for (let seat = 1; seat < 4; seat++) {
    await ok('reveal_rack', { match_id: view.id });
    await ok('resign', { match_id: view.id, confirm: true });
  }
  const page = await openPage({ width: 820, height: 1180 }, true);
  await page.locator('nav [data-nav=history]').tap();
  await page.locator(`[data-testid=history] tbody tr[data-match="${view.id}"] button`).tap();
  const table = page.getByTestId('detail-turns');
  await table.waitFor();
  const box = table.locator('xpath=..');
  const sides = () => box.evaluate((el) => ({ overflows: el.scrollWidth > el.clientWidth, image: getComputedStyle(el).backgroundImage, attachment: getComputedStyle(el).backgroundAttachment }));
  const at = await sides();
  assert.ok(at.overflows, 'the turns are wider than the screen here (else this shows nothing)');
  // Two covers that move with the table and two shadows that stay at the box's sides.
  assert.equal((at.image.match(/radial-gradient/g) ?? []).length, 2, at.image);
  assert.equal(at.attachment, 'local, local, scroll, scroll');
  // Every control of the detail a finger taps is 44 px tall at least: the turn numbers, the
  // words' breakdowns, the analysis's alternatives, the export and its download link.
  await page.getByTestId('export-gcg').tap();
  await page.locator('a.download-link').waitFor();
  const small = await page.locator('[data-testid=detail] :is(button, a[href], summary, input, select)').evaluateAll((els) => els
    .filter((e) => e.checkVisibility())
    .map((e) => ({ what: e.textContent.trim().slice(0, 30) || e.getAttribute('aria-label'), h: e.getBoundingClientRect().height }))
    .filter((r) => r.h < 44)
    .map((r) => `${r.what}: ${r.h.toFixed(0)} px`));
  assert.deepEqual(small, [], 'controls at least 44 px tall');
  await box.scrollIntoViewIfNeeded();
  await box.screenshot({ path: screenshotPath('detail-turns-820-4-seats.png') });
  await page.context().close();
});
