// The web app's budgets, printed as figures (a benchmark, not a timed test):
//   size  everything the first visit loads (every file the service worker keeps, and sw.js),
//         as a static host serves it: brotli (quality 11, as precompressed files) and gzip
//         (level 9), per part (wasm code, graphs, word lists, definitions, UI), beside the goals
//         of 12 MB brotli and 16 MB gzip;
//   load  Chromium from loopback: cold (a new profile, nothing cached) and warm (the service
//         worker's files) to the first screen (the new-match form) and to a playable match
//         (Start pressed, the rack on screen); medians of `WORDCLUB_WEB_RUNS` (3) runs;
//   hard  a classic match against Hard played in the worker: each of Hard's moves timed
//         from the person's play answered to its move announced, less the app's deliberate
//         pace (COMPUTER_PACE, 450 ms); and the worker's WebAssembly memory after it.
// Run with scripts/bench-web.sh (builds dist/web and wordclub-cli first).
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { WEB, serveWeb, hasWasm, launchProfile, offlineReady, removeProfile, startMatch, playTurn } from './helpers.js';
import { CHROMIUM, CHROMIUM_ARGS, TABLET, startServer } from '../e2e/helpers.js';

const RUNS = Number(process.env.WORDCLUB_WEB_RUNS ?? 3);
const COMPUTER_PACE_MS = 450;
const MB = (n) => (n / 1e6).toFixed(2);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

/** Which budget part a file of the build is. */
function partOf(url) {
  if (url.startsWith('wasm/')) return url.endsWith('.wasm') ? 'wasm code' : 'UI';
  if (!url.startsWith('data/')) return 'UI';
  // The web crate's names: <crate>-<file>.<hash>.<ext> (src-tauri/web/build.rs).
  if (url.startsWith('data/movegen-')) return 'graphs';
  if (url.startsWith('data/definitions-')) return 'definitions';
  return 'word lists';
}

function sizes() {
  const sw = readFileSync(join(WEB, 'sw.js'));
  const build = JSON.parse(sw.toString('utf8').split('\n')[0].replace(/^self\.WORDCLUB_BUILD = /, '').replace(/;$/, ''));
  const parts = new Map();
  const totals = { raw: 0, br: 0, gz: 0 };
  for (const url of [...build.files.map((f) => f.url), 'sw.js']) {
    const bytes = url === 'sw.js' ? sw : readFileSync(join(WEB, url));
    // A PNG or other compressed file is served as it is (a host does not compress it again).
    const squeezable = !/\.(png|jpg|woff2)$/.test(url);
    const br = squeezable ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length : bytes.length;
    const gz = squeezable ? gzipSync(bytes, { level: 9 }).length : bytes.length;
    const part = partOf(url);
    const p = parts.get(part) ?? { raw: 0, br: 0, gz: 0, files: 0 };
    p.raw += bytes.length; p.br += br; p.gz += gz; p.files += 1;
    parts.set(part, p);
    totals.raw += bytes.length; totals.br += br; totals.gz += gz;
  }
  console.log('web size (the first visit: every file the service worker keeps, and sw.js)');
  for (const [part, p] of [...parts].sort((a, b) => b[1].raw - a[1].raw)) {
    console.log(`  ${part.padEnd(12)} ${String(p.files).padStart(3)} files  raw ${MB(p.raw).padStart(6)} MB  brotli ${MB(p.br).padStart(6)} MB  gzip ${MB(p.gz).padStart(6)} MB`);
  }
  console.log(`  ${'total'.padEnd(12)} ${' '.repeat(9)}  raw ${MB(totals.raw).padStart(6)} MB  brotli ${MB(totals.br).padStart(6)} MB (goal <= 12)  gzip ${MB(totals.gz).padStart(6)} MB (goal <= 16)`);
}

/** One load of the app at `url` on `page`: ms from navigation to the first screen, and to a
 *  playable match (the form filled and Start pressed at once, the rack on screen). */
async function load(page, url) {
  const t0 = Date.now();
  await page.goto(url);
  // A fresh history opens the new-match form; a warm load reopens the match started by the
  // cold one, behind its cover.
  await page.locator('[data-testid=new-match], [data-testid=cover]').first().waitFor({ timeout: 120000 });
  const first = Date.now() - t0;
  if (await page.getByTestId('cover').count()) await page.getByTestId('reveal').tap();
  else await startMatch(page, 'classic-15', [['Ann', 'person'], ['Robo', 'hard']]);
  await page.getByTestId('rack').waitFor({ timeout: 120000 });
  return { first, playable: Date.now() - t0 };
}

