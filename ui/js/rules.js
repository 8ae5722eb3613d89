// Rules: what each rule set is, in words, from the facts the backend answers (`rule_sets`).
// The numbers are never typed here: board, premiums, bag, values, policies and endings all
// come from the rule set's data.
import * as commands from './commands.js';
import { wordBreakdown, bingoText } from './breakdown.js';
import { h, fill, squareName, messageOf } from './dom.js';
import { replayBoard } from './replayboard.js';
import { evidenceSection } from './evidence.js';

/** @typedef {import('./contract').RulesInfo} RulesInfo */

/** @type {Record<string, string>} */
const PREMIUM_TEXT = { '3W': 'Triple word', '2W': 'Double word', '3L': 'Triple letter', '2L': 'Double letter' };

/** `easy, medium or hard`: the computer levels the backend offers. @param {string[]} names */
const orList = (names) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names.join(''));

/** @param {number} n @param {string} word */
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "C3" → {row: 2, col: 2} (the backend names squares as on the board). @param {string} name */
function parseSquare(name) {
  return { row: Number(name.slice(1)) - 1, col: name.charCodeAt(0) - 65 };
}

/** @param {RulesInfo} r */
function premiumGrid(r) {
  /** @type {(string | null)[][]} */
  const grid = Array.from({ length: r.board_size }, () => Array(r.board_size).fill(null));
  for (const g of r.premiums) for (const name of g.squares) { const { row, col } = parseSquare(name); grid[row][col] = g.premium; }
  return grid;
}

/** @param {RulesInfo} r */
function valuesText(r) {
  /** @type {Map<number, string[]>} */
  const byValue = new Map();
  for (const t of r.tiles) {
    const letters = byValue.get(t.value) ?? [];
    byValue.set(t.value, letters);
    letters.push(t.letter === '?' ? 'blank' : t.letter);
  }
  return [...byValue.entries()].sort((a, b) => a[0] - b[0]).map(([v, letters]) => `${plural(v, 'point')}: ${letters.join(' ')}`);
}

/** @param {RulesInfo} r */
function endingText(r) {
  const e = r.end;
  const out = [];
  if (e.turn_limit) out.push(e.turn_limit.per_player ? `After ${e.turn_limit.turns} turns each (plays, exchanges and passes all count).` : `After ${e.turn_limit.turns} turns (plays, exchanges and passes all count).`);
  if (e.going_out) out.push('When the bag is empty and a player uses their last tile.');
  if (e.scoreless_turns_in_a_row) out.push(`When every active player has passed or exchanged ${e.scoreless_turns_in_a_row} times in a row.`);
  if (e.resign) out.push(r.players.max > 2 ? 'Resigning: with two players left the other wins; with more, the resigner leaves and the rest play on.' : (r.solo ? 'You may end the round early.' : 'Resigning ends the match; the other player wins.'));
  out.push(r.solo ? 'Your score is the total of your turns.' : 'Highest final score wins; equal highest scores share the win.');
  return out;
}

/** @param {RulesInfo} r */
function adjustmentText(r) {
  if (!r.end.deduct_tiles_left) return ['None: the scores stay as they are (no rack deduction).'];
  const out = [];
  if (r.end.going_out) out.push('Going out: every other player loses the value of their rack; the player who went out gains the sum.');
  if (r.end.scoreless_turns_in_a_row) out.push('Ending on passes: each player loses the value of their own rack; nobody gains it.');
  return out;
}

/** @param {RulesInfo} r */
function exchangeText(r) {
  if (r.exchange === 'chosen') return `Choose 1–${r.exchange_max_tiles} tiles to swap, only while the bag holds at least ${r.exchange_min_bag}. It scores nothing and ends your turn.`;
  if (r.exchange === 'solo') return 'Replace your rack: every tile, or as many as the bag still holds. It ends your turn.';
  return 'No exchanges.';
}

