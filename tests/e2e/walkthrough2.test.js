// A second new player's walkthrough, each defect checked in a real browser against the real
// backend: readable dark-theme text, refusals that read as sentences, a score chart with a
// scale, "Suggest a move" named as SPEC names it, a labelled word checker, an exchange dialog
// that says what to do, and the match detail's word list line.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api, screenshotPath, square, rackTile, reveal, dealtMatch as dealt } from './helpers.js';

let server;
let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });
beforeEach(async () => { server = await startServer({ seed: 7 }); });
afterEach(async () => { await server?.stop(); });

const SIZES = [['desktop', { width: 1280, height: 860 }, false], ['tablet', { width: 820, height: 1180 }, true]];

const dealtMatch = (rules, racks, players) => dealt(server.url, rules, racks, { players });

/** A new page at this size with the app open, collecting script and console errors from
 *  its first load on. */
async function openPage({ width, height }, touch = false) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  const errors = [];
  const consoleErrors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.context().errors = errors;
  page.context().consoleErrors = consoleErrors;
  await page.goto(server.url);
  return page;
}

/** The star square of the match on screen. */
async function star(page) {
  return page.locator('.square.star').evaluate((e) => ({ row: Number(e.dataset.row), col: Number(e.dataset.col) }));
}

/** WCAG contrast ratio of an element's text against the first opaque background behind it. */
function contrastOf(page, locator) {
  return locator.evaluate((el) => {
    const rgb = (c) => c.match(/[\d.]+/g).map(Number);
    const lum = ([r, g, b]) => {
      const lin = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    let bg = null;
    for (let n = el; n && !bg; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length < 4 || c[3] > 0.9) bg = c;
    }
    bg ??= rgb(getComputedStyle(document.documentElement).backgroundColor);
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });
}

for (const [name, size, touch] of SIZES) {
  test(`${name}, dark theme: buttons, the Resign button and refusals are readable (WCAG AA 4.5:1)`, async () => {
    const saved = await api(server.url, 'update_settings', { theme: 'dark' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
    const page = await openPage(size, touch);
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const reveal = page.getByTestId('reveal');
    assert.ok(await contrastOf(page, reveal) >= 4.5, `"Show my rack": ${await contrastOf(page, reveal)}`);
    await reveal.click();
    await page.getByTestId('rack').waitFor();
    const resign = page.locator('[data-action=resign]');
    assert.ok(await contrastOf(page, resign) >= 4.5, `Resign: ${await contrastOf(page, resign)}`);
    // One tile on the star is no word yet: the refusal is shown in the danger colour.
    const s = await star(page);
    await rackTile(page, 'C').click();
    await square(page, s.row, s.col).click();
    const refusal = page.getByTestId('preview-error');
    await refusal.waitFor();
    assert.ok(await contrastOf(page, refusal) >= 4.5, `refusal: ${await contrastOf(page, refusal)}`);
    await page.screenshot({ path: screenshotPath(`walk2-dark-${name}.png`) });
    assert.deepEqual(page.context().errors, []);
    await page.context().close();
  });
}

test('a refusal in the preview and in the toast reads as a sentence of the backend\'s reason', async () => {
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await openPage(SIZES[0][1]);
  await reveal(page);
  const s = await star(page);
  await rackTile(page, 'C').click();
  await square(page, s.row, s.col).click();

  const { status, body } = await api(server.url, 'preview', {
    match_id: id, tiles: [{ row: s.row, col: s.col, letter: 'C', blank: false }],
  });
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.legal, false, 'one tile is no word');
  const reason = body.error.message;
  const expected = `${reason[0].toUpperCase()}${reason.slice(1)}${/[.!?]$/.test(reason) ? '' : '.'}`;
  await page.getByTestId('preview-error').filter({ hasText: reason.slice(1) }).waitFor();
  assert.equal(await page.getByTestId('preview-error').textContent(), expected);

  // The submit key on a refused move says the same in the toast.
  await page.keyboard.press('Control+Enter');
  await page.locator('#toast:not([hidden])').waitFor();
  assert.equal(await page.locator('#toast').textContent(), expected);
  await page.context().close();
});

test('the end screen\'s chart has a score scale up to the top score, the turn count and a legend', async () => {
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await openPage(SIZES[0][1]);
  await reveal(page);
  const s = await star(page);
  for (const [i, letter] of ['C', 'A', 'T'].entries()) {
    await rackTile(page, letter).click();
    await square(page, s.row, s.col + i).click();
  }
  await page.getByTestId('preview-total').waitFor();
  await page.locator('[data-action=play]').click();
  await page.getByTestId('reveal').click();
  await page.locator('[data-action=resign]').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('end').waitFor();

  const view = (await api(server.url, 'match_view', { match_id: id })).body;
  const progression = view.result.progression;
  const top = Math.max(...progression.flat());
  assert.ok(top > 0, 'CAT scored');
  assert.equal(await page.getByTestId('chart-top').textContent(), String(top));
  assert.equal(await page.getByTestId('chart-turns').textContent(), String(Math.max(...progression.map((p) => p.length))));
  const legend = await page.getByTestId('chart-legend').textContent();
  for (const p of view.result.players) assert.ok(legend.includes(`${p.name} (`), legend);
  // The legend gives no number: the lines stop before the end-of-match adjustment, so a number
  // there would disagree with the results table's final score.
  assert.doesNotMatch(legend, /\d/);
  // The chart fits beside the results, not a screen-tall drawing.
  const box = await page.getByTestId('progression-chart').boundingBox();
  assert.ok(box.height <= 320, `chart height ${box.height}`);
  assert.ok(await page.locator('[data-testid=end] [data-nav=home]').boundingBox().then((b) => b.y + b.height <= 860), 'New match is above the fold');
  await page.screenshot({ path: screenshotPath('walk2-end-chart.png') });
  await page.context().close();
});

test('the hint control is named for what it gives: "Suggest a move" in classic, "Hint" in Word Club', async () => {
  const rules = (await api(server.url, 'rule_sets')).body;
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
    const answer = (await api(server.url, 'check_word', { word: 'qi', list: 'wordclub' })).body;
    await page.getByTestId('check-result').filter({ hasText: 'QI' }).waitFor();
    assert.equal(await page.getByTestId('check-result').textContent(), answer.message);
    await page.context().close();
  });
}

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

