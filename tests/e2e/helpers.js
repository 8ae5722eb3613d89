// Shared by the browser end-to-end tests: a `wordclub-cli serve` on a fresh temporary
// database, Debian's chromium through playwright-core, and small word helpers.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { before, after, beforeEach, afterEach } from 'node:test';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOTS = join(ROOT, 'tests', 'screenshots');
const TARGET = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
export const CLI = process.env.WORDCLUB_CLI ?? join(TARGET, 'debug', 'wordclub-cli');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** Starts `wordclub-cli serve` on a free port with a new database, serving this checkout's
 *  ui/ (whichever build the binary is), with `args` added (a test knob such as
 *  `--fail-computer-moves`); resolves with its URL. */
export async function startServer({ seed = 1, prepare = null, args = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wordclub-e2e-'));
  // A history written before the app opens it (`prepare(dir, dbPath)`, e.g. with `wordclub-cli play --db`).
  prepare?.(dir, join(dir, 'wordclub.db'));
  const child = spawn(CLI, ['serve', '--port', '0', '--db', join(dir, 'wordclub.db'), '--ui', join(ROOT, 'ui'), '--seed', String(seed), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // Graphs built at run time (an older list's) are kept in the test's folder, not the home's.
    env: { ...process.env, WORDCLUB_GRAPH_DIR: join(dir, 'graphs') },
  });
  const url = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try { resolve(JSON.parse(line).listening); } catch { reject(new Error(`unexpected serve output: ${line}`)); }
    });
    child.once('exit', (code) => reject(new Error(`wordclub-cli serve exited with ${code}`)));
    child.once('error', reject);
  });
  return {
    url,
    dir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The sizes the browser tests use: a desktop window, and a tablet in portrait with touch
 *  (SIZES: [name, viewport, touch] for tests that run at both). */
export const DESKTOP = { name: 'desktop', options: { viewport: { width: 1280, height: 860 } } };
export const TABLET = { name: 'tablet', options: { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } };

export const SIZES = [['desktop', DESKTOP.options.viewport, false], ['tablet', TABLET.options.viewport, true]];

/** A new page at `viewport` (with touch when `touch`) on the app at `url`, collecting script
 *  errors and console errors from its first load on (page.context().errors, .consoleErrors). */
export async function openApp(browser, url, viewport, touch = false) {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  context.errors = [];
  context.consoleErrors = [];
  page.on('pageerror', (e) => context.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') context.consoleErrors.push(m.text()); });
  await page.goto(url);
  // Until its first screen has told the backend what it shows (remember_screen, per
  // client), a match a test then starts through the API could be forgotten as this
  // client's screen by that late call, and a reload would open the start screen.
  await settle(page);
  return page;
}

/** Opens the app at `url` (it opens the match on this client's screen, the one last started
 *  through the API, behind the cover) and shows the rack. */
export async function openAndReveal(page, url) {
  await page.goto(url);
  await reveal(page);
}

/** The star square of the match on screen: {row, col}. */
export function star(page) {
  return page.locator('.square.star').evaluate((e) => ({ row: Number(e.dataset.row), col: Number(e.dataset.col) }));
}

/** Waits until the page is idle: the events queued so far handled, no backend command out
 *  (countPendingCalls counts them), and the screen drawn. For checks that something did NOT
 *  happen. */
export async function settle(page) {
  const tick = () => page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => r()), 0)));
  await tick();
  await page.waitForFunction(() => (globalThis.wordclubPendingCalls ?? 0) === 0);
  await tick();
}

/**
 * The usual set-up of a browser test file: one chromium for the file, and a fresh server and
 * database (seeded with `seed`) for each test. Returns {server, browser} as they are during a
 * test, with dealtMatch(rules, racks, players) and openPage(viewport, touch) bound to them.
 */
export function perTest({ seed = 1 } = {}) {
  const ctx = {
    server: null,
    browser: null,
    dealtMatch: (rules, racks, players) => dealtMatch(ctx.server.url, rules, racks, { players }),
    openPage: (viewport, touch = false) => openApp(ctx.browser, ctx.server.url, viewport, touch),
  };
  before(async () => { ctx.browser = await launchBrowser(); });
  after(async () => { await ctx.browser?.close(); });
  beforeEach(async () => { ctx.server = await startServer({ seed }); });
  afterEach(async () => { await ctx.server?.stop(); });
  return ctx;
}

/**
 * Runs in every page before the app's scripts (an init script of each browser context
 * launchBrowser makes): counts the backend commands sent and not yet answered as
 * `wordclubPendingCalls`, for settle() and the drop bench. The UI itself keeps no such count.
 */
function countPendingCalls() {
  const send = globalThis.fetch.bind(globalThis);
  globalThis.wordclubPendingCalls = 0;
  globalThis.fetch = async (...args) => {
    globalThis.wordclubPendingCalls += 1;
    try {
      return await send(...args);
    } finally {
      globalThis.wordclubPendingCalls -= 1;
    }
  };
}

/** The client every test browser is (main.js keeps its id in localStorage): the backend
 *  reopens the match on this client's screen after a reload. A match a test starts through
 *  the API is on this screen (api() below), as one a person starts on it is. */
