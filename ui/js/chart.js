// The score-progression chart: each player's running total after every turn, as an SVG line
// chart. Shared by the end screen and the match detail; it draws numbers the backend sent.
import { h } from './dom.js';
import { seatName } from './seats.js';

const NS = 'http://www.w3.org/2000/svg';
const COLOURS = ['#2f6f5e', '#c0533f', '#3c6fb2', '#9a6b16'];
const COLOUR_NAMES = ['green', 'red', 'blue', 'amber'];

/** @param {string} tag @param {Record<string, string | number>} [attrs] */
function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * @param {readonly (readonly number[])[]} series  per seat, the running total after each turn
 * @param {readonly string[]} names  per seat, the player's name
 * @param {{ marker?: number | null, final?: boolean, start?: readonly number[], colours?: readonly (import('./contract').SeatColour | null)[] }} [options]
 *               marker: a turn number (0 = before the first turn) to mark with a line;
 *               start: per seat, the points it started with (the rule set's start points at this
 *               table, from the backend); the lines begin there, 0 for a seat not listed;
 *               colours: per seat, its colour and mark (the backend's): each line and key
 *               in it, the key with the mark too
 * @returns a <figure> with the chart (a score axis from 0, or from the lowest score below it,
 *          to the top score; turns along the bottom) and a caption naming each line's
 *          colour. The lines are the totals after each turn (with `final`, then the final
 *          score after the end-of-match adjustments).
 */
export function progressionChart(series, names, { marker = null, final = false, start = [], colours = [] } = {}) {
  const longest = Math.max(1, ...series.map((s) => s.length));
  // `final`: each series ends with the final score (after the end-of-match adjustments, the
  // backend's last point), drawn one step after the last turn and labelled "end".
  const turns = final ? Math.max(0, longest - 1) : longest;
  // A total below 0 (the end's rack adjustments can take it there) is drawn where it is: the
  // scale then starts at the lowest score, with 0 marked on it.
  const low = Math.min(0, ...series.flat(), ...start);
  const top = Math.max(low < 0 ? 0 : 1, ...series.flat(), ...start);
  // `right`: room for "end" after its point.
  const W = 480; const H = 180; const left = 40; const right = final ? 28 : 12; const topPad = 12; const bottom = 30;
  /** @param {number} turn */
  const x = (turn) => left + (turn * (W - left - right)) / longest;
  /** @param {number} score */
  const y = (score) => H - bottom - ((score - low) * (H - topPad - bottom)) / (top - low);
  const base = y(low);
  const svg = svgEl('svg', {
    viewBox: `0 0 ${W} ${H}`, role: 'img', 'data-testid': 'progression-chart',
    'aria-label': `Score progression, ${final ? 'final scores' : `totals after turn ${longest}`}: ${
      series.map((s, seat) => `${names[seat] ?? `Player ${seat + 1}`} ${s.at(-1) ?? 0}`).join(', ')}`,
  });
  svg.classList.add('chart');
  // Axes: the score scale on the left (0 and the top score), the turns along the bottom.
  /** @param {string} text @param {Record<string, string | number>} attrs */
  const label = (text, attrs) => { const t = svgEl('text', { class: 'chart-label', ...attrs }); t.textContent = text; return t; };
  svg.append(
    svgEl('line', { x1: left, x2: W - right, y1: y(top), y2: y(top), class: 'chart-grid' }),
    low < 0 ? svgEl('line', { x1: left, x2: W - right, y1: y(0), y2: y(0), class: 'chart-grid', 'data-testid': 'chart-zero' }) : '',
    svgEl('line', { x1: left, x2: W - right, y1: base, y2: base, class: 'chart-axis' }),
    svgEl('line', { x1: left, x2: left, y1: y(top), y2: base, class: 'chart-axis' }),
    label(String(top), { x: left - 6, y: y(top) + 4, 'text-anchor': 'end', 'data-testid': 'chart-top' }),
    // 0 is labelled at the foot or, above the lowest score, unless the top label is on it or
    // either label too near to read apart.
    low === 0 || (Math.abs(y(0) - y(top)) >= 12 && Math.abs(y(0) - base) >= 12) ? label('0', { x: left - 6, y: y(0) + 4, 'text-anchor': 'end' }) : '',
    low < 0 ? label(String(low), { x: left - 6, y: base + 4, 'text-anchor': 'end', 'data-testid': 'chart-low' }) : '',
    label('Turn', { x: (left + W - right) / 2, y: H - 4, 'text-anchor': 'middle' }),
    label('0', { x: x(0), y: base + 16, 'text-anchor': 'middle' }),
    // With "end" one step after the last turn, the two labels meet where the step is narrow
    // ("36end" at 820 and 1280 px): the turn count ends at its point and "end" starts at its.
    label(String(turns), { x: x(turns), y: base + 16, 'text-anchor': final ? 'end' : 'middle', 'data-testid': 'chart-turns' }),
    final ? label('end', { x: x(longest), y: base + 16, 'text-anchor': 'start', 'data-testid': 'chart-end' }) : '');
  series.forEach((scores, seat) => {
    const points = [start[seat] ?? 0, ...scores].map((score, i) => `${x(i).toFixed(1)},${y(score).toFixed(1)}`);
    const colour = colours[seat];
    const line = svgEl('polyline', { points: points.join(' '), fill: 'none', stroke: COLOURS[seat % COLOURS.length], 'stroke-width': 3 });
    // A seat's own colour (seats.css draws it in the theme's shade) where the match has one.
    if (colour) { line.classList.add('seat-line'); line.dataset.colour = colour.id; }
    const title = svgEl('title');
    title.textContent = names[seat] ?? `Player ${seat + 1}`;
    line.append(title);
    svg.append(line);
  });
  if (marker !== null) {
    svg.append(svgEl('line', {
      x1: x(marker).toFixed(1), x2: x(marker).toFixed(1), y1: topPad / 2, y2: base + 4,
      stroke: 'currentColor', 'stroke-dasharray': '4 3', 'stroke-width': 1, 'data-testid': 'chart-marker',
    }));
  }
  return h('figure.chart-figure', {}, svg, h('figcaption.muted', { 'data-testid': 'chart-legend' },
    names.map((name, i) => {
      const colour = colours[i];
      if (colour) {
        return h('span.chart-key', {},
          h('span.chart-swatch', { 'aria-hidden': 'true', dataset: { colour: colour.id } }),
          seatName(colour, name), ` (${colour.name.toLowerCase()})`);
      }
      return h('span.chart-key', {},
        h('span.chart-swatch', { 'aria-hidden': 'true', style: `background:${COLOURS[i % COLOURS.length]}` }),
        `${name} (${COLOUR_NAMES[i % COLOUR_NAMES.length]})`);
    })));
}
