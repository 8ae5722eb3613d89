// History: past and unfinished matches (filtered, paged) and one match in detail — every turn
// with its words and score breakdown, a board to step through turn by turn, the score chart
// and the GCG record. Every board, score and word comes from the backend.
import { call, inAppWindow } from './api.js';
import { h, fill, toast, announce, squareName } from './dom.js';
import { confirmDialog } from './dialog.js';
import { progressionChart } from './chart.js';
import { attachAnalysis, backgroundProgress } from './analysis.js';
import { squareLabel, gridRows, spoken } from './board.js';
import { withCoordinates } from './scoresheet.js';

const STATUS_TEXT = { in_progress: 'unfinished', finished: 'finished', abandoned: 'abandoned' };

// The list's filters and page, kept while the app runs so "Back to history" returns to them.
const filters = { player: '', rules: '', status: '', assisted: '', page: 1 };

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

function assistanceText(m) {
  const hinted = m.players.filter((p) => p.hints > 0);
  return hinted.length ? hinted.map((p) => `${p.name}: ${plural(p.hints, 'hint')}`).join(', ') : 'none';
}

function winnerText(m) {
  if (m.status !== 'finished') return '—';
  const names = m.players.filter((p) => p.winner).map((p) => p.name);
  return names.length ? names.join(' and ') : 'nobody';
}

/** Past and unfinished matches, newest first: filter, page, open. `params.player` (from
 *  Statistics, or '' to show all): the filters start afresh with only that player's matches;
 *  without it the last filters and page stay. */