/** @type {Record<string, string | undefined>} */
const HINT_TEXT = {
  words_from_rack: 'Words from rack: the words you can spell from your rack alone (blanks included), not where they fit.',
  suggest_move: 'Suggest a move: the best-scoring move is placed on the board as a draft; you may play, change or recall it.',
};

/** Seat by seat, the points each starts with (the backend's `start_points`), or null when
 *  every seat starts at 0.
 * @param {number[]} points */
function startText(points, why = /** @type {string | null} */ (null)) {
  if (!points.some((p) => p !== 0)) return null;
  return points.map((p, i) => `Seat ${i + 1}: ${p}`).join(' · ') + `. Counted in the score from the first turn (shown as the Start row of the scoresheet).${why ? ` ${why}` : ''}`;
}

/** @type {Record<string, string | undefined>} */
const CHANGE_TEXT = {
  board_size: 'board', star: 'star', premiums: 'premium squares', tiles: 'bag', rack_size: 'rack',
  bingo_bonus: 'bingo bonus', exchange: 'exchange', leave: 'computer tile values', start_points: 'start points',
};

/** What the rule set is at each table size (the backend's `tables`), one line a size.
 * @param {RulesInfo} r */
function tablesText(r) {
  return r.tables.map((t) => {
    const changed = t.changes.length ? ` Changes here: ${t.changes.map((c) => CHANGE_TEXT[c] ?? c.replaceAll('_', ' ')).join(', ')}.` : ' As the rule set is.';
    const start = t.start_points.some((p) => p !== 0) ? `; start points ${t.start_points.join(' · ')}` : '';
    return `${plural(t.players, 'player')}: ${t.board_size} × ${t.board_size} board, star on ${squareName(t.star)}, ${plural(t.rack_size, 'tile')} a rack, ${plural(t.bag_size, 'tile')} in the bag${t.bingo_bonus ? `, bingo +${t.bingo_bonus}` : ''}${start}.${changed}`;
  });
}

/** The facts of `r` (the rule set as the chosen table size plays it); `own`: the rule set
 *  itself, whose per-table changes are listed.
 * @param {RulesInfo} r @param {(id: string) => string} listName @param {string[]} levels @param {RulesInfo} [own] */
function facts(r, listName, levels, own = r) {
  const star = squareName(r.star);
  const tables = tablesText(own);
  const start = startText(r.start_points, r.guide.start_points);
  return /** @type {[string, string, string | string[]][]} */ ([
    ['board', 'Board', `${r.board_size} × ${r.board_size} squares; the first move covers the star on ${star}${r.star_premium ? ` (a ${PREMIUM_TEXT[r.star_premium].toLowerCase()} square)` : ' (no premium)'}.`],
    ['premiums', 'Premium squares', r.premiums.length
      ? r.premiums.map((g) => `${PREMIUM_TEXT[g.premium]} (${g.premium}), ${g.squares.length}: ${g.squares.join(' ')}`)
      : 'None: every square is plain.'],
    ['rack', 'Rack', `${plural(r.rack_size, 'tile')}; after a move you draw back up to ${r.rack_size} while the bag lasts.`],
    ['bag', 'Bag', [`${plural(r.bag_size, 'tile')}, ${r.blanks ? plural(r.blanks, 'blank') : 'no blanks'}.`,
      r.tiles.map((t) => `${t.letter === '?' ? 'blank' : t.letter}×${t.count}`).join(' ')]],
    ['values', 'Letter values', valuesText(r)],
    ['bingo', 'Bingo bonus', r.bingo_bonus ? `+${r.bingo_bonus} for using all ${r.rack_size} tiles in one move.` : 'None.'],
    ['players', 'Players', r.players.min === r.players.max ? `${r.players.min}.` : `${r.players.min}–${r.players.max}.`],
    ['computers', 'Computer seats', r.computer_seats ? `Any seat may be a computer (${orList(levels)}).` : 'None.'],
    ['exchange', 'Exchange', exchangeText(r)],
    ['pass', 'Pass', r.pass === 'always' ? 'Any time: it ends your turn and you draw nothing.' : 'Only once the bag is empty (then the exchange control becomes Pass).'],
    ['ending', 'How it ends', endingText(r)],
    ['adjustments', 'End-of-match adjustments', adjustmentText(r)],
    ['hints', 'Hints', r.hints.length ? [...r.hints.map((k) => HINT_TEXT[k] ?? k.replaceAll('_', ' ')), 'Every hint taken is recorded as assistance and shown in the result and the history.'] : 'None (the word checker is always there).'],
    ['list', 'Word list', `${listName(r.default_list)}. Every word a move forms must be in the match's list.`],
    start ? ['start', 'Start points', start] : null,
    tables.length ? ['tables', 'By number of players', [...tables, r.table ? `A match plays the rule set of its table size; the facts above are those of ${plural(r.table, 'player')}.` : 'A match plays the rule set of its table size; the facts above are the rule set\'s own.']] : null,
  ].filter(Boolean));
}

