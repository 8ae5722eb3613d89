// The web app in WebKit, the engine of Safari on the iPad: WebKitGTK's MiniBrowser driven by
// WebKitWebDriver (under Xvfb: scripts/web-e2e.sh runs this file in xvfb-run) loads dist/web,
// plays a match against the computer and reopens it behind the cover after a reload. MiniBrowser
// under automation keeps no data, so the history kept over a browser restart (the IndexedDB
// path: this WebKit has no OPFS) is shown with a small WebKitGTK program with a data folder of
// its own (webkit-keeper.c, built here with gcc and pkg-config): a match played, the program
// killed with every process it started, started again on the same folder: the match and its
// moves are there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { Builder } from 'selenium-webdriver';
import { serveWeb, hasWasm } from './helpers.js';

const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const WEBDRIVER = process.env.WEBKIT_WEBDRIVER ?? '/usr/bin/WebKitWebDriver';

let server;
const work = mkdtempSync(join(tmpdir(), 'wordclub-webkit-'));
before(async () => {
  assert.ok(hasWasm(), 'dist/web holds no WebAssembly: build it with scripts/build-web.sh');
  server = await serveWeb();
});
after(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Page-side steps shared by both browsers, as the text of functions put in the page: they
 *  wait for the UI and act on it as a person's taps would (click() on its controls). */
const PAGE_STEPS = String.raw`
const until = async (test, what, ms = 120000) => {
  const end = Date.now() + ms;
  for (;;) {
    const found = test();
    if (found) return found;
    if (Date.now() > end) throw new Error('timed out waiting for ' + what);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const $ = (s) => document.querySelector(s);
const setField = (el, value) => {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
};
const byLabel = (label) => document.querySelector('[aria-label="' + label + '"]');
async function startAgainstComputer() {
  await until(() => $('[data-testid=new-match]'), 'the new-match form');
  setField($('[data-testid=rules]'), 'wordclub-1.0');
  setField(byLabel('Player 1 name'), 'Ann');
  setField(byLabel('Player 2 name'), 'Robo');
  setField(byLabel('Player 2 is'), 'easy');
  $('[data-testid=start]').click();
  await until(() => $('[data-testid=rack]'), 'Ann\'s rack');
}
async function playOne(pass) {
  const turn = () => document.querySelectorAll('[data-testid=scoresheet-log] > .sheet-row').length;
  const before = turn();
  const hint = $('[data-action=hint]');
  let played = false;
  if (!pass && hint) {
    hint.click();
    await until(() => { const b = $('[data-action=hint]'); return !b || b.getAttribute('aria-busy') !== 'true'; }, 'the hint');
    const play = $('[data-action=play]');
    if (document.querySelector('.square .tile.staged') && play && !play.disabled) { play.click(); played = true; }
  }
  if (!played) {
    $('[data-action=pass]').click();
    const yes = await until(() => $('[data-testid=confirm-yes]') || $('[data-testid=end]') || turn() > before, 'the pass', 3000).catch(() => null);
    if (yes && yes.matches && yes.matches('[data-testid=confirm-yes]')) yes.click();
  }
  // Answered, and the computer has moved: Ann's rack again, or the end.
  await until(() => $('[data-testid=end]') || (turn() >= before + 2 && $('[data-testid=rack]')), 'the computer\'s answer');
  return turn();
}
`;

async function listening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.end(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

test('MiniBrowser (WebKitWebDriver): the app loads, plays a match against the computer, and a reload reopens it behind the cover', async () => {
  const port = 4700 + Math.floor(Math.random() * 200);
  const driverProcess = spawn(WEBDRIVER, [`--port=${port}`], { stdio: 'ignore', detached: true });
  let driver;
  try {
    const deadline = Date.now() + 20000;
    while (!(await listening(port))) {
      assert.ok(Date.now() < deadline, 'WebKitWebDriver listens within 20 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    }).build();
    await driver.manage().setTimeouts({ script: 300000 });
    await driver.get(server.url);
    const run = (body) => driver.executeAsyncScript(`${PAGE_STEPS}
      const done = arguments[arguments.length - 1];
      (async () => { ${body} })().then((v) => done({ ok: v ?? null }), (e) => done({ error: String(e && e.message || e) }));`);
    const ok = async (body) => {
      const answer = await run(body);
      assert.equal(answer.error, undefined, answer.error);
      return answer.ok;
    };
    await ok('await startAgainstComputer();');
    const turns = await ok('await playOne(false); return await playOne(false);');
    assert.ok(turns >= 4, `two rounds played (${turns} turns)`);

    await driver.navigate().refresh();
    const reopened = await ok(`
      await until(() => $('[data-testid=cover]'), 'the cover');
      return { rack: Boolean($('[data-testid=rack]')), turns: document.querySelectorAll('[data-testid=scoresheet-log] > .sheet-row').length };`);
    assert.equal(reopened.rack, false, 'behind the cover after the reload');

    const end = await ok(`
      $('[data-testid=reveal]').click();
      await until(() => $('[data-testid=rack]'), 'the rack');
      for (let i = 0; i < 60 && !$('[data-testid=end]'); i++) await playOne(i >= 4);
      await until(() => $('[data-testid=end]'), 'the end screen');
      return $('[data-testid=end-reason]').textContent;`);
    assert.ok(end.length > 0, 'the match ended');
  } finally {
    await driver?.quit().catch(() => {});
    try { process.kill(-driverProcess.pid, 'SIGTERM'); } catch { /* gone */ }
  }
});

/** Builds webkit-keeper.c (gcc, pkg-config's webkit2gtk-4.1) into the test's folder. */
function buildKeeper() {
  const binary = join(work, 'webkit-keeper');
  const flags = execFileSync('pkg-config', ['--cflags', '--libs', 'webkit2gtk-4.1'], { encoding: 'utf8' }).trim().split(/\s+/);
  execFileSync('gcc', ['-O1', '-o', binary, new URL('./webkit-keeper.c', import.meta.url).pathname, ...flags], { stdio: 'inherit' });
  return binary;
}

/** Starts the keeper on `dataDir` with `body` as its page script; resolves with {result, kill}
 *  once the script has answered. kill() ends it and every process it started (its group). */
async function keeper(binary, dataDir, body) {
  const script = join(work, `script-${Date.now()}.js`);
  writeFileSync(script, `${PAGE_STEPS}\n${body}`);
  const child = spawn(binary, [dataDir, server.url, script], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const kill = () => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } };
  try {
    const line = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the keeper\'s script did not answer in 5 minutes')), 300000);
      createInterface({ input: child.stdout }).once('line', (l) => { clearTimeout(timer); resolve(l); });
      child.once('exit', (code) => reject(new Error(`webkit-keeper exited with ${code}`)));
    });
    const answer = JSON.parse(line);
    assert.equal(answer.error, undefined, answer.error);
    return { result: answer.result, kill, child };
  } catch (e) {
    kill();
    throw e;
  }
}

