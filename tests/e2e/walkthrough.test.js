// Defects a new player's walkthrough found, each checked in a real browser against the real
// backend: the cover after a reload, one hint per tap, the per-player turn counter, readable
// end and refusal messages, an exchange with nothing chosen.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api, screenshotPath, square, rackTile, dealtMatch as dealt } from './helpers.js';

let server;
let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });
beforeEach(async () => { server = await startServer({ seed: 5 }); });
afterEach(async () => { await server?.stop(); });


/** A match made through the API with fixed racks; the page then opens it at start-up. */
const dealtMatch = (rules, racks, players) => dealt(server.url, rules, racks, { players });

async function openAndReveal(page) {
  await page.goto(server.url);
  await page.getByTestId('reveal').click();
  await page.getByTestId('rack').waitFor();
}

test('a reload or "Continue" after "Show my rack" puts the cover back', async () => {
  await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page);
  await page.reload();
  await page.getByTestId('cover').waitFor();
  assert.equal(await page.getByTestId('rack').count(), 0);

  await page.getByTestId('reveal').click();
  await page.getByTestId('rack').waitFor();
  await page.locator('[data-nav=history]').first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('cover').waitFor();
  assert.equal(await page.getByTestId('rack').count(), 0);
  await page.close();
});

test('a double tap on Hint takes one hint, and the button is locked while it works', async () => {
  const id = await dealtMatch('classic-15', ['CATEIOL', 'SNNDBGL']);
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page);
  await page.locator('[data-action=hint]').click({ clickCount: 2 });
  await page.locator('.square .tile.staged').first().waitFor();
  assert.equal(await page.locator('[data-action=hint]').textContent(), 'Suggest a move');
  const list = await api(server.url, 'match_list', {});
  const match = list.body.matches.find((m) => m.id === id);
  assert.equal(match.players[0].hints, 1);
  await page.close();
});

test('classic-15-ten counts each player\'s own turns', async () => {
  const id = await dealtMatch('classic-15-ten', ['CATEIOL', 'SNNDBGL']);
  for (let i = 0; i < 2; i++) {
    await api(server.url, 'reveal_rack', { match_id: id });
    const r = await api(server.url, 'pass', { match_id: id });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(server.url);
  await page.getByTestId('cover').waitFor();
  // Ann and Ben passed once each: Ann now takes her 2nd of 10 turns.
  assert.equal(await page.getByTestId('turn-counter').textContent(), 'Turn 2 of 10');
  await page.close();
});

test('a refused word is named once, an empty exchange asks for tiles, a resignation reads well', async () => {
  await dealtMatch('wordclub-1.0', ['TRAEIOL', 'SNNDBGL']);
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page);
  for (const [i, letter] of ['T', 'R', 'A'].entries()) {
    await rackTile(page, letter).click();
    await square(page, 4, 3 + i).click();
  }
  // The lone first tile was refused too: wait for the refusal of the whole word.
  await page.getByTestId('preview-error').filter({ hasText: 'TRA' }).waitFor();
  const message = await page.getByTestId('preview-error').textContent();
  assert.equal(message.split('TRA').length - 1, 1, `TRA named once in "${message}"`);

  await page.locator('[data-action=recall]').click();
  await page.locator('[data-action=exchange]').click();
  await page.getByTestId('pick-ok').click();
  assert.equal(await page.getByTestId('pick-note').textContent(), 'Choose the tiles to exchange.');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.locator('[data-action=resign]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();
  assert.equal(await page.getByTestId('end-reason').textContent(), 'The match ended by resignation.');
  assert.equal(await page.locator('[data-testid=end] h1').textContent(), 'Ben wins');

  // History: the list's name, and a detail with names, final scores and the winner.
  await page.locator('[data-testid=end] [data-nav=history]').click();
  await page.getByTestId('history').waitFor();
  assert.equal(await page.locator('[data-testid=history] tbody td').nth(2).textContent(), 'Word Club list 2');
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByTestId('detail').waitFor();
  const players = await page.locator('[data-testid=detail] table').last().locator('tbody tr td:nth-child(2)').allTextContents();
  assert.deepEqual(players, ['Ann'], 'the one turn (a resignation) names its player');
  const results = await page.locator('[data-testid=detail-results] tbody tr').allTextContents();
  assert.equal(results.length, 2);
  assert.match(results[1], /^Ben.*Winner$/);
  await page.close();
});

for (const [name, width, height] of [['desktop', 1280, 860], ['tablet', 820, 1180]]) {
  for (const rules of ['wordclub-1.0', 'classic-15']) {
    test(`${name} ${width}×${height}, ${rules}: board, cover, rack, controls and preview fit the screen`, async () => {
      await dealtMatch(rules, ['TRAEIOL', 'SNNDBGL']);
      const page = await browser.newPage({ viewport: { width, height } });
      await page.goto(server.url);
      const bottom = async (sel) => { const b = await page.locator(sel).first().boundingBox(); return b.y + b.height; };
      assert.ok(await bottom('[data-testid=reveal]') <= height, '"Show my rack" is above the fold');
      await page.getByTestId('reveal').click();
      await page.getByTestId('rack').waitFor();
      const star = await page.locator('.square.star').evaluate((e) => ({ row: Number(e.dataset.row), col: Number(e.dataset.col) }));
      for (const [i, letter] of ['T', 'R', 'A'].entries()) {
        await rackTile(page, letter).click();
        await square(page, star.row, star.col - 1 + i).click();
      }
      await page.getByTestId('preview-error').waitFor();
      assert.ok(await bottom('[data-action=play]') <= height, 'the Play row is above the fold');
      assert.ok(await bottom('.preview') <= height, 'the preview is on screen');
      const heights = await page.locator('.square').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      // Equal up to sub-pixel rounding (staged tiles once made their row taller).
      assert.ok(Math.max(...heights) - Math.min(...heights) < 1, `every square has the same height: ${Math.min(...heights)}–${Math.max(...heights)}`);
      await page.screenshot({ path: screenshotPath(`fit-${name}-${rules}.png`) });
      await page.close();
    });
  }
}

test('the new-match form and the word checker speak plainly', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(server.url);
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('wordclub-1.0');
  await page.getByLabel('Player 2 name').fill('   ');
  await page.getByTestId('start').click();
  await page.getByTestId('new-match-error').filter({ hasText: 'name' }).waitFor();
  assert.equal(await page.getByTestId('new-match-error').textContent(), 'Every player needs a name.');

  await page.locator('[data-nav=checker]').first().click();
  await page.getByLabel('Word', { exact: true }).fill('two words');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByTestId('check-result').filter({ hasText: 'A–Z' }).waitFor();
  assert.equal(await page.getByTestId('check-result').textContent(), 'Only the letters A–Z: "two words" has a space.');
  await page.getByLabel('Word', { exact: true }).fill('zzxq');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByTestId('check-result').filter({ hasText: 'ZZXQ' }).waitFor();
  assert.equal(await page.getByTestId('check-result').textContent(), 'ZZXQ is not in the word list (Word Club list 2)');
  await page.close();
});

