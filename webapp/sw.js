// The web app's service worker. scripts/build-web.sh writes dist/web/sw.js as one line
// naming this build (`self.WORDCLUB_BUILD`: its version and every file with its size) and
// then this file, so a new build is a new service worker to the browser.
//
// Every file of a version is fetched and kept when the worker installs (the first visit shows
// the progress it posts); from then on the app starts and plays with the network off. The
// content-hashed data files (`data/`: word graphs, word lists, definitions) are kept in a
// cache of their own across versions, so a code update fetches only what changed. A new
// version waits (it is not activated under a running page) until the page asks for it,
// when the players choose "Reload".
const BUILD = /** @type {{ version: string, files: { url: string, bytes: number }[] }} */ (self.WORDCLUB_BUILD);
const CODE = `wordclub-code-${BUILD.version}`;
const DATA = 'wordclub-data';
const isData = (url) => url.startsWith('data/');
const absolute = (url) => new URL(url, self.registration.scope).href;

async function tell(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })) {
    client.postMessage(message);
  }
}

/** Fetches and keeps every file of this version; posts the progress (bytes of the whole). */
async function precache() {
  const [code, data] = await Promise.all([caches.open(CODE), caches.open(DATA)]);
  const total = BUILD.files.reduce((sum, f) => sum + f.bytes, 0);
  let done = 0;
  let told = 0;
  const queue = [...BUILD.files];
  // A few at a time: one big file does not hold the rest back, and the page's own loads
  // still get the connection.
  const fetchOne = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const cache = isData(file.url) ? data : code;
      const url = absolute(file.url);
      if (!(await cache.match(url))) {
        // Code is revalidated (a new version's files, never the HTTP cache's old ones); a
        // data file's name is its content, so any copy of it is the right one.
        const response = await fetch(url, { cache: isData(file.url) ? 'default' : 'no-cache' });
        if (!response.ok) throw new Error(`${file.url}: HTTP ${response.status}`);
        await cache.put(url, response);
      }
      done += file.bytes;
      if (done - told > total / 50 || done === total) {
        told = done;
        await tell({ type: 'progress', done, total });
      }
    }
  };
  await Promise.all([fetchOne(), fetchOne(), fetchOne(), fetchOne()]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(
    () => tell({ type: 'installed', version: BUILD.version }),
    async (e) => {
      await tell({ type: 'failed', reason: e instanceof Error ? e.message : String(e) });
      throw e;
    },
  ));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // Older versions' code goes; data files this version does not name go too.
    for (const name of await caches.keys()) {
      if (name.startsWith('wordclub-code-') && name !== CODE) await caches.delete(name);
    }
    const wanted = new Set(BUILD.files.filter((f) => isData(f.url)).map((f) => absolute(f.url)));
    const data = await caches.open(DATA);
    for (const request of await data.keys()) {
      if (!wanted.has(request.url)) await data.delete(request);
    }
    // The first visit's page is served from here from now on: offline works without a reload.
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  // The page's "Reload" on "A new version is ready": this waiting version takes over.
  if (event.data?.type === 'activate') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    // The app is one page: any navigation inside the scope is index.html.
    const key = request.mode === 'navigate' ? absolute('index.html') : url.origin + url.pathname;
    const kept = (await (await caches.open(CODE)).match(key)) ?? (await (await caches.open(DATA)).match(key));
    return kept ?? fetch(request);
  })());
});
