// The analysis in words (ui/js/analysiswords.js): a turn of the backend's analysis said as the
// table reads it. Nothing is analysed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playedText, turnSentence } from '../../ui/js/analysiswords.js';

test('an exchange is said as the rule set offered it: exchanged, or replaced in a solo round', () => {
  const exchange = { kind: 'exchange', tiles: 'AE?' };
  assert.equal(playedText('Ann', exchange), 'Ann exchanged A E a blank');
  assert.equal(playedText('Ann', exchange, true), 'Ann replaced A E a blank');
  const best = { word: 'DATES', place: '8D across', score: 24 };
  const turn = { played: exchange, best_by_score: best, points_missed: 24 };
  assert.equal(turnSentence('Ann', turn, true), 'Ann replaced A E a blank — best was DATES at 8D for 24 (24 more).');
  assert.equal(turnSentence('Ann', turn), 'Ann exchanged A E a blank — best was DATES at 8D for 24 (24 more).');
  // A placement reads the same either way.
  const place = { kind: 'place', word: 'STEAD', score: 18 };
  assert.equal(playedText('Ann', place, true), 'Ann played STEAD for 18');
});
