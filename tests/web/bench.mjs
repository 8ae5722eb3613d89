// The web app's budgets, printed as figures (a benchmark, not a timed test):
//   size  everything the first visit loads (every file the service worker keeps, and sw.js),
//         as a static host serves it: brotli (quality 11, as precompressed files) and gzip
//         (level 9), per part (wasm code, graphs, word lists, definitions, UI), beside the goals
//         of 12 MB brotli and 16 MB gzip;
//   load  Chromium from loopback: cold (a new profile, nothing cached) and warm (the service
//         worker's files) to the first screen (the new-match form) and to a playable match
//         (Start pressed, the rack on screen); medians of `WORDCLUB_WEB_RUNS` (3) runs;
//         and where a cold start's time goes (the module fetched and compiled, the data files
//         fetched and handed over, the history opened), from the bench worker;
//   hard  Hard's decision on classic 15x15 positions (src-tauri/movegen/tests/positions,
//         seeded-classic-15-s*) in a worker and in the native CLI, side by side in one run: the
//         same search (`wordclub_movegen::decide_at`) on the same positions, timed alike on both
//         sides: after an untimed decision, five rounds of `WORDCLUB_BENCH_DECIDE_RUNS` (100) in
//         a row, the median round's mean; the ratio per position and of the totals;
//   match a classic match against Hard played in the worker through the app's commands and
//         scheduler (the person passes): each of Hard's moves, and the module's WebAssembly
//         memory (`memory.buffer.byteLength`) after it.
// The hard and match figures need the web crate's `bench` build (WORDCLUB_WEB_BENCH_WASM, the
// folder with its wasm/ — scripts/bench-web.sh builds it) and a native CLI with
// `moves --level --time` (WORDCLUB_CLI): a copy of dist/web with that module and
// tests/web/bench-worker.js is served for them. Run with scripts/bench-web.sh.
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { WEB, ROOT, serveWeb, hasWasm, launchProfile, offlineReady, removeProfile, startMatch, copyOfBuild } from './helpers.js';
import { CLI, CHROMIUM, CHROMIUM_ARGS } from '../e2e/helpers.js';

const RUNS = Number(process.env.WORDCLUB_WEB_RUNS ?? 3);
const DECIDE_RUNS = Number(process.env.WORDCLUB_BENCH_DECIDE_RUNS ?? 100);
const BENCH_WASM = process.env.WORDCLUB_WEB_BENCH_WASM ?? '';
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

/** A copy of dist/web whose module is the `bench` build, with the bench worker and an empty
 *  page to start it from (the app's CSP forbids inline scripts; the bench adds none). */
function benchBuild() {
  const dir = copyOfBuild();
  rmSync(join(dir, 'wasm'), { recursive: true, force: true });
  cpSync(join(BENCH_WASM, 'wasm'), join(dir, 'wasm'), { recursive: true });
  cpSync(join(ROOT, 'tests', 'web', 'bench-worker.js'), join(dir, 'bench-worker.js'));
  writeFileSync(join(dir, 'bench.html'), '<!doctype html><meta charset="utf-8"><title>bench</title>\n');
  return dir;
}

/** Starts a bench worker on the page: `benchAsk(message)` asks it, refused after ten minutes
 *  (a worker that never answers must not hang the bench; page.evaluate has no timeout). */
function startBenchWorker() {
  globalThis.benchW?.terminate();
  const w = new Worker('bench-worker.js', { type: 'module' });
  globalThis.benchW = w;
  globalThis.benchAsk = (message) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bench worker did not answer ${message.op} in ten minutes`)), 600000);
    w.onmessage = (e) => { clearTimeout(timer); if (e.data.error) reject(new Error(e.data.error)); else resolve(e.data.ok); };
    w.postMessage(message);
  });
}

/** A bench worker in a fresh browser context; `ask(message)` resolves with its answer,
 *  `again()` starts a second one on the same page (its files in the HTTP cache). */
async function benchWorker(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/bench.html`);
  await page.evaluate(startBenchWorker);
  const ask = (message) => page.evaluate((m) => globalThis.benchAsk(m), message);
  const again = async () => {
    // The first lets go of the history (one worker holds the browser's storage at a time).
    await page.evaluate(() => { globalThis.benchW.terminate(); });
    await page.waitForTimeout(500);
    await page.evaluate(startBenchWorker);
    return ask({ op: 'start' });
  };
  return { ask, again, close: () => context.close() };
}

const ms = (x) => `${x.toFixed(x < 1 ? 3 : 1)} ms`;

/** Where a start's time goes, from the bench worker: cold (a new context, nothing cached),
 *  then warm (a second worker in the same context: the HTTP cache, as the service worker's). */
