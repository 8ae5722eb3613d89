// The installable web app's shell (dist/web, scripts/build-web.sh): the service worker that
// keeps every file of a version for offline use, the first download's progress, the notice of
// a new version, the screen kept awake during a match, the request for persistent storage,
// Safari's "Add to Home Screen" advice and the lock that keeps a second tab off the history.
// The page is the web app when api.js runs the app in its worker (the web build's head says
// so: webapp/head.html); in the app window and on `wordclub-cli serve` everything here does
// nothing.
import { inWebApp } from './api.js';

/** The Web Lock held while this page owns the browser's history (one tab at a time). */
export const HISTORY_LOCK = 'wordclub-history';

/** The notice box: one line per concern, each replaced as it changes. */
function line(/** @type {string} */ id) {
  let box = document.getElementById('webapp-notice');
  if (!box) {
    box = document.createElement('div');
    box.id = 'webapp-notice';
    box.className = 'webapp-notice';
    box.dataset.testid = 'webapp-notice';
    // Under the top bar, in the page's flow: it never covers the board or a rack.
    const screen = document.getElementById('screen');
    if (screen) screen.before(box); else document.body.append(box);
  }
  let el = /** @type {HTMLElement | null} */ (box.querySelector(`[data-line="${id}"]`));
  if (!el) {
    el = document.createElement('p');
    el.dataset.line = id;
    el.dataset.testid = `webapp-${id}`;
    box.append(el);
  }
  return el;
}

/** Says `text` on line `id` (with `button` after it, if any), or removes the line when null.
 * @param {string} id @param {string | null} text @param {HTMLButtonElement} [button] */
function say(id, text, button) {
  if (text === null) {
    document.querySelector(`#webapp-notice [data-line="${id}"]`)?.remove();
    return;
  }
  const el = line(id);
  el.replaceChildren(text, ...(button ? [' ', button] : []));
}

/** Megabytes to one decimal. @param {number} bytes */
const mb = (bytes) => (bytes / 1e6).toFixed(1);

/**
 * Starts the shell. Resolves once this page holds the history's lock (at once outside the
 * web app): only then may the app's worker open the history. While another tab holds it,
 * the page says so, and goes on by itself once that tab is closed; a reload waits here for
 * the page it replaces to let go.
 * @returns {Promise<void>}
 */
export async function startWebShell() {
  if (!inWebApp) return;
  registerServiceWorker();
  keepAwakeDuringMatches();
  askToPersist();
  adviseHomeScreen();
  await holdHistoryLock();
}

/** Waits for the history's lock and holds it while the page lives.
 * @returns {Promise<void>} */
function holdHistoryLock() {
  const locks = navigator.locks;
  if (!locks) return Promise.resolve(); // older browsers: one tab is all they get anyway
  return new Promise((resolve) => {
    // A reload's new page asks while the page it replaces is still letting go: a moment's
    // wait is that, not another tab, and says nothing.
    const elsewhere = setTimeout(() => {
      say('locked', 'Word Club is open in another tab or window. It opens here once that one is closed.');
    }, LOCK_QUIET_MS);
    locks.request(HISTORY_LOCK, () => {
      clearTimeout(elsewhere);
      say('locked', null);
      resolve();
      // Held until the page goes: this promise never settles.
      return new Promise(() => {});
    });
  });
}

/** How long a page waits for the lock before saying another tab has it. */
const LOCK_QUIET_MS = 1000;

