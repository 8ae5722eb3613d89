// The screens around a match: start (new match, continue), word checker, settings. History,
// statistics and rules live in their own modules and are re-exported here for main.js.
import * as commands from './commands.js';
import { h, fill, toast, announce, messageOf, fieldValue, fieldChecked } from './dom.js';
import { ApiError } from './api.js';
import { applyTheme } from './theme.js';
import { takeBackOption } from './takeback.js';
import { challengeOption } from './challenge.js';
import { renderDefinition } from './define.js';
import { seatName } from './seats.js';
import { ourWordsOption, checkerActions, ourWordsSettings, ownListsSettings } from './ourwords.js';

export { showHistory } from './history.js';
export { showDetail } from './detail.js';
export { showRules } from './rules.js';
export { showStats } from './stats.js';


/** @typedef {import('./main.js').Screen} Screen */
/** @typedef {import('./main.js').ScreenParams} ScreenParams */

/** Start screen: choose a rule set and the players, or continue an unfinished match. A
 *  returning family is greeted by name with their unfinished matches first; a first-time
 *  user is told in one line what the app is for.
 * @param {HTMLElement} root @param {ScreenParams} _params @param {Screen} screen */
export async function showHome(root, _params, screen) {
  /** @param {number} id @param {import('./contract').MatchView | null} [view] */
  const openMatch = (id, view = null) => screen.open('match', { id, view });
  const [ruleSets, lists, settings, info, inProgress, played] = await Promise.all([
    commands.rule_sets(), commands.word_lists(), commands.get_settings(), commands.app_info(),
    // No history: nothing to continue, and nobody to greet.
    commands.match_list({ status: 'in_progress' }).catch(() => null),
    commands.match_list({}).catch(() => null)]);
  // The computer levels, the name length and the seat colours are the backend's (app_info.limits).
  const seatKinds = [['human', 'Person'], ...info.limits.computer_levels.map((level) => [level, `Computer: ${level}`])];
  const palette = info.limits.seat_colours;
  /** @param {string} id */
  const listName = (id) => lists.find((l) => l.id === id && l.current)?.name ?? id; // the version a new match gets
  // The backend's recommendation for a table of `n` (rules.guide.recommended_for).
  /** @param {number} n */
  const recommendedFor = (n) => ruleSets.find((r) => r.guide.recommended_for.includes(n)) ?? null;
  // The table last set up: names, the seats a computer took and each seat's colour (kept by
  // the backend as the form changes, so Back, a reload or a restart finds it as it was left).
  // A head start (`head`) is chosen for each match: a new form starts every seat at 0.
  const seats = settings.player_names.map((name, i) => ({ name, kind: settings.player_levels?.[i] ?? 'human', colour: settings.player_colours?.[i] ?? null, head: 0 }));
  // A new install has no default rule set: the form follows the recommendation for its table
  // size until the family picks one (or starts a match, which keeps it).
  let followRecommendation = settings.default_rules == null;
  let rules = ruleSets.find((r) => r.id === settings.default_rules) ?? recommendedFor(seats.length) ?? ruleSets[0];
  /** Who starts: a seat's index, or 'random'. */
  let first = '0';
  const tableSettings = () => ({ player_names: seats.map((s) => s.name), player_levels: seats.map((s) => (s.kind === 'human' ? null : s.kind)), player_colours: seats.map((s) => s.colour) });
  // A name being typed may be refused (empty): the table is kept again with the next change.
  const keepTable = () => { commands.update_settings(tableSettings()).catch(() => {}); };

  const form = h('form.stack.panel', { 'data-testid': 'new-match', onsubmit: start });
  const select = /** @type {HTMLSelectElement} */ (h('select', {
    name: 'rules', 'data-testid': 'rules',
    onchange: () => { rules = ruleSets.find((r) => r.id === select.value) ?? rules; followRecommendation = false; fitSeats(); draw(); },
  }));
  // What the chosen rule set is good for, and the recommendation when it is another.
  const summaryLine = h('p.muted.why-note', { 'data-testid': 'rules-summary' });
  const seatBox = h('div.stack');
  const listLine = h('p.muted', { 'data-testid': 'word-list' });
  // A rule set that changes with the number of players: what this many play, as the backend
  // makes it (`rules_at_table`), redrawn when the seat count or the rule set changes.
  const tableLine = h('p.muted', { 'data-testid': 'table-rules', hidden: true });
  let tableAsked = 0;
  const formNote = h('p.error', { 'data-testid': 'new-match-error' });
  // "Allow hints" for this match (on by default); shown only where the rule set has hints.
  const allowHints = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', checked: true, 'data-testid': 'allow-hints', name: 'allow-hints' }));
  // What it does, said where everyone sees it before play (touch never shows a title): a
  // tap on Hint is marked in the result for good.
  const hintsHelp = h('span.muted.option-help', { 'data-testid': 'allow-hints-help' });
  const hintsLine = h('label.row.option-line', {}, allowHints, h('span', {}, 'Allow hints', hintsHelp));
  // "Allow take-backs" for this match (off by default).
  const takeBacks = takeBackOption();
  // "Use our words" (on once the family has any) and the word list: the rule set's, or a
  // list of one's own (issue 46).
  const ourWords = ourWordsOption();
  const ownLists = lists.filter((l) => l.version === 'own');
  let chosenList = '';
  const listPick = /** @type {HTMLSelectElement} */ (h('select', { name: 'word-list', 'data-testid': 'word-list-pick', onchange: () => { chosenList = listPick.value; } }));
  const listPickLine = h('label.field', { hidden: !ownLists.length }, 'Word list', listPick);
  // "Challenges" for this match (off by default), with what a failed one costs.
  const challenges = challengeOption();
  const firstBox = h('label.field', { 'data-testid': 'first-player-field' });
  // The rules lab's head start for a table that mixes computer levels (the backend's
  // `head_start_suggestion`), with a button that gives it to the weaker seats.
  const suggestionLine = h('p.why-note', { 'data-testid': 'head-start-suggestion', hidden: true });
  let suggestionAsked = 0;
  const addButton = h('button', { type: 'button', onclick: () => { seats.push({ name: `Player ${seats.length + 1}`, kind: 'human', colour: null, head: 0 }); fitSeats(); keepTable(); draw(); } }, 'Add player');

  function fitSeats() {
    while (seats.length < rules.players.min) seats.push({ name: `Player ${seats.length + 1}`, kind: 'human', colour: null, head: 0 });
    seats.length = Math.min(seats.length, rules.players.max);
    if (!rules.computer_seats) seats.forEach((s) => { s.kind = 'human'; });
    // Every seat a colour of its own: a kept one stays, a missing or repeated one takes the
    // first the others left (as the backend gives them when a match names none).
    /** @type {Set<string>} */
    const taken = new Set();
    for (const s of seats) {
      if (!s.colour || taken.has(s.colour) || !palette.some((c) => c.id === s.colour)) s.colour = palette.find((c) => !taken.has(c.id) && !seats.some((o) => o !== s && o.colour === c.id))?.id ?? palette.find((c) => !taken.has(c.id))?.id ?? null;
      if (s.colour) taken.add(s.colour);
    }
    if (followRecommendation) rules = recommendedFor(seats.length) ?? rules;
    if (first !== 'random' && Number(first) >= seats.length) first = '0';
  }

  /** Seat `i` takes colour `id`; a seat that had it takes seat i's old one.
   * @param {number} i @param {string} id */
  function recolour(i, id) {
    const other = seats.find((s, j) => j !== i && s.colour === id);
    if (other) other.colour = seats[i].colour;
    seats[i].colour = id;
    keepTable();
    draw();
  }

  function draw() {
    const n = seats.length;
    const recommended = recommendedFor(n);
    fill(select, ruleSets.map((r) => h('option', { value: r.id, selected: r.id === rules.id },
      r.guide.name, r === recommended ? ` (recommended for ${n === 1 ? 'one player' : `${n} players`})` : '')));
    fill(summaryLine, rules.guide.summary,
      recommended && recommended !== rules ? [' ', h('button.link', {
        type: 'button', 'data-testid': 'use-recommended',
        onclick: () => { rules = recommended; followRecommendation = false; fitSeats(); draw(); },
      }, `For ${n === 1 ? 'one player' : `${n} players`} we recommend ${recommended.guide.name}.`)] : null);
    fill(listLine, `Word list: ${listName(rules.default_list)}`);
    fill(listPick, h('option', { value: '', selected: chosenList === '' }, `${listName(rules.default_list)} (the rule set's)`),
      ownLists.map((l) => h('option', { value: l.id, selected: chosenList === l.id }, `${l.name} (your own)`)));
    fill(seatBox, seats.map((seat, i) => {
      const colour = palette.find((c) => c.id === seat.colour);
      return h('div.seat', { dataset: colour ? { colour: colour.id } : undefined },
        h('input', { 'aria-label': `Player ${i + 1} name`, name: `player-${i}`, value: seat.name, maxLength: info.limits.max_name_chars, required: true, oninput: (/** @type {Event} */ e) => { seat.name = fieldValue(e); }, onchange: () => { keepTable(); drawFirst(); } }),
        h('div.row', {},
          h('select.seat-colour-pick', { 'aria-label': `Player ${i + 1} colour`, name: `colour-${i}`, 'data-testid': `colour-${i}`, dataset: colour ? { colour: colour.id } : undefined, onchange: (/** @type {Event} */ e) => recolour(i, fieldValue(e)) },
            palette.map((c) => h('option', { value: c.id, selected: c.id === seat.colour }, `${c.mark} ${c.name}`))),
          rules.computer_seats ? h('select', { 'aria-label': `Player ${i + 1} is`, name: `kind-${i}`, onchange: (/** @type {Event} */ e) => { seat.kind = fieldValue(e); keepTable(); drawSuggestion(); } },
            seatKinds.map(([value, label]) => h('option', { value, selected: seat.kind === value }, label))) : null,
          // Points this seat starts with, on top of the rule set's; the backend checks the range.
          h('label.row.head-start-field', {}, 'Head start +',
            h('input', {
              type: 'number', inputMode: 'numeric', min: '0', max: String(info.limits.max_head_start), step: '1',
              'aria-label': `Player ${i + 1} head start`, name: `head-start-${i}`, 'data-testid': `head-start-${i}`,
              value: String(seat.head), style: 'width: 5em',
              oninput: (/** @type {Event} */ e) => { seat.head = Number(fieldValue(e) || 0); },
            })),
          seats.length > rules.players.min ? h('button', { type: 'button', 'aria-label': `Remove player ${i + 1}`, onclick: () => { seats.splice(i, 1); fitSeats(); keepTable(); draw(); } }, '✕') : null));
    }));
    addButton.hidden = seats.length >= rules.players.max;
    hintsLine.hidden = !rules.hints.length;
    // The hints this rule set has (the backend's kinds), in words.
    const offers = rules.hints.map((k) => (k === 'words_from_rack' ? 'the words their rack can make' : 'a good move'));
    fill(hintsHelp, ` — a player may ask for ${offers.join(' or ') || 'help'}; each hint taken is shown in the result`);
    drawFirst();
    drawTable();
    drawSuggestion();
  }

  // The lab's suggestion for this table, asked again whenever a seat's level, the seat count
  // or the rule set changes; nothing when the table does not mix computer levels.
  async function drawSuggestion() {
    const asked = ++suggestionAsked;
    /** @type {import('./contract').HeadStartSuggestionAnswer | null} */
    let answer;
    try {
      answer = await commands.head_start_suggestion({ rules: rules.id, seats: seats.map((s) => (s.kind === 'human' ? null : s.kind)) });
    } catch { answer = null; }
    if (asked !== suggestionAsked) return;
    const sug = answer?.suggestion ?? null;
    suggestionLine.hidden = !sug;
    if (!sug) { fill(suggestionLine); return; }
    fill(suggestionLine, sug.text, ' ', h('button', {
      type: 'button', 'data-testid': 'use-head-start',
      onclick: () => { for (const i of sug.seats) if (seats[i]) seats[i].head = sug.points; draw(); },
    }, sug.button));
  }

  // Who starts: a seat by name, or random (the backend draws it); none to choose alone.
  function drawFirst() {
    firstBox.hidden = seats.length < 2;
    fill(firstBox, 'Who starts', h('select', {
      name: 'first', 'data-testid': 'first-player',
      onchange: (/** @type {Event} */ e) => { first = fieldValue(e); },
    }, seats.map((s, i) => h('option', { value: String(i), selected: first === String(i) }, s.name)),
    h('option', { value: 'random', selected: first === 'random' }, 'Random')));
  }

  async function drawTable() {
    const asked = ++tableAsked;
    if (!rules.tables.length) { tableLine.hidden = true; fill(tableLine); return; }
    /** @type {import('./contract').RulesInfo | null} */
    let t;
    try { t = await commands.rules_at_table({ rules: rules.id, players: seats.length }); } catch (err) { t = null; if (asked === tableAsked) fill(tableLine, messageOf(err)); }
    if (asked !== tableAsked || !t) return;
    const start = t.start_points.some((p) => p !== 0) ? `; start points ${t.start_points.join(' · ')}` : '';
    tableLine.hidden = false;
    // The figures; why they are unusual is said on the first cover, beside the scores and
    // on the Rules screen (the backend's words), not on this already long form.
    fill(tableLine, `With ${seats.length} players: ${t.board_size} × ${t.board_size} board, ${t.rack_size}-tile racks, ${t.bag_size} tiles in the bag${start}.`);
  }

  // One match per Start: a second tap or Enter while the first is made, or after it while
  // the match screen opens, does nothing; a refusal lets the form be sent again.
  let starting = false;
  /** @param {Event} e */
  async function start(e) {
    e.preventDefault();
    if (starting) return;
    starting = true;
    fill(formNote);
    const players = seats.map((s) => ({ name: s.name, computer: s.kind === 'human' ? null : s.kind, colour: s.colour, head_start: s.head }));
    try {
      const view = await commands.new_match({
        rules: rules.id, players, allow_hints: allowHints.checked, allow_take_backs: takeBacks.input.checked,
        challenges: challenges.value(),
        first: first === 'random' ? 'random' : { seat: Number(first) },
        list: chosenList || null, use_our_words: ourWords.checked(),
      });
      commands.update_settings({ ...tableSettings(), default_rules: rules.id }).catch(() => {});
      openMatch(view.id, view);
    } catch (err) {
      // An argument refusal carries its reason alone ("every player needs a name").
      const details = err instanceof ApiError && err.kind === 'bad_argument' ? /** @type {{ reason?: string } | null} */ (err.details) : null;
      const reason = details?.reason;
      fill(formNote, reason ? `${reason[0].toUpperCase()}${reason.slice(1)}.` : messageOf(err));
      announce(formNote.textContent ?? '');
      starting = false;
    }
  }

  fitSeats();
  draw();
  // A first-time user (no match in the history yet) is told what the app is for.
  const firstTime = played != null && played.total === 0;
  fill(form,
    h('h1', {}, 'New match'),
    firstTime ? h('p.intro', { 'data-testid': 'intro' }, 'Word Club is a crossword game with letter tiles for 2–4 people passing one tablet round the table, or for one on their own.') : null,
    h('label.field', {}, 'Rule set', select),
    summaryLine,
    h('div.row', {}, listLine,
      h('button.link', { type: 'button', 'data-testid': 'rules-link', onclick: () => screen.open('rules', { rules: rules.id, players: seats.length }) }, 'How this rule set plays')),
    listPickLine,
    tableLine,
    hintsLine,
    takeBacks.line,
    ourWords.line,
    challenges.line,
    h('div', {}, h('strong', {}, 'Players')),
    firstBox,
    seatBox,
    suggestionLine,
    formNote,
    // Kept in sight at the bottom of a phone's screen (app.css, issue 45's block).
    h('div.row.form-actions', {}, addButton, h('button.primary', { type: 'submit', 'data-testid': 'start' }, 'Start match')));

  // A returning family: their names and their unfinished matches first.
  const welcome = played && played.total > 0 ? welcomePanel(settings, palette, inProgress?.matches ?? [], openMatch) : null;
  fill(root, h('div.stack', {}, await historyNotices(), welcome, form));
}