async function loads(url) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page, profile } = await launchProfile();
    try {
      cold.push(await load(page, url));
      await offlineReady(page);
      warm.push(await load(page, url));
    } finally {
      await context.close();
      removeProfile(profile);
    }
  }
  const line = (name, runs, goal) => console.log(`  ${name}: first screen ${median(runs.map((r) => r.first))} ms, playable match ${median(runs.map((r) => r.playable))} ms (goal <= ${goal} ms; runs ${runs.map((r) => `${r.first}/${r.playable}`).join(', ')})`);
  console.log(`web load (Chromium, loopback, medians of ${RUNS})`);
  line('cold', cold, 3000);
  line('warm', warm, 1000);
}

/** The WebAssembly memories of the page's workers, in bytes (DevTools protocol: every
 *  WebAssembly.Memory object on each worker's heap). */
async function workerWasmMemory(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  let total = 0;
  for (const target of targetInfos.filter((t) => t.type === 'worker')) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    let serial = 0;
    const ask = (method, params) => new Promise((resolve) => {
      const id = ++serial;
      const listener = (event) => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message);
        if (message.id !== id) return;
        cdp.off('Target.receivedMessageFromTarget', listener);
        resolve(message.result);
      };
      cdp.on('Target.receivedMessageFromTarget', listener);
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
    const proto = await ask('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
    const found = await ask('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId });
    const bytes = await ask('Runtime.callFunctionOn', {
      objectId: found.objects.objectId,
      functionDeclaration: 'function () { return this.reduce((sum, m) => sum + m.buffer.byteLength, 0); }',
      returnByValue: true,
    });
    total += bytes.result.value;
    await cdp.send('Target.detachFromTarget', { sessionId });
  }
  return total;
}

/** Hard's moves in a classic match at `url` (ms beyond the pace each), and the workers'
 *  WebAssembly memory after it. */
async function hard(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext(TABLET.options);
    const page = await context.newPage();
    await page.goto(url);
    await startMatch(page, 'classic-15', [['Ann', 'person'], ['Robo', 'hard']]);
    const times = [];
    for (let turn = 0; turn < 60; turn++) {
      await page.locator('[data-testid=rack], [data-testid=end]').first().waitFor({ timeout: 120000 });
      if (await page.getByTestId('end').count()) break;
      const before = await page.locator('[data-testid=scoresheet-log] > .sheet-row').count();
      await playTurn(page, { pass: turn >= 30 });
      const answered = Date.now();
      await page.waitForFunction((n) => document.querySelector('[data-testid=end]') || document.querySelectorAll('[data-testid=scoresheet-log] > .sheet-row').length >= n + 2, before, { timeout: 120000 });
      if (!(await page.getByTestId('end').count())) times.push(Date.now() - answered - COMPUTER_PACE_MS);
    }
    return { times, memory: await workerWasmMemory(browser) };
  } finally {
    await browser.close();
  }
}

sizes();
if (process.argv.includes('--size')) {
  // The sizes alone (node tests/web/bench.mjs --size).
} else if (!hasWasm()) {
  console.log('no WebAssembly in dist/web: build it with scripts/build-web.sh for the load and Hard figures');
} else {
  const server = await serveWeb();
  try {
    await loads(server.url);
    // The same measure in the same run on the native app (`wordclub-cli serve`, its own
    // threads): not the same positions (the web app takes no fixed deal), the medians of a
    // whole match each.
    const web = await hard(server.url);
    const native = await startServer({ seed: 7 });
    let desktop;
    try { desktop = await hard(native.url); } finally { await native.stop(); }
    const w = median(web.times);
    const n = median(desktop.times);
    console.log('web hard (a classic match against Hard; ms from the play answered to Hard\'s move on screen, less the 450 ms pace)');
    console.log(`  worker: median ${w} ms over ${web.times.length} moves (worst ${Math.max(...web.times)})`);
    console.log(`  native: median ${n} ms over ${desktop.times.length} moves (worst ${Math.max(...desktop.times)})`);
    console.log(`  ratio worker/native: ${(w / Math.max(n, 1)).toFixed(2)} (goal <= 2)`);
    console.log(`  the worker's WebAssembly memory after the match: ${MB(web.memory)} MB (goal <= 300 MB)`);
  } finally {
    await server.stop();
  }
}
