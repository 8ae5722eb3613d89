// The real app window when its page crashes: WebKitGTK runs the page in a web process of its
// own, and the app loads the page again when that process dies (src-tauri/src/linux.rs,
// `reload_when_the_page_crashes`). WebDriver loses its session with the page (WebKitWebDriver:
// "session deleted because of page crash or hang"), so the window is checked by its pixels
// (ImageMagick's `import` on the tests' Xvfb): the match's cover, drawn before the crash, is
// drawn again after it. Run under xvfb-run, as window.test.js.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { By, until } from 'selenium-webdriver';
import { APP, appPid, openWindow, startDriver } from './driver.js';

const PORT = 4444 + ((process.pid + 500) % 1000);

let tauriDriver;
let driver;
let shots;

before(async () => {
  tauriDriver = await startDriver(PORT, 'wordclub-crash-');
  shots = mkdtempSync(join(tmpdir(), 'wordclub-crash-shots-'));
});

after(async () => {
  await driver?.quit().catch(() => {});
  tauriDriver?.stop();
  rmSync(shots, { recursive: true, force: true });
});

/** The screen as a PNG file (the app's window is all there is on it). */
function screenshot(name) {
  const file = join(shots, `${name}.png`);
  execFileSync('import', ['-window', 'root', file], { timeout: 10000 });
  return file;
}

/** How many pixels of `a` and `b` differ (beyond a little colour noise). */
function differingPixels(a, b) {
  try {
    execFileSync('compare', ['-metric', 'AE', '-fuzz', '5%', a, b, 'null:'], { encoding: 'utf8', stdio: 'pipe' });
    return 0;
  } catch (e) {
    // `compare` exits 1 when the images differ and prints the count on stderr.
    const count = Number.parseFloat(String(e.stderr));
    assert.ok(Number.isFinite(count), `compare printed a pixel count: ${e.stderr}`);
    return count;
  }
}

/** The web processes the app started (WebKitGTK's children of the app's own process). */
function webProcessesOfTheApp() {
  const pgrep = (...args) => {
    try {
      return execFileSync('pgrep', args, { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
    } catch {
      return []; // none
    }
  };
  const app = appPid();
  assert.ok(app, `the app runs (${APP})`);
  return pgrep('-P', String(app), '-f', 'WebKitWebProcess');
}

test('in the window, a crashed page is loaded again: the match\'s cover comes back', async () => {
  driver = await openWindow(PORT);
  await driver.wait(until.elementLocated(By.css('[data-testid=new-match]')), 20000);
  await driver.findElement(By.css('[data-testid=start]')).click();
  const cover = await driver.wait(until.elementLocated(By.css('[data-testid=cover]')), 10000);
  await driver.wait(until.elementIsVisible(cover), 10000);
  // The cover as it settles (a transition, the focus ring): two shots alike.
  let before = screenshot('before-0');
  for (let i = 1; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const next = screenshot(`before-${i}`);
    if (differingPixels(before, next) === 0) break;
    before = next;
  }
  const [width, height] = await driver.executeScript('return [innerWidth, innerHeight]');

  const pages = webProcessesOfTheApp();
  assert.equal(pages.length, 1, `the window's page runs in one web process: ${pages}`);
  process.kill(pages[0], 'SIGKILL');
  // WebDriver's session ends with the page (a script running as it died: "Could not parse
  // script result"; the next command: "session deleted because of page crash or hang").
  await assert.rejects(driver.executeScript('return 1'), /page crash|session|script result/i);
  driver = null;

  // A new web process draws the page again, and the page reopens the match behind its cover.
  const deadline = Date.now() + 20000;
  let shot;
  let differing = Infinity;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    shot = screenshot('after');
    differing = differingPixels(before, shot);
    if (differing < (width * height) / 200) break;
  }
  assert.ok(differing < (width * height) / 200,
    `the window shows the cover again within 20 s (${differing} pixels differ from before the crash; ${shot})`);
  const now = webProcessesOfTheApp();
  assert.equal(now.length, 1, 'one new web process');
  assert.notEqual(now[0], pages[0], 'the page runs in a new web process');
});