test('the match detail names its word list as "Word list: <name>"', async () => {
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  await api(server.url, 'reveal_rack', { match_id: id });
  await api(server.url, 'resign', { match_id: id, confirm: true });
  const lists = (await api(server.url, 'word_lists')).body;
  const view = (await api(server.url, 'match_view', { match_id: id })).body;
  const listName = lists.find((l) => l.id === view.list.id && l.sha256 === view.list.sha256)?.name ?? view.list.name; // the version the match is pinned to
  const page = await openPage(SIZES[0][1]);
  await page.locator('[data-nav=history]').first().click();
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByTestId('detail').waitFor();
  assert.match(await page.getByTestId('detail').textContent(), new RegExp(`Word list: ${listName} ·`));
  await page.context().close();
});

test('tablet with touch: before any tile is down, the preview says how to place one, and that works', async () => {
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await openPage(SIZES[1][1], true);
  await page.getByTestId('reveal').tap();
  const help = page.getByTestId('preview-empty');
  await help.waitFor();
  assert.ok(await help.isVisible());
  assert.match(await help.textContent(), /Tap a rack tile, then a square/);
  // Do as it says: tap C, tap the star, tap A, tap the square after it.
  const s = await star(page);
  await rackTile(page, 'C').tap();
  await square(page, s.row, s.col).tap();
  await rackTile(page, 'A').tap();
  await square(page, s.row, s.col + 1).tap();
  const expected = (await api(server.url, 'preview', {
    match_id: id, tiles: [{ row: s.row, col: s.col, letter: 'C', blank: false }, { row: s.row, col: s.col + 1, letter: 'A', blank: false }],
  })).body;
  await page.getByTestId(expected.legal ? 'preview-total' : 'preview-error').waitFor();
  assert.equal(await page.getByTestId('preview-empty').count(), 0);
  assert.equal(await page.locator('.square .tile.staged').count(), 2);
  await page.context().close();
});