// Small diagrams of the placement rules: 5×5 boards, a capital a tile placed this turn, a
// small letter a tile already on the board. Pictures of the rules, not scores (no number is drawn).
/** @type {[string, string, string[], boolean][]} */
const PLACEMENT = [
  ['line', 'All tiles of a move go in one line, across or down.', ['.....', '.....', '.CAT.', '.....', '.....'], true],
  ['gaps', 'No gaps: the tiles and the letters already there form one unbroken word.', ['.....', '.....', 'C.T..', '.....', '.....'], false],
  ['connect', 'After the first move, a move touches a tile already on the board.', ['.....', '..B..', '.ten.', '..D..', '.....'], true],
  ['star', 'The first move covers the star.', ['.....', '.....', '..A..', '..T..', '.....'], true],
];

/** @param {number} size */
function placementRules(size) {
  return h('section.stack.rules-teach', { 'data-testid': 'rules-placement' },
    h('h2', {}, 'Placing tiles'),
    h('div.rules-diagrams', {}, PLACEMENT.map(([key, text, rows, ok]) => h('figure.rules-diagram', { 'data-rule': key },
      replayBoard({ size: 5, star: { row: 2, col: 2 }, premiums: null, rows: rows.map((r) => r.toUpperCase()), placed: placedOf(rows) }),
      h('figcaption', {}, `${ok ? '✓' : '✗'} ${text}`)))),
    h('p.muted', {}, `On this ${size} × ${size} board the star marks the middle square.`));
}

/** Challenges, a house rule any rule set may be played with (chosen on the new match form),
 *  in plain words: what the engine does (issue 46). */
function challengeRules() {
  return h('section.stack.rules-teach', { 'data-testid': 'rules-challenges' },
    h('h2', {}, 'Challenges (a house rule)'),
    h('p', {}, 'Without challenges, every word is checked as it is played and a word not in the list is refused. With challenges on (chosen when the match starts), any word may be played, and nobody is told whether it is in the list.'),
    h('p', {}, 'Before the next player shows their rack, anyone else at the table may tap "Challenge" on the cover. If a word of the move is not in the list, the move is withdrawn: the tiles go back to the player\'s rack, the bag is as it was, and the turn scores 0 (it counts as a turn without points, like a pass). If every word is in the list, the move stands and the challenge costs what the match chose: nothing, the challenger\'s next turn, or 5 or 10 points to the player.'),
    h('p', {}, 'Once the next player has shown their rack, the move stands, even a word that is not in the list. A move that ends the match waits for a last "Challenge?" first, and so does a computer\'s turn when another person sits at the table.'),
    h('p', {}, 'A player may take a move back (where take-backs are allowed) before anyone challenges it, at no cost; a move that was challenged cannot be taken back.'),
    h('p', {}, 'Computers only play words in the list. Hard and Medium computers challenge every word that is not in the list; Easy computers never challenge; no computer challenges a word that is in it.'),
    h('p', {}, 'While a move can still be challenged, the match screen does not show the meaning of its words, since that would tell whether they are in the list.'),
    h('p', { 'data-testid': 'rules-lookups' }, 'During a match with challenges, "Check a word" on the match screen says whether a word is in the match\'s list, and it is recorded as help for the player to move, like a hint: the scoresheet, the match\'s details and the history show it. The word checker on its own screen records nothing.'));
}

