// The web app's bench in a dedicated module worker (tests/web/bench.mjs copies it beside a copy
// of dist/web whose module is the web crate's `bench` build: the shipped module plus
// `bench_decide`). It starts the module as ui/js/worker.js does (the data files fetched, the
// history opened in the browser's storage) and answers the bench page's requests:
//   { op: 'start' }                       -> { ms: { compile, data, init } }
//   { op: 'decide', level, cgp, runs }    -> { decision, ms } (one decision's time, as the CLI's)
//   { op: 'match', rules, level }         -> { moves: [ms of each computer move], turns, memory,
//                                            analysisMs, memoryAfter }
// A match is played through the app's own commands (`call`) and its scheduler (`tick`), with
// the person passing every turn, so the computer plays its moves on a board of its own; the
// scheduler's clock is advanced past its pace instead of waiting it out. `memory` is the
// module's `memory.buffer.byteLength` after the match, and again after its analysis
// (`match_analysis`).

const root = new URL('./', import.meta.url);
/** @type {any} */
let web = null;
/** @type {any} */
let exports = null;

const call = async (/** @type {string} */ command, /** @type {unknown} */ args) => JSON.parse(await web.call(command, JSON.stringify(args ?? {})));

async function start() {
  const t0 = performance.now();
  web = await import(new URL('wasm/wordclub_web.js', root).href);
  exports = await web.default({ module_or_path: new URL('wasm/wordclub_web_bg.wasm', root) });
  const t1 = performance.now();
  const files = JSON.parse(web.data_files());
  await Promise.all(files.map(async (/** @type {{ name: string, file: string }} */ f) => {
    const response = await fetch(new URL(`data/${f.file}`, root));
    if (!response.ok) throw new Error(`data file ${f.name}: HTTP ${response.status}`);
    web.provide_data(f.name, new Uint8Array(await response.arrayBuffer()));
  }));
  const t2 = performance.now();
  await web.init(JSON.stringify({ settings: null }));
  const t3 = performance.now();
  return { ms: { compile: t1 - t0, data: t2 - t1, init: t3 - t2 } };
}

/** As `wordclub-cli moves --level --time` measures: one untimed decision, then five rounds of
 *  `runs` in a row (the position read once per round, in the module); the median round's
 *  mean, in ms. @param {string} level @param {string} cgp @param {number} runs */
function decide(level, cgp, runs) {
  const decision = web.bench_decide(level, cgp, 1);
  const rounds = [];
  for (let round = 0; round < 5; round++) {
    const t = performance.now();
    web.bench_decide(level, cgp, runs);
    rounds.push((performance.now() - t) / runs);
  }
  rounds.sort((a, b) => a - b);
  return { decision, ms: rounds[2] };
}

/** @param {string} rules @param {string} level */
async function match(rules, level) {
  let view = await call('new_match', {
    rules,
    players: [{ name: 'Ann', computer: null }, { name: 'Robo', computer: level }],
    first: { seat: 0 },
  });
  const id = view.id;
  const moves = [];
  // The scheduler's clock: the worker's, moved on by every wait it asks for.
  let skipped = 0;
  for (let turn = 0; turn < 400 && !view.over; turn++) {
    if (view.to_move === 0) {
      view = await call('pass', { match_id: id });
      continue;
    }
    const t = performance.now();
    const step = JSON.parse(await web.tick(performance.now() + skipped));
    if (step.ran?.unit === 'computer_move') moves.push(performance.now() - t);
    else if (step.wait_ms != null) skipped += step.wait_ms;
    web.take_events();
    view = await call('match_view', { match_id: id });
  }
  const memory = exports.memory.buffer.byteLength;
  // Then the match's analysis, as the History screen asks for it (made in the call, kept).
  const t = performance.now();
  await call('match_analysis', { match_id: id });
  const analysisMs = performance.now() - t;
  return { moves, over: view.over, turns: view.turns.length, memory, analysisMs, memoryAfter: exports.memory.buffer.byteLength };
}

self.onmessage = async (/** @type {MessageEvent} */ m) => {
  const { op } = m.data;
  try {
    let answer;
    if (op === 'start') answer = await start();
    else if (op === 'decide') answer = decide(m.data.level, m.data.cgp, m.data.runs);
    else if (op === 'match') answer = await match(m.data.rules, m.data.level);
    else if (op === 'memory') answer = { memory: exports.memory.buffer.byteLength };
    else throw new Error(`unknown op ${op}`);
    self.postMessage({ ok: answer });
  } catch (e) {
    self.postMessage({ error: typeof e === 'string' ? e : String(e instanceof Error ? e.stack ?? e.message : e) });
  }
};
