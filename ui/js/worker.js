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
 * @property {(name: string, bytes: Uint8Array) => boolean} provide_graph
 * @property {() => [string, Uint8Array][]} take_graphs
 * @property {() => string} graph_counts
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

// ---- what this worker keeps in IndexedDB besides the history ------------------------------
// The settings live in the history (schema version 8); an earlier version of the web app kept
// them in a database of their own, `wordclub-settings`, copied into the history at the first
// start that finds them, then deleted once the history holds them durably (init says so).
// Word graphs built at run time (Medium's, a list of one's own's, one with our words: seconds
// each to build here) are kept in `wordclub-graphs` by their file name, which holds the
// hashes of their words, manners and layout, so none is used with other words.

const EARLIER_SETTINGS_DB = 'wordclub-settings';
const GRAPHS_DB = 'wordclub-graphs';

/** Opens the IndexedDB database `name` with one object store `store`; null when there is no
 *  IndexedDB, it fails, or (`create` false) the database does not exist yet.
 *  @param {string} name @param {string} store @param {boolean} create
 *  @returns {Promise<IDBDatabase | null>} */
function openDb(name, store, create) {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') { resolve(null); return; }
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = (e) => {
      if (!create && e.oldVersion === 0) { open.transaction?.abort(); return; }
      open.result.createObjectStore(store);
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => resolve(null);
    open.onblocked = () => resolve(null);
  });
}

/** The settings an earlier version kept in `wordclub-settings`, or null (none, or no such
 *  database: it is not created). @returns {Promise<unknown>} */
async function readEarlierSettings() {
  const db = await openDb(EARLIER_SETTINGS_DB, 'kv', false);
  if (!db) return null;
  const value = await new Promise((resolve) => {
    try {
      const get = db.transaction('kv', 'readonly').objectStore('kv').get('settings');
      get.onsuccess = () => {
        try { resolve(typeof get.result === 'string' ? JSON.parse(get.result) : null); } catch { resolve(null); }
      };
      get.onerror = () => resolve(null);
    } catch { resolve(null); } // not the layout an earlier build wrote: nothing to copy
  });
  db.close();
  return value;
}

/** Deletes `wordclub-settings` (the history holds the settings now). A failure leaves it:
 *  the history's settings win at every start. */
function deleteEarlierSettings() {
  return new Promise((resolve) => {
    const del = indexedDB.deleteDatabase(EARLIER_SETTINGS_DB);
    del.onsuccess = del.onerror = del.onblocked = () => resolve(undefined);
  });
}

/** @type {Promise<IDBDatabase | null> | null} */
let graphsDb = null;
const graphs = () => (graphsDb ??= openDb(GRAPHS_DB, 'graphs', true));

/** Hands the module every graph kept by an earlier start; deletes those no build of this
 *  layout reads. @param {WebModule} web */
async function provideKeptGraphs(web) {
  const db = await graphs();
  if (!db) return;
  /** @type {[IDBValidKey[], unknown[]]} */
  const [names, values] = await new Promise((resolve) => {
    try {
      const tx = db.transaction('graphs', 'readonly');
      const keys = tx.objectStore('graphs').getAllKeys();
      const all = tx.objectStore('graphs').getAll();
      tx.oncomplete = () => resolve([keys.result, all.result]);
      tx.onerror = tx.onabort = () => resolve([[], []]);
    } catch { resolve([[], []]); } // a cache that cannot be read is only built again
  });
  /** @type {IDBValidKey[]} */
  const stale = [];
  names.forEach((name, i) => {
    const bytes = values[i];
    if (typeof name !== 'string' || !(bytes instanceof Uint8Array) || !web.provide_graph(name, bytes)) stale.push(name);
  });
  if (stale.length) {
    try {
      const tx = db.transaction('graphs', 'readwrite');
      for (const name of stale) tx.objectStore('graphs').delete(name);
    } catch { /* left for the next start */ }
  }
}

/** Graphs written to `wordclub-graphs` by this worker. */
let graphsStored = 0;

/** Keeps the graphs the module built since the last call. A failed write (storage full)
 *  only means the next start builds them again. @param {WebModule} web */
async function keepGraphs(web) {
  const built = web.take_graphs();
  if (!built.length) return;
  const db = await graphs();
  if (!db) return;
  await new Promise((resolve) => {
    try {
      const tx = db.transaction('graphs', 'readwrite');
      for (const [name, bytes] of built) tx.objectStore('graphs').put(bytes, name);
      tx.oncomplete = () => { graphsStored += built.length; resolve(undefined); };
      tx.onerror = tx.onabort = () => resolve(undefined);
    } catch { resolve(undefined); }
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
  await provideKeptGraphs(web);
  const earlier = await readEarlierSettings();
  /** @type {{ storage: string, settings_in_history: boolean }} */
  const started = JSON.parse(await web.init(JSON.stringify({ settings: earlier })));
  if (earlier != null && started.settings_in_history) await deleteEarlierSettings();
  // For the web tests (tests/web/keep.test.js, through Playwright's worker.evaluate): how
  // the kept graphs were used and whether the settings live in the history. Nothing secret.
  /** @type {{ wordclubKept?: unknown }} */ (/** @type {unknown} */ (self)).wordclubKept = {
    graphs: () => ({ ...JSON.parse(web.graph_counts()), stored: graphsStored }),
    settingsInHistory: started.settings_in_history,
    earlierSettingsCopied: earlier != null && started.settings_in_history,
  };
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

/** Posts the events the app sent, and keeps the graphs it built (megabytes: written after,
 *  never before, the answer). @param {WebModule} web */
async function afterWork(web) {
  /** @type {import('./contract').AppEvent[]} */
  const events = JSON.parse(web.take_events());
  for (const event of events) post({ event });
  void keepGraphs(web);
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