/** @param {string[]} rows */
function placedOf(rows) {
  /** @type {{ row: number, col: number }[]} */
  const out = [];
  rows.forEach((r, row) => [...r].forEach((ch, col) => { if (ch !== '.' && ch === ch.toUpperCase()) out.push({ row, col }); }));
  return out;
}

/** @param {RulesInfo} r */
function scoringText(r) {
  const out = ['A word scores the sum of its letters\' values.'];
  if (r.premiums.length) out.push('A letter premium (2L, 3L) multiplies the letter placed on it; a word premium (2W, 3W) multiplies the whole word. A premium counts only in the turn a tile is placed on it.');
  else out.push('This board has no premium squares.');
  out.push('Every word a move forms counts: the main word and each word made across it.');
  if (r.bingo_bonus) out.push(`Using all ${r.rack_size} tiles in one move adds ${r.bingo_bonus}.`);
  return out;
}

/** The seeds' worked examples, scored by the backend (`rules_examples`): each move drawn on a
 *  board with the scorer's breakdown.
 * @param {RulesInfo} r */
async function workedExamples(r) {
  /** @type {import('./contract').RulesExamples} */
  let answer;
  try { answer = await commands.rules_examples({ rules: r.id }); } catch (e) { return h('p.error', {}, messageOf(e)); }
  if (!answer.examples.length) return null;
  const values = Object.fromEntries(r.tiles.map((t) => [t.letter, t.value]));
  /** @param {(import('./contract').TileView | null)[][]} board */
  const asRows = (board) => board.map((row) => row.map((t) => (t ? (t.blank ? t.letter.toLowerCase() : t.letter) : '.')).join(''));
  return h('section.stack.rules-teach', { 'data-testid': 'rules-examples' },
    h('h2', {}, 'Worked examples'),
    answer.examples.map((ex) => h('div.rules-example', {},
      ex.steps.map((step) => h('figure.rules-step', { 'data-testid': 'example-step', dataset: { notation: step.notation } },
        replayBoard({ size: r.board_size, star: r.star, premiums: answer.premiums, values, rows: asRows(step.board), placed: step.placed }),
        h('figcaption', {},
          h('strong', { 'data-testid': 'example-score' }, `${step.words[0]?.word ?? step.notation}: ${step.score}`),
          h('span.muted', {}, ` (${step.notation})`),
          h('ul', {}, step.words.map((w) => h('li', { 'data-testid': 'example-breakdown' }, wordBreakdown(w))),
          step.bingo ? h('li', {}, bingoText(step.bingo)) : null)))),
      ex.steps.length > 1 ? h('p', { 'data-testid': 'example-total' }, `Total: ${ex.total}`) : null)));
}

/** The rule sets explained, one at a time; `params.rules`: the one to show first (the start
 *  screen's link), else the default rule set (or the one recommended for the table);
 *  `params.players`: the table size whose facts are shown (else the table last set up).
 *  Every fact is the rule set as that many players play it (`rules_at_table`).
 * @param {HTMLElement} root @param {import('./main.js').ScreenParams} [params] */
