// Sizes, measured in a real browser against the real backend, on a classic 15×15 match in
// progress (CAT on the board, the next player placing tiles): phones 360–414 px in portrait,
// the tablet both ways, the app window's default size and two desktops. No horizontal
// scrolling anywhere; the rack on one line; the preview's total and Play in view while
// placing; the phone's top navigation in a menu and its board zoomed on the play; the app
// window with nothing below the fold; on wide screens a board that takes the height and a
// side panel whose breakdowns stay within three lines and their panel; touch targets of
// 44×44 px; reduced motion and the system font size respected. Screenshots of every size go
// to tests/screenshots/ (ignored).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perTest, catPlayed, screenshotPath, square, rackTile } from './helpers.js';

const ctx = perTest({ seed: 7 });

const PHONES = [['phone-360', 360, 740], ['phone-390', 390, 844], ['phone-414', 414, 896]];
const WIDE = [['app-window', 1100, 820], ['tablet-landscape', 1180, 820], ['desktop-1280', 1280, 800], ['desktop-1920', 1920, 1080]];
const ALL = [...PHONES, ['tablet-portrait', 820, 1180], ...WIDE];
const touchFor = (width) => width <= 1180;

/** Ann has played CAT across the star of a classic match; Ben (a blank on his rack, for the
 *  breakdown) is to move. */
const matchInProgress = () => catPlayed(ctx.server.url, 'STNDB?L');

/** The page's horizontal overflow in px (0: no sideways scrolling). */
const overflowX = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const inView = async (page, locator) => {
  const b = await locator.boundingBox();
  const vp = page.viewportSize();
  return Boolean(b) && b.y >= 0 && b.y + b.height <= vp.height + 0.5 && b.x >= 0 && b.x + b.width <= vp.width + 0.5;
};

/** Places the blank as S after CAT (CATS, a breakdown with a blank in it): a tap on the
 *  tile, a tap on the square, the letter from the picker. */
async function placeTiles(page, row, col) {
  await rackTile(page, '?').click();
  await square(page, row, col + 2).click();
  await page.locator('#dialog [data-letter="S"]').click();
  await page.getByTestId('preview-total').waitFor();
  assert.match(await page.getByTestId('preview').textContent(), /S\(blank\)/);
}

for (const [name, width, height] of ALL) {
  test(`${name} ${width}×${height}: a classic match in progress fits, nothing scrolls sideways`, async () => {
    const { row, col } = await matchInProgress();
    const page = await ctx.openPage({ width, height }, touchFor(width));
    await page.getByTestId('reveal').waitFor();
    assert.equal(await overflowX(page), 0, 'no sideways scrolling behind the cover');
    assert.ok(await inView(page, page.getByTestId('reveal')), '"Show my rack" in view');
    await page.getByTestId('reveal').click();
    await page.getByTestId('rack').waitFor();

    // The rack on one line.
    const tops = await page.locator('[data-testid=rack] .tile').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    assert.equal(tops.length, 7);
    assert.ok(Math.max(...tops) - Math.min(...tops) < 1, `the rack is on one line: tops ${tops.join(', ')}`);

    await placeTiles(page, row, col);
    assert.equal(await overflowX(page), 0, 'no sideways scrolling while placing');
    assert.ok(await inView(page, page.getByTestId('preview-total')), 'the preview total is in view while placing');
    assert.ok(await inView(page, page.locator('[data-action=play]')), 'Play is in view while placing');
    assert.ok(await inView(page, page.locator('[data-testid=rack] .tile').first()), 'the rack is in view while placing');

    // Squares: at least 32 px while placing (a phone zooms onto the play).
    const staged = await square(page, row, col + 2).boundingBox();
    assert.ok(staged.width >= 32 && staged.height >= 32, `the square played on is ${staged.width.toFixed(1)} px`);

    // Touch targets: every button on the screen but the board's squares.
    const small = await page.locator('button:visible').evaluateAll((els) => els
      .filter((e) => !e.classList.contains('square'))
      .map((e) => { const r = e.getBoundingClientRect(); return { t: e.textContent.trim() || e.getAttribute('aria-label'), w: r.width, h: r.height }; })
      .filter((r) => r.w < 44 || r.h < 44));
    assert.deepEqual(small, [], 'buttons are at least 44×44 px');

    if (width <= 414) {
      // Phones: the navigation is one menu button; opened, its entries are there to tap.
      assert.equal(await page.locator('nav[aria-label=Main] [data-nav=history]').isVisible(), false, 'the navigation is collapsed');
      const menu = page.getByTestId('menu');
      assert.ok(await menu.isVisible(), 'a menu button');
      await menu.click();
      assert.ok(await page.locator('nav[aria-label=Main] [data-nav=history]').isVisible(), 'the menu opens the navigation');
      assert.equal(await overflowX(page), 0, 'the open menu does not scroll sideways');
      await menu.click();
      assert.equal(await page.locator('nav[aria-label=Main] [data-nav=history]').isVisible(), false, 'and closes it');
    } else {
      assert.ok(await page.locator('nav[aria-label=Main] [data-nav=history]').isVisible(), 'the navigation is out');
      const bar = await page.locator('.topbar').boundingBox();
      assert.ok(bar.height < 70, `the top bar is one line: ${bar.height} px`);
      assert.equal(await page.getByTestId('menu').isVisible(), false, 'no menu button');
    }

    if (width >= 1100) {
      // Wide screens: the board takes the height, the side panel holds scores and preview.
      const board = await page.getByTestId('board').boundingBox();
      const top = board.y;
      assert.ok(board.height >= height - top - 24 - 130 || board.width >= 720, `the board takes the height: ${board.height.toFixed(0)} of ${height - top} px below its top`);
      const side = await page.locator('.preview').boundingBox();
      assert.ok(side.x >= board.x + board.width, 'the preview is beside the board');
      assert.ok(await inView(page, page.getByTestId('scores')), 'the scores are in view');
      const lines = await page.locator('[data-testid=preview] tbody td').evaluateAll((els) => els.map((e) => {
        const lh = parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.2;
        return Math.round((e.getBoundingClientRect().height - 4) / lh);
      }));
      assert.ok(Math.max(...lines) <= 3, `no breakdown line wraps onto four lines: ${lines.join(', ')}`);
    }
    if (width === 1100 && height === 820) {
      const scroll = await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
      assert.equal(scroll, 0, 'the app window at its default size needs no scrolling');
    }
    // The preview's table stays inside its panel.
    const overflow = await page.locator('.preview').evaluate((e) => e.scrollWidth - e.clientWidth);
    assert.equal(overflow, 0, 'the preview does not overflow its panel');
    await page.screenshot({ path: screenshotPath(`size-${name}-${width}x${height}.png`) });
    await page.context().close();
  });
}

