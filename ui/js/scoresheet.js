// The scoresheet beside the board and the cover's recap: every turn as the backend's match
// view reports it (its `turns`: player, the words formed with the scorer's breakdown, score,
// running totals, exchanges by count, passes, resignations, hints counted). Nothing here is
// worked out: the rows are the engine's turn records, and none holds a rack.
import { h } from './dom.js';
import { breakdownText } from './breakdown.js';
import { defineButton, wordLinks } from './define.js';
import { hoverTip } from './hovertip.js';
import { seatName } from './seats.js';
import { challengeMark, unchallengedMark, lookedUpMark } from './challenge.js';

/** @typedef {import('./contract').TurnRow} TurnRow */

/** "JEHAD, HA" for a play; what happened, in words, for any other turn. `replaces`: the rule
 *  set's exchange replaces the whole rack (the rules' `exchange` is `solo`).
 * @param {TurnRow} t @param {boolean} [replaces] */
export function turnText(t, replaces = false) {
  switch (t.action) {
    case 'play': return t.words.map((w) => w.word).join(', ');
    case 'exchange': return `${replaces ? 'replaced' : 'exchanged'} ${t.count}`;
    case 'pass': return 'passed';
    case 'resign': return 'resigned';
    default: return t.action;
  }
}

/**
 * The Start row's totals: each seat's start points as the backend's view says them
 * (`players[].start_points`, the rule set's komi at this table), or null when every seat starts
 * at 0 (no row then, as before start points existed).
 * @param {{ players?: { start_points?: number }[] }} v
 * @returns {number[] | null}
 */
export function startTotals(v) {
  const points = (v.players ?? []).map((p) => p.start_points ?? 0);
  return points.some((p) => p !== 0) ? points : null;
}

/** The Start row before turn 1: the points each seat starts with, in the totals column.
 * @param {number[]} totals */
function startRow(totals) {
  return h('div.sheet-row.sheet-start', { dataset: { kind: 'start' }, 'data-testid': 'sheet-start' },
    h('div.sheet-turn', {},
      h('span.sheet-n', {}, ''),
      h('span.sheet-who', {}, 'Start'),
      h('span.sheet-words', {}, 'start points'),
      h('span.sheet-score', {}, ''),
      h('span.sheet-totals', {}, totals.join(' · '))));
}

/**
 * The Head start row's figures: each seat's head start and its total before turn 1 (the
 * backend's `players[].head_start` and `start_total`), or null when no seat has one.
 * @param {{ players?: { head_start?: number, start_total?: number }[] }} v
 * @returns {{ heads: number[], totals: number[] } | null}
 */
export function headStarts(v) {
  const players = v.players ?? [];
  const heads = players.map((p) => p.head_start ?? 0);
  return heads.some((p) => p !== 0) ? { heads, totals: players.map((p) => p.start_total ?? 0) } : null;
}

/** The Head start row after the Start row: the points the table gave each seat, apart from
 *  the rule set's, and the totals they make before turn 1.
 * @param {{ heads: number[], totals: number[] }} head */
function headStartRow(head) {
  return h('div.sheet-row.sheet-start', { dataset: { kind: 'head-start' }, 'data-testid': 'sheet-head-start' },
    h('div.sheet-turn', {},
      h('span.sheet-n', {}, ''),
      h('span.sheet-who', {}, 'Head start'),
      h('span.sheet-words', {}, head.heads.map((p) => `+${p}`).join(' · ')),
      h('span.sheet-score', {}, ''),
      h('span.sheet-totals', {}, head.totals.join(' · '))));
}

/** The player of a turn in their seat's colour (`colours`: per seat, from the view).
 * @param {TurnRow} t @param {(import('./contract').SeatColour | null)[]} [colours] */
function who(t, colours = []) {
  return [seatName(colours[t.seat], t.name), t.computer ? h('span.computer-mark', { title: `computer (${t.computer})` }, ' (computer)') : null];
}

/** Each seat's colour in a view. @param {{ players?: { colour?: import('./contract').SeatColour }[] }} v */
const coloursOf = (v) => (v.players ?? []).map((p) => p.colour ?? null);

// Open or closed as the player last left it on this screen size; by default open where there
// is room beside the board, a closed strip on portrait screens and phones.
/** @type {boolean | null} */
let sheetOpen = null;
const narrow = () => Boolean(globalThis.matchMedia?.('(max-width: 860px)').matches);

