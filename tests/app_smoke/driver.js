// The real-window tests' shared start: tauri-driver (which starts WebKitWebDriver and, per
// WebDriver session, the built `wordclub` binary) in a process group of its own, with a fresh
// app-data directory, so each test file meets a new database and new settings.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, existsSync, writeFileSync, readdirSync, readlinkSync } from 'node:fs';
import { tmpdir, homedir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Builder } from 'selenium-webdriver';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGET = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
export const APP = process.env.WORDCLUB_APP ?? join(TARGET, 'debug', 'wordclub');
const DRIVER = process.env.TAURI_DRIVER ?? join(homedir(), '.cargo', 'bin', 'tauri-driver');

/** Starts tauri-driver on `port` (and `port + 1` for WebKitWebDriver) with a fresh data folder
 *  named after `prefix`; resolves once it takes connections. `stop()` ends it, WebKitWebDriver
 *  and the app together, and removes the folder. */
export async function startDriver(port, prefix) {
  assert.ok(existsSync(APP), `build the app first: ${APP}`);
  assert.ok(existsSync(DRIVER), `install tauri-driver first: ${DRIVER}`);
  const dataHome = mkdtempSync(join(tmpdir(), prefix));
  // The Downloads folder the app saves GCG records into (XDG user dirs, read from
  // XDG_CONFIG_HOME): inside the fresh directory, never the real one.
  writeFileSync(join(dataHome, 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR="${join(dataHome, 'Downloads')}"\n`);
  const child = spawn(DRIVER, ['--port', String(port), '--native-port', String(port + 1)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group: tauri-driver, WebKitWebDriver and the app end together.
    detached: true,
    // A fresh app-data directory: a new database and new settings.
    env: { ...process.env, XDG_DATA_HOME: dataHome, XDG_CONFIG_HOME: dataHome },
  });
  // Ready once its port takes connections (a status request would be passed on to
  // WebKitWebDriver, which starts only with a session).
  const deadline = Date.now() + 20000;
  while (!await listening(port)) {
    assert.ok(Date.now() < deadline, 'tauri-driver listens within 20 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    dataHome,
    stop() {
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
      rmSync(dataHome, { recursive: true, force: true });
    },
  };
}

/** A WebDriver session on the tauri-driver at `port`: it starts the app, whose window it
 *  drives. */
export function openWindow(port) {
  return new Builder()
    .usingServer(`http://127.0.0.1:${port}/`)
    .withCapabilities({ browserName: 'wry', 'tauri:options': { application: APP } })
    .build();
}

/** The running app's process id (its executable is APP), or null. */
export function appPid() {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try { if (readlinkSync(`/proc/${pid}/exe`) === APP) return Number(pid); } catch { /* not ours */ }
  }
  return null;
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => { socket.end(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** Answers a native dialog of the app (a GTK window of its own, which WebDriver cannot
 *  reach) titled `title`: waits up to 10 s for it, gives it the keyboard focus and sends
 *  `keys` by xdotool (under the tests' Xvfb), each a key name such as 'Return' or
 *  'ctrl+a', or `{ type: text }` to type text. */
export function answerNativeDialog(title, keys) {
  const xdotool = (...args) => execFileSync('xdotool', args, { encoding: 'utf8', timeout: 10000 }).trim();
  // Once it is shown (focusing a window not yet mapped is an X error).
  const windows = xdotool('search', '--sync', '--onlyvisible', '--name', `^${title}$`).split('\n');
  xdotool('windowfocus', '--sync', windows.at(-1));
  for (const key of keys) {
    if (typeof key === 'string') xdotool('key', '--clearmodifiers', key);
    else xdotool('type', '--delay', '10', key.type);
  }
}
