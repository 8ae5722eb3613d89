// A damaged history moved aside is announced on the start screen, naming where the old file
// went, until the player says they have read it (then it stays gone after a reload), and the
// old file is kept byte for byte. The real backend: `wordclub-cli play --db` writes a real
// history, its pages are scribbled over, and `wordclub-cli serve --db` opens it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CLI, launchBrowser, api } from './helpers.js';

let dir;
let server;
let browser;

async function serve(db) {
  const child = spawn(CLI, ['serve', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line).listening));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  return { url, child };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wordclub-notice-'));
  const db = join(dir, 'wordclub.db');
  const script = join(dir, 'cat.txt');
  writeFileSync(script, '5D CAT\n');
  for (let i = 0; i < 20; i += 1) {
    execFileSync(CLI, ['play', '--rules', 'wordclub-1.0', '--players', 'Ann,Ben', '--seed', '7',
      '--racks', 'CATEELN,SBDGIOO', '--script', script, '--db', db]);
  }
  const bytes = readFileSync(db);
  bytes.fill(0xa5, 4096, 10 * 4096);
  writeFileSync(db, bytes);
  server = await serve(db);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the start screen names the history moved aside until the player has read it', async () => {
  const info = (await api(server.url, 'app_info')).body;
  assert.equal(info.history_notices.length, 1);
  const movedTo = info.history_notices[0].moved_to;
  assert.ok(existsSync(movedTo), 'the old file is kept');

  const page = await browser.newPage();
  await page.goto(server.url);
  const notice = page.getByTestId('history-notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), new RegExp(movedTo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.equal(await notice.getAttribute('role'), 'alert');
  // Still there after a reload: nothing was acknowledged yet.
  await page.reload();
  await page.getByTestId('history-notice').waitFor();
  await page.getByTestId('history-notice-ok').click();
  await page.getByTestId('history-notice').waitFor({ state: 'detached' });
  await page.reload();
  await page.getByTestId('new-match').waitFor();
  assert.equal(await page.getByTestId('history-notice').count(), 0);
  assert.deepEqual((await api(server.url, 'app_info')).body.history_notices, []);
  assert.ok(existsSync(movedTo), 'acknowledging keeps the old file');
  await page.close();
});
