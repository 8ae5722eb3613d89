// The one door to the backend, three transports. In the app window Tauri's invoke is there
// (withGlobalTauri); in the web app (the page says `<meta name="wordclub-door"
// content="worker">`, which the web build writes) the commands go by postMessage to the
// worker that runs the app compiled to WebAssembly (worker.js); in a browser on
// `wordclub-cli serve` they are POSTed as JSON to /api/<command>. Every way a refusal becomes an
// ApiError with the backend's kind, message and details; the message is shown to players, so
// it reads as a sentence. What the backend tells unasked (a computer's move, the analysis
// getting on) comes the other way, through `onEvent`.
import { sentence } from './dom.js';

export class ApiError extends Error {
  /** @param {{ kind: string, message: string, details?: import('./contract').JsonValue }} error the backend's refusal */
  constructor({ kind, message, details }) {
    super(sentence(message));
    this.kind = kind;
    this.details = details ?? null;
  }
}

/**
 * What the page uses of Tauri's global (`withGlobalTauri`): absent in a browser.
 * @typedef {object} TauriGlobal
 * @property {{ invoke: (command: string, args: object) => Promise<unknown> }} [core]
 * @property {{ listen: (name: string, handler: (e: { payload: unknown }) => void) => unknown }} [event]
 */
const tauriGlobal = /** @type {{ __TAURI__?: TauriGlobal }} */ (/** @type {unknown} */ (globalThis)).__TAURI__;
const tauri = tauriGlobal?.core;

/** Running in the app window (Tauri), where a link cannot download a file: records are saved
 *  by the backend (`save_gcg`) instead. */
export const inAppWindow = Boolean(tauri);

/**
 * Runs one backend command; resolves with its JSON answer, rejects with an ApiError. Called
 * only by commands.js, whose typed functions the rest of the UI uses.
 * @param {string} command
 * @param {object} [args]
 * @returns {Promise<any>}
 */
