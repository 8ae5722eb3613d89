// Shared by the web app's tests (tests/web): dist/web served by `wordclub-cli serve --web` on
// loopback, Debian's chromium through playwright-core on a profile of its own (a persistent
// context: the service worker, the caches and the history outlive a page, and a relaunch on
// the same folder is the same browser), and the steps of a match through the UI.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { CLI, CHROMIUM, CHROMIUM_ARGS, ROOT, TABLET, wordclubWords } from '../e2e/helpers.js';

export { ROOT, TABLET };

/** The built web app (scripts/build-web.sh; WORDCLUB_WEB_OUT as there). */
export const WEB = process.env.WORDCLUB_WEB_OUT ?? join(ROOT, 'dist', 'web');

/** Whether the build holds the app's WebAssembly (the shell's own tests run without it). */
export const hasWasm = () => existsSync(join(WEB, 'wasm', 'wordclub_web_bg.wasm'));

/** Serves `dir` (dist/web, or a copy) with `wordclub-cli serve --web` on a free port. */
export async function serveWeb(dir = WEB) {
  const child = spawn(CLI, ['serve', '--web', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try { resolve(JSON.parse(line).listening); } catch { reject(new Error(`unexpected serve output: ${line}`)); }
    });
    child.once('exit', (code) => reject(new Error(`wordclub-cli serve --web exited with ${code}`)));
    child.once('error', reject);
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    },
  };
}

/** A copy of the build in a temporary folder (for a test that changes it: a new version). */
export function copyOfBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'wordclub-web-build-'));
  cpSync(WEB, dir, { recursive: true });
  return dir;
}

/**
 * Runs in every page and worker-creating page before the app's scripts: records every message
 * the app's worker posts to the page (`wordclubWorkerLog`, each with the mark current when it
 * came: who had shown their rack, set by the test with markViewer) for the secrecy scan.
 */
function recordWorkerMessages() {
  const Native = globalThis.Worker;
  if (!Native) return;
  globalThis.wordclubWorkerLog = [];
  globalThis.wordclubViewer = null;
  globalThis.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        globalThis.wordclubWorkerLog.push({ viewer: globalThis.wordclubViewer, data: e.data });
      });
    }
  };
}

/** Says which seat (by name) has shown their rack from now on (null: nobody). */
export const markViewer = (page, name) => page.evaluate((n) => { globalThis.wordclubViewer = n; }, name);

/**
 * Chromium on a profile folder of its own at tablet size with touch; `profile` reuses one (a
 * relaunch). Resolves with {context, page, profile}; page errors are collected on
 * context.errors.
 */
export async function launchProfile({ profile = mkdtempSync(join(tmpdir(), 'wordclub-web-profile-')), offline = false } = {}) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    ...TABLET.options,
    offline,
  });
  await context.addInitScript(recordWorkerMessages);
  context.errors = [];
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => context.errors.push(e.message));
  return { context, page, profile };
}

/** Every process of the Chromium running on `profile`, killed at once (SIGKILL), as a
 *  power cut or a tablet's system killing the browser would: nothing gets to close cleanly.
 *  Found by the profile folder on their command line, killed by their ids. */
