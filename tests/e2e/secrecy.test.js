// A scripted 3-player match through the command API (the same JSON the UI gets), recording
// every command response. Afterwards, knowing each player's real rack at every moment (a rack
// only changes on its owner's turn, so it is what that player reveals next), it checks that
// no response ever held a rack other than the one the player to move had just revealed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, api, wordclubWords } from './helpers.js';

let server;
before(async () => { server = await startServer({ seed: 5 }); });
after(async () => { await server?.stop(); });

// Every response, with the turn it belongs to and who (if anyone) revealed their rack in it.
const log = []; // {turn, mover, revealedBy, command, status, body}
let state = { turn: -1, mover: null, revealedBy: null };

async function send(command, args, { ok = true } = {}) {
  const { status, body } = await api(server.url, command, args);
  if (body && typeof body === 'object' && 'to_move' in body && 'covered' in body) {
    if (body.turn !== state.turn || body.to_move !== state.mover) {
      state = { turn: body.turn, mover: body.to_move, revealedBy: null };
    }
    if (command === 'reveal_rack') state.revealedBy = body.to_move;
  }
  log.push({ ...state, command, status, body });
  if (ok) assert.equal(status, 200, `${command}: ${JSON.stringify(body)}`);
  return body;
}

const letters = (rack) => rack.map((t) => (t.blank ? '?' : t.letter)).join('');

/** A legal play for `rack` found by asking the backend's preview (the test decides nothing). */
async function findPlay(id, view, rack) {
  const size = view.rules.board_size;
  const words = wordclubWords().filter((w) => w.length >= 2 && w.length <= 6);
  const fits = (word, extra) => {
    const left = [...rack, ...extra];
    return [...word].every((c) => { const i = left.indexOf(c); if (i < 0) return false; left.splice(i, 1); return true; });
  };
  const attempts = [];
  if (view.board.every((row) => row.every((sq) => !sq))) {
    const w = words.filter((x) => x.length <= 5 && fits(x, [])).sort((a, b) => b.length - a.length)[0];
    if (w) attempts.push([...w].map((letter, i) => ({ row: view.rules.star.row, col: view.rules.star.col - Math.floor((w.length - 1) / 2) + i, letter })));
  } else {
    // Through one board tile: the word's letter k sits on it, the rest are new tiles.
    for (let r = 0; r < size && attempts.length < 40; r++) {
      for (let c = 0; c < size && attempts.length < 40; c++) {
        const on = view.board[r][c];
        if (!on) continue;
        for (const w of words) {
          if (attempts.length >= 40) break;
          if (!w.includes(on.letter) || !fits(w, [on.letter])) continue;
          const k = w.indexOf(on.letter);
          for (const [dr, dc] of [[0, 1], [1, 0]]) {
            const cells = [...w].map((letter, i) => ({ row: r + dr * (i - k), col: c + dc * (i - k), letter }));
            if (cells.some((t) => t.row < 0 || t.col < 0 || t.row >= size || t.col >= size)) continue;
            const placed = cells.filter((t) => !view.board[t.row][t.col]);
            if (placed.length !== w.length - 1) continue;
            attempts.push(placed);
          }
        }
      }
    }
  }
  for (const tiles of attempts) {
    const p = await send('preview', { match_id: id, tiles: tiles.map((t) => ({ ...t, blank: false })) });
    if (p.legal) return tiles.map((t) => ({ ...t, blank: false }));
  }
  return null;
}

test('a scripted 3-player match never sends a hidden rack', async () => {
  let view = await send('new_match', {
    rules: 'wordclub-1.0', players: [{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cat' }],
  });
  const id = view.id;
  assert.equal(view.rack, null, 'a new match starts behind the cover');
  // Refused: acting before revealing, acting with a hidden rack, resigning unconfirmed.
  let refused = await send('preview', { match_id: id, tiles: [{ row: 4, col: 4, letter: 'A' }] }, { ok: false });
  assert.equal(refused.error.kind, 'rack_hidden');
  refused = await send('pass', { match_id: id }, { ok: false });
  assert.equal(refused.error.kind, 'rack_hidden');

  let plays = 0;
  for (let step = 0; step < 60 && !view.over; step++) {
    view = await send('match_view', { match_id: id });
    assert.equal(view.rack, null, 'the next player is behind the cover');
    view = await send('reveal_rack', { match_id: id });
    const rack = view.rack.map((t) => t.letter);
    if (step === 1) await send('hint', { match_id: id }); // words from the rack: assistance
    if (step >= 6 && view.to_move === 2 && !view.players[2].resigned) {
      refused = await send('resign', { match_id: id }, { ok: false });
      assert.equal(refused.error.kind, 'confirmation_required');
      view = await send('resign', { match_id: id, confirm: true });
      continue;
    }
    const tiles = step < 9 ? await findPlay(id, view, rack) : null;
    if (tiles) {
      view = await send('play', { match_id: id, tiles });
      plays++;
    } else if (view.can.exchange && step < 9) {
      view = await send('exchange', { match_id: id, tiles: [rack[0]] });
    } else {
      view = await send('pass', { match_id: id });
    }
  }
  assert.ok(view.over, 'the match ended');
  assert.ok(plays >= 2, `at least two words were played (${plays})`);
  await send('match_list', {});

  // What each seat revealed, in order: [{index in log, turn, rack}].
  const reveals = log.map((e, i) => ({ ...e, i })).filter((e) => e.command === 'reveal_rack');
  const rackOf = (seat, i) => {
    // A seat's rack at log index i = the rack it reveals next (it changes only on its turn).
    const next = reveals.find((e) => e.i >= i && e.body.to_move === seat);
    return next ? letters(next.body.rack) : null;
  };

  for (const [i, entry] of log.entries()) {
    // 1. Structure: a rack appears only as the top-level `rack` of a view, only once the player
    //    to move revealed it this turn, and it is theirs.
    walk(entry.body, [], (path, key, value) => {
      if (/rack/i.test(key) && !(key === 'rack_count' || key === 'rack_size')) {
        assert.deepEqual(path, [], `a rack field deep in ${entry.command}: ${[...path, key].join('.')}`);
        if (value !== null) {
          assert.equal(entry.revealedBy, entry.body.to_move, `${entry.command} #${i} holds a rack nobody revealed`);
        }
      }
    });
    // 2. Content: no other player's rack, and the mover's only after they revealed it.
    for (let seat = 0; seat < 3; seat++) {
      if (seat === entry.revealedBy) continue;
      const rack = rackOf(seat, i);
      if (!rack || rack.length < 5) continue;
      const sorted = [...rack].sort().join('');
      walkLetters(entry.body, (text) => {
        assert.notEqual([...text].sort().join(''), sorted, `${entry.command} #${i} holds seat ${seat}'s hidden rack ${rack}`);
      });
    }
  }
  assert.ok(log.length > 30, `many responses recorded (${log.length})`);
});

function walk(value, path, visit) {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], visit));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) { visit(path, k, v); walk(v, [...path, k], visit); }
  }
}

/** Calls `visit` with every string and every array of tiles/letters, as letter text. */
function walkLetters(value, visit) {
  if (typeof value === 'string') visit(value.toUpperCase());
  else if (Array.isArray(value)) {
    const asLetters = value.map((v) => (typeof v === 'string' && v.length === 1 ? v : v?.letter ?? null));
    if (value.length && asLetters.every((l) => typeof l === 'string' && l.length === 1)) visit(asLetters.join('').toUpperCase());
    value.forEach((v) => walkLetters(v, visit));
  } else if (value && typeof value === 'object') Object.values(value).forEach((v) => walkLetters(v, visit));
}
