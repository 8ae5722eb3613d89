// What is unusual about a match's rules, said where it happens (issue 45): the backend's
// sentences (`rules.guide`, keyed by rule set and table size) with the match's own figures
// from its view. Nothing here decides whether a rule applies: a seat's start points and the
// rule set's table note are the view's.
import { h } from './dom.js';
import { seatName } from './seats.js';

/**
 * The start points (each seat's, when any is not 0) and this table's note, as short
 * paragraphs; null when there is nothing unusual.
 * @param {import('./contract').MatchView} v
 * @param {string} testid
 */
export function unusualNotes(v, testid) {
  const guide = v.rules.guide;
  const starts = v.players.some((p) => p.start_points !== 0);
  const parts = [];
  if (starts && guide.start_points) {
    parts.push(h('p.why-note', { 'data-testid': `${testid}-start` },
      h('strong', {}, 'Start points: '),
      v.players.map((p, i) => [i ? ' · ' : '', seatName(p.colour, p.name), ` ${p.start_points}`]),
      '. ', guide.start_points));
  }
  if (guide.table_note) parts.push(h('p.why-note', { 'data-testid': `${testid}-table` }, guide.table_note));
  return parts.length ? h('div.why', { 'data-testid': testid }, parts) : null;
}

/** The start points' reason alone, beside the scores (when any seat's is not 0).
 * @param {import('./contract').MatchView} v */
export function startPointsNote(v) {
  const why = v.rules.guide.start_points;
  if (!why || !v.players.some((p) => p.start_points !== 0)) return null;
  return h('p.muted.why-note', { 'data-testid': 'scores-why' },
    `Started with ${v.players.map((p) => p.start_points).join(' · ')}. ${why}`);
}
