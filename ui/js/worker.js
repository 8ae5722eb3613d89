// The web app's backend: a dedicated module Web Worker running Word Club's command layer
// compiled to WebAssembly (src-tauri/web, whose README gives the build and this protocol).
// The page (api.js) posts { id, command, args }; this worker answers { id, ok } or
// { id, error } (the same JSON as Tauri IPC and HTTP; both sides typed by the generated
// contract's WorkerRequest and WorkerMessage), and posts { event } for each event the
// app sends unasked (a computer moved, the analysis got on), as the window's shell emits them.
// It drives the app's own work from its event loop (`tick`: a computer's move at the app's
// pace, the background analysis), so a Hard search blocks this worker, never the page.
// When it cannot start it posts { fatal } with the refusal; when the module stopped (a panic
// traps the WebAssembly, leaving its state unusable) it posts { died } and closes, and the page
// starts a new worker.

/** @typedef {import('./contract').ErrorBody} ErrorJson */
/** @typedef {{ name: string, file: string, sha256: string, bytes: number }} DataFile */
/**
 * What this worker uses of the module wasm-bindgen generates (src-tauri/web/src/lib.rs).
 * @typedef {object} WebModule
 * @property {(input: { module_or_path: URL }) => Promise<unknown>} default
 * @property {() => string} data_files
 * @property {(name: string, bytes: Uint8Array) => void} provide_data
 * @property {(options: string) => Promise<string>} init
 * @property {(command: string, args: string) => Promise<string>} call
 * @property {(nowMs: number) => Promise<string>} tick
 * @property {() => string} take_events
 * @property {() => string | undefined} take_settings
 * @property {() => Promise<[Uint8Array, string, number]>} export_history
 * @property {(bytes: Uint8Array) => Promise<string>} import_history
 */

/** The web app's root (dist/web/): this file is js/worker.js in it. */
const root = new URL('../', import.meta.url);

/** @param {import('./contract').WorkerMessage} message */
const post = (message) => { /** @type {{ postMessage: (m: unknown) => void }} */ (/** @type {unknown} */ (self)).postMessage(message); };

/** A refusal as JSON, whatever was thrown: the module rejects with the error's JSON text.
 *  @param {unknown} e @returns {ErrorJson} */
function errorJson(e) {
  if (typeof e === 'string') {
    try {
      const parsed = JSON.parse(e);
      if (parsed && typeof parsed.kind === 'string') return { details: null, ...parsed };
    } catch { /* a plain sentence */ }
    return { kind: 'internal', message: e, details: null };
  }
  return { kind: 'internal', message: e instanceof Error ? e.message : String(e), details: null };
}

/** Whether `e` means the WebAssembly stopped (a panic, out of memory): nothing more can run.
 *  @param {unknown} e */
const trapped = (e) => e instanceof WebAssembly.RuntimeError;

let dead = false;
/** @param {unknown} e */
function die(e) {
  if (dead) return;
  dead = true;
  post({ died: errorJson(e) });
  self.close();
}

// ---- the settings, kept in IndexedDB -----------------------------------------------------

const SETTINGS_DB = 'wordclub-settings';

/** @returns {Promise<IDBDatabase | null>} */
function settingsDb() {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') { resolve(null); return; }
    const open = indexedDB.open(SETTINGS_DB, 1);
    open.onupgradeneeded = () => { open.result.createObjectStore('kv'); };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => resolve(null);
  });
}

/** The settings kept by an earlier visit, or null. @returns {Promise<unknown>} */
async function readSettings() {
  const db = await settingsDb();
  if (!db) return null;
  return new Promise((resolve) => {
    const get = db.transaction('kv', 'readonly').objectStore('kv').get('settings');
    get.onsuccess = () => resolve(typeof get.result === 'string' ? JSON.parse(get.result) : null);
    get.onerror = () => resolve(null);
  });
}

/** Keeps the settings the app saved, before the command's answer is posted. @param {string} json */
async function writeSettings(json) {
  const db = await settingsDb();
  if (!db) return;
  await new Promise((resolve) => {
    const tx = db.transaction('kv', 'readwrite');
    tx.objectStore('kv').put(json, 'settings');
    tx.oncomplete = () => resolve(undefined);
    tx.onerror = () => resolve(undefined);
  });
}