test('WebKitGTK with a data folder of its own: a match played, the browser killed with all its processes, started again: the history has the match and its moves (IndexedDB)', async () => {
  const binary = buildKeeper();
  const dataDir = join(work, 'profile');
  const first = await keeper(binary, dataDir, `
    await startAgainstComputer();
    await playOne(false);
    return await playOne(false);`);
  const turns = first.result;
  assert.ok(turns >= 4, `turns answered before the kill (${turns})`);
  first.kill();
  await new Promise((r) => first.child.exitCode !== null || first.child.signalCode !== null ? r() : first.child.once('exit', r));

  const second = await keeper(binary, dataDir, `
    await until(() => $('[data-testid=cover]') || $('[data-testid=new-match]'), 'the first screen');
    const cover = Boolean($('[data-testid=cover]'));
    let turns = null;
    if (cover) {
      $('[data-testid=reveal]').click();
      await until(() => $('[data-testid=rack]'), 'the rack');
      turns = document.querySelectorAll('[data-testid=scoresheet-log] > .sheet-row').length;
    }
    $('[data-nav=history]').click();
    await until(() => document.querySelector('[data-testid=history] tbody tr'), 'a history row');
    const rows = [...document.querySelectorAll('[data-testid=history] tbody tr')].map((r) => r.textContent);
    return { cover, turns, rows };`);
  second.kill();
  assert.equal(second.result.cover, true, 'the match reopens behind the cover');
  assert.equal(second.result.rows.length, 1);
  assert.match(second.result.rows[0], /Ann/);
  assert.match(second.result.rows[0], /Robo/);
  assert.equal(second.result.turns, turns, 'every turn answered before the kill');
});
