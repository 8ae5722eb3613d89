// The turn's actions besides placing tiles, in a real browser against the real backend: hints
// (one per tap, named for what they give, the screen drawn once with the answer), exchange
// (its dialog, an empty choice), the solo round's Replace, and the Sound setting's tones for
// each turn done.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, api, reveal, openAndReveal, settle, SIZES } from './helpers.js';

const ctx = perTest({ seed: 5 });

/** A match made through the API with fixed racks (the page then opens it at start-up), and a
 *  page on the app. */
const { dealtMatch, openPage } = ctx;

test('a double tap on Hint takes one hint, and the button is locked while it works', async () => {
  const id = await dealtMatch('classic-15', ['CATEIOL', 'SNNDBGL']);
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page, ctx.server.url);
  await page.locator('[data-action=hint]').click({ clickCount: 2 });
  await page.locator('.square .tile.staged').first().waitFor();
  assert.equal(await page.locator('[data-action=hint]').textContent(), 'Suggest a move');
  const list = await api(ctx.server.url, 'match_list', {});
  const match = list.body.matches.find((m) => m.id === id);
  assert.equal(match.players[0].hints, 1);
  await page.close();
});

test('an exchange with no tile chosen asks for tiles', async () => {
  await dealtMatch('wordclub-1.0', ['TRAEIOL', 'SNNDBGL']);
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page, ctx.server.url);
  await page.locator('[data-action=exchange]').click();
  await page.getByTestId('pick-ok').click();
  assert.equal(await page.getByTestId('pick-note').textContent(), 'Choose the tiles to exchange.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.close();
});

test('after an exchange the cover comes up with none of the exchanger\'s tiles left in the page: the closed picker keeps nothing', async () => {
  await dealtMatch('wordclub-1.0', ['TRAEIOL', 'SNNDBGL']);
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page, ctx.server.url);
  await page.locator('[data-action=exchange]').click();
  const picker = page.locator('dialog[open]');
  await picker.locator('button.tile').nth(0).click();
  await picker.locator('button.tile').nth(1).click();
  await page.getByTestId('pick-ok').click();
  await page.getByTestId('cover').filter({ hasText: 'Ben' }).waitFor();
  await settle(page);
  // Ann's five kept tiles were the picker's unpressed buttons: nothing of it is left.
  assert.equal(await page.locator('#dialog').evaluate((d) => d.innerHTML), '');
  assert.equal(await page.locator('.tile[data-letter]').count(), 0, 'no tile face anywhere behind the cover');
  // Escape closes a dialog too: emptied the same way.
  await page.getByTestId('reveal').click();
  await page.locator('[data-action=exchange]').click();
  await picker.waitFor();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('dialog').open && document.getElementById('dialog').childElementCount === 0);
  await page.close();
});

test('solo: "Replace" reads as replaced, and the end screen gives the round\'s points', async () => {
  await dealtMatch('solo-10', ['CATEIOL'], ['Sol']);
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(ctx.server.url);
  // Opened on a (re)loaded page: behind the cover even for one person (issue 22).
  await reveal(page);
  assert.equal(await page.locator('[data-action=exchange]').textContent(), 'Replace');
  await page.locator('[data-action=exchange]').click();
  // Replace spends one of the ten turns: asked first, as Resign is.
  assert.match(await page.locator('dialog[open]').textContent(), /uses one of your turns \(10 left\)/);
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('last-move').filter({ hasText: 'replaced' }).waitFor();
  assert.equal(await page.getByTestId('last-move').textContent(), 'Sol replaced 7 tiles');
  await page.locator('[data-action=resign]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();
  assert.equal(await page.locator('[data-testid=end] h1').textContent(), 'Round over: 0 points');
  assert.equal(await page.getByTestId('end-reason').textContent(), 'You ended the round.');
  await page.close();
});

test('a words hint draws the turn screen twice: as it is asked, and with its answer', async () => {
  await dealtMatch('wordclub-1.0', ['TRAEIOL', 'SNNDBGL']);
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 860 } });
  await openAndReveal(page, ctx.server.url);
  // A whole drawing replaces the screen box's child; a patch changes what is inside it.
  await page.evaluate(() => {
    globalThis.turnDraws = 0;
    new MutationObserver((records) => {
      for (const r of records) if (r.addedNodes.length) globalThis.turnDraws += 1;
    }).observe(document.querySelector('#screen > .screen-box'), { childList: true });
  });
  await page.locator('[data-action=hint]').click();
  await page.getByTestId('hint-words').waitFor();
  await settle(page);
  assert.equal(await page.evaluate(() => globalThis.turnDraws), 2);
  // The answer says it counts as a hint (on touch the button's title is never seen), as the
  // New match form said before play.
  assert.match(await page.getByTestId('hint-words').textContent(), /^Words from your rack \(a hint: shown in the result\)/);
  await page.locator('nav [data-nav=home]').click();
  assert.match(await page.getByTestId('new-match').textContent(), /Allow hints — a player may ask for .+; each hint taken is shown in the result/);
  await page.close();
});

test('the hint control is named for what it gives: "Suggest a move" in classic, "Hint" in Word Club', async () => {
  const rules = (await api(ctx.server.url, 'rule_sets')).body;
  for (const id of ['classic-15', 'wordclub-1.0']) {
    const kinds = rules.find((r) => r.id === id).hints;
    const want = kinds.includes('suggest_move') ? 'Suggest a move' : 'Hint';
    await dealtMatch(id, ['CATEIOL', 'SNNDBGL']);
    const page = await openPage(SIZES[0][1]);
    await reveal(page);
    assert.equal(await page.locator('[data-action=hint]').textContent(), want, id);
    assert.match(await page.locator('[data-action=hint]').getAttribute('title'), /recorded/);
    await page.context().close();
  }
});

test('the exchange dialog says what choosing tiles does', async () => {
  await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await openPage(SIZES[1][1], true);
  await page.getByTestId('reveal').click();
  await page.locator('[data-action=exchange]').click();
  const help = page.getByTestId('pick-help');
  await help.waitFor();
  assert.match(await help.textContent(), /bag/);
  assert.match(await help.textContent(), /scores nothing/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.context().close();
});

/** An init script: the page's AudioContext is a stand-in that records the frequency of each
 *  tone started (`window.tonesHeard`), so the test hears what sound.js plays. */
function listenToTones() {
  window.tonesHeard = [];
  globalThis.AudioContext = class {
    currentTime = 0;
    destination = {};
    createOscillator() {
      const osc = { frequency: { value: 0 }, connect: (node) => node, start: () => window.tonesHeard.push(osc.frequency.value), stop() {} };
      return osc;
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node) => node };
    }
  };
}

test('the Sound setting is obeyed: a tone for each turn done and for the end, none when it is off', async () => {
  for (const sound of [false, true]) {
    const saved = await api(ctx.server.url, 'update_settings', { sound });
    assert.equal(saved.body.sound, sound);
    await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
    const page = await openPage(SIZES[0][1]);
    await page.addInitScript(listenToTones);
    await page.reload();
    await page.getByTestId('reveal').click();
    await page.locator('[data-action=pass]').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('reveal').click();
    await page.locator('[data-action=resign]').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('end').waitFor();
    // sound.js's tones: 660 Hz for a turn done, 440 Hz for the end.
    assert.deepEqual(await page.evaluate(() => window.tonesHeard), sound ? [660, 440] : [], `sound ${sound}`);
    await page.context().close();
  }
});
