// The score-progression chart: each player's running total after every turn, as an SVG line
// chart. Shared by the end screen and the match detail; it draws numbers the backend sent.
import { h } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';
const COLOURS = ['#2f6f5e', '#c0533f', '#3c6fb2', '#9a6b16'];
const COLOUR_NAMES = ['green', 'red', 'blue', 'amber'];

function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * @param series per seat, the running total after each turn
 * @param names  per seat, the player's name
 * @param marker optional turn number (0 = before the first turn) to mark with a line
 * @returns a <figure> with the chart and a caption naming each line's colour
 */
export function progressionChart(series, names, { marker = null } = {}) {
  const longest = Math.max(1, ...series.map((s) => s.length));
  const top = Math.max(1, ...series.flat());
  const W = 480; const H = 180; const pad = 24;
  const x = (turn) => pad + (turn * (W - 2 * pad)) / longest;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Score progression', 'data-testid': 'progression-chart' });
  svg.style.maxWidth = '100%';
  series.forEach((scores, seat) => {
    const points = [0, ...scores].map((score, i) => {
      const y = H - pad - (Math.max(0, score) * (H - 2 * pad)) / top;
      return `${x(i).toFixed(1)},${y.toFixed(1)}`;
    });
    const line = svgEl('polyline', { points: points.join(' '), fill: 'none', stroke: COLOURS[seat % COLOURS.length], 'stroke-width': 3 });
    const title = svgEl('title');
    title.textContent = names[seat] ?? `Player ${seat + 1}`;
    line.append(title);
    svg.append(line);
  });
  if (marker !== null) {
    svg.append(svgEl('line', {
      x1: x(marker).toFixed(1), x2: x(marker).toFixed(1), y1: pad / 2, y2: H - pad / 2,
      stroke: 'currentColor', 'stroke-dasharray': '4 3', 'stroke-width': 1, 'data-testid': 'chart-marker',
    }));
  }
  return h('figure', {}, svg, h('figcaption.muted', {},
    names.map((name, i) => `${name}: ${COLOUR_NAMES[i % COLOUR_NAMES.length]}`).join(' · ')));
}
