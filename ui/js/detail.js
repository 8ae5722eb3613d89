// One match in detail: its results, a board to step through turn by turn (replay.js), the
// score chart, every turn with its words, score breakdown and hints, the analysis beside the
// turns (analysis.js) and the GCG record. Every board, score and word comes from the backend.
import { inAppWindow } from './api.js';
import { challengeMark, unchallengedMark } from './challenge.js';
import * as commands from './commands.js';
import { h, fill, toast, messageOf } from './dom.js';
import { confirmDialog } from './dialog.js';
import { attachAnalysis } from './analysis.js';
import { breakdownLines, bingoText } from './breakdown.js';
import { createReplay } from './replay.js';
import { defineButton } from './define.js';
import { seatName } from './seats.js';

/** @typedef {import('./contract').TurnDetail} TurnDetail */

/** @type {Record<string, string | undefined>} */
export const STATUS_TEXT = { in_progress: 'unfinished', finished: 'finished', abandoned: 'abandoned' };

/** @param {number} n @param {string} word */
export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A turn's words with how each score is made up (letters, letter and word multipliers).
 * @param {TurnDetail} turn */
function wordsCell(turn) {
  if (!turn.words.length) return '';
  return h('details.breakdown', {},
    h('summary', {}, turn.words.map((w) => `${w.word} ${w.score}`).join(', '), turn.bingo ? `, ${bingoText(turn.bingo)}` : ''),
    h('ul', {}, breakdownLines(turn).map((line) => h('li', {}, line))));
}

/** A turn's move: its notation, else what happened in the scoresheet's words (a solo
 *  round's Replace is "replaced", as its button and the scoresheet name it). `replaces`: the
 *  rule set's exchange replaces the whole rack.
 * @param {TurnDetail} t @param {boolean} [replaces] */
export function moveText(t, replaces = false) {
  if (t.notation) return t.notation;
  if (t.kind === 'exchange') return `${replaces ? 'replaced' : 'exchanged'} ${t.exchanged}`;
  return t.kind === 'resign' ? 'resigned' : t.kind;
}

/** @param {TurnDetail} t */
function hintsText(t) {
  return t.hints.map((x) => {
    const kind = x.kind.replaceAll('_', ' ');
    // What a hint showed is there only once the match is over.
    const s = x.shown;
    const words = s?.kind === 'words' ? s.words : null;
    const shown = words ? `: ${words.length ? `${words.slice(0, 12).join(' ')}${words.length > 12 ? ` … (${words.length} in all)` : ''}` : 'no words'}`
      : (s?.kind === 'move' && s.notation ? `: ${s.notation}${s.score != null ? ` (${s.score})` : ''}` : '');
    return `${kind}${shown}`;
  }).concat(
    // Words looked up from the match screen (challenges on): assistance, only counted.
    t.looked_up ? [`looked up ${t.looked_up === 1 ? 'a word' : `${t.looked_up} words`}`] : [],
  ).join('; ');
}

/** One match (`params.id`): results, a board you can step through turn by turn, the chart,
 *  every turn, GCG.
 * @param {HTMLElement} root @param {import('./main.js').ScreenParams} params @param {import('./main.js').Screen} screen */
