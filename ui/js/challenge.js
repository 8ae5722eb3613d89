// Challenges (a per-match option, issue 46): the new match form's choice, the cover's
// "Challenge <words>" for each other person (before "Show my rack", or on a "Challenge?"
// cover of its own before a computer's turn or the match's end) and what a challenge found,
// said plainly. The engine decides who may challenge and until when, and what came of it
// (the view's `challenge` and each scoresheet row's `challenge`); this only draws it.
import * as commands from './commands.js';
import { h, fill, messageOf } from './dom.js';

/** @typedef {import('./contract').MatchView} MatchView */
/** @typedef {import('./contract').TurnRow} TurnRow */

/** The form's choices: off (today's rule, the default), then what a failed challenge costs. */
const CHOICES = /** @type {const} */ ([
  ['', 'Off — every word is checked as it is played'],
  ['none', 'On — a failed challenge costs nothing'],
  ['lose_turn', 'On — a failed challenge costs the challenger their next turn'],
  ['plus5', 'On — a failed challenge gives the player 5 points'],
  ['plus10', 'On — a failed challenge gives the player 10 points'],
]);

/** The new match form's "Challenges" line, off by default (recorded in the match). */
export function challengeOption() {
  const select = /** @type {HTMLSelectElement} */ (h('select', { 'data-testid': 'challenges', name: 'challenges' },
    CHOICES.map(([value, text]) => h('option', { value }, text))));
  const line = h('label.field', { 'data-testid': 'challenges-field' }, 'Challenges',
    select,
    h('span.muted.option-help', { 'data-testid': 'challenges-help' },
      'On: any word may be played and nobody is told whether it is in the list; before the next player shows their rack, anyone else may challenge it, and a word not in the list takes the play back.'));
  /** @returns {import('./contract').ChallengePenalty | null} */
  const value = () => /** @type {import('./contract').ChallengePenalty | null} */ (select.value || null);
  return { select, line, value };
}

/**
 * The challenge buttons for the cover, where the view offers a challenge: one "Challenge
 * <words>" per person who may (named when more than one may), and "No challenge" where the
 * cover waits on it (a computer moves next, or the play ends the match). Null otherwise.
 * @param {MatchView} v
 * @param {{ challenge?: (seat: number) => void, letStand?: () => void }} on
 */
export function challengeControls(v, on) {
  const c = v.challenge;
  if (!c || !on.challenge) return null;
  const words = c.words.join(', ');
  const many = c.challengers.length > 1;
  const question = c.ends_match ? `Last move: challenge ${c.mover_name}'s ${words}?` : `Challenge ${c.mover_name}'s ${words}?`;
  return h('div.stack.challenge', { 'data-testid': 'challenge' },
    c.before_computer || c.ends_match ? h('p', { 'data-testid': 'challenge-question' }, question) : null,
    h('div.row', {},
      c.challengers.map((p) => h('button', {
        type: 'button', 'data-testid': 'challenge-button', dataset: { seat: String(p.seat) },
        onclick: () => on.challenge?.(p.seat),
      }, many ? `${p.name}: Challenge ${words}` : `Challenge ${words}`)),
      c.before_computer || c.ends_match ? h('button', {
        type: 'button', 'data-testid': 'let-stand', onclick: () => on.letStand?.(),
      }, 'No challenge') : null));
}

/**
 * What the newest challenge found, said plainly ("Ben challenged TCA: not in the list.
 * Ann's play is withdrawn."), while it is the newest turn's news; else null.
 * @param {MatchView} v
 */
export function challengeResult(v) {
  const turns = v.turns ?? [];
  const t = [...turns].reverse().find((r) => !r.taken_back && !r.lost_turn);
  if (!t?.challenge) return null;
  const said = h('p.challenge-result', { 'data-testid': 'challenge-result', role: 'status' }, challengeText(v, t));
  const off = t.challenge.not_in_list;
  if (!off.length) return said;
  return h('div.stack', {}, said, h('div.row', {}, ...off.map(addToOurWords)));
}

/**
 * After a successful challenge, a word the family plays anyway can join "our words" for
 * later matches (issue 46); this match keeps the words it started with (the backend pins
 * them), so the withdrawn play stays withdrawn.
 * @param {string} word
 */
function addToOurWords(word) {
  const button = /** @type {HTMLButtonElement} */ (h('button.secondary', {
    type: 'button',
    'data-testid': 'challenge-add-ours',
    onclick: async () => {
      button.disabled = true;
      try {
        await commands.add_our_word({ word, blocked: false, note: null });
        fill(button, `${word} is one of our words from the next match`);
      } catch (err) {
        button.disabled = false;
        fill(button, messageOf(err));
      }
    },
  }, `Add ${word} to our words`));
  return button;
}

/**
 * A challenged turn in words.
 * @param {MatchView} v @param {TurnRow} t
 */