for (const [name, size, touch] of SIZES) {
  test(`${name}: while placing tiles the scores, the player to move and the bag are on screen`, async () => {
    const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
    // Ann plays CAT through the star, so the scores differ.
    await api(server.url, 'reveal_rack', { match_id: id });
    const view0 = (await api(server.url, 'match_view', { match_id: id })).body;
    const [r, c] = [Math.floor(view0.rules.board_size / 2), Math.floor(view0.rules.board_size / 2)];
    const played = await api(server.url, 'play', {
      match_id: id, tiles: [...'CAT'].map((letter, i) => ({ row: r, col: c - 1 + i, letter, blank: false })),
    });
    assert.equal(played.status, 200, JSON.stringify(played.body));
    const page = await openPage(size, touch);
    await reveal(page);
    const view = played.body; // the backend's view after CAT: scores, bag, who moves next
    const onScreen = async (locator) => {
      if (!await locator.isVisible()) return false;
      const b = await locator.boundingBox();
      return b.y >= 0 && b.y + b.height <= size.height;
    };
    const panel = page.getByTestId('scores');
    const strip = page.getByTestId('score-strip');
    // Either the full panel or the one-line strip is in view, never neither.
    const shown = await onScreen(panel) ? panel : strip;
    assert.ok(await onScreen(shown), 'scores in view');
    const text = await shown.textContent();
    for (const p of view.players) assert.ok(text.includes(p.name) && text.includes(String(p.score)), `${p.name} ${p.score} in "${text}"`);
    assert.ok(text.includes(String(view.bag)), `bag ${view.bag} in "${text}"`);
    assert.equal(await shown.locator('.to-move').count(), 1);
    assert.match(await shown.locator('.to-move').textContent(), new RegExp(view.players[view.to_move].name));
    // The strip only where the panel is out of the way (one copy on a wide screen).
    if (size.width > 860) assert.equal(await strip.isVisible(), false);
    // What was played last is in view too (no cover says it when a computer plays), and the
    // preview and the Play row still fit.
    const last = view.last_move;
    assert.deepEqual(last.words, ['CAT']);
    const lastShown = await onScreen(page.getByTestId('last-move')) ? page.getByTestId('last-move') : page.getByTestId('strip-last-move');
    assert.ok(await onScreen(lastShown), 'last move in view');
    assert.match(await lastShown.textContent(), new RegExp(`${last.name} played CAT for ${last.score}`));
    for (const sel of ['.preview', '[data-action=play]']) {
      const b = await page.locator(sel).first().boundingBox();
      assert.ok(b.y + b.height <= size.height, `${sel} on screen`);
    }
    await page.screenshot({ path: screenshotPath(`walk2-scores-${name}.png`) });
    await page.context().close();
  });
}

test('history with nothing in it says so and leads to a new match; an empty filter offers to show all', async () => {
  const page = await openPage(SIZES[0][1]);
  await page.getByTestId('new-match').waitFor();
  assert.equal((await api(server.url, 'match_list', {})).body.total, 0, 'a fresh history');
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
  assert.equal(await page.locator('[data-testid=history] tbody tr').count(), (await api(server.url, 'match_list', {})).body.total);
  await page.context().close();
});

test('the end screen names who went out and opens the final board and turns', async () => {
  const { status, body } = await api(server.url, 'new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Bot', computer: 'hard' }],
  });
  assert.equal(status, 200, JSON.stringify(body));
  const id = body.id;
  const page = await openPage(SIZES[0][1]);
  // Ann passes every turn; the computer plays until the match ends (it goes out or the turns
  // run scoreless).
  for (let turn = 0; turn < 60; turn++) {
    await page.locator('[data-testid=end], [data-action=pass]:not([disabled])').first().waitFor({ timeout: 60000 });
    if (await page.getByTestId('end').count()) break;
    await page.locator('[data-action=pass]').click();
    await page.waitForFunction(() => !document.querySelector('[data-action=pass]') || document.querySelector('[data-testid=end]'));
  }
  await page.getByTestId('end').waitFor();
  const result = (await api(server.url, 'match_view', { match_id: id })).body.result;
  const reason = await page.getByTestId('end-reason').textContent();
  if (result.reason === 'went_out') {
    // The backend names the seat; by SPEC that player gains the sum of the others' racks.
    const out = result.players.find((p) => p.seat === result.went_out);
    assert.ok(out, JSON.stringify(result));
    assert.ok(out.adjustment >= 0, JSON.stringify(result.players));
    assert.equal(reason, `${out.name} used their last tile with the bag empty.`);
  } else {
    assert.doesNotMatch(reason, /used their last tile/);
  }
  await page.screenshot({ path: screenshotPath('walk2-end-went-out.png') });

  await page.getByTestId('end-details').click();
  await page.getByTestId('detail').waitFor();
  const detail = (await api(server.url, 'match_detail', { match_id: id })).body;
  assert.equal(await page.locator('[data-testid=detail-turns] tbody tr').count(), detail.turns.length);
  await page.context().close();
});