async function startParts(browser, url) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < RUNS; i++) {
    const first = await benchWorker(browser, url);
    try {
      cold.push((await first.ask({ op: 'start' })).ms);
      warm.push((await first.again()).ms);
    } finally { await first.close(); }
  }
  const line = (name, runs) => {
    const part = (k) => median(runs.map((r) => r[k]));
    const names = { compile: 'the module', data: 'the data files', init: 'the history' };
    const most = Object.keys(names).reduce((a, b) => (part(a) >= part(b) ? a : b));
    console.log(`  ${name}: module fetched and compiled ${ms(part('compile'))}, data files fetched, checked and handed over ${ms(part('data'))}, history opened ${ms(part('init'))} (most: ${names[most]})`);
  };
  console.log(`web start in a worker (where a load's time goes; medians of ${RUNS})`);
  line('cold', cold);
  line('warm', warm);
}

/** The classic positions both sides solve. */
function positions() {
  const dir = join(ROOT, 'src-tauri', 'movegen', 'tests', 'positions');
  return readdirSync(dir).filter((f) => /^seeded-classic-15-s\d/.test(f)).sort()
    .map((f) => ({ name: f.replace(/\.cgp$/, ''), cgp: readFileSync(join(dir, f), 'utf8').trim() }));
}

/** Hard on the same positions in the worker and in the native CLI, one after the other per
 *  position (so a load that comes and goes weighs on both alike). */
async function hardSideBySide(worker) {
  const rows = [];
  // The module's hot code is compiled again, optimised, once it has run a while (V8's tiers):
  // every position once in the worker before any is timed.
  for (const { cgp } of positions()) await worker.ask({ op: 'decide', level: 'hard', cgp, runs: 5 });
  for (const { name, cgp } of positions()) {
    const native = JSON.parse(execFileSync(CLI, ['moves', '--position', cgp, '--level', 'hard', '--time', String(DECIDE_RUNS)], { encoding: 'utf8' }));
    const web = await worker.ask({ op: 'decide', level: 'hard', cgp, runs: DECIDE_RUNS });
    rows.push({ name, native: native.ms, web: web.ms, same: native.decision === web.decision, decision: web.decision, other: native.decision });
  }
  console.log(`web hard (Hard's decision on ${rows.length} classic 15x15 positions; one decision's time, the median of 5 rounds of ${DECIDE_RUNS}; worker: the web profile's module in Chromium, native: wordclub-cli built with the web profile)`);
  for (const r of rows) {
    console.log(`  ${r.name.padEnd(34)} worker ${ms(r.web).padStart(10)}  native ${ms(r.native).padStart(10)}  ratio ${(r.web / r.native).toFixed(2)}${r.same ? '' : `  DIFFERENT: worker ${r.decision}, native ${r.other}`}`);
  }
  const ratios = rows.map((r) => r.web / r.native);
  const web = rows.reduce((t, r) => t + r.web, 0);
  const native = rows.reduce((t, r) => t + r.native, 0);
  console.log(`  total worker ${ms(web)}, native ${ms(native)}: ratio of totals ${(web / native).toFixed(2)}, median ratio ${median(ratios).toFixed(2)}, worst ${Math.max(...ratios).toFixed(2)} (goal <= 2)`);
  const differ = rows.filter((r) => !r.same).length;
  console.log(`  the same decision on both sides: ${rows.length - differ} of ${rows.length}`);
}

/** A classic match against Hard in the worker, and its WebAssembly memory after it. */
async function hardMatch(worker) {
  const { moves, over, turns, memory, analysisMs, memoryAfter } = await worker.ask({ op: 'match', rules: 'classic-15', level: 'hard' });
  console.log(`web match (classic-15, a person passing against Hard in the worker: ${turns} turns${over ? '' : ', NOT OVER'})`);
  console.log(`  Hard's moves: median ${ms(median(moves))}, worst ${ms(Math.max(...moves))} over ${moves.length}`);
  console.log(`  the worker's WebAssembly memory after the match: ${MB(memory)} MB (goal <= 300 MB); after its analysis (made in ${ms(analysisMs)}): ${MB(memoryAfter)} MB`);
}

// --size: the sizes alone; --worker: the bench worker's figures alone (e.g. to compare two
// builds of the module through WORDCLUB_WEB_BENCH_WASM).
const workerOnly = process.argv.includes('--worker');
if (!workerOnly) sizes();
if (process.argv.includes('--size')) {
  // The sizes alone (node tests/web/bench.mjs --size).
} else if (!hasWasm()) {
  console.log('no WebAssembly in dist/web: build it with scripts/build-web.sh for the load and Hard figures');
} else {
  if (!workerOnly) {
    const server = await serveWeb();
    try {
      await loads(server.url);
    } finally {
      await server.stop();
    }
  }
  if (!BENCH_WASM || !existsSync(join(BENCH_WASM, 'wasm', 'wordclub_web_bg.wasm'))) {
    console.log('no bench build (WORDCLUB_WEB_BENCH_WASM): scripts/bench-web.sh makes one for the Hard and memory figures');
  } else {
    const dir = benchBuild();
    const bench = await serveWeb(dir);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      await startParts(browser, bench.url);
      const worker = await benchWorker(browser, bench.url);
      try {
        await worker.ask({ op: 'start' });
        await hardSideBySide(worker);
        await hardMatch(worker);
      } finally {
        await worker.close();
      }
    } finally {
      await browser.close();
      await bench.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
