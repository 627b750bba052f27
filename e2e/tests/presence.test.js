// Presence, reconnecting and abandoned games in the browser: each player sees whether the other
// has the game open; a page whose network drops catches up by itself when it comes back; when a
// player leaves for good, the other claims the win after the wait.

import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { plyIs } from '../lib/boards.js';

let alice;
let bob;
before(async () => { [alice, bob] = await Promise.all([launchBrowser(), launchBrowser()]); });
after(async () => { await Promise.all([alice?.close(), bob?.close()]); });

/** A TCP relay to the server whose connections can be cut, as a network that drops. */
async function startRelay() {
  const target = new URL(process.env.QIPAN_URL);
  const open = new Set();
  let down = false;
  const server = net.createServer((client) => {
    if (down) { client.destroy(); return; }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const [a, b] of [[client, upstream], [upstream, client]]) {
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
    open.add(client);
    client.on('close', () => open.delete(client));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    drop() { down = true; for (const c of open) c.destroy(); },
    restore() { down = false; },
    close() { server.close(); for (const c of open) c.destroy(); },
  };
}

async function move(page, id, mv) {
  return page.evaluate(async ([gameId, m]) => {
    const game = await fetch(`/api/xiangqi/games/${gameId}`).then((r) => r.json());
    const r = await fetch(`/api/xiangqi/games/${gameId}/move`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ revision: game.revision, move: m }) });
    return r.status;
  }, [id, mv]);
}

test('presence shows, a dropped page catches up, and a left game is claimed', async () => {
  const red = await openPage(alice, '/xiangqi/', { locale: 'en-US', width: 1280, height: 800 });
  await red.waitForSelector('body[data-ready="true"]');
  await red.selectOption('#mode', 'friend');
  await red.click('#start');
  await red.waitForSelector('#invite-box:not([hidden])');
  const link = await red.inputValue('#invite-link');
  const id = Number(link.match(/game=(\d+)/)[1]);
  // Black reaches the server through a relay that can drop.
  const relay = await startRelay();
  const black = await openPage(bob, '/', { locale: 'zh-CN', width: 1280, height: 800 });
  await black.goto(link.replace(/^https?:\/\/[^/]+/, relay.url));
  await black.waitForSelector('body[data-ready="true"]');
  await red.waitForFunction(() => / · online$/.test(document.getElementById('top-player').textContent), null, { timeout: 5000 });
  await black.waitForFunction(() => / · 在线$/.test(document.getElementById('top-player').textContent), null, { timeout: 5000 });

  // Black's network drops; Red moves meanwhile; when it is back, Black's page shows the move by itself.
  relay.drop();
  await red.waitForFunction(() => / · offline$/.test(document.getElementById('top-player').textContent), null, { timeout: 5000 });
  assert.equal(await move(red, id, 'h2e2'), 200);
  await red.waitForTimeout(500);
  assert.equal(await black.getAttribute('#board', 'data-ply'), '0', 'the move has not reached the dropped page');
  relay.restore();
  await plyIs(black, 1, 10000);
  await black.waitForFunction(() => document.getElementById('status').textContent.startsWith('轮到你走棋'));

  // Black closes the game: Red is told, counts down and claims the win.
  await black.close();
  await red.waitForFunction(() => / · offline$/.test(document.getElementById('top-player').textContent), null, { timeout: 5000 });
  await red.waitForSelector('#claim:not([hidden])');
  await red.waitForSelector('#claim button:not([hidden])', { timeout: 5000 });
  assert.equal(await red.textContent('#claim p'), 'Your opponent left the game.');
  await screenshot(red, 'presence-claim-en');
  await red.click('#claim button');
  await red.waitForFunction(() => document.getElementById('status').textContent === 'Red wins · the opponent left the game', null, { timeout: 5000 });
  assert.equal(await red.isHidden('#claim'), true);
  relay.close();
});
