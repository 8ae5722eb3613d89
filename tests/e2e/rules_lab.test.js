// The rules lab's candidate in the app: wordclub-1.2 is offered beside 1.1 under its plain
// name (issue 45: "candidate" and versions stay on the Rules screen), and the rules screen
// shows it as a candidate, with its reason in plain words and the lab's figures.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, api } from './helpers.js';

let browser;
let server;
before(async () => { browser = await launchBrowser(); server = await startServer(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('wordclub-1.2 is selectable by its plain name, marked a candidate with its reason on the rules screen', async () => {
  const { status, body: ruleSets } = await api(server.url, 'rule_sets');
  assert.equal(status, 200);
  const candidate = ruleSets.find((r) => r.id === 'wordclub-1.2');
  const old = ruleSets.find((r) => r.id === 'wordclub-1.1');
  assert.ok(candidate?.evidence && !old.evidence, 'the backend gives 1.2 evidence, 1.1 none');

  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  // The new-match form offers it.
  await page.locator('nav [data-nav=home]').click();
  await page.getByTestId('rules').waitFor();
  const offered = await page.getByTestId('rules').locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  const label = offered.find(([v]) => v === 'wordclub-1.2')?.[1];
  assert.ok(label?.startsWith(candidate.guide.name), label);
  assert.doesNotMatch(label ?? '', /candidate|rules lab/);
  assert.ok(offered.some(([v]) => v === 'wordclub-1.1'), '1.1 stays');

  await page.locator('nav [data-nav=rules]').click();
  await page.getByTestId('rules-screen').waitFor();
  await page.getByTestId('rules-choice').selectOption('wordclub-1.2');
  await page.getByTestId('candidate-note').waitFor();
  // The label with its version and "candidate" is the Rules screen's.
  assert.match(await page.getByTestId('rules-choice').locator('option:checked').textContent(), /candidate, proposed by the rules lab/);
  assert.equal(await page.getByTestId('rules-why').textContent(), candidate.guide.why);
  assert.match(await page.locator('[data-testid=rules-facts] [data-fact=bag]').textContent(), new RegExp(`${candidate.bag_size} tiles`));
  assert.equal(await page.locator('.rules-map [data-premium="2W"]').count(), 4);

  await page.getByTestId('rules-choice').selectOption('wordclub-1.1');
  await page.getByTestId('candidate-note').waitFor();
  assert.equal(await page.getByTestId('rules-why').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});
