// Issue 45 in a real browser against the real backend: the first minute (plain rule-set
// names and the recommendation for the table size, what the options do, the greeting), every
// player's colour and mark (chosen on the form, kept for the next match, on the cover, the
// scores, the scoresheet, the end screen and the chart, readable in light and dark), who
// starts, and the unusual explained where it happens (1.3 at four: start points, racks of
// five; the tile tracker's unseen tiles).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, perTest, settle, SCREENSHOTS } from './helpers.js';

const ctx = perTest();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function ok(command, args = {}) {
  const { status, body } = await api(ctx.server.url, command, args);
  assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Every `.seat-name` inside `scope`: its text (mark and name), colour id, and the contrast of
 * its text against the background it is drawn on (the first ancestor with one).
 */
function namedPlayers(page, scope) {
  return page.locator(`${scope} .seat-name`).evaluateAll((els) => {
    /** @param {string} c */
    const rgb = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
    /** @param {number[]} c */
    const lum = ([r, g, b]) => {
      const f = (/** @type {number} */ v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    return els.filter((el) => el.getClientRects().length > 0).map((el) => {
      let bg = null;
      for (let node = el; node && !bg; node = node.parentElement) {
        const c = getComputedStyle(node).backgroundColor;
        const parts = rgb(c);
        if (parts.length >= 3 && (parts.length < 4 || parts[3] > 0)) bg = parts;
      }
      bg ??= rgb(getComputedStyle(document.body).backgroundColor);
      const fg = rgb(getComputedStyle(el).color);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      // The mark is drawn before the name (its ::before), from the backend's data-mark.
      const mark = getComputedStyle(el, '::before').content;
      return { text: el.textContent.trim(), mark: el.dataset.mark, drawn: mark, colour: el.dataset.colour, css: getComputedStyle(el).color, contrast: (hi + 0.05) / (lo + 0.05) };
    });
  });
}

/** Checks each named player in `found` wears their seat's colour as the backend serves it
 *  (`players`: the view's), readable at 4.5:1, and that the seats' colours differ. */
function assertColoured(found, players, where) {
  assert.ok(found.length >= players.length, `${where}: every player named (${JSON.stringify(found)})`);
  for (const f of found) {
    const p = players.find((x) => f.text === x.name);
    assert.ok(p, `${where}: ${f.text} is a player`);
    assert.equal(f.colour, p.colour.id, `${where}: ${p.name} in their colour`);
    assert.equal(f.mark, p.colour.mark, `${where}: ${p.name}'s mark`);
    assert.ok(f.drawn.includes(p.colour.mark), `${where}: ${p.name} after their mark (${f.drawn})`);
    assert.ok(f.contrast >= 4.5, `${where}: ${p.name} at ${f.contrast.toFixed(2)}:1`);
  }
  const byColour = new Map(found.map((f) => [f.colour, f.css]));
  assert.equal(new Set(byColour.values()).size, byColour.size, `${where}: a shade per colour`);
}

test('a new install: plain rule-set names, the one recommended for the table, what the options do', async () => {
  const sets = await ok('rule_sets');
  const recommended = (n) => sets.find((r) => r.guide.recommended_for.includes(n));
  const page = await ctx.openPage(PHONE, true);
  await page.getByTestId('new-match').waitFor();
  await page.getByTestId('intro').waitFor();
  assert.match(await page.getByTestId('intro').textContent(), /tablet/);
  const menu = page.getByTestId('rules');
  const options = await menu.locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  assert.equal(options.length, sets.length);
  for (const [id, text] of options) {
    const r = sets.find((s) => s.id === id);
    assert.ok(text.startsWith(r.guide.name), `${id}: ${text}`);
    assert.doesNotMatch(text, /candidate|lab|Word Club 1\.\d/, `${id}: ${text}`);
  }
  // Two seats: the recommendation for two, said in the menu.
  assert.equal(await menu.inputValue(), recommended(2).id);
  assert.match(options.find(([id]) => id === recommended(2).id)[1], /recommended for 2 players/);
  assert.equal(await page.getByTestId('rules-summary').textContent(), recommended(2).guide.summary);
  // A third seat: the form follows the recommendation for three (no default was chosen).
  await page.getByRole('button', { name: 'Add player' }).click();
  assert.equal(await menu.inputValue(), recommended(3).id);
  // What hints and take-backs do, in words on screen (not only a title).
  for (const id of ['allow-hints-help', 'allow-take-backs-help']) {
    assert.ok(await page.getByTestId(id).isVisible(), id);
  }
  assert.match(await page.getByTestId('allow-take-backs-help').textContent(), /undo/);
  assert.match(await page.getByTestId('allow-hints-help').textContent(), /hint/);
  await page.context().close();
});

test('1.3 at four: colours chosen on the form, on the cover, the scores and the end screen, light and dark; explained where it happens; kept for the next match', async () => {
  const page = await ctx.openPage(DESKTOP);
  await page.getByTestId('new-match').waitFor();
  await page.getByRole('button', { name: 'Add player' }).click();
  await page.getByRole('button', { name: 'Add player' }).click();
  for (const [i, name] of ['Ann', 'Ben', 'Cy', 'Di'].entries()) await page.getByLabel(`Player ${i + 1} name`).fill(name);
  await page.getByTestId('rules').selectOption('wordclub-1.3');
  // Ben takes red; Di, who had none chosen, keeps hers.
  await page.getByTestId('colour-1').selectOption('red');
  await page.getByTestId('start').click();
  await page.getByTestId('cover').waitFor();
  const id = Number(await page.getByTestId('match').getAttribute('data-match-id'));
  let view = await ok('match_view', { match_id: id });
  assert.deepEqual(view.players.map((p) => p.colour.id), ['blue', 'red', 'green', 'purple']);

  // The cover: "Pass to ● Ann" in Ann's colour, the recap and the start points by name.
  const heading = await namedPlayers(page, '[data-testid=cover] h1');
  assert.equal(heading.length, 1);
  assertColoured(heading, [view.players[0]], 'cover heading');
  assert.equal(await page.getByTestId('cover').getAttribute('data-colour'), 'blue');
  assertColoured(await namedPlayers(page, '[data-testid=cover-why-start]'), view.players, 'cover start points');
  // Why, in plain words, before the first move and beside the scores.
  const why = view.rules.guide.start_points;
  assert.match(await page.getByTestId('cover-why-start').textContent(), new RegExp(`Ann 8 · .*Ben 0 · .*Cy 3 · .*Di 8\\. ${why.replace(/[.]/g, '\\.')}`));
  assert.equal(await page.getByTestId('cover-why-table').textContent(), view.rules.guide.table_note);
  assert.match(await page.getByTestId('scores-why').textContent(), /Started with 8 · 0 · 3 · 8\./);
  assert.match(await page.getByTestId('unseen-why').textContent(), /other players' racks/);
  assertColoured(await namedPlayers(page, '[data-testid=scores]'), view.players, 'scores (light)');
  assertColoured(await namedPlayers(page, '[data-testid=scoresheet]'), view.players, 'scoresheet (light)');
  await page.screenshot({ path: `${SCREENSHOTS}/seats-cover-1.3-four-light.png` });

  // Dark: the same colours, in the dark theme's shades.
  await ok('update_settings', { theme: 'dark' });
  await page.reload();
  await page.getByTestId('cover').waitFor();
  assertColoured(await namedPlayers(page, '[data-testid=cover] h1'), [view.players[0]], 'cover heading (dark)');
  assertColoured(await namedPlayers(page, '[data-testid=scores]'), view.players, 'scores (dark)');
  assertColoured(await namedPlayers(page, '[data-testid=scoresheet]'), view.players, 'scoresheet (dark)');

  // Ann plays nothing; three resign in turn: the end screen.
  for (let i = 0; i < 3; i += 1) {
    await ok('reveal_rack', { match_id: id });
    await ok('resign', { match_id: id, confirm: true });
  }
  view = await ok('match_view', { match_id: id });
  assert.equal(view.over, true);
  await page.reload();
  await page.getByTestId('end').waitFor();
  for (const theme of ['dark', 'light']) {
    await ok('update_settings', { theme });
    await page.reload();
    await page.getByTestId('end').waitFor();
    assertColoured(await namedPlayers(page, '[data-testid=winner-moment]'), view.players, `winner (${theme})`);
    assertColoured(await namedPlayers(page, '[data-testid=results]'), view.players, `results (${theme})`);
    assertColoured(await namedPlayers(page, '[data-testid=chart-legend]'), view.players, `chart legend (${theme})`);
    const lines = await page.locator('[data-testid=end] [data-testid=progression-chart] polyline')
      .evaluateAll((ls) => ls.map((l) => [l.dataset.colour, getComputedStyle(l).stroke]));
    assert.deepEqual(lines.map(([c]) => c), view.players.map((p) => p.colour.id));
    assert.equal(new Set(lines.map(([, s]) => s)).size, 4, 'a line colour per seat');
  }

  // The next match: the family is greeted by name, and the form keeps their colours.
  await page.locator('nav [data-nav=home]').click();
  await page.getByTestId('new-match').waitFor();
  assert.match(await page.getByTestId('welcome-line').textContent(), /Welcome back, Ann, Ben, Cy and Di/);
  assert.equal(await page.getByTestId('colour-1').inputValue(), 'red');
  assert.equal(await page.getByTestId('rules').inputValue(), 'wordclub-1.3', 'the rule set last started');
  await page.context().close();
});

test('the form sets who starts, and a returning family sees its unfinished matches first', async () => {
  const page = await ctx.openPage(PHONE, true);
  await page.getByTestId('new-match').waitFor();
  await page.getByLabel('Player 1 name').fill('Ann');
  await page.getByLabel('Player 2 name').fill('Ben');
  await page.getByLabel('Player 2 name').blur();
  await page.getByTestId('first-player').selectOption({ label: 'Ben' });
  await page.getByTestId('start').click();
  await page.getByTestId('cover').waitFor();
  const heading = page.getByTestId('cover').locator('h1');
  assert.equal(await heading.textContent(), 'Pass to Ben');
  assert.equal(await heading.locator('.seat-name').getAttribute('data-mark'), '▲');
  await settle(page);
  await page.locator('[data-testid=menu]').click();
  await page.locator('nav [data-nav=home]').click();
  await page.getByTestId('welcome').waitFor();
  // The greeting and the match to continue come before the new-match form.
  const order = await page.evaluate(() => {
    const welcome = document.querySelector('[data-testid=welcome]');
    const form = document.querySelector('[data-testid=new-match]');
    return Boolean(welcome && form && (welcome.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING));
  });
  assert.ok(order, 'welcome first');
  assert.equal(await page.getByTestId('continue-match').count(), 1);
  assert.equal(await page.getByTestId('intro').count(), 0, 'no first-time line for a returning family');
  await page.context().close();
});

test('the Rules screen says the facts of the chosen table size, in plain words', async () => {
  const page = await ctx.openPage(DESKTOP);
  await page.locator('nav [data-nav=rules]').click();
  await page.getByTestId('rules-screen').waitFor();
  await page.getByTestId('rules-choice').selectOption('wordclub-1.3');
  await page.getByTestId('rules-players').selectOption('4');
  await page.locator('[data-testid=rules-facts][data-players="4"]').waitFor();
  const exchange = await page.locator('[data-testid=rules-facts] [data-fact=exchange]').textContent();
  assert.match(exchange, /Choose 1–5 tiles .* at least 5/);
  assert.match(await page.locator('[data-testid=rules-facts] [data-fact=rack]').textContent(), /^Rack5 tiles/);
  assert.match(await page.getByTestId('rules-table-note').textContent(), /five tiles/);
  const why = await page.getByTestId('rules-why').textContent();
  assert.doesNotMatch(why, /docs\/|%|lab search/);
  assert.equal(await page.locator('#screen').getByText('docs/balance.md').count(), 0, 'no link to a file a family cannot open');
  await page.getByTestId('rules-players').selectOption('2');
  await page.locator('[data-testid=rules-facts][data-players="2"]').waitFor();
  assert.match(await page.locator('[data-testid=rules-facts] [data-fact=exchange]').textContent(), /Choose 1–7 tiles .* at least 7/);
  await page.context().close();
});
