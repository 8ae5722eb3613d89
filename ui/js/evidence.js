// The Rules screen's lab evidence: what the rules lab measured for a rule set, as the backend
// answers it (`rules_evidence`, from the evidence files it ships). The charts are drawn by the
// lab's report (src-tauri/lab/src/report.rs), the same drawings as
// `lab measure --report`; nothing here computes a figure or draws a chart.
import * as commands from './commands.js';
import { h, messageOf } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The elements the lab's charts are made of (report.rs says so of every drawing). */
const DRAWN = new Set(['svg', 'g', 'rect', 'line', 'polyline', 'text', 'title']);

/** A chart's markup as a node. Parsed as XML into an inert document (nothing in it runs or
 *  loads), and refused (null) unless every element is one the lab draws and no attribute is a
 *  handler, a link or a style: under the CSP nothing inline could run anyway, and this keeps
 *  out any markup the lab never makes.
 * @param {string} markup */
export function chartNode(markup) {
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.namespaceURI !== SVG || root.localName !== 'svg') return null;
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (el.namespaceURI !== SVG || !DRAWN.has(el.localName)) return null;
    for (const a of el.attributes) if (/^on|href|^style$/i.test(a.localName)) return null;
  }
  return document.importNode(root, true);
}

/** @typedef {import('./contract').EvidenceTableView} EvidenceTableView */

/** @param {number} x */
const pct = (x) => `${(100 * x).toFixed(1)}%`;
/** @param {[number, number]} range */
const interval = ([lo, hi]) => `${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}`;

let serial = 0;
/** One chart: its drawing, described by its figures in words (its text alternative).
 * @param {import('./contract').ChartView} c @param {{ caption?: boolean }} [how] */
function chartFigure(c, { caption = true } = {}) {
  const id = `evidence-chart-${++serial}`;
  const node = chartNode(c.svg);
  if (node) node.setAttribute('aria-describedby', id);
  return h('figure.evidence-chart', { dataset: { chart: c.id } },
    h('h4', {}, c.title),
    node ?? h('p.error', {}, 'This chart could not be shown.'),
    h('figcaption', { id }, caption ? h('span.muted', {}, `${c.caption.replace(/\.?$/, '.')} `) : null, c.description));
}

/** The headline figures of every table measured: the seat charts' text alternative.
 * @param {EvidenceTableView[]} tables */
function figuresTable(tables) {
  const seats = Math.max(...tables.map((t) => t.seats.length));
  const seatHeads = Array.from({ length: seats }, (_, i) => `Seat ${i + 1}`);
  return h('table.list.evidence-figures', { 'data-testid': 'evidence-figures' },
    h('caption', {}, 'Each seat\'s share of the wins with its 95% interval (seat 1 moves first), moves per player and how often matches end by going out'),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, 'Table'),
      seatHeads.map((s) => h('th', { scope: 'col' }, s)),
      h('th', { scope: 'col' }, 'Fair share'),
      h('th', { scope: 'col' }, 'Moves per player'),
      h('th', { scope: 'col' }, 'Went out'))),
    h('tbody', {}, tables.map((t) => h('tr', { dataset: { players: t.seats.length, file: t.file } },
      h('th', { scope: 'row' }, t.heading, h('br'), h('span.muted', {}, `${t.games} matches`)),
      seatHeads.map((s, i) => (t.seats[i] ? h('td', { 'data-label': s }, `${pct(t.seats[i].win)} (${interval(t.seats[i].ci95)})`) : h('td.none', { 'data-label': s }, '—'))),
      h('td', { 'data-label': 'Fair share' }, pct(t.fair_share)),
      h('td', { 'data-label': 'Moves per player' }, t.moves_per_player.toFixed(1)),
      h('td', { 'data-label': 'Went out' }, pct(t.went_out))))));
}

/** A mixed table's players' shares: the skill signal (Hard against Medium, against Easy).
 * @param {EvidenceTableView} t */
function skillLine(t) {
  return h('li', {}, `${t.heading} (${t.games} matches): `,
    t.per_player.map((p) => `${p.player} wins ${pct(p.win)} (95% ${interval(p.ci95)})`).join(', '), '.');
}

/** The "Lab evidence" section of rule set `r`, or null for a rule set that is not a candidate
 *  and has none.
 * @param {import('./contract').RulesInfo} r */
export async function evidenceSection(r) {
  /** @type {import('./contract').RulesEvidence} */
  let answer;
  try { answer = await commands.rules_evidence({ rules: r.id }); } catch (e) { return h('p.error', {}, messageOf(e)); }
  if (!answer.shipped && !r.candidate) return null;
  const heading = h('h2', { id: `lab-evidence-${r.id}` }, 'Lab evidence');
  if (!answer.shipped) {
    return h('section.stack', { 'data-testid': 'lab-evidence', 'aria-labelledby': heading.id }, heading, h('p', { 'data-testid': 'evidence-none' }, answer.note));
  }
  const same = answer.tables.filter((t) => !t.mixed);
  const mixed = answer.tables.filter((t) => t.mixed);
  return h('section.stack.rules-evidence', { 'data-testid': 'lab-evidence', 'aria-labelledby': heading.id },
    heading,
    h('p', {}, answer.note),
    same.length ? figuresTable(same) : null,
    mixed.length ? h('div', { 'data-testid': 'evidence-skill' }, h('h3', {}, 'Skill: mixed tables'), h('ul', {}, mixed.map(skillLine))) : null,
    h('h3', {}, 'Seat wins by table size'),
    same.length ? h('p.muted', {}, same[0].charts[0].caption) : null,
    h('div.evidence-grid', { 'data-testid': 'evidence-seat-wins' }, same.map((t) => chartFigure(t.charts[0], { caption: false }))),
    answer.tables.map((t) => h('details.evidence-table', { dataset: { players: t.seats.length, file: t.file } },
      h('summary', {}, `Charts for ${t.heading}`),
      h('p.muted', {}, `${t.games} matches, seed ${t.lab_seed}, word list ${t.list}. Made with `, h('code', {}, t.command), '.'),
      h('div.evidence-grid', {}, (t.mixed ? t.charts : t.charts.slice(1)).map((c) => chartFigure(c))))));
}
