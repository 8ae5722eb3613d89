// How a score is made up, in words: the one style every screen writes the scorer's breakdown
// in (the preview, the scoresheet, a past turn, an analysis ghost, a rule set's worked
// example). A letter is "H 4×3" (its value, times its letter multiplier), a word is
// "HOUSE: H 4×3 + O 1 = 16" with ", word ×2" before the total when a word multiplier counts,
// a bingo is "bingo +50". Every number is the backend's; nothing here adds anything up.

// No-break spaces: a letter and its value never wrap apart ("S 1", not "S" then "1").
const NBSP = '\u00a0';

/** @typedef {import('./contract').WordScore} WordScore */

/** One letter of a word: letter, "(blank)" for a blank, value, "×n" for a letter premium.
 * @param {import('./contract').LetterScore} l */
export function letterText(l) {
  const base = `${l.letter}${l.blank ? '(blank)' : ''}${NBSP}${l.value}`;
  return l.letter_multiplier > 1 ? `${base}×${l.letter_multiplier}` : base;
}

/** A word's letters: "C 1 + A 1 + T 1". @param {WordScore} w */
export function lettersText(w) {
  return w.letters.map(letterText).join(' + ');
}

/** "×2" for a word multiplier that counts, '' otherwise. @param {WordScore} w */
export function wordMultiplierText(w) {
  return w.word_multiplier > 1 ? `×${w.word_multiplier}` : '';
}

/** One word, in full: "CATS: C 1 + A 1 + T 1 + S 1, word ×2 = 8". @param {WordScore} w */
export function wordBreakdown(w) {
  const times = wordMultiplierText(w);
  return `${w.word}: ${lettersText(w)}${times ? `, word ${times}` : ''} = ${w.score}`;
}

/** "bingo +50". @param {number} bingo */
export function bingoText(bingo) {
  return `bingo +${bingo}`;
}

/** A move's words and bonus, as every scored move carries them. @typedef {{ words: WordScore[], bingo: number }} Scored */

/** A move's breakdown line by line: each word, then the bingo when there is one.
 * @param {Scored} move */
export function breakdownLines(move) {
  const lines = move.words.map(wordBreakdown);
  if (move.bingo) lines.push(bingoText(move.bingo));
  return lines;
}

/** A move's breakdown on one line: "CAT: C 1 + A 1 + T 1 = 3; bingo +50". @param {Scored} move */
export function breakdownText(move) {
  return breakdownLines(move).join('; ');
}
