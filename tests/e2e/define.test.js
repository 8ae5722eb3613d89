// What a word means (issue 25), in a real browser against the real backend: the word checker
// shows a valid word's meaning (part of speech, senses, the lemma of an inflection), and the
// scoresheet's meaning control — its own button beside the turn's row — opens a popover that
// a tap elsewhere or Escape closes, by touch on a tablet and by the keyboard on a desktop,
// announced in the status region, with axe clean while it is open. The assertions are about
// structure (part of speech, lemma, how many senses), never a gloss's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { perTest, api, catPlayed, reveal, settle, DESKTOP, TABLET, ROOT, screenshotPath } from './helpers.js';

const ctx = perTest({ seed: 7 });
const AXE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

async function violations(page) {
  if (!await page.evaluate(() => Boolean(globalThis.axe))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const { violations: found } = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return found.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`);
  });
}

async function check(page, word) {
  await page.getByLabel('Word', { exact: true }).fill(word);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByTestId('check-result').filter({ hasText: word.toUpperCase() }).waitFor();
}

for (const [size, touch] of [[DESKTOP, false], [TABLET, true]]) {
  test(`${size.name}: the word checker shows meanings, lemmas and the no-definition note`, async () => {
    const page = await ctx.openPage(size.options.viewport, touch);
    await page.getByTestId('new-match').waitFor();
    await page.locator('[data-nav=checker]').first().click();
    await page.getByRole('heading', { name: 'Word checker' }).waitFor();

    await check(page, 'cat');
    const meaning = page.getByTestId('check-meaning');
    await meaning.getByTestId('definition').waitFor();
    assert.equal(await meaning.getByTestId('definition').getAttribute('data-status'), 'defined');
    assert.equal(await meaning.getByTestId('meaning').first().getAttribute('data-pos'), 'noun');
    const senses = await meaning.getByTestId('sense').count();
    assert.ok(senses >= 1 && senses <= 3, `CAT shows 1 to 3 senses, not ${senses}`);
    await page.screenshot({ path: screenshotPath(`define-checker-${size.name}.png`) });

    // An inflection: its lemma named, from the backend's own answer.
    await check(page, 'qis');
    await meaning.getByTestId('lemma').first().waitFor();
    const backend = (await api(ctx.server.url, 'define', { words: ['qis'], list: 'wordclub' })).body.definitions[0];
    assert.equal(backend.meanings[0].lemma, 'QI');
    assert.equal(await meaning.getByTestId('meaning').first().getAttribute('data-lemma'), 'QI');
    assert.match(await meaning.getByTestId('lemma').first().textContent(), /plural of QI/);

    // In the list with nothing to define it: said so, with why it is valid (the backend's note).
    await check(page, 'kistvaen');
    await meaning.getByTestId('definition-note').waitFor();
    assert.equal(await meaning.getByTestId('definition').getAttribute('data-status'), 'no_definition');
    assert.match(await meaning.getByTestId('definition-note').textContent(), /^In the list — no definition shipped/);

    // Not in the list: the checker's refusal, no meaning.
    await check(page, 'zzzz');
    assert.equal(await meaning.getByTestId('definition').count(), 0);
    assert.equal(ctx.server && (await page.context().errors ?? []).length, 0);
    await page.context().close();
  });
}

/** Ben to move after Ann's CAT, behind the cover: a scoresheet with one play. */
async function matchWithCat(page) {
  // The page opened on the start screen first: once it has said so to the backend (its
  // screen, per client), the match made here is the one it reopens.
  await settle(page);
  const { id } = await catPlayed(ctx.server.url, 'DOGSEIR');
  await page.goto(ctx.server.url);
  await reveal(page);
  await page.locator('.sheet-row[data-kind=play]').first().waitFor({ state: 'attached' });
  return id;
}

test('tablet: a tap on the scoresheet\'s meaning control opens the popover, a tap elsewhere closes it', async () => {
  const page = await ctx.openPage(TABLET.options.viewport, true);
  await matchWithCat(page);
  const sheet = page.getByTestId('scoresheet');
  if (!await sheet.evaluate((d) => d.open)) await page.getByTestId('scoresheet-toggle').tap();
  const control = page.locator('.sheet-row[data-kind=play] [data-testid=define-button]').first();
  // Its own control, not nested in the row's button.
  assert.equal(await control.evaluate((b) => Boolean(b.parentElement.closest('button'))), false);
  assert.equal(await control.getAttribute('aria-label'), 'Meaning of CAT');
  await control.tap();
  const popover = page.getByTestId('define-popover');
  await popover.getByTestId('definition').waitFor();
  assert.equal(await popover.getAttribute('role'), 'dialog');
  assert.equal(await control.getAttribute('aria-expanded'), 'true');
  assert.equal(await popover.getByTestId('definition').getAttribute('data-word'), 'CAT');
  // Announced in the one polite status region.
  await page.waitForFunction(() => document.getElementById('status')?.textContent.startsWith('CAT: noun'));
  assert.deepEqual(await violations(page), [], 'axe with the popover open');
  await page.screenshot({ path: screenshotPath('define-popover-tablet.png') });
  // The row's own button still selects the turn; a tap elsewhere closes the popover.
  await page.getByTestId('scores').tap();
  await popover.waitFor({ state: 'detached' });
  assert.equal(await control.getAttribute('aria-expanded'), 'false');
  // The rack was not touched by any of it: the draft is empty.
  assert.equal(await page.locator('[data-testid=rack] .tile.used').count(), 0);
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('desktop keyboard: Tab reaches the meaning control, Enter opens, Escape closes and gives the focus back', async () => {
  const page = await ctx.openPage(DESKTOP.options.viewport, false);
  await matchWithCat(page);
  const control = page.locator('.sheet-row[data-kind=play] [data-testid=define-button]').first();
  // Reachable by Tab from the turn's own button.
  await page.locator('.sheet-row[data-kind=play] .sheet-turn').first().focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Meaning of CAT');
  await page.keyboard.press('Enter');
  const popover = page.getByTestId('define-popover');
  await popover.getByTestId('definition').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'define-popover');
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'detached' });
  assert.equal(await control.evaluate((b) => b === document.activeElement), true, 'the focus is back on the control');
  assert.equal(await control.getAttribute('aria-expanded'), 'false');
  // Escape closed the popover only: the staged-tile recall had nothing to do, and the match
  // screen is still there with Ben's rack.
  assert.equal(await page.getByTestId('rack').count(), 1);
  // The last move's words can be looked up where the move is reported.
  await page.getByTestId('last-move').getByTestId('define-button').click();
  await popover.getByTestId('definition').waitFor();
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'detached' });
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('define refuses bad input with a typed error and names the match\'s list', async () => {
  const { id } = await catPlayed(ctx.server.url, 'DOGSEIR');
  const bad = await api(ctx.server.url, 'define', { words: ['e-mail'], list: 'wordclub' });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.kind, 'not_a_to_z');
  const none = await api(ctx.server.url, 'define', { words: [] });
  assert.equal(none.body.error.kind, 'no_words');
  const both = await api(ctx.server.url, 'define', { words: ['cat'], list: 'wordclub', match_id: id });
  assert.equal(both.body.error.kind, 'list_and_match');
  const ok = await api(ctx.server.url, 'define', { words: ['cat', 'kistvaen'], match_id: id });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.definitions[0].list_version, '4', 'the list the match is pinned to: list 4 for a new match');
  assert.ok(['defined', 'no_definition'].includes(ok.body.definitions[1].status));
});
