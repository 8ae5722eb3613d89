// Word Club list 4 in the UI (issues 10, 24 and 44): the new-match and rules screens name the version new
// matches get, the word checker offers every shipped version (the older one for matches
// pinned to it) and answers from the backend, and the Polite computer setting is kept.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from './helpers.js';

let server;
let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });
beforeEach(async () => { server = await startServer({ seed: 7 }); });
afterEach(async () => { await server?.stop(); });

async function openPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.context().errors = errors;
  await page.goto(server.url);
  return page;
}

test('the new-match screen names the list version a new match gets', async () => {
  const page = await openPage();
  await page.getByTestId('new-match').waitFor();
  const lists = (await api(server.url, 'word_lists')).body;
  const current = lists.find((l) => l.id === 'wordclub' && l.current);
  assert.equal(current.name, 'Word Club list 4');
  assert.equal(await page.getByTestId('word-list').textContent(), `Word list: ${current.name}`);
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('the word checker offers every version and answers DKL and EMAIL as each does', async () => {
  const page = await openPage();
  await page.getByTestId('new-match').waitFor();
  await page.locator('[data-nav=checker]').first().click();
  await page.getByRole('heading', { name: 'Word checker' }).waitFor();
  const select = page.getByLabel('Word list', { exact: true });
  const options = await select.locator('option').allTextContents();
  assert.equal(options[0], 'Word Club list 4', 'the current list comes first');
  assert.ok(options.includes('Word Club list 3 (older matches)'), options.join(', '));
  assert.ok(options.includes('Word Club list 2 (older matches)'), options.join(', '));
  assert.ok(options.includes('Word Club list 1 (older matches)'), options.join(', '));
  // Waits for the answer naming `list`: the same word checked again must not read the
  // previous list's answer still on the page.
  const check = async (word, list) => {
    await page.getByLabel('Word', { exact: true }).fill(word);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByTestId('check-result').filter({ hasText: `${word.toUpperCase()} ` }).filter({ hasText: `(${list})` }).waitFor();
    return page.getByTestId('check-result').textContent();
  };
  assert.equal(await check('dkl', 'Word Club list 4'), 'DKL is not in the word list (Word Club list 4)');
  assert.equal(await check('email', 'Word Club list 4'), 'EMAIL is in the word list (Word Club list 4)');
  assert.equal(await check('biro', 'Word Club list 4'), 'BIRO is in the word list (Word Club list 4)');
  await select.selectOption({ label: 'Word Club list 3 (older matches)' });
  assert.equal(await check('biro', 'Word Club list 3'), 'BIRO is not in the word list (Word Club list 3)');
  await select.selectOption({ label: 'Word Club list 2 (older matches)' });
  assert.equal(await check('email', 'Word Club list 2'), 'EMAIL is not in the word list (Word Club list 2)');
  await select.selectOption({ label: 'Word Club list 1 (older matches)' });
  assert.equal(await check('dkl', 'Word Club list 1'), 'DKL is in the word list (Word Club list 1)');
  assert.deepEqual(page.context().errors, []);
  await page.context().close();
});

test('the Polite computer setting is on by default, says what it does and is kept', async () => {
  const page = await openPage();
  await page.getByTestId('new-match').waitFor();
  await page.locator('nav [data-nav=settings]').click();
  await page.getByTestId('settings').waitFor();
  const box = page.getByLabel('Polite computer', { exact: true });
  assert.equal(await box.isChecked(), true);
  const help = await box.getAttribute('aria-describedby');
  assert.match(await page.locator(`#${help}`).textContent(), /offensive/);
  await box.uncheck();
  for (let i = 0; i < 50; i += 1) {
    if ((await api(server.url, 'get_settings')).body.polite_computer === false) break;
    await page.waitForTimeout(100);
  }
  assert.equal((await api(server.url, 'get_settings')).body.polite_computer, false);
  await page.context().close();
});
