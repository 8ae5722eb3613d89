// Boots the UI and switches screens. Screens render views from the backend and send intents;
// none of them decides a rule.
import { call } from './api.js';
import { toast } from './dom.js';
import { showMatch } from './match.js';
import { showHome, showHistory, showChecker, showSettings, showRules, showStats } from './screens.js';

const root = document.getElementById('screen');

// Anything that slips through is shown, not swallowed.
window.addEventListener('error', (e) => toast(`Something went wrong: ${e.message}`));
window.addEventListener('unhandledrejection', (e) => toast(`Something went wrong: ${e.reason?.message ?? e.reason}`));

function applyTheme(theme) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

const ctx = {
  applyTheme,
  openMatch: (id, view = null) => { navigation += 1; markCurrent(null); return run(() => showMatch(root, id, view)); },
};

// Each screen draws into its own box, which goes on the page once drawn, and only if no other
// screen was asked for meanwhile: the latest choice wins even when an earlier one answers late.
const SCREENS = {
  home: (box) => showHome(box, ctx),
  history: (box) => showHistory(box, ctx),
  checker: (box) => showChecker(box),
  rules: (box) => showRules(box),
  stats: (box) => showStats(box),
  settings: (box) => showSettings(box, ctx),
};
let navigation = 0;

/** The top navigation shows which screen is on (none during a match). */
function markCurrent(name) {
  for (const button of document.querySelectorAll('nav [data-nav]')) {
    if (button.dataset.nav === name) button.setAttribute('aria-current', 'page');
    else button.removeAttribute('aria-current');
  }
}

function openScreen(name) {
  const ticket = ++navigation;
  const box = document.createElement('div');
  box.className = 'screen-box';
  return run(async () => {
    await SCREENS[name](box);
    if (ticket !== navigation) return;
    root.replaceChildren(box);
    markCurrent(name);
  });
}

async function run(show) {
  try {
    await show();
  } catch (e) {
    toast(e.message ?? String(e));
  }
}

document.addEventListener('click', (e) => {
  const target = e.target.closest('[data-nav]');
  if (target && SCREENS[target.dataset.nav]) openScreen(target.dataset.nav);
});

/** After a (re)start, an unfinished match opens again — behind the cover. */
async function boot() {
  call('get_settings').then((s) => applyTheme(s.theme)).catch(() => {});
  let latest = null;
  try { latest = (await call('match_list', { status: 'in_progress' })).matches[0] ?? null; } catch { /* no history */ }
  if (latest) ctx.openMatch(latest.id);
  else openScreen('home');
}

boot();
