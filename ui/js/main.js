// Boots the UI and switches screens. Screens render views from the backend and send intents;
// none of them decides a rule.
import * as commands from './commands.js';
import { inAppWindow, inWebApp } from './api.js';
import { toast, messageOf } from './dom.js';
import { connect } from './api.js';
import { applyTheme } from './theme.js';
import { showMatch } from './match.js';
import { guardDoubleTaps } from './ghosttap.js';
import { startWebShell } from './webshell.js';
import { showHome, showHistory, showDetail, showChecker, showSettings, showRules, showStats } from './screens.js';

const root = /** @type {HTMLElement} */ (document.getElementById('screen'));

/**
 * A screen's parameters (match: {id, view?}; detail: {id}; history: {player?}; rules:
 * {rules?}).
 * @typedef {{ id?: number, view?: import('./contract').MatchView | null, player?: string, rules?: string, players?: number }} ScreenParams
 */

/**
 * A screen's handle: `alive()` turns false and `signal` aborts once another screen replaced
 * it; `open` opens another (openScreen).
 * @typedef {object} Screen
 * @property {AbortSignal} signal
 * @property {() => boolean} alive
 * @property {typeof openScreen} open
 */

/** A screen's drawing into its box.
 * @typedef {(box: HTMLElement, params: ScreenParams, screen: Screen) => Promise<unknown>} Show */

// The web app's shell first: its worker may open the browser's history only once this page
// holds the history's lock (a second tab waits; webshell.js). Then the backend's pushed
// events (a computer's move, the analysis getting on) from the start, so none is missed while
// a screen is drawn.
const shellReady = startWebShell();
shellReady.then(connect);

// Anything that slips through is shown, not swallowed.
// Not "ResizeObserver loop completed with undelivered notifications": the browser reports it
// when a resize observed in one frame is delivered in the next (the board's coordinates,
// measured as the detail's step-through redraws once its analysis is in); nothing failed.
// WebKitGTK showed it as a toast over the GCG save button.
window.addEventListener('error', (e) => {
  if (/^ResizeObserver loop/.test(e.message ?? '')) return;
  toast(`Something went wrong: ${e.message}`);
});
window.addEventListener('unhandledrejection', (e) => toast(`Something went wrong: ${e.reason?.message ?? e.reason}`));

// Every screen: (box, params, screen) => Promise, drawing into `box`. `nav`: the top
// navigation entry it belongs to (none during a match).
/** @type {Record<string, { show: Show, nav: string | null } | undefined>} */
const SCREENS = {
  home: { show: showHome, nav: 'home' },
  match: { show: showMatch, nav: null },
  history: { show: showHistory, nav: 'history' },
  detail: { show: showDetail, nav: 'history' },
  checker: { show: showChecker, nav: 'checker' },
  rules: { show: showRules, nav: 'rules' },
  stats: { show: showStats, nav: 'stats' },
  settings: { show: showSettings, nav: 'settings' },
};

let navigation = 0; // the latest screen asked for
/** @type {AbortController | null} */
let current = null; // the screen on the page: its AbortController

/** The top navigation shows which screen is on. @param {string | null} name */
function markCurrent(name) {
  for (const button of document.querySelectorAll('nav [data-nav]')) {
    if (!(button instanceof HTMLElement)) continue;
    if (button.dataset.nav === name) button.setAttribute('aria-current', 'page');
    else button.removeAttribute('aria-current');
  }
}

/**
 * Opens screen `name` with its parameters (match: {id, view?}; detail: {id}; history:
 * {player?}; rules: {rules?}). Each screen draws into its own box, which goes on the page once
 * drawn, and only if no other screen was asked for meanwhile: the latest choice wins even when
 * an earlier one answers late. The screen it replaces is then gone: its `signal` aborts (its
 * document listeners go with it) and its `alive()` turns false, so late answers, timers and
 * keys no longer act on it.
 * @param {string} name
 * @param {ScreenParams} [params]
 * @param {{ fromHistory?: boolean }} [how]
 * @returns {Promise<void>}
 */
export function openScreen(name, params = {}, { fromHistory = false } = {}) {
  const entry = SCREENS[name];
  if (!entry) return Promise.resolve();
  const ticket = ++navigation;
  const controller = new AbortController();
  let placed = false;
  const box = document.createElement('div');
  box.className = 'screen-box';
  /** @type {Screen} */
  const screen = {
    signal: controller.signal,
    // Until it is on the page a screen lives while it is the latest one asked for; once on
    // the page, until another one replaces it.
    alive: () => !controller.signal.aborted && (placed || ticket === navigation),
    open: openScreen,
  };
  return run(async () => {
    try {
      await entry.show(box, params, screen);
      if (ticket !== navigation) return;
      current?.abort();
      current = controller;
      placed = true;
      root.replaceChildren(box);
      // A screen opened fresh starts at its top: the page kept the old screen's scroll (a
      // phone opened a new match with the board's top rows scrolled off). Back and Forward
      // too: the screen is drawn anew, not restored.
      window.scrollTo(0, 0);
      // The control that had the focus went with the old screen (Start, Continue; nothing
      // after a reload): the focus goes to the new screen's first step, such as the cover's
      // "Show my rack", rather than to <body>, many Tabs away from it. A focus left in the
      // menu stays there.
      if (!document.activeElement || document.activeElement === document.body) {
        /** @type {HTMLElement | null} */ (box.querySelector('[data-first-focus]'))?.focus({ preventScroll: true });
      }
      markCurrent(entry.nav);
      if (!fromHistory) keepInHistory(name, params);
      // Which match is on this screen is kept with the settings: a reload or a restart
      // reopens it (boot).
      commands.remember_screen({ client: CLIENT, match_id: name === 'match' ? params.id ?? null : null }).catch(() => {});
    } finally {
      if (!placed) controller.abort();
    }
  });
}

