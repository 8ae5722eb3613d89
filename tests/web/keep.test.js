// What the web app keeps in the browser besides its matches, in Chromium's worker on one
// profile (README: "In a browser"):
//   settings an earlier web build kept in the IndexedDB database `wordclub-settings` are copied
//   into the history at the first start and that database deleted; the settings live in the
//   history and survive a reload (the new-match form's table, the match reopened behind the
//   cover); Medium's word graph, built by its first move in the worker, is kept in IndexedDB
//   (`wordclub-graphs`) and read back, not built, by the worker of the next start. The worker
//   says how its graphs were used through `self.wordclubKept` (ui/js/worker.js), read with
//   Playwright's worker.evaluate: counts, not timing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveWeb, launchProfile, removeProfile, startMatch, playTurn, coverName, hasWasm } from './helpers.js';

let server;
before(async () => {
  assert.ok(hasWasm(), 'dist/web holds no WebAssembly: build it with scripts/build-web.sh');
  server = await serveWeb();
});
after(async () => { await server?.stop(); });

/** What the app's worker reports once it has started: {graphs(), settingsInHistory, earlierSettingsCopied}
 *  read as plain values. */
async function kept(page) {
  const deadline = Date.now() + 120000;
  for (;;) {
    for (const w of page.workers()) {
      if (!w.url().endsWith('/js/worker.js')) continue;
      const k = await w.evaluate(() => {
        const k = /** @type {any} */ (self).wordclubKept;
        return k ? { graphs: k.graphs(), settingsInHistory: k.settingsInHistory, earlierSettingsCopied: k.earlierSettingsCopied } : null;
      }).catch(() => null);
      if (k) return k;
    }
    if (Date.now() > deadline) throw new Error('the worker never said what it keeps');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until `check` holds of what the worker reports; resolves with the last report. */
async function keptUntil(page, check, what) {
  const deadline = Date.now() + 180000;
  for (;;) {
    const k = await kept(page);
    if (check(k)) return k;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(k)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The names of the origin's IndexedDB databases. */
const databases = (page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

/** The settings as the backend keeps them, asked through the page's own commands (the same
 *  worker the screens use). */
const settingsNow = (page) => page.evaluate(async () => (await import('./js/commands.js')).get_settings());

/** Waits for what a person faces next after a computer's turn: the cover or a rack. */
const faced = (page) => page.locator('[data-testid=cover], [data-testid=rack]').first().waitFor({ timeout: 180000 });

const profiles = [];
after(() => { for (const p of profiles) removeProfile(p); });

test('earlier IndexedDB settings are copied into the history; settings and Medium\'s graph are kept across a reload', async () => {
  const { context, page, profile } = await launchProfile();
  profiles.push(profile);
  try {
    // What an earlier web build left: its settings in `wordclub-settings`, as it wrote them
    // (the JSON text under the key `settings`). Written from a page of the origin before the
    // app has ever started there.
    await page.goto(new URL('manifest.webmanifest', server.url).href);
    await page.evaluate(() => new Promise((resolve, reject) => {
      const open = indexedDB.open('wordclub-settings', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('kv');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('kv', 'readwrite');
        tx.objectStore('kv').put(JSON.stringify({ player_names: ['Una', 'Vic'], theme: 'dark', future_field: 7 }), 'settings');
        tx.oncomplete = () => { open.result.close(); resolve(undefined); };
        tx.onerror = () => reject(tx.error);
      };
    }));

    await page.goto(server.url);
    await page.getByTestId('new-match').waitFor({ timeout: 120000 });
    assert.equal(await page.getByLabel('Player 1 name').inputValue(), 'Una', 'the earlier settings are the app\'s');
    assert.equal(await page.getByLabel('Player 2 name').inputValue(), 'Vic');
    let k = await kept(page);
    assert.equal(k.settingsInHistory, true, 'the history holds the settings');
    assert.equal(k.earlierSettingsCopied, true);
    assert.ok(!(await databases(page)).includes('wordclub-settings'), 'the earlier copy is deleted once the history holds it');
    const copied = await settingsNow(page);
    assert.equal(copied.theme, 'dark');

    // A match against Medium: its first move builds the graph of the words with a meaning
    // (not prebuilt), which the worker then keeps.
    await startMatch(page, 'wordclub-1.0', [['Zed', 'person'], ['Robo', 'medium']]);
    await page.getByTestId('rack').waitFor({ timeout: 60000 });
    await playTurn(page, { pass: true });
    await faced(page);
    k = await keptUntil(page, (r) => r.graphs.stored >= 1, 'Medium\'s graph is kept in IndexedDB');
    assert.equal(k.graphs.read, 0, 'a first start has nothing kept to read');
    assert.ok(k.graphs.built >= 1, JSON.stringify(k));
    assert.ok((await databases(page)).includes('wordclub-graphs'));

    // A reload: a new worker. The match reopens behind the cover (the screen's match is a
    // setting, kept in the history); Medium's next move reads its graph from the browser's
    // storage instead of building it.
    await page.reload();
    await page.getByTestId('cover').waitFor({ timeout: 120000 });
    assert.match(await coverName(page) ?? '', /Zed/);
    k = await kept(page);
    assert.ok(k.graphs.offered >= 1, `the kept graph is handed back at the start: ${JSON.stringify(k)}`);
    assert.equal(k.graphs.read, 0, 'not read before a computer needs it');
    const after = await settingsNow(page);
    assert.deepEqual(after.player_names, ['Zed', 'Robo'], 'the table set up last survives the reload');
    assert.deepEqual(after.player_levels, [null, 'medium']);
    assert.equal(after.theme, 'dark');
    assert.ok(!(await databases(page)).includes('wordclub-settings'), 'and nothing is kept outside the history again');

    await page.getByTestId('reveal').click();
    await page.getByTestId('rack').waitFor();
    await playTurn(page, { pass: true });
    await faced(page);
    k = await keptUntil(page, (r) => r.graphs.read >= 1, 'Medium\'s second move reads the kept graph');
    assert.equal(k.graphs.built, 0, `nothing built again after the reload: ${JSON.stringify(k)}`);
    assert.deepEqual(context.errors, []);
  } finally {
    await context.close();
  }
});
