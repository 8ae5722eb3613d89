// The same results as the desktop build: the history the CLI wrote (the committed fixture
// src-tauri/app/tests/fixtures/cli-history: every rule set, with computers) imported into the
// web app through its "Import a history" file picker (the worker's import), then, for every
// match, what the worker answers (match_detail, export_gcg with and without the analysis'
// notes, match_analysis) compared with what the native `wordclub-cli` prints for the same
// file (history show, history export-gcg --json [--analysis], analyze). Facts against facts:
// nothing here knows a score. cli/tests/fixture_parity.rs is the native side of the same
// comparison (the CLI against the app linked natively).
// Then the fixture's unfinished match against Easy and Medium is played on, the person passing,
// in the worker and in the native `wordclub-cli serve` on a copy of the same file: the
// computers' seeded random picks (movegen's index_below) must be the same on wasm32 as on the
// 64-bit desktop, so both go on with the same moves. (Checked: with index_below drawing over
// `usize` again, the wasm32 build's Easy and Medium play other words and this test fails.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveWeb, launchProfile, removeProfile, hasWasm, ROOT } from './helpers.js';
import { CLI } from '../e2e/helpers.js';

const FIXTURE = join(ROOT, 'src-tauri', 'app', 'tests', 'fixtures', 'cli-history', 'history.db');