test('the screen chosen last stays, even when an earlier choice answers late', async () => {
  const page = await openPage(SIZES[0][1]);
  await page.getByTestId('new-match').waitFor();
  // The history's first request is held back a while (the real backend answers it afterwards).
  let held = 0;
  await page.route('**/api/player_stats', async (route) => {
    held += 1;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.locator('nav [data-nav=history]').click();
  await page.locator('nav [data-nav=rules]').click();
  await page.getByTestId('rules-screen').waitFor();
  await page.waitForTimeout(2500); // well past the held answer
  assert.ok(held >= 1, 'the history asked');
  assert.equal(await page.getByTestId('history').count(), 0, 'the late history did not draw over the rules');
  assert.equal(await page.getByTestId('rules-screen').count(), 1);
  await page.context().close();
});

test('dark theme: the match detail\'s current turn number stays readable', async () => {
  await api(server.url, 'update_settings', { theme: 'dark' });
  const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  await api(server.url, 'reveal_rack', { match_id: id });
  await api(server.url, 'pass', { match_id: id });
  await api(server.url, 'reveal_rack', { match_id: id });
  await api(server.url, 'resign', { match_id: id, confirm: true });
  const page = await openPage(SIZES[0][1]);
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await page.locator('nav [data-nav=history]').click();
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByTestId('detail').waitFor();
  const current = page.locator('[data-testid=detail-turns] tbody tr.current button');
  assert.equal(await current.count(), 1);
  assert.ok(await contrastOf(page, current) >= 4.5, `current turn number: ${await contrastOf(page, current)}`);
  await page.context().close();
});

test('solo: the end screen says all the turns are played, and shows no Hints column (solo has no hints)', async () => {
  const { body } = await api(server.url, 'new_match', { rules: 'solo-10', players: [{ name: 'Sol' }] });
  let view = body;
  assert.ok(view.turn_limit > 1, JSON.stringify(view.turn_limit));
  while (view.turns_left > 1) {
    const r = await api(server.url, 'exchange', { match_id: view.id, tiles: [] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    view = r.body;
  }
  const rules = (await api(server.url, 'rule_sets')).body.find((r) => r.id === 'solo-10');
  assert.deepEqual(rules.hints, []);
  const page = await openPage(SIZES[1][1], true);
  await page.locator('[data-action=exchange]').tap();
  await page.getByTestId('end').waitFor();
  const result = (await api(server.url, 'match_view', { match_id: view.id })).body.result;
  assert.equal(result.reason, 'turn_limit');
  assert.equal(await page.getByTestId('end-reason').textContent(), `All ${view.turn_limit} turns are played.`);
  const headers = await page.locator('[data-testid=results] th').allTextContents();
  assert.deepEqual(headers, ['Player', 'Score', 'Adjustment', 'Final']);
  await page.context().close();
});

for (const [name, size, touch] of SIZES) {
  test(`${name}: a tour of every screen draws each one with no script error in the console`, async () => {
    const id = await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
    const page = await openPage(size, touch);
    const { consoleErrors } = page.context();
    await page.getByTestId('cover').waitFor();
    const screens = [['home', 'New match'], ['history', 'History'], ['stats', 'Statistics'], ['checker', 'Word checker'], ['rules', 'Rules'], ['settings', 'Settings']];
    for (const [nav, heading] of screens) {
      await page.locator(`nav [data-nav=${nav}]`).click();
      await page.locator('#screen h1', { hasText: heading }).first().waitFor();
    }
    await page.locator('nav [data-nav=history]').click();
    await page.getByRole('button', { name: 'Details' }).click();
    await page.getByTestId('detail').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('cover').waitFor();
    assert.equal(Number(await page.getByTestId('match').getAttribute('data-match-id')), id);
    assert.deepEqual(page.context().errors, [], 'no uncaught script error');
    assert.deepEqual(consoleErrors, [], 'no error in the console');
    await page.context().close();
  });
}

test('the top navigation marks the screen on show, and nothing during a match', async () => {
  await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
  const page = await openPage(SIZES[0][1]);
  await page.getByTestId('cover').waitFor();
  const current = () => page.locator('nav [aria-current=page]').allTextContents();
  assert.deepEqual(await current(), []);
  for (const [nav, label] of [['history', 'History'], ['rules', 'Rules'], ['home', 'New match']]) {
    await page.locator(`nav [data-nav=${nav}]`).click();
    await page.waitForFunction((l) => document.querySelector('nav [aria-current=page]')?.textContent === l, label);
    assert.deepEqual(await current(), [label]);
  }
  await page.getByRole('button', { name: /^Word Club 1\.0 · / }).click();
  await page.getByTestId('cover').waitFor();
  assert.deepEqual(await current(), []);
  await page.context().close();
});

test('the Sound setting is obeyed: a tone for each turn done and for the end, none when it is off', async () => {
  for (const sound of [false, true]) {
    const saved = await api(server.url, 'update_settings', { sound });
    assert.equal(saved.body.sound, sound);
    await dealtMatch('wordclub-1.0', ['CATEIOL', 'SNNDBGL']);
    const page = await openPage(SIZES[0][1]);
    await page.evaluate(() => {
      window.soundsHeard = [];
      document.addEventListener('wordclub:sound', (e) => window.soundsHeard.push(e.detail));
    });
    await page.getByTestId('reveal').click();
    await page.locator('[data-action=pass]').click();
    await page.getByTestId('reveal').click();
    await page.locator('[data-action=resign]').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('end').waitFor();
    assert.deepEqual(await page.evaluate(() => window.soundsHeard), sound ? ['turn', 'end'] : [], `sound ${sound}`);
    await page.context().close();
  }
});

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