export async function showRules(root, params = {}) {
  const [ruleSets, lists, settings, info] = await Promise.all([commands.rule_sets(), commands.word_lists(), commands.get_settings().catch(() => /** @type {Partial<import('./contract').Settings>} */ ({})), commands.app_info()]);
  /** @param {string} id */
  const listName = (id) => lists.find((l) => l.id === id && l.current)?.name ?? id; // the version a new match gets
  let players = params.players ?? settings.player_names?.length ?? 2;
  let rules = ruleSets.find((r) => r.id === (params.rules ?? settings.default_rules))
    ?? ruleSets.find((r) => r.guide.recommended_for.includes(players)) ?? ruleSets[0];
  const body = h('div.stack.rules-body');
  // Another rule set: the old one's facts go at once (the new ones come from the backend), so
  // nothing on screen is ever the other rule set's; the same one again changes nothing.
  const select = /** @type {HTMLSelectElement} */ (h('select', {
    'data-testid': 'rules-choice',
    onchange: () => {
      const next = ruleSets.find((r) => r.id === select.value) ?? rules;
      if (next === rules) return;
      rules = next;
      fill(body);
      draw();
    },
  },
    ruleSets.map((r) => h('option', { value: r.id, selected: r.id === rules.id }, `${r.guide.name}: ${r.label}`))));
  const sizeBox = h('label.field', { 'data-testid': 'rules-players-field' });
  let asked = 0;

  async function draw() {
    const own = rules;
    const size = Math.min(Math.max(players, own.players.min), own.players.max);
    fill(sizeBox, 'Players', h('select', {
      'data-testid': 'rules-players',
      onchange: (/** @type {Event} */ e) => { players = Number(/** @type {HTMLSelectElement} */ (e.target).value); draw(); },
    }, Array.from({ length: own.players.max - own.players.min + 1 }, (_, i) => own.players.min + i)
      .map((n) => h('option', { value: String(n), selected: n === size }, String(n)))));
    sizeBox.hidden = own.players.min === own.players.max;
    const ticket = ++asked;
    /** @type {RulesInfo} */
    let shown;
    try { shown = await commands.rules_at_table({ rules: own.id, players: size }); } catch (e) { fill(body, h('p.error', {}, messageOf(e))); return; }
    if (ticket !== asked) return;
    // The worked examples come from the backend's scorer: drawn when its answer is in (unless
    // another rule set was chosen meanwhile).
    const examplesBox = h('div.stack', { 'data-testid': 'rules-examples-box' });
    workedExamples(shown).then((examples) => { if (ticket === asked && examples) fill(examplesBox, examples); });
    // The rules lab's evidence (a candidate's figures and charts), likewise from the backend.
    const evidenceBox = h('div.stack', { 'data-testid': 'rules-evidence-box' });
    evidenceSection(own).then((section) => { if (ticket === asked && section) fill(evidenceBox, section); });
    const guide = shown.guide;
    fill(body,
      placementRules(shown.board_size),
      h('section.stack.rules-teach', { 'data-testid': 'rules-scoring' }, h('h2', {}, 'How a move scores'), scoringText(shown).map((t) => h('p', {}, t))),
      examplesBox,
      challengeRules(),
      h('h2', {}, 'The rule set'),
      h('p', { 'data-testid': 'rules-summary' }, h('strong', {}, guide.name), `: ${guide.summary}`),
      own.candidate ? h('p', { 'data-testid': 'candidate-note' }, 'A candidate rule set: a proposal still being tried out.') : null,
      // Why it is as it is, in plain words (the app's, not the lab's evidence text).
      guide.why ? h('p', { 'data-testid': 'rules-why' }, guide.why) : null,
      guide.table_note ? h('p', { 'data-testid': 'rules-table-note' }, guide.table_note) : null,
      h('div.rules-layout', {},
        h('dl.rules-facts', { 'data-testid': 'rules-facts', dataset: { players: String(size) } }, facts(shown, listName, info.limits.computer_levels, own).map(([key, term, text]) => h('div', { 'data-fact': key },
          h('dt', {}, term),
          Array.isArray(text) ? text.map((line) => h('dd', {}, line)) : h('dd', {}, text)))),
        h('figure.rules-map', {},
          replayBoard({ size: shown.board_size, star: shown.star, premiums: premiumGrid(shown), rows: null }),
          h('figcaption.muted', {}, 'Premium squares and the star'))),
      evidenceBox);
  }

  fill(root, h('section.stack', { 'data-testid': 'rules-screen' },
    h('h1', {}, 'Rules'),
    h('div.row', {}, h('label.field', {}, 'Rule set', select), sizeBox),
    body));
  await draw();
}