test('solo: "Replace" reads as replaced, and the end screen gives the round\'s points', async () => {
  await dealtMatch('solo-10', ['CATEIOL'], ['Sol']);
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(server.url);
  await page.getByTestId('rack').waitFor();
  assert.equal(await page.locator('[data-action=exchange]').textContent(), 'Replace');
  await page.locator('[data-action=exchange]').click();
  await page.getByTestId('last-move').filter({ hasText: 'replaced' }).waitFor();
  assert.equal(await page.getByTestId('last-move').textContent(), 'Sol replaced 7 tiles');
  await page.locator('[data-action=resign]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();
  assert.equal(await page.locator('[data-testid=end] h1').textContent(), 'Round over: 0 points');
  assert.equal(await page.getByTestId('end-reason').textContent(), 'You ended the round.');
  await page.close();
});

test('the last move\'s tiles are outlined, and a blank looks the same on the rack and in the picker', async () => {
  const id = await dealtMatch('wordclub-1.1', ['CATEIOL', 'SNNDBG?']);
  await api(server.url, 'reveal_rack', { match_id: id });
  const played = await api(server.url, 'play', {
    match_id: id, tiles: [3, 4, 5].map((col, i) => ({ row: 4, col, letter: 'CAT'[i] })),
  });
  assert.equal(played.status, 200, JSON.stringify(played.body));
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page);
  // The tile covers its square, so the outline is on the tile itself.
  const outlines = await page.locator('.square.last .tile').evaluateAll((els) => els.map((e) => getComputedStyle(e).outlineStyle));
  assert.deepEqual(outlines, ['solid', 'solid', 'solid']);
  const blankOnRack = await page.locator('[data-testid=rack] .tile[data-letter="?"]').innerHTML();
  await page.locator('[data-action=exchange]').click();
  assert.equal(await page.locator('.picker .tile[data-letter="?"]').innerHTML(), blankOnRack);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.close();
});