export async function call(command, args = {}) {
  if (webApp) return callWorker(command, args);
  if (tauri) {
    try {
      return await tauri.invoke(command, { args });
    } catch (e) {
      throw toApiError(e);
    }
  }
  /** @type {Response} */
  let response;
  try {
    response = await fetch(`/api/${encodeURIComponent(command)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  } catch (e) {
    throw new ApiError({ kind: 'offline', message: `cannot reach the game: ${e instanceof Error ? e.message : String(e)}` });
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(body?.error ?? { kind: 'http', message: `HTTP ${response.status}` });
  return body;
}

/** A refusal as an ApiError, whatever form it came in. @param {unknown} e */
function toApiError(e) {
  if (e instanceof ApiError) return e;
  if (e && typeof e === 'object' && 'kind' in e) return new ApiError(/** @type {import('./contract').ErrorBody} */ (e));
  return new ApiError({ kind: 'internal', message: String(e) });
}

/** True inside the Tauri window. */
export const inApp = Boolean(tauri);

/** The name the window's shell emits the app's events under (src-tauri/src/lib.rs, EVENT). */
const WINDOW_EVENT = 'wordclub:event';

/** What a listener hears: the backend's events, and `resync` when the page's connection to
 *  them was lost and is back, so events pushed meanwhile may have been missed: whoever
 *  listens asks again for what it shows.
 * @typedef {import('./contract').AppEvent | { event: 'resync' }} PageEvent */

/** @type {Set<(event: PageEvent) => void>} */
const listeners = new Set();
let connected = false;

/** @param {PageEvent} event */
function deliver(event) { for (const handler of [...listeners]) handler(event); }

/**
 * Calls `handler` with every event the backend pushes from now on (contract.d.ts's AppEvent:
 * a computer thinking, its move made, the background analysis getting on): in the window
 * Tauri's events, in a browser the server-sent events of `GET /api/events`. One connection
 * for the page, whoever listens (and a `resync` after a lost connection: PageEvent).
 * Returns the function that stops this handler.
 * @param {(event: PageEvent) => void} handler
 * @returns {() => void}
 */
export function onEvent(handler) {
  listeners.add(handler);
  connect();
  return () => { listeners.delete(handler); };
}

/** Opens the page's one event connection (at start-up, so no event is missed later). */
export function connect() {
  if (connected) return;
  const events = tauriGlobal?.event;
  if (webApp) {
    // The worker posts its events with its answers (worker.js).
    connected = true;
    ensureWorker();
  } else if (events) {
    connected = true;
    events.listen(WINDOW_EVENT, (e) => deliver(/** @type {PageEvent} */ (e.payload)));
  } else if (typeof EventSource !== 'undefined') {
    connected = true;
    // EventSource reconnects by itself after a dropped connection, but what the server
    // pushed while it was down is gone (the stream keeps no backlog): every open after the
    // first tells the listeners to ask again.
    const source = new EventSource('/api/events');
    let opened = false;
    source.onopen = () => {
      if (opened) deliver({ event: 'resync' });
      opened = true;
    };
    source.onmessage = (m) => {
      /** @type {PageEvent} */
      let event;
      try { event = JSON.parse(m.data); } catch { return; }
      deliver(event);
    };
  }
}

/**
 * The whole history as one file, which travels outside the JSON commands. In a browser
 * (`wordclub-cli serve`) `POST /api/history/export` answers its bytes and records the backup;
 * the window saves it from Rust instead (`export_history`, transfer.js).
 * @returns {Promise<{ file: Blob, name: string, matches: number }>}
 */
export async function downloadHistory() {
  if (webApp) {
    const file = /** @type {{ bytes: Uint8Array, name: string, matches: number }} */ (await callWorker('history_file_export', {}));
    return { file: new Blob([/** @type {BlobPart} */ (file.bytes)], { type: 'application/vnd.sqlite3' }), name: file.name, matches: file.matches };
  }
  const response = await postBytes('/api/history/export');
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'wordclub-history.db';
  const matches = Number(response.headers.get('x-wordclub-matches') ?? 'NaN');
  return { file: await response.blob(), name, matches };
}

/**
 * Merges a history file (the player's choice) into the history: in a browser its bytes go to
 * `POST /api/history/import`; the window opens the file from Rust instead (`import_history`).
 * @param {Blob} file
 * @returns {Promise<import('./contract').ImportAnswer>}
 */
export async function uploadHistory(file) {
  if (webApp) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return callWorker('history_file_import', /** @type {object} */ ({ bytes }));
  }
  const response = await postBytes('/api/history/import', file);
  return response.json();
}

/** POSTs `body` (or nothing) and answers the response, or throws the refusal as an ApiError.
 * @param {string} path @param {Blob} [body] */
async function postBytes(path, body) {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: body ?? null });
  } catch (e) {
    throw new ApiError({ kind: 'offline', message: `cannot reach the game: ${e instanceof Error ? e.message : String(e)}` });
  }
  if (!response.ok) {
    const refusal = await response.json().catch(() => null);
    throw toApiError(refusal?.error ?? { kind: 'http', message: `HTTP ${response.status}` });
  }
  return response;
}

// ---- the web app's worker ------------------------------------------------------------------

/** The web app: no Tauri, and the page names the worker as its door (the web build's
 *  index.html). */
const webApp = !tauri && typeof Worker !== 'undefined'
  && globalThis.document?.querySelector('meta[name="wordclub-door"]')?.getAttribute('content') === 'worker';

/** True in the web app, where the backend is a worker of this page (records are downloads). */
export const inWebApp = webApp;


/** @type {Worker | null} */
let worker = null;
let nextId = 1;
/** Requests posted and not answered yet. @type {Map<number, { resolve: (v: any) => void, reject: (e: ApiError) => void }>} */
const pending = new Map();
/** Why the worker cannot start, once it said so: every command is refused with it. @type {ApiError | null} */
let fatal = null;
/** When the worker stopped, most recent last: a worker that stops again at once is not
 *  started for ever. @type {number[]} */
const deaths = [];
/** Starts at most this many workers a minute after the first. */
const MAX_RESTARTS = 3;

/** The worker, started when none runs. @returns {Worker} */
function ensureWorker() {
  if (worker) return worker;
  const started = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  started.onmessage = (m) => {
    const message = /** @type {import('./contract').WorkerMessage} */ (m.data);
    if ('id' in message) {
      const request = pending.get(message.id);
      pending.delete(message.id);
      if (!request) return;
      if ('ok' in message) request.resolve(message.ok);
      else request.reject(toApiError(message.error));
    } else if ('event' in message) {
      deliver(message.event);
    } else if ('fatal' in message) {
      fatal = toApiError(message.fatal);
      for (const [id, request] of pending) { pending.delete(id); request.reject(fatal); }
    } else if ('died' in message) {
      restart(started);
    }
  };
  started.onerror = () => restart(started);
  worker = started;
  return started;
}

/**
 * The worker stopped (its WebAssembly trapped, or its script failed): the requests it had
 * are refused (a move may or may not have been kept: the page asks again for what it shows,
 * as after the events stream drops), a new worker is started and the listeners get `resync`.
 * @param {Worker} stopped
 */
function restart(stopped) {
  if (worker !== stopped) return;
  stopped.terminate();
  worker = null;
  const lost = new ApiError({ kind: 'worker_stopped', message: 'the game stopped and was started again: look at the board and try again' });
  for (const [id, request] of pending) { pending.delete(id); request.reject(lost); }
  const now = Date.now();
  deaths.push(now);
  while (deaths.length && deaths[0] < now - 60_000) deaths.shift();
  if (deaths.length > MAX_RESTARTS) {
    fatal = new ApiError({ kind: 'worker_stopped', message: 'the game keeps stopping in this browser: reload the page' });
    return;
  }
  ensureWorker();
  deliver({ event: 'resync' });
}

/**
 * One command through the worker, matched to its answer by request id.
 * @param {string} command
 * @param {object} args
 * @returns {Promise<any>}
 */
function callWorker(command, args) {
  if (fatal) return Promise.reject(fatal);
  const target = ensureWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    /** @type {import('./contract').WorkerRequest} */
    const request = { id, command, args: /** @type {import('./contract').JsonValue} */ (args) };
    target.postMessage(request);
  });
}