let server;
let scratch;
before(async () => {
  assert.ok(hasWasm(), 'dist/web holds no WebAssembly: build it with scripts/build-web.sh');
  server = await serveWeb();
  scratch = mkdtempSync(join(tmpdir(), 'wordclub-web-fixture-'));
});
after(async () => {
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** What the native CLI prints for `args` on a copy of the fixture (`analyze` keeps what it
 *  makes; the fixture has every analysis already, so the copy stays as it is). */
function cli(db, ...args) {
  return JSON.parse(execFileSync(CLI, [...args, '--db', db], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

/** The replay's facts both sides give: the board, the result, each seat's score, every turn. */
const replay = (detail) => ({
  board: detail.board,
  result: detail.result,
  scores: detail.summary.players.map((p) => p.score),
  turns: detail.turns,
});

/** Asks the web app's backend (the worker, through the page's own commands.js) `command`. */
function worker(page, command, args) {
  return page.evaluate(async ([name, a]) => {
    const commands = await import(new URL('js/commands.js', document.baseURI).href);
    return commands[name](a);
  }, [command, args]);
}

/** Imports the fixture through the History screen's "Import a history" (a picked file, sent
 *  to the worker as bytes); resolves with the sentence the app says. */
async function importFixture(page) {
  // The app is up (its first screen), then History from the menu (tapped as the menu is shown
  // at this size: its button may be folded away behind the menu toggle).
  await page.getByTestId('new-match').waitFor({ timeout: 120000 });
  await page.locator('nav [data-nav=history]').evaluate((b) => b.click());
  await page.getByTestId('history-transfer').waitFor({ timeout: 60000 });
  await page.getByTestId('import-file').setInputFiles(FIXTURE);
  const said = page.getByTestId('transfer-result');
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid=transfer-result]')?.textContent ?? '';
    return t !== '' && !t.startsWith('Importing');
  }, null, { timeout: 120000 });
  assert.equal(await said.getAttribute('class'), '', `the import is not refused: ${await said.textContent()}`);
  return said.textContent();
}

test('the CLI\'s history imported into the worker replays, exports and analyses every match as the native CLI does', async () => {
  const db = join(scratch, 'cli.db');
  copyFileSync(FIXTURE, db);
  const listed = cli(db, 'history', 'list');
  const matches = listed.matches;
  assert.ok(new Set(matches.map((m) => m.rules_id)).size >= 7, 'every rule set is in the fixture');

  const { context, page, profile } = await launchProfile();
  try {
    await page.goto(server.url);
    const said = await importFixture(page);
    const list = await worker(page, 'match_list', {});
    assert.equal(list.total, matches.length, said);

    let analysed = 0;
    for (const m of matches) {
      const id = m.id;
      const finished = m.status === 'finished';
      const shown = cli(db, 'history', 'show', String(id));
      // A fresh history takes the file's matches in order: the same ids.
      const detail = await worker(page, 'match_detail', { match_id: id });
      assert.deepEqual([detail.summary.rules, detail.summary.turns], [shown.summary.rules_id, shown.summary.turn_count], `match ${id} is the same match`);
      assert.deepEqual(replay(detail), replay(shown), `match ${id}'s replay`);

      const gcg = cli(db, 'history', 'export-gcg', String(id), '--json');
      const exported = await worker(page, 'export_gcg', { match_id: id, reveal_racks: !finished });
      assert.match(gcg.gcg, />/);
      assert.equal(exported.gcg, gcg.gcg, `match ${id}'s GCG`);
      if (!finished) continue;
      const noted = cli(db, 'history', 'export-gcg', String(id), '--json', '--analysis');
      const exportedNoted = await worker(page, 'export_gcg', { match_id: id, analysis: true });
      assert.match(noted.gcg, /#note/);
      assert.equal(exportedNoted.gcg, noted.gcg, `match ${id}'s GCG with the analysis' notes`);
      // The CLI's: kept in the file when it was written; the worker's: made from the
      // imported events by the WebAssembly build (an import carries no analysis).
      const analysis = await worker(page, 'match_analysis', { match_id: id });
      assert.deepEqual(analysis, cli(db, 'analyze', String(id)), `match ${id}'s analysis`);
      analysed += 1;
    }
    assert.ok(analysed >= 7, `every finished match analysed (${analysed})`);
    assert.deepEqual(context.errors, []);
  } finally {
    await context.close();
    removeProfile(profile);
  }
});

/** `wordclub-cli serve --db db` on a free port: {call(command, args), stop()}. */
async function serveNative(db) {
  const child = spawn(CLI, ['serve', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      try { const l = JSON.parse(line).listening; if (l) resolve(l); } catch { /* another line */ }
    });
    child.once('exit', (code) => reject(new Error(`wordclub-cli serve exited with ${code}`)));
    child.once('error', reject);
  });
  return {
    async call(command, args = {}) {
      const res = await fetch(`${url}/api/${command}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) });
      const body = await res.json();
      if (!res.ok) throw new Error(`${command}: ${JSON.stringify(body)}`);
      return body;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    },
  };
}

/** Plays match `id` on through `call` (a door's commands): the person passes `turns` times,
 *  each time waiting until the computers have moved and the person is to move again (or the
 *  match is over), as the fixture's make.mjs played it. */
async function passOn(call, id, turns) {
  let passed = 0;
  const until = Date.now() + 180000;
  while (Date.now() < until) {
    const view = await call('match_view', { match_id: id });
    if (view.result || view.to_move === null) return;
    if (view.players[view.to_move]?.computer) { await sleep(200); continue; }
    if (passed === turns) return;
    await call('reveal_rack', { match_id: id }).catch(() => null);
    await call('pass', { match_id: id });
    passed += 1;
  }
  assert.fail(`match ${id}: the computers did not move within 3 minutes`);
}

test('an imported match played on against Easy and Medium: the worker\'s computers choose as the native ones do', async () => {
  const db = join(scratch, 'served.db');
  copyFileSync(FIXTURE, db);
  const unfinished = cli(db, 'history', 'list', '--status', 'in_progress').matches;
  const target = unfinished.find((m) => m.players.some((p) => p.level === 'easy') && m.players.some((p) => p.level === 'medium'));
  assert.ok(target, `the fixture leaves a match against Easy and Medium unfinished: ${JSON.stringify(unfinished)}`);
  const id = target.id;
  const before = cli(db, 'history', 'show', String(id)).turns.length;
  const turns = 3;

  const native = await serveNative(db);
  let nativeDetail;
  try {
    await passOn(native.call, id, turns);
    nativeDetail = await native.call('match_detail', { match_id: id });
  } finally {
    await native.stop();
  }

  const { context, page, profile } = await launchProfile();
  try {
    await page.goto(server.url);
    await importFixture(page);
    await passOn((command, args) => worker(page, command, args), id, turns);
    const detail = await worker(page, 'match_detail', { match_id: id });
    const computers = new Set(nativeDetail.summary.players.filter((p) => p.computer).map((p) => p.seat));
    const theirs = nativeDetail.turns.slice(before).filter((t) => computers.has(t.player) && t.kind === 'place');
    assert.ok(new Set(theirs.map((t) => t.player)).size >= 2, `both computers placed words after the import (${theirs.length} turns)`);
    assert.deepEqual(replay(detail), replay(nativeDetail), `match ${id} played on in the worker and natively`);
    assert.deepEqual(context.errors, []);
  } finally {
    await context.close();
    removeProfile(profile);
  }
});