/** "Welcome back, Ann, Ben and Cy" with the table's unfinished matches to continue. Names
 *  still called "Player 1" … are left out of the greeting.
 * @param {import('./contract').Settings} settings
 * @param {import('./contract').SeatColour[]} palette
 * @param {import('./contract').MatchSummary[]} matches
 * @param {(id: number) => unknown} openMatch */
function welcomePanel(settings, palette, matches, openMatch) {
  const named = settings.player_names
    .map((name, i) => ({ name, colour: palette.find((c) => c.id === settings.player_colours?.[i]) ?? palette[i % palette.length] }))
    .filter((p) => !/^Player \d+$/.test(p.name));
  const names = named.map((p, i) => [i === 0 ? '' : i === named.length - 1 ? ' and ' : ', ', seatName(p.colour, p.name)]);
  return h('section.panel.stack.welcome', { 'data-testid': 'welcome' },
    h('p.welcome-line', { 'data-testid': 'welcome-line' }, named.length ? ['Welcome back, ', names] : 'Welcome back'),
    matches.length ? [h('h2', {}, 'Continue'),
      h('ul', {}, matches.map((m) => h('li', {},
        h('button', { type: 'button', 'data-testid': 'continue-match', onclick: () => openMatch(m.id) }, continueText(m)))))] : null);
}

