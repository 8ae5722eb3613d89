// The web app's shell in Chromium at tablet size with touch, on dist/web as
// `wordclub-cli serve --web` serves it: the headers a static host must send, the manifest and
// Chromium's installability report, the service worker keeping every file of the version
// (its progress shown on the first visit) and serving them with the network off, storage the
// browser may clear said plainly, Safari's Home Screen advice, a new
// version announced and never swapped under the running page (the data files not fetched
// again), the second tab told the app is open elsewhere, and no request to another origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { WEB, serveWeb, launchProfile, offlineReady, copyOfBuild, removeProfile } from './helpers.js';


function filesOf(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesOf(join(dir, e.name)) : [join(dir, e.name)]));
}

const build = () => JSON.parse(readFileSync(join(WEB, 'sw.js'), 'utf8').split('\n')[0].replace(/^self\.WORDCLUB_BUILD = /, '').replace(/;$/, ''));

/** Records the service worker's progress messages in the page from its first load on. */
function recordProgress() {
  globalThis.wordclubProgress = [];
  navigator.serviceWorker?.addEventListener('message', (e) => { globalThis.wordclubProgress.push(e.data); });
}

test('serve --web: the web policy (WebAssembly only added), MIME types, caching, loopback only, no /api', async (t) => {
  const server = await serveWeb();
  t.after(() => server.stop());
  const index = await fetch(server.url);
  assert.equal(index.status, 200);
  const csp = index.headers.get('content-security-policy');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval';/);
  assert.doesNotMatch(csp, /'unsafe-eval'|'unsafe-inline'|https?:/);
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(index.headers.get('cache-control'), 'no-cache');
  const manifest = await fetch(`${server.url}/manifest.webmanifest`);
  assert.equal(manifest.headers.get('content-type'), 'application/manifest+json');
  const sw = await fetch(`${server.url}/sw.js`);
  assert.match(sw.headers.get('content-type'), /javascript/);
  assert.equal(sw.headers.get('cache-control'), 'no-cache');
  for (const { url } of build().files) {
    if (url.endsWith('.wasm')) {
      assert.equal((await fetch(`${server.url}/${url}`)).headers.get('content-type'), 'application/wasm', url);
    }
    if (url.startsWith('data/')) {
      assert.equal((await fetch(`${server.url}/${url}`)).headers.get('cache-control'), 'public, max-age=31536000, immutable', url);
    }
  }
  const apiCall = await fetch(`${server.url}/api/app_info`, { method: 'POST', body: '{}' });
  assert.ok(apiCall.status >= 400, 'no command layer behind the web app\'s server');
  const foreign = await fetch(server.url, { headers: { origin: 'http://evil.example' } });
  assert.equal(foreign.status, 403);
});

test('dist/web names no other origin: no URL in the code of its pages, scripts, styles and manifest but XML namespaces', () => {
  const text = filesOf(WEB).filter((f) => /\.(html|js|mjs|css|json|webmanifest)$/.test(f));
  assert.ok(text.length > 20, `the build's text files (${text.length})`);
  for (const file of text) {
    // A comment's link is never fetched (wasm-bindgen's loader cites MDN in one): code only.
    const code = readFileSync(file, 'utf8').split('\n').filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l)).join('\n');
    const urls = code.match(/\b(?:https?|wss?):\/\/[^\s'"`)<>]+/g) ?? [];
    const foreign = urls.filter((u) => !/^http:\/\/www\.w3\.org\/(2000\/svg|1999\/xhtml|1999\/xlink|1998\/Math\/MathML)/.test(u));
    assert.deepEqual(foreign, [], relative(WEB, file));
  }
});

test('first visit: the manifest is valid and installable, every file of the version is kept (progress shown), then it loads with the network off', async (t) => {
  const server = await serveWeb();
  t.after(() => server.stop());
  const { context, page, profile } = await launchProfile();
  t.after(async () => { await context.close().catch(() => {}); removeProfile(profile); });
  await context.addInitScript(recordProgress);
  const origins = new Set();
  context.on('request', (r) => origins.add(new URL(r.url()).origin));

  await page.goto(server.url);
  await offlineReady(page);
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, [], 'the manifest parses without errors');
  const parsed = JSON.parse(manifest.data);
  assert.equal(parsed.name, 'Word Club');
  assert.equal(parsed.display, 'standalone');
  assert.equal(parsed.orientation, 'any');
  assert.ok(parsed.icons.some((i) => i.sizes === '512x512'), 'a 512 px icon');
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], 'Chromium would offer to install it');
  assert.equal(await page.locator('link[rel=apple-touch-icon]').count(), 1);
  assert.deepEqual(await page.locator('meta[name=theme-color]').evaluateAll((ms) => ms.map((m) => m.getAttribute('media'))),
    ['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);

  // Headless Chromium refuses persistent storage to a fresh profile: the page says what that
  // means. Not Apple's mobile Safari: no Home Screen advice.
  await page.getByTestId('webapp-storage').filter({ hasText: 'This browser may clear Word Club\'s history' }).waitFor();
  assert.equal(await page.getByTestId('webapp-homescreen').count(), 0);

  // The first download's progress, up to the whole of the version.
  const progress = await page.evaluate(() => globalThis.wordclubProgress);
  const steps = progress.filter((m) => m.type === 'progress');
  const total = build().files.reduce((sum, f) => sum + f.bytes, 0);
  assert.ok(steps.length >= 1, 'progress was posted');
  assert.equal(steps.at(-1).done, total);
  assert.equal(steps.at(-1).total, total);
  assert.ok(progress.some((m) => m.type === 'installed'));

  // Every file of the version is in the caches.
  const kept = await page.evaluate(async () => {
    const urls = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname.slice(1));
    return urls.sort();
  });
  assert.deepEqual(kept, build().files.map((f) => f.url).sort());

  // With the network off the page, its scripts and styles come from the service worker.
  await context.setOffline(true);
  await page.reload();
  await page.locator('header.topbar').waitFor();
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).fontFamily.length > 0 && document.styleSheets.length >= 8), true);
  assert.equal(await page.evaluate(async () => (await fetch('manifest.webmanifest')).status), 200);
  await context.setOffline(false);
  assert.deepEqual([...origins], [server.url], 'no request left the app\'s origin');
});