// ---- starting ------------------------------------------------------------------------------

/** Loads the module, hands it every data file (each fetched under its content-hashed name,
 *  which the service worker keeps) and opens the history. @returns {Promise<WebModule>} */
async function start() {
  const web = /** @type {WebModule} */ (await import(new URL('wasm/wordclub_web.js', root).href));
  await web.default({ module_or_path: new URL('wasm/wordclub_web_bg.wasm', root) });
  /** @type {DataFile[]} */
  const files = JSON.parse(web.data_files());
  await Promise.all(files.map(async (f) => {
    const response = await fetch(new URL(`data/${f.file}`, root));
    if (!response.ok) throw JSON.stringify({ kind: 'data_file', message: `cannot load the data file ${f.name} (HTTP ${response.status}): reload the page` });
    web.provide_data(f.name, new Uint8Array(await response.arrayBuffer()));
  }));
  await web.init(JSON.stringify({ settings: await readSettings() }));
  return web;
}

const ready = start();
ready.then(() => { post({ ready: true }); schedule(0); }, (e) => {
  if (trapped(e)) die(e); else post({ fatal: errorJson(e) });
});

// ---- the app's own work --------------------------------------------------------------------

/** @type {ReturnType<typeof setTimeout> | null} */
let timer = null;
let ticking = false;
let again = false;

/** Ticks after `ms` milliseconds (0: once the messages waiting now are handled). @param {number} ms */
function schedule(ms) {
  if (ticking) { again = true; return; }
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(runTick, Math.max(0, ms));
}

async function runTick() {
  timer = null;
  const web = await ready;
  ticking = true;
  /** @type {number | null} */
  let next = null;
  try {
    /** @type {{ ran: unknown, wait_ms: number | null, woken: boolean }} */
    const step = JSON.parse(await web.tick(performance.now()));
    if (step.ran || step.woken) next = 0;
    else if (step.wait_ms != null) next = step.wait_ms;
  } catch (e) {
    if (trapped(e)) { die(e); return; }
    // Anything else (the history could not be written) was told as an event or is answered
    // to the next command: the loop goes on at the next command.
  } finally {
    ticking = false;
  }
  await afterWork(web);
  if (again) { again = false; next = 0; }
  if (next !== null) schedule(next);
}

/** Posts the events the app sent and keeps changed settings. @param {WebModule} web */
async function afterWork(web) {
  /** @type {import('./contract').AppEvent[]} */
  const events = JSON.parse(web.take_events());
  for (const event of events) post({ event });
  const settings = web.take_settings();
  if (settings != null) await writeSettings(settings);
}

// ---- the page's commands -------------------------------------------------------------------

self.onmessage = async (m) => {
  /** @type {import('./contract').WorkerRequest} */
  const { id, command, args } = m.data;
  /** @type {WebModule} */
  let web;
  try {
    web = await ready;
  } catch (e) {
    post({ id, error: errorJson(e) });
    return;
  }
  try {
    // The history file travels as bytes, outside the JSON commands (api.js
    // downloadHistory/uploadHistory): the same export and merge as the window's.
    if (command === 'history_file_export') {
      const [bytes, name, matches] = await web.export_history();
      await afterWork(web);
      post(/** @type {import('./contract').WorkerMessage} */ (/** @type {unknown} */ ({ id, ok: { bytes, name, matches } })));
      schedule(0);
      return;
    }
    if (command === 'history_file_import') {
      const bytes = /** @type {{ bytes: Uint8Array }} */ (/** @type {unknown} */ (args)).bytes;
      const answer = await web.import_history(bytes);
      await afterWork(web);
      post({ id, ok: JSON.parse(answer) });
      schedule(0);
      return;
    }
    const answer = await web.call(command, JSON.stringify(args ?? {}));
    await afterWork(web);
    post({ id, ok: JSON.parse(answer) });
  } catch (e) {
    if (trapped(e)) { die(e); return; }
    await afterWork(web);
    post({ id, error: errorJson(e) });
  }
  schedule(0);
};
