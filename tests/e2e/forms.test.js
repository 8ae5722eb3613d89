// The forms in a real browser against the real backend: the new-match form, the word checker
// and the settings say plainly what they do and what went wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, SIZES } from './helpers.js';

const ctx = perTest({ seed: 5 });

const { openPage } = ctx;

test('the new-match form and the word checker speak plainly', async () => {
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(ctx.server.url);
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
  assert.equal(await page.getByTestId('check-result').textContent(), 'ZZXQ is not in the word list (Word Club list 4)');
  await page.close();
});

for (const [name, size, touch] of SIZES) {
  test(`${name}: the word checker's fields have visible labels`, async () => {
    const page = await openPage(size, touch);
    await page.getByTestId('new-match').waitFor();
    await page.locator('[data-nav=checker]').first().click();
    await page.getByRole('heading', { name: 'Word checker' }).waitFor();
    for (const label of ['Word', 'Word list']) {
      const field = page.getByLabel(label, { exact: true });
      assert.equal(await field.count(), 1, label);
      assert.ok(await page.locator('label.field', { hasText: label }).first().isVisible(), `${label} label shown`);
    }
    await page.getByLabel('Word', { exact: true }).fill('qi');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const answer = (await api(ctx.server.url, 'check_word', { word: 'qi', list: 'wordclub' })).body;
    await page.getByTestId('check-result').filter({ hasText: 'QI' }).waitFor();
    assert.equal(await page.getByTestId('check-result').textContent(), answer.message);
    await page.context().close();
  });
}

test('settings say what Sound and the tile tracker do; the new-match form leaves no gap for an empty message', async () => {
  const page = await openPage(SIZES[0][1]);
  await page.getByTestId('new-match').waitFor();
  const note = await page.getByTestId('new-match-error').boundingBox();
  assert.equal(note.height, 0, 'no message, no room taken');
  const seat = await page.getByLabel(/^Player \d name$/).last().boundingBox();
  const start = await page.getByTestId('start').boundingBox();
  assert.ok(start.y - (seat.y + seat.height) < 40, `Start sits right under the players (${start.y - (seat.y + seat.height)}px)`);

  await page.locator('nav [data-nav=settings]').click();
  await page.getByTestId('settings').waitFor();
  for (const [label, words] of [['Sound', /tone/], ['Tile tracker', /not seen/]]) {
    const box = page.getByLabel(label, { exact: true });
    const id = await box.getAttribute('aria-describedby');
    assert.ok(id, `${label} is described`);
    assert.match(await page.locator(`#${id}`).textContent(), words);
    assert.ok(await page.locator(`#${id}`).isVisible());
  }
  await page.context().close();
});

test('the new-match form keeps its table: a computer seat and the names are there after Back, a reload and a new match', async () => {
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(ctx.server.url);
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('wordclub-1.0');
  await page.getByRole('button', { name: 'Add player' }).click();
  await page.getByLabel('Player 1 name').fill('Ann');
  await page.getByLabel('Player 2 name').fill('Hal');
  await page.getByLabel('Player 3 name').fill('Cy');
  await page.getByLabel('Player 2 is').selectOption('hard');
  const table = async () => {
    await page.getByTestId('new-match').waitFor();
    const names = await page.locator('[data-testid=new-match] .seat > input').evaluateAll((els) => els.map((e) => /** @type {HTMLInputElement} */ (e).value));
    const kinds = await page.locator('[data-testid=new-match] .seat select:not(.seat-colour-pick)').evaluateAll((els) => els.map((e) => /** @type {HTMLSelectElement} */ (e).value));
    return names.map((name, i) => `${name}:${kinds[i]}`);
  };
  const expected = ['Ann:human', 'Hal:hard', 'Cy:human'];
  assert.deepEqual(await table(), expected);
  // Off to the rules and Back: the form as it was left.
  await page.getByTestId('rules-link').click();
  await page.locator('nav [data-nav=rules][aria-current=page]').waitFor();
  await page.goBack();
  assert.deepEqual(await table(), expected, 'after Back');
  await page.reload();
  assert.deepEqual(await table(), expected, 'after a reload');
  // Started, and the next new match offers the same table, the computer seat with it.
  await page.getByTestId('start').click();
  await page.getByTestId('cover').waitFor();
  const [started] = (await api(ctx.server.url, 'match_list', { status: 'in_progress' })).body.matches;
  assert.deepEqual(started.players.map((p) => `${p.name}:${p.computer ? 'computer' : 'person'}`), ['Ann:person', 'Hal:computer', 'Cy:person']);
  await page.locator('[data-nav=home]:not(.brand)').first().click();
  assert.deepEqual(await table(), expected, 'the next new match');
  await page.close();
});
