// The analysis in words (ui/js/analysiswords.js): a turn of the backend's analysis said as the
// table reads it. Nothing is analysed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playedText, turnSentence, sentenceWord, missText } from '../../ui/js/analysiswords.js';

test('an exchange is said as the rule set offered it: exchanged, or replaced in a solo round', () => {
  const exchange = { kind: 'exchange', tiles: 'AE?' };
  assert.equal(playedText('Ann', exchange), 'Ann exchanged A E a blank');
  assert.equal(playedText('Ann', exchange, true), 'Ann replaced A E a blank');
  const best = { word: 'DATES', place: '8D across', score: 24 };
  const turn = { played: exchange, best_by_score: best, points_missed: 24 };
  assert.equal(turnSentence('Ann', turn, true), 'Ann replaced A E a blank — best was DATES at 8D for 24 (24 more).');
  assert.equal(turnSentence('Ann', turn), 'Ann exchanged A E a blank — best was DATES at 8D for 24 (24 more).');
  // A placement reads the same either way.
  const place = { kind: 'place', notation: '8F STEAD', word: 'STEAD', score: 18 };
  assert.equal(playedText('Ann', place, true), 'Ann played STEAD at 8F for 18');
});

// Issue 45, defect 4: a move that tied the best score is said alone, and the word it names
// is the one the meaning control goes on (the best's, LONE, went before the sentence as a
// stray word); the biggest miss says where the played move was.
test('a move that tied the best is said alone and names its own word; a miss says where the move played was', () => {
  const tied = {
    played: { kind: 'place', notation: '5C LOTE', word: 'LOTE', score: 12 },
    best_by_score: { word: 'LONE', place: '5C across', score: 12 }, points_missed: 0,
  };
  assert.equal(turnSentence('Lily', tied), 'Lily played LOTE at 5C for 12 — the best-scoring move.');
  assert.equal(sentenceWord(tied), 'LOTE');
  const missed = { ...tied, played: { ...tied.played, notation: 'C5 LOTE', score: 8 }, best_by_score: { word: 'ZONE', place: '5C across', score: 20 }, points_missed: 12 };
  assert.equal(sentenceWord(missed), 'ZONE');
  const analysis = { turns: [{ turn: 3, player: 0, ...missed }] };
  const player = { seat: 0, name: 'Lily', best_missed: { turn: 3, best: missed.best_by_score, played: 'C5 LOTE', played_score: 8, points_missed: 12 } };
  assert.equal(missText(player, analysis), 'ZONE at 5C for 20 on turn 3 — Lily played LOTE at C5 for 8 (12 points missed)');
});

// Issue 45, defect 8: a solo round's Replace is "replaced" in the biggest miss too (the end
// screen's block), never "exchanged".
test('a solo round\'s biggest miss says replaced', () => {
  const exchange = { kind: 'exchange', tiles: 'QV' };
  const best = { word: 'DATES', place: '8D across', score: 24 };
  const analysis = { turns: [{ turn: 2, player: 0, played: exchange, best_by_score: best, points_missed: 24 }] };
  const player = { seat: 0, name: 'Ann', best_missed: { turn: 2, best, played: 'exchange', played_score: 0, points_missed: 24 } };
  assert.equal(missText(player, analysis, true), 'DATES at 8D for 24 on turn 2 — Ann replaced Q V (24 points missed)');
});