test('a new version is announced, not swapped under the running page; its data files are not fetched again; Reload takes it', async (t) => {
  const dir = copyOfBuild();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const server = await serveWeb(dir);
  t.after(() => server.stop());
  const { context, page, profile } = await launchProfile();
  t.after(async () => { await context.close().catch(() => {}); removeProfile(profile); });
  await page.goto(server.url);
  await offlineReady(page);

  // A code update: one UI file changes, so the version does.
  const sw = join(dir, 'sw.js');
  const old = readFileSync(sw, 'utf8');
  const oldVersion = JSON.parse(old.split('\n')[0].replace(/^self\.WORDCLUB_BUILD = /, '').replace(/;$/, '')).version;
  writeFileSync(sw, old.replace(`"version":"${oldVersion}"`, '"version":"next-version"'));
  const appCss = join(dir, 'css', 'app.css');
  writeFileSync(appCss, `${readFileSync(appCss, 'utf8')}\n/* next version */\n`);
  const fetched = [];
  context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration()).update(); });
  await page.getByTestId('webapp-update').filter({ hasText: 'A new version is ready — reload' }).waitFor({ timeout: 60000 });
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting?.state), 'installed', 'the new version waits');
  assert.equal(await page.evaluate(async () => (await (await fetch('css/app.css')).text()).includes('next version')), false,
    'the running page is still served the files of its own version');
  assert.deepEqual(fetched.filter((p) => p.startsWith('/data/')), [], 'no data file fetched again');
  assert.ok(fetched.includes('/css/app.css'), 'the changed file was fetched');

  // Reload takes the new version and reloads the page (controllerchange): the checks below
  // run in the reloaded page (a run evaluated while that reload was under way and lost its
  // context).
  const reloaded = page.waitForEvent('load', { timeout: 30000 });
  await page.getByTestId('webapp-reload').click();
  await reloaded;
  await page.waitForFunction(async () => {
    const r = await fetch('css/app.css');
    return (await r.text()).includes('next version');
  }, null, { timeout: 30000 });
  const versions = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('wordclub-code-')));
  assert.deepEqual(versions, ['wordclub-code-next-version'], 'the old version\'s files are gone');
});

test('a reload takes the history\'s lock quietly; a second tab says the app is open elsewhere, and goes on once the first is closed', async (t) => {
  const server = await serveWeb();
  t.after(() => server.stop());
  const { context, page, profile } = await launchProfile();
  t.after(async () => { await context.close().catch(() => {}); removeProfile(profile); });
  const held = () => page.waitForFunction(() => navigator.locks.query().then((q) => q.held.some((l) => l.name === 'wordclub-history')));
  await page.goto(server.url);
  await held();
  // A reload waits for the page it replaces to let go, and says nothing of another tab.
  await context.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=webapp-locked]')) globalThis.wordclubSawLocked = true;
    }).observe(document, { subtree: true, childList: true });
  });
  await page.reload();
  await held();
  assert.equal(await page.evaluate(() => globalThis.wordclubSawLocked ?? false), false, 'a reload is not another tab');
  const second = await context.newPage();
  await second.goto(server.url);
  await second.getByTestId('webapp-locked').filter({ hasText: 'open in another tab' }).waitFor();
  assert.equal(await second.locator('[data-testid=new-match], [data-testid=match]').count(), 0, 'the second tab opens no screen');
  assert.equal(second.workers().length, 0, 'the second tab starts no worker on the history');
  await page.close();
  await second.getByTestId('webapp-locked').waitFor({ state: 'detached', timeout: 10000 });
});

test('Safari on an iPad, not started from the Home Screen: "Add to Home Screen before your first match"', async (t) => {
  const server = await serveWeb();
  t.after(() => server.stop());
  const { context, page, profile } = await launchProfile();
  t.after(async () => { await context.close().catch(() => {}); removeProfile(profile); });
  // Apple's mobile WebKit alone has navigator.standalone: false in Safari, true from the Home Screen.
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => false, configurable: true }));
  await page.goto(server.url);
  await page.getByTestId('webapp-homescreen').filter({ hasText: 'Add to Home Screen before your first match' }).waitFor();
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true, configurable: true }));
  await page.reload();
  await page.locator('header.topbar').waitFor();
  await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true' || document.getElementById('webapp-notice'));
  assert.equal(await page.getByTestId('webapp-homescreen').count(), 0, 'not from the Home Screen app');
});
