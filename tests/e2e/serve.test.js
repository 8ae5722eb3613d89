// `wordclub-cli serve` itself: loopback only, the same typed errors as the app, the UI files
// with a strict content security policy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startServer, api } from './helpers.js';

let server;
before(async () => { server = await startServer(); });
after(async () => { await server?.stop(); });

function raw(path, { method = 'GET', headers = {}, body = null } = {}) {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: url.port, path, method, headers }, (res) => {
      let data = '';
      res.on('data', (c) => { data += c; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

test('it listens on 127.0.0.1 and serves the UI with a strict CSP', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const index = await raw('/');
  assert.equal(index.status, 200);
  assert.match(index.body, /<script type="module" src="js\/main\.js">/);
  assert.match(index.headers['content-security-policy'], /script-src 'self'/);
  assert.doesNotMatch(index.headers['content-security-policy'], /unsafe-inline|unsafe-eval/);
  const js = await raw('/js/api.js');
  assert.equal(js.status, 200);
  assert.match(js.headers['content-type'], /javascript/);
});

test('requests naming another host or origin are refused (no DNS rebinding, no cross-site calls)', async () => {
  const port = new URL(server.url).port;
  const rebound = await raw('/', { headers: { host: `evil.example:${port}` } });
  assert.equal(rebound.status, 403);
  const crossSite = await raw('/api/app_info', { method: 'POST', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, body: '{}' });
  assert.equal(crossSite.status, 403);
  const sameSite = await raw('/api/app_info', { method: 'POST', headers: { origin: server.url, 'content-type': 'application/json' }, body: '{}' });
  assert.equal(sameSite.status, 200);
});

test('commands answer JSON; refusals carry a kind and a message', async () => {
  const info = await api(server.url, 'app_info');
  assert.equal(info.status, 200);
  assert.equal(info.body.name, 'Word Club');
  assert.ok(info.body.commands.includes('new_match'));

  const unknown = await api(server.url, 'format_disk');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error.kind, 'unknown_command');

  const badJson = await raw('/api/check_word', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"word":' });
  assert.equal(badJson.status, 400);
  assert.equal(JSON.parse(badJson.body).error.kind, 'bad_argument');

  const check = await api(server.url, 'check_word', { word: 'qi', list: 'wordclub' });
  assert.equal(check.body.valid, true);
  const notAZ = await api(server.url, 'check_word', { word: 'e-mail', list: 'wordclub' });
  assert.equal(notAZ.status, 400);
  assert.equal(notAZ.body.error.kind, 'not_a_to_z');
});