export function killChromium(profile) {
  let pids = [];
  try {
    pids = execFileSync('pgrep', ['-f', '--', `--user-data-dir=${profile}`], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch { /* none */ }
  for (const pid of pids) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
  }
  return pids.length;
}

export function removeProfile(profile) {
  // A killed browser's last processes may still be writing as they go.
  rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

/** Waits until the service worker of `page` is active and controls it, every file kept. */
export async function offlineReady(page, timeout = 120000) {
  await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true' && navigator.serviceWorker.controller !== null, null, { timeout });
}

/** The new-match form: `players` as [name, kind] ('person' or a level), rule set `rules`;
 *  Start. Resolves once the match screen is up. */
export async function startMatch(page, rules, players) {
  await page.getByTestId('new-match').waitFor({ timeout: 60000 });
  for (let i = 2; i < players.length; i++) await page.getByRole('button', { name: 'Add player' }).click();
  await page.getByTestId('rules').selectOption(rules);
  for (const [i, [name, kind]] of players.entries()) {
    await page.getByLabel(`Player ${i + 1} name`).fill(name);
    if (kind !== 'person') await page.getByLabel(`Player ${i + 1} is`).selectOption(kind);
  }
  await page.getByTestId('start').click();
  await page.getByTestId('match').waitFor({ timeout: 60000 });
}

/** The committed tiles on the board on screen: [{row, col, letter}], and its size. */
async function boardOnScreen(page) {
  return page.locator('[data-testid=board]').evaluate((board) => {
    const squares = [...board.querySelectorAll('.square')];
    const tiles = squares.filter((s) => s.querySelector('.tile') && !s.querySelector('.tile.staged'))
      .map((s) => ({ row: Number(s.dataset.row), col: Number(s.dataset.col), letter: s.querySelector('.tile').firstChild.textContent }));
    const star = board.querySelector('.square.star');
    return { size: Math.round(Math.sqrt(squares.length)), tiles, star: star ? { row: Number(star.dataset.row), col: Number(star.dataset.col) } : null };
  });
}

/** Placements worth trying for `rack` on `board` (no blanks used): across the star on an
 *  empty board, else through one board tile. The backend judges each (its preview). */
function candidates(rack, board, limit) {
  const words = wordclubWords().filter((w) => w.length >= 2 && w.length <= 6);
  const fits = (word, extra) => {
    const left = [...rack, ...extra];
    return [...word].every((c) => { const i = left.indexOf(c); if (i < 0) return false; left.splice(i, 1); return true; });
  };
  const at = new Map(board.tiles.map((t) => [`${t.row},${t.col}`, t.letter]));
  const out = [];
  if (!board.tiles.length && board.star) {
    for (const w of words.filter((x) => fits(x, [])).sort((a, b) => b.length - a.length).slice(0, limit)) {
      out.push([...w].map((letter, i) => ({ row: board.star.row, col: board.star.col - Math.floor((w.length - 1) / 2) + i, letter })));
    }
    return out;
  }
  for (const on of board.tiles) {
    for (const w of words) {
      if (out.length >= limit) return out;
      if (!w.includes(on.letter) || !fits(w, [on.letter])) continue;
      const k = w.indexOf(on.letter);
      for (const [dr, dc] of [[0, 1], [1, 0]]) {
        const cells = [...w].map((letter, i) => ({ row: on.row + dr * (i - k), col: on.col + dc * (i - k), letter }));
        if (cells.some((t) => t.row < 0 || t.col < 0 || t.row >= board.size || t.col >= board.size)) continue;
        const placed = cells.filter((t) => !at.has(`${t.row},${t.col}`));
        if (placed.length !== w.length - 1) continue;
        // The squares before and after the word must be empty.
        const before = `${on.row + dr * (-k - 1)},${on.col + dc * (-k - 1)}`;
        const after = `${on.row + dr * (w.length - k)},${on.col + dc * (w.length - k)}`;
        if (at.has(before) || at.has(after)) continue;
        out.push(placed);
      }
    }
  }
  return out;
}

/** Tries to play a word of the rack by taps (a rack tile, then a square), each placement
 *  judged by the backend's preview (Play is enabled only for a legal one). Resolves true once
 *  one is played. */
async function playWord(page, tries = 6) {
  // A computer's move drawn tile by tile is on the board already (its squares `.arriving`):
  // the board is read once they are all in, so no placement is planned over them.
  await page.waitForFunction(() => !document.querySelector('.square.arriving'), null, { timeout: 10000 }).catch(() => {});
  const rack = [...(await rackLetters(page))];
  const board = await boardOnScreen(page);
  const play = page.locator('[data-action=play]');
  const recall = page.locator('[data-action=recall]');
  for (const placement of candidates(rack, board, tries)) {
    for (const t of placement) {
      await page.locator(`[data-testid=rack] .tile:not(.used)[data-letter="${t.letter}"]`).first().tap();
      await page.locator(`.square[data-row="${t.row}"][data-col="${t.col}"]`).tap();
    }
    const staged = await page.locator('.square .tile.staged').count();
    // Said on the test's output (a placement whose taps did not all stage is the clue when
    // a turn goes wrong), never a rack: only the placed letters' count.
    if (staged !== placement.length) console.error(`# playWord: ${staged} of ${placement.length} tiles staged`);
    // The backend's preview of the whole placement: a total (legal) or an error.
    const judged = await page.waitForFunction((n) => {
      if (document.querySelectorAll('.square .tile.staged').length !== n) return null;
      if (document.querySelector('[data-testid=preview-error]')) return 'illegal';
      const b = document.querySelector('[data-action=play]');
      return document.querySelector('[data-testid=preview-total]') && b && !b.disabled ? 'legal' : null;
    }, placement.length, { timeout: 10000 }).then((h) => h.jsonValue(), () => 'illegal');
    // The preview judged may be the one of the placement before its last tile (both are asked
    // for within a few milliseconds): the answer for the whole placement decides, so Play is
    // tapped only once it is still enabled after that answer is in (a CI run met a legal
    // two-letter prefix whose whole placement was refused, and Play stayed disabled).
    if (judged === 'legal') {
      await page.waitForTimeout(500);
      const still = (await play.isEnabled()) && (await page.getByTestId('preview-error').count()) === 0;
      if (still && (await play.tap({ timeout: 5000 }).then(() => true, () => false))) return true;
    }
    // The move may have gone through after all (Play's tap timed out on an answer that came):
    // no rack, nothing to recall.
    if ((await page.getByTestId('rack').count()) === 0) return true;
    // Recall is enabled only while tiles are staged: a tap that staged none (a CI run met a
    // disabled Recall here and waited out its 30 s) leaves nothing to take back.
    if (await recall.isEnabled()) await recall.tap();
  }
  return false;
}

/**
 * Plays the turn of the person whose rack is showing: the suggested move where the rule set's
 * hint suggests one ("Suggest a move", classic), else a word of the rack placed by taps; a
 * pass when neither is found or `pass` is set. Resolves with 'play' or 'pass' once the move
 * is answered (the rack has gone: the cover, a computer's turn or the end).
 */
export async function playTurn(page, { pass = false } = {}) {
  const rackGone = () => page.waitForFunction(() => !document.querySelector('[data-testid=rack]') || document.querySelector('[data-testid=end]'), null, { timeout: 60000 });
  if (!pass) {
    const hint = page.locator('[data-action=hint]');
    if ((await hint.count()) > 0 && /Suggest/i.test(await hint.textContent())) {
      await hint.tap();
      await page.waitForFunction(() => {
        const b = document.querySelector('[data-action=hint]');
        return !b || b.getAttribute('aria-busy') !== 'true';
      }, null, { timeout: 60000 });
      const play = page.locator('[data-action=play]');
      if ((await page.locator('.square .tile.staged').count()) > 0 && (await play.isEnabled())) {
        await play.tap();
        await rackGone();
        return 'play';
      }
      if ((await page.locator('.square .tile.staged').count()) > 0) await page.locator('[data-action=recall]').tap();
    }
    if (await playWord(page)) {
      await rackGone();
      return 'play';
    }
  }
  await page.locator('[data-action=pass]').tap();
  const confirm = page.getByTestId('confirm-yes');
  await confirm.waitFor({ timeout: 2000 }).then(() => confirm.tap(), () => {});
  await rackGone();
  return 'pass';
}

/** The name on the cover ("Pass to Cy"), or null when no cover is up. */
export async function coverName(page) {
  const cover = page.getByTestId('cover');
  if ((await cover.count()) === 0) return null;
  const text = await cover.locator('h1').first().textContent();
  return text?.replace(/^Pass to\s*/, '').trim() ?? null;
}

/** The rack's letters on screen ('?' for a blank). */
export function rackLetters(page) {
  return page.locator('[data-testid=rack] .tile').evaluateAll((tiles) => tiles.map((t) => t.dataset.letter ?? '').join(''));
}