export const TEST_CLIENT = 'e2e-browser';

function beTheTestClient(client) {
  try { if (!localStorage.getItem('wordclub-client')) localStorage.setItem('wordclub-client', client); } catch { /* no storage */ }
}

/** Chromium for the tests: every context it makes (and every page of browser.newPage) has
 *  the pending-call count (countPendingCalls) and is the test client (TEST_CLIENT). */
export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(countPendingCalls);
    await context.addInitScript(beTheTestClient, TEST_CLIENT);
    return context;
  };
  // As Playwright's own newPage: a context of its own, closed with the page.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => { context.close().catch(() => {}); });
    return page;
  };
  return browser;
}

/** POSTs one command to the server like api.js does; resolves with {status, body}. */
export async function api(url, command, args = {}) {
  const res = await fetch(`${url}/api/${command}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args),
  });
  const body = await res.json();
  // A new match (or rematch) started here is the one on the test browser's screen.
  if (res.ok && (command === 'new_match' || command === 'rematch')) {
    await fetch(`${url}/api/remember_screen`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client: TEST_CLIENT, match_id: body.id }),
    });
  }
  return { status: res.status, body };
}

/** Listens to the server's pushed events (`GET /api/events`, server-sent events) from now on:
 *  `events` fills with each one's JSON as it comes; `close()` ends the stream. */
export async function eventStream(url) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/events`, { signal: controller.signal });
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    throw new Error(`GET /api/events: ${res.status} ${res.headers.get('content-type')}`);
  }
  const events = [];
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of message.split('\n')) if (line.startsWith('data:')) events.push(JSON.parse(line.slice(5)));
        }
      }
    } catch { /* closed */ }
  })();
  return { events, close: () => controller.abort() };
}

let words = null;
/** The words of the shipped `wordclub` list (upper case). */
export function wordclubWords() {
  if (!words) {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'wordlists', 'lists.json'), 'utf8'));
    const file = manifest.filter((l) => l.id === 'wordclub').at(-1).file; // the current version (listed last)
    words = readFileSync(join(ROOT, 'wordlists', file), 'utf8').split('\n').map((w) => w.trim().toUpperCase()).filter(Boolean);
  }
  return words;
}

/** The longest word (≤ maxLen letters) spellable from the rack letters (no blanks), or null. */
export function wordFromRack(rack, maxLen = 5) {
  let best = null;
  for (const w of wordclubWords()) {
    if (w.length < 2 || w.length > maxLen || (best && w.length <= best.length)) continue;
    const left = [...rack];
    if ([...w].every((c) => { const i = left.indexOf(c); if (i < 0) return false; left.splice(i, 1); return true; })) best = w;
  }
  return best;
}

export function screenshotPath(name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, name);
}

/** A square of the match screen's board. */
export const square = (page, row, col) => page.locator(`.square[data-row="${row}"][data-col="${col}"]`);

/** Shows the rack of the player to move ("Show my rack" on the cover) and waits for it. */
export async function reveal(page) {
  await page.getByTestId('reveal').click();
  await page.getByTestId('rack').waitFor();
}

/** The first tile still on the rack that shows `letter` (`?` for a blank). */
export const rackTile = (page, letter) => page.locator(`[data-testid=rack] .tile:not(.used)[data-letter="${letter}"]`).first();

/** A match made through the API with fixed racks and draws (the test-only `deal`); resolves
 *  with its id. */
export async function dealtMatch(url, rules, racks, { players = ['Ann', 'Ben'], drawOrder = '' } = {}) {
  const { status, body } = await api(url, 'new_match', {
    rules, players: players.map((name) => ({ name })), deal: { racks, draw_order: drawOrder },
  });
  if (status !== 200) throw new Error(`new_match refused: ${JSON.stringify(body)}`);
  return body.id;
}

/** The middle of an element on the page. */
export async function center(locator) {
  const b = await locator.boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** A finger drag from the middle of `from` to the point `to`, as raw touch events (Chromium
 *  turns them into pointer events of type "touch", as on a tablet), lifted while still moving,
 *  as a person does. */
export async function fingerDrag(page, from, to) {
  const a = await center(from);
  const cdp = await page.context().newCDPSession(page);
  const point = (x, y) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(a.x, a.y) });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(a.x + ((to.x - a.x) * i) / 8, a.y + ((to.y - a.y) * i) / 8) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A classic 15×15 match where Ann (rack CATEIOU) has played CAT across the star, through the
 *  API, and Ben (rack `benRack`) is to move, behind the cover. Resolves with {id, row, col}
 *  (the star, under the A). */
export async function catPlayed(url, benRack) {
  const id = await dealtMatch(url, 'classic-15', ['CATEIOU', benRack]);
  await api(url, 'reveal_rack', { match_id: id });
  const view = (await api(url, 'match_view', { match_id: id })).body;
  const { row, col } = view.rules.star;
  const played = await api(url, 'play', {
    match_id: id, tiles: [...'CAT'].map((letter, i) => ({ row, col: col - 1 + i, letter, blank: false })),
  });
  if (played.status !== 200) throw new Error(`play CAT refused: ${JSON.stringify(played.body)}`);
  return { id, row, col };
}
