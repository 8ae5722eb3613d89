// Challenges (issue 46) at tablet size with touch, against the real backend: a three-person
// match where a phony is challenged off from the cover and a valid play's challenge fails
// (+5 to its player), the withdrawn word added to our words, and a Hard computer challenging a phony played on the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, square, rackTile, reveal, settle, TABLET } from './helpers.js';

const ctx = perTest({ seed: 3 });

/** A Word Club 1.0 match made through the API with challenges on; resolves with its id. */
async function challengeMatch(players, racks, penalty) {
  const { status, body } = await api(ctx.server.url, 'new_match', {
    rules: 'wordclub-1.0', players, challenges: penalty, deal: { racks, draw_order: 'ARTE' },
  });
  if (status !== 200) throw new Error(`new_match refused: ${JSON.stringify(body)}`);
  return body.id;
}

/** `word` across row 5 from column D (through the star), played through the API. */
async function playAcross(id, word) {
  await api(ctx.server.url, 'reveal_rack', { match_id: id });
  const played = await api(ctx.server.url, 'play', {
    match_id: id, tiles: [...word].map((letter, i) => ({ row: 4, col: 3 + i, letter })),
  });
  if (played.status !== 200) throw new Error(`play ${word} refused: ${JSON.stringify(played.body)}`);
  return played.body;
}

