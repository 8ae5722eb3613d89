// The web crate's smoke test under Node: the WebAssembly that wasm-bindgen made (`build.sh`
// with `--features node-test`, which keeps the history in memory since Node has neither OPFS
// nor IndexedDB) loads its data files, answers real commands through App::call, refuses a
// fixed deal and a damaged data file, and plays a Hard computer's first move from `tick`, as
// the worker's loop does, with the event the page would get. Prints the module's and the data
// files' sizes (raw and gzip). Usage: node node-smoke.mjs DEST (the folder build.sh filled).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import assert from 'node:assert/strict';
import console from 'node:console';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

const dest = process.argv[2];
assert.ok(dest, 'usage: node node-smoke.mjs DEST');
const web = await import(pathToFileURL(join(dest, 'wasm', 'wordclub_web.js')).href);
const wasmBytes = readFileSync(join(dest, 'wasm', 'wordclub_web_bg.wasm'));
await web.default({ module_or_path: wasmBytes });

/** A refusal's JSON, as the worker reads it. */
const refusal = (e) => JSON.parse(e);
const call = async (command, args = {}) => JSON.parse(await web.call(command, JSON.stringify(args)));
const refused = async (command, args) => {
  try {
    await web.call(command, JSON.stringify(args));
  } catch (e) {
    return refusal(e);
  }
  assert.fail(`${command} was not refused`);
};

// Before init, a command is refused with a sentence.
assert.equal((await refused('rule_sets', {})).kind, 'not_ready');

// The data files: the build's list is the manifest's, and each file's bytes are checked.
const files = JSON.parse(web.data_files());
const manifest = JSON.parse(readFileSync(join(dest, 'data', 'data-manifest.json'), 'utf8'));
assert.deepEqual(files, manifest.files);
assert.ok(files.some((f) => f.name.startsWith('lexicon/')) && files.some((f) => f.name.startsWith('movegen/')) && files.some((f) => f.name.startsWith('definitions/')));
const first = files[0];
let wrong;
try { web.provide_data(first.name, new Uint8Array([1, 2, 3])); } catch (e) { wrong = refusal(e); }
assert.equal(wrong?.kind, 'data_file', 'a file with other bytes is refused');
// init refuses to start while a file is missing.
let missing;
try { await web.init('{}'); } catch (e) { missing = refusal(e); }
assert.equal(missing?.kind, 'data_file');
for (const f of files) web.provide_data(f.name, readFileSync(join(dest, 'data', f.file)));
// A kept graph handed back under a name no build of this layout reads is refused (the worker
// then deletes it); nothing is offered, read or built yet.
assert.equal(web.provide_graph('graph-0123-4567-v0.bin', new Uint8Array([1, 2, 3])), false);
assert.equal(web.provide_graph('settings.json', new Uint8Array([1])), false);
assert.deepEqual(JSON.parse(web.graph_counts()), { offered: 0, read: 0, built: 0 });
// Settings an earlier build kept are copied into the history, which then holds them.
assert.deepEqual(JSON.parse(await web.init(JSON.stringify({ settings: { theme: 'dark' } }))), { storage: 'memory', settings_in_history: true });

// Real commands through the one dispatcher.
const rules = await call('rule_sets');
assert.equal((await call('get_settings')).theme, 'dark', 'the copied settings are the app\'s');
assert.ok(Array.isArray(rules) && rules.length > 0, 'rule_sets lists the rule sets');
const ruleSet = rules.find((r) => r.computer_seats !== false) ?? rules[0];
const id = ruleSet.id;
assert.equal((await refused('no_such_command', {})).kind, 'unknown_command');
// The web app never accepts fixed deals.
const players = [{ name: 'Hard', computer: 'hard' }, { name: 'Ann' }];
assert.equal((await refused('new_match', { rules: id, players, seed: 7 })).kind, 'fixed_deal_refused');
const view = await call('new_match', { rules: id, players, first: { seat: 0 } });
const matchId = view.id;
assert.ok(Number.isInteger(matchId), 'new_match answers the match view');
// The computer to move is the scheduler's: the worker's loop ticks on its clock until the
// app says the computer moved, waiting as long as the app asks (its pace).
const events = [];
const started = performance.now();
let units = 0;
while (!events.some((e) => e.event === 'computer_moved') && performance.now() - started < 120_000) {
  const step = JSON.parse(await web.tick(performance.now()));
  if (step.ran) units += 1;
  events.push(...JSON.parse(web.take_events()));
  if (!step.ran && !step.woken) await sleep(step.wait_ms ?? 10);
}
const moved = events.find((e) => e.event === 'computer_moved');
assert.ok(moved, `the computer moved from tick (events: ${JSON.stringify(events)})`);
assert.equal(moved.match_id, matchId);
assert.ok(events.some((e) => e.event === 'computer_thinking'), 'its thinking was told first');
const after = await call('match_view', { match_id: matchId });
assert.ok(after.turn >= 1, 'the move is in the match');
assert.ok(!JSON.stringify(events).includes('"rack"'), 'no event carries a rack');
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`ok: ${rules.length} rule sets; ${id} against Hard: its first move by tick in ${seconds} s (${units} units; pace included)`);

// Sizes, as a static host would serve them (gzip; brotli is the web build's bench).
const kb = (n) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const size = (bytes) => ({ raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
const wasm = size(wasmBytes);
console.log(`wasm: ${kb(wasm.raw)} raw, ${kb(wasm.gzip)} gzip`);
let raw = 0;
let gz = 0;
for (const name of readdirSync(join(dest, 'data')).sort()) {
  const s = size(readFileSync(join(dest, 'data', name)));
  raw += s.raw;
  gz += s.gzip;
  console.log(`  ${name}: ${kb(s.raw)} raw, ${kb(s.gzip)} gzip`);
}
console.log(`data: ${kb(raw)} raw, ${kb(gz)} gzip`);