/**
 * The scoresheet panel (a collapsible strip on narrow screens: `details`, open on wide ones).
 * @param {import('./contract').MatchView} v  the match view
 * @param {number | null} selected  the turn number highlighted on the board, or null
 * @param {((turn: number | null) => void) | null} onSelect  null where no turn is selected
 *                  (the end screen: the rows are text, their words meaning controls)
 */
export function renderScoresheet(v, selected, onSelect) {
  const replaces = v.rules.exchange === 'solo';
  const turns = v.turns ?? [];
  const colours = coloursOf(v);
  const rows = turns.map((t) => {
    if (t.taken_back) return takenBackRow(t, replaces, colours);
    const data = { dataset: { turn: String(t.number), seat: String(t.seat), kind: t.action } };
    // No turn to select (the end screen): the row is text, and each word its own meaning
    // control (a round "?" beside it looked like an empty button there).
    if (!onSelect) {
      return h('div.sheet-row.sheet-static', data,
        h('div.sheet-turn', {},
          h('span.sheet-n', {}, `${t.number}.`),
          h('span.sheet-who', {}, who(t, colours)),
          h('span.sheet-words', { 'data-testid': 'sheet-words' },
            t.action === 'play' ? wordLinks(t.words.map((w) => w.word), { matchId: v.id }) : turnText(t, replaces),
            challengeMark(t),
            unchallengedMark(v.unchallenged, t.number),
            t.hints ? h('span.hint-mark', {}, ' (hint)') : null,
            lookedUpMark(t.looked_up)),
          h('span.sheet-score', { 'data-testid': 'sheet-score' }, String(t.score)),
          h('span.sheet-totals', { 'data-testid': 'sheet-totals' }, t.totals.join(' · '))));
    }
    const button = h('button.sheet-turn', {
      type: 'button', 'aria-pressed': String(selected === t.number),
      onclick: () => onSelect(selected === t.number ? null : t.number),
    },
    h('span.sheet-n', {}, `${t.number}.`),
    h('span.sheet-who', {}, who(t, colours)),
    h('span.sheet-words', { 'data-testid': 'sheet-words' }, turnText(t, replaces), challengeMark(t), unchallengedMark(v.unchallenged, t.number), t.hints ? h('span.hint-mark', {}, ' (hint)') : null, lookedUpMark(t.looked_up)),
    h('span.sheet-score', { 'data-testid': 'sheet-score' }, String(t.score)),
    h('span.sheet-totals', { 'data-testid': 'sheet-totals' }, t.totals.join(' · ')));
    // The breakdown on hover in a tip of the page's own, which closes when a dialog opens
    // (a `title` tooltip is the window system's and stayed beside it: hovertip.js).
    const hints = t.hints ? `${t.hints} hint${t.hints === 1 ? '' : 's'} taken` : '';
    const tipText = [t.action === 'play' ? breakdownText(t) : '', hints].filter(Boolean).join('; ');
    if (tipText) hoverTip(button, tipText);
    return h('div.sheet-row', { class: selected === t.number ? 'selected' : undefined, ...data },
      button,
      // The words' meanings: a control of its own beside the row's button, never inside it.
      t.action === 'play' ? defineButton(t.words.map((w) => w.word), { matchId: v.id }, { text: '', className: 'sheet-define' }) : null,
      selected === t.number && t.action === 'play' ? h('div.sheet-breakdown', { 'data-testid': 'sheet-breakdown' }, breakdownText(t)) : null);
  });
  const start = startTotals(v);
  const head = headStarts(v);
  const log = turns.length || start || head
    ? h('div.sheet', { role: 'log', 'aria-label': 'Scoresheet', 'data-testid': 'scoresheet-log' }, start ? startRow(start) : null, head ? headStartRow(head) : null, rows) // a log of rows (an <ol> given role=log would orphan its items)
    : h('p.muted', { role: 'log', 'aria-label': 'Scoresheet' }, 'No turns yet.');
  // The newest turn in sight (the list scrolls, or the whole sheet where the side panel gives
  // it a fixed room: app.css; a tapped turn stays where it was tapped).
  if (turns.length && selected == null) {
    requestAnimationFrame(() => {
      for (const el of [log, log.closest('.scoresheet')]) if (el) el.scrollTop = el.scrollHeight;
    });
  }
  const open = sheetOpen ?? !narrow();
  // The count and the closed strip's last turn: the turns that stand.
  const standing = turns.filter((t) => !t.taken_back);
  const last = standing.at(-1);
  return h('details.panel.scoresheet', {
    'data-testid': 'scoresheet', open,
    ontoggle: (/** @type {Event} */ e) => { sheetOpen = /** @type {HTMLDetailsElement} */ (e.target).open; },
  },
    h('summary', { 'data-testid': 'scoresheet-toggle' }, `Scoresheet · ${standing.length} turn${standing.length === 1 ? '' : 's'}`,
      // Closed, the strip still says what happened last.
      !open && last ? h('span.muted.sheet-last', {}, ` — ${last.name}: ${turnText(last, replaces)}${last.action === 'play' ? ` ${last.score}` : ''}`) : null),
    h('p.muted.sheet-head', { 'aria-hidden': 'true' }, 'Totals: ', v.players.map((p, i) => [i ? ' · ' : '', seatName(p.colour, p.name)])),
    log);
}

