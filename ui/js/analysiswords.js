// The analysis in words, generated here and nowhere else: the end screen, the match detail's
// rows and summary and the step-through all say a move, a rank, a miss and the strong
// computer's choice in these sentences. Every figure comes from the backend's analysis
// (movegen's `Analysis`); this module only words it, for people at a shared screen, so each
// sentence names the player rather than saying "you".

/** @typedef {import('./contract').Candidate} Candidate */
/** @typedef {import('./contract').TurnAnalysis} TurnAnalysis */

/** @param {number} n @param {string} word */
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Ann's" ("James's": the house style writes every name the same way). @param {string} name */
export const possessive = (name) => `${name}'s`;

/** Where a move starts: `8D` of "8D across" (the notation says the direction: 8D across,
 *  D8 down). @param {string} place */
const square = (place) => place.split(' ')[0];

/** "DATES at 8D for 24". @param {Candidate} c */
export function candidateText(c) {
  return `${c.word} at ${square(c.place)} for ${c.score}`;
}

/** "1st", "2nd", "3rd", "4th", "11th", "22nd". @param {number} n */
export function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  /** @type {Record<number, string>} */
  const suffixes = { 1: 'st', 2: 'nd', 3: 'rd' };
  return `${n}${suffixes[n % 10] ?? 'th'}`;
}

/** "A E S", a blank named as such, "no tiles" for an empty rack. @param {string} tiles */
export function tilesText(tiles) {
  if (!tiles) return 'no tiles';
  return [...tiles].map((t) => (t === '?' ? 'a blank' : t)).join(' ');
}

/** What a player did on an analysed turn ("Ann played STEAD at 8F for 18": where, as a
 *  candidate says it, from the notation's position). `replaces`: the rule set's exchange
 *  replaces the whole rack (the rules' `exchange` is `solo`), so the turn is said as it was
 *  offered.
 * @param {string} name @param {import('./contract').PlayedMove} played @param {boolean} [replaces] */
export function playedText(name, played, replaces = false) {
  if (played.kind === 'place') return `${name} played ${played.word} at ${square(played.notation)} for ${played.score}`;
  if (played.kind === 'exchange') return `${name} ${replaces ? 'replaced' : 'exchanged'} ${tilesText(played.tiles)}`;
  return `${name} passed`;
}

/** A turn's move beside the best one: "Ann played STEAD for 18 — best was DATES at 8D for 24
 *  (6 more)", "… — the best-scoring move", or why there was no best.
 * @param {string} name @param {TurnAnalysis} t @param {boolean} [replaces]  as playedText's */
export function turnSentence(name, t, replaces = false) {
  const played = playedText(name, t.played, replaces);
  const best = t.best_by_score;
  if (!best) return `${played} — no word could be placed.`;
  if (t.points_missed === 0 && t.played.kind === 'place') return `${played} — the best-scoring move.`;
  return `${played} — best was ${candidateText(best)} (${t.points_missed} more).`;
}

/** The word a turn's sentence names for its meaning control: the best move's when the
 *  sentence says it, else the word played (a move that tied the best score is said alone:
 *  "Lily played LOTE at 5C for 12 — the best-scoring move."); `null` when it names none.
 * @param {TurnAnalysis} t */
export function sentenceWord(t) {
  const best = t.best_by_score;
  const bestNamed = best && !(t.points_missed === 0 && t.played.kind === 'place');
  if (bestNamed) return best.word;
  return t.played.kind === 'place' ? t.played.word : null;
}

/** "5th best of 409 possible moves"; "the best of 409 possible moves". @param {TurnAnalysis} t */
export function rankText(t) {
  if (t.rank == null) return null;
  const of = `of ${plural(t.moves, 'possible move')}`;
  return t.rank === 1 ? `The best ${of}.` : `${ordinal(t.rank)} best ${of}.`;
}

/** "The strong computer would play DATES at 8D for 24 and keep A E S for next turn." (The
 *  Hard player's valuation: score and the tiles kept.) @param {Candidate} c */
export function strongText(c) {
  return `The strong computer would play ${candidateText(c)} and keep ${tilesText(c.leave)} for next turn.`;
}

/** "Ann's biggest miss". @param {string} name */
export const missHeading = (name) => `${possessive(name)} biggest miss`;

/** A player's biggest miss for the end screen and the summary (`a`: the whole analysis, whose
 *  turn says what was played), or what they played when they missed nothing: "DATES at 8D
 *  for 24 on turn 3 — Ann played STEAD for 18 (6 points missed)".
 * @param {import('./contract').PlayerAnalysis} p @param {import('./contract').Analysis} a
 * @param {boolean} [replaces]  as playedText's */
export function missText(p, a, replaces = false) {
  const m = p.best_missed;
  if (m) {
    const t = a.turns.find((x) => x.turn === m.turn && x.player === p.seat);
    const instead = t ? playedText(p.name, t.played, replaces) : `${p.name} played ${m.played} for ${m.played_score}`;
    return `${candidateText(m.best)} on turn ${m.turn} — ${instead} (${plural(m.points_missed, 'point')} missed)`;
  }
  if (p.turns === 0) return `${p.name} made no move before the match ended`;
  if (p.best_played === p.turns) return `${p.name} played the best-scoring move in ${p.turns === 1 ? 'their one turn' : `all ${p.turns} turns`}`;
  return `${p.name} missed no points in ${plural(p.turns, 'turn')}`;
}

/** The rack held on a turn, for a finished match's rows ("Rack: A D E S T") and its
 *  step-through ("Ann's rack on turn 3: A D E S T").
 * @param {string} rack @param {string | null} [name] @param {number | null} [turn] */
export const rackText = (rack, name = null, turn = null) => (name
  ? `${possessive(name)} rack on turn ${turn}: ${tilesText(rack)}`
  : `Rack: ${tilesText(rack)}`);