function registerServiceWorker() {
  const container = navigator.serviceWorker;
  if (!container) {
    say('offline', 'This browser cannot keep Word Club for offline use (it needs https or this computer\'s own address).');
    return;
  }
  // Ready offline once every file is kept (the worker said 'installed') and the worker serves
  // this page (it claims it when it activates). The two news come by different routes, in
  // either order: waiting for 'installed' with no controller yet missed the first visit whose
  // claim came first (a test run waited its 2 minutes). A page that opened with a controller
  // is ready already; a later version's 'installed' is the update offer below.
  let kept = false;
  const ready = () => {
    if (!kept || !container.controller || document.documentElement.dataset.offlineReady === 'true') return;
    say('offline', 'Word Club is ready to play offline.');
    document.documentElement.dataset.offlineReady = 'true';
  };
  container.addEventListener('controllerchange', ready);
  container.addEventListener('message', (e) => {
    const message = e.data ?? {};
    if (message.type === 'progress') {
      say('offline', `Getting Word Club ready to play offline: ${Math.floor((100 * message.done) / Math.max(message.total, 1))}% (${mb(message.done)} of ${mb(message.total)} MB)`);
    } else if (message.type === 'installed') {
      kept = true;
      ready();
    } else if (message.type === 'failed') {
      say('offline', `Word Club could not be kept for offline use: ${message.reason}. It tries again at the next visit.`);
    }
  });
  if (container.controller) document.documentElement.dataset.offlineReady = 'true';
  container.register('sw.js', { scope: './', updateViaCache: 'none' }).then((registration) => {
    // A new version waits until the players choose to reload: it never replaces the files
    // of the page they are playing on.
    const offer = () => {
      const waiting = registration.waiting;
      if (!waiting || !container.controller) return;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Reload';
      button.dataset.testid = 'webapp-reload';
      button.addEventListener('click', () => {
        container.addEventListener('controllerchange', () => location.reload(), { once: true });
        waiting.postMessage({ type: 'activate' });
      });
      say('update', 'A new version is ready — reload', button);
    };
    offer();
    registration.addEventListener('updatefound', () => {
      registration.installing?.addEventListener('statechange', offer);
    });
    // A tablet left open for days looks for a new version when it is woken.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') registration.update().catch(() => {});
    });
  }).catch((e) => {
    say('offline', `Word Club could not be kept for offline use: ${e instanceof Error ? e.message : String(e)}.`);
  });
}

/** The screen stays on while a match is on screen (Screen Wake Lock, where the browser has
 *  it): a tablet passed round a table must not go dark between turns. */
function keepAwakeDuringMatches() {
  const wakeLock = navigator.wakeLock;
  if (!wakeLock) return;
  /** @type {WakeLockSentinel | null} */
  let held = null;
  let asking = false;
  const matchOnScreen = () => document.querySelector('#screen [data-testid=match]') !== null;
  const update = async () => {
    const want = matchOnScreen() && document.visibilityState === 'visible';
    if (want && (!held || held.released) && !asking) {
      asking = true;
      try {
        held = await wakeLock.request('screen');
        document.documentElement.dataset.wakeLock = 'held';
        held.addEventListener('release', () => { delete document.documentElement.dataset.wakeLock; });
      } catch { /* refused (battery saver, not visible): the screen may dim as usual */ }
      asking = false;
    } else if (!want && held && !held.released) {
      await held.release().catch(() => {});
    }
  };
  const screen = document.getElementById('screen');
  if (screen) new MutationObserver(() => { update(); }).observe(screen, { childList: true });
  document.addEventListener('visibilitychange', () => { update(); });
  update();
}

/** Asks the browser to keep the history (navigator.storage.persist) and says plainly when it
 *  may clear it. */
async function askToPersist() {
  const storage = navigator.storage;
  if (!storage?.persist) return;
  try {
    if (await storage.persisted()) return;
    if (await storage.persist()) return;
  } catch { /* treated as not granted */ }
  say('storage', 'This browser may clear Word Club\'s history if the device runs short of space or the app goes unused for weeks. Installing the app (Add to Home Screen) makes that less likely.');
}

/** Safari on an iPad or iPhone, not started from the Home Screen: the Home Screen app keeps a
 *  history of its own, apart from Safari's, so the advice comes before the first match.
 *  (`navigator.standalone` exists only in Apple's mobile WebKit.) */
function adviseHomeScreen() {
  const standalone = /** @type {{ standalone?: boolean }} */ (navigator).standalone;
  if (standalone === false) {
    say('homescreen', 'Add to Home Screen before your first match: the app on the Home Screen keeps its own history, apart from Safari\'s.');
  }
}