export async function showDetail(root, { id }, screen) {
  if (id == null) return;
  /** @type {import('./contract').MatchDetail} */
  let detail;
  try { detail = await commands.match_detail({ match_id: id }); } catch (e) { fill(root, h('p.error', {}, messageOf(e))); return; }
  const s = detail.summary;
  const names = s.players.map((p) => p.name);
  const unfinished = s.status === 'in_progress';
  const turns = detail.turns;
  const replaces = detail.rules.exchange === 'solo';
  /** @param {TurnDetail} t */
  const move = (t) => moveText(t, replaces);
  // The analysis (finished matches): a summary, a column beside each turn, ghost moves.
  const analysed = Boolean(detail.analysis?.available);
  const analysisBox = h('div.stack', { 'data-testid': 'analysis' });
  /** @param {number} to */
  const showStep = (to) => replay.show(to);
  const turnRows = turns.map((t, i) => h('tr', { 'data-turn': String(t.number), onclick: (/** @type {MouseEvent} */ e) => { if (!(e.target instanceof Element && e.target.closest('button, summary'))) showStep(i + 1); } },
    h('td', {}, h('button.turn-link', { type: 'button', 'aria-label': `Board after turn ${t.number}`, onclick: () => showStep(i + 1) }, String(t.number))),
    h('td', {}, seatName(detail.colours?.[t.player], t.player_name ?? names[t.player] ?? String(t.player))),
    h('td', {}, move(t)),
    h('td', {}, wordsCell(t), challengeMark(t), unchallengedMark(detail.unchallenged, t.number), t.words.length ? defineButton(t.words.map((w) => w.word), { matchId: id }, { text: 'Meaning', className: 'word-link' }) : null),
    h('td', {}, String(t.score)),
    t.totals.map((total) => h('td', {}, String(total))),
    h('td', {}, hintsText(t)),
    analysed ? h('td', { 'data-analysis-cell': '' }) : null));
  const replay = createReplay(detail, turnRows, move, screen.signal);
  // The points each seat started with (the match's rule set at its table, from the backend),
  // as a Start row before turn 1 when any is not 0: the totals below count them.
  const start = (detail.rules.start_points ?? []).slice(0, names.length);
  const startRow = start.some((p) => p !== 0) ? h('tr', { 'data-testid': 'detail-start' },
    h('td', {}), h('td', {}, 'Start'), h('td', {}, 'start points'), h('td', {}), h('td', {}),
    start.map((p) => h('td', {}, String(p))), h('td', {}), analysed ? h('td', {}) : null) : null;
  // The head starts the table chose (the backend's `head_starts`), on a row of their own
  // apart from the rule set's start points; the totals below count them too.
  const heads = (detail.head_starts ?? []).slice(0, names.length);
  const headRow = heads.some((p) => p !== 0) ? h('tr', { 'data-testid': 'detail-head-start' },
    h('td', {}), h('td', {}, 'Head start'), h('td', {}, 'chosen at the table'), h('td', {}), h('td', {}),
    heads.map((p) => h('td', {}, `+${p}`)), h('td', {}), analysed ? h('td', {}) : null) : null;

  const section = h('section.stack.detail', { 'data-testid': 'detail' },
    h('div.row', {},
      h('button', { type: 'button', 'data-nav': 'history' }, '‹ History'),
      unfinished ? h('button.primary', { type: 'button', onclick: () => screen.open('match', { id }) }, 'Continue') : null),
    h('h1', {}, `${s.rules_name}: ${names.join(' v ')}`),
    h('p.muted', { 'data-testid': 'detail-facts' }, `Word list: ${s.list_name ?? s.list} · ${plural(s.turns, 'turn')}${s.take_backs ? ` · ${plural(s.take_backs, 'take-back')}` : ''} · ${STATUS_TEXT[s.status] ?? s.status} · started ${new Date(s.created_at).toLocaleString()}`),
    // Scrolls sideways on a phone: a tab stop of its own, so the keyboard can scroll it too.
    h('div.table-scroll', { tabindex: '0', role: 'region', 'aria-label': 'Results' }, results(s, unfinished, detail.colours)),
    analysed ? analysisBox : null,
    h('div.replay', {}, replay.region, h('div.stack', {}, replay.chartBox)),
    h('h2', {}, 'Turns'),
    // The turns scroll in their own box on a phone, not the page (nothing is cut off).
    turns.length ? h('div.table-scroll', {}, h('table.list.turns', { 'data-testid': 'detail-turns' },
      h('thead', {}, h('tr', {}, ['#', 'Player', 'Move', 'Words', 'Score', ...names, 'Hints', analysed ? 'Best move and points missed' : null].filter(Boolean).map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, startRow, headRow, turnRows))) : h('p.muted', {}, 'No turns yet.'),
    gcgExport(id, unfinished));
  fill(root, section);
  replay.show(replay.step());
  if (analysed) {
    const rowsByTurn = new Map(turns.map((t, i) => [t.number, turnRows[i]]));
    const attached = await attachAnalysis({
      matchId: id, rows: rowsByTurn, box: analysisBox, ghostBox: replay.ghostBox, bingos: detail.rules.bingo_bonus > 0,
      replaces, unchallenged: detail.unchallenged,
      showGhost: (turn, tiles, candidate) => {
        // Removed (null): the board as the step shows it.
        if (turn == null || !tiles || !candidate) { replay.show(replay.step()); return; }
        replay.show(turn - 1, { turn, tiles, candidate });
        section.querySelector('[data-testid=replay]')?.scrollIntoView({ block: 'nearest' });
      },
    });
    // The match is over: the step-through shows the rack each player held.
    if (attached) replay.setRacks(new Map(attached.analysis.turns.map((t) => [t.turn, t.rack])));
  }
  return section;
}

/** The players' results: score (final once over), end-of-match adjustment, hints, winner.
 * @param {import('./contract').MatchSummary} s @param {boolean} unfinished
 * @param {import('./contract').SeatColour[]} [colours]  per seat */
function results(s, unfinished, colours = []) {
  return h('table.list', { 'data-testid': 'detail-results' },
    h('thead', {}, h('tr', {}, ['Player', unfinished ? 'Score' : 'Final score', 'Adjustment', 'Hints', ''].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, s.players.map((p, seat) => h('tr', { class: p.winner ? 'winner' : undefined },
      h('td', {}, seatName(colours[seat], p.name), p.computer ? ` (computer, ${p.computer})` : '', p.resigned ? ' (resigned)' : ''),
      h('td', {}, String(p.score)),
      h('td', {}, p.adjustment == null ? '' : (p.adjustment > 0 ? `+${p.adjustment}` : String(p.adjustment))),
      h('td', {}, String(p.hints)),
      h('td', {}, p.winner ? 'Winner' : '')))));
}

/** "Export as GCG" and what it shows: the record, and a download link (a browser) or a save
 *  where the player chooses in the platform's save dialog, opened by the backend (the app
 *  window, which cannot follow a download link). An unfinished match shows every rack so
 *  far: asked first.
 * @param {number} id @param {boolean} unfinished */
function gcgExport(id, unfinished) {
  const gcgBox = h('div.stack');
  const args = unfinished ? { match_id: id, reveal_racks: true } : { match_id: id };
  async function exportGcg() {
    if (unfinished && !(await confirmDialog('Export an unfinished match?',
      "Exporting an unfinished match shows every player's racks so far. Export anyway?", 'Export anyway'))) return;
    /** @type {import('./contract').GcgExport} */
    let r;
    try { r = await commands.export_gcg(args); } catch (e) { toast(messageOf(e)); return; }
    const url = URL.createObjectURL(new Blob([r.gcg], { type: 'text/plain' }));
    const savedBox = h('div');
    // One save dialog at a time: a second tap while it is open asks nothing more.
    let saving = false;
    const save = async () => {
      if (saving) return;
      saving = true;
      try {
        const saved = await commands.save_gcg(args);
        toast(saved.message);
        fill(savedBox, h('p', { 'data-testid': 'gcg-saved' }, saved.message));
      } catch (e) { toast(messageOf(e)); } finally { saving = false; }
    };
    fill(gcgBox,
      h('textarea.gcg', { readOnly: true, rows: 12, 'aria-label': 'GCG record', 'data-testid': 'gcg' }, r.gcg),
      inAppWindow
        ? h('button', { type: 'button', 'data-testid': 'save-gcg', onclick: save }, 'Save the .gcg file…')
        : h('a.download-link', { href: url, download: `wordclub-match-${id}.gcg` }, 'Download the .gcg file'),
      savedBox);
  }
  return [h('div.row', {}, h('button', { type: 'button', 'data-testid': 'export-gcg', onclick: exportGcg }, 'Export as GCG')), gcgBox];
}
