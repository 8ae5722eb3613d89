// Assembles dist/web from what scripts/build-web.sh built: the UI's own files (ui/, as they
// are: no screen is copied by hand), the icons, the manifest, wasm-bindgen's output (wasm/),
// and the data files the web crate's build named by their content's hash (data/, with
// data-manifest.json listing them), then writes sw.js: this build's version and every file
// the service worker keeps, followed by webapp/sw.js. index.html is ui/index.html with
// webapp/head.html after its icon link.
//
// Idempotent and quick: a file is written only when its bytes change, and a file no longer
// part of the build is removed, so an unchanged build leaves dist/web untouched.
//   node webapp/assemble.mjs --out DIR --wasm DIR [--data DIR]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, i, all) => {
  if (arg.startsWith('--')) pairs.push([arg.slice(2), all[i + 1]]);
  return pairs;
}, []));
if (!args.out || !args.wasm) {
  console.error('usage: node webapp/assemble.mjs --out DIR --wasm DIR [--data DIR]');
  process.exit(2);
}

/** Every file under `dir` (relative paths, `/`-separated). */
function walk(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path, base) : [relative(base, path).split(sep).join('/')];
  });
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** url -> bytes of the build. */
const files = new Map();
const add = (url, bytes) => {
  if (files.has(url)) throw new Error(`${url} twice in the build`);
  files.set(url, bytes);
};

// The UI as the window and `serve` have it; index.html gets the web app's head.
for (const url of walk(join(ROOT, 'ui'))) {
  if (url.endsWith('.d.ts')) continue; // the contract's types: for tsc, not the browser
  const bytes = readFileSync(join(ROOT, 'ui', url));
  if (url === 'index.html') {
    const page = bytes.toString('utf8');
    const icon = page.match(/^.*<link rel="icon"[^>]*>\n/m);
    if (!icon) throw new Error('ui/index.html: no <link rel="icon"> to put the web app\'s head after');
    const head = readFileSync(join(ROOT, 'webapp', 'head.html'), 'utf8');
    add(url, Buffer.from(page.replace(icon[0], icon[0] + head)));
  } else {
    add(url, bytes);
  }
}
for (const name of ['icon.png', '128x128@2x.png', '128x128.png', '64x64.png', '32x32.png']) {
  add(`icons/${name}`, readFileSync(join(ROOT, 'icons', name)));
}
add('manifest.webmanifest', readFileSync(join(ROOT, 'webapp', 'manifest.webmanifest')));
for (const url of walk(args.wasm)) add(`wasm/${url}`, readFileSync(join(args.wasm, url)));

// Data files as the web crate's build named them, by their content (NAME.HASH.EXT): a code
// update leaves their names, so nothing fetches them again. Its list (data-manifest.json) is
// not content-named, so it goes beside them, outside the never-changing data/.
for (const name of args.data ? walk(args.data) : []) {
  const bytes = readFileSync(join(args.data, name));
  if (name === 'data-manifest.json') add(name, bytes);
  else add(`data/${name}`, bytes);
}

// The version names every file's content: any change is a new service worker.
const listed = [...files.keys()].sort();
const version = sha256(listed.map((url) => `${url} ${sha256(files.get(url))}\n`).join('')).slice(0, 16);
const build = { version, files: listed.map((url) => ({ url, bytes: files.get(url).length })) };
add('sw.js', Buffer.from(`self.WORDCLUB_BUILD = ${JSON.stringify(build)};\n${readFileSync(join(ROOT, 'webapp', 'sw.js'), 'utf8')}`));

// Write what changed, remove what is gone.
let written = 0;
for (const [url, bytes] of files) {
  const path = join(args.out, url);
  if (existsSync(path) && statSync(path).size === bytes.length && readFileSync(path).equals(bytes)) continue;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  written += 1;
}
let removed = 0;
for (const url of walk(args.out)) {
  if (!files.has(url)) { rmSync(join(args.out, url)); removed += 1; }
}
const total = [...files.values()].reduce((sum, b) => sum + b.length, 0);
console.log(`dist/web: version ${version}, ${files.size} files, ${(total / 1e6).toFixed(1)} MB (${written} written, ${removed} removed)`);