/** A "Continue" entry, told apart from the table's other unfinished matches by how far it
 *  went and when it was last played: "Word Club 1.1 · Ann 12 (resigned), Hal (computer) 30 ·
 *  3 turns so far · last played 4 Dec, 21:10".
 * @param {import('./contract').MatchSummary} m */
function continueText(m) {
  const players = m.players.map((p) => `${p.name}${p.computer ? ' (computer)' : ''} ${p.score}${p.resigned ? ' (resigned)' : ''}`).join(', ');
  const when = new Date(m.updated_at).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return `${m.rules_name} · ${players} · ${m.turns} turn${m.turns === 1 ? '' : 's'} so far · last played ${when}`;
}

/** What the backend says about the match history: that it cannot be used now (and why), and
 *  each old history (or damaged settings file) it set aside, shown until the player says
 *  they have read it. */
async function historyNotices() {
  const box = h('div.stack');
  /** @type {import('./contract').AppInfo} */
  let info;
  try { info = await commands.app_info(); } catch { return box; }
  const parts = [];
  if (info.history_error) {
    parts.push(h('section.panel', { role: 'alert', 'data-testid': 'history-error' },
      h('h2', {}, 'The match history cannot be used'), h('p', {}, info.history_error.message)));
  }
  /** @type {{ notice: { message: string, moved_to: string }, testid: string, title: string }[]} */
  const notices = [
    ...(info.history_notices ?? []).map((notice) => ({ notice, testid: 'history-notice', title: 'An old match history was set aside' })),
    ...(info.settings_notices ?? []).map((notice) => ({ notice, testid: 'settings-notice', title: 'Damaged settings were kept aside' })),
  ];
  for (const { notice, testid, title } of notices) {
    const panel = h('section.panel', { role: 'alert', 'data-testid': testid },
      h('h2', {}, title), h('p', {}, notice.message),
      h('div.row', {}, h('button', {
        type: 'button',
        'data-testid': `${testid}-ok`,
        onclick: async () => {
          try { await commands.acknowledge_history_notice({ moved_to: notice.moved_to }); panel.remove(); } catch (err) { toast(messageOf(err)); }
        },
      }, 'I have read this')));
    parts.push(panel);
  }
  parts.push(lastBackup(info.last_backup));
  fill(box, parts);
  return box;
}