/**
 * The cover's recap: each turn since the player to move last played (`recap_from`).
 * @param {import('./contract').MatchView} v
 */
export function renderRecap(v) {
  // From the backend's `recap_start`: the rows since this player's last turn that stands.
  const since = v.recap_start == null ? [] : (v.turns ?? []).slice(v.recap_start);
  // Nothing to recap: the backend says why (the first move, or a solo round going on).
  if (!since.length) return h('p.muted', { 'data-testid': 'recap' }, v.recap_note ?? '');
  const replaces = v.rules.exchange === 'solo';
  return h('ul.recap', { 'data-testid': 'recap', 'aria-label': 'Since your last turn' },
    since.map((t) => h('li', { dataset: { turn: String(t.number) }, class: t.taken_back ? 'taken-back' : undefined },
      h('strong', {}, who(t, coloursOf(v))), ': ', t.taken_back ? takenBackText(t, replaces)
        : t.action === 'play' ? [wordLinks(t.words.map((w) => w.word), { matchId: v.id }), ` ${t.score}`, challengeMark(t)] : [turnText(t, replaces), challengeMark(t)])));
}

/** A taken-back turn's words or action, struck through, and said in words for a reader.
 * @param {TurnRow} t @param {boolean} replaces */
function takenBackText(t, replaces) {
  return [h('del', {}, turnText(t, replaces), t.action === 'play' ? ` ${t.score}` : ''), h('span.taken-back-mark', {}, ' (taken back)')];
}

/** A scoresheet row for a taken-back turn: struck through, not selectable (its tiles left
 *  the board), counting for nothing.
 * @param {TurnRow} t @param {boolean} replaces @param {(import('./contract').SeatColour | null)[]} colours */
function takenBackRow(t, replaces, colours) {
  return h('div.sheet-row.taken-back', { dataset: { turn: String(t.number), seat: String(t.seat), kind: t.action, takenBack: 'true' } },
    h('div.sheet-turn', {},
      h('span.sheet-n', {}, `${t.number}.`),
      h('span.sheet-who', {}, who(t, colours)),
      h('span.sheet-words', { 'data-testid': 'sheet-words' }, takenBackText(t, replaces)),
      h('span.sheet-score', {}, h('del', {}, String(t.score))),
      h('span.sheet-totals', {}, '')));
}

/** The board with its coordinates on the edges: columns A… across the top, rows 1… down the
 *  left, the notation moves are written in. The letters take the board's own width, whatever
 *  sizes it (each screen's CSS does), as the browser lays it out.
 * @param {HTMLElement} board @param {number} size */
export function withCoordinates(board, size) {
  const letters = Array.from({ length: size }, (_, i) => String.fromCharCode(65 + i));
  const cols = h('div.coords-cols', { 'aria-hidden': 'true', 'data-testid': 'coords-cols', style: `grid-template-columns: repeat(${size}, minmax(0, 1fr))` },
    letters.map((l) => h('span', {}, l)));
  if (globalThis.ResizeObserver) {
    let placed = false;
    const watch = new ResizeObserver(() => {
      // A board taken off the screen (a redraw) reports one last size: let go of it then.
      // One not on the page yet (a screen drawn before it is placed: the match detail's
      // step-through) is watched on: let go of then, its letters kept the width of the
      // frame's column, 135 px past the board at 820 px (issue 45's screenshots).
      if (!board.isConnected) { if (placed) watch.disconnect(); return; }
      placed = true;
      cols.style.width = `${board.offsetWidth}px`;
    });
    watch.observe(board);
  }
  return h('div.board-frame', { 'data-testid': 'board-frame' },
    h('span.coords-corner', { 'aria-hidden': 'true' }),
    cols,
    h('div.coords-rows', { 'aria-hidden': 'true', 'data-testid': 'coords-rows', style: `grid-template-rows: repeat(${size}, minmax(0, 1fr))` },
      letters.map((_, i) => h('span', {}, String(i + 1)))),
    board);
}