export function challengeText(v, t) {
  const c = t.challenge;
  if (!c) return '';
  const by = v.players[c.by]?.name ?? 'Someone';
  const words = t.words.map((w) => w.word).filter((w, i, all) => all.indexOf(w) === i).join(', ');
  if (c.not_in_list.length) {
    return `${by} challenged ${words}: ${c.not_in_list.join(', ')} ${c.not_in_list.length === 1 ? 'is' : 'are'} not in the list. ${t.name}'s play is withdrawn and scores 0.`;
  }
  const lost = turns(v).some((r) => r.lost_turn && r.seat === c.by && r.number > t.number);
  const costs = c.bonus ? ` ${t.name} gains ${c.bonus} points.` : lost || v.challenges?.penalty === 'lose_turn' ? ` ${by} loses their next turn.` : '';
  return `${by} challenged ${words}: every word is in the list, so the play stands.${costs}`;
}

/** @param {MatchView} v */
function turns(v) { return v.turns ?? []; }

/** A finished match's mark on a play that stood with words outside the list, nobody having
 *  challenged it (the backend's `unchallenged`), or null.
 * @param {import('./contract').UnchallengedTurn[] | undefined} unchallenged @param {number} turn */
export function unchallengedMark(unchallenged, turn) {
  const found = (unchallenged ?? []).find((u) => u.turn === turn);
  return found ? unchallengedWords(found.words) : null;
}

/** What the match screen's word checker last said, so a redraw of the screen (a new view,
 *  a preview) keeps it for the same turn. @type {{ key: string, text: string, error: boolean } | null} */
let lastLookup = null;

/** The match screen's word checker, in a match with challenges on while it is on: whether a
 *  word is in the match's list is what a challenge decides, so the backend records the
 *  lookup as assistance for the player to move (`check_word` with the match) and says so.
 *  The word checker on its own screen records nothing (the Rules screen says both).
 * @param {MatchView} v */
export function wordLookup(v) {
  if (!v.challenges || v.over) return null;
  // The same turn of the same player: what one player looked up is never shown to another.
  const key = `${v.id}:${v.turn}:${v.to_move}`;
  const kept = lastLookup?.key === key ? lastLookup : null;
  const out = h('p', { 'data-testid': 'lookup-result', role: 'status', class: kept?.error ? 'error' : undefined }, kept?.text ?? '');
  const input = /** @type {HTMLInputElement} */ (h('input', { name: 'lookup', 'aria-label': 'Word to check', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false' }));
  const form = h('form.row.word-lookup-form', {
    onsubmit: async (/** @type {Event} */ e) => {
      e.preventDefault();
      /** @type {{ key: string, text: string, error: boolean }} */
      let said;
      try {
        const a = await commands.check_word({ word: input.value, match_id: v.id });
        said = { key, error: !a.valid, text: a.recorded_for ? `${a.message}. Recorded as assistance for ${a.recorded_for}.` : `${a.message}.` };
      } catch (err) { said = { key, error: true, text: messageOf(err) }; }
      lastLookup = said;
      fill(out, said.text);
      out.className = said.error ? 'error' : '';
    },
  }, input, h('button', { type: 'submit', 'data-testid': 'lookup-check' }, 'Check'));
  return h('details.word-lookup.panel', { 'data-testid': 'word-lookup', open: Boolean(kept) },
    h('summary', {}, 'Check a word'),
    h('p.muted', {}, 'With challenges on, a word checked here is recorded as assistance for the player to move.'),
    form, out);
}

/** The scoresheet's mark for words the player looked up from the match screen before their
 *  turn (the backend's count: assistance, like a hint), or null.
 * @param {number | null | undefined} count */
export function lookedUpMark(count) {
  if (!count) return null;
  return h('span.hint-mark', { 'data-testid': 'looked-up-mark' }, count === 1 ? ' (looked up a word)' : ` (looked up ${count} words)`);
}

/** The same mark for words the backend named so (a best turn's `unchallenged`), or null
 *  for none. @param {readonly string[] | undefined} words */
export function unchallengedWords(words) {
  if (!words?.length) return null;
  return h('span.challenge-mark', { 'data-testid': 'unchallenged-mark' }, ` (${words.join(', ')}: not in the list, not challenged)`);
}

/** The scoresheet's mark for a challenged or lost turn, or null.
 * @param {{ challenge?: import('./contract').TurnChallenge | null, lost_turn?: boolean }} t */
export function challengeMark(t) {
  if (t.lost_turn) return h('span.challenge-mark', { 'data-testid': 'lost-turn-mark' }, ' (turn lost to a challenge)');
  if (!t.challenge) return null;
  return h('span.challenge-mark', { 'data-testid': 'challenge-mark' },
    t.challenge.not_in_list.length ? ' (challenged off)' : t.challenge.bonus ? ` (challenged, +${t.challenge.bonus})` : ' (challenged, stands)');
}