/** The browser's (and a tablet's) Back and Forward step through the screens opened here: each
 *  screen opened is an entry of the session history, which popstate opens again. An entry
 *  holds the screen's name and its plain parameters, never a view (a view holds a rack, and
 *  the session history outlives the screen): a match opened from it asks for its own view,
 *  behind the cover, as after a reload. The same screen opened again replaces its entry.
 * @param {string} name @param {ScreenParams} params */
function keepInHistory(name, params) {
  const plain = { ...params };
  delete plain.view;
  const entry = { screen: name, params: plain };
  const same = history.state?.screen === name && JSON.stringify(history.state.params) === JSON.stringify(plain);
  if (same || history.state?.screen == null) history.replaceState(entry, '');
  else history.pushState(entry, '');
}

window.addEventListener('popstate', (e) => {
  const entry = e.state;
  if (!entry || !SCREENS[entry.screen]) return;
  // Back is the one way off a screen while its dialog is open (the dialog is modal): the
  // dialog goes with its screen, answered as cancelled, so a Resign confirmed afterwards
  // cannot act on a match no longer on screen.
  /** @type {HTMLDialogElement} */ (document.getElementById('dialog')).close();
  openMenu(false);
  openScreen(entry.screen, entry.params ?? {}, { fromHistory: true });
});

/** @param {() => Promise<void>} show */
async function run(show) {
  try {
    await show();
  } catch (e) {
    toast(messageOf(e));
  }
}

guardDoubleTaps();

document.addEventListener('click', (e) => {
  const target = e.target instanceof Element ? e.target.closest('[data-nav]') : null;
  if (!(target instanceof HTMLElement)) return;
  const name = target.dataset.nav ?? '';
  if (SCREENS[name]) { openMenu(false); openScreen(name); }
});

// Phones: the top navigation is one "Menu" button (app.css "Sizes: phones"); it opens the
// entries under the bar, and choosing one (or Escape) closes them again.
const menuButton = /** @type {HTMLElement | null} */ (document.querySelector('.menu-toggle'));
/** @param {boolean} open */
function openMenu(open) {
  menuButton?.setAttribute('aria-expanded', String(open));
  document.querySelector('.topbar')?.classList.toggle('menu-open', open);
}
menuButton?.addEventListener('click', () => openMenu(menuButton.getAttribute('aria-expanded') !== 'true'));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && menuButton?.getAttribute('aria-expanded') === 'true') { openMenu(false); menuButton.focus(); }
});

/** This screen, as the backend tells screens apart: the app window is one; so is the web app,
 *  whose history one tab holds at a time (a Web Lock) and whose screen must be known again
 *  after the browser was killed (an id kept in localStorage, which Chromium writes lazily, was
 *  lost with it); each browser over `wordclub-cli serve` keeps an id of its own (not a
 *  secret, and no rack: a draft stays in the backend). */
const CLIENT = inAppWindow ? 'window' : inWebApp ? 'web' : browserClient();

function browserClient() {
  const key = 'wordclub-client';
  try {
    let id = localStorage.getItem(key);
    if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
      id = `b-${crypto.randomUUID()}`;
      localStorage.setItem(key, id);
    }
    return id;
  } catch {
    return `b-${Math.random().toString(36).slice(2)}`; // no storage: this load only
  }
}

/** After a reload or a (re)start, the match that was on this screen opens again: behind the
 *  cover (showMatch asks for it), or on its end screen when it is over. With none, a reload
 *  opens the other screen it was on (its session-history entry, which a reload keeps and a
 *  restart does not: the history, a match's detail, the rules …); else the start screen
 *  lists the unfinished matches. */
async function boot() {
  // The web app: no command before this page holds the history's lock.
  await shellReady;
  commands.get_settings().then((s) => applyTheme(s.theme)).catch(() => {});
  let reopen = null;
  try { reopen = (await commands.screen_to_reopen({ client: CLIENT })).match_id; } catch { /* no history */ }
  const entry = history.state;
  if (reopen != null) openScreen('match', { id: reopen });
  // A match only as the backend says (finished and abandoned ones stay shut).
  else if (entry && entry.screen !== 'match' && SCREENS[entry.screen]) openScreen(entry.screen, entry.params ?? {}, { fromHistory: true });
  else openScreen('home');
}

boot();