for (const [name, width, height] of PHONES) {
  test(`${name}: the history is a list of cards, Continue in reach without sideways scrolling`, async () => {
    const { id } = await matchInProgress();
    const page = await ctx.openPage({ width, height }, true);
    await page.getByTestId('reveal').waitFor();
    await page.getByTestId('menu').click();
    await page.locator('nav[aria-label=Main] [data-nav=history]').click();
    const row = page.locator(`.history-list tr[data-match="${id}"]`);
    await row.waitFor();
    assert.equal(await page.getByTestId('menu').getAttribute('aria-expanded'), 'false', 'choosing an entry closes the menu');
    assert.equal(await overflowX(page), 0);
    const card = await row.boundingBox();
    assert.ok(card.x >= 0 && card.x + card.width <= width, 'the card is within the screen');
    const cont = row.getByRole('button', { name: 'Continue' });
    const b = await cont.boundingBox();
    assert.ok(b.x >= 0 && b.x + b.width <= width && b.height >= 44, 'Continue is in reach');
    // Each fact is named on the card (the column heads are hidden).
    const players = row.locator('td[data-label=Players]');
    assert.match(await players.textContent(), /Ann 10.*Ben 0/);
    assert.equal(await players.evaluate((e) => getComputedStyle(e, '::before').content), '"Players"');
    await page.screenshot({ path: screenshotPath(`size-${name}-history.png`) });
    await cont.click();
    await page.getByTestId('reveal').waitFor();
    await page.context().close();
  });
}

for (const [name, width, height] of PHONES) {
  test(`${name}: the New match form of four seats, computers among them, stays within the screen`, async () => {
    const page = await ctx.openPage({ width, height }, true);
    await page.getByTestId('new-match').waitFor();
    // The rule set with the longest name widened every select to it (the page clips what
    // passes its right edge, so this shows as controls past the screen, not as scrolling).
    await page.getByTestId('rules').selectOption('wordclub-1.3');
    while (await page.locator('[data-testid=new-match] .seat').count() < 4) await page.getByRole('button', { name: 'Add player' }).tap();
    await page.getByLabel('Player 2 is').selectOption('medium');
    await page.getByLabel('Player 4 is').selectOption('hard');
    const outside = await page.locator('[data-testid=new-match] :is(input, select, button)').evaluateAll((els, w) => els
      .filter((e) => e.checkVisibility())
      // A checkbox is tapped by its label.
      .map((e) => ({ what: e.getAttribute('aria-label') ?? e.name ?? e.textContent, r: (e.type === 'checkbox' ? e.closest('label') : e).getBoundingClientRect() }))
      .filter(({ r }) => r.left < 0 || r.right > w + 0.5 || r.width < 44 || r.height < 44)
      .map(({ what, r }) => `${what}: ${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.height)}`), width);
    assert.deepEqual(outside, [], 'every control within the screen and big enough to tap');
    await page.screenshot({ path: screenshotPath(`size-${name}-new-match.png`), fullPage: true });
    await page.context().close();
  });
}

test('reduced motion: a chosen rack tile does not move when the reader asks for less motion', async () => {
  await matchInProgress();
  const lift = async (reducedMotion) => {
    const context = await ctx.browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true, reducedMotion });
    const page = await context.newPage();
    await page.goto(ctx.server.url);
    await page.getByTestId('reveal').click();
    await rackTile(page, 'T').click();
    const t = await page.locator('[data-testid=rack] .tile.selected').evaluate((e) => getComputedStyle(e).transform);
    await context.close();
    return t;
  };
  assert.notEqual(await lift('no-preference'), 'none', 'a chosen tile lifts');
  assert.equal(await lift('reduce'), 'none', 'and stays put with reduced motion');
});

test('system font size: the text follows the reader\'s default size, and nothing scrolls sideways at 1280×800', async () => {
  await matchInProgress();
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // The browser's "font size" setting (what a larger system text size sets).
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 22 } });
  await page.goto(ctx.server.url);
  await page.getByTestId('reveal').click();
  await page.getByTestId('rack').waitFor();
  const px = (sel) => page.locator(sel).first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.equal(await px('html'), 22, 'the root takes the reader\'s size');
  assert.equal(await px('[data-action=play]'), 22, 'and the buttons with it');
  assert.equal(await overflowX(page), 0);
  await page.screenshot({ path: screenshotPath('size-font-22px-1280x800.png') });
  await context.close();
});