/** When the history was last exported ("Export history" on the History screen), or that it
 *  never was. @param {import('./contract').LastBackup} backup */
function lastBackup(backup) {
  const text = backup.at === null
    ? 'This history has not been exported yet: "Export history" on the History screen keeps a copy you can carry to another device.'
    : `Last backup: ${new Date(backup.at).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })} ("Export history" on the History screen).`;
  return h('p.muted', { 'data-testid': 'last-backup' }, text);
}

/** Is a word in a list? @param {HTMLElement} root */
export async function showChecker(root) {
  const lists = await commands.word_lists();
  const out = h('p', { 'data-testid': 'check-result' });
  const meaning = h('div', { 'data-testid': 'check-meaning' });
  // "Add to our words" / "Block at our table" by the word checked (issue 46).
  const ours = h('div');
  const input = /** @type {HTMLInputElement} */ (h('input', { name: 'word', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false' }));
  // Current versions first (what new matches use); an older one (id@version) for the matches pinned to it.
  const ordered = [...lists.filter((l) => l.current), ...lists.filter((l) => !l.current)];
  const select = /** @type {HTMLSelectElement} */ (h('select', { name: 'list', 'aria-label': 'Word list' }, ordered.map((l) => h('option', { value: l.current ? l.id : `${l.id}@${l.version}` }, l.current ? l.name : `${l.name} (older matches)`))));
  const form = h('form.stack.panel', {
    onsubmit: async (/** @type {Event} */ e) => {
      e.preventDefault();
      fill(meaning);
      fill(ours);
      try {
        const a = await commands.check_word({ word: input.value, list: select.value });
        fill(out, a.message); out.className = a.valid ? '' : 'error';
        fill(ours, checkerActions(a, () => /** @type {HTMLFormElement} */ (form).requestSubmit()));
        // A valid word's meaning, from the same list (its lemmas only where that list holds them).
        if (a.valid) fill(meaning, renderDefinition((await commands.define({ words: [input.value], list: select.value })).definitions[0], { note: false }));
      } catch (err) { fill(out, messageOf(err)); out.className = 'error'; }
      announce([out.textContent, meaning.textContent].filter(Boolean).join(' '));
    },
  }, h('h1', {}, 'Word checker'),
  h('p.muted', {}, 'Is a word in a list, and what does it mean? Each match checks its words against the list shown when it starts.'),
  h('label.field', {}, 'Word', input), h('label.field', {}, 'Word list', select),
  h('div.row', {}, h('button.primary', { type: 'submit' }, 'Check')), out, ours, meaning);
  fill(root, form);
}

/** Theme, sound, tile tracker, polite computer, default rule set. @param {HTMLElement} root */
export async function showSettings(root) {
  const [settings, ruleSets, info] = await Promise.all([commands.get_settings(), commands.rule_sets(), commands.app_info()]);
  /** @param {import('./contract').SettingsPatch} patch */
  const save = async (patch) => {
    try { const next = await commands.update_settings(patch); applyTheme(next.theme); toast('Saved'); } catch (e) { toast(messageOf(e)); }
  };
  fill(root, h('section.stack.panel', { 'data-testid': 'settings' },
    h('h1', {}, 'Settings'),
    h('label.field', {}, 'Theme', h('select', { onchange: (/** @type {Event} */ e) => save({ theme: /** @type {import('./contract').Theme} */ (fieldValue(e)) }) },
      [['system', 'System'], ['light', 'Light'], ['dark', 'Dark']].map(([v, l]) => h('option', { value: v, selected: settings.theme === v }, l)))),
    h('label.field', {}, 'Default rule set', h('select', { onchange: (/** @type {Event} */ e) => save({ default_rules: fieldValue(e) }) },
      // None kept yet (a new install): the new-match form follows the recommendation.
      settings.default_rules == null ? h('option', { value: '', selected: true, disabled: true }, 'The one recommended for the table') : null,
      ruleSets.map((r) => h('option', { value: r.id, selected: settings.default_rules === r.id }, r.guide.name)))),
    h('label.row', {}, h('input', { type: 'checkbox', checked: settings.sound, 'aria-describedby': 'sound-help', onchange: (/** @type {Event} */ e) => save({ sound: fieldChecked(e) }) }), 'Sound'),
    h('p.muted.setting-help', { id: 'sound-help' }, 'A short tone when a turn is done, a longer one when the match ends.'),
    h('label.row', {}, h('input', { type: 'checkbox', checked: settings.tile_tracker, 'aria-describedby': 'tracker-help', onchange: (/** @type {Event} */ e) => save({ tile_tracker: fieldChecked(e) }) }), 'Tile tracker'),
    h('p.muted.setting-help', { id: 'tracker-help' }, 'During a match, list the tiles you have not seen yet: those in the bag and on the other racks.'),
    h('label.row', {}, h('input', { type: 'checkbox', 'data-testid': 'polite-computer', checked: settings.polite_computer, 'aria-describedby': 'polite-help', onchange: (/** @type {Event} */ e) => save({ polite_computer: fieldChecked(e) }) }), 'Polite computer'),
    h('p.muted.setting-help', { id: 'polite-help' }, 'Computer players never play, and hints never suggest, a word from the list of offensive words. People may still play them. Meanings of slurs and vulgar words are labelled, not shown.'),
    h('details', { 'data-testid': 'definitions-licence' }, h('summary', {}, 'About the definitions'),
      h('p', {}, 'Meanings come from WordNet 3.0 (Princeton University), with the project\'s own glosses of the two-letter words WordNet lacks.'),
      h('pre.licence', {}, info.definitions_licence)),
    ourWordsSettings(),
    ownListsSettings()));
}