test('three people: a phony challenged off from the cover, then a failed challenge gives +5', async () => {
  const id = await challengeMatch(
    [{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cy' }], ['CATEIOL', 'SNNDBGL', 'AAERRST'], 'plus5');
  await playAcross(id, 'TCA');
  const page = await ctx.openPage(TABLET.options.viewport, true);
  // Ben's cover: each other person may challenge, before "Show my rack".
  await page.getByTestId('cover').waitFor();
  const buttons = page.getByTestId('challenge-button');
  assert.deepEqual(await buttons.allTextContents(), ['Ben: Challenge TCA', 'Cy: Challenge TCA']);
  await page.getByText('Cy: Challenge TCA').tap();
  const result = page.getByTestId('challenge-result');
  await result.waitFor();
  assert.match(await result.textContent(), /Cy challenged TCA: TCA is not in the list\. Ann's play is withdrawn/);
  // The family may keep the word for later matches; this one keeps the words it started with.
  await page.getByText('Add TCA to our words').tap();
  await page.getByText('TCA is one of our words from the next match').waitFor();
  const ours = (await api(ctx.server.url, 'our_words', {})).body;
  assert.deepEqual(ours.added.map((w) => w.word), ['TCA']);
  // The board is empty again and nothing is offered to challenge; Ben still plays next.
  assert.equal(await page.locator('.square .tile:not(.staged)').count(), 0);
  assert.equal(await buttons.count(), 0);
  assert.match(await page.locator('[data-testid=cover] h1').textContent(), /Ben/);
  await reveal(page);
  await settle(page);
  assert.equal((await api(ctx.server.url, 'pass', { match_id: id })).status, 200);
  // Cy plays ARTS through the API; Ann, next, challenges it from her cover and it stands.
  await playAcross(id, 'ARTS');
  await page.reload();
  await page.getByTestId('cover').waitFor();
  await page.getByText('Ann: Challenge ARTS').tap();
  await page.getByText(/every word is in the list, so the play stands\. Cy gains 5 points/).waitFor();
  const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
  const arts = view.turns.at(-1);
  assert.equal(arts.challenge.bonus, 5);
  assert.equal(arts.totals[2], arts.score + 5);
  assert.equal(view.rack, null, 'no rack is shown by a challenge');
  assert.deepEqual(page.context().errors, []);
});

test('Hard challenges a phony played on the screen at once', async () => {
  const id = await challengeMatch(
    [{ name: 'Ann' }, { name: 'Bot', computer: 'hard' }], ['CATEIOL', 'SNNDBGL'], 'none');
  assert.ok(id);
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await reveal(page);
  for (const [letter, col] of [['T', 3], ['C', 4], ['A', 5]]) {
    await rackTile(page, letter).tap();
    await square(page, 4, col).tap();
  }
  await page.locator('[data-action=play]:not([disabled])').waitFor();
  await page.locator('[data-action=play]').tap();
  const mark = page.getByTestId('challenge-mark').first();
  await mark.waitFor({ state: 'attached' });
  assert.equal(await mark.textContent(), ' (challenged off)');
  const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
  assert.deepEqual(view.turns[0].challenge, { by: 1, not_in_list: ['TCA'], bonus: 0 });
  assert.deepEqual(page.context().errors, []);
});

test('tablet: a word checked on the match screen is recorded as assistance for the player to move', async () => {
  const id = await challengeMatch([{ name: 'Ann' }, { name: 'Ben' }], ['CATEIOL', 'SNNDBGL'], 'none');
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await reveal(page);
  await page.getByTestId('word-lookup').locator('summary').tap();
  await page.getByLabel('Word to check').fill('tca');
  await page.getByTestId('lookup-check').tap();
  const said = page.getByTestId('lookup-result');
  await said.filter({ hasText: 'Recorded' }).waitFor();
  assert.equal(await said.textContent(), "TCA is not in this match's word list (Word Club list 4). Recorded as assistance for Ann.");
  // Ann plays CAT: her turn carries the lookup on the scoresheet.
  for (const [letter, col] of [['C', 3], ['A', 4], ['T', 5]]) {
    await rackTile(page, letter).tap();
    await square(page, 4, col).tap();
  }
  await page.locator('[data-action=play]:not([disabled])').waitFor();
  await page.locator('[data-action=play]').tap();
  await page.getByTestId('cover').waitFor();
  const view = (await api(ctx.server.url, 'match_view', { match_id: id })).body;
  assert.equal(view.turns[0].looked_up, 1);
  assert.equal(await page.getByTestId('looked-up-mark').first().textContent(), ' (looked up a word)');
  // The Rules screen says it, and that the checker on its own screen records nothing.
  await page.locator('[data-nav=rules]').first().tap();
  const rule = page.getByTestId('rules-lookups');
  await rule.waitFor();
  assert.match(await rule.textContent(), /recorded as help for the player to move.*The word checker on its own screen records nothing/);
  assert.deepEqual(page.context().errors, []);
});

test('tablet: a phony that stood is marked on the end screen\'s best turn and in the statistics', async () => {
  const id = await challengeMatch([{ name: 'Ann' }, { name: 'Ben' }], ['CATEIOL', 'SNNDBGL'], 'none');
  await playAcross(id, 'TCA');
  // Ben shows his rack (the play stands) and passes; Ann resigns.
  await api(ctx.server.url, 'reveal_rack', { match_id: id });
  await api(ctx.server.url, 'pass', { match_id: id });
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await page.getByTestId('reveal').tap();
  await page.getByTestId('rack').waitFor();
  await page.locator('[data-action=resign]').tap();
  await page.getByTestId('confirm-yes').tap();
  await page.getByTestId('end').waitFor();
  const best = page.getByTestId('best-turn');
  assert.match(await best.textContent(), /TCA at .* \(TCA: not in the list, not challenged\)$/);
  await page.locator('[data-nav=stats]').first().tap();
  await page.getByTestId('stats-rules').selectOption('wordclub-1.0');
  const cell = page.locator('[data-player=Ann] [data-stat=best-turn]');
  await cell.filter({ hasText: 'not challenged' }).waitFor();
  assert.match(await cell.textContent(), /^TCA at .*\(TCA: not in the list, not challenged\)$/);
  // The match's analysis marks it too (the detail's analysis column, from the backend's facts).
  await page.locator('[data-nav=history]').first().tap();
  await page.getByTestId('history').waitFor();
  await page.locator(`[data-match="${id}"]`).getByRole('button', { name: 'Open', exact: true }).tap();
  await page.getByTestId('detail').waitFor();
  const marked = page.getByTestId('analysis-unchallenged').first();
  await marked.waitFor({ timeout: 60000 });
  assert.equal(await marked.textContent(), ' (TCA: not in the list, not challenged)');
  assert.deepEqual(page.context().errors, []);
});
