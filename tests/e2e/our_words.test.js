// "Our words" and a word list of one's own (issue 46), at tablet size with touch: a word
// added from the word checker is played, a word blocked there is refused naming our words;
// a list of one's own is imported (a file with a bad line is refused naming it), a match is
// played on it against a computer, and its removal is refused while that match uses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, TABLET, api, reveal, rackTile, square, wordclubWords, screenshotPath } from './helpers.js';

const ctx = perTest({ seed: 5 });

/** Checks `word` in the word checker and waits for its answer. */
async function check(page, word) {
  await page.getByLabel('Word', { exact: true }).fill(word);
  await page.getByRole('button', { name: 'Check', exact: true }).tap();
  await page.getByTestId('check-result').filter({ hasText: `${word.toUpperCase()} ` }).waitFor();
}

/** Taps `letters` from the rack onto row 4 from column `col` on. */
async function stage(page, letters, col) {
  for (const [i, letter] of [...letters].entries()) {
    await rackTile(page, letter).tap();
    await square(page, 4, col + i).tap();
  }
}

test('tablet: a word added to our words is played, a blocked one is refused naming our words', async () => {
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await page.locator('[data-nav=checker]').first().tap();
  await page.getByRole('heading', { name: 'Word checker' }).waitFor();
  await check(page, 'cloi');
  assert.match(await page.getByTestId('check-result').textContent(), /CLOI is not in the word list/);
  await page.getByLabel('Our note on it (optional)').fill("Grandad's word");
  await page.getByTestId('add-our-word').tap();
  await page.getByTestId('our-word-state').filter({ hasText: 'One of our words' }).waitFor();
  await check(page, 'cat');
  await page.getByTestId('block-our-word').tap();
  await page.getByTestId('our-word-state').filter({ hasText: 'Blocked at our table' }).waitFor();

  // A new match uses them by default (the form's "Use our words" is on).
  await page.locator('[data-nav=home]').first().tap();
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('use-our-words').waitFor();
  assert.equal(await page.getByTestId('use-our-words').isChecked(), true);
  const id = await ctx.dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  await page.goto(ctx.server.url);
  await reveal(page);
  await stage(page, 'CAT', 3);
  const refusal = page.getByTestId('preview-error').filter({ hasText: 'our words' });
  await refusal.waitFor();
  assert.match(await refusal.textContent(), /CAT.*blocked at our table \(our words\).*Word Club list 4/);
  await page.locator('[data-action=recall]').tap();
  await stage(page, 'CLOI', 3);
  await page.getByTestId('preview-total').waitFor();
  await page.screenshot({ path: screenshotPath('our-words-cloi.png') });
  await page.locator('[data-action=play]').tap();
  for (let i = 0; i < 100; i += 1) {
    const list = (await api(ctx.server.url, 'match_list', {})).body;
    const row = list.matches.find((m) => m.id === id);
    if (row.turns === 1) { assert.equal(row.our_words, true); break; }
    assert.ok(i < 99, 'CLOI was not played');
    await page.waitForTimeout(100);
  }
  // The history says which matches used our words.
  await page.locator('[data-nav=history]').first().tap();
  await page.getByTestId('history').waitFor();
  assert.equal(await page.getByTestId('with-our-words').count(), 1);
  const meaning = (await api(ctx.server.url, 'define', { words: ['cloi'], match_id: id })).body;
  assert.equal(meaning.definitions[0].ours.note, "Grandad's word");
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('tablet: a list of your own is imported, played against a computer and kept while a match uses it', async () => {
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await page.locator('[data-nav=settings]').first().tap();
  await page.getByTestId('own-lists-settings').waitFor();
  await page.getByTestId('own-list-name').fill('Family');
  await page.getByTestId('own-list-file').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('cat\ndog\ne-mail\nzebra\n') });
  await page.getByTestId('import-own-list').tap();
  const note = page.getByTestId('own-lists-note');
  await note.filter({ hasText: 'line 3' }).waitFor();
  assert.match(await note.textContent(), /Family.*line 3/);

  const words = wordclubWords().filter((w) => w.length <= 5).join('\n');
  await page.getByTestId('own-list-file').setInputFiles({ name: 'family.txt', mimeType: 'text/plain', buffer: Buffer.from(words) });
  await page.getByTestId('import-own-list').tap();
  await note.filter({ hasText: 'Imported Family' }).waitFor();
  await page.getByTestId('own-list-graph').filter({ hasText: 'ready to play on Family' }).waitFor({ timeout: 60000 });

  await page.locator('[data-nav=home]').first().tap();
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('rules').selectOption('classic-15');
  await page.getByTestId('word-list-pick').selectOption('own:Family');
  await page.getByLabel('Player 1 name').fill('Ann');
  await page.getByLabel('Player 2 name').fill('Robo');
  await page.getByLabel('Player 2 is').selectOption('hard');
  await page.getByTestId('start').tap();
  await page.getByTestId('rack').waitFor();
  await page.locator('[data-action=hint]').tap();
  await page.getByTestId('preview-total').waitFor();
  await page.locator('[data-action=play]').tap();
  await page.waitForFunction(() => document.querySelector('[data-testid=last-move]')?.textContent.startsWith('Robo'), null, { timeout: 30000 });
  const list = (await api(ctx.server.url, 'match_list', {})).body;
  const row = list.matches[0];
  assert.equal(row.list_name, 'Family');
  assert.ok(row.turns >= 2, JSON.stringify(row));
  const gcg = (await api(ctx.server.url, 'export_gcg', { match_id: row.id, reveal_racks: true })).body.gcg;
  assert.match(gcg, /#lexicon own:Family/);

  await page.locator('[data-nav=settings]').first().tap();
  await page.getByTestId('own-lists').waitFor();
  await page.getByTestId('remove-own-list').tap();
  await note.filter({ hasText: 'cannot be removed' }).waitFor();
  assert.match(await note.textContent(), new RegExp(`match ${row.id}`));
  assert.equal(await page.getByTestId('own-lists').locator('li').count(), 1);
  await page.screenshot({ path: screenshotPath('own-list-kept.png') });
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});