export async function showHistory(root, params, screen) {
  if (typeof params?.player === 'string') {
    Object.assign(filters, { player: params.player, rules: '', status: '', assisted: '', page: 1 });
  }
  const [ruleSets, stats] = await Promise.all([call('rule_sets'), call('player_stats').catch(() => ({ players: [] }))]);
  const results = h('div.stack');
  const change = (key) => (e) => { filters[key] = e.target.value; filters.page = 1; load(); };
  const names = [...new Set(stats.players.map((p) => p.name))];
  const form = h('form.history-filters.panel', { 'aria-label': 'Filter matches', onsubmit: (e) => { e.preventDefault(); filters.page = 1; load(); } },
    h('label.field', {}, 'Player',
      h('input', { name: 'player', 'data-testid': 'filter-player', list: 'history-player-names', value: filters.player, placeholder: 'Any player', autocomplete: 'off', onchange: change('player') }),
      h('datalist', { id: 'history-player-names' }, names.map((n) => h('option', { value: n })))),
    h('label.field', {}, 'Rule set',
      h('select', { name: 'rules', 'data-testid': 'filter-rules', onchange: change('rules') },
        h('option', { value: '' }, 'Any rule set'),
        ruleSets.map((r) => h('option', { value: r.id, selected: filters.rules === r.id }, r.label)))),
    h('label.field', {}, 'Status',
      h('select', { name: 'status', 'data-testid': 'filter-status', onchange: change('status') },
        [['', 'Any'], ['in_progress', 'Unfinished'], ['finished', 'Finished']].map(([v, l]) => h('option', { value: v, selected: filters.status === v }, l)))),
    h('label.field', {}, 'Assistance',
      h('select', { name: 'assisted', 'data-testid': 'filter-assisted', onchange: change('assisted') },
        [['', 'Any'], ['true', 'With hints'], ['false', 'Unassisted']].map(([v, l]) => h('option', { value: v, selected: filters.assisted === v }, l)))),
    h('button', { type: 'submit' }, 'Filter'));

  fill(root, h('section.stack', { 'data-testid': 'history' }, h('h1', {}, 'History'), backgroundProgress(), form, results));

  const open = (m) => (m.status === 'in_progress' ? screen.open('match', { id: m.id }) : screen.open('detail', { id: m.id }));

  let latest = 0; // answers to an older request are dropped
  async function load() {
    const request = ++latest;
    const args = { page: filters.page };
    if (filters.player.trim()) args.player = filters.player.trim();
    if (filters.rules) args.rules = filters.rules;
    if (filters.status) args.status = filters.status;
    if (filters.assisted) args.assisted = filters.assisted === 'true';
    let list;
    try { list = await call('match_list', args); } catch (e) { if (request === latest) fill(results, h('p.error', {}, e.message)); return; }
    if (request !== latest) return;
    // A filter can leave fewer pages than the one shown: go to the last there is.
    if (list.pages > 0 && list.page > list.pages) { filters.page = list.pages; load(); return; }
    const pager = h('nav.row.pager', { 'aria-label': 'Pages' },
      h('button', { type: 'button', disabled: list.page <= 1, onclick: () => { filters.page -= 1; load(); } }, '‹ Newer'),
      h('span', { 'data-testid': 'history-page' }, `Page ${list.page} of ${Math.max(1, list.pages)} · ${list.total} match${list.total === 1 ? '' : 'es'}`),
      h('button', { type: 'button', disabled: list.page >= list.pages, onclick: () => { filters.page += 1; load(); } }, 'Older ›'));
    if (!list.total) {
      // Nothing to page through: say why, and offer the way on.
      const filtered = Boolean(args.player || args.rules || args.status || args.assisted !== undefined);
      fill(results, filtered
        ? [h('p.muted', { 'data-testid': 'history-empty' }, 'No matches fit these filters.'),
          h('div.row', {}, h('button', { type: 'button', 'data-testid': 'clear-filters', onclick: () => screen.open('history', { player: '' }) }, 'Show all matches'))]
        : [h('p.muted', { 'data-testid': 'history-empty' }, 'No matches yet. Every match appears here as soon as it starts, finished or not.'),
          h('div.row', {}, h('button.primary', { type: 'button', 'data-nav': 'home' }, 'Start a match'))]);
      return;
    }
    if (!list.matches.length) { fill(results, h('p.muted', { 'data-testid': 'history-empty' }, 'No matches on this page.'), pager); return; }
    fill(results,
      h('table.list.history-list', {},
        h('thead', {}, h('tr', {}, ['Date', 'Rule set', 'Word list', 'Players', 'Winner', 'Assistance', 'Status', ''].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, list.matches.map((m) => h('tr', {
          'data-match': String(m.id),
          // The whole row opens the match; its button is the keyboard's way in. On a phone each
          // row is a card, its cells named by data-label (history.css).
          onclick: (e) => { if (!e.target.closest('button')) open(m); },
        },
        h('td', { 'data-label': 'Date' }, new Date(m.created_at).toLocaleString()), // the list's order: newest first
        h('td', { 'data-label': 'Rule set' }, m.rules_label ?? m.rules),
        h('td', { 'data-label': 'Word list' }, m.list_name ?? m.list),
        // Computer seats marked as such (the backend's `computer` level per seat).
        h('td', { 'data-label': 'Players', 'data-testid': 'history-players' }, m.players.map((p, i) => [i ? ', ' : '',
          `${p.name}${p.computer ? ` (computer, ${p.computer})` : ''} ${p.score}${p.hints ? ` (${plural(p.hints, 'hint')})` : ''}`])),
        h('td', { 'data-label': 'Winner' }, winnerText(m)),
        h('td', { 'data-label': 'Assistance' }, assistanceText(m)),
        h('td', { 'data-label': 'Status' }, STATUS_TEXT[m.status] ?? m.status),
        h('td', {}, h('div.row', {},
          h('button', { type: 'button', onclick: () => open(m) }, m.status === 'in_progress' ? 'Continue' : 'Open'),
          // An unfinished match opens to be played on; its turns so far are one step away.
          m.status === 'in_progress' ? h('button', { type: 'button', onclick: () => screen.open('detail', { id: m.id }) }, 'Details') : null)))))),
      pager);
  }
  await load();
}

/** Board rows from the backend (`.` empty, lower case a blank) as tiles. */
function tileAt(rows, row, col) {
  const ch = rows[row]?.[col];
  if (!ch || ch === '.') return null;
  const upper = ch.toUpperCase();
  return { letter: upper, blank: ch !== upper };
}

/** A read-only board: premium squares, the star, tiles and the squares a turn covered;
 *  `ghost` tiles (an alternative from the analysis) are drawn dashed on empty squares. */
export function replayBoard({ size, star, premiums, values, rows, placed = [], ghost = [] }) {
  const covered = new Set(placed.map((p) => `${p.row},${p.col}`));
  const ghosts = new Map(ghost.map((g) => [`${g.row},${g.col}`, g]));
  const board = h(`div.board.replay-board.size-${size}`, {
    role: 'grid', 'aria-readonly': 'true', 'aria-label': `Board, ${size} by ${size}`, 'data-testid': 'replay-board',
    style: `grid-template-columns: repeat(${size}, minmax(0, 1fr)); grid-template-rows: repeat(${size}, minmax(0, 1fr))`,
  });
  return gridRows(board, size, (row, col) => {
    const premium = premiums?.[row]?.[col] ?? null;
    const isStar = star?.row === row && star?.col === col;
    const tile = rows ? tileAt(rows, row, col) : null;
    const g = tile ? null : ghosts.get(`${row},${col}`);
    const name = squareName({ row, col });
    const square = h('div.square', {
      role: 'gridcell',
      dataset: { row: String(row), col: String(col), square: name, ...(premium ? { premium } : {}) },
      class: [isStar && !tile ? 'star' : '', covered.has(`${row},${col}`) ? 'last' : ''].join(' ').trim() || undefined,
    });
    square.append(spoken(g
      ? `${name}, ghost ${g.letter}${g.blank ? ', blank' : ''}`
      : squareLabel({ name, tile, premium, star: isStar })));
    if (tile) {
      square.append(h(`span.tile${tile.blank ? '.blank-letter' : ''}`, { 'data-letter': tile.letter, 'aria-hidden': 'true' },
        tile.letter, h('span.value', {}, tile.blank ? 0 : (values?.[tile.letter] ?? ''))));
    } else if (g) {
      square.append(h(`span.tile.ghost${g.blank ? '.blank-letter' : ''}`, { 'data-letter': g.letter, 'data-testid': 'ghost-tile', 'aria-hidden': 'true' },
        g.letter, h('span.value', {}, g.blank ? 0 : (values?.[g.letter] ?? ''))));
    } else if (premium) square.append(h('span.premium', { 'aria-hidden': 'true' }, premium));
    return square;
  });
}

function letterText(l) {
  const base = `${l.letter}${l.blank ? ' (blank)' : ''} ${l.value}`;
  return l.letter_multiplier > 1 ? `${base}×${l.letter_multiplier}` : base;
}

/** A turn's words with how each score is made up (letters, letter and word multipliers). */
function wordsCell(turn) {
  if (!turn.words.length) return '';
  return h('details.breakdown', {},
    h('summary', {}, turn.words.map((w) => `${w.word} ${w.score}`).join(', '), turn.bingo ? `, bingo +${turn.bingo}` : ''),
    h('ul', {}, turn.words.map((w) => h('li', {},
      `${w.word}: (${w.letters.map(letterText).join(' + ')})${w.word_multiplier > 1 ? ` × ${w.word_multiplier}` : ''} = ${w.score}`)),
    turn.bingo ? h('li', {}, `Bingo +${turn.bingo}`) : null));
}

function moveText(t) {
  if (t.notation) return t.notation;
  if (t.kind === 'exchange') return `exchange ${t.exchanged}`;
  return t.kind === 'resign' ? 'resigned' : t.kind;
}

function hintsText(t) {
  return t.hints.map((x) => {
    const kind = x.kind.replaceAll('_', ' ');
    // What a hint showed is there only once the match is over.
    const words = x.shown?.words;
    const shown = words ? `: ${words.length ? `${words.slice(0, 12).join(' ')}${words.length > 12 ? ` … (${words.length} in all)` : ''}` : 'no words'}`
      : (x.shown?.notation ? `: ${x.shown.notation}${x.shown.score != null ? ` (${x.shown.score})` : ''}` : '');
    return `${kind}${shown}`;
  }).join('; ');
}

/** One match (`params.id`): results, a board you can step through turn by turn, the chart,
 *  every turn, GCG. */
export async function showDetail(root, { id }, screen) {
  let detail;
  try { detail = await call('match_detail', { match_id: id }); } catch (e) { fill(root, h('p.error', {}, e.message)); return; }
  const s = detail.summary;
  const names = s.players.map((p) => p.name);
  const unfinished = s.status === 'in_progress';
  const turns = detail.turns;
  const size = detail.rules.board_size;
  const emptyRows = Array.from({ length: size }, () => '.'.repeat(size));
  let step = turns.length; // 0: before the first turn; n: after turn n
  // The analysis (finished matches): a summary, a column beside each turn, ghost moves.
  const analysed = Boolean(detail.analysis?.available);
  const analysisBox = h('div.stack', { 'data-testid': 'analysis' });
  const ghostBox = h('div'); // the step's caption says what is drawn (announced by show)
  let ghost = null; // { turn, tiles, candidate } while an alternative is drawn

  const boardBox = h('div.replay-board-box');
  const caption = h('p.replay-caption', { 'data-testid': 'replay-caption' });
  const chartBox = h('div');
  const control = (label, testid, to) => h('button', { type: 'button', 'data-testid': testid, 'aria-label': label, onclick: () => show(to()) }, label);
  const controls = h('div.row.replay-controls', { role: 'group', 'aria-label': 'Step through the turns' },
    control('First', 'replay-first', () => 0),
    control('Previous', 'replay-prev', () => step - 1),
    control('Next', 'replay-next', () => step + 1),
    control('Last', 'replay-last', () => turns.length));
  const turnRows = turns.map((t, i) => h('tr', { 'data-turn': String(t.number), onclick: (e) => { if (!e.target.closest('button, summary')) show(i + 1); } },
    h('td', {}, h('button.turn-link', { type: 'button', 'aria-label': `Board after turn ${t.number}`, onclick: () => show(i + 1) }, String(t.number))),
    h('td', {}, t.player_name ?? names[t.player] ?? String(t.player)),
    h('td', {}, moveText(t)),
    h('td', {}, wordsCell(t)),
    h('td', {}, String(t.score)),
    t.totals.map((total) => h('td', {}, String(total))),
    h('td', {}, hintsText(t)),
    analysed ? h('td', { 'data-analysis-cell': '' }) : null));

  let drawn = false; // the first drawing is no news: only a step is announced
  function show(to, withGhost = null) {
    step = Math.max(0, Math.min(turns.length, to));
    // Moving on removes a ghost; one is drawn over the board before its turn.
    if (ghost && !withGhost) { ghost = null; fill(ghostBox); }
    if (withGhost) ghost = withGhost;
    const at = step ? detail.boards[step - 1] : null;
    // With its coordinates: the turns beside it are written in that notation.
    fill(boardBox, withCoordinates(replayBoard({
      size, star: detail.rules.star, premiums: detail.premiums, values: detail.letter_values,
      rows: at ? at.rows : emptyRows, placed: ghost ? [] : (at ? at.placed : []), ghost: ghost ? ghost.tiles : [],
    }), size));
    const t = step ? turns[step - 1] : null;
    fill(caption, ghost
      ? `Before turn ${ghost.turn}, with a ghost: ${ghost.candidate.word} at ${ghost.candidate.place} for ${ghost.candidate.score}`
      : t
        ? `After turn ${step} of ${turns.length}: ${t.player_name ?? names[t.player]}, ${moveText(t)}${t.kind === 'place' ? ` for ${t.score}` : ''}`
        : `Before the first turn (${plural(turns.length, 'turn')} in all)`);
    if (drawn) announce(caption.textContent);
    controls.querySelectorAll('button').forEach((b, i) => { b.disabled = i < 2 ? step === 0 : step === turns.length; });
    turnRows.forEach((row, i) => {
      row.classList.toggle('current', i + 1 === step);
      if (i + 1 === step) row.setAttribute('aria-current', 'step'); else row.removeAttribute('aria-current');
    });
    fill(chartBox, progressionChart(names.map((_, seat) => turns.map((x) => x.totals[seat])), names, { marker: step }));
  }

  const gcgBox = h('div.stack');
  async function exportGcg() {
    if (unfinished && !(await confirmDialog('Export an unfinished match?',
      "Exporting an unfinished match shows every player's racks so far. Export anyway?", 'Export anyway'))) return;
    let r;
    try { r = await call('export_gcg', unfinished ? { match_id: id, reveal_racks: true } : { match_id: id }); } catch (e) { toast(e.message); return; }
    const url = URL.createObjectURL(new Blob([r.gcg], { type: 'text/plain' }));
    // The app window cannot follow a download link: the backend writes the file to the
    // Downloads folder and says where.
    const save = async () => {
      try {
        const saved = await call('save_gcg', unfinished ? { match_id: id, reveal_racks: true } : { match_id: id });
        toast(saved.message);
        fill(savedBox, h('p', { 'data-testid': 'gcg-saved' }, saved.message));
      } catch (e) { toast(e.message); }
    };
    const savedBox = h('div');
    fill(gcgBox,
      h('textarea.gcg', { readOnly: true, rows: 12, 'aria-label': 'GCG record', 'data-testid': 'gcg' }, r.gcg),
      inAppWindow
        ? h('button', { type: 'button', 'data-testid': 'save-gcg', onclick: save }, 'Save the .gcg file to Downloads')
        : h('a', { href: url, download: `wordclub-match-${id}.gcg` }, 'Download the .gcg file'),
      savedBox);
  }

  // Arrow keys step while the detail is on screen, wherever the focus is (not in a field or a
  // dialog); the listener goes with the screen (its signal).
  const onKey = (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.('input, textarea, select, summary, dialog') || document.querySelector('dialog[open]')) return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: turns.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  };
  const section = h('section.stack.detail', { 'data-testid': 'detail' },
  h('div.row', {},
    h('button', { type: 'button', 'data-nav': 'history' }, '‹ History'),
    unfinished ? h('button.primary', { type: 'button', onclick: () => screen.open('match', { id }) }, 'Continue') : null),
  h('h1', {}, `${s.rules_label}: ${names.join(' v ')}`),
  h('p.muted', {}, `Word list: ${s.list_name ?? s.list} · ${plural(s.turns, 'turn')} · ${STATUS_TEXT[s.status] ?? s.status} · started ${new Date(s.created_at).toLocaleString()}`),
  h('table.list', { 'data-testid': 'detail-results' },
    h('thead', {}, h('tr', {}, ['Player', unfinished ? 'Score' : 'Final score', 'Adjustment', 'Hints', ''].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, s.players.map((p) => h('tr', { class: p.winner ? 'winner' : undefined },
      h('td', {}, p.name, p.computer ? ` (computer, ${p.computer})` : '', p.resigned ? ' (resigned)' : ''),
      h('td', {}, String(p.score)),
      h('td', {}, p.adjustment == null ? '' : (p.adjustment > 0 ? `+${p.adjustment}` : String(p.adjustment))),
      h('td', {}, String(p.hints)),
      h('td', {}, p.winner ? 'Winner' : ''))))),
  analysed ? analysisBox : null,
  h('div.replay', {},
    h('div.stack', { role: 'region', 'aria-label': 'Board, turn by turn', tabindex: '0', 'data-testid': 'replay' }, boardBox, caption, ghostBox, controls,
      h('p.muted.hint-keys', {}, 'Arrow keys step back and forward; Home and End jump to the ends.')),
    h('div.stack', {}, chartBox)),
  h('h2', {}, 'Turns'),
  turns.length ? h('table.list.turns', { 'data-testid': 'detail-turns' },
    h('thead', {}, h('tr', {}, ['#', 'Player', 'Move', 'Words', 'Score', ...names, 'Hints', analysed ? 'Best move and points missed' : null].filter(Boolean).map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, turnRows)) : h('p.muted', {}, 'No turns yet.'),
  h('div.row', {}, h('button', { type: 'button', 'data-testid': 'export-gcg', onclick: exportGcg }, 'Export as GCG')),
  gcgBox);
  fill(root, section);
  document.addEventListener('keydown', onKey, { signal: screen.signal });
  show(step);
  drawn = true;
  if (analysed) {
    const rowsByTurn = new Map(turns.map((t, i) => [t.number, turnRows[i]]));
    await attachAnalysis({
      matchId: id, rows: rowsByTurn, box: analysisBox, ghostBox, bingos: detail.rules.bingo_bonus > 0,
      showGhost: (turn, tiles, candidate) => {
        if (turn == null) { ghost = null; show(step); return; }
        show(turn - 1, { turn, tiles, candidate });
        section.querySelector('[data-testid=replay]')?.scrollIntoView({ block: 'nearest' });
      },
    });
  }
  return section;
}
